import XCTest
@testable import FlingCore

/// Each release policy on its own, every threshold just below and just above (H = 844).
final class SheetPolicyTests: XCTestCase {
    let H = 844.0

    func release(_ p: any SheetPolicy, from d: SheetDetent, top: Double, v: Double = 0) -> SheetDetent {
        let start = p.top(of: d, height: H)
        return p.target(for: SheetRelease(startDetent: d, startTop: start, top: top, velocity: v, height: H))
    }

    func testTutorialThresholdsFromHalf() {
        let p = TutorialSheetPolicy()
        XCTAssertEqual(p.top(of: .half, height: H), 422)
        XCTAssertEqual(p.top(of: .full, height: H), 50)
        // −0.25·H = −211 pt.
        XCTAssertEqual(release(p, from: .half, top: 422 - 210.9), .half)
        XCTAssertEqual(release(p, from: .half, top: 422 - 211.1), .full)
        // +0.3·H = 253.2 pt.
        XCTAssertEqual(release(p, from: .half, top: 422 + 253.1), .half)
        XCTAssertEqual(release(p, from: .half, top: 422 + 253.3), .dismissed)
        // Velocity plays no part in the seed.
        XCTAssertEqual(release(p, from: .half, top: 422, v: 5000), .half)
        // From full, a drag of the sheet springs back to full.
        XCTAssertEqual(release(p, from: .full, top: 400), .full)
        XCTAssertFalse(p.contentScrolls(in: .half, height: 844))
        XCTAssertTrue(p.contentScrolls(in: .full, height: 844))
        XCTAssertEqual(p.draggedTop(raw: -30, height: H), -30, "the seed does not limit the drag")
    }

    func testTutorialSpringIsTheSeedSpring() {
        let p = TutorialSheetPolicy()
        guard case .spring(let s) = p.presentation(from: 844, to: 422, at: 0) else { return XCTFail() }
        XCTAssertEqual(s.parameters.stiffness, 200); XCTAssertEqual(s.parameters.damping, 25)
        XCTAssertEqual(s.initialVelocity, -4220, "10 × the 422 pt distance per second, upward")
    }

    func testTwoStageAnchorsScaleWithTheHeight() {
        let p = TwoStageSheetPolicy()
        XCTAssertEqual(p.top(of: .full, height: H), 130)
        XCTAssertEqual(p.top(of: .expanded, height: H), 400)
        XCTAssertEqual(p.top(of: .expanded, height: 1688), 800)
        XCTAssertEqual(p.draggedTop(raw: 100, height: H), 130, "never above full")
    }

    func testTwoStageDirectionAndThresholds() {
        let p = TwoStageSheetPolicy()
        // Up (velocity < 0): above expanded → full, else expanded.
        XCTAssertEqual(release(p, from: .expanded, top: 399.9, v: -1), .full)
        XCTAssertEqual(release(p, from: .expanded, top: 400.1, v: -1), .expanded)
        // Down (velocity ≥ 0, zero counts as down): below 1.3 × expanded = 520 → dismiss.
        XCTAssertEqual(release(p, from: .expanded, top: 519.9, v: 0), .expanded)
        XCTAssertEqual(release(p, from: .expanded, top: 520.1, v: 0), .dismissed)
        XCTAssertEqual(release(p, from: .full, top: 300, v: 10), .expanded)
    }

    func testTwoStageAnimations() {
        let p = TwoStageSheetPolicy()
        XCTAssertEqual(TwoStageSheetPolicy.dismissDuration(velocity: 1000), 1.4, accuracy: 1e-12)
        XCTAssertEqual(TwoStageSheetPolicy.dismissDuration(velocity: -2500), 1.7, accuracy: 1e-12)
        let r = SheetRelease(startDetent: .expanded, startTop: 400, top: 380, velocity: -50, height: H)
        guard case .timed(let slide) = p.settle(r, to: .full, at: 1) else { return XCTFail() }
        XCTAssertEqual(slide.duration, 0.3); XCTAssertEqual(slide.to, 130)
        guard case .timed(let present) = p.presentation(from: 844, to: 400, at: 0) else { return XCTFail() }
        XCTAssertEqual(present.duration, 0.6)
        let d = SheetRelease(startDetent: .expanded, startTop: 400, top: 600, velocity: 1000, height: H)
        guard case .spring(let s) = p.settle(d, to: .dismissed, at: 0) else { return XCTFail() }
        XCTAssertEqual(s.parameters.dampingRatio, 0.7, accuracy: 1e-9)
        XCTAssertEqual(s.target, 844)
        XCTAssertEqual(s.initialVelocity, 0.8 * 244, accuracy: 1e-9, "UIKit's 0.8 is relative to the 244 pt left")
    }

    func testFluidPicksTheDetentNearestTheProjectedEnd() {
        let p = FluidSheetPolicy()
        XCTAssertEqual(release(p, from: .half, top: 236.1), .half, "nearest of 50 and 422, no velocity")
        XCTAssertEqual(release(p, from: .half, top: 235.9), .full)
        // 1000 pt/s up projects 499 pt: from 422 to −77, nearest full.
        XCTAssertEqual(release(p, from: .half, top: 422, v: -1000), .full)
        XCTAssertEqual(release(p, from: .half, top: 422, v: -371), .half, "projects to 236.9")
        XCTAssertEqual(release(p, from: .half, top: 422, v: -373), .full, "projects to 235.9")
    }

    func testFluidDismissesOnProjectionAndOnSpeedOverDistance() {
        let p = FluidSheetPolicy()
        // Below the lowest detent (422) by half its height (211): 633.
        XCTAssertEqual(release(p, from: .half, top: 632.9), .half)
        XCTAssertEqual(release(p, from: .half, top: 633.1), .dismissed)
        XCTAssertEqual(release(p, from: .half, top: 422, v: 422), .half, "projects to 632.6")
        XCTAssertEqual(release(p, from: .half, top: 422, v: 424), .dismissed, "projects to 633.6")
        // Speed over the distance left: 5.5/s. Near the bottom with a small projection rate
        // the ratio decides: measured against a policy where projection alone would not.
        XCTAssertEqual(p.target(for: SheetRelease(startDetent: .half, startTop: 422, top: 820, velocity: 5.5 * 24, height: H)), .dismissed)
    }

    func testFluidSpringStartsWithTheReleaseVelocityAndRubberBandsAboveFull() {
        let p = FluidSheetPolicy()
        let r = SheetRelease(startDetent: .half, startTop: 422, top: 300, velocity: -800, height: H)
        guard case .spring(let s) = p.settle(r, to: .full, at: 2) else { return XCTFail() }
        XCTAssertEqual(s.velocity(at: 2), -800, accuracy: 1e-9)
        XCTAssertEqual(s.value(at: 2), 300, accuracy: 1e-9)
        XCTAssertEqual(p.draggedTop(raw: 50, height: H), 50)
        let banded = p.draggedTop(raw: -50, height: H)
        XCTAssertGreaterThan(banded, -50)
        XCTAssertLessThan(banded, 50)
        XCTAssertEqual(50 - banded, RubberBand.offset(overshoot: 100, dimension: H), accuracy: 1e-9)
    }
}
