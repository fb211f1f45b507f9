// DetentsOptionTests: `--detents` through the binary: a restaurant's sheet on a
// chosen set at a phone's and a portrait kiosk's size, the set in the state dump, kept by a
// recording for its replay, and bad values refused with what is accepted.
import FlingCore
import Foundation
import XCTest

final class DetentsOptionTests: XCTestCase {
    /// Opens a row's sheet, then steps it up with the keyboard, dumping each resting state.
    func states(_ args: [String], row: (Int, Int), name: String = #function) throws -> [JSONValue] {
        let (dir, _) = try FlingRunner.headlessRun("""
            0.2 tap \(row.0) \(row.1)
            1.5 state $OUT/a.json
            1.6 key Up
            2.5 state $OUT/b.json
            2.6 key Up
            3.5 state $OUT/c.json
            """, args: args, name: name)
        return try ["a.json", "b.json", "c.json"].map { try FlingRunner.state(dir, $0) }
    }

    func testAThirtyPercentSheetStepsThroughTheSetOnAPhoneAndAKiosk() throws {
        for (size, row, tops) in [("390x844", (195, 300), [590.8, 337.6, 50]), ("1080x1920", (540, 312), [1344, 768, 50])] {
            let s = try states(["--size", size, "--detents", "0.3,0.6,large"], row: row, name: "detents-\(size)")
            XCTAssertEqual(s.map { $0.at("sheet.detent")?.stringValue }, ["0.3", "0.6", "full"], size)
            XCTAssertEqual(s.map { $0.at("sheet.top")?.doubleValue }, tops, size)
            XCTAssertEqual(s.map { $0.at("sheet.phase")?.stringValue }, ["resting", "resting", "resting"], size)
            let set = s[0].at("sheet.detents")?.arrayValue ?? []
            XCTAssertEqual(set.compactMap { $0["name"]?.stringValue }, ["full", "0.6", "0.3"], size)
            XCTAssertEqual(set.compactMap { $0["top"]?.doubleValue }, tops.reversed(), size)
        }
    }

    func testTheStandardSetLeavesTheDumpAsItWas() throws {
        let s = try states([], row: (195, 300))
        XCTAssertEqual(s[0].at("sheet.detent")?.stringValue, "half")
        XCTAssertNil(s[0].at("sheet.detents"))
    }

    func testARecordingKeepsTheSetForItsReplay() throws {
        let dir = FlingRunner.scratch("detents-recording")
        let script = dir.appendingPathComponent("s.txt")
        try "0.2 tap 195 300\n1.6 key Up\n3 quit\n".write(to: script, atomically: true, encoding: .utf8)
        let recording = dir.appendingPathComponent("d.rec").path
        let rec = try FlingRunner.run(["--headless", "--script", script.path, "--record", recording, "--detents", "300pt,large"])
        XCTAssertEqual(rec.status, 0, rec.stderr)
        XCTAssertTrue(try String(contentsOfFile: recording, encoding: .utf8).contains("\n# detents: 300pt,large\n"))
        let state = dir.appendingPathComponent("end.json").path
        let r = try FlingRunner.run(["replay", recording, "--state", state])
        XCTAssertEqual(r.status, 0, r.stderr)
        let end = try JSONParser.parse(try String(contentsOfFile: state, encoding: .utf8))
        XCTAssertEqual(end.at("sheet.detent")?.stringValue, "full", "presented at 300 pt, then one step up")
        XCTAssertEqual(end.at("sheet.detents")?.arrayValue?.compactMap { $0["name"]?.stringValue }, ["full", "300pt"])
    }

    /// Maps' sheet: at 30 % the list behind is undimmed, scrolls, and a tap on another row
    /// shows that restaurant in the sheet where it rests; pulled up, the dim comes back.
    func testTheListBehindASmallSheetScrollsAndATapRetargetsIt() throws {
        let (dir, _) = try FlingRunner.headlessRun("""
            0.2 tap 195 300
            1.5 state $OUT/open.json
            1.5 shot $OUT/open.png
            1.6 drag 195 400 195 200 0.4
            5.5 state $OUT/scrolled.json
            5.6 tap 195 150
            6.4 state $OUT/retargeted.json
            6.5 drag 195 620 195 300 0.25
            8.5 state $OUT/up.json
            """, args: ["--scale", "2", "--detents", "0.3,0.6,large", "--background-interaction", "upto=0.3"])
        let open = try FlingRunner.state(dir, "open.json"), scrolled = try FlingRunner.state(dir, "scrolled.json")
        let retargeted = try FlingRunner.state(dir, "retargeted.json"), up = try FlingRunner.state(dir, "up.json")
        XCTAssertEqual(open.at("sheet.detent")?.stringValue, "0.3")
        XCTAssertEqual(open.at("sheet.dim")?.doubleValue, 0)
        XCTAssertEqual(open.at("sheet.backgroundInteraction")?.stringValue, "upto=0.3")
        XCTAssertEqual(open.at("list.shift")?.doubleValue, 0, "the list stays in place: it is still in use")
        XCTAssertGreaterThan(scrolled.at("list.offset")?.doubleValue ?? 0, 150, "a drag on the list scrolled it")
        XCTAssertEqual(scrolled.at("sheet.top")?.doubleValue, 590.8, "the sheet stayed where it rests")
        XCTAssertEqual(retargeted.at("sheet.restaurant")?.stringValue, "Fig & Honey", "the row under the tap, after the scroll")
        XCTAssertEqual(retargeted.at("sheet.detent")?.stringValue, "0.3")
        XCTAssertEqual(up.at("sheet.detent")?.stringValue, "full")
        XCTAssertEqual(up.at("sheet.dim")?.doubleValue, 0.5, "above upto=0.3 the dim is back")
        GoldenImage.assertMatches(dir.appendingPathComponent("open.png"), golden: "sheet-30-undimmed-390x844@2x")
    }

    /// SwiftUI's interactiveDismissDisabled and a hidden drag indicator: a flick down and a
    /// tap on the dim leave the sheet up; Esc closes it; a recording keeps both.
    func testARefusedDismissalKeepsTheSheetUpUntilEsc() throws {
        let (dir, _) = try FlingRunner.headlessRun("""
            0.2 tap 195 300
            1.6 drag 195 440 195 840 0.15
            3.5 state $OUT/flicked.json
            3.6 tap 195 150
            4.5 state $OUT/tapped.json
            4.6 key Escape
            5.6 state $OUT/closed.json
            """, args: ["--interactive-dismiss", "disabled", "--drag-indicator", "hidden"])
        let flicked = try FlingRunner.state(dir, "flicked.json"), tapped = try FlingRunner.state(dir, "tapped.json")
        XCTAssertEqual(flicked.at("sheet.phase")?.stringValue, "resting")
        XCTAssertEqual(flicked.at("sheet.detent")?.stringValue, "half", "the flick sprang back")
        XCTAssertEqual(flicked.at("sheet.interactiveDismiss")?.stringValue, "disabled")
        XCTAssertEqual(flicked.at("sheet.dragIndicator")?.stringValue, "hidden")
        XCTAssertEqual(tapped.at("sheet.phase")?.stringValue, "resting", "a tap on the dim does nothing")
        XCTAssertEqual(try FlingRunner.state(dir, "closed.json").at("sheet.phase")?.stringValue, "hidden")
        try FlingRunner.assertUsageError(["--headless", "--interactive-dismiss", "never"], says: "--interactive-dismiss: 'never' is not enabled or disabled")
    }

    func testBadDetentsAreUsageErrorsSayingWhatIsAccepted() throws {
        try FlingRunner.assertUsageError(["--headless", "--detents", "0.3,0.6", "--background-interaction", "upto=0.5"],
                                         says: "--background-interaction: upto=0.5: not one of the detents (0.3, 0.6)")
        try FlingRunner.assertUsageError(["--headless", "--background-interaction", "often"],
                                         says: "--background-interaction: 'often' is not disabled, enabled or upto=DETENT (upto=medium, upto=0.3)")
        try FlingRunner.assertUsageError(["--headless", "--detents", "0.3,huge"],
                                         says: "--detents: 'huge' is not medium, large, content, a fraction (0 < f ≤ 1, e.g. 0.3), a height (e.g. 300pt) or one from large (large*0.25, large-200pt)")
        try FlingRunner.assertUsageError(["--headless", "--detents", "large,large"], says: "--detents: 'large' is given twice")
    }

    /// Seed 001's rule on a chosen set (`--sheet-policy two-stage`): a slow drag up from 0.3
    /// past 0.6 goes on to the next one above; the Two-Stage screen without a chosen policy
    /// keeps the seed's own two.
    func testTheTwoStageRuleOnAChosenSetAndTheSeedsOwnWithout() throws {
        let (dir, _) = try FlingRunner.headlessRun("""
            0.2 tap 195 300
            1.5 state $OUT/open.json
            1.6 drag 195 620 195 300 0.8
            3.5 state $OUT/up.json
            """, args: ["--sheet-policy", "two-stage", "--detents", "0.3,0.6,large"])
        let open = try FlingRunner.state(dir, "open.json"), up = try FlingRunner.state(dir, "up.json")
        XCTAssertEqual(open.at("sheet.detent")?.stringValue, "0.3")
        XCTAssertEqual(open.at("sheet.top")?.doubleValue, 590.8)
        XCTAssertEqual(up.at("sheet.detent")?.stringValue, "full", "released above 0.6, going up: the next one above")
        XCTAssertEqual(up.at("sheet.policy")?.stringValue, "two-stage", "(the fluid policy would take the nearer 0.6)")
        let (seedDir, _) = try FlingRunner.headlessRun("0.2 tap 195 600\n1.5 state $OUT/s.json\n",
                                                       args: ["--scene", "two-stage", "--detents", "0.3,0.6,large"], name: "two-stage-own")
        let seed = try FlingRunner.state(seedDir, "s.json")
        XCTAssertNil(seed.at("sheet.detents"), "the Two-Stage screen keeps seed 001's two: \(seed)")
    }
}

/// The recording's header lines this work added, when bad: the replay names the file and line.
final class SheetRecordingHeaderTests: XCTestCase {
    func testBadSheetAndKeyboardHeaderLinesAreRefusedWithTheirLine() throws {
        let dir = FlingRunner.scratch("bad-header")
        let script = dir.appendingPathComponent("s.txt")
        try "0.2 tap 195 300\n1 quit\n".write(to: script, atomically: true, encoding: .utf8)
        let good = dir.appendingPathComponent("good.rec").path
        let rec = try FlingRunner.run(["--headless", "--script", script.path, "--record", good])
        XCTAssertEqual(rec.status, 0, rec.stderr)
        var lines = try String(contentsOfFile: good, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let at = (lines.firstIndex { $0.hasPrefix("# version:") } ?? 1)
        let cases: [(String, String)] = [
            ("# detents: 0.3,huge", "detents: 'huge' is not medium, large, content"),
            ("# background-interaction: upto=0.7", "background-interaction: upto=0.7: not one of the detents (medium, large)"),
            ("# sheet: grabber=purple", "sheet: 'grabber=purple' is not interactive-dismiss=disabled or drag-indicator=hidden"),
            ("# keyboard: sometimes", "keyboard: 'sometimes' is not on, off, auto or auto-kiosk"),
            ("# card-style: flip", "card-style: 'flip' is not expand or zoom"),
        ]
        for (i, (line, message)) in cases.enumerated() {
            var bad = lines
            bad.insert(line, at: at)
            let file = dir.appendingPathComponent("bad\(i).rec")
            try bad.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
            let r = try FlingRunner.run(["replay", file.path])
            XCTAssertEqual(r.status, 2, line)
            XCTAssertTrue(r.stderr.contains("\(file.path):\(at + 1): \(message)"), "\(r.stderr) should say \(message)")
        }
        lines.removeAll()
    }
}
