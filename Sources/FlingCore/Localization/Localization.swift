/// The language the app speaks: the catalogue of the user's language (none:
/// English, the source), its writing direction, and its digits. The UI resolves every
/// `LocalizedStringKey` through it; tests use the pseudo-language, which brackets each string
/// so that text drawn without going through a catalogue shows.
public struct Localization: Equatable, Sendable {
    public let catalog: MessageCatalog?
    /// The catalogue's name ("zh_CN", "ar"), or "en".
    public let language: String
    /// Every string is wrapped in brackets: "[Restaurants]".
    public let pseudo: Bool

    public static let english = Localization(catalog: nil, language: "en")
    public static let pseudoLanguage = Localization(catalog: nil, language: "en", pseudo: true)

    /// In the pseudo-language, the keys the template has (fling.pot's msgids): a string
    /// looked up by any other key is wrapped in "⟦…⟧" instead, so a string the extractor
    /// missed (and no translator will ever see) shows as surely as one never looked up.
    public var pseudoKnownKeys: Set<String>?

    public init(catalog: MessageCatalog?, language: String, pseudo: Bool = false) {
        self.catalog = catalog; self.language = language; self.pseudo = pseudo
    }

    /// The language without its territory ("zh", "ar").
    public var base: String { String(language.prefix { $0 != "_" }) }
    /// Arabic, Hebrew, Persian and Urdu are written right to left.
    public var isRightToLeft: Bool { ["ar", "he", "fa", "ur"].contains(base) }

    /// `key` in this language.
    public func string(_ key: String, context: String? = nil) -> String {
        wrap(catalog?.translation(key, context: context) ?? key, key: key)
    }

    /// `key` with its placeholders filled (`%@`, `%1$@`).
    public func string(_ key: String, _ arguments: [String], context: String? = nil) -> String {
        wrap(LocalizedFormat.apply(catalog?.translation(key, context: context) ?? key, arguments), key: key)
    }

    /// The form of `key` for `count` (its plural `other` is English's second form), filled.
    public func plural(_ key: String, other: String, count: Int, _ arguments: [String]) -> String {
        let english = PluralRule.english.form(for: count) == 0 ? key : other
        return wrap(LocalizedFormat.apply(catalog?.translation(key, count: count) ?? english, arguments), key: key)
    }

    /// A whole number in the digits the language reads: Arabic's own (٠١٢…), as iOS shows
    /// them in Arabic; Western elsewhere.
    public func number(_ n: Int, grouped: Bool = false) -> String {
        var plain = String(n.magnitude), out = ""
        // Thousands grouped with the language's separator (Arabic's is its own, U+066C).
        if grouped {
            while plain.count > 3 { out = (base == "ar" ? "\u{066C}" : ",") + plain.suffix(3) + out; plain.removeLast(3) }
        }
        return digits((n < 0 ? "-" : "") + plain + out)
    }

    /// `text` with its Western digits in the language's own (a date strftime wrote).
    public func digits(_ text: String) -> String {
        guard base == "ar" else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { s in
            (48...57).contains(s.value) ? Unicode.Scalar(0x0660 + s.value - 48) ?? s : s
        }))
    }

    private func wrap(_ s: String, key: String) -> String {
        guard pseudo, !s.isEmpty else { return s }
        // "%@" alone is a number in the language's digits, not a catalogue string.
        if let known = pseudoKnownKeys, key != "%@", !known.contains(key) { return "⟦" + s + "⟧" }
        return "[" + s + "]"
    }
}

/// A string to show in the user's language, as SwiftUI's: a literal given to `Text`, a
/// button's title or an accessibility label is its key, the English source; `\(…)` in it
/// becomes a `%@` placeholder filled with what was interpolated ("Trial %@ of %@"), numbers
/// in the language's digits.
public struct LocalizedStringKey: Equatable, Sendable, ExpressibleByStringInterpolation {
    public enum Argument: Equatable, Sendable { case text(String), integer(Int) }
    public let key: String
    public let arguments: [Argument]

    public init(_ key: String) { self.key = key; arguments = [] }
    /// A number alone, in the language's digits (not looked up in the catalogue).
    public init(number: Int) { key = "%@"; arguments = [.integer(number)] }
    public init(stringLiteral value: String) { key = value; arguments = [] }
    public init(stringInterpolation: StringInterpolation) {
        key = stringInterpolation.key; arguments = stringInterpolation.arguments
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var key = ""
        var arguments: [Argument] = []
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { key += literal.replacing("%", with: "%%") }
        public mutating func appendInterpolation(_ s: String) { key += "%@"; arguments.append(.text(s)) }
        public mutating func appendInterpolation(_ n: Int) { key += "%@"; arguments.append(.integer(n)) }
    }

    /// The string in `localization`'s language.
    public func resolved(_ localization: Localization) -> String {
        // A literal without interpolations keeps its "%" as written (only interpolated keys
        // escape theirs): no copy of the key on every build of a `Text`.
        guard !arguments.isEmpty else { return localization.string(key) }
        return localization.string(key, arguments.map { a in
            switch a {
            case .text(let s): s
            case .integer(let n): localization.number(n)
            }
        })
    }
}

/// How `Text(_:format:)` shows a whole number; `.number` is the only form (SwiftUI's
/// `IntegerFormatStyle.number`), in the language's digits.
public enum IntegerFormat: Sendable { case number }
