// MissingGlyphs: a character no installed font can draw (it comes out as a box) is said once per
// writing system, naming the character and the text it was in, so an operator learns which
// fonts their data needs. Heard when a line is first cut into pieces, never per frame.
import FlingCore

struct MissingGlyphs {
    /// Writing systems already reported.
    private var reported: Set<String> = []

    /// The writing system's name for a character no font has: its script, or its code point
    /// where the script is not one a person would name.
    static func script(of u: Unicode.Scalar) -> String {
        let system = WritingSystem.of(u)
        return system == .common ? "U+" + String(u.value, radix: 16, uppercase: true) : system.displayName
    }

    /// The line to log for `u` missing in `text`, or nil when its system was said already
    /// (or it is a mark or format character, which has no box of its own).
    mutating func report(_ u: Unicode.Scalar, in text: String) -> String? {
        guard u.value > 0x7F, u.properties.generalCategory != .format, u.properties.generalCategory != .nonspacingMark else { return nil }
        let system = Self.script(of: u)
        guard reported.insert(system).inserted else { return nil }
        let sample = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return "text in \(system) is drawn as boxes: no installed font has a glyph for U+\(String(u.value, radix: 16, uppercase: true)) (in \"\(sample)\"); install a font that has it (Debian: fonts-noto-core, fonts-noto-cjk, fonts-noto-color-emoji)"
    }
}
