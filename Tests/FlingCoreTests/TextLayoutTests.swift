import XCTest
@testable import FlingCore

final class TextLayoutTests: XCTestCase {
    // Every character is 10 pt wide at size 20 (advance 0.5).
    let m = FixedAdvanceMeasurer(advance: 0.5)
    let font = Font(size: 20)

    func testSingleLineHasItsNaturalWidthAndBaseline() {
        let l = TextLayoutEngine.layout("Hello", font: font, measurer: m)
        XCTAssertEqual(l.lines.map(\.text), ["Hello"])
        XCTAssertEqual(l.size, Size(50, 20))
        XCTAssertEqual(l.firstBaseline, 16)
    }

    func testWrapsAtWordsToTheWidth() {
        let l = TextLayoutEngine.layout("aaa bbb ccc ddd", font: font, options: TextOptions(maxWidth: 75), measurer: m)
        XCTAssertEqual(l.lines.map(\.text), ["aaa bbb", "ccc ddd"])
        XCTAssertEqual(l.lastBaseline, 16 + 24)
        XCTAssertFalse(l.truncated)
    }

    func testBreaksAWordLongerThanTheLine() {
        let l = TextLayoutEngine.layout("abcdefghij", font: font, options: TextOptions(maxWidth: 40), measurer: m)
        XCTAssertEqual(l.lines.map(\.text), ["abcd", "efgh", "ij"])
    }

    func testLineLimitEndsWithAnEllipsisThatFits() {
        let l = TextLayoutEngine.layout("aaa bbb ccc ddd eee", font: font, options: TextOptions(maxWidth: 75, lineLimit: 2), measurer: m)
        XCTAssertEqual(l.lines.count, 2)
        XCTAssertTrue(l.truncated)
        XCTAssertTrue(l.lines[1].text.hasSuffix("…"))
        XCTAssertLessThanOrEqual(l.lines[1].width, 75)
    }

    func testMinimumScaleShrinksBeforeTruncating() {
        // 20 characters need 200 pt at full size; 100 pt fits at scale 0.5.
        let text = String(repeating: "x", count: 20)
        let l = TextLayoutEngine.layout(text, font: font, options: TextOptions(maxWidth: 100, lineLimit: 1, minimumScale: 0.1), measurer: m)
        XCTAssertEqual(l.lines.count, 1)
        XCTAssertFalse(l.truncated)
        XCTAssertEqual(l.scale, 0.5, accuracy: 0.01)
        XCTAssertLessThanOrEqual(l.lines[0].width, 100)
        // With too high a floor it shrinks to the floor, then truncates.
        let floor = TextLayoutEngine.layout(text, font: font, options: TextOptions(maxWidth: 100, lineLimit: 1, minimumScale: 0.8), measurer: m)
        XCTAssertEqual(floor.scale, 0.8)
        XCTAssertTrue(floor.truncated)
    }

    func testAlignmentPlacesLinesInTheBlock() {
        let c = TextLayoutEngine.layout("ab", font: font, options: TextOptions(maxWidth: 100, alignment: .center), measurer: m)
        XCTAssertEqual(c.lines[0].x, 40)
        let t = TextLayoutEngine.layout("ab", font: font, options: TextOptions(maxWidth: 100, alignment: .trailing), measurer: m)
        XCTAssertEqual(t.lines[0].x, 80)
    }

    func testParagraphsKeepTheirBreaks() {
        let l = TextLayoutEngine.layout("one\n\ntwo", font: font, options: TextOptions(maxWidth: 300), measurer: m)
        XCTAssertEqual(l.lines.map(\.text), ["one", "", "two"])
    }

    func testIconsByName() {
        XCTAssertEqual(MaterialIcon.named("location_on"), "\u{E0C8}")
        XCTAssertEqual(MaterialIcon.named("cancel"), MaterialIcon.cancel)
        XCTAssertNil(MaterialIcon.named("no_such_icon"))
        XCTAssertEqual(Set(MaterialIcon.all.map(\.0)).count, MaterialIcon.all.count, "names are unique")
    }
}
