import FlingCore
@testable import FlingUI
import FlingTestSupport
import XCTest

/// The Restaurants and Two-Stage scenes in-process: the row deselect after a sheet,
/// seed 001's button while its sheet leaves, and where the button sits.
final class SheetScenesTests: XCTestCase {
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
        tap(app, Point(200, 102 + 84 + 42), at: 0.1)
        Self.run(app, from: 0.1, to: 1.5)
        XCTAssertEqual(scene.list.selected, 1)
        XCTAssertEqual(scene.list.selectionOpacity(1, time: 1.5), 1)
        app.handle(.key(Key(.escape), time: 1.5))
        Self.run(app, from: 1.5, to: 1.6)
        XCTAssertNil(scene.list.selected, "deselected as the sheet goes")
        let d = MotionConstants.deselectDuration
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
        tap(app, button, at: 0.1)
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
        tap(app, button, at: t)
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

    // MARK: Seed 001's rules through the scene (were end-to-end; the binary adds nothing here)

    @MainActor private static func sheet(_ states: [String: JSONValue], _ name: String) -> [String: JSONValue] {
        guard case .object(let fields)? = states[name], case .object(let sheet)? = fields.first(where: { $0.0 == "sheet" })?.1 else {
            return [:]
        }
        return Dictionary(sheet, uniquingKeysWith: { a, _ in a })
    }

    func testTwoStageSceneThresholds() { onMain {
        let show = "0.1 key Return\n"
        @MainActor func still(_ by: Double) -> [String: JSONValue] {
            Self.sheet(playScript(show + StillDrag(from: 410, by: by, at: 1.5).script + "5 state s\n", app: makeTestApp(first: .twoStage)), "s")
        }
        // The finger's travel less the 10 pt slop moves the sheet from 400.
        XCTAssertEqual(still(129.9)["detent"], .string("expanded"), "down to 519.9 < 1.3 × 400")
        XCTAssertEqual(still(130.1)["phase"], .string("hidden"), "down to 520.1 dismisses, then is destroyed")
        // Up (negative release velocity): above expanded goes full, at or below stays expanded.
        @MainActor func up(endingAt top: Double) -> [String: JSONValue] {
            var s = show + "1.5 down 200 410\n1.55 move 200 450\n"
            let finger = 410 + 10 + (top - 400)
            for k in 1...5 { s += "\(1.55 + Double(k) * 0.02) move 200 \(450 + (finger - 450) * Double(k) / 5)\n" }
            s += "1.66 up 200 \(finger)\n5 state s\n"
            return Self.sheet(playScript(s, app: makeTestApp(first: .twoStage)), "s")
        }
        XCTAssertEqual(up(endingAt: 399.9)["detent"], .string("full"))
        XCTAssertEqual(up(endingAt: 400.1)["detent"], .string("expanded"))
    } }

    func testTwoStagePresentsIn0_6sAndDismissesWithTheVelocityDuration() { onMain {
        let states = playScript("""
            0.1 key Return
            0.4 state mid
            0.71 state rested
            1.0 drag 200 410 200 610 0.2
            1.21 state dismissing
            2.5 state still
            3.0 state gone
            """, app: makeTestApp(first: .twoStage))
        XCTAssertEqual(Self.sheet(states, "mid")["top"]?.doubleValue ?? 0, 622, accuracy: 1, "halfway through the ease-in-out")
        XCTAssertEqual(Self.sheet(states, "rested")["top"]?.doubleValue, 400)
        XCTAssertEqual(Self.sheet(states, "dismissing")["phase"], .string("dismissing"))
        XCTAssertEqual(Self.sheet(states, "dismissing")["policy"], .string("two-stage"))
        // 1000 pt/s release: 0.2 × 1000 × 0.001 + 1.2 = 1.4 s.
        XCTAssertEqual(Self.sheet(states, "still")["phase"], .string("dismissing"))
        XCTAssertEqual(Self.sheet(states, "gone")["phase"], .string("hidden"))
    } }
}

/// The handlebar keeps a dark halo under it: at full it sits over the dimmed
/// list's text, and the halo keeps it legible there.
final class HandleBarHaloTests: XCTestCase {
    func testTheHandleCastsAHaloOnTheDim() { MainActor.assumeIsolated {
        let app = makeTestApp()
        app.handle(.pointer(PointerEvent(id: 0, phase: .began, location: Point(195, 150), time: 0.1)))
        app.handle(.pointer(PointerEvent(id: 0, phase: .ended, location: Point(195, 150), time: 0.15)))
        _ = app.advance(to: 3)
        let halos = app.displayList(time: 3).commands.compactMap { c -> Rect? in
            if case let .shadow(r, _, color, radius, _) = c, color == SheetLayoutConstants.handleHaloColor,
               radius == SheetLayoutConstants.handleHaloRadius { return r }
            return nil
        }
        XCTAssertEqual(halos.map(\.size), [Size(SheetLayoutConstants.handleWidth, SheetLayoutConstants.handleHeight)])
    } }
}
