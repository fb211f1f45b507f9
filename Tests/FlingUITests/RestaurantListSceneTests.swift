import FlingCore
@testable import FlingUI
import XCTest

/// The Restaurants list through the app, in-process (were end-to-end; the binary adds nothing
/// to them): scripts played by `playScript` against the bundled restaurants.
final class RestaurantListSceneTests: XCTestCase {
    func testInitialStateDump() { onMain {
        let states = playScript("0.1 state s\n", app: makeSampleApp())
        let s = states["s"] ?? .null
        XCTAssertEqual(s["scene"]?.stringValue, "restaurants")
        XCTAssertEqual(s.number("size.0"), 390); XCTAssertEqual(s.number("size.1"), 844)
        XCTAssertEqual(s.number("scale"), 1)
        XCTAssertEqual(s.number("frame"), 6)
        XCTAssertEqual(s.number("list.offset"), 0)
        XCTAssertGreaterThan(s.number("list.contentHeight"), 844 * 2, "the list scrolls a few screens")
        XCTAssertEqual(s.at("list.rows.0.name")?.stringValue, "Kaffeehaus Lindner")
        XCTAssertEqual(s.number("list.rows.0.frame.1"), 102)
        XCTAssertEqual(s.number("list.rows.0.frame.3"), 84)
    } }

    /// On a wide window the rows are a centred column, and their separators stay in it
    /// (they once ran 600 pt past it to the window's edge at 1920 wide).
    func testSeparatorsStayInTheCentredColumnOnAWideWindow() { onMain {
        let app = makeSampleApp()
        let states = playScript("0.1 resize 1920 1080\n0.5 state s\n", app: app)
        let column = (states.number("s", "list.rows.0.frame.0"), states.number("s", "list.rows.0.frame.2"))
        XCTAssertEqual(column.0, 600); XCTAssertEqual(column.1, 720)
        let hairlines: [(Point, Point)] = app.displayList(time: 0.6).commands.compactMap {
            if case .hairline(let a, let b, let color) = $0, color == SystemColor.separator, abs(a.y - b.y) < 0.01, a.y > 150,
               a.y < 1080 - LayoutMetrics.tabBarHeight - LayoutMetrics.tabBarBottomInset - 1 { (a, b) } else { nil }   // (not the tab bar's)
        }
        XCTAssertGreaterThan(hairlines.count, 5, "the rows' separators")
        for (a, b) in hairlines {
            XCTAssertGreaterThanOrEqual(min(a.x, b.x), column.0, "a separator starts left of the column")
            XCTAssertLessThanOrEqual(max(a.x, b.x), column.0 + column.1, "a separator runs past the column, to \(max(a.x, b.x))")
        }
    } }

    func testWheelScrollsAndClampsAtTheTop() { onMain {
        let states = playScript("""
            0.1 wheel -2
            1.0 state down
            1.1 wheel 10
            2.0 state top
            """, app: makeSampleApp())
        XCTAssertEqual(states.number("down", "list.offset"), 100, accuracy: 0.01, "two notches of 50 pt")
        XCTAssertEqual(states.number("top", "list.offset"), 0)
    } }

    func testADragFollowsTheFingerThenFlingsWithMomentum() { onMain {
        let states = playScript("""
            0.5 drag 200 700 200 400 0.3
            0.75 state during
            0.8 state release
            1.2 state coasting
            5 state rest
            """, app: makeSampleApp())
        let during = states["during"] ?? .null
        XCTAssertEqual(during.number("list.offset"), 250 - 10, accuracy: 1, "1:1 from where the slop was crossed")
        let release = states["release"] ?? .null
        XCTAssertEqual(release.number("list.velocity"), 1000, accuracy: 20, "300 pt in 0.3 s")
        let coasting = states["coasting"] ?? .null
        XCTAssertGreaterThan(coasting.number("list.offset"), release.number("list.offset") + 100)
        let rest = states["rest"] ?? .null
        XCTAssertEqual(rest.number("list.velocity"), 0)
        // Deceleration at 0.998/ms projects 1000 pt/s to 499 pt beyond the release point.
        XCTAssertEqual(rest.number("list.offset"), release.number("list.offset") + 499, accuracy: 3)
    } }

    func testRubberBandAtTheTopAndSpringBack() { onMain {
        let states = playScript("""
            0.5 down 200 300
            0.6 move 200 320
            0.7 move 200 500
            0.8 state pulled
            0.9 up 200 500
            3 state back
            """, app: makeSampleApp())
        let pulled = states.number("pulled", "list.offset")
        XCTAssertLessThan(pulled, -40)
        XCTAssertGreaterThan(pulled, -180, "pulled 180 pt, shown less: the rubber band resists")
        XCTAssertEqual(states.number("back", "list.offset"), 0)
    } }

    func testRubberBandAtTheBottomAndSpringBack() { onMain {
        let states = playScript("""
            0.1 key End
            1.5 state end
            2.0 down 200 600
            2.1 move 200 580
            2.2 move 200 400
            2.3 state pulled
            2.4 up 200 400
            5 state back
            """, app: makeSampleApp())
        let end = states["end"] ?? .null
        // The list's viewport ends at the tab bar (49 + 34 pt).
        let maxOffset = end.number("list.contentHeight") - (844 - 83)
        XCTAssertEqual(end.number("list.offset"), maxOffset, accuracy: 0.01)
        let pulled = states.number("pulled", "list.offset")
        XCTAssertGreaterThan(pulled, maxOffset + 40)
        XCTAssertLessThan(pulled, maxOffset + 180)
        XCTAssertEqual(states.number("back", "list.offset"), maxOffset, accuracy: 0.001)
    } }

    func testFlingPastTheEndBouncesBackToTheEnd() { onMain {
        let states = playScript("""
            0.1 drag 200 740 200 40 0.1
            6 state rest
            """, app: makeSampleApp())
        let rest = states["rest"] ?? .null
        XCTAssertEqual(rest.number("list.offset"), rest.number("list.contentHeight") - (844 - 83), accuracy: 0.001)
    } }

    func testKeysMoveTheSelection() { onMain {
        let states = playScript("""
            0.1 key Down
            0.2 state first
            0.4 key Down
            0.5 key Down
            0.6 state keys
            0.7 key Up
            0.8 state up
            """, app: makeSampleApp())
        XCTAssertEqual(states.number("first", "list.selected"), 0)
        XCTAssertEqual(states.number("keys", "list.selected"), 2)
        XCTAssertEqual(states.number("up", "list.selected"), 1)
    } }

    func testTabSwitchesScenesAndTheTabBarTapsToo() { onMain {
        let states = playScript("""
            0.1 key Tab
            0.2 state tab
            0.3 key shift+Tab
            0.4 state back
            0.5 tap 243 800
            0.7 state tapped
            0.8 tap 340 800
            0.9 state form
            """, app: makeSampleApp())
        XCTAssertEqual(states.at("tab", "scene")?.stringValue, "today")
        XCTAssertEqual(states.at("back", "scene")?.stringValue, "restaurants")
        XCTAssertEqual(states.at("tapped", "scene")?.stringValue, "two-stage")
        XCTAssertEqual(states.at("form", "scene")?.stringValue, "form")
    } }

    func testASecondFingerDoesNotStartASecondDrag() { onMain {
        let states = playScript("""
            0.1 finger down 1 200 600
            0.2 finger move 1 200 500
            0.3 finger down 2 100 600
            0.35 finger move 2 100 100
            0.4 finger move 1 200 400
            0.45 state s
            0.5 finger up 2 100 100
            0.6 finger up 1 200 400
            """, app: makeSampleApp())
        XCTAssertEqual(states.number("s", "list.offset"), 190, accuracy: 0.5,
                       "only finger 1 scrolls: 200 pt less the 10 pt slop")
    } }

    func testFocusLossMidDragSettlesTheList() { onMain {
        let states = playScript("""
            0.1 down 200 300
            0.2 move 200 320
            0.3 move 200 500
            0.4 blur
            3 state s
            3.1 move 200 100
            3.2 state after
            """, app: makeSampleApp())
        XCTAssertEqual(states.number("s", "list.offset"), 0)
        XCTAssertEqual(states.number("after", "list.offset"), 0, "the cancelled drag stays ended")
    } }

    func testResizeKeepsTheOffsetAndRelayouts() { onMain {
        let states = playScript("""
            0.1 wheel -4
            1 resize 1080 1920
            1.1 state s
            """, app: makeSampleApp())
        let s = states["s"] ?? .null
        XCTAssertEqual(s.number("size.0"), 1080)
        XCTAssertEqual(s.number("list.offset"), 0, "the whole list fits in 1920 pt: clamped to the top")
        XCTAssertEqual(s.number("list.rows.0.frame.2"), 720, "rows stop stretching at 720 pt")
    } }
}

/// The compact bar's material: once the large title has scrolled under it,
/// what the list drew under the bar is blurred in place, under the material's tint.
final class NavigationBarMaterialTests: XCTestCase {
    func testTheCollapsedBarBlursTheRowsUnderIt() { MainActor.assumeIsolated {
        let app = makeTestApp(rows: 30)
        let scene = app.scene as! RestaurantsScene
        @MainActor func commands() -> [DrawCommand] { app.displayList(time: 5).commands }
        func isBlur(_ c: DrawCommand) -> Bool { if case .backdropBlur = c { return true } else { return false } }
        XCTAssertFalse(commands().contains(where: isBlur), "no material while the large title shows")
        app.handle(.wheel(dy: -10, location: Point(195, 400), time: 0.1))
        _ = app.advance(to: 5)
        XCTAssertGreaterThan(scene.list.scroll.offset(at: 5), 100)
        let list = commands()
        guard let i = list.firstIndex(where: isBlur), case let .backdropBlur(bar, sigma) = list[i] else { return XCTFail("no material") }
        XCTAssertEqual(sigma, ListConstants.materialBlur)
        XCTAssertEqual(bar.height, ListConstants.navBarHeight)
        XCTAssertTrue(list[..<i].contains { if case .image = $0 { return true } else { return false } }, "the rows are drawn before it")
        XCTAssertEqual(list[i + 1], .fillRect(bar, radii: CornerRadii(0), color: ListConstants.materialTint))
        XCTAssertFalse(list.contains {
            if case let .fillRect(r, _, c) = $0 { return c == SystemColor.barBackground && r.height == ListConstants.navBarHeight }
            return false
        }, "no plain wash any more")
    } }
}

/// A list of 100,000 rows builds only the rows it shows (a 100k-row file was once
/// built whole, 2 s and 400 MB to start): a fling, then Up to the last row and its sheet.
final class RestaurantListManyRowsTests: XCTestCase {
    func testAHundredThousandRowsBuildOnlyTheRowsShown() { onMain {
        var loads = Set<Int>(), calls = 0
        let rows = RestaurantRows(count: 100_000) { i in
            loads.insert(i); calls += 1
            return Restaurant(name: "R \(i)", type: "Cafe", location: "Here", phone: "1", description: "Text.", image: "", isVisited: false)
        }
        let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in Size(width: 800, height: 600) })
        let app = AppController(rows: rows, articles: [], env: env, first: .restaurants, windowSize: Size(width: 390, height: 844), scale: 1)
        let states = playScript("""
            0.1 state start
            0.5 drag 200 700 200 200 0.1
            3 state flung
            3.5 key Up
            5 state last
            5.1 key Return
            7 state sheet
            """, app: app)
        let h = LayoutMetrics.rowHeight
        XCTAssertEqual(states.number("start", "list.contentHeight"), RestaurantListController.Metrics.rowsTop + 100_000 * h + ListConstants.bottomPadding, accuracy: 0.01)
        XCTAssertEqual(states.at("start", "list.rows.0.name")?.stringValue, "R 0")
        XCTAssertGreaterThan(states.number("flung", "list.offset"), 844, "the fling carried the list on")
        XCTAssertEqual(states.number("last", "list.selected"), 99_999, "Up from no selection selects the last row")
        let lastRows = states.at("last", "list.rows")?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        XCTAssertTrue(lastRows.contains("R 99999"), "the last row is scrolled into view: \(lastRows)")
        XCTAssertEqual(states.at("sheet", "sheet.restaurant")?.stringValue, "R 99999")
        // The rows shown and those beside them, never the whole list.
        XCTAssertLessThan(loads.count, 400, "rows built: \(loads.count)")
        XCTAssertLessThan(calls, 400, "builds: \(calls)")
    } }
}
