import XCTest
@testable import FlingCore

/// The interaction models as whole values: one state each, compared entire.
final class WholeStateTests: XCTestCase {
    func testScrollModelIsOneStateEnum() {
        var m = ScrollModel(viewport: 800, content: 3000)
        XCTAssertEqual(m, ScrollModel(viewport: 800, content: 3000, state: .idle(0)))
        m.drag(by: 120, at: 0)
        XCTAssertEqual(m, ScrollModel(viewport: 800, content: 3000, state: .dragging(raw: 120)))
        m.endDrag(velocity: 1000, at: 0.1)
        XCTAssertEqual(m, ScrollModel(viewport: 800, content: 3000,
                                      state: .decelerating(Deceleration(from: 120, velocity: 1000, startTime: 0.1), bounce: nil)))
        XCTAssertEqual(m.phase, .decelerating)
        m.advance(to: 100)
        let end = Deceleration(from: 120, velocity: 1000, startTime: 0.1).finalValue
        XCTAssertEqual(m, ScrollModel(viewport: 800, content: 3000, state: .idle(end)))
        // Past the top: released in the band, it bounces back with the bounce spring.
        var b = ScrollModel(viewport: 800, content: 3000)
        b.drag(by: -100, at: 0)
        let shown = b.offset(at: 0)
        b.endDrag(velocity: 0, at: 0)
        XCTAssertEqual(b, ScrollModel(viewport: 800, content: 3000, state: .bouncing(.init(Spring(
            parameters: MotionConstants.scrollBounceSpring, from: shown, to: 0, velocity: 0, startTime: 0)))))
        XCTAssertEqual(b.phase, .bouncing)
        // A wheel step animates; the tuning is part of the value.
        var w = ScrollModel(viewport: 800, content: 3000)
        w.scroll(by: 100, at: 0)
        XCTAssertEqual(w.phase, .animating)
        XCTAssertNotEqual(ScrollModel(viewport: 800, content: 3000, tuning: try! Tuning.parse("rubberband=0.3")),
                          ScrollModel(viewport: 800, content: 3000))
    }

    func testSheetModelsCompareWhole() {
        func opened(_ kind: SheetPolicyKind, _ tuning: Tuning = .standard) -> SheetModel {
            var s = SheetModel(policy: kind, height: 844, tuning: tuning)
            s.contentLength = 2000
            s.present(at: 0)
            _ = s.advance(to: 3)
            return s
        }
        XCTAssertEqual(opened(.fluid), opened(.fluid))
        XCTAssertEqual(SheetModel(policy: FluidSheetPolicy(), height: 844), SheetModel(policy: .fluid, height: 844))
        XCTAssertNotEqual(opened(.fluid), opened(.tutorial), "the policy is part of the value")
        XCTAssertNotEqual(opened(.fluid), opened(.fluid, try! Tuning.parse("dismiss.ratio=3")), "so is its tuning")
        var a = opened(.fluid)
        a.apply(try! Tuning.parse("dismiss.ratio=3"))
        XCTAssertEqual(a, opened(.fluid, try! Tuning.parse("dismiss.ratio=3")), "applied at rest, it is the same as given at init")
        // The same gesture on two equal sheets leaves equal sheets; a different one does not.
        var b = opened(.fluid), c = opened(.fluid)
        for s in [0, 1] {
            var m = s == 0 ? b : c
            m.press(at: Point(200, 500), onContent: false, time: 3)
            m.move(to: Point(200, 560), time: 3.05)
            m.release(at: Point(200, 560), time: 3.1)
            if s == 0 { b = m } else { c = m }
        }
        XCTAssertEqual(b, c)
        XCTAssertEqual(b.decisionCount, 1)
        c.step(up: true, at: 4)
        XCTAssertNotEqual(b, c)
    }

    func testCardTransitionCarriesItsTuning() {
        let t = try! Tuning.parse("card.response=0.5,slop=20")
        var c = CardTransition(tuning: t)
        c.expand(card: 3, at: 0)
        XCTAssertEqual(c, CardTransition(state: .expanding(
            .init(card: 3, content: ScrollModel(tuning: t)), progress: .spring(Spring(parameters: .response(0.5, dampingFraction: 0.65), from: 0, to: 1, velocity: 0, startTime: 0,
                                               restDistance: MotionConstants.unitRestDistance, restVelocity: MotionConstants.unitRestVelocity)),
            pull: AnimatedValue.resting(0).animated(to: 0, with: MotionConstants.cardPullBackSpring, at: 0),
            touch: nil), tuning: t))
        _ = c.advance(to: 3)
        c.pressExpanded(at: Point(100, 300), time: 4)
        c.moveExpanded(to: Point(100, 315), time: 4.1)
        XCTAssertEqual(c.phase, .expanded, "15 pt is inside the tuned 20 pt slop")
    }
}
