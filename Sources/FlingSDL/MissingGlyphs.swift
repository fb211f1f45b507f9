// MissingGlyphs: text the bundled fonts cannot draw (Arabic, Hebrew, emoji … come out as boxes)
// is said once per writing system, naming a character and the text it was in (issue 29: boxes
// with no word). Checked when a run is rasterised for the first time, not per frame.
import CSDL2
import CSDL2TTF

struct MissingGlyphs {
    /// Writing systems already reported.
    private var reported: Set<String> = []

    /// The writing system of a character the fonts lack, by Unicode block (coarse: enough to
    /// tell a kiosk operator what their data needs).
    static func script(of u: Unicode.Scalar) -> String {
        switch u.value {
        case 0x0590...0x05FF, 0xFB1D...0xFB4F: return "Hebrew"
        case 0x0600...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return "Arabic"
        case 0x0900...0x097F: return "Devanagari"
        case 0x0E00...0x0E7F: return "Thai"
        case 0x3040...0x30FF: return "Japanese kana"
        case 0x4E00...0x9FFF, 0x3400...0x4DBF: return "CJK ideographs"
        case 0xAC00...0xD7AF: return "Hangul"
        case 0x1F000...0x1FAFF, 0x2600...0x27BF: return "emoji and symbols"
        default: return "U+" + String(u.value, radix: 16, uppercase: true)
        }
    }

    /// Checks `text` against `font`; returns the lines to log (at most one per new system).
    mutating func check(_ text: String, font: OpaquePointer) -> [String] {
        var out: [String] = []
        for u in text.unicodeScalars where u.value > 0x7F && u.properties.generalCategory != .format
            && u.properties.generalCategory != .nonspacingMark {
            guard TTF_GlyphIsProvided32(font, u.value) == 0 else { continue }
            let system = Self.script(of: u)
            guard reported.insert(system).inserted else { continue }
            let sample = text.count > 40 ? String(text.prefix(40)) + "…" : text
            out.append("text in \(system) is drawn as boxes: the fonts have no glyph for U+\(String(u.value, radix: 16, uppercase: true)) (in \"\(sample)\"); use a font that has it")
        }
        return out
    }
}
