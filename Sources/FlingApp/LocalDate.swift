// LocalDate: the Today scene's date line in the user's language: the catalogue's
// strftime pattern ("%-m月%-d日 %A"), filled by glibc from the locale's own LC_TIME names,
// in the language's digits; English when no such locale is installed, said in one line.
import FlingCore
import Glibc

enum LocalDate {
    /// The App Store's date line as iOS writes it in `strings`' language ("Tuesday, Dec 1",
    /// "12月1日 星期二", "الثلاثاء، ١ ديسمبر"), and a line for the log when the names had to
    /// be English.
    ///
    /// glibc's locales have no month-and-day pattern (D_FMT always has the year), so the
    /// pattern is a catalogue string, translated as GNOME's apps translate theirs; the weekday
    /// and month names and their forms come from the locale's LC_TIME through `strftime_l`.
    static func headline(_ day: CalendarDay, strings: Localization, environment: [String: String]) -> (text: String, info: String?) {
        let pattern = strings.string("%A, %b %-d", context: "Today's date line: a strftime pattern")
        var info: String?
        var locale: locale_t?
        if strings.base != "en" {
            for name in localeNames(strings: strings, environment: environment) {
                if let l = newlocale(LC_CTYPE_MASK | LC_TIME_MASK, name, nil) {
                    if String(cString: nl_langinfo_l(nl_item(CODESET), l)) == "UTF-8" { locale = l; break }
                    freelocale(l)
                }
            }
            if locale == nil {
                info = "the date line is in English: no \(strings.language) locale is installed for its weekday and month names (Debian: dpkg-reconfigure locales)"
            }
        }
        let english = locale == nil
        let used = locale ?? newlocale(LC_TIME_MASK, "C", nil)
        defer { if let used { freelocale(used) } }
        var t = tm()
        t.tm_year = Int32(day.year - 1900); t.tm_mon = Int32(day.month - 1); t.tm_mday = Int32(day.day)
        t.tm_wday = Int32(day.weekday)
        var text = format(english && strings.base != "en" ? "%A, %b %-d" : pattern, t, used)
        // A pattern strftime cannot fill (too long, or empty) gives the English line.
        if text.isEmpty { text = format("%A, %b %-d", t, used) }
        return (strings.digits(text), info)
    }

    /// The locales to take the names from, best first: the user's own (LC_ALL, LC_TIME,
    /// LANG) where it is of the same language and script, then the catalogue's
    /// ("zh_TW.UTF-8"), then its language's usual territory (ar → ar_EG).
    static func localeNames(strings: Localization, environment: [String: String]) -> [String] {
        var out: [String] = []
        for v in ["LC_ALL", "LC_TIME", "LANG"] {
            guard let value = environment[v], !value.isEmpty else { continue }
            if LanguagePreference.names(for: value).contains(strings.language) { out.append(value) }
            break
        }
        let usual = ["zh": "zh_CN", "ar": "ar_EG", "he": "he_IL", "ja": "ja_JP", "ko": "ko_KR"]
        for n in [strings.language, usual[strings.base]].compactMap({ $0 }) where n.contains("_") {
            out += [n + ".UTF-8", n + ".utf8"]
        }
        return out.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    private static func format(_ pattern: String, _ t: tm, _ locale: locale_t?) -> String {
        var t = t
        var buffer = [CChar](repeating: 0, count: 256)
        let n = buffer.withUnsafeMutableBufferPointer { b in
            locale.map { strftime_l(b.baseAddress, b.count, pattern, &t, $0) } ?? strftime(b.baseAddress, b.count, pattern, &t)
        }
        guard n > 0 else { return "" }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
