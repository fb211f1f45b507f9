import XCTest
@testable import FlingCore

/// The measured deviations from seed 000 (issue 10), each failing on the old code.
final class SeedDeviationTests: XCTestCase {
    let H = sheetTestHeight

    /// Seed 000 compares `DragGesture.translation`, the finger's travel from where it went
    /// down. Before: the 10 pt slop was lost, so 220 pt up moved the sheet 210 pt, under
    /// 0.25·H = 211 pt, and it went back to half. After: 220 pt > 211 pt, full.
    func testTutorialThresholdsCountTheFingerFromWhereItWentDown() {
        var up = presented(.tutorial)
        stillDrag(&up, from: 600, by: -220, at: 3)
        XCTAssertEqual(up.detent, .full)
        XCTAssertEqual(up.lastDecision?.decision.rule, "translation -0.26·H < -0.25·H")
        XCTAssertEqual(up.lastDecision?.decision.margin ?? 0, 220 - 0.25 * H, accuracy: 1e-9)
        var short = presented(.tutorial)
        stillDrag(&short, from: 600, by: -210, at: 3)
        XCTAssertEqual(short.detent, .half, "210 pt < 211 pt")
        // Down: 0.3·H = 253.2 pt of finger (the sheet moves 243.3).
        var down = presented(.tutorial)
        stillDrag(&down, from: 450, by: 253.3, at: 3)
        XCTAssertTrue(down.isDismissing)
        var notDown = presented(.tutorial)
        stillDrag(&notDown, from: 450, by: 253.1, at: 3)
        XCTAssertEqual(notDown.detent, .half)
    }

    /// The 120 pt pull at full counts the slop too. Before: a 125 pt pull moved the sheet
    /// 115 pt and it sprang back to full; after: half.
    func testTutorialPullToHalfCountsTheSlop() {
        var s = presented(.tutorial)
        s.step(up: true, at: 3)
        _ = s.advance(to: 6)
        XCTAssertEqual(s.phase, .resting(.full))
        stillDrag(&s, from: 300, by: 125, at: 6, onContent: true)
        XCTAssertEqual(s.detent, .half)
        XCTAssertEqual(s.lastDecision?.decision.rule, "pull 125 pt > 120 pt at full")
        var short = presented(.tutorial)
        short.step(up: true, at: 3)
        _ = short.advance(to: 6)
        stillDrag(&short, from: 300, by: 119, at: 6, onContent: true)
        XCTAssertEqual(short.detent, .full)
    }

    /// Seed 000: at half the content does not scroll, by the wheel either. Before: a wheel of
    /// 300 pt scrolled the content to 300 at half.
    func testTutorialWheelAtHalfScrollsNothing() {
        var s = presented(.tutorial)
        s.scrollContent(by: 300, at: 3)
        _ = s.advance(to: 5)
        XCTAssertEqual(s.phase, .resting(.half))
        XCTAssertEqual(s.content.offset(at: 5), 0)
        // At full it scrolls.
        s.step(up: true, at: 5)
        _ = s.advance(to: 8)
        s.scrollContent(by: 300, at: 8)
        _ = s.advance(to: 10)
        XCTAssertEqual(s.content.offset(at: 10), 300)
    }

    /// Fluid: a wheel at half takes the sheet to full first, as iOS does. Before: the content
    /// scrolled inside the half sheet (offset 100, detent half).
    func testFluidWheelAtHalfExpandsFirst() {
        var s = presented(.fluid)
        s.scrollContent(by: 100, at: 3)
        XCTAssertEqual(s.detent, .full)
        _ = s.advance(to: 5)
        XCTAssertEqual(s.phase, .resting(.full))
        XCTAssertEqual(s.content.offset(at: 5), 0)
        s.scrollContent(by: 100, at: 5)
        _ = s.advance(to: 7)
        XCTAssertEqual(s.content.offset(at: 7), 100, "at full the wheel scrolls")
        // Backward at half: nothing to do.
        var b = presented(.fluid)
        b.scrollContent(by: -100, at: 3)
        XCTAssertEqual(b.phase, .resting(.half))
    }
}
