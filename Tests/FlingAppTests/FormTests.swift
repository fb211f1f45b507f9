import FlingCore
import Foundation
import XCTest

/// Scene 3 through the binary: typed text, the toggle and the slider, read back from state
/// dumps and pictures. Coordinates are for a 1024 × 768 window (the form sits at the same
/// place in every run: its layout depends only on the window size and the texts).
final class FormTests: XCTestCase {
    private let args = ["--scene", "form", "--size", "1024x768"]

    private func colors(_ state: JSONValue) -> [String] {
        state.at("miniMap.rects")?.arrayValue?.compactMap { $0["color"]?.stringValue } ?? []
    }

    func testTypingTurnsTheFieldsMiniRectRedYellowGreen() throws {
        let dir = try FlingRunner.headless("""
            0.05 state $OUT/empty.json
            0.1 tap 355 354
            0.3 text A
            0.35 state $OUT/one.json
            0.4 text da
            0.45 state $OUT/three.json
            0.5 key BackSpace
            0.55 state $OUT/back.json
            """, args: args)
        // Rects in drawing order (preferences reversed): the first field's is the 8th.
        XCTAssertEqual(colors(try FlingRunner.state(dir, "empty.json"))[7], "red")
        XCTAssertEqual(colors(try FlingRunner.state(dir, "one.json"))[7], "yellow")
        let three = try FlingRunner.state(dir, "three.json")
        XCTAssertEqual(colors(three)[7], "green")
        XCTAssertEqual(three.at("form.title")?.stringValue, "Hello Ada  ")
        XCTAssertEqual(three.at("form.focused")?.stringValue, "First Name")
        XCTAssertEqual(three.number("form.caret"), 3)
        XCTAssertEqual(three.at("form.fields.0.text")?.stringValue, "Ada")
        XCTAssertEqual(three.number("preferences.2.count"), 3, "the first field's preference carries its count")
        XCTAssertEqual(colors(try FlingRunner.state(dir, "back.json"))[7], "yellow")
    }

    func testToggleAddsTwitterAndSliderWidensTheSecondRow() throws {
        let dir = try FlingRunner.headless("""
            0.1 state $OUT/before.json
            0.2 tap 309 264
            1.0 state $OUT/toggled.json
            1.2 drag 357 264 492.5 264 0.5
            2.0 state $OUT/slid.json
            """, args: args)
        let before = try FlingRunner.state(dir, "before.json")
        XCTAssertEqual(before.at("form.fields")?.arrayValue?.count, 4)
        XCTAssertEqual(colors(before).count, 9)
        let toggled = try FlingRunner.state(dir, "toggled.json")
        XCTAssertEqual(toggled.at("form.toggle.on"), .bool(true))
        XCTAssertEqual(toggled.at("form.fields.4.label")?.stringValue, "Twitter")
        XCTAssertEqual(colors(toggled).count, 11)
        // The slider's 299 pt track gives 271 pt of thumb travel for 360…540: half of it is 450.
        let slid = try FlingRunner.state(dir, "slid.json")
        XCTAssertEqual(slid.number("form.slider.value"), 450, accuracy: 0.01)
        XCTAssertEqual(slid.number("form.fields.3.container.2") + 8 + slid.number("form.fields.4.container.2"), 450, accuracy: 0.01,
                       "row 2 (Email, 8 pt, Twitter) is as wide as the slider says")
        let area = slid.at("miniMap.area")?.arrayValue?.compactMap(\.doubleValue) ?? []
        XCTAssertEqual(area.count, 4)
        XCTAssertEqual(area[2], 200, "the mini-map area is 200 pt wide")
    }

    func testGoldenFormAt1024x768AndOnAPhone() throws {
        let wide = try FlingRunner.headless("""
            0.1 tap 355 354
            0.2 text Ada
            0.3 key Tab
            0.4 text B
            0.5 key Tab
            0.6 text Lovelace
            0.7 key Escape
            0.8 tap 309 264
            1.5 shot $OUT/form.png
            """, args: args)
        GoldenImage.assertMatches(wide.appendingPathComponent("form.png"), golden: "form-1024x768")
        // The default 390 × 844 window is compact: the mini-map above the stacked fields.
        let phone = try FlingRunner.headless("""
            0.1 tap 195 416
            0.2 text Grace
            0.3 key Escape
            0.5 shot $OUT/form.png
            """, args: ["--scene", "form"])
        GoldenImage.assertMatches(phone.appendingPathComponent("form.png"), golden: "form-390x844")
    }

    /// The compact form at 390 × 844 with long names and Twitter on: the title on two lines
    /// (shrunk, not cut), the five fields stacked, the mini-map showing all of them; and the
    /// state dump agreeing that nothing lies past the window's right edge.
    func testGoldenCompactFormWithLongNamesAt390x844() throws {
        let dir = try FlingRunner.headless("""
            0.1 tap 57 326
            0.3 tap 195 416
            0.4 text Maximiliana
            0.5 key Tab
            0.6 text Alexandrina
            0.7 key Tab
            0.8 text Montgomery-Fotheringham
            0.9 key Escape
            1.5 shot $OUT/form.png
            1.6 state $OUT/long.json
            """, args: ["--scene", "form"])
        GoldenImage.assertMatches(dir.appendingPathComponent("form.png"), golden: "form-390x844-long-names")
        let state = try FlingRunner.state(dir, "long.json")
        XCTAssertEqual(state.at("form.title")?.stringValue, "Hello Maximiliana Alexandrina Montgomery-Fotheringham")
        let fields = state.at("form.fields")?.arrayValue ?? []
        XCTAssertEqual(fields.compactMap { $0["label"]?.stringValue }, ["First Name", "Middle Name", "Last Name", "Email", "Twitter"])
        for field in fields {
            let c = field["container"]?.arrayValue?.compactMap(\.doubleValue) ?? []
            guard c.count == 4 else { XCTFail("no container frame"); continue }
            XCTAssertLessThanOrEqual(c[0] + c[2], 390, "\(field["label"]?.stringValue ?? "?") past the right edge")
        }
        XCTAssertEqual(colors(state).count, 11)
    }
}
