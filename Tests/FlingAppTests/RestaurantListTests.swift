import FlingCore
import Foundation
import XCTest

/// The Restaurants list end to end: the real binary, headless, driven by scripts.
final class RestaurantListTests: XCTestCase {
    func testInitialStateDump() throws {
        let dir = try FlingRunner.headless("0.1 state $OUT/s.json\n")
        let s = try FlingRunner.state(dir, "s.json")
        XCTAssertEqual(s["scene"]?.stringValue, "restaurants")
        XCTAssertEqual(s.number("size.0"), 390); XCTAssertEqual(s.number("size.1"), 844)
        XCTAssertEqual(s.number("scale"), 1)
        XCTAssertEqual(s.number("frame"), 6)
        XCTAssertEqual(s.number("list.offset"), 0)
        XCTAssertGreaterThan(s.number("list.contentHeight"), 844 * 2, "the list scrolls a few screens")
        XCTAssertEqual(s.at("list.rows.0.name")?.stringValue, "Kaffeehaus Lindner")
        XCTAssertEqual(s.number("list.rows.0.frame.1"), 102)
        XCTAssertEqual(s.number("list.rows.0.frame.3"), 84)
    }

    func testWheelScrollsAndClampsAtTheTop() throws {
        let dir = try FlingRunner.headless("""
            0.1 wheel -2
            1.0 state $OUT/down.json
            1.1 wheel 10
            2.0 state $OUT/top.json
            """)
        XCTAssertEqual(try FlingRunner.state(dir, "down.json").number("list.offset"), 100, accuracy: 0.01, "two notches of 50 pt")
        XCTAssertEqual(try FlingRunner.state(dir, "top.json").number("list.offset"), 0)
    }

    func testADragFollowsTheFingerThenFlingsWithMomentum() throws {
        let dir = try FlingRunner.headless("""
            0.5 drag 200 700 200 400 0.3
            0.75 state $OUT/during.json
            0.8 state $OUT/release.json
            1.2 state $OUT/coasting.json
            5 state $OUT/rest.json
            """)
        let during = try FlingRunner.state(dir, "during.json")
        XCTAssertEqual(during.number("list.offset"), 250 - 10, accuracy: 1, "1:1 from where the slop was crossed")
        let release = try FlingRunner.state(dir, "release.json")
        XCTAssertEqual(release.number("list.velocity"), 1000, accuracy: 20, "300 pt in 0.3 s")
        let coasting = try FlingRunner.state(dir, "coasting.json")
        XCTAssertGreaterThan(coasting.number("list.offset"), release.number("list.offset") + 100)
        let rest = try FlingRunner.state(dir, "rest.json")
        XCTAssertEqual(rest.number("list.velocity"), 0)
        // Deceleration at 0.998/ms projects 1000 pt/s to 499 pt beyond the release point.
        XCTAssertEqual(rest.number("list.offset"), release.number("list.offset") + 499, accuracy: 3)
    }

    func testRubberBandAtTheTopAndSpringBack() throws {
        let dir = try FlingRunner.headless("""
            0.5 down 200 300
            0.6 move 200 320
            0.7 move 200 500
            0.8 state $OUT/pulled.json
            0.9 up 200 500
            3 state $OUT/back.json
            """)
        let pulled = try FlingRunner.state(dir, "pulled.json").number("list.offset")
        XCTAssertLessThan(pulled, -40)
        XCTAssertGreaterThan(pulled, -180, "pulled 180 pt, shown less: the rubber band resists")
        XCTAssertEqual(try FlingRunner.state(dir, "back.json").number("list.offset"), 0)
    }

    func testRubberBandAtTheBottomAndSpringBack() throws {
        let dir = try FlingRunner.headless("""
            0.1 key End
            1.5 state $OUT/end.json
            2.0 down 200 600
            2.1 move 200 580
            2.2 move 200 400
            2.3 state $OUT/pulled.json
            2.4 up 200 400
            5 state $OUT/back.json
            """)
        let end = try FlingRunner.state(dir, "end.json")
        // The list's viewport ends at the tab bar (49 + 34 pt).
        let maxOffset = end.number("list.contentHeight") - (844 - 83)
        XCTAssertEqual(end.number("list.offset"), maxOffset, accuracy: 0.01)
        let pulled = try FlingRunner.state(dir, "pulled.json").number("list.offset")
        XCTAssertGreaterThan(pulled, maxOffset + 40)
        XCTAssertLessThan(pulled, maxOffset + 180)
        XCTAssertEqual(try FlingRunner.state(dir, "back.json").number("list.offset"), maxOffset, accuracy: 0.001)
    }

    func testFlingPastTheEndBouncesBackToTheEnd() throws {
        let dir = try FlingRunner.headless("""
            0.1 drag 200 740 200 40 0.1
            6 state $OUT/rest.json
            """)
        let rest = try FlingRunner.state(dir, "rest.json")
        XCTAssertEqual(rest.number("list.offset"), rest.number("list.contentHeight") - (844 - 83), accuracy: 0.001)
    }

    func testKeysMoveTheSelection() throws {
        let dir = try FlingRunner.headless("""
            0.1 key Down
            0.2 state $OUT/first.json
            0.4 key Down
            0.5 key Down
            0.6 state $OUT/keys.json
            0.7 key Up
            0.8 state $OUT/up.json
            """)
        XCTAssertEqual(try FlingRunner.state(dir, "first.json").number("list.selected"), 0)
        XCTAssertEqual(try FlingRunner.state(dir, "keys.json").number("list.selected"), 2)
        XCTAssertEqual(try FlingRunner.state(dir, "up.json").number("list.selected"), 1)
    }

    func testTabSwitchesScenesAndTheTabBarTapsToo() throws {
        let dir = try FlingRunner.headless("""
            0.1 key Tab
            0.2 state $OUT/tab.json
            0.3 key shift+Tab
            0.4 state $OUT/back.json
            0.5 tap 243 800
            0.7 state $OUT/tapped.json
            0.8 tap 340 800
            0.9 state $OUT/form.json
            """)
        XCTAssertEqual(try FlingRunner.state(dir, "tab.json")["scene"]?.stringValue, "today")
        XCTAssertEqual(try FlingRunner.state(dir, "back.json")["scene"]?.stringValue, "restaurants")
        XCTAssertEqual(try FlingRunner.state(dir, "tapped.json")["scene"]?.stringValue, "two-stage")
        XCTAssertEqual(try FlingRunner.state(dir, "form.json")["scene"]?.stringValue, "form")
    }

    func testASecondFingerDoesNotStartASecondDrag() throws {
        let dir = try FlingRunner.headless("""
            0.1 finger down 1 200 600
            0.2 finger move 1 200 500
            0.3 finger down 2 100 600
            0.35 finger move 2 100 100
            0.4 finger move 1 200 400
            0.45 state $OUT/s.json
            0.5 finger up 2 100 100
            0.6 finger up 1 200 400
            """)
        XCTAssertEqual(try FlingRunner.state(dir, "s.json").number("list.offset"), 190, accuracy: 0.5,
                       "only finger 1 scrolls: 200 pt less the 10 pt slop")
    }

    func testFocusLossMidDragSettlesTheList() throws {
        let dir = try FlingRunner.headless("""
            0.1 down 200 300
            0.2 move 200 320
            0.3 move 200 500
            0.4 blur
            3 state $OUT/s.json
            3.1 move 200 100
            3.2 state $OUT/after.json
            """)
        XCTAssertEqual(try FlingRunner.state(dir, "s.json").number("list.offset"), 0)
        XCTAssertEqual(try FlingRunner.state(dir, "after.json").number("list.offset"), 0, "the cancelled drag stays ended")
    }

    func testResizeKeepsTheOffsetAndRelayouts() throws {
        let dir = try FlingRunner.headless("""
            0.1 wheel -4
            1 resize 1080 1920
            1.1 state $OUT/s.json
            """)
        let s = try FlingRunner.state(dir, "s.json")
        XCTAssertEqual(s.number("size.0"), 1080)
        XCTAssertEqual(s.number("list.offset"), 0, "the whole list fits in 1920 pt: clamped to the top")
        XCTAssertEqual(s.number("list.rows.0.frame.2"), 720, "rows stop stretching at 720 pt")
    }

    func testSteadyStateFramesRasteriseNoText() throws {
        let dir = try FlingRunner.headless("""
            0.1 state $OUT/first.json
            0.2 state $OUT/second.json
            """)
        let first = try FlingRunner.state(dir, "first.json")
        XCTAssertGreaterThan(first.number("render.textRasterizations"), 10)
        let second = try FlingRunner.state(dir, "second.json")
        XCTAssertEqual(second.number("render.textRasterizations"), 0)
        XCTAssertEqual(second.number("render.textCacheEntries"), first.number("render.textCacheEntries"))
        XCTAssertGreaterThan(second.number("render.imageCacheEntries"), 5)
        XCTAssertGreaterThan(second.number("render.drawCalls"), 20)
    }
}
