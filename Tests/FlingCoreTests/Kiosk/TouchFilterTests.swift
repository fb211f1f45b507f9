import XCTest
@testable import FlingCore

final class TouchFilterTests: XCTestCase {
    func testGhostPairAtOnePointIsDropped() {
        var f = TouchFilter()
        XCTAssertEqual(f.filter(pointer(1, .began, x: 100, 200, 5.0)), [])
        XCTAssertEqual(f.filter(pointer(1, .ended, x: 100, 200, 5.0005)), [])
        XCTAssertEqual(f.flush(now: 6), [])
        XCTAssertEqual(f.ghostsDropped, 1)
        XCTAssertEqual(f.down, [:])
        XCTAssertNil(f.nextDeadline)
    }

    func testRealTapPassesWithItsOwnTimes() {
        var f = TouchFilter()
        XCTAssertEqual(f.filter(pointer(1, .began, x: 100, 200, 5.0)), [])
        // Held only until the ghost window has passed, then released with its own time.
        XCTAssertEqual(f.nextDeadline, 5.0 + KioskConstants.ghostMaxDuration + 1e-6)
        XCTAssertEqual(f.flush(now: 5.001), [])
        XCTAssertEqual(f.flush(now: 5.016), [pointer(1, .began, x: 100, 200, 5.0)])
        XCTAssertEqual(f.filter(pointer(1, .ended, x: 100, 200, 5.08)), [pointer(1, .ended, x: 100, 200, 5.08)])
        XCTAssertEqual(f.ghostsDropped, 0)
    }

    func testQuickUpElsewhereIsNotAGhostAndTheNextEventReleasesTheDown() {
        var f = TouchFilter()
        _ = f.filter(pointer(2, .began, x: 100, 200, 1.0))
        XCTAssertEqual(f.filter(pointer(2, .moved, x: 130, 200, 1.001)), [pointer(2, .began, x: 100, 200, 1.0), pointer(2, .moved, x: 130, 200, 1.001)])
        _ = f.filter(pointer(3, .began, x: 10, 10, 2.0))
        XCTAssertEqual(f.filter(pointer(3, .ended, x: 40, 10, 2.001)), [pointer(3, .began, x: 10, 10, 2.0), pointer(3, .ended, x: 40, 10, 2.001)])
    }

    func testMouseIsNeverHeld() {
        var f = TouchFilter()
        XCTAssertEqual(f.filter(pointer(0, .began, x: 1, 1, 0)), [pointer(0, .began, x: 1, 1, 0)])
        XCTAssertEqual(f.filter(pointer(0, .ended, x: 1, 1, 0)), [pointer(0, .ended, x: 1, 1, 0)])
    }

    func testStuckFingerIsCancelledAfterAMinuteAndItsLaterEventsDropped() {
        var f = TouchFilter()
        _ = f.filter(pointer(1, .began, x: 50, 60, 10))
        _ = f.flush(now: 10.1)
        XCTAssertEqual(f.filter(pointer(1, .moved, x: 55, 65, 20)), [pointer(1, .moved, x: 55, 65, 20)])
        XCTAssertEqual(f.nextDeadline, 10 + KioskConstants.stuckFingerTimeout)
        XCTAssertEqual(f.flush(now: 69.9), [])
        XCTAssertEqual(f.flush(now: 70), [pointer(1, .cancelled, x: 55, 65, 70)])
        XCTAssertEqual(f.stuckReleased, 1)
        XCTAssertEqual(f.filter(pointer(1, .moved, x: 56, 66, 71)), [])
        XCTAssertEqual(f.filter(pointer(1, .ended, x: 56, 66, 72)), [])
        // The same finger id works again afterwards.
        _ = f.filter(pointer(1, .began, x: 5, 5, 80))
        XCTAssertEqual(f.flush(now: 80.1), [pointer(1, .began, x: 5, 5, 80)])
    }
}

final class EventClockTests: XCTestCase {
    func testStampsAcrossThe32BitWrap() {
        // SDL's 64-bit tick just past 2³² ms (49.7 days): its low 32 bits are 5.
        let ticks: UInt64 = (1 << 32) + 5
        // Stamped 10 ms earlier, before the wrap.
        XCTAssertEqual(EventClock.time(stamp: UInt32.max - 4, ticksNow: ticks, now: 4_294_967.0), 4_294_967.0 - 0.01, accuracy: 1e-9)
        // Stamped 3 ms earlier, after it.
        XCTAssertEqual(EventClock.time(stamp: 2, ticksNow: ticks, now: 100), 100 - 0.003, accuracy: 1e-9)
    }

    func testWithoutWrapAndAheadOfTheTick() {
        XCTAssertEqual(EventClock.time(stamp: 1000, ticksNow: 1250, now: 7.5), 7.25, accuracy: 1e-9)
        // Stamped after the tick was read: no age.
        XCTAssertEqual(EventClock.time(stamp: 1251, ticksNow: 1250, now: 7.5), 7.5)
    }

    func testAnEventQueuedBeforeASuspendCountsAsAtMostMaxAge() {
        XCTAssertEqual(EventClock.time(stamp: 1000, ticksNow: 1000 + 3_600_000, now: 50), 50 - EventClock.maxAge)
    }
}

final class RotationTests: XCTestCase {
    func testPanelPointsMapBackAndForth() {
        let layout = Size(390, 844)
        for r in Rotation.allCases {
            let panel = r.panelSize(layout: layout)
            for p in [Point(0, 0), Point(10, 20), Point(389, 843), Point(200, 500)] {
                let onPanel = r.panelPoint(fromLayout: p, layout: layout)
                XCTAssertEqual(r.layoutPoint(fromPanel: onPanel, panel: panel), p, "\(r)")
            }
        }
        // Turned 90° clockwise: the layout's top-left corner is the panel's top-right.
        XCTAssertEqual(Rotation.quarter.panelPoint(fromLayout: Point(0, 0), layout: layout), Point(844, 0))
        XCTAssertEqual(Rotation.quarter.layoutPoint(fromPanel: Point(844 - 230, 200), panel: Size(844, 390)), Point(200, 230))
        XCTAssertEqual(Rotation.threeQuarters.panelPoint(fromLayout: Point(0, 0), layout: layout), Point(0, 390))
    }

    func testImagesTurnClockwise() {
        // 2×3 image: pixel value = its index (in the red channel).
        var px: [UInt8] = []
        for i in 0..<6 { px += [UInt8(i), 0, 0, 255] }
        let img = RGBAImage(width: 2, height: 3, pixels: px)
        func reds(_ m: RGBAImage) -> [UInt8] { stride(from: 0, to: m.pixels.count, by: 4).map { m.pixels[$0] } }
        // 0 1        90°: 4 2 0     180: 5 4     270: 1 3 5
        // 2 3             5 3 1          3 2          0 2 4
        // 4 5                            1 0
        XCTAssertEqual(reds(img.rotated(.quarter)), [4, 2, 0, 5, 3, 1])
        XCTAssertEqual(img.rotated(.quarter).width, 3)
        XCTAssertEqual(reds(img.rotated(.half)), [5, 4, 3, 2, 1, 0])
        XCTAssertEqual(reds(img.rotated(.threeQuarters)), [1, 3, 5, 0, 2, 4])
        XCTAssertEqual(img.rotated(.none), img)
    }
}
