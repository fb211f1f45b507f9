import FlingCore
@testable import FlingUI
import XCTest

/// The kiosk idle reset in-process: the two-stage scene's sheet closes with its own
/// animation, then the home scene comes back at its top.
final class IdleResetTests: XCTestCase {
    @MainActor private static func makeApp() -> AppController { makeTestApp(rows: 30) }

    func testTheTwoStageSheetClosesThenHomeComesBackAtItsTop() { MainActor.assumeIsolated {
        let app = Self.makeApp()
        // Scroll home down, go to the two-stage scene and show its sheet.
        app.handle(.key(Key(.end), time: 0))
        var t = 0.0
        while app.advance(to: t) { t += 1.0 / 60 }
        let restaurants = app.scenes[0] as? RestaurantsScene
        XCTAssertGreaterThan(restaurants?.list.scroll.offset(at: t) ?? 0, 500)
        app.select(.twoStage, time: t)
        app.handle(.key(Key(.return), time: t))
        while app.advance(to: t) { t += 1.0 / 60 }
        let twoStage = app.scene as? TwoStageScene
        XCTAssertEqual(twoStage?.presenter.isVisible, true)

        app.resetToHome(time: t)
        XCTAssertTrue(app.returningHome)
        // The sheet slides away in its own scene first…
        XCTAssertTrue(app.advance(to: t + 0.1))
        XCTAssertEqual(app.scene.id, .twoStage)
        XCTAssertEqual(twoStage?.presenter.sheet.isDismissing, true)
        // …then home, scrolled back to the top.
        var u = t + 0.1
        while app.advance(to: u) && u < t + 10 { u += 1.0 / 60 }
        XCTAssertEqual(app.scene.id, .restaurants)
        XCTAssertFalse(app.returningHome)
        XCTAssertEqual(twoStage?.presenter.isVisible, false)
        XCTAssertEqual(restaurants?.list.scroll.offset(at: u), 0)
        XCTAssertNil(restaurants?.list.selected)
    } }
}
