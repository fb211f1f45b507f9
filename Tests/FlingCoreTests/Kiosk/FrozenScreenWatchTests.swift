import XCTest
@testable import FlingCore

/// The frozen-screen watchdog: whole states after each step.
final class FrozenScreenWatchTests: XCTestCase {
    func testAFrameAskedForAndNeverShownIsFrozenOnlyPastTheLimit() {
        var w = FrozenScreenWatch(limit: 15)
        XCTAssertFalse(w.check(at: 100))
        w.asked(at: 100)
        w.asked(at: 101)   // a later frame does not move the wait's start
        XCTAssertEqual(w.state, .waiting(since: 100))
        XCTAssertEqual(w.deadline, 115)
        XCTAssertFalse(w.check(at: 115))
        XCTAssertTrue(w.check(at: 115.01))
        XCTAssertEqual(w.state, .frozen(since: 100))
        // Frozen stays frozen: the app exits.
        XCTAssertTrue(w.check(at: 116))
    }

    func testAShownFrameEndsTheWait() {
        var w = FrozenScreenWatch(limit: 15)
        w.failed("Permission denied", at: 10)
        XCTAssertEqual(w.state, .waiting(since: 10))
        XCTAssertEqual(w.lastFailure, "Permission denied")
        w.shown()
        XCTAssertEqual(w, FrozenScreenWatch(limit: 15))
        XCTAssertFalse(w.check(at: 1000), "an idle kiosk that shows nothing new is not frozen")
        XCTAssertNil(w.deadline)
    }

    func testAPauseForgetsTheWait() {
        var w = FrozenScreenWatch(limit: 15)
        w.asked(at: 10)
        w.pause()   // another console came to the front
        XCTAssertEqual(w.state, .shown)
        XCTAssertFalse(w.check(at: 60))
        w.asked(at: 60)
        XCTAssertTrue(w.check(at: 75.5))
        w.pause()   // too late: frozen is frozen
        XCTAssertEqual(w.state, .frozen(since: 60))
    }
}
