// NumberTextTests: the one home of number-to-text without a locale (Support/NumberText.swift).
import XCTest
@testable import FlingCore

final class NumberTextTests: XCTestCase {
    func testFixedPadsAndNeverWritesMinusZero() {
        XCTAssertEqual(2.5.fixed(3), "2.500")
        XCTAssertEqual((-0.0001).fixed(3), "0.000")
        XCTAssertEqual((-1.25).fixed(1), "-1.3")
        XCTAssertEqual(17.0.fixed(0), "17")
        XCTAssertEqual(Double.nan.fixed(2), "nan")
        XCTAssertEqual((-Double.infinity).fixed(2), "-inf")
        XCTAssertEqual(1e20.fixed(2), "1e+20")
    }

    func testTextRoundedToPlacesPrintsAsSwiftDoes() {
        XCTAssertEqual(2.54.text(places: 1), "2.5")
        XCTAssertEqual(3.0.text(places: 1), "3.0")
        XCTAssertEqual(2.6.text(places: 0), "3")
        XCTAssertEqual((-0.2).text(places: 0), "0")
        XCTAssertEqual(1234.5678.text(places: 2), "1234.57")
        XCTAssertEqual(Double.infinity.text(places: 0), "inf")
    }

    func testShortAndExactText() {
        XCTAssertEqual(0.35.shortText, "0.35")
        XCTAssertEqual(200.0.shortText, "200")
        XCTAssertEqual(17.5459.shortText, "17.546")
        XCTAssertEqual(5.5.exactText, "5.5")
        XCTAssertEqual(8.0.exactText, "8")
        XCTAssertEqual(0.1234567.exactText, "0.1234567")
        XCTAssertEqual(Double(0.1234567.exactText), 0.1234567)
    }
}
