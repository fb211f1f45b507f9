import XCTest
@testable import FlingCore

/// The sheet state machine, driven directly (time is injected; 60 Hz steps).
final class SheetModelTests: XCTestCase {
    let H = sheetTestHeight

    /// Drags with one move per 60 Hz frame from y0 to y1 over `duration`, starting at `t0`.
    func drag(_ s: inout SheetModel, x: Double = 200, from y0: Double, to y1: Double, at t0: Double, duration: Double, release: Bool = true) {
        s.press(at: Point(x, y0), onContent: true, time: t0)
        let n = max(1, Int(duration * 60))
        for k in 1...n {
            let f = Double(k) / Double(n)
            s.move(to: Point(x, y0 + (y1 - y0) * f), time: t0 + duration * f)
        }
        if release { s.release(at: Point(x, y1), time: t0 + duration) }
    }

    func testPresentsFromTheBottomToHalfAndRests() {
        var s = SheetModel(policy: FluidSheetPolicy(), height: H)
        s.present(at: 0)
        XCTAssertEqual(s.phase.name, "presenting")
        XCTAssertEqual(s.top(at: 0), 844)
        XCTAssertEqual(s.dim(at: 0), 0)
        XCTAssertLessThan(s.velocity(at: 0), 0, "moving up")
        XCTAssertTrue(s.advance(to: 0.2))
        XCTAssertFalse(s.advance(to: 2))
        XCTAssertEqual(SheetSnapshot(s, at: 2), SheetSnapshot(phase: "resting", detent: .half, top: 422, dim: 0.5))
    }

    func testFollowsTheFingerOneToOneFromTheSlop() {
        var s = presented(.fluid)
        drag(&s, from: 500, to: 400, at: 3, duration: 0.2, release: false)
        // The whole drag: from half, 1:1 from the slop circle (the 10 pt inside it counted apart).
        XCTAssertEqual(s.phase, .dragging(.init(startDetent: .half, startTop: 422, rawTop: s.top(at: 3.2), onContent: true,
                                                consumed: false, slopTravel: -10)))
        XCTAssertEqual(s.top(at: 3.2), 422 - 90, accuracy: 1e-9, "100 pt less the 10 pt slop")
    }

    func testGrabbingWhileSettlingDoesNotJump() {
        var s = presented(.fluid)
        drag(&s, from: 500, to: 300, at: 3, duration: 0.15)
        XCTAssertEqual(s.phase.name, "settling")
        let t = 3.25
        let before = s.top(at: t)
        s.press(at: Point(200, before + 50), onContent: true, time: t)
        // Caught mid-flight to full: a drag from where it is, remembering where it was going.
        XCTAssertEqual(s.phase, .dragging(.init(startDetent: .full, startTop: before, rawTop: before, onContent: true,
                                                consumed: false, caughtHeading: .full)))
        XCTAssertEqual(s.top(at: t), before, accuracy: 1e-9)
        s.move(to: Point(200, before + 53), time: t + 0.016)
        XCTAssertEqual(s.top(at: t + 0.016), before + 3, accuracy: 1e-9, "a grabbed sheet follows at once")
    }

    func testHandOffFromSheetToContentAndBack() {
        var s = presented(.fluid)
        // One gesture: push the sheet from half to full (372 pt), keep pushing 200 pt more.
        s.press(at: Point(200, 600), onContent: true, time: 3)
        var y = 600.0, t = 3.0
        for _ in 0..<59 { y -= 10; t += 1.0 / 60; s.move(to: Point(200, y), time: t) }
        XCTAssertEqual(s.top(at: t), 50, accuracy: 1e-9, "the sheet stops at full…")
        XCTAssertEqual(s.content.offset(at: t), 590 - 10 - 372, accuracy: 1e-6, "…and the content takes the rest")
        // Same gesture, back down: the content returns to its top first, then the sheet follows.
        for _ in 0..<30 { y += 10; t += 1.0 / 60; s.move(to: Point(200, y), time: t) }
        XCTAssertEqual(s.content.offset(at: t), 0, accuracy: 1e-6)
        XCTAssertEqual(s.top(at: t), 50 + 300 - 208, accuracy: 1e-6)
    }

    func testContentScrollReleaseFlingsTheContentNotTheSheet() {
        var s = presented(.fluid)
        s.step(up: true, at: 3)
        _ = s.advance(to: 5)
        XCTAssertEqual(s.phase, .resting(.full))
        drag(&s, from: 700, to: 400, at: 5, duration: 0.15)
        XCTAssertEqual(s.phase, .resting(.full))
        XCTAssertGreaterThan(s.content.velocity(at: 5.15), 1000, "the content coasts")
        var after = rested(&s, at: 10)
        XCTAssertGreaterThan(after.contentOffset, 290, "coasted past the finger's 290 pt")
        after.contentOffset = 0   // (checked above; the rest whole)
        XCTAssertEqual(after, SheetSnapshot(phase: "resting", detent: .full, top: 50, dim: 0.5),
                       "the sheet stays at full, no release decision of its own")
    }

    func testTutorialPullDownPast120AtFullReturnsToHalf() {
        var s = presented(.tutorial)
        s.step(up: true, at: 3)
        _ = s.advance(to: 5)
        // The 120 pt count the finger from where it went down, slop included (not the
        // sheet's own travel, which is 10 pt less).
        drag(&s, from: 300, to: 300 + 119, at: 5, duration: 0.2, release: false)
        XCTAssertEqual(s.phase.name, "dragging")
        XCTAssertEqual(s.top(at: 5.2), 50 + 109, accuracy: 1e-6)
        s.move(to: Point(200, 300 + 121), time: 5.22)
        XCTAssertEqual(s.phase.name, "settling")
        XCTAssertEqual(s.detent, .half)
        s.release(at: Point(200, 431), time: 5.3)
        XCTAssertEqual(rested(&s, at: 8), SheetSnapshot(phase: "resting", detent: .half, top: 422, dim: 0.5,
                                                        rule: "pull 121 pt > 120 pt at full"))
    }

    func testTutorialHalfDragsMoveTheSheetEvenOnContent() {
        var s = presented(.tutorial)
        drag(&s, from: 600, to: 600 - 10 - 212, at: 3, duration: 0.3)
        XCTAssertEqual(rested(&s, at: 6), SheetSnapshot(phase: "resting", detent: .full, top: 50, dim: 0.5,
                                                        rule: "translation -0.26·H < -0.25·H"),
                       "translation −222 < −0.25·844, the content not scrolled")
    }

    func testDismissalDestroysTheContent() {
        var s = presented(.twoStage)
        s.dismiss(at: 3)
        XCTAssertEqual(s.phase.name, "dismissing")
        XCTAssertNil(s.detent)
        _ = s.advance(to: 3.5)
        XCTAssertTrue(s.isVisible)
        XCTAssertEqual(rested(&s, at: 10), SheetSnapshot(phase: "hidden", detent: nil, top: 844, dim: 0))
        XCTAssertEqual(s.contentLength, 0)
    }

    func testResizeKeepsTheDetentAndRetargetsAnimations() {
        var s = presented(.fluid)
        s.resize(height: 1000, at: 3)
        XCTAssertEqual(s.top(at: 3), 500, "half stays at half of the new height")
        s.step(up: true, at: 4)
        let mid = s.top(at: 4.1)
        s.resize(height: 600, at: 4.1)
        XCTAssertEqual(s.top(at: 4.1), mid, accuracy: 1e-9, "no jump")
        XCTAssertEqual(rested(&s, at: 8), SheetSnapshot(phase: "resting", detent: .full, top: 50, dim: 0.5))
    }

    func testCancelledDragSettlesAtADetent() {
        var s = presented(.fluid)
        drag(&s, from: 500, to: 450, at: 3, duration: 0.1, release: false)
        s.release(at: .zero, time: 3.2, cancelled: true)
        XCTAssertEqual(rested(&s, at: 6), SheetSnapshot(phase: "resting", detent: .half, top: 422, dim: 0.5,
                                                        rule: "projected top 382 nearest half (422)"))
    }

    func testTwoStageNeverAboveFullAndPinnedUntilTheFingerComesBack() {
        var s = presented(.twoStage)
        s.press(at: Point(200, 410), onContent: false, time: 3)
        s.move(to: Point(200, 100), time: 3.1)
        XCTAssertEqual(s.top(at: 3.1), 130)
        s.move(to: Point(200, 110), time: 3.2)
        XCTAssertEqual(s.top(at: 3.2), 130, "the pan's translation accumulates (seed 001): still pinned")
        s.move(to: Point(200, 160), time: 3.3)
        XCTAssertEqual(s.top(at: 3.3), 160, "under the finger again (the 10 pt grab offset less the 10 pt slop)")
    }

    func testFrameRateDoesNotChangeTheSettle() {
        func topAfter(fps: Double) -> Double {
            var s = SheetModel(policy: FluidSheetPolicy(), height: H)
            s.present(at: 0)
            var t = 0.0
            while t < 0.3 { t += 1 / fps; _ = s.advance(to: t) }
            return s.top(at: 0.3)
        }
        XCTAssertEqual(topAfter(fps: 30), topAfter(fps: 144), accuracy: 1e-9)
    }
}
