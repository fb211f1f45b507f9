import FlingCore
import XCTest

/// The X server's event times on the app clock (issue 28).
final class ServerClockTests: XCTestCase {
    func testALateBatchKeepsItsRealSpacing() {
        var c = ServerClock()
        // Moves every 8 ms, read as they happen (2 ms after each).
        for k in 0..<5 { _ = c.time(stamp: 10_000 + UInt32(8 * k), now: 1.002 + 0.008 * Double(k)) }
        // A stall: the next four moves are read together 300 ms later.
        let read = 1.5
        let times = (5..<9).map { k in c.time(stamp: 10_000 + UInt32(8 * k), now: read) }
        // (The 2 ms the quickest read took stays in the offset.)
        XCTAssertEqual(times.map { ($0 * 1000).rounded() }, [1042, 1050, 1058, 1066])
        XCTAssertTrue(times.allSatisfy { $0 <= read })
    }

    func testTimesStayInOrderAndNeverPassTheRead() {
        var c = ServerClock()
        let a = c.time(stamp: 5_000, now: 2.0)
        let b = c.time(stamp: 5_010, now: 1.9)      // a clock hiccup: never before `a`
        XCTAssertEqual(a, 2.0)
        XCTAssertGreaterThanOrEqual(b, a)
        XCTAssertLessThanOrEqual(c.time(stamp: 5_020, now: 2.05), 2.05)
    }

    func testTheServersMillisecondsWrap() {
        var c = ServerClock()
        let before = c.time(stamp: UInt32.max - 4, now: 100.0)
        let after = c.time(stamp: 5, now: 100.010)
        XCTAssertEqual((after - before) * 1000, 10, accuracy: 1e-6)
    }
}
