/// A panel mounted another way round (`--rotate`, kiosks). Layout always sees the window as
/// intended (W×H); the frame is turned clockwise by `degrees` on output, so the panel shows
/// an H×W image for 90 and 270. Panel coordinates (touch, mouse, scripts) are mapped back to
/// layout coordinates here and nowhere else.
public enum Rotation: Int, CaseIterable, Equatable, Sendable {
    case none = 0, quarter = 90, half = 180, threeQuarters = 270

    public var degrees: Int { rawValue }
    public var swapsAxes: Bool { self == .quarter || self == .threeQuarters }

    /// The panel's size (what the output shows) for a layout size.
    public func panelSize(layout s: Size) -> Size { swapsAxes ? Size(s.height, s.width) : s }
    /// The layout size for a panel size.
    public func layoutSize(panel s: Size) -> Size { swapsAxes ? Size(s.height, s.width) : s }

    /// A point on the panel (pt, origin top-left of the panel as mounted) in layout pt.
    public func layoutPoint(fromPanel p: Point, panel: Size) -> Point {
        switch self {
        case .none: return p
        case .quarter: return Point(p.y, panel.width - p.x)
        case .half: return Point(panel.width - p.x, panel.height - p.y)
        case .threeQuarters: return Point(panel.height - p.y, p.x)
        }
    }

    /// A layout rect on the turned panel (accessibility extents: where the element is seen).
    public func panelRect(fromLayout r: Rect, layout: Size) -> Rect {
        let a = panelPoint(fromLayout: Point(r.minX, r.minY), layout: layout)
        let b = panelPoint(fromLayout: Point(r.maxX, r.maxY), layout: layout)
        return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }

    /// The inverse: a layout point on the panel.
    public func panelPoint(fromLayout p: Point, layout: Size) -> Point {
        switch self {
        case .none: return p
        case .quarter: return Point(layout.height - p.y, p.x)
        case .half: return Point(layout.width - p.x, layout.height - p.y)
        case .threeQuarters: return Point(p.y, layout.width - p.x)
        }
    }

    /// For output pixel (ox, oy) of the rotated image, the source pixel in the unrotated
    /// `width`×`height` frame.
    @inline(__always)
    public func sourcePixel(_ ox: Int, _ oy: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .none: return (ox, oy)
        case .quarter: return (oy, height - 1 - ox)
        case .half: return (width - 1 - ox, height - 1 - oy)
        case .threeQuarters: return (width - 1 - oy, ox)
        }
    }
}

extension RGBAImage {
    /// This image turned clockwise by `rotation` (H×W for 90 and 270).
    public func rotated(_ rotation: Rotation) -> RGBAImage {
        if rotation == .none { return self }
        let ow = rotation.swapsAxes ? height : width, oh = rotation.swapsAxes ? width : height
        var out = [UInt8](repeating: 0, count: ow * oh * 4)
        for oy in 0..<oh {
            for ox in 0..<ow {
                let s = rotation.sourcePixel(ox, oy, width: width, height: height)
                let si = (s.y * width + s.x) * 4, di = (oy * ow + ox) * 4
                out[di] = pixels[si]; out[di + 1] = pixels[si + 1]; out[di + 2] = pixels[si + 2]; out[di + 3] = pixels[si + 3]
            }
        }
        return RGBAImage(width: ow, height: oh, pixels: out)
    }
}
