import Foundation
import XCTest
@testable import FlingCore

final class VelocityTrackerTests: XCTestCase {
    /// Feeds a reference case: the first sample is the press, the last the release (time only).
    private func estimate(_ samples: [[Double]]) -> Point? {
        var tracker = VelocityTracker()
        guard let first = samples.first, let last = samples.last, samples.count >= 2 else { return nil }
        tracker.addPress(time: first[0], position: Point(first[1], first[2]))
        for sample in samples.dropFirst().dropLast() {
            tracker.addMove(time: sample[0], position: Point(sample[1], sample[2]))
        }
        return tracker.velocity(releaseTime: last[0])
    }

    func testAndroidLSQ2ReferenceCases() throws {
        let cases = try ReferenceData.velocityCases()
        let lsq2 = cases.filter { $0.strategy != "IMPULSE" }
        var passed = 0, worstRelative = 0.0
        for check in lsq2 {
            let name = "\(check.test) \(check.strategy) \(check.axis)"
            let velocity = estimate(check.samples)
            guard let expected = check.expected else {
                XCTAssertNil(velocity, "\(name): expected no velocity")
                if velocity == nil { passed += 1 }
                continue
            }
            guard let velocity else {
                XCTFail("\(name): expected \(expected) px/s, got no velocity")
                continue
            }
            let actual = check.axis == "x" ? velocity.x : velocity.y
            let allowed = expected == 0 ? 1e-6 : check.tolerance * abs(expected)
            XCTAssertLessThanOrEqual(abs(actual - expected), allowed, "\(name): \(actual) vs \(expected)")
            if abs(actual - expected) <= allowed { passed += 1 }
            if expected != 0 { worstRelative = max(worstRelative, abs(actual - expected) / abs(expected)) }
        }
        print("[motion] LSQ2 reference checks passed: \(passed) of \(lsq2.count); worst relative deviation \(worstRelative)")
        XCTAssertGreaterThan(lsq2.count, 0, "no LSQ2 cases in velocity-cases.json")
        XCTAssertEqual(lsq2.count, 41, "the README counts 41 LSQ2-family checks")
        XCTAssertEqual(passed, lsq2.count)
    }

    func testSyntheticFlicksAt120HzWithJitterAndNoise() {
        var rng = SplitMix64(seed: 0x5EED)
        var squaredErrors: [Double: [Double]] = [:]
        for speed in [1000.0, 1500, 2500, 4000, 7000] {
            for _ in 0..<400 {
                let angle = rng.uniform(0, 2 * Double.pi)
                let direction = Point(cos(angle), sin(angle))
                let start = Point(rng.uniform(0, 800), rng.uniform(0, 600))
                var tracker = VelocityTracker()
                // A 150 ms straight flick at constant speed; each event's timestamp is off by up
                // to ±1 ms from when its position was sampled, and positions carry 0.3 pt noise.
                var lastStamp = 0.0
                for frame in 0...18 {
                    let t = Double(frame) / 120
                    let stamp = t + rng.uniform(-0.001, 0.001)
                    let position = start + direction * (speed * t)
                        + Point(0.3 * rng.gaussian(), 0.3 * rng.gaussian())
                    if frame == 0 { tracker.addPress(time: stamp, position: position) }
                    else { tracker.addMove(time: stamp, position: position) }
                    lastStamp = stamp
                }
                guard let v = tracker.velocity(releaseTime: lastStamp + 0.004) else {
                    XCTFail("no velocity for a \(speed) pt/s flick")
                    continue
                }
                let error = (v - direction * speed).length / speed
                squaredErrors[speed, default: []].append(error * error)
            }
        }
        for (speed, errors) in squaredErrors.sorted(by: { $0.key < $1.key }) {
            let rms = (errors.reduce(0, +) / Double(errors.count)).squareRoot()
            print("[motion] synthetic 120 Hz flick \(Int(speed)) pt/s: RMS velocity error \(rms * 100) %")
            XCTAssertLessThanOrEqual(rms, 0.03, "\(speed) pt/s")
        }
    }

    func testPauseBeforeReleaseGivesNoVelocity() {
        var tracker = VelocityTracker()
        tracker.addPress(time: 0, position: Point(0, 0))
        for i in 1...10 { tracker.addMove(time: Double(i) * 0.008, position: Point(Double(i) * 8, 0)) }
        XCTAssertNotNil(tracker.velocity(releaseTime: 0.08 + 0.040))
        XCTAssertNil(tracker.velocity(releaseTime: 0.08 + 0.050))
    }

    func testStopThenMoveDropsOldHistory() {
        var tracker = VelocityTracker()
        tracker.addPress(time: 0, position: Point(0, 0))
        tracker.addMove(time: 0.01, position: Point(50, 0))
        // A 50 ms gap: the pointer had stopped, the earlier fast motion must not count.
        tracker.addMove(time: 0.06, position: Point(50, 0))
        XCTAssertEqual(tracker.sampleCount, 1)
        XCTAssertNil(tracker.velocity())
        tracker.addMove(time: 0.07, position: Point(51, 0))
        assertClose(tracker.velocity()?.x ?? .nan, 100, within: 1e-9, "two-sample linear estimate")
    }

    func testQuadraticIsExactAndHistoryIsBounded() {
        // x = 3 + 200t + 4000t²: the fit is exact, v(t) = 200 + 8000t at the newest sample.
        var tracker = VelocityTracker()
        tracker.addPress(time: 0, position: Point(3, 0))
        for i in 1...30 {
            let t = Double(i) * 0.002
            tracker.addMove(time: t, position: Point(3 + 200 * t + 4000 * t * t, -5 * t))
        }
        XCTAssertEqual(tracker.sampleCount, MotionConstants.velocityHistorySize)
        let v = tracker.velocity()
        assertClose(v?.x ?? .nan, 200 + 8000 * 0.06, within: 1e-6, "vx")
        assertClose(v?.y ?? .nan, -5, within: 1e-6, "vy")
        // Same-time events replace each other; non-finite input is ignored.
        tracker.addMove(time: 0.06, position: Point(.nan, 0))
        tracker.reset()
        XCTAssertNil(tracker.velocity())
        tracker.addPress(time: 1, position: Point(0, 0))
        XCTAssertNil(tracker.velocity(), "one sample gives no estimate")
    }

    /// A slow drag (280 pt/s at 60 Hz) whose last moves arrive as one late batch, stamped
    /// microseconds apart (SDL's whole-ms stamps read in one poll): it stays a slow drag.
    func testALateBatchStampedMicrosecondsApartIsNoFlick() {
        var t = VelocityTracker()
        t.addPress(time: 0, position: Point(0, 0))
        var y = 0.0
        for k in 1...40 { y = 280 * Double(k) / 60; t.addMove(time: Double(k) / 60, position: Point(0, y)) }
        let batchStart = 40.0 / 60 + 0.020
        for k in 1...5 { t.addMove(time: batchStart + Double(k) * 0.0000055, position: Point(0, y + 2 * Double(k))) }
        let v = t.velocity(releaseTime: batchStart + 0.0001)
        XCTAssertNotNil(v)
        // Before: the fit through 10 pt over 27 µs hit the 8000 pt/s cap.
        XCTAssertLessThan(v?.y ?? .infinity, 1200)
        XCTAssertGreaterThan(v?.y ?? 0, 200)
    }

    /// The reproducer of a stalled loop's bunched moves: after a stop (> 40 ms without input) the first two moves arrive
    /// in one poll, microseconds apart. They are one instant, not a flick at the cap: the same
    /// moves 10 ms apart read −200 pt/s and stay a slow drag; read in one poll they give no
    /// estimate (one instant) instead of −8,000 pt/s.
    func testTwoMovesInOnePollAfterAStopAreOneInstant() {
        var apart = VelocityTracker(), together = VelocityTracker()
        apart.addPress(time: 0, position: Point(0, 400))
        apart.addMove(time: 0.1, position: Point(0, 400))          // a stop: history dropped
        apart.addMove(time: 0.11, position: Point(0, 398))
        assertClose(apart.velocity(releaseTime: 0.11)?.y ?? .nan, -200, within: 1e-6, "10 ms apart")

        together.addPress(time: 0, position: Point(0, 400))
        together.addMove(time: 0.1, position: Point(0, 400))
        together.addMove(time: 0.100003, position: Point(0, 340))   // 60 pt, 3 µs later: same poll
        XCTAssertEqual(together.sampleCount, 1)
        XCTAssertNil(together.velocity(releaseTime: 0.100004))
        XCTAssertEqual(together.releaseVelocity(at: 0.100004), .zero)
        // A press still keeps its own sample: the first move after it is a move.
        var pressed = VelocityTracker()
        pressed.addPress(time: 0, position: Point(0, 0))
        pressed.addMove(time: 0.0005, position: Point(0, 1))
        XCTAssertEqual(pressed.sampleCount, 2)
    }

    /// The samples are a ring held inline: once it wraps, the tracker keeps exactly the last
    /// 20 moves (its estimate is that of a tracker given only those), and two trackers holding
    /// the same samples are equal wherever their rings start.
    func testTheRingKeepsTheLastTwentyMovesAndComparesBySamples() {
        func move(_ i: Int) -> (Double, Point) {
            let t = Double(i) * 0.004
            return (t, Point(1000 * t - 9000 * t * t, 3 * Double(i % 5)))
        }
        var long = VelocityTracker()
        for i in 0..<47 { let (t, p) = move(i); long.addMove(time: t, position: p) }
        var short = VelocityTracker()
        for i in 27..<47 { let (t, p) = move(i); short.addMove(time: t, position: p) }
        XCTAssertEqual(VelocityTracker.ringSize, MotionConstants.velocityHistorySize, "the ring holds the whole history")
        XCTAssertEqual(long.sampleCount, 20)
        XCTAssertEqual(long, short, "the same 20 samples, the rings started at different places")
        XCTAssertEqual(long.velocity(), short.velocity())
        // A move at the newest sample's time replaces it, across the ring's seam too.
        let (t, p) = move(46)
        long.addMove(time: t, position: p + Point(0, 5))
        XCTAssertEqual(long.sampleCount, 20)
        XCTAssertNotEqual(long, short)
        short.addMove(time: t, position: p + Point(0, 5))
        XCTAssertEqual(long, short)
        long.reset()
        XCTAssertEqual(long, VelocityTracker())
        XCTAssertNotEqual(short, VelocityTracker())
    }
}
