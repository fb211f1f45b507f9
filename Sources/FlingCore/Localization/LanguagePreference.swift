/// Which catalogue a user's language asks for, as on any Linux desktop: `--language`
/// first, else gettext's order: `LANGUAGE` (a colon-separated list, honoured unless the locale
/// is C or POSIX, as glibc does), then `LC_ALL`, `LC_MESSAGES`, `LANG`. A locale name
/// ("zh_TW.UTF-8@mod") is tried whole, then without its territory. iOS's own codes are taken
/// too (zh-Hans, zh-Hant, pt-BR), and Chinese finds its script's catalogue from a territory
/// (zh_HK and zh_MO write traditional characters, zh_SG simplified).
public enum LanguagePreference {
    /// The catalogues to try, best first (their folder names under share/locale), and the
    /// language asked for (nil: none, or the C locale: English).
    public static func candidates(environment: [String: String], override: String? = nil) -> (names: [String], asked: String?) {
        var asked: [String] = []
        if let override, !override.isEmpty {
            asked = [override]
        } else {
            let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
            // glibc ignores LANGUAGE only in the C locale itself: C.UTF-8 (a kiosk's usual
            // locale) with LANGUAGE=zh_CN speaks Chinese.
            let plain = locale.map { $0 == "C" || $0 == "POSIX" } ?? true
            if !plain, let list = environment["LANGUAGE"], !list.isEmpty {
                asked = list.split(separator: ":").map(String.init)
            }
            if let locale, !plain { asked.append(locale) }
        }
        var names: [String] = []
        for a in asked {
            for n in Self.names(for: a) where !names.contains(n) { names.append(n) }
        }
        return (names, asked.first)
    }

    /// "zh_TW.UTF-8" → zh_TW, zh; "zh-Hant" → zh_TW; "zh_HK" → zh_HK, zh_TW, zh; "ar_EG" → ar_EG, ar.
    public static func names(for asked: String) -> [String] {
        var s = Substring(asked)
        if let at = s.firstIndex(of: "@") { s = s[..<at] }
        if let dot = s.firstIndex(of: ".") { s = s[..<dot] }
        let parts = s.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard let first = parts.first?.lowercased(), !first.isEmpty, first != "c", first != "posix" else { return [] }
        let rest = parts.dropFirst().map { $0 }
        if first == "en" { return ["en"] }
        if first == "zh" {
            // An explicit script decides (zh-Hans-HK is simplified); else the territory.
            let lower = rest.map { $0.lowercased() }
            let traditional = lower.contains("hant") || (!lower.contains("hans") && lower.contains { ["tw", "hk", "mo"].contains($0) })
            let region = rest.first { $0.count == 2 }.map { "zh_" + $0.uppercased() }
            var out: [String] = []
            if let region { out.append(region) }
            out.append(traditional ? "zh_TW" : "zh_CN")
            out.append("zh")
            return out.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        }
        let language = first == "iw" ? "he" : first
        if let region = rest.first(where: { $0.count == 2 }) { return [language + "_" + region.uppercased(), language] }
        return [language]
    }
}
