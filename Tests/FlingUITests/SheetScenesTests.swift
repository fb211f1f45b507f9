import FlingCore
@testable import FlingUI
import XCTest

/// The Restaurants and Two-Stage scenes in-process (issue 10): the row deselect after a sheet,
/// seed 001's button while its sheet leaves, and where the button sits.
final class SheetScenesTests: XCTestCase {
    @MainActor private static func tap(_ app: AppController, _ p: Point, at t: Double) {
        app.handle(.pointer(PointerEvent(id: 0, phase: .began, location: p, time: t)))
        app.handle(.pointer(PointerEvent(id: 0, phase: .ended, location: p, time: t + InteractionConstants.scriptTapDuration)))
    }

    /// Advances in 60 Hz frames to `end`.
    @MainActor private static func run(_ app: AppController, from start: Double, to end: Double) {
        var t = start
        while t < end { t = min(end, t + 1.0 / 60); _ = app.advance(to: t) }
    }

    /// UITableView deselects the row a tap opened once its sheet goes, with a 0.27 s
    /// ease-out fade. (Before: the row stayed highlighted, `list.selected` stayed 1.)
    func testATappedRowDeselectsWithAFadeWhenItsSheetCloses() { onMain {
        let app = makeTestApp()
        guard let scene = app.scene as? RestaurantsScene else { return XCTFail("not the restaurants") }
        // Row 1: rows start 102 pt down (44 + 52 + 6), 84 pt each.
        Self.tap(app, Point(200, 102 + 84 + 42), at: 0.1)
        Self.run(app, from: 0.1, to: 1.5)
        XCTAssertEqual(scene.list.selected, 1)
        XCTAssertEqual(scene.list.selectionOpacity(1, time: 1.5), 1)
        app.handle(.key(Key(.escape), time: 1.5))
        Self.run(app, from: 1.5, to: 1.6)
        XCTAssertNil(scene.list.selected, "deselected as the sheet goes")
        let d = ListConstants.deselectDuration
        // The fade started on the first frame after Esc (1.5 + 1/60).
        let start = 1.5 + 1.0 / 60
        XCTAssertEqual(scene.list.selectionOpacity(1, time: 1.6), 1 - TimingCurve.easeOut.progress((1.6 - start) / d), accuracy: 1e-9)
        XCTAssertGreaterThan(scene.list.selectionOpacity(1, time: 1.6), 0)
        Self.run(app, from: 1.6, to: 3)
        XCTAssertEqual(scene.list.selectionOpacity(1, time: 3), 0)
        XCTAssertNil(scene.list.deselecting)
    } }

    /// A row chosen with the keyboard keeps its selection (the cursor Up/Down move).
    func testAKeyboardSelectionStaysAfterTheSheetCloses() { onMain {
        let app = makeTestApp()
        guard let scene = app.scene as? RestaurantsScene else { return XCTFail("not the restaurants") }
        app.handle(.key(Key(.down), time: 0.1))
        app.handle(.key(Key(.return), time: 0.2))
        Self.run(app, from: 0.2, to: 1.5)
        app.handle(.key(Key(.escape), time: 1.5))
        Self.run(app, from: 1.5, to: 3)
        XCTAssertEqual(scene.list.selected, 0)
        XCTAssertEqual(scene.list.selectionOpacity(0, time: 3), 1)
    } }

    /// Seed 001's dismissal runs 1.2 s + |0.2·v·0.001|, most of it below the window's edge:
    /// the button answers as soon as the sheet is off screen. (Before: a tap there went to
    /// the leaving sheet until its animation ended.)
    func testTheShowSheetButtonAnswersOnceTheSheetIsOffScreen() { onMain {
        let app = makeTestApp(first: .twoStage)
        guard let scene = app.scene as? TwoStageScene else { return XCTFail("not the two-stage scene") }
        let button = scene.buttonFrame.center
        Self.tap(app, button, at: 0.1)
        Self.run(app, from: 0.1, to: 1)
        XCTAssertEqual(scene.presenter.sheet.phase, .resting(.expanded))
        // A drag down from 410 to 700 in 0.2 s: released below 1.3 × 400, it dismisses.
        var t = 1.0
        app.handle(.pointer(PointerEvent(id: 0, phase: .began, location: Point(200, 410), time: t)))
        for k in 1...12 {
            t = 1.0 + Double(k) / 60
            app.handle(.pointer(PointerEvent(id: 0, phase: .moved, location: Point(200, 410 + 290 * Double(k) / 12), time: t)))
            _ = app.advance(to: t)
        }
        app.handle(.pointer(PointerEvent(id: 0, phase: .ended, location: Point(200, 700), time: t)))
        XCTAssertTrue(scene.presenter.sheet.isDismissing)
        while !scene.presenter.isGone(at: t) && t < 5 { t += 1.0 / 60; _ = app.advance(to: t) }
        XCTAssertTrue(scene.presenter.sheet.isDismissing, "still animating below the edge at \(t)")
        XCTAssertGreaterThanOrEqual(scene.presenter.sheet.top(at: t), 844 - MotionConstants.restDistance)
        XCTAssertFalse(scene.isModal)
        Self.tap(app, button, at: t)
        XCTAssertEqual(scene.presenter.sheet.phase.name, "presenting", "the button answered")
        XCTAssertEqual(scene.presenter.content?.kind, "numbers")
    } }

    /// The expanded sheet (top at 400/844 of the height) never covers the button, on a phone
    /// and on both kiosk orientations. (Before: centred in the scene, 355–405 pt at 390×844.)
    func testTheExpandedSheetDoesNotCoverTheButton() { onMain {
        let app = makeTestApp(first: .twoStage)
        guard let scene = app.scene as? TwoStageScene else { return XCTFail("not the two-stage scene") }
        for size in [Size(390, 844), Size(1080, 1920), Size(1920, 1080)] {
            app.handle(.resize(size, time: 0.1))
            let expanded = SheetConstants.twoStageExpandedTop * size.height / SheetConstants.twoStageReferenceHeight
            let b = scene.buttonFrame
            XCTAssertGreaterThan(b.height, 0)
            XCTAssertLessThanOrEqual(b.maxY, expanded, "\(size)")
            XCTAssertEqual(b.midX, size.width / 2, accuracy: 0.5)
            XCTAssertEqual(b.height, TwoStageConstants.buttonHeight)
        }
    } }
}
