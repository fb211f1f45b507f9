/// Fills a localised string's placeholders, as Foundation's `String(format:)` does
/// for the catalogues iOS apps ship: `%@` takes the next argument, `%1$@` a numbered one (a
/// translation can put them in its own order), `%lld` and `%d` are taken as `%@` (arguments
/// arrive formatted for the locale already), `%%` is a percent sign. A placeholder with no
/// argument stays as written: a catalogue's mistake shows, it does not crash.
public enum LocalizedFormat {
    public static func apply(_ format: String, _ arguments: [String]) -> String {
        guard format.contains("%") else { return format }
        var out = ""
        var next = 0
        var chars = Substring(format)
        while let percent = chars.firstIndex(of: "%") {
            out += chars[..<percent]
            var rest = chars[chars.index(after: percent)...]
            if rest.first == "%" { out += "%"; chars = rest.dropFirst(); continue }
            var index: Int?
            let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
            if !digits.isEmpty, rest.dropFirst(digits.count).first == "$" {
                // A position past any argument list (or past Int) stays as written.
                index = Int(digits).map { $0 - 1 } ?? -1
                rest = rest.dropFirst(digits.count + 1)
            }
            let spec: Substring
            if rest.hasPrefix("@") { spec = rest.prefix(1) }
            else if rest.hasPrefix("lld") { spec = rest.prefix(3) }
            else if rest.hasPrefix("ld") { spec = rest.prefix(2) }
            else if rest.hasPrefix("d") { spec = rest.prefix(1) }
            else { out += "%"; chars = chars[chars.index(after: percent)...]; continue }
            let i = index ?? next
            if index == nil { next += 1 }
            if i >= 0, i < arguments.count { out += arguments[i] } else { out += chars[percent..<spec.endIndex] }
            chars = rest[spec.endIndex...]
        }
        return out + chars
    }
}
