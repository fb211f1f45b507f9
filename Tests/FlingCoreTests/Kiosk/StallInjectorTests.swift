// StallInjectorTests: `--inject-stall MS@EVERY`, parsed and scheduled.
import FlingCore
import XCTest

final class StallInjectorTests: XCTestCase {
    func testItStallsOnScheduleAndNeverTwiceAtOnce() throws {
        var s = try StallInjector.parse("400@3").get()
        XCTAssertEqual(s.length, 0.4)
        XCTAssertNil(s.due(at: 2.99))
        XCTAssertEqual(s.due(at: 3.0), 0.4)
        XCTAssertNil(s.due(at: 3.5))
        // Checked late (the loop slept past two due times): one stall, the schedule kept.
        XCTAssertEqual(s.due(at: 9.2), 0.4)
        XCTAssertEqual(s.next, 12)
    }

    func testBadValuesSayWhatIsExpected() {
        func message(_ text: String) -> String? {
            if case .failure(let e) = StallInjector.parse(text) { return e.message }
            return nil
        }
        XCTAssertEqual(message("400"), "--inject-stall takes MS@EVERY, e.g. 400@3: a 400 ms stall every 3 s (got '400')")
        XCTAssertEqual(message("0@3"), "--inject-stall: a stall lasts 1…60000 ms (got 0.0)")
        XCTAssertEqual(message("nan@3"), "--inject-stall takes MS@EVERY, e.g. 400@3: a 400 ms stall every 3 s (got 'nan@3')")
        XCTAssertEqual(message("500@0.4"), "--inject-stall: one every 0.1…3600 s, longer than it lasts (got 0.4 s for 500.0 ms)")
        XCTAssertEqual(message("50@1e9"), "--inject-stall: one every 0.1…3600 s, longer than it lasts (got 1000000000.0 s for 50.0 ms)")
        XCTAssertNil(message("50@0.2"))
    }
}
