import XCTest
@testable import FlingCore

/// Each tuning key changes the behaviour it names, in the models that read it.
final class TuningModelTests: XCTestCase {
    let H = sheetTestHeight

    func tuned(_ text: String) -> Tuning {
        do { return try Tuning.parse(text) } catch { XCTFail("\(error)"); return .standard }
    }

    /// One move per 60 Hz frame, then a pause (velocity ≈ 0) and the release.
    func slowDrag(_ s: inout SheetModel, from y0: Double, to y1: Double, at t0: Double) {
        s.press(at: Point(200, y0), onContent: false, time: t0)
        for k in 1...30 { s.move(to: Point(200, y0 + (y1 - y0) * Double(k) / 30), time: t0 + Double(k) / 60) }
        s.release(at: Point(200, y1), time: t0 + 1)
    }

    func testTheStandardTuningIsTheConstantsBitForBit() {
        XCTAssertEqual(Tuning.standard.sheetSpring, MotionConstants.sheetSpring)
        // The standard response and fraction are the seed's spring (stiffness 200, damping 25)
        // through SwiftUI's formulas, not only by the shortcut that returns the constant.
        let roundTrip = SpringParameters.response(Tuning.standard.sheetResponse, dampingFraction: Tuning.standard.sheetDamping)
        XCTAssertEqual(roundTrip.stiffness, 200, accuracy: 1e-9)
        XCTAssertEqual(roundTrip.damping, 25, accuracy: 1e-9)
        XCTAssertEqual(Tuning.standard.cardSpring, MotionConstants.cardSpring)
        XCTAssertEqual(SheetModel(policy: .fluid, height: H).tuning, .standard)
    }

    func testTutorialFullMakesAShortDragGoFull() {
        // Up 120 pt: below the seed's 0.25·H = 211 pt, above 0.1·H = 84.4 pt.
        var standard = presented(.tutorial)
        slowDrag(&standard, from: 600, to: 480, at: 3)
        XCTAssertEqual(standard.detent, .half)
        var tuned = presented(.tutorial, tuning: tuned("tutorial.full=0.1"))
        slowDrag(&tuned, from: 600, to: 480, at: 3)
        XCTAssertEqual(tuned.detent, .full)
    }

    func testTutorialDismissAndPullKeys() {
        // Down 150 pt: the seed's 0.3·H is 253 pt.
        var s = presented(.tutorial, tuning: tuned("tutorial.dismiss=0.15"))
        slowDrag(&s, from: 500, to: 650, at: 3)
        XCTAssertTrue(s.isDismissing)
        XCTAssertEqual(TutorialSheetPolicy(tuning: tuned("tutorial.pull=40")).pullToHalfDistance, 40)
    }

    func testSheetResponseDoublesTheSettleTime() {
        func settle(_ tuning: Tuning) -> (SpringParameters, Double) {
            var s = presented(.tutorial, tuning: tuning)
            s.step(up: true, at: 3)
            guard case .settling(.spring(let spring), _) = s.phase else { XCTFail("\(s.phase)"); return (.init(stiffness: 0, damping: 0), 0) }
            var t = 3.0
            while s.advance(to: t) { t += 1.0 / 600 }
            return (spring.parameters, t - 3)
        }
        let (p1, t1) = settle(.standard)
        let (p2, t2) = settle(tuned("sheet.response=\(2 * Tuning.standard.sheetResponse)"))
        XCTAssertEqual(p1, MotionConstants.sheetSpring)
        XCTAssertEqual(p2.stiffness, 50, accuracy: 1e-9, "(2π / 2·response)² = 200 / 4")
        XCTAssertEqual(p2.damping, 12.5, accuracy: 1e-9, "2·ζ·ω = 25 / 2")
        XCTAssertEqual(t2 / t1, 2, accuracy: 0.3, "settles in about twice the time (\(t1) s → \(t2) s)")
    }

    func testDismissRatioAndProjectionDecideTheFluidRelease() {
        // From half (top 422) released downward at 300 pt/s: 300 / 422 = 0.711/s, and the
        // projection 422 + 149.7 = 571.7 is nearest half, above the dismiss line 633.
        let r = SheetRelease(startDetent: .half, startTop: 422, top: 422, velocity: 300, height: H)
        XCTAssertEqual(FluidSheetPolicy().target(for: r), .half)
        XCTAssertEqual(FluidSheetPolicy(tuning: tuned("dismiss.ratio=0.7")).target(for: r), .dismissed, "0.711 ≥ 0.7")
        XCTAssertEqual(FluidSheetPolicy().projectedEnd(r), 422 + 0.3 * 0.998 / 0.002, accuracy: 1e-9)
        XCTAssertEqual(FluidSheetPolicy(tuning: tuned("projection=0.99")).projectedEnd(r), 422 + 0.3 * 0.99 / 0.01, accuracy: 1e-9)
    }

    func testRubberBandAndProjectionInTheScrollModel() {
        let t = tuned("rubberband=0.3,projection=0.99")
        var m = ScrollModel(viewport: 800, content: 3000, tuning: t)
        m.drag(by: -100, at: 0)
        XCTAssertEqual(m.offset(at: 0), -(1 - 1 / (100 * 0.3 / 800 + 1)) * 800, accuracy: 1e-9)
        var standard = ScrollModel(viewport: 800, content: 3000)
        standard.drag(by: -100, at: 0)
        XCTAssertEqual(standard.offset(at: 0), -(1 - 1 / (100 * 0.55 / 800 + 1)) * 800, accuracy: 1e-9)
        var fling = ScrollModel(viewport: 800, content: 30000, tuning: t)
        fling.drag(by: 100, at: 0)
        fling.endDrag(velocity: 1000, at: 0)
        XCTAssertEqual(fling.offset(at: 100), Deceleration(from: 100, velocity: 1000, startTime: 0, rate: 0.99).finalValue)
    }

    func testSlopTellsTapsFromDrags() {
        var s = presented(.fluid, tuning: tuned("slop=30"))
        s.press(at: Point(200, 500), onContent: false, time: 3)
        s.move(to: Point(200, 480), time: 3.1)
        XCTAssertEqual(s.phase, .resting(.half), "20 pt is inside a 30 pt slop")
        XCTAssertTrue(s.release(at: Point(200, 480), time: 3.2))
        var i = ScrollInteraction(tuning: tuned("slop=30"))
        i.model.resize(viewport: 800, content: 3000, at: 0)
        XCTAssertEqual(i.handle(PointerEvent(id: 0, phase: .began, location: Point(0, 500), time: 0)), .pressed(Point(0, 500)))
        XCTAssertEqual(i.handle(PointerEvent(id: 0, phase: .moved, location: Point(0, 480), time: 0.1)), .none)
        XCTAssertEqual(i.handle(PointerEvent(id: 0, phase: .ended, location: Point(0, 480), time: 0.2)), .tapped(Point(0, 480)))
    }

    func testACardSpringKeyChangesTheExpansion() {
        var c = CardTransition(tuning: tuned("card.response=0.7"))
        c.expand(card: 1, at: 0)
        guard case .spring(let s) = c.progress else { return XCTFail("\(c.progress)") }
        XCTAssertEqual(s.parameters, .response(0.7, dampingFraction: 0.65))
        var standard = CardTransition()
        standard.expand(card: 1, at: 0)
        guard case .spring(let s0) = standard.progress else { return XCTFail() }
        XCTAssertEqual(s0.parameters, MotionConstants.cardSpring)
    }

    func testATuningGivenMidGestureAppliesFromTheNextOne() {
        var s = presented(.tutorial)
        s.press(at: Point(200, 600), onContent: false, time: 3)
        s.apply(tuned("tutorial.full=0.1"))
        XCTAssertEqual(s.tuning, .standard, "the gesture in progress keeps its tuning")
        for k in 1...30 { s.move(to: Point(200, 600 - 4 * Double(k)), time: 3 + Double(k) / 60) }
        s.release(at: Point(200, 480), time: 4)
        XCTAssertEqual(s.detent, .half, "decided with the standard 0.25·H")
        XCTAssertEqual(s.tuning.tutorialFullFraction, 0.1, "adopted when the gesture ended")
    }
}
