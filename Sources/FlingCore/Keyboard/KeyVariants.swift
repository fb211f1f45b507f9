// KeyVariants: the accented letters a long press on a key offers (UIKit's US English keyboard).

/// The letters a held key offers, the key's own letter first, as UIKit's US English keyboard
/// lists them (e: e è é ê ë ē ė ę).
public enum KeyVariants {
    static let table: [String: [String]] = [
        "a": ["a", "à", "á", "â", "ä", "æ", "ã", "å", "ā"],
        "c": ["c", "ç", "ć", "č"],
        "e": ["e", "è", "é", "ê", "ë", "ē", "ė", "ę"],
        "i": ["i", "ì", "į", "ī", "í", "ï", "î"],
        "l": ["l", "ł"],
        "n": ["n", "ñ", "ń"],
        "o": ["o", "õ", "ō", "ø", "œ", "ó", "ò", "ö", "ô"],
        "s": ["s", "ß", "ś", "š"],
        "u": ["u", "ū", "ú", "ù", "ü", "û"],
        "y": ["y", "ÿ"],
        "z": ["z", "ž", "ź", "ż"],
    ]

    /// The variants of `letter` (lower case), or nil if it has none.
    public static func variants(of letter: String) -> [String]? { table[letter] }
}
