import FlingCore
import FlingSDL
import Foundation
import XCTest

/// The UX-testing instrument through the binary: `--tune`, `--slow`, `--overlay`,
/// `--show-touches`, F5's panel in a shot.
final class InstrumentEndToEndTests: XCTestCase {
    func testAnUnknownTuneKeyIsAUsageErrorListingTheKeys() throws {
        let r = try FlingRunner.run(["--headless", "--tune", "sheet.bounce=2"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("--tune: unknown tuning key 'sheet.bounce'"), r.stderr)
        for key in Tuning.keys { XCTAssertTrue(r.stderr.contains(key.name), "\(key.name) listed: \(r.stderr)") }
    }

    func testAnOutOfRangeTuneValueIsAUsageError() throws {
        let r = try FlingRunner.run(["--headless", "--tune", "dismiss.ratio=0.1"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("dismiss.ratio = 0.1 is outside 0.5…50"), r.stderr)
        let slow = try FlingRunner.run(["--headless", "--slow", "0"])
        XCTAssertEqual(slow.status, 2)
        XCTAssertTrue(slow.stderr.contains("--slow must be between 1 and 20"), slow.stderr)
    }

    func testTheStateDumpShowsTheTuningInForce() throws {
        let dir = try FlingRunner.headless("0.1 state $OUT/s.json\n", args: ["--tune", "sheet.response=0.5,slop=4"])
        let tuning = try XCTUnwrap(FlingRunner.state(dir, "s.json")["tuning"])
        XCTAssertEqual(tuning["sheet.response"]?.doubleValue, 0.5)
        XCTAssertEqual(tuning["slop"]?.doubleValue, 4)
        XCTAssertEqual(tuning["dismiss.ratio"]?.doubleValue, 5.5, "the others keep their standard values")
        guard case .object(let fields) = tuning else { return XCTFail("tuning is an object") }
        XCTAssertEqual(fields.map(\.0), Tuning.keys.map(\.name))
    }

    /// `--tune` reaches the models: tutorial.full 0.1 turns a still 150 pt drag up from half
    /// (less than the seed's 0.25·H = 211 pt) into full.
    func testTuneAtLaunchChangesTheSheetsDecision() throws {
        let script = "0.1 tap 200 230\n2 down 200 600\n2.05 move 200 580\n2.1 move 200 450\n2.4 up 200 450\n4 state $OUT/s.json\n"
        let standard = try FlingRunner.headless(script, args: ["--sheet-policy", "tutorial"])
        XCTAssertEqual(try FlingRunner.state(standard, "s.json").at("sheet.detent")?.stringValue, "half")
        let tuned = try FlingRunner.headless(script, args: ["--sheet-policy", "tutorial", "--tune", "tutorial.full=0.1"])
        XCTAssertEqual(try FlingRunner.state(tuned, "s.json").at("sheet.detent")?.stringValue, "full")
    }

    /// The panel's Copy prints the settings as options; `--tune` given at launch comes back.
    func testCopyPrintsTheTuneOptionGivenAtLaunch() throws {
        let dir = FlingRunner.scratch("copy")
        let script = dir.appendingPathComponent("s.txt")
        // F5 opens the panel (top right, 340 pt wide); Copy sits in its title row.
        try "0.1 key F5\n0.3 tap 292 40\n0.5 quit\n".write(to: script, atomically: true, encoding: .utf8)
        let args = ["--headless", "--script", script.path, "--tune", "slop=4,dismiss.ratio=7.25", "--sheet-policy", "tutorial"]
        let r = try FlingRunner.run(args)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "--sheet-policy tutorial --tune dismiss.ratio=7.25,slop=4\n")
    }

    /// `--slow 5`: a scripted flick up from half decides full as at full speed, follows the
    /// same path in scene time, and takes five times as long to settle on screen.
    func testSlowFiveStretchesTheSettleFiveFoldAndKeepsTheDecision() throws {
        // The sheet opens at 0.1 and rests at half by 1.5 s of scene time (7.5 s real at ×5);
        // the flick's release is at `release`.
        func script(release: Double, slow: Double) -> String {
            var s = "0.1 tap 200 230\n\(release - 0.1) drag 200 500 200 440 0.1\n"
            for (i, d) in [0.05, 0.1, 0.2, 0.4, 1.2].enumerated() { s += "\(release + d * slow) state $OUT/n\(i).json\n" }
            s += "\(release + 1.2) state $OUT/early.json\n"
            return s
        }
        let normal = try FlingRunner.headless(script(release: 3.1, slow: 1))
        let slow = try FlingRunner.headless(script(release: 10.1, slow: 5), args: ["--slow", "5"])
        for i in 0..<5 {
            let n = try FlingRunner.state(normal, "n\(i).json"), s = try FlingRunner.state(slow, "n\(i).json")
            XCTAssertEqual(s.at("sheet.phase"), n.at("sheet.phase"), "state \(i)")
            XCTAssertEqual(s.at("sheet.detent"), n.at("sheet.detent"), "state \(i)")
            XCTAssertEqual(s.number("sheet.top"), n.number("sheet.top"), accuracy: 0.01, "state \(i): the same path in scene time")
        }
        let n0 = try FlingRunner.state(normal, "n0.json")
        XCTAssertEqual(n0.at("sheet.phase")?.stringValue, "settling")
        XCTAssertEqual(n0.at("sheet.detent")?.stringValue, "full")
        let restedNormal = try FlingRunner.state(normal, "n4.json"), restedSlow = try FlingRunner.state(slow, "n4.json")
        XCTAssertEqual(restedNormal.at("sheet.phase")?.stringValue, "resting")
        XCTAssertEqual(restedSlow.at("sheet.phase")?.stringValue, "resting", "at 5 × 1.2 s after the release")
        XCTAssertEqual(restedSlow.at("sheet.detent")?.stringValue, "full")
        let early = try FlingRunner.state(slow, "early.json")
        XCTAssertEqual(early.at("sheet.phase")?.stringValue, "settling", "1.2 s after the release it still moves at ×5")
        XCTAssertEqual(early.number("clock.slow"), 5)
    }

    /// The overlay and show touches appear in shots and change no state.
    func testTheOverlayAppearsInShotsAndChangesNoState() throws {
        let script = """
        0.1 tap 200 230
        2 down 200 500
        2.05 move 200 540
        2.1 move 200 560
        2.1 shot $OUT/held.png
        2.1 state $OUT/held.json
        2.15 up 200 600
        2.3 shot $OUT/after.png
        2.3 state $OUT/after.json

        """
        let plain = try FlingRunner.headless(script)
        let overlaid = try FlingRunner.headless(script, args: ["--overlay", "--show-touches"])
        for name in ["held", "after"] {
            // The render figures describe the frame drawn, overlay included, and the instrument
            // field says it is on: all else is equal.
            var a = try FlingRunner.state(plain, "\(name).json"), b = try FlingRunner.state(overlaid, "\(name).json")
            XCTAssertEqual(b.at("instrument.overlay")?.boolValue, true)
            XCTAssertEqual(a.at("instrument.overlay")?.boolValue, false)
            if case .object(let f) = a { a = .object(f.filter { $0.0 != "render" && $0.0 != "instrument" }) }
            if case .object(let f) = b { b = .object(f.filter { $0.0 != "render" && $0.0 != "instrument" }) }
            XCTAssertEqual(a, b, name)
            let p = try PNGFile.read(plain.appendingPathComponent("\(name).png").path)
            let o = try PNGFile.read(overlaid.appendingPathComponent("\(name).png").path)
            XCTAssertEqual(p.width, o.width)
            XCTAssertNotEqual(p.pixels, o.pixels, "\(name): the overlay shows")
        }
        // Under the finger (held at 200, 560): the show-touches disc is gray, not the photo.
        let held = try PNGFile.read(overlaid.appendingPathComponent("held.png").path)
        let (r, g, b, _) = held.pixel(200 + 21, 560)   // on the white ring (radius 21, 2 pt wide)
        XCTAssertGreaterThan(min(r, g, b), 200, "the ring is white: \(r) \(g) \(b)")
    }
}
