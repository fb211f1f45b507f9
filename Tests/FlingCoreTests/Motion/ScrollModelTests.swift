import XCTest
@testable import FlingCore

final class ScrollModelTests: XCTestCase {
    /// A list of 20 000 pt in a 600 pt viewport, resting at `offset`.
    private func model(content: Double = 20_000, offset: Double = 1000) -> ScrollModel {
        var m = ScrollModel(viewport: 600, content: content)
        m.setOffset(offset, animated: false, at: 0)
        return m
    }

    /// Runs the loop (advance, then read) at the given frame times until idle; returns the
    /// offsets read and the phases seen.
    private func run(_ m: inout ScrollModel, frames: [Double]) -> (offsets: [Double: Double], phases: [ScrollModel.Phase]) {
        var offsets: [Double: Double] = [:], phases: [ScrollModel.Phase] = []
        for t in frames {
            let moving = m.advance(to: t)
            offsets[t] = m.offset(at: t)
            if phases.last != m.phase { phases.append(m.phase) }
            if !moving { break }
        }
        return (offsets, phases)
    }

    private func frames(hz: Double, from start: Double = 0, until end: Double = 10) -> [Double] {
        (0...Int((end - start) * hz)).map { start + Double($0) / hz }
    }

    func testFlingStopsAtTheSameOffsetAtAnyFrameRate() {
        var rng = SplitMix64(seed: 7)
        var random: [Double] = [0], t = 0.0
        while t < 10 { t += rng.uniform(0.004, 0.033); random.append(t) }

        var finals: [Double] = []
        var reference: [Double: Double] = [:]
        for schedule in [frames(hz: 30), frames(hz: 60), frames(hz: 120), random] {
            var m = model()
            m.beginDrag(at: 0)
            m.endDrag(velocity: 3000, at: 0)
            XCTAssertEqual(m.phase, .decelerating)
            let untouched = m
            let (offsets, phases) = run(&m, frames: schedule)
            XCTAssertEqual(phases, [.decelerating, .idle])
            // advance() only moves the phase: the offsets read equal those of a model never advanced.
            for (time, offset) in offsets { XCTAssertEqual(offset, untouched.offset(at: time)) }
            for (time, offset) in offsets where reference[time] == nil { reference[time] = offset }
            for (time, offset) in offsets { assertClose(offset, reference[time] ?? .nan, within: 1e-9, "t \(time)") }
            finals.append(m.offset(at: 100))
        }
        let expected = 1000 + (3000 - MotionConstants.decelerationStopVelocity) / (-1000 * log(0.998))
        print("[motion] fling 3000 pt/s from 1000 stops at \(finals[0]) pt at every frame rate")
        for final in finals { XCTAssertEqual(final, finals[0]) }
        assertClose(finals[0], expected, within: 1e-9, "closed form")
    }

    func testDragPastTopIsRubberBandedAndUnbandsConsistently() {
        var m = model(offset: 0)
        m.beginDrag(at: 0)
        m.drag(by: -100, at: 0.01)
        let banded = -RubberBand.offset(overshoot: 100, dimension: 600)
        assertClose(m.offset(at: 0.01), banded, within: 1e-12, "banded")
        XCTAssertLessThan(m.offset(at: 0.01), -50)
        XCTAssertGreaterThan(m.offset(at: 0.01), -100)
        m.drag(by: 40, at: 0.02)
        assertClose(m.offset(at: 0.02), -RubberBand.offset(overshoot: 60, dimension: 600), within: 1e-12, "back")
        m.drag(by: 60, at: 0.03)
        XCTAssertEqual(m.offset(at: 0.03), 0)
        m.drag(by: 25, at: 0.04)
        XCTAssertEqual(m.offset(at: 0.04), 25, "1:1 inside the range")
        XCTAssertEqual(m.phase, .dragging)
        XCTAssertFalse(m.isMoving(at: 0.04))
    }

    func testReleaseInsideBandSpringsBackToExactlyZero() {
        var m = model(offset: 0)
        m.beginDrag(at: 0)
        m.drag(by: -150, at: 0.1)
        m.endDrag(velocity: 0, at: 0.1)
        XCTAssertEqual(m.phase, .bouncing)
        let (offsets, phases) = run(&m, frames: frames(hz: 60, from: 0.1))
        XCTAssertEqual(phases, [.bouncing, .idle])
        XCTAssertEqual(m.offset(at: 50), 0)
        XCTAssertEqual(m.velocity(at: 50), 0)
        XCTAssertFalse(m.advance(to: 60))
        XCTAssertTrue(offsets.values.allSatisfy { $0 <= 0 }, "critically damped: no overshoot into content")
        print("[motion] rubber band release from \(offsets[0.1] ?? .nan) pt: idle after \((offsets.keys.max() ?? 0) - 0.1) s")
    }

    func testReleaseInsideBandWithInwardFlingScrollsOn() {
        var m = model(offset: 0)
        m.beginDrag(at: 0)
        m.drag(by: -80, at: 0.1)
        m.endDrag(velocity: 2000, at: 0.1)
        XCTAssertEqual(m.phase, .decelerating)
        _ = run(&m, frames: frames(hz: 60, from: 0.1))
        XCTAssertGreaterThan(m.offset(at: 20), 500)
    }

    func testFlingPastBottomBouncesBackToMaxOffset() {
        var m = model(content: 2000, offset: 1200)
        XCTAssertEqual(m.maxOffset, 1400)
        m.beginDrag(at: 0)
        m.endDrag(velocity: 3000, at: 0)
        let (offsets, phases) = run(&m, frames: frames(hz: 120))
        XCTAssertEqual(phases, [.decelerating, .bouncing, .idle])
        let peak = offsets.values.max() ?? 0
        print("[motion] fling 3000 pt/s 200 pt before the end overshoots to \(peak - 1400) pt past it")
        XCTAssertGreaterThan(peak, 1400)
        XCTAssertLessThan(peak, 1400 + 600)
        XCTAssertEqual(m.offset(at: 100), 1400)
        // Velocity is continuous through the crossing into the bounce.
        var copy = model(content: 2000, offset: 1200)
        copy.endDrag(velocity: 3000, at: 0)
        if case let .decelerating(deceleration, bounce?) = copy.state {
            let crossing = bounce.spring.startTime
            assertClose(copy.velocity(at: crossing), deceleration.velocity(at: crossing), within: 1e-9, "v")
            assertClose(copy.offset(at: crossing), deceleration.value(at: crossing), within: 1e-9, "x")
        } else {
            XCTFail("expected a deceleration with a bounce")
        }
    }

    func testFlingUpAtTheTopBouncesImmediately() {
        var m = model(offset: 0)
        m.endDrag(velocity: -2000, at: 1)
        XCTAssertLessThan(m.offset(at: 1.05), 0)
        _ = run(&m, frames: frames(hz: 60, from: 1, until: 5))
        XCTAssertEqual(m.phase, .idle)
        XCTAssertEqual(m.offset(at: 5), 0)
    }

    func testGrabMidFlightHasNoJump() {
        var m = model(content: 2000, offset: 1200)
        m.endDrag(velocity: 3000, at: 0)
        for grab in [0.03, 0.2, 0.5] {   // decelerating, bouncing past the end, late in the bounce
            var grabbed = m
            let before = grabbed.offset(at: grab)
            grabbed.beginDrag(at: grab)
            XCTAssertEqual(grabbed.phase, .dragging)
            assertClose(grabbed.offset(at: grab), before, within: 1e-9, "grab at \(grab)")
            assertClose(grabbed.offset(at: grab + 1), before, within: 1e-9, "held")
            grabbed.drag(by: 0, at: grab + 0.01)
            assertClose(grabbed.offset(at: grab + 0.01), before, within: 1e-9, "zero move")
        }
    }

    func testWheelAccumulatesAndClamps() {
        var m = model(content: 2000, offset: 0)
        m.scroll(by: -100, at: 0)
        XCTAssertEqual(m.offset(at: 0.5), 0)
        XCTAssertFalse(m.isMoving(at: 0))
        m.scroll(by: 120, at: 1)
        m.scroll(by: 120, at: 1.05)
        XCTAssertEqual(m.phase, .animating)
        _ = run(&m, frames: frames(hz: 60, from: 1.05, until: 5))
        XCTAssertEqual(m.offset(at: 5), 240)
        m.scroll(by: 1e6, at: 6)
        _ = run(&m, frames: frames(hz: 60, from: 6, until: 10))
        XCTAssertEqual(m.offset(at: 10), 1400)
        XCTAssertEqual(m.phase, .idle)
        // A 100 pt wheel step finishes in about a quarter of a second.
        var step = model(content: 2000, offset: 0)
        step.scroll(by: 100, at: 0)
        guard case let .animating(settling) = step.state else { return XCTFail("expected a spring") }
        print("[motion] 100 pt wheel step settles in \(settling.restTime) s")
        assertClose(settling.restTime, 0.25, within: 0.03, "wheel step duration")
    }

    func testSetOffset() {
        var m = model(content: 2000, offset: 0)
        m.setOffset(5000, animated: false, at: 0)
        XCTAssertEqual(m.offset(at: 0), 1400)
        m.setOffset(300, animated: true, at: 1)
        XCTAssertEqual(m.phase, .animating)
        XCTAssertEqual(m.offset(at: 1), 1400, "starts where it is")
        _ = run(&m, frames: frames(hz: 60, from: 1, until: 5))
        XCTAssertEqual(m.offset(at: 5), 300)
    }

    func testResizeClamps() {
        var m = model(content: 2000, offset: 1400)
        m.resize(viewport: 600, content: 1000, at: 1)
        XCTAssertEqual(m.maxOffset, 400)
        XCTAssertEqual(m.offset(at: 1), 400)
        XCTAssertEqual(m.phase, .idle)
        m.resize(viewport: 800, content: 500, at: 2)
        XCTAssertEqual(m.offset(at: 2), 0)
        // While a fling runs, the new end is where it bounces.
        var f = model(content: 20_000, offset: 1000)
        f.endDrag(velocity: 3000, at: 0)
        let mid = f.offset(at: 0.1)
        f.resize(viewport: 600, content: 1800, at: 0.1)
        assertClose(f.offset(at: 0.1), mid, within: 1e-9, "no jump")
        _ = run(&f, frames: frames(hz: 60, from: 0.1))
        XCTAssertEqual(f.offset(at: 20), 1200)
        // During a bounce past the bottom, a taller content keeps the bounce where it is.
        var b = model(content: 2000, offset: 1200)
        b.endDrag(velocity: 3000, at: 0)
        _ = b.advance(to: 0.2)
        XCTAssertEqual(b.phase, .bouncing)
        let during = b.offset(at: 0.2)
        b.resize(viewport: 600, content: 2100, at: 0.2)
        assertClose(b.offset(at: 0.2), during, within: 1e-9, "no jump")
        XCTAssertEqual(b.phase, .bouncing)
        _ = run(&b, frames: frames(hz: 60, from: 0.2))
        XCTAssertEqual(b.offset(at: 20), 1400)
    }

    func testDegenerateSizesStayFinite() {
        var m = ScrollModel()
        m.beginDrag(at: 0)
        m.drag(by: 500, at: 0.1)
        XCTAssertEqual(m.offset(at: 0.1), 0, "no viewport, no band")
        m.endDrag(velocity: .infinity, at: 0.1)
        m.scroll(by: .nan, at: 0.2)
        m.resize(viewport: .nan, content: -5, at: 0.3)
        for t in [0.3, 1, 10] {
            _ = m.advance(to: t)
            XCTAssertTrue(m.offset(at: t).isFinite && m.velocity(at: t).isFinite)
        }
        XCTAssertEqual(m.offset(at: 10), 0)
    }
}
