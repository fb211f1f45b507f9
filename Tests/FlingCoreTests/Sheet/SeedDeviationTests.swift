import XCTest
@testable import FlingCore

/// The measured deviations from seed 000, each failing on the code before it was fixed. Each
/// states the sheet's whole snapshot where it comes to rest, so any other change fails too.
final class SeedDeviationTests: XCTestCase {
    let H = sheetTestHeight

    /// Seed 000 compares `DragGesture.translation`, the finger's travel from where it went
    /// down. Before: the 10 pt slop was lost, so 220 pt up moved the sheet 210 pt, under
    /// 0.25·H = 211 pt, and it went back to half. After: 220 pt > 211 pt, full.
    func testTutorialThresholdsCountTheFingerFromWhereItWentDown() {
        var up = presented(.tutorial)
        stillDrag(&up, from: 600, by: -220, at: 3)
        XCTAssertEqual(up.lastDecision?.decision.margin ?? 0, 220 - 0.25 * H, accuracy: 1e-9)
        XCTAssertEqual(rested(&up, at: 6), SheetSnapshot(phase: "resting", detent: .full, top: 50, dim: 0.5,
                                                         rule: "translation -0.26·H < -0.25·H"))
        var short = presented(.tutorial)
        stillDrag(&short, from: 600, by: -210, at: 3)
        XCTAssertEqual(rested(&short, at: 6), SheetSnapshot(phase: "resting", detent: .half, top: 422, dim: 0.5,
                                                            rule: "translation -0.25·H within -0.25·H…0.3·H"), "210 pt < 211 pt")
        // Down: 0.3·H = 253.2 pt of finger (the sheet moves 243.3).
        var down = presented(.tutorial)
        stillDrag(&down, from: 450, by: 253.3, at: 3)
        XCTAssertEqual(rested(&down, at: 6), SheetSnapshot(phase: "hidden", detent: nil, top: 844, dim: 0,
                                                           rule: "translation 0.3·H > 0.3·H"))
        var notDown = presented(.tutorial)
        stillDrag(&notDown, from: 450, by: 253.1, at: 3)
        XCTAssertEqual(rested(&notDown, at: 6), SheetSnapshot(phase: "resting", detent: .half, top: 422, dim: 0.5,
                                                              rule: "translation 0.3·H within -0.25·H…0.3·H"))
    }

    /// The 120 pt pull at full counts the slop too. Before: a 125 pt pull moved the sheet
    /// 115 pt and it sprang back to full; after: half.
    func testTutorialPullToHalfCountsTheSlop() {
        var s = presented(.tutorial)
        s.step(up: true, at: 3)
        XCTAssertEqual(rested(&s, at: 6), SheetSnapshot(phase: "resting", detent: .full, top: 50, dim: 0.5))
        stillDrag(&s, from: 300, by: 125, at: 6, onContent: true)
        XCTAssertEqual(rested(&s, at: 9), SheetSnapshot(phase: "resting", detent: .half, top: 422, dim: 0.5,
                                                        rule: "pull 125 pt > 120 pt at full"))
        var short = presented(.tutorial)
        short.step(up: true, at: 3)
        _ = short.advance(to: 6)
        stillDrag(&short, from: 300, by: 119, at: 6, onContent: true)
        XCTAssertEqual(rested(&short, at: 9), SheetSnapshot(phase: "resting", detent: .full, top: 50, dim: 0.5,
                                                            rule: "from full: back to full"))
    }

    /// Seed 000: at half the content does not scroll, by the wheel either. Before: a wheel of
    /// 300 pt scrolled the content to 300 at half.
    func testTutorialWheelAtHalfScrollsNothing() {
        var s = presented(.tutorial)
        s.scrollContent(by: 300, at: 3)
        XCTAssertEqual(rested(&s, at: 5), SheetSnapshot(phase: "resting", detent: .half, top: 422, dim: 0.5))
        // At full it scrolls.
        s.step(up: true, at: 5)
        _ = s.advance(to: 8)
        s.scrollContent(by: 300, at: 8)
        XCTAssertEqual(rested(&s, at: 10), SheetSnapshot(phase: "resting", detent: .full, top: 50, contentOffset: 300, dim: 0.5))
    }

    /// Fluid: a wheel at half takes the sheet to full first, as iOS does. Before: the content
    /// scrolled inside the half sheet (offset 100, detent half).
    func testFluidWheelAtHalfExpandsFirst() {
        var s = presented(.fluid)
        s.scrollContent(by: 100, at: 3)
        XCTAssertEqual(s.detent, .full)
        XCTAssertEqual(rested(&s, at: 5), SheetSnapshot(phase: "resting", detent: .full, top: 50, dim: 0.5))
        s.scrollContent(by: 100, at: 5)
        XCTAssertEqual(rested(&s, at: 7), SheetSnapshot(phase: "resting", detent: .full, top: 50, contentOffset: 100, dim: 0.5),
                       "at full the wheel scrolls")
        // Backward at half: nothing to do.
        var b = presented(.fluid)
        b.scrollContent(by: -100, at: 3)
        XCTAssertEqual(SheetSnapshot(b, at: 3), SheetSnapshot(phase: "resting", detent: .half, top: 422, dim: 0.5))
    }
}
