// TextLayoutScriptsTests: setting text in every script: Chinese and Japanese wrap between
// ideographs but never put a closing mark or a small kana at a line's start (kinsoku), long
// unbreakable runs are cut between grapheme clusters, truncation never splits a cluster, and a
// right-to-left paragraph starts on the right. Whole line lists, with a fixed advance a character.
@testable import FlingCore
import XCTest

final class TextLayoutScriptsTests: XCTestCase {
    // Every grapheme cluster is 10 pt wide at size 20.
    let m = FixedAdvanceMeasurer(advance: 0.5)
    let font = Font(size: 20)

    func lines(_ text: String, width: Double, lineLimit: Int? = nil) -> [String] {
        TextLayoutEngine.layout(text, font: font, options: TextOptions(maxWidth: width, lineLimit: lineLimit), measurer: m).lines.map(\.text)
    }

    /// Four ideographs a line; the full-width comma and full stop stay with the ideograph before
    /// them, so the line before takes one less.
    func testChineseWrapsBetweenIdeographsAndKeepsClosingMarksOffTheLineStart() {
        XCTAssertEqual(lines("我们去吃饭好吗", width: 40), ["我们去吃", "饭好吗"])
        XCTAssertEqual(lines("我们去吃，饭好吗。", width: 40), ["我们去", "吃，饭好", "吗。"])
        XCTAssertEqual(lines("「你好」我们去吃饭", width: 40), ["「你好」", "我们去吃", "饭"])
    }

    /// A small kana and the prolonged sound mark never start a line (strict kinsoku): four
    /// kana would fit, but "ー" may not begin the next line, so "ラ" goes down with it.
    func testJapaneseSmallKanaAndTheLongVowelMarkStayWithTheLineBefore() {
        XCTAssertEqual(lines("たべるラーメン", width: 40), ["たべる", "ラーメン"])
        XCTAssertEqual(lines("ちょっとまって", width: 30), ["ちょっ", "とまっ", "て"])
    }

    /// Korean breaks at spaces, as UIKit sets it (its standard strategy keeps Hangul words
    /// whole, where UAX #14 alone would break between syllables); a word wider than the line
    /// is still cut between syllables.
    func testKoreanAndMixedScriptsWrapToTheWidth() {
        XCTAssertEqual(lines("서울 치킨 맛집", width: 50), ["서울 치킨", "맛집"])
        XCTAssertEqual(lines("서울 치킨집", width: 40), ["서울", "치킨집"], "not 서울 치 / 킨집")
        XCTAssertEqual(lines("서울특별시마포구", width: 40), ["서울특별", "시마포구"])
        XCTAssertEqual(lines("Tokyo東京ramen", width: 60), ["Tokyo東", "京ramen"])
    }

    /// A run with no opportunity is cut between clusters: an emoji family or a flag is never
    /// split, and neither is a letter with its combining mark.
    func testLongUnbreakableRunsAreCutBetweenClusters() {
        XCTAssertEqual(lines("abc👨‍👩‍👧‍👦🇯🇵e\u{301}fgh", width: 30), ["abc", "👨‍👩‍👧‍👦🇯🇵", "e\u{301}fg", "h"])
    }

    /// The ellipsis replaces whole clusters.
    func testTruncationNeverSplitsACluster() {
        let set = lines("東京らーめん一蘭👨‍👩‍👧‍👦🇯🇵渋谷店本店", width: 100, lineLimit: 1)
        XCTAssertEqual(set, ["東京らーめん一蘭👨‍👩‍👧‍👦…"])
    }

    /// UIKit's tail truncation: the last line is filled to the character with what follows,
    /// not cut where the wrap would have broken it.
    func testTheLastLineIsFilledToTheCharacterBeforeTheEllipsis() {
        XCTAssertEqual(lines("Ταβέρνα «Το Στέκι του Γιάννη»", width: 200, lineLimit: 1), ["Ταβέρνα «Το Στέκι τ…"])
        XCTAssertEqual(lines("aaa bbb ccc ddd eee", width: 75, lineLimit: 2), ["aaa bbb", "ccc dd…"])
        XCTAssertEqual(lines("one\ntwo three four", width: 60, lineLimit: 2), ["one", "two t…"])
    }

    /// A paragraph's direction is its first strong character's: Hebrew and Arabic start on the
    /// right even with a Latin word or a number first in logical order after it; a Latin
    /// paragraph beside it stays on the left.
    func testRightToLeftParagraphsStartOnTheRight() {
        let l = TextLayoutEngine.layout("מסעדת הים 2\nPizza\nمطعم Landwer", font: font, options: TextOptions(maxWidth: 200), measurer: m)
        XCTAssertEqual(l.lines, [
            TextLine(text: "מסעדת הים 2", x: 90, baseline: 16, width: 110, rightToLeft: true),
            TextLine(text: "Pizza", x: 0, baseline: 40, width: 50, rightToLeft: false),
            TextLine(text: "مطعم Landwer", x: 80, baseline: 64, width: 120, rightToLeft: true),
        ])
        let trailing = TextLayoutEngine.layout("שלום", font: font, options: TextOptions(maxWidth: 200, alignment: .trailing), measurer: m)
        XCTAssertEqual(trailing.lines[0].x, 0, "a right-to-left paragraph's trailing edge is on the left")
    }

    /// A paragraph that starts with neutrals takes its direction from the first letter.
    func testLeadingDigitsAndPunctuationDoNotDecideTheDirection() {
        let l = TextLayoutEngine.layout("١٠٠١ ليلة", font: font, options: TextOptions(maxWidth: 200), measurer: m)
        XCTAssertTrue(l.lines[0].rightToLeft)
        let latin = TextLayoutEngine.layout("(2) Café", font: font, options: TextOptions(maxWidth: 200), measurer: m)
        XCTAssertFalse(latin.lines[0].rightToLeft)
    }
}
