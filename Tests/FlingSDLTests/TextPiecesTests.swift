// TextPiecesTests: how a line is cut for drawing, with stand-in faces (no font files): bidi runs
// in visual order, a piece per face and script, neutrals kept with the face they follow but
// never with the emoji face, emoji only in a colour font; each cluster's span on screen in
// logical order, checked against the bidi algorithm's own visual order; which clusters are
// emoji; the fontconfig language taken from the locale.
@testable import FlingCore
@testable import FlingSDL
import XCTest

final class TextPiecesTests: XCTestCase {
    static let cjk = SystemFace(path: "/cjk.ttc", index: 1, fixedPixelSize: nil, family: "CJK")
    static let hebrew = SystemFace(path: "/hebrew.ttf", index: 0, fixedPixelSize: nil, family: "Hebrew")
    static let emoji = SystemFace(path: "/emoji.ttf", index: 0, fixedPixelSize: 109, family: "Emoji", isColor: true)

    /// The bundled face has ASCII; the CJK face ideographs, kana and ASCII; the Hebrew face
    /// Hebrew, digits and spaces; the emoji face emoji, digits and spaces (as Noto's has).
    func pieces(_ text: String, rightToLeft: Bool = false, emojiFont: Bool = true) -> [TextPiece] {
        TextPieces.itemize(text, rightToLeft: rightToLeft,
                           bundledHas: { $0.isASCII || $0 == "\u{A9}" },
                           fallback: { u, emoji in
                               if emoji { return emojiFont && u.value >= 0x2000 ? Self.emoji : nil }
                               if (0x0590...0x05FF).contains(u.value) { return Self.hebrew }
                               if u.value >= 0x3000 && u.value < 0xA000 { return Self.cjk }
                               return nil
                           },
                           covers: { face, u in
                               switch face.family {
                               case "CJK": u.isASCII || (0x3000...0x9FFF).contains(u.value)
                               case "Hebrew": (0x0590...0x05FF).contains(u.value) || u == " " || ("0"..."9").contains(u)
                               default: u == " " || ("0"..."9").contains(u) || u.value >= 0x2000
                               }
                           },
                           missing: { _ in })
    }

    func testALatinLineIsOnePieceOfTheBundledFace() {
        XCTAssertEqual(pieces("Pizza 2 go"), [TextPiece(text: "Pizza 2 go", source: .bundled, rightToLeft: false, script: .latin, start: 0)])
    }

    /// Ideographs and their full-width punctuation go to the CJK face; a Latin parenthesis,
    /// space or digit stays the bundled face's, as Pango falls back; an ideographic space
    /// (which the bundled face lacks) stays with the ideographs.
    func testChineseGoesToTheSystemFaceAndLatinPunctuationStaysBundled() {
        XCTAssertEqual(pieces("Din 鼎泰豐 (信義店)"), [
            TextPiece(text: "Din ", source: .bundled, rightToLeft: false, script: .latin, start: 0),
            TextPiece(text: "鼎泰豐", source: .system(Self.cjk), rightToLeft: false, script: .han, start: 4),
            TextPiece(text: " (", source: .bundled, rightToLeft: false, script: .han, start: 7),
            TextPiece(text: "信義店", source: .system(Self.cjk), rightToLeft: false, script: .han, start: 9),
            TextPiece(text: ")", source: .bundled, rightToLeft: false, script: .han, start: 12),
        ])
        XCTAssertEqual(pieces("山径\u{3000}收录、58號").map(\.text), ["山径\u{3000}收录、", "58", "號"])
    }

    /// A Hebrew name with an emoji: right to left, the emoji first on screen (the end of the
    /// line), and the space before it stays Hebrew, not the emoji face's wide space.
    func testHebrewRunsRightToLeftAndTheEmojiKeepsItsOwnFace() {
        XCTAssertEqual(pieces("מסעדת הים 🐟", rightToLeft: true), [
            TextPiece(text: "🐟", source: .system(Self.emoji), rightToLeft: true, script: .emoji, start: 10),
            TextPiece(text: " ", source: .bundled, rightToLeft: true, script: .hebrew, start: 9),
            TextPiece(text: "הים", source: .system(Self.hebrew), rightToLeft: true, script: .hebrew, start: 6),
            TextPiece(text: " ", source: .bundled, rightToLeft: true, script: .hebrew, start: 5),
            TextPiece(text: "מסעדת", source: .system(Self.hebrew), rightToLeft: true, script: .hebrew, start: 0),
        ])
        // After an emoji, a space and digits do not take the emoji face.
        XCTAssertEqual(pieces("⭐ 4.8").map(\.source), [.system(Self.emoji), .bundled])
    }

    /// Without a colour emoji font an emoji the bundled face has (©) is drawn by it.
    func testWithoutAnEmojiFontTheBundledGlyphIsUsed() {
        XCTAssertEqual(pieces("\u{00A9}\u{FE0F}", emojiFont: false).map(\.source), [.bundled])
    }

    /// Each cluster's span, 10 pt a cluster: for each visual position in the bidi algorithm's
    /// order, the cluster drawn there. Repeated pieces ("1" twice, "abc" twice) must each find
    /// their own place in the text.
    func testClusterSpansFollowTheBidiVisualOrder() {
        for (text, rtl) in [("א 1 ב 1", true), ("אב abc גד abc", true), ("abc אב 12 גד 12", false), ("מסעדת הים 2024 Tel Aviv", true)] {
            let line = pieces(text, rightToLeft: rtl)
            let spans = TextPieces.clusterSpans(line, width: { Double($0.text.count) * 10 },
                                                edges: { p in (0...p.text.count).map { Double($0) * 10 } })
            XCTAssertEqual(spans.count, text.count, text)
            let scalars = Array(text.unicodeScalars)
            let paragraph = Bidi.resolve(scalars, base: rtl ? .rightToLeft : .leftToRight)
            let visual = Bidi.visualOrder(paragraph, scalars: scalars, line: 0..<scalars.count)
            // Every scalar here is its own cluster: visual position i holds cluster visual[i].
            let byPosition = spans.enumerated().sorted { $0.element.minX < $1.element.minX }.map(\.offset)
            XCTAssertEqual(byPosition, visual, text)
        }
    }

    func testWhichClustersAreEmoji() {
        let emoji: [Character] = ["🐟", "👨‍👩‍👧‍👦", "🇯🇵", "👍🏽", "\u{2764}\u{FE0F}", "1\u{FE0F}\u{20E3}", "1\u{20E3}"]
        let text: [Character] = ["A", "1", "1\u{FE0F}", "1\u{200D}", "\u{2764}", "\u{2764}\u{FE0E}", "#", "★", "©"]
        for c in emoji { XCTAssertTrue(TextPieces.isEmoji(c), "\(c) is emoji") }
        for c in text { XCTAssertFalse(TextPieces.isEmoji(c), "\(c) is text") }
    }

    func testTheFontconfigLanguageComesFromTheLocale() {
        XCTAssertEqual(FontFallback.fontconfigLanguage(["LANG": "zh_TW.UTF-8"]), "zh-tw")
        XCTAssertEqual(FontFallback.fontconfigLanguage(["LANG": "ja_JP.UTF-8", "LC_ALL": "ko_KR.UTF-8"]), "ko-kr")
        XCTAssertEqual(FontFallback.fontconfigLanguage(["LANG": "en_US.UTF-8", "LC_CTYPE": "zh_CN.UTF-8"]), "zh-cn")
        XCTAssertEqual(FontFallback.fontconfigLanguage(["LANG": "sr_RS@latin"]), "sr-rs")
        for odd in ["C", "POSIX", "C.UTF-8", "UTF-8", "", "de_DE_X.UTF-8", "123"] {
            XCTAssertNil(FontFallback.fontconfigLanguage(["LANG": odd]), odd)
        }
        XCTAssertNil(FontFallback.fontconfigLanguage([:]))
    }
}
