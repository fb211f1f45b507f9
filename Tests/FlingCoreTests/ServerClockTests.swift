import FlingCore
import XCTest

/// The X server's event times on the app clock.
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

    /// A local server stamps with CLOCK_MONOTONIC: each event is placed by its age on that clock,
    /// exact even when the very first events are read late (a flick made during a stall right
    /// after start read 8,000 pt/s when the offset was learnt from them).
    func testOnTheMonotonicClockTheFirstLateBatchIsPlacedExactly() {
        var c = ServerClock()
        // Moves every 8 ms from monotonic 500.000 s, all read together at 500.300 (app 2.300).
        let times = (0..<6).map { k in c.time(stamp: 500_000 + UInt32(8 * k), now: 2.3, monotonic: 500.3) }
        XCTAssertEqual(times.map { ($0 * 1000).rounded() }, [2000, 2008, 2016, 2024, 2032, 2040])
        // The next, read promptly (1 ms), follows on the same scale: no instant, no jump.
        XCTAssertEqual((c.time(stamp: 500_304, now: 2.305, monotonic: 500.305) * 1000).rounded(), 2304)
        // The reference wrapped past 2^32 ms and the stamp did not yet: still an age of 4 ms.
        var w = ServerClock()
        let wrapped = w.time(stamp: UInt32.max - 3, now: 9.0, monotonic: (4_294_967_296 + 0.5) / 1000)
        XCTAssertEqual(wrapped, 9.0 - 0.004, accuracy: 1e-9)
        // Once on that clock, a hang longer than 10 s keeps the batch's spacing too.
        var h = ServerClock()
        _ = h.time(stamp: 600_000, now: 3.0, monotonic: 600.0)
        let hung = (0..<3).map { k in h.time(stamp: 600_010 + UInt32(8 * k), now: 18.1, monotonic: 615.1) }
        XCTAssertEqual(hung.map { ($0 * 1000).rounded() }, [3010, 3018, 3026])
        // Another clock (a remote server: the "age" is implausible): the learnt offset maps it.
        var r = ServerClock()
        XCTAssertEqual(r.time(stamp: 10_000, now: 1.0, monotonic: 86_400), 1.0)
        XCTAssertEqual(r.time(stamp: 10_008, now: 1.009, monotonic: 86_400.009), 1.008, accuracy: 1e-9)
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
