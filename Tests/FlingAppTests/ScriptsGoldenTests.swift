// ScriptsGoldenTests: text in every script through the binary. The data set of
// Tests/Fixtures/world (Chinese, Japanese, Korean, Arabic, Hebrew, Thai, Devanagari, Greek and
// emoji, with names that wrap and truncate) in every scene at 390×844 @2x and 1080×1920, with
// no box and no warning; and Chinese typed through an input method's composition.
import FlingCore
import Foundation
import XCTest

final class ScriptsGoldenTests: XCTestCase {
    /// fontconfig sees only the fonts `make test` installs (Tests/Fixtures/fonts.conf), so the
    /// pictures do not depend on what else a machine has.
    static var environment: [String: String] {
        ["FONTCONFIG_FILE": FlingRunner.packageRoot.appendingPathComponent("Tests/Fixtures/fonts.conf").path, "LC_ALL": "C.UTF-8"]
    }

    /// A resources folder with the bundled fonts and photos and the world data set.
    static func worldResources() throws -> URL {
        let dir = FlingRunner.scratch("world-resources")
        let fm = FileManager.default
        for sub in ["fonts", "images"] {
            try fm.createSymbolicLink(at: dir.appendingPathComponent(sub),
                                      withDestinationURL: FlingRunner.packageRoot.appendingPathComponent("Resources/\(sub)"))
        }
        for file in ["restaurants.json", "articles.json"] {
            try fm.copyItem(at: FlingRunner.packageRoot.appendingPathComponent("Tests/Fixtures/world/\(file)"),
                            to: dir.appendingPathComponent(file))
        }
        return dir
    }

    /// Runs a script on the world data; the run must say nothing about boxes or fonts.
    private func world(_ script: String, _ args: [String], name: String = #function) throws -> URL {
        let res = try Self.worldResources()
        let (dir, r) = try FlingRunner.headlessRun(script, args: ["--resources", res.path] + args, environment: Self.environment, name: name)
        XCTAssertFalse(r.stderr.contains("boxes"), r.stderr)
        XCTAssertFalse(r.stderr.contains("warning"), r.stderr)
        return dir
    }

    /// The list, then the row at `row` opened in its sheet, as goldens named for `size`.
    private func listAndSheet(_ args: [String], row: (Int, Int), size: String, name: String = #function) throws {
        let dir = try world("""
            0.1 shot $OUT/list.png
            0.2 tap \(row.0) \(row.1)
            1.5 shot $OUT/sheet.png
            """, args, name: name)
        GoldenImage.assertMatches(dir.appendingPathComponent("list.png"), golden: "scripts-list-\(size)")
        GoldenImage.assertMatches(dir.appendingPathComponent("sheet.png"), golden: "scripts-sheet-\(size)")
    }

    /// The Hebrew row's sheet on a phone; the Korean one on a portrait kiosk.
    func testListAndSheetAt390x844At2x() throws { try listAndSheet(["--scale", "2"], row: (200, 310), size: "390x844@2x") }
    func testListAndSheetAt1080x1920() throws { try listAndSheet(["--size", "1080x1920"], row: (500, 520), size: "1080x1920") }

    /// Today's cards (Chinese first) and the first story opened.
    func testTodayCardsAndStory() throws {
        let phone = try world("""
            0.1 shot $OUT/cards.png
            0.2 tap 200 300
            1.5 shot $OUT/story.png
            """, ["--scene", "today", "--date", "2026-12-01", "--scale", "2"])
        GoldenImage.assertMatches(phone.appendingPathComponent("cards.png"), golden: "scripts-today-390x844@2x")
        GoldenImage.assertMatches(phone.appendingPathComponent("story.png"), golden: "scripts-story-390x844@2x")
        // The kiosk's two columns: the first card opened.
        let kiosk = try world("""
            0.1 tap 300 400
            1.5 shot $OUT/story.png
            """, ["--scene", "today", "--date", "2026-12-01", "--size", "1080x1920"])
        GoldenImage.assertMatches(kiosk.appendingPathComponent("story.png"), golden: "scripts-story-1080x1920")
    }

    /// The Form with a Chinese, an Arabic and a composing name: the composition drawn inline,
    /// underlined, at the caret. `fields`: where the first, middle and last name fields are.
    private func form(_ args: [String], fields: [(Int, Int)], size: String, name: String = #function) throws {
        let names = ["text 李小龍", "text محمد", "compose 王"]
        let lines = zip(fields, names).enumerated().map { i, f in
            "\(0.1 + 0.2 * Double(i)) tap \(f.0.0) \(f.0.1)\n\(0.2 + 0.2 * Double(i)) \(f.1)"
        }
        let dir = try world(lines.joined(separator: "\n") + "\n0.8 shot $OUT/form.png\n", ["--scene", "form"] + args, name: name)
        GoldenImage.assertMatches(dir.appendingPathComponent("form.png"), golden: "scripts-form-\(size)")
    }

    func testFormWithNamesInOtherScriptsOnAPhone() throws {
        try form(["--scale", "2"], fields: [(195, 416), (195, 517), (195, 618)], size: "390x844@2x")
    }

    func testFormWithNamesInOtherScriptsOnAKiosk() throws {
        try form(["--size", "1080x1920"], fields: [(355, 930), (538, 930), (720, 930)], size: "1080x1920")
    }

    /// Chinese typed as an input method types it: the pinyin composes, the composition turns
    /// into characters, and a commit puts them in the field. The rule counts characters
    /// (grapheme clusters), not bytes: two ideographs are yellow, the third makes it green.
    func testChineseTypedThroughACompositionCountsCharacters() throws {
        let dir = try world("""
            0.1 tap 195 416
            0.2 compose n
            0.25 compose ni
            0.3 compose 你
            0.35 state $OUT/composing.json
            0.4 text 你好
            0.45 state $OUT/two.json
            0.5 compose ma
            0.55 compose 吗
            0.6 text 吗
            0.65 state $OUT/three.json
            """, ["--scene", "form"])
        func color(_ state: JSONValue) -> String? {
            // Rects in drawing order (preferences reversed): the first field's is the 8th.
            state.at("miniMap.rects")?.arrayValue?.compactMap { $0["color"]?.stringValue }.dropFirst(7).first
        }
        let composing = try FlingRunner.state(dir, "composing.json")
        XCTAssertEqual(composing.at("form.fields.0.text")?.stringValue, "", "a composition is not the field's text until it is committed")
        XCTAssertEqual(color(composing), "red")
        let two = try FlingRunner.state(dir, "two.json")
        XCTAssertEqual(two.at("form.fields.0.text")?.stringValue, "你好")
        XCTAssertEqual(two.number("form.caret"), 2)
        XCTAssertEqual(color(two), "yellow")
        let three = try FlingRunner.state(dir, "three.json")
        XCTAssertEqual(three.at("form.fields.0.text")?.stringValue, "你好吗")
        XCTAssertEqual(three.number("form.caret"), 3)
        XCTAssertEqual(color(three), "green")
        XCTAssertEqual(three.at("form.title")?.stringValue, "Hello 你好吗  ")
    }
}
