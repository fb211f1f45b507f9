// PollTimeSpreaderTests: the times poll-stamped pointer events get, whole.
import FlingCore
import XCTest

final class PollTimeSpreaderTests: XCTestCase {
    private func batch(_ phases: [PointerEvent.Phase], at t: Double) -> [PointerEvent] {
        phases.enumerated().map { i, p in PointerEvent(id: 1, phase: p, location: Point(0, Double(10 * i)), time: t, timing: .poll) }
    }

    func testAFramesBatchIsSpreadOverTheFrame() {
        var s = PollTimeSpreader()
        let out = s.spread(batch([.moved, .moved], at: 1.0167), since: 1.0, readAt: 1.0167)
        XCTAssertEqual(out.map(\.time), [1.00835, 1.0167].map { $0 }, accuracy: 1e-9)
        XCTAssertEqual(out.map(\.timing), [.poll, .poll])
        XCTAssertEqual(out.map(\.location), [Point(0, 0), Point(0, 10)])
        // Two moves in 16.7 ms: the pace moves a fifth of the way from 1/120 s to 8.35 ms.
        XCTAssertEqual(s.pace, 1.0 / 120 + 0.2 * (0.00835 - 1.0 / 120), accuracy: 1e-12)
    }

    func testAfterAStallABatchEndsAtTheReadAtTheDevicesPace() {
        var s = PollTimeSpreader()
        _ = s.spread(batch([.began], at: 1.0), since: 0.99, readAt: 1.0)
        let out = s.spread(batch([.moved, .moved, .moved], at: 1.4), since: 1.0, readAt: 1.4)
        let p = PollTimeSpreader.defaultPace
        XCTAssertEqual(out.map(\.time), [1.4 - 2 * p, 1.4 - p, 1.4], accuracy: 1e-9)
        XCTAssertEqual(out.map(\.timing), [.estimated, .estimated, .estimated])
    }

    func testAfterAStallALiftFollowsWhereTheStallBegan() {
        var s = PollTimeSpreader()
        _ = s.spread(batch([.moved], at: 1.0), since: 0.99, readAt: 1.0)
        let p = s.pace   // (a lone move in 10 ms moved it towards 10 ms)
        XCTAssertEqual(p, 1.0 / 120 + 0.2 * (0.01 - 1.0 / 120), accuracy: 1e-12)
        let out = s.spread(batch([.moved, .ended], at: 1.7), since: 1.0, readAt: 1.7)
        XCTAssertEqual(out.map(\.time), [1.0 + p, 1.0 + 2 * p], accuracy: 1e-9)
        XCTAssertEqual(out.map(\.timing), [.estimated, .estimated])
    }

    /// Moves read one by one (the loop waited between them) teach the pace their spacing; a
    /// batch after a stall is then packed at it.
    func testMovesReadOneByOneTeachThePace() {
        var s = PollTimeSpreader()
        s.observe((0..<30).map { PointerEvent(id: 1, phase: .moved, location: Point(0, Double($0)), time: 1 + 0.012 * Double($0), timing: .poll) })
        XCTAssertEqual(s.pace, 0.012, accuracy: 0.0002)
        // A gap of a stop, a press or a lift teaches nothing.
        s.observe([PointerEvent(id: 1, phase: .moved, location: .zero, time: 3, timing: .poll)])
        XCTAssertEqual(s.pace, 0.012, accuracy: 0.0002)
        let out = s.spread(batch([.moved, .moved, .moved], at: 3.5), since: 3.1, readAt: 3.5)
        XCTAssertEqual(out[2].time - out[1].time, 0.012, accuracy: 0.0002)
        XCTAssertEqual(out[2].time, 3.5, accuracy: 1e-12)
        // The made-up times of a batch are no measure: a move read 2 ms after it teaches nothing.
        s.observe([PointerEvent(id: 1, phase: .moved, location: .zero, time: 3.502, timing: .poll)])
        XCTAssertEqual(s.pace, 0.012, accuracy: 0.0002)
    }

    /// Two fingers' reports interleave 1 ms apart: each finger's own gaps are the pace, and a
    /// lift starts that finger's count afresh.
    func testEachPointerTeachesThePaceOnItsOwn() {
        var s = PollTimeSpreader()
        var events: [PointerEvent] = []
        for i in 0..<30 {
            let t = 1 + 0.012 * Double(i)
            events.append(PointerEvent(id: 1, phase: .moved, location: .zero, time: t, timing: .poll))
            events.append(PointerEvent(id: 2, phase: .moved, location: .zero, time: t + 0.001, timing: .poll))
        }
        s.observe(events)
        XCTAssertEqual(s.pace, 0.012, accuracy: 0.0002)
        s.observe([PointerEvent(id: 1, phase: .ended, location: .zero, time: 1.4, timing: .poll),
                   PointerEvent(id: 1, phase: .began, location: .zero, time: 1.402, timing: .poll),
                   PointerEvent(id: 1, phase: .moved, location: .zero, time: 1.404, timing: .poll)])
        XCTAssertEqual(s.pace, 0.012, accuracy: 0.0002)
    }

    func testAStallTooShortForTheBatchSpreadsItEvenly() {
        var s = PollTimeSpreader()
        let out = s.spread(batch(Array(repeating: .moved, count: 10), at: 1.06), since: 1.0, readAt: 1.06)
        XCTAssertEqual(out.map(\.time), (1...10).map { 1.0 + 0.006 * Double($0) }, accuracy: 1e-9)
        XCTAssertEqual(Set(out.map(\.timing)), [.estimated])
    }

    func testNonsenseWindowsLeaveTheBatchAlone() {
        var s = PollTimeSpreader()
        let b = batch([.moved, .moved], at: 2)
        XCTAssertEqual(s.spread(b, since: 2, readAt: 1), b)
        XCTAssertEqual(s.spread(b, since: .nan, readAt: 2), b)
        XCTAssertEqual(s.spread([], since: 1, readAt: 2), [])
    }

    func testAGesturesSourceIsItsWorstEvents() {
        XCTAssertEqual(InputTiming.device.worse(.server), .server)
        XCTAssertEqual(InputTiming.estimated.worse(.poll), .estimated)
        XCTAssertEqual(InputTiming.poll.worse(.device), .poll)
    }

    /// evdev's kernel stamps: their age on the kernel's clock, taken off the app's time of the
    /// read; in order, never after the read, an unbelievable age read as none.
    func testDeviceStampsAreTheirAgeBeforeTheRead() {
        var c = DeviceClock()
        // Read 192 ms late in one batch: the kernel's 8 ms spacing is kept.
        XCTAssertEqual(c.time(stamp: 500.000, reference: 500.200, now: 10.200), 10.000, accuracy: 1e-9)
        XCTAssertEqual(c.time(stamp: 500.008, reference: 500.200, now: 10.200), 10.008, accuracy: 1e-9)
        // A stamp "after" the read (clocks a hair apart): at the read.
        XCTAssertEqual(c.time(stamp: 500.300, reference: 500.299, now: 10.300), 10.300, accuracy: 1e-9)
        // Older than the last mapped: kept in order.
        XCTAssertEqual(c.time(stamp: 500.000, reference: 500.301, now: 10.301), 10.300, accuracy: 1e-9)
        // From another clock or minutes old: taken as read now.
        XCTAssertEqual(c.time(stamp: 1.0, reference: 500.4, now: 10.4), 10.4, accuracy: 1e-9)
        XCTAssertEqual(c.time(stamp: .nan, reference: 500.5, now: 10.5), 10.5, accuracy: 1e-9)
    }
}

private func XCTAssertEqual(_ a: [Double], _ b: [Double], accuracy: Double, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, file: file, line: line)
    for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: accuracy, "\(a) vs \(b)", file: file, line: line) }
}
