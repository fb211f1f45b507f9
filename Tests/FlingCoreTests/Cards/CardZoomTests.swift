// CardZoomTests: iOS 18's zoom style of the Today card (`--card-style zoom`): the pose from the
// cell to the window, the pull that follows the finger in both axes, and the trip home against
// the card spring, solved here on its own.
import XCTest
import Foundation
@testable import FlingCore

final class CardZoomTests: XCTestCase {
    let slot = Rect(x: 16, y: 112, width: 358, height: 400)
    let window = Size(390, 844)

    func assertRect(_ a: Rect, _ b: Rect, accuracy: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in [(a.minX, b.minX), (a.minY, b.minY), (a.width, b.width), (a.height, b.height)] {
            XCTAssertEqual(x, y, accuracy: accuracy, "\(a) ≠ \(b)", file: file, line: line)
        }
    }

    func testTheZoomStartsAsTheCellAndEndsAsTheWindow() {
        let start = CardZoomPose(slot: slot, window: window, progress: 0)
        assertRect(start.frame, slot)
        // The story's layer, the window's width, scaled into the cell: exactly the cell.
        assertRect(start.transform.apply(start.shownBounds), slot)
        XCTAssertEqual(start.contentScale, 358.0 / 390, accuracy: 1e-12)
        XCTAssertEqual(start.cornerRadius, CardConstants.cornerRadius)
        XCTAssertEqual(start.layerCornerRadius, CardConstants.cornerRadius * 390 / 358, accuracy: 1e-12)
        XCTAssertEqual(start.opacity, 0)
        XCTAssertEqual(start.backdropDim, 0)
        XCTAssertFalse(start.coversWindow)

        let half = CardZoomPose(slot: slot, window: window, progress: 0.5)
        assertRect(half.frame, Rect(x: 8, y: 56, width: 374, height: 622))
        assertRect(half.transform.apply(half.shownBounds), half.frame)
        XCTAssertEqual(half.contentScale, 374.0 / 390, accuracy: 1e-12)
        XCTAssertEqual(half.opacity, 1)
        XCTAssertEqual(half.cornerRadius, 7.5)
        XCTAssertEqual(half.backdropDim, CardConstants.zoomBackdropDim / 2, accuracy: 1e-12)

        let open = CardZoomPose(slot: slot, window: window, progress: 1)
        assertRect(open.frame, Rect(origin: .zero, size: window))
        XCTAssertEqual(open.transform, Transform.translate(0, 0).concatenating(.scale(1, about: .zero)))
        assertRect(open.layerBounds, Rect(origin: .zero, size: window))
        assertRect(open.shownBounds, Rect(origin: .zero, size: window))
        XCTAssertEqual(open.cornerRadius, 0)
        XCTAssertTrue(open.coversWindow)
    }

    func testAPulledZoomShrinksAboutWhereTheFingerWentDownAndFollowsIt() {
        let anchor = Point(200, 300)
        let pose = CardZoomPose(slot: slot, window: window, progress: 1, pull: 200, lateral: 60, anchor: anchor)
        // Half of the 400 pt to the smallest 60 %: 80 %.
        XCTAssertEqual(pose.pullScale, 0.8, accuracy: 1e-12)
        // What was under the finger is under it still: the anchor moved by the finger's travel.
        let under = pose.transform.apply(anchor)
        XCTAssertEqual(under.x, 260, accuracy: 1e-9)
        XCTAssertEqual(under.y, 500, accuracy: 1e-9)
        assertRect(pose.frame, Rect(x: 200 - 200 * 0.8 + 60, y: 300 - 300 * 0.8 + 200, width: 390 * 0.8, height: 844 * 0.8))
        XCTAssertEqual(pose.cornerRadius, CardConstants.cornerRadius)
        XCTAssertEqual(pose.backdropDim, CardConstants.zoomBackdropDim / 2, accuracy: 1e-12)
        XCTAssertFalse(pose.coversWindow)
        // Past 400 pt it shrinks no more.
        XCTAssertEqual(CardZoomPose(slot: slot, window: window, progress: 1, pull: 900).pullScale, MotionConstants.zoomPullMinimumScale)
    }

    func zoomed() -> CardTransition {
        var c = CardTransition()
        c.style = .zoom
        c.resizeContent(viewport: 844, content: 2000, at: 0)
        c.expand(card: 2, at: 0)
        _ = c.advance(to: 2)
        return c
    }

    func testAPullIsADraggingStateFollowingTheFingerSideways() {
        var c = zoomed()
        c.pressExpanded(at: Point(200, 300), time: 3)
        c.moveExpanded(to: Point(205, 320), time: 3.05)
        c.moveExpanded(to: Point(260, 500), time: 3.1)
        guard case let .dragging(open, pull, touch) = c.state else { return XCTFail("\(c.state)") }
        var content = ScrollModel()
        content.resize(viewport: 844, content: 2000, at: 0)
        XCTAssertEqual(open, CardTransition.Open(card: 2, content: open.content, lateral: .resting(60), anchor: Point(200, 300)))
        XCTAssertEqual(open.content.offset(at: 3.1), 0)
        // The vertical pull is the finger's travel past the slop (as the expansion style's).
        let first = Point(5, 20)
        XCTAssertEqual(pull, 20 - 20 * c.tuning.touchSlop / first.length + 180, accuracy: 1e-9)
        XCTAssertEqual(touch.lastY, 500)
        // Let go short of the threshold, slowly: both axes spring back, the card stays open.
        c.moveExpanded(to: Point(260, 380), time: 3.5)
        c.moveExpanded(to: Point(230, 330), time: 3.9)
        c.releaseExpanded(at: Point(230, 330), time: 4.5)
        guard case let .expanded(back, pullBack, nil) = c.state else { return XCTFail("\(c.state)") }
        XCTAssertEqual(back.lateral, .spring(Spring(parameters: MotionConstants.cardPullBackSpring, from: 30, to: 0, velocity: 0, startTime: 4.5)))
        XCTAssertEqual(pullBack.target, 0)
        _ = c.advance(to: 6)
        XCTAssertEqual(c.state, .expanded(CardTransition.Open(card: 2, content: c.content, lateral: .resting(0), anchor: Point(200, 300)),
                                          pull: .resting(0), touch: nil))
        XCTAssertEqual(c.lastDecision?.policy, "card-zoom")
        XCTAssertEqual(c.lastDecision?.decision.outcome, GestureOutcome.expanded)
    }

    /// The card spring solved by hand: x(t) = e^(−ζω₀t)(x₀ cos ω_d t + (v₀ + ζω₀x₀)/ω_d sin ω_d t).
    func cardSpring(from x0: Double, velocity v0: Double, at t: Double) -> Double {
        let zeta = Tuning.standard.cardDamping, w0 = 2 * Double.pi / Tuning.standard.cardResponse
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        return Foundation.exp(-zeta * w0 * t) * (x0 * Foundation.cos(wd * t) + (v0 + zeta * w0 * x0) / wd * Foundation.sin(wd * t))
    }

    func testAReleasePastTheThresholdZoomsHomeOnTheCardSpringFromWhereTheFingerLeftIt() {
        var c = zoomed()
        c.collapseDistance = 675.2
        c.pressExpanded(at: Point(200, 300), time: 3)
        for k in 1...12 { c.moveExpanded(to: Point(200 + 5 * Double(k), 300 + 20 * Double(k)), time: 3 + Double(k) / 60) }
        let pull = c.pull.value(at: 3.2), lateral = c.lateral.value(at: 3.2)
        XCTAssertEqual(lateral, 60)
        c.releaseExpanded(at: Point(260, 540), time: 3.2)
        guard case let .collapsing(open, progress, heldPull, nil) = c.state else { return XCTFail("\(c.state)") }
        XCTAssertEqual(open.lateral, .resting(60))
        XCTAssertEqual(heldPull, .resting(pull))
        XCTAssertEqual(c.lastDecision?.decision.outcome, GestureOutcome.collapsed)
        guard case .spring(let spring) = progress else { return XCTFail("\(progress)") }
        let v0 = spring.initialVelocity
        XCTAssertLessThan(v0, 0, "the finger's speed carries into the spring")
        var last = CardZoomPose(slot: slot, window: window, progress: 1, pull: pull, lateral: lateral, anchor: Point(200, 300)).frame
        var crossed = false
        for k in 0...60 {
            let t = 3.2 + Double(k) / 60
            let p = c.progressValue(at: t)
            XCTAssertEqual(p, cardSpring(from: 1, velocity: v0, at: t - 3.2), accuracy: 1e-9, "t = \(t)")
            // The frame on screen: the cell grown to p, shrunk about the anchor and moved by the
            // finger's travel, both let go of in step with the progress.
            let m = 1 - (1 - MotionConstants.zoomPullMinimumScale) * min(1, pull / MotionConstants.zoomPullShrinkDistance)
            let held = Rect(x: 200 - 200 * m + 60, y: 300 - 300 * m + pull, width: 390 * m, height: 844 * m)
            let expected = Rect(x: slot.minX + (held.minX - slot.minX) * p, y: slot.minY + (held.minY - slot.minY) * p,
                                width: slot.width + (held.width - slot.width) * p, height: slot.height + (held.height - slot.height) * p)
            let pose = CardZoomPose(slot: slot, window: window, progress: p, pull: c.pull.value(at: t), lateral: c.lateral.value(at: t),
                                    anchor: c.pullAnchor)
            assertRect(pose.frame, expected)
            // Straight home: ever nearer the cell's size, no swelling on the way (until the
            // progress's swing past 0 at the end).
            if p <= 0 { crossed = true }
            if !crossed { XCTAssertLessThanOrEqual(abs(pose.frame.width - slot.width), abs(last.width - slot.width) + 1e-9, "t = \(t)") }
            last = pose.frame
        }
        _ = c.advance(to: 5)
        XCTAssertEqual(c.state, .collapsed)
        assertRect(CardZoomPose(slot: slot, window: window, progress: 0, pull: pull, lateral: lateral, anchor: Point(200, 300)).frame, slot)
    }

    func testAnotherCardTappedWhileOneZoomsHomeOpensFromItsOwnCell() {
        var c = zoomed()
        c.pressExpanded(at: Point(200, 300), time: 3)
        for k in 1...12 { c.moveExpanded(to: Point(200 + 5 * Double(k), 300 + 20 * Double(k)), time: 3 + Double(k) / 60) }
        c.releaseExpanded(at: Point(260, 540), time: 3.2)
        XCTAssertEqual(c.phase, .collapsing)
        c.expand(card: 4, at: 3.25)
        guard case let .expanding(open, _, _, _) = c.state else { return XCTFail("\(c.state)") }
        XCTAssertEqual(open.card, 4)
        XCTAssertEqual(open.lateral, .resting(0), "the new card has no pull of its own")
        XCTAssertEqual(open.anchor, .zero)
        XCTAssertEqual(open.outgoing?.index, 2)
        XCTAssertEqual(open.outgoing?.lateral, 60, "the first flies home from where the finger left it")
        XCTAssertEqual(open.outgoing?.anchor, Point(200, 300))
    }

    func testAShortSidewaysPullSpringsBackCarryingTheFingersSpeed() {
        var c = zoomed()
        c.pressExpanded(at: Point(200, 300), time: 3)
        c.moveExpanded(to: Point(200, 320), time: 3.05)
        for k in 1...6 { c.moveExpanded(to: Point(200 + 10 * Double(k), 340), time: 3.05 + Double(k) / 60) }
        c.releaseExpanded(at: Point(260, 340), time: 3.15)
        guard case let .expanded(open, _, nil) = c.state, case .spring(let s) = open.lateral else { return XCTFail("\(c.state)") }
        XCTAssertEqual(s.from, 60)
        XCTAssertGreaterThan(s.initialVelocity, 0, "moving right when let go, it goes on right a moment before it springs back")
        XCTAssertGreaterThan(c.lateral.value(at: 3.17), 60)
        // Caught again on its way back: it goes on from where it is, no jump.
        c.pressExpanded(at: Point(100, 300), time: 3.3)
        let now = c.lateral.value(at: 3.35)
        XCTAssertGreaterThan(now, 1)
        c.moveExpanded(to: Point(100, 330), time: 3.35)
        XCTAssertEqual(c.phase, .dragging)
        XCTAssertEqual(c.lateral, .resting(now), "the drag takes it from where it is")
        XCTAssertEqual(c.pullAnchor, Point(200, 300), "and shrinks it about the point it had")
    }

    func testTheStyleIsReadFromItsNameOrRefusedNamingBoth() {
        XCTAssertEqual(CardStyle.parse("zoom"), .success(.zoom))
        XCTAssertEqual(CardStyle.parse("expand"), .success(.expand))
        XCTAssertEqual(CardStyle.parse("Zoom"), .failure(CardStyleError(message: "'Zoom' is not expand or zoom")))
        XCTAssertEqual(CardTransition.policyName(.standard, style: .zoom), "card-zoom")
        XCTAssertEqual(CardTransition.policyName(.standard), "card")
    }
}
