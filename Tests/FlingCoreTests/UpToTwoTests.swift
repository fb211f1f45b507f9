@testable import FlingCore
import XCTest

/// The inline result of the kiosk's per-event steps (TouchFilter, KioskState).
final class UpToTwoTests: XCTestCase {
    func testItKeepsOrderAndComparesAsItsValues() {
        var two = UpToTwo<Int>()
        XCTAssertTrue(two.isEmpty)
        two.append(7)
        two.append(9)
        XCTAssertEqual(Array(two), [7, 9])
        XCTAssertEqual(two, [7, 9])
        XCTAssertNotEqual(two, [7])
        XCTAssertNotEqual(two, [9, 7])
        XCTAssertEqual(UpToTwo(4).count, 1)
        XCTAssertEqual(UpToTwo(4).first, 4)
        XCTAssertEqual(two.description, "[7, 9]")
    }
}
