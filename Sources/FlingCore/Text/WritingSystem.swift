// WritingSystem: which script a character is written in, coarsely by Unicode block: enough to
// tell the shaper (HarfBuzz takes an ISO 15924 tag per run, and Arabic, Indic and Thai shaping
// depend on it) and to name a script in a warning. Characters of no one script (digits,
// spaces, punctuation, emoji) are `.common`: they take the script of the text around them.
public enum WritingSystem: String, Sendable, CaseIterable {
    case latin, greek, cyrillic, armenian, hebrew, arabic, syriac, thaana, nko, samaritan, mandaic,
         devanagari, bengali, gurmukhi, gujarati, odia, tamil, telugu, kannada, malayalam, sinhala,
         thai, lao, tibetan, myanmar, georgian, hangul, ethiopic, cherokee, canadianSyllabics,
         mongolian, taiTham, balinese, javanese, tifinagh, khmer, hiragana, katakana, han, emoji, common

    /// The ISO 15924 tag HarfBuzz shapes by ("Zyyy" for common: the shaper takes the run's).
    public var isoCode: String {
        switch self {
        case .latin: "Latn"
        case .greek: "Grek"
        case .cyrillic: "Cyrl"
        case .armenian: "Armn"
        case .hebrew: "Hebr"
        case .arabic: "Arab"
        case .syriac: "Syrc"
        case .thaana: "Thaa"
        case .nko: "Nkoo"
        case .samaritan: "Samr"
        case .mandaic: "Mand"
        case .odia: "Orya"
        case .cherokee: "Cher"
        case .canadianSyllabics: "Cans"
        case .mongolian: "Mong"
        case .taiTham: "Lana"
        case .balinese: "Bali"
        case .javanese: "Java"
        case .tifinagh: "Tfng"
        case .devanagari: "Deva"
        case .bengali: "Beng"
        case .gurmukhi: "Guru"
        case .gujarati: "Gujr"
        case .tamil: "Taml"
        case .telugu: "Telu"
        case .kannada: "Knda"
        case .malayalam: "Mlym"
        case .sinhala: "Sinh"
        case .thai: "Thai"
        case .lao: "Laoo"
        case .tibetan: "Tibt"
        case .myanmar: "Mymr"
        case .georgian: "Geor"
        case .hangul: "Hang"
        case .ethiopic: "Ethi"
        case .khmer: "Khmr"
        case .hiragana: "Hira"
        case .katakana: "Kana"
        case .han: "Hani"
        case .emoji, .common: "Zyyy"
        }
    }

    /// The name a person reads in a warning ("text in Arabic is drawn as boxes").
    public var displayName: String {
        switch self {
        case .han: "CJK ideographs"
        case .hiragana, .katakana: "Japanese kana"
        case .emoji: "emoji and symbols"
        case .common: "symbols"
        case .nko: "N'Ko"
        case .canadianSyllabics: "Canadian syllabics"
        case .taiTham: "Tai Tham"
        default: String(rawValue.prefix(1)).uppercased() + rawValue.dropFirst()
        }
    }

    /// The script of `u` by its block.
    public static func of(_ u: Unicode.Scalar) -> WritingSystem {
        let v = u.value
        switch v {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF, 0xAB30...0xAB6F, 0xFF21...0xFF3A, 0xFF41...0xFF5A:
            return v == 0xD7 || v == 0xF7 ? .common : .latin
        case 0x370...0x3FF, 0x1F00...0x1FFF: return .greek
        case 0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: return .cyrillic
        case 0x530...0x58F: return .armenian
        case 0x591...0x5FF, 0xFB1D...0xFB4F: return .hebrew
        case 0x600...0x6FF, 0x750...0x77F, 0x870...0x8FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF:
            // Arabic's own comma, semicolon and question mark, and its digits, are still Arabic.
            return .arabic
        case 0x700...0x74F, 0x860...0x86F: return .syriac
        case 0x780...0x7BF: return .thaana
        case 0x7C0...0x7FF: return .nko
        case 0x800...0x83F: return .samaritan
        case 0x840...0x85F: return .mandaic
        case 0x900...0x97F, 0xA8E0...0xA8FF: return .devanagari
        case 0x980...0x9FF: return .bengali
        case 0xA00...0xA7F: return .gurmukhi
        case 0xA80...0xAFF: return .gujarati
        case 0xB00...0xB7F: return .odia
        case 0xB80...0xBFF: return .tamil
        case 0xC00...0xC7F: return .telugu
        case 0xC80...0xCFF: return .kannada
        case 0xD00...0xD7F: return .malayalam
        case 0xD80...0xDFF: return .sinhala
        case 0xE00...0xE7F: return .thai
        case 0xE80...0xEFF: return .lao
        case 0xF00...0xFFF: return .tibetan
        case 0x1000...0x109F: return .myanmar
        case 0x10A0...0x10FF, 0x2D00...0x2D2F: return .georgian
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xFFA0...0xFFDC: return .hangul
        case 0x1200...0x139F, 0x2D80...0x2DDF: return .ethiopic
        case 0x13A0...0x13FF, 0xAB70...0xABBF: return .cherokee
        case 0x1400...0x167F, 0x18B0...0x18FF: return .canadianSyllabics
        case 0x1800...0x18AF: return .mongolian
        case 0x1A20...0x1AAF: return .taiTham
        case 0x1B00...0x1B7F: return .balinese
        case 0xA980...0xA9DF: return .javanese
        case 0x2D30...0x2D7F: return .tifinagh
        case 0x1780...0x17FF: return .khmer
        case 0x3041...0x309F: return v == 0x309B || v == 0x309C ? .common : .hiragana
        case 0x30A1...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9D:
            // The prolonged sound mark and the middle dot are shared by both kana.
            return v == 0x30FC || v == 0x30FB ? .common : .katakana
        case 0x2E80...0x2FDF, 0x3005, 0x3007, 0x3021...0x3029, 0x3038...0x303B, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF:
            return .han
        case 0x1F000...0x1FAFF, 0x2600...0x27BF: return .emoji
        default: return .common
        }
    }
}
