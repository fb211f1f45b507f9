import XCTest
@testable import FlingCore

final class CardTransitionTests: XCTestCase {
    func expanded() -> CardTransition {
        var c = CardTransition()
        c.resizeContent(viewport: 844, content: 2000, at: 0)
        c.expand(card: 2, at: 0)
        _ = c.advance(to: 2)
        c.resizeContent(viewport: 844, content: 2000, at: 2)
        return c
    }

    /// Pulls from y = 300 down by `by` pt past the slop, pausing `pause` s before release.
    func pull(_ c: inout CardTransition, by: Double, duration: Double = 0.3, pause: Double = 0.2, at t0: Double = 3) {
        c.pressExpanded(at: Point(200, 300), time: t0)
        let n = Int(duration * 60)
        let total = by + (by >= 0 ? 10 : -10)
        for k in 1...n {
            c.moveExpanded(to: Point(200, 300 + total * Double(k) / Double(n)), time: t0 + duration * Double(k) / Double(n))
        }
        c.releaseExpanded(at: Point(200, 300 + total), time: t0 + duration + pause)
    }

    func testExpandsWithTheCardSpringToTheWindow() {
        var c = CardTransition()
        c.expand(card: 1, at: 0)
        XCTAssertEqual(c.phase, .expanding)
        XCTAssertEqual(c.progressValue(at: 0), 0)
        XCTAssertGreaterThan(c.progressValue(at: 0.1), 0.3)
        _ = c.advance(to: 2)
        XCTAssertEqual(CardSnapshot(c, at: 2), CardSnapshot(phase: .expanded, index: 1, progress: 1))
    }

    func testPressShrinksAndReleasesWithoutSelecting() {
        var c = CardTransition()
        c.press(card: 0, at: 0)
        XCTAssertEqual(c.phase, .pressed)
        _ = c.advance(to: 1)
        XCTAssertEqual(c.pressScale.value(at: 1), 0.96, accuracy: 1e-9)
        c.releasePress(at: 1)
        _ = c.advance(to: 2)
        XCTAssertEqual(CardSnapshot(c, at: 2), CardSnapshot(phase: .collapsed, index: nil, progress: 0))
        XCTAssertEqual(c.pressScale.value(at: 2), 1)
    }

    func testCloseCollapsesWithEaseInOutIn035s() {
        var c = expanded()
        c.close(at: 3)
        XCTAssertEqual(c.phase, .collapsing)
        XCTAssertEqual(c.progressValue(at: 3.175), 0.5, accuracy: 1e-6, "ease-in-out is symmetric")
        _ = c.advance(to: 3.35)
        XCTAssertEqual(CardSnapshot(c, at: 3.35), CardSnapshot(phase: .collapsed, index: nil, progress: 0))
    }

    func testAPullOf100PointsRoundsTheCardBackTo15Points() {
        var c = expanded()
        c.pressExpanded(at: Point(200, 300), time: 3)
        c.moveExpanded(to: Point(200, 310), time: 3.05)
        c.moveExpanded(to: Point(200, 410), time: 3.1)
        XCTAssertEqual(c.phase, .dragging)
        XCTAssertEqual(c.pullScale(at: 3.1), 0.86, accuracy: 1e-12)
        XCTAssertEqual(c.pull.value(at: 3.1), 100, accuracy: 1e-9)
        XCTAssertEqual(c.pullRadius(at: 3.1), 15, accuracy: 1e-9)
    }

    func testSlowReleaseJustUnderAndOverTheThreshold() {
        var under = expanded()
        pull(&under, by: 99)
        XCTAssertEqual(under.phase, .expanded, "springs back")
        _ = under.advance(to: 6)
        XCTAssertEqual(CardSnapshot(under, at: 6), CardSnapshot(phase: .expanded, index: 2, progress: 1, rule: "projected pull 99 pt ≤ 100 pt"))
        var over = expanded()
        pull(&over, by: 101)
        XCTAssertEqual(over.phase, .collapsing)
        _ = over.advance(to: 6)
        XCTAssertEqual(CardSnapshot(over, at: 6), CardSnapshot(phase: .collapsed, index: nil, progress: 0, rule: "pull 101 pt > 100 pt"))
    }

    func testAFlickProjectsPastTheThreshold() {
        var c = expanded()
        pull(&c, by: 40, duration: 0.1, pause: 0)
        XCTAssertEqual(c.phase, .collapsing, "40 pt at 500 pt/s projects to 290 pt")
        XCTAssertLessThan(c.progress.velocity(at: 3.1), 0, "the spring starts moving home at once")
    }

    func testDragUpAtTheTopScrollsTheContent() {
        var c = expanded()
        pull(&c, by: -200, duration: 0.3, pause: 0.2)
        XCTAssertEqual(CardSnapshot(c, at: 3.5), CardSnapshot(phase: .expanded, index: 2, progress: 1, contentOffset: 200),
                       "a scroll of the story, no release decision")
        // Down again from a scrolled content scrolls back first, no pull.
        c.pressExpanded(at: Point(200, 300), time: 4)
        c.moveExpanded(to: Point(200, 320), time: 4.05)
        c.moveExpanded(to: Point(200, 400), time: 4.1)
        XCTAssertEqual(c.phase, .expanded)
        XCTAssertEqual(c.content.offset(at: 4.1), 110, accuracy: 1e-6)
    }

    func testTappingTheCollapsingCardReversesWithoutAJump() {
        var c = expanded()
        c.close(at: 3)
        let p = c.progressValue(at: 3.1)
        c.expand(card: 2, at: 3.1)
        XCTAssertEqual(c.progressValue(at: 3.1), p, accuracy: 1e-9)
        XCTAssertNil(c.outgoing)
        _ = c.advance(to: 5)
        XCTAssertEqual(c.phase, .expanded)
    }

    func testTappingAnotherCardWhileOneCollapsesLetsItFinishOnItsOwn() {
        var c = expanded()
        c.close(at: 3)
        let p = c.progressValue(at: 3.1)
        c.expand(card: 4, at: 3.1)
        XCTAssertEqual(c.index, 4)
        XCTAssertEqual(c.outgoing?.index, 2)
        XCTAssertEqual(c.outgoing?.progress.value(at: 3.1) ?? -1, p, accuracy: 1e-9, "the outgoing card does not jump")
        XCTAssertEqual(c.progressValue(at: 3.1), 0)
        _ = c.advance(to: 5)
        XCTAssertNil(c.outgoing)
        XCTAssertEqual(c.phase, .expanded)
    }

    func testTheExpansionKeepsItsOvershootAndLandsWithoutASnap() {
        var c = CardTransition()
        c.expand(card: 0, at: 0)
        var peak = 0.0, t = 0.0, last = 0.0, lastStep = 1.0
        while c.phase == .expanding && t < 3 {
            t += 1.0 / 60
            _ = c.advance(to: t)
            let p = c.progressValue(at: t)
            peak = max(peak, p)
            lastStep = abs(p - last)
            last = p
        }
        XCTAssertEqual(c.phase, .expanded)
        XCTAssertGreaterThan(peak, 1.05, "damping fraction 0.65 overshoots by about 7 %")
        XCTAssertLessThan(lastStep, 0.002, "it comes to rest, it does not snap (under 1 pt at 844 pt)")
    }

    func testThePressShrinkAnimates() {
        var c = CardTransition()
        c.press(card: 1, at: 0)
        _ = c.advance(to: 1.0 / 60)
        let s = c.pressScale.value(at: 1.0 / 60)
        XCTAssertLessThan(s, 1)
        XCTAssertGreaterThan(s, 0.96, "one frame in, it is on its way")
    }
}

/// Whole states: the transition is one `State` value, so a test can say all of it at once.
final class CardTransitionStateTests: XCTestCase {
    func unit(_ v: AnimatedValue, to target: Double, at t: Double) -> AnimatedValue {
        v.animated(to: target, with: MotionConstants.cardSpring, at: t,
                   restDistance: MotionConstants.unitRestDistance, restVelocity: MotionConstants.unitRestVelocity)
    }

    func testAPressIsAHeldCardAndNothingElse() {
        var c = CardTransition()
        XCTAssertEqual(c.state, .collapsed)
        c.press(card: 3, at: 0)
        _ = c.advance(to: 1)
        XCTAssertEqual(c.state, .pressed(CardTransition.Held(card: 3, scale: .resting(MotionConstants.cardPressedScale))))
        c.releasePress(at: 1)
        XCTAssertEqual(c.state, .collapsed)
    }

    func testExpandedIsTheCardItsEmptyPullItsScrollAndNoFinger() {
        var c = CardTransition()
        c.expand(card: 2, at: 0)
        XCTAssertEqual(c.state, .expanding(.init(card: 2, content: ScrollModel()), progress: unit(.resting(0), to: 1, at: 0),
                                           pull: AnimatedValue.resting(0).animated(to: 0, with: MotionConstants.cardPullBackSpring, at: 0),
                                           touch: nil))
        _ = c.advance(to: 2)
        XCTAssertEqual(c.state, .expanded(.init(card: 2, content: ScrollModel()), pull: .resting(0), touch: nil))
    }

    func testAPullIsADraggingStateWithTheFingerAndTheAmount() {
        var c = CardTransition()
        c.expand(card: 2, at: 0)
        _ = c.advance(to: 2)
        c.pressExpanded(at: Point(200, 300), time: 3)
        c.moveExpanded(to: Point(200, 310), time: 3.05)
        c.moveExpanded(to: Point(200, 360), time: 3.1)
        guard case let .dragging(open, pull, touch) = c.state else { return XCTFail("\(c.state)") }
        XCTAssertEqual(open, CardTransition.Open(card: 2, content: ScrollModel()))
        XCTAssertEqual(pull, 50, accuracy: 1e-9)
        XCTAssertEqual(touch.lastY, 360)
        XCTAssertFalse(touch.scrolling)
        XCTAssertEqual(touch.classifier.state, .dragging(start: Point(200, 300)))
        // Let go under the threshold: back to expanded, the pull springing home, no finger.
        c.releaseExpanded(at: Point(200, 360), time: 3.5)
        guard case let .expanded(open, springBack, nil) = c.state, open.card == 2, open.outgoing == nil else { return XCTFail("\(c.state)") }
        XCTAssertEqual(springBack.value(at: 3.5), 50, accuracy: 1e-9)
        XCTAssertEqual(springBack.target, 0)
    }

    func testCloseIsATimedCollapseKeepingThePullAndForgettingTheFinger() {
        var c = CardTransition()
        c.expand(card: 1, at: 0)
        _ = c.advance(to: 2)
        c.pressExpanded(at: Point(200, 300), time: 2.5)
        c.close(at: 3)
        XCTAssertEqual(c.state, .collapsing(.init(card: 1, content: ScrollModel()),
                                            progress: .timed(TimedAnimation(from: 1, to: 0, startTime: 3, duration: MotionConstants.cardCloseDuration, curve: .easeInOut)),
                                            pull: .resting(0), held: nil))
        c.press(card: 4, at: 3.1)
        _ = c.advance(to: 4)
        XCTAssertEqual(c.state, .pressed(CardTransition.Held(card: 4, scale: .resting(MotionConstants.cardPressedScale))),
                       "home, the card held meanwhile is still held")
    }

    func testSwitchingCardsMidCollapseMakesTheFirstOutgoing() {
        var c = CardTransition()
        c.expand(card: 2, at: 0)
        _ = c.advance(to: 2)
        c.close(at: 3)
        let flying = c.progress
        c.expand(card: 4, at: 3.1)
        XCTAssertEqual(c.state, .expanding(.init(card: 4, content: ScrollModel(),
                                                 outgoing: CardTransition.Outgoing(index: 2, progress: flying, pull: 0)),
                                           progress: unit(.resting(0), to: 1, at: 3.1),
                                           pull: AnimatedValue.resting(0).animated(to: 0, with: MotionConstants.cardPullBackSpring, at: 3.1),
                                           touch: nil))
        _ = c.advance(to: 5)
        XCTAssertEqual(c.state, .expanded(.init(card: 4, content: ScrollModel()), pull: .resting(0), touch: nil))
    }
}
