/// A compiled gettext catalogue (a `.mo` file, as `msgfmt` writes it): the
/// translations of one language, keyed by the English source string (gettext's msgid, with
/// its msgctxt where a word means two things), with plural forms and their rule. Read
/// without libintl: glibc's `gettext` translates only when the locale itself is installed,
/// and a kiosk image often has C.UTF-8 alone; the files stay the standard ones every
/// translation tool reads and writes.
public struct MessageCatalog: Equatable, Sendable {
    /// msgid (with "context\u{4}" before it where it has one) → the forms (one without plurals).
    public private(set) var messages: [String: [String]]
    public let plural: PluralRule
    /// The header's Language: ("zh_CN"), if given.
    public let language: String?

    public init(messages: [String: [String]], plural: PluralRule = .english, language: String? = nil) {
        self.messages = messages; self.plural = plural; self.language = language
    }

    static let magic: UInt32 = 0x9504_12de

    /// Reads a `.mo` file's bytes: a clear reason when they are not one.
    public static func parse(_ bytes: [UInt8]) -> Result<MessageCatalog, CatalogError> {
        guard bytes.count >= 28 else { return .failure(CatalogError("too short for a .mo file (\(bytes.count) bytes)")) }
        func word(_ at: Int, bigEndian: Bool) -> UInt32? {
            guard at >= 0, at + 4 <= bytes.count else { return nil }
            let b = bytes[at..<at + 4].map(UInt32.init)
            return bigEndian ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
        }
        let big: Bool
        if word(0, bigEndian: false) == magic { big = false }
        else if word(0, bigEndian: true) == magic { big = true }
        else { return .failure(CatalogError("not a .mo file (its first four bytes are not gettext's magic number)")) }
        guard let revision = word(4, bigEndian: big), revision >> 16 <= 1 else {
            return .failure(CatalogError("a .mo revision this reader does not know"))
        }
        guard let n = word(8, bigEndian: big), let originals = word(12, bigEndian: big), let translations = word(16, bigEndian: big),
              Int(n) <= bytes.count / 16 else {
            return .failure(CatalogError("its string count does not fit the file"))
        }
        func string(table: UInt32, index: Int) -> [UInt8]? {
            let entry = Int(table) + index * 8
            guard let length = word(entry, bigEndian: big), let offset = word(entry + 4, bigEndian: big) else { return nil }
            let start = Int(offset), end = start + Int(length)
            guard end <= bytes.count, start <= end else { return nil }
            return Array(bytes[start..<end])
        }
        var messages: [String: [String]] = [:]
        var header = ""
        for i in 0..<Int(n) {
            guard let id = string(table: originals, index: i), let text = string(table: translations, index: i) else {
                return .failure(CatalogError("string \(i + 1) of \(n) points outside the file"))
            }
            guard let idText = String(validating: id, as: UTF8.self), let strText = String(validating: text, as: UTF8.self) else {
                return .failure(CatalogError("string \(i + 1) of \(n) is not UTF-8 (the catalogue must say charset=UTF-8)"))
            }
            // A plural entry's msgid is "singular\0plural": it is found by its singular.
            let key = String(idText.split(separator: "\0", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            let forms = strText.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
            if key.isEmpty { header = strText; continue }
            // An untranslated entry (an empty msgstr, or a fuzzy one msgfmt left out) is not kept.
            guard forms.contains(where: { !$0.isEmpty }) else { continue }
            messages[key] = forms
        }
        var rule = PluralRule.english
        var language: String?
        for line in header.split(separator: "\n") {
            if line.hasPrefix("Plural-Forms:") {
                switch PluralRule.parse(String(line.dropFirst("Plural-Forms:".count))) {
                case .success(let r): rule = r
                case .failure(let why): return .failure(why)
                }
            }
            if line.hasPrefix("Language:") { language = line.dropFirst("Language:".count).trimmingSpaces }
            if line.hasPrefix("Content-Type:"), !line.lowercased().contains("charset=utf-8") {
                return .failure(CatalogError("its header says \(line.trimmingSpaces); only UTF-8 catalogues are read"))
            }
        }
        return .success(MessageCatalog(messages: messages, plural: rule, language: language))
    }

    /// The translation of `key` (in `context`), or nil.
    public func translation(_ key: String, context: String? = nil) -> String? {
        messages[context.map { $0 + "\u{4}" + key } ?? key]?.first
    }

    /// The form of `key`'s translation for `count`, or nil.
    public func translation(_ key: String, count: Int, context: String? = nil) -> String? {
        guard let forms = messages[context.map { $0 + "\u{4}" + key } ?? key] else { return nil }
        let form = plural.form(for: count)
        return form < forms.count && !forms[form].isEmpty ? forms[form] : nil
    }
}
