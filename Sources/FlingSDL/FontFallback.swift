// FontFallback: the system's fonts for the characters the bundled faces lack, found the way a
// Linux desktop finds them: fontconfig sorts the installed fonts for the user's language (so
// Chinese, Japanese and Korean ideographs each get their own shapes) and weight, and each
// character goes to the first font in that order whose coverage really has it (fontconfig
// always answers with some font, with the character or not). Emoji sort by fontconfig's
// "emoji" family first. Each (weight, character) is looked up once: a steady frame asks
// fontconfig nothing.
import CFontconfig
import FlingCore

/// A system face: a file and, for a collection (.ttc), the face's index in it.
struct SystemFace: Hashable, Sendable {
    var path: String
    var index: Int
    /// A bitmap face (colour emoji's CBDT strikes) has glyphs at one pixel size only: they are
    /// drawn at this size and scaled to the text's.
    var fixedPixelSize: Double?
    /// Its family, for the log.
    var family: String
    /// Its weight (OpenType scale, 400 regular, 700 bold): a face lighter than the weight a
    /// style asks for is emboldened, as browsers do for a family without that weight.
    var weight: Int = 400
    /// Its glyphs carry their own colours (colour emoji).
    var isColor = false
}

@MainActor
final class FontFallback {
    private struct Candidate {
        var face: SystemFace
        var charset: OpaquePointer
    }
    /// The user's language in fontconfig's form ("zh-cn", "ja"), from LC_ALL, LC_CTYPE or
    /// LANG; nil for C/POSIX or none.
    let language: String?
    private var textLists: [FontWeight: [Candidate]] = [:]
    private var emojiList: [Candidate]?
    private var sets: [UnsafeMutablePointer<FcFontSet>] = []
    private struct Key: Hashable { var weight: FontWeight; var emoji: Bool; var scalar: UInt32 }
    private var chosen: [Key: SystemFace?] = [:]
    private var charsets: [SystemFace: OpaquePointer] = [:]
    private let available: Bool

    init(environment: [String: String]) {
        language = Self.fontconfigLanguage(environment)
        available = FcInit() != 0
    }

    /// `zh_CN.UTF-8` → `zh-cn`, `ja_JP` → `ja-jp`; the first of LC_ALL, LC_CTYPE and LANG that
    /// is set (LC_CTYPE is the category for characters and their fonts).
    nonisolated static func fontconfigLanguage(_ env: [String: String]) -> String? {
        let raw = [env["LC_ALL"], env["LC_CTYPE"], env["LANG"]].compactMap { $0 }.first { !$0.isEmpty } ?? ""
        var code = Substring(raw)
        if let cut = code.firstIndex(where: { $0 == "." || $0 == "@" }) { code = code[..<cut] }
        // A language fontconfig knows is two or three letters and a region ("zh_TW"); anything
        // else ("C", "POSIX", "UTF-8" as some ssh clients send) leaves fontconfig its default.
        let parts = code.lowercased().replacingUnderscores().split(separator: "-", omittingEmptySubsequences: false)
        guard let lang = parts.first, (2...3).contains(lang.count), lang.allSatisfy({ $0 >= "a" && $0 <= "z" }),
              parts.count <= 2,
              parts.dropFirst().allSatisfy({ r in (r.count == 2 && r.allSatisfy { $0 >= "a" && $0 <= "z" }) || (r.count == 3 && r.allSatisfy(\.isASCII) && r.allSatisfy(\.isNumber)) })
        else { return nil }
        return parts.joined(separator: "-")
    }

    /// The face for `scalar` (the first character of a grapheme cluster) at `weight`; `emoji`:
    /// the cluster is shown as emoji, so a colour emoji font is tried first. nil: no installed
    /// font has it.
    func face(for scalar: Unicode.Scalar, weight: FontWeight, emoji: Bool,
              accept: (SystemFace) -> Bool = { _ in true }) -> SystemFace? {
        let key = Key(weight: weight, emoji: emoji, scalar: scalar.value)
        if let hit = chosen[key] { return hit }
        var found: SystemFace?
        // An emoji looks only in the emoji fonts (without one, the caller tries the bundled face
        // and then this again as text); text looks in the text fonts, then the emoji ones.
        let order = emoji ? [emojiCandidates()] : [textCandidates(weight), emojiCandidates()]
        search: for list in order {
            for c in list where FcCharSetHasChar(c.charset, scalar.value) != 0 && accept(c.face) {
                found = c.face
                break search
            }
        }
        chosen[key] = .some(found)
        return found
    }

    /// Whether a system face has `scalar` (by fontconfig's coverage of it).
    func covers(_ face: SystemFace, _ scalar: Unicode.Scalar) -> Bool {
        guard let charset = charsets[face] else { return false }
        return FcCharSetHasChar(charset, scalar.value) != 0
    }

    private func textCandidates(_ weight: FontWeight) -> [Candidate] {
        if let list = textLists[weight] { return list }
        let list = sorted(family: "sans-serif", weight: weight)
        textLists[weight] = list
        return list
    }

    private func emojiCandidates() -> [Candidate] {
        if let list = emojiList { return list }
        let list = sorted(family: "emoji", weight: .regular).filter { $0.face.family.lowercased().contains("emoji") }
        emojiList = list
        return list
    }

    /// Every installed font in fontconfig's order for a family, the language and a weight.
    private func sorted(family: String, weight: FontWeight) -> [Candidate] {
        guard available, let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        Self.add(pattern, FC_FAMILY, family)
        if let language { Self.add(pattern, FC_LANG, language) }
        FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(weight.rawValue)))
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(nil, pattern, 0, nil, &result) else { return [] }
        sets.append(set)
        var out: [Candidate] = []
        let n = Int(set.pointee.nfont)
        for i in 0..<n {
            guard let font = set.pointee.fonts[i] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            var charset: OpaquePointer?
            guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file,
                  FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { continue }
            let path = String(cString: file)
            // Only faces SDL_ttf opens (FreeType's outline and colour-bitmap formats).
            guard path.hasSuffix(".ttf") || path.hasSuffix(".otf") || path.hasSuffix(".ttc") || path.hasSuffix(".otc") else { continue }
            var index: Int32 = 0
            _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
            // A face without outlines has its glyphs at fixed sizes only (colour emoji's CBDT
            // strikes, which fontconfig still calls scalable because they may be scaled).
            var outline: FcBool = 1
            _ = FcPatternGetBool(font, FC_OUTLINE, 0, &outline)
            var pixelSize = 0.0
            var fixed: Double?
            if outline == 0, FcPatternGetDouble(font, FC_PIXEL_SIZE, 0, &pixelSize) == FcResultMatch, pixelSize > 0 { fixed = pixelSize }
            var name: UnsafeMutablePointer<FcChar8>?
            let familyName = FcPatternGetString(font, FC_FAMILY, 0, &name) == FcResultMatch ? name.map { String(cString: $0) } ?? "" : ""
            var fcWeight: Int32 = Int32(FC_WEIGHT_REGULAR)
            _ = FcPatternGetInteger(font, FC_WEIGHT, 0, &fcWeight)
            let openType = Int(FcWeightToOpenType(fcWeight))
            var color: FcBool = 0
            _ = FcPatternGetBool(font, FC_COLOR, 0, &color)
            let face = SystemFace(path: path, index: Int(index), fixedPixelSize: fixed, family: familyName, weight: openType, isColor: color != 0)
            out.append(Candidate(face: face, charset: charset))
            charsets[face] = charset
        }
        return out
    }

    private static func add(_ pattern: OpaquePointer, _ object: String, _ value: String) {
        var bytes = Array(value.utf8)
        bytes.append(0)
        _ = FcPatternAddString(pattern, object, bytes)
    }

    /// Frees fontconfig's lists (at shutdown).
    func close() {
        for s in sets { FcFontSetDestroy(s) }
        sets = []
        textLists = [:]
        emojiList = nil
        chosen = [:]
        charsets = [:]
    }
}

private extension String {
    func replacingUnderscores() -> String { String(map { $0 == "_" ? "-" : $0 }) }
}
