import XCTest
@testable import FlingCore

/// The models' decision records for scripted flicks: whole values, rule and outcome agreeing.
final class GestureDecisionTests: XCTestCase {
    let H = sheetTestHeight

    /// A flick: press, one move per 60 Hz frame at constant speed, release at the last move.
    func flick(_ s: inout SheetModel, from y0: Double, to y1: Double, at t0: Double, frames: Int, onContent: Bool = false) {
        s.press(at: Point(200, y0), onContent: onContent, time: t0)
        for k in 1...frames { s.move(to: Point(200, y0 + (y1 - y0) * Double(k) / Double(frames)), time: t0 + Double(k) / 60) }
        s.release(at: Point(200, y1), time: t0 + Double(frames) / 60)
    }

    func testAFluidFlickDownDismissesByTheProjection() throws {
        var s = presented(.fluid)
        flick(&s, from: 500, to: 620, at: 3, frames: 6)
        let d = try XCTUnwrap(s.lastDecision)
        // 120 pt in 0.1 s: 1200 pt/s; the sheet moved 110 pt (the slop) to top 532. 1200 / 312
        // = 3.85/s is under the 5.5 ratio, but the projection 532 + 598.8 is past the line
        // 422 + 211 = 633.
        XCTAssertEqual(d.vy, 1200, accuracy: 1e-6)
        let projected = 532 + Projection.distance(velocity: d.vy)
        XCTAssertEqual(d, GestureDecision(
            target: "sheet", policy: "fluid", startDetent: "half",
            start: .init(t: 3, x: 200, y: 500), release: .init(t: 3.1, x: 200, y: 620), vx: 0, vy: d.vy,
            projected: Point(200, projected),
            decision: .init(outcome: "dismissed", rule: "projected top 1130.8 > dismiss line 633", margin: projected - 633)))
        XCTAssertEqual(s.decisionCount, 1)
        XCTAssertNil(d.settleTime, "not yet at rest")
        // Faster: 2400 pt/s over 312 pt = 7.69/s, the velocity rule.
        var fast = presented(.fluid)
        flick(&fast, from: 500, to: 620, at: 3, frames: 3)
        XCTAssertEqual(fast.lastDecision?.decision.rule, "velocity/distance 7.69 ≥ 5.5")
        XCTAssertEqual(fast.lastDecision?.decision.outcome, "dismissed")
    }

    func testAFluidSlowDragUpGoesFullByTheNearestRule() throws {
        var s = presented(.fluid)
        s.press(at: Point(200, 600), onContent: false, time: 3)
        for k in 1...30 { s.move(to: Point(200, 600 - 10 * Double(k)), time: 3 + Double(k) / 60) }
        s.release(at: Point(200, 300), time: 4)   // 0.5 s still: no velocity
        let d = try XCTUnwrap(s.lastDecision)
        // Top 422 − 290 = 132; full (50) is 82 away, half (422) 290: margin (290 − 82)/2 = 104.
        XCTAssertEqual(d, GestureDecision(
            target: "sheet", policy: "fluid", startDetent: "half",
            start: .init(t: 3, x: 200, y: 600), release: .init(t: 4, x: 200, y: 300), vx: 0, vy: 0,
            projected: Point(200, 132),
            decision: .init(outcome: "full", rule: "projected top 132 nearest full (50)", margin: 104)))
        var t = 4.0
        while s.advance(to: t) { t += 1.0 / 60 }
        let settled = try XCTUnwrap(s.lastDecision)
        guard case .resting(.full) = s.phase else { return XCTFail("\(s.phase)") }
        // The seed spring from 132 to 50: its closed-form rest time, and no overshoot to speak of.
        // Fluid starts its spring at the finger's release velocity (0 here).
        let spring = Spring(parameters: MotionConstants.sheetSpring, from: 132, to: 50, velocity: 0, startTime: 4)
        XCTAssertEqual(try XCTUnwrap(settled.settleTime), spring.settleTime(), accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(settled.overshoot), 0, accuracy: 0.5)
        XCTAssertEqual(s.decisionCount, 1, "settling adds no decision")
    }

    func testTutorialRulesReadInSharesOfH() throws {
        var s = presented(.tutorial)
        s.press(at: Point(200, 600), onContent: false, time: 3)
        for k in 1...30 { s.move(to: Point(200, 600 - 9 * Double(k)), time: 3 + Double(k) / 60) }
        s.release(at: Point(200, 330), time: 4)
        let d = try XCTUnwrap(s.lastDecision)
        // The finger travelled 270 pt from where it went down (the seed's DragGesture
        // translation): −0.32·H; the sheet itself moved 260.
        XCTAssertEqual(d.decision.outcome, "full")
        XCTAssertEqual(d.decision.rule, "translation -0.32·H < -0.25·H")
        // The margin in pt (it was once in H): 270 − 0.25·H.
        XCTAssertEqual(d.decision.margin, 270 - 0.25 * H, accuracy: 1e-9)
        XCTAssertEqual(d.projected.y, 422 - 260)
    }

    func testTwoStageRuleNamesTheDirectionAndTheLine() throws {
        var s = presented(.twoStage)
        // Expanded at 400; a flick down to past 1.3 × 400 = 520.
        flick(&s, from: 450, to: 600, at: 3, frames: 6)
        let d = try XCTUnwrap(s.lastDecision)
        XCTAssertEqual(d.decision, .init(outcome: "dismissed", rule: "down, top 540 > 1.3·expanded 520", margin: 20))
        XCTAssertEqual(d.vy, 1500, accuracy: 1e-6)
        var t = 3.1
        while s.advance(to: t) { t += 1.0 / 60 }
        XCTAssertEqual(try XCTUnwrap(s.lastDecision?.settleTime), TwoStageSheetPolicy.dismissDuration(velocity: d.vy), accuracy: 1e-9,
                       "UIKit completes the dismissal at its duration")
    }

    func testTheRuleNeverDisagreesWithTheTarget() {
        var rng = SplitMix64(seed: 15)
        for kind in SheetPolicyKind.allCases {
            let p = kind.policy
            for _ in 0..<2000 {
                let start = p.detents(height: H).map(\.0)[Int(rng.uniform(0, 1.999))]
                let r = SheetRelease(startDetent: start, startTop: p.top(of: start, height: H), top: rng.uniform(-100, 900),
                                     velocity: rng.uniform(-6000, 6000), height: H)
                let d = p.decision(for: r)
                XCTAssertEqual(p.target(for: r), d.target)
                XCTAssertGreaterThanOrEqual(d.margin, 0, "\(kind) \(r) \(d)")
            }
        }
    }

    func testACardPullRecordsCollapseOrStay() throws {
        var c = CardTransition()
        c.resizeContent(viewport: 844, content: 2000, at: 0)
        c.expand(card: 2, at: 0)
        _ = c.advance(to: 2)
        // 50 pt pull, then still: stays.
        c.pressExpanded(at: Point(200, 300), time: 3)
        for k in 1...18 { c.moveExpanded(to: Point(200, 300 + 60 * Double(k) / 18), time: 3 + Double(k) / 60) }
        c.releaseExpanded(at: Point(200, 360), time: 3.5)
        let stay = try XCTUnwrap(c.lastDecision)
        XCTAssertEqual(stay, GestureDecision(target: "card", policy: "card", startDetent: "expanded", start: .init(t: 3, x: 200, y: 300),
                                             release: .init(t: 3.5, x: 200, y: 360), vx: 0, vy: 0, projected: Point(200, 50),
                                             decision: .init(outcome: "expanded", rule: "projected pull 50 pt ≤ 100 pt", margin: 50)))
        _ = c.advance(to: 5)
        XCTAssertNotNil(c.lastDecision?.settleTime)
        // A quick 60 pt flick: projected past 100 pt, collapses.
        c.pressExpanded(at: Point(200, 300), time: 6)
        for k in 1...6 { c.moveExpanded(to: Point(200, 300 + 70 * Double(k) / 6), time: 6 + Double(k) / 60) }
        c.releaseExpanded(at: Point(200, 370), time: 6.1)
        let collapse = try XCTUnwrap(c.lastDecision)
        XCTAssertEqual(collapse.decision.outcome, "collapsed")
        XCTAssertEqual(collapse.vy, 700, accuracy: 1e-6)
        XCTAssertEqual(collapse.decision.rule, "projected pull 409.3 pt > 100 pt")
        XCTAssertEqual(c.decisionCount, 2)
    }

    func testAListFlingRecordsItsPlan() throws {
        var i = ScrollInteraction(model: ScrollModel(viewport: 800, content: 5000))
        _ = i.handle(PointerEvent(id: 0, phase: .began, location: Point(100, 600), time: 0))
        for k in 1...6 { _ = i.handle(PointerEvent(id: 0, phase: .moved, location: Point(100, 600 - 20 * Double(k)), time: Double(k) / 60)) }
        _ = i.handle(PointerEvent(id: 0, phase: .ended, location: Point(100, 480), time: 0.1))
        let d = try XCTUnwrap(i.lastDecision)
        // 20 pt per frame up: 1200 pt/s; the offset at release is 120 − 10 (slop) = 110.
        let dec = Deceleration(from: 110, velocity: 1200, startTime: 0.1)
        XCTAssertEqual(d.vy, -1200, accuracy: 1e-6)
        XCTAssertEqual(d.vx, 0, accuracy: 1e-6)
        XCTAssertEqual(d.projected.y, dec.finalValue, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(d.settleTime), dec.duration, accuracy: 1e-6)
        // The margin in pt (it was once in pt/s): the 1198 pt/s to spare, projected.
        XCTAssertEqual(d.decision.margin, Projection.distance(velocity: abs(d.vy) - 2), accuracy: 1e-6)
        XCTAssertNil(d.startDetent, "a list has no detents")
        var exact = d
        exact.vx = 0; exact.vy = -1200; exact.projected = Point(100, dec.finalValue); exact.settleTime = dec.duration
        exact.decision.margin = 1198
        XCTAssertEqual(exact, GestureDecision(target: "list", policy: "scroll", start: .init(t: 0, x: 100, y: 600),
                                              release: .init(t: 0.1, x: 100, y: 480), vx: 0, vy: -1200, projected: Point(100, dec.finalValue),
                                              decision: .init(outcome: "fling", rule: "velocity 1200 pt/s > 2 pt/s, stops at offset 708.4", margin: 1198),
                                              settleTime: dec.duration, overshoot: 0))
        // A press before it rests interrupts it: no settle figures.
        _ = i.handle(PointerEvent(id: 0, phase: .began, location: Point(100, 600), time: 0.5))
        XCTAssertNil(i.lastDecision?.settleTime)
    }

    /// Every rule's margin is in pt. Fluid's speed ÷ distance rule: how much farther
    /// from the bottom the sheet could have been and still dismissed at this speed.
    func testFluidsSpeedOverDistanceMarginIsInPoints() {
        let p = FluidSheetPolicy()
        // Top 600 of 844: 244 pt left; 2000 pt/s reaches 5.5/s up to 2000 / 5.5 = 363.6 pt left.
        let d = p.decision(for: SheetRelease(startDetent: .half, startTop: 422, top: 600, velocity: 2000, height: H))
        XCTAssertEqual(d.target, .dismissed)
        XCTAssertEqual(d.rule, "velocity/distance 8.2 ≥ 5.5")
        XCTAssertEqual(d.margin, 2000 / 5.5 - 244, accuracy: 1e-9)
        // Tutorial: 0.3·H down dismisses; 300 pt is 300 − 253.2 pt past it.
        let t = TutorialSheetPolicy().decision(for: SheetRelease(startDetent: .half, startTop: 422, top: 712, velocity: 0, height: H,
                                                                 fingerTranslation: 300))
        XCTAssertEqual(t.target, .dismissed)
        XCTAssertEqual(t.margin, 300 - 0.3 * H, accuracy: 1e-9)
    }

    /// A sheet's outcome is the detent it ends at, and the line says where it began.
    func testASheetFromFullSaysSoAndEndsInADetentName() throws {
        var s = presented(.fluid)
        s.press(at: Point(200, 500), onContent: false, time: 3)
        for k in 1...30 { s.move(to: Point(200, 500 - 15 * Double(k)), time: 3 + Double(k) / 60) }
        s.release(at: Point(200, 50), time: 3.6)
        var t = 3.6
        while s.advance(to: t) { t += 1.0 / 60 }
        XCTAssertEqual(s.lastDecision?.startDetent, "half")
        XCTAssertEqual(s.lastDecision?.decision.outcome, "full")
        flick(&s, from: 200, to: 600, at: 6, frames: 6)
        let d = try XCTUnwrap(s.lastDecision)
        XCTAssertEqual(d.startDetent, "full")
        XCTAssertEqual(d.decision.outcome, "dismissed")
        let line = GestureMetric(scene: "restaurants", decision: d, frames: 1, lateFrames: 0).json.serialized
        XCTAssertTrue(line.contains(#""setting": null, "startDetent": "full""#), line)
        XCTAssertTrue(line.contains(#""outcome": "dismissed""#), line)
    }

    func testAMetricLineFromADecision() {
        let d = GestureDecision(target: "sheet", policy: "fluid", start: .init(t: 1, x: 2, y: 3), release: .init(t: 4, x: 5, y: 6),
                                vx: 7, vy: 8, projected: Point(9, 10), decision: .init(outcome: "half", rule: "r", margin: 1),
                                settleTime: 0.5, overshoot: 2)
        let m = GestureMetric(scene: "restaurants", decision: d, frames: 30, lateFrames: 1)
        XCTAssertEqual(m, GestureMetric(scene: "restaurants", target: "sheet", policy: "fluid", start: d.start, release: d.release,
                                        vx: 7, vy: 8, projected: Point(9, 10), decision: d.decision, settleTime: 0.5, overshoot: 2,
                                        frames: 30, lateFrames: 1))
    }
}

