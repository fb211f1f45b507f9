// DisplayScale: the UI scale a screen asks for when --scale is absent, and where it came from:
// X11's Xft.dpi (what desktops set for HiDPI), the display's physical DPI, the X screen's.

/// The UI scale for a physical DPI: 96 dpi is scale 1 (the X11 and Windows convention), in
/// quarter steps so that text stays on whole pixels at common densities, 1…4.
public enum DisplayScale {
    public static func fromDPI(_ dpi: Double) -> Double {
        guard dpi.isFinite, dpi > 0 else { return 1 }
        return max(1, min(4, (dpi / 96 * 4).rounded() / 4))
    }

    /// What the X server says of its default screen.
    public struct Screen: Equatable, Sendable {
        /// The RESOURCE_MANAGER property's text (nil when unset).
        public var resources: String?
        public var widthPixels: Int
        public var widthMillimetres: Int

        public init(resources: String?, widthPixels: Int, widthMillimetres: Int) {
            self.resources = resources
            self.widthPixels = widthPixels
            self.widthMillimetres = widthMillimetres
        }
    }

    /// `Xft.dpi` from X resources text ("Xft.dpi:\t192"), nil when absent or not a positive
    /// number. The last line wins, as in Xrm.
    public static func xftDPI(resources: String) -> Double? {
        var found: Double?
        for line in resources.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, trimmed(parts[0]) == "Xft.dpi" else { continue }
            if let v = Double(trimmed(parts[1])), v.isFinite, v > 0 { found = v }
        }
        return found
    }

    /// The scale and a phrase naming its source, for the log. In order: `Xft.dpi` (the user's
    /// or the desktop's choice), the display's DPI from its physical size (SDL: RandR's output,
    /// the KMS connector), the X screen's width over its millimetres, else 1.
    public static func decide(screen: Screen?, displayDPI: Double?) -> (scale: Double, source: String) {
        if let resources = screen?.resources, let dpi = xftDPI(resources: resources) {
            return (fromDPI(dpi), "Xft.dpi \(text(dpi)) in the X resources")
        }
        if let dpi = displayDPI, dpi.isFinite, dpi > 0 {
            return (fromDPI(dpi), "the display's physical size (\(text(dpi)) dpi)")
        }
        if let s = screen, s.widthPixels > 0, s.widthMillimetres > 0 {
            let dpi = Double(s.widthPixels) / (Double(s.widthMillimetres) / 25.4)
            return (fromDPI(dpi), "the X screen's physical size (\(text(dpi)) dpi)")
        }
        return (1, "no DPI known")
    }

    /// "2", "1.75", "192", "141.2": a scale or DPI for the log (two decimals at most).
    public static func text(_ v: Double) -> String {
        let hundredths = Int((v * 100).rounded())
        var s = String(hundredths / 100)
        let frac = hundredths % 100
        if frac != 0 { s += "." + (frac < 10 ? "0\(frac)" : (frac % 10 == 0 ? String(frac / 10) : String(frac))) }
        return s
    }

    private static func trimmed(_ s: Substring) -> Substring {
        s.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed().reduce(into: "") { $0.append($1) }[...]
    }
}
