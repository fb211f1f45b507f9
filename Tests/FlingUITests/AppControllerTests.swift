import FlingCore
@testable import FlingUI
import XCTest

/// The app controller driven in-process: no window, no binary, a fixed-advance text measurer.
final class AppControllerTests: XCTestCase {
    @MainActor private static func makeApp(first: SceneID = .restaurants) -> AppController { makeTestApp(first: first) }

    func testTabCyclesScenesAndShiftTabGoesBack() { MainActor.assumeIsolated {
        let app = Self.makeApp()
        XCTAssertEqual(app.scene.id, .restaurants)
        app.handle(.key(Key(.tab), time: 0))
        XCTAssertEqual(app.scene.id, .today)
        app.handle(.key(Key(.tab, .shift), time: 0.1))
        XCTAssertEqual(app.scene.id, .restaurants)
    } }

    func testCtrlQRequestsQuit() { MainActor.assumeIsolated {
        let app = Self.makeApp()
        XCTAssertFalse(app.quitRequested)
        app.handle(.key(Key(.char("q"), .control), time: 0))
        XCTAssertTrue(app.quitRequested)
    } }
}
