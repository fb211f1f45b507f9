import FlingCore
@testable import FlingUI
import XCTest

/// The app controller driven in-process: no window, no binary, a fixed-advance text measurer.
final class AppControllerTests: XCTestCase {
    @MainActor private static func makeApp(first: SceneID = .restaurants) -> AppController {
        let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in Size(width: 800, height: 600) })
        let restaurants = (0..<5).map { i in
            Restaurant(name: "R\(i)", type: "Cafe", location: "Here", phone: "1", description: "Text.", image: "x.jpg", isVisited: false)
        }
        return AppController(restaurants: restaurants, articles: [], env: env, first: first,
                             windowSize: Size(width: 390, height: 844), scale: 1)
    }

    func testTabCyclesScenesAndShiftTabGoesBack() { MainActor.assumeIsolated {
        let app = Self.makeApp()
        XCTAssertEqual(app.scene.id, .restaurants)
        app.handle(.key(Key(name: "Tab"), time: 0))
        XCTAssertEqual(app.scene.id, .today)
        app.handle(.key(Key(name: "Tab", modifiers: .shift), time: 0.1))
        XCTAssertEqual(app.scene.id, .restaurants)
    } }

    func testCtrlQRequestsQuit() { MainActor.assumeIsolated {
        let app = Self.makeApp()
        XCTAssertFalse(app.quitRequested)
        app.handle(.key(Key(name: "q", modifiers: .control), time: 0))
        XCTAssertTrue(app.quitRequested)
    } }
}
