import FlingCore
import FlingSDL
import Foundation
import XCTest

/// `fling report` reads a metrics file back into a table and a decision map.
final class ReportTests: XCTestCase {
    /// Two fluid sheet gestures, the first one again under tutorial, and a card pull.
    static let fixture = #"""
        {"scene":"restaurants","target":"sheet","policy":"fluid","start":{"t":1.5,"x":200,"y":500},"release":{"t":1.6,"x":200,"y":700,"vx":0,"vy":2000},"projected":{"x":200,"y":1622},"decision":{"outcome":"dismiss","rule":"velocity/distance 9.0 ≥ 5.5","margin":3.5},"settleTime":0.42,"overshoot":0,"frames":30,"lateFrames":0}
        {"scene":"restaurants","target":"sheet","policy":"fluid","start":{"t":4.0,"x":200,"y":600},"release":{"t":4.3,"x":200,"y":420,"vx":10,"vy":-900},"projected":{"x":200,"y":-30},"decision":{"outcome":"full","rule":"projected top -30 nearest full","margin":180},"settleTime":0.5,"overshoot":3.2,"frames":48,"lateFrames":2}

        {"scene":"restaurants","target":"sheet","policy":"tutorial","start":{"t":1.5,"x":200,"y":500},"release":{"t":1.6,"x":200,"y":700,"vx":0,"vy":2000},"projected":{"x":200,"y":700},"decision":{"outcome":"half","rule":"translation 200 < 253.2","margin":53.2},"settleTime":0.61,"overshoot":0,"frames":45,"lateFrames":1}
        {"scene":"today","target":"card","policy":"fluid","start":{"t":7.0,"x":180,"y":100},"release":{"t":7.4,"x":180,"y":260,"vx":-30,"vy":400},"projected":{"x":180,"y":300},"decision":{"outcome":"collapse","rule":"pull 160 ≥ 100","margin":60},"settleTime":null,"overshoot":0,"frames":20,"lateFrames":0}
        """#

    func testTheReportOfAFixtureIsThisTable() throws {
        let dir = FlingRunner.scratch("report")
        let metrics = dir.appendingPathComponent("m.jsonl").path
        try Self.fixture.write(toFile: metrics, atomically: true, encoding: .utf8)
        let plot = dir.appendingPathComponent("map.png").path
        let r = try FlingRunner.run(["report", metrics, "--plot", plot])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, """
            gestures: 4

            outcomes by policy
              fluid      dismissed 1 (33 %), full 1 (33 %), collapsed 1 (33 %)
              tutorial   half 1 (100 %)

            release speed (pt/s)     p50      p90      p99      max
              all                      1450     2000     2000     2000
              sheet                    2000     2000     2000     2000
              card                      401      401      401      401

            frames: 143, late: 3 (2 %)

            """)
        // Old lines (no starting detent, the old outcome names): a panel per policy, drawn from
        // half, and the card's; two columns, two rows.
        let panels = DecisionMapPanel.panels(try MetricsReport.parse(Self.fixture, file: "m").gestures, height: 844)
        XCTAssertEqual(panels.map(\.title), ["fluid · from half (start not recorded)", "tutorial · from half (start not recorded)", "card (fluid)"])
        let map = try PNGFile.read(plot)
        XCTAssertEqual([map.width, map.height], [820, 1062])
        // The fluid dismissal's dot (travel 200 pt, 2000 pt/s) is red, in the first panel.
        let (travel, velocity) = panels[0].ranges(height: 844)
        let x = 70 + (200 - travel.lowerBound) / (travel.upperBound - travel.lowerBound) * 330
        let y = 76 + (2000 - velocity.lowerBound) / (velocity.upperBound - velocity.lowerBound) * 260
        let (red, green, blue, _) = map.pixel(Int(x.rounded()), Int(y.rounded()))
        XCTAssertEqual([red, green, blue], [0xFF, 0x3B, 0x30])
    }

    /// The map is each policy's own decision, every rule of it (fluid's projection
    /// dismissed a 100 pt, 1190 pt/s release the old map's speed ÷ distance line put on the
    /// "stays" side), one panel per setting and starting detent (a release 300 pt down, still,
    /// dismisses from half and goes half from full), and cards are mapped. Every gesture a
    /// replay measured lies in the region of what it did.
    func testTheMapIsEachPolicysOwnDecisionPerStartingDetent() throws {
        let dir = FlingRunner.scratch("reportmap")
        let recording = try FlingRunner.record("""
            0.5 tap 200 150
            1.5 drag 200 500 200 380 0.4
            3.0 drag 200 200 200 320 0.3
            5.0 drag 200 500 200 300 0.15
            7.0 drag 200 200 200 560 0.2
            9.0 tap 200 150
            10.0 drag 200 500 200 600 0.084
            12.0 tap 200 150
            13.0 drag 200 500 200 560 0.5
            17 quit
            """, in: dir, as: "sheet")
        let cards = try FlingRunner.record("0.2 tap 200 300\n1.5 drag 200 300 200 330 0.1\n3.5 tap 200 300\n5 drag 200 300 200 420 0.5\n7 quit\n",
                                           in: dir, as: "cards", args: ["--scene", "today"])
        let metrics = dir.appendingPathComponent("m.jsonl").path
        for (rec, settings) in [(recording, "fluid,tutorial,two-stage"), (cards, "fluid,fluid+projection=0.99")] {
            let r = try FlingRunner.run(["replay", rec, "--compare", settings, "--metrics", metrics])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        let gestures = try MetricsReport.parse(String(contentsOfFile: metrics, encoding: .utf8), file: metrics).gestures
        let panels = DecisionMapPanel.panels(gestures, height: 844)
        XCTAssertEqual(panels.map(\.title), ["fluid · from half", "fluid · from full", "tutorial · from half", "two-stage · from expanded",
                                             "two-stage · from full", "fluid · card", "fluid+projection=0.99 · card+projection=0.99"])
        for panel in panels {
            let regions = try XCTUnwrap(panel.regions, panel.title)
            for g in panel.gestures {
                XCTAssertEqual(regions.outcome(travel: g.release.y - g.start.y, velocity: g.vy), g.decision.outcome,
                               "\(panel.title): \(g.json.serialized)")
            }
        }
        let issue = try XCTUnwrap(panels[0].gestures.first { $0.release.y - $0.start.y == 100 })
        XCTAssertEqual(issue.decision.outcome, "dismissed")
        XCTAssertLessThan(issue.vy, MotionConstants.fluidDismissVelocityRatio * (422 - 100), "under the old map's only line")
        XCTAssertEqual(panels[0].regions?.outcome(travel: 300, velocity: 0), "dismissed")
        XCTAssertEqual(panels[1].regions?.outcome(travel: 300, velocity: 0), "half")
        XCTAssertEqual(panels[5].regions?.outcome(travel: 30, velocity: 300), "collapsed")
        XCTAssertEqual(panels[6].regions?.outcome(travel: 30, velocity: 300), "expanded")
        let plot = dir.appendingPathComponent("map.png").path
        let r = try FlingRunner.run(["report", metrics, "--plot", plot])
        XCTAssertEqual(r.status, 0, r.stderr)
        let map = try PNGFile.read(plot)
        XCTAssertEqual([map.width, map.height], [820, 56 + 4 * (260 + 78) + 40 + 290])
    }

    func testABadMetricsLineIsNamedWithItsLine() throws {
        let dir = FlingRunner.scratch("badreport")
        let metrics = dir.appendingPathComponent("m.jsonl").path
        try (Self.fixture.split(separator: "\n").first.map(String.init)! + "\n{\"scene\": 1}\n").write(toFile: metrics, atomically: true, encoding: .utf8)
        let r = try FlingRunner.run(["report", metrics])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, "fling report: \(metrics):2: \"scene\" is missing or not a string\n")
        let missing = try FlingRunner.run(["report", dir.path + "/none.jsonl"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "fling report: \(dir.path)/none.jsonl: metrics file not found\n")
    }

    /// A policy name with a terminal escape (it once reached the report's output raw).
    func testNamesFromTheFileAreEscapedInTheReport() throws {
        let dir = FlingRunner.scratch("escapedreport")
        let metrics = dir.appendingPathComponent("m.jsonl").path
        let first = Self.fixture.split(separator: "\n").first.map(String.init) ?? ""
        let evil = first.replacingOccurrences(of: "\"policy\":\"fluid\"", with: "\"policy\":\"evil\\u001b]0;owned\\u0007\"")
        XCTAssertNotEqual(evil, first)
        try (evil + "\n").write(toFile: metrics, atomically: true, encoding: .utf8)
        let r = try FlingRunner.run(["report", metrics])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stdout.contains("\u{1B}"), r.stdout)
        XCTAssertTrue(r.stdout.contains("evil\\u{1B}]0;owned\\u{7}"), r.stdout)
    }

    /// A metrics file cut mid-line (a crash or a full disk; once refused whole) is read up
    /// to its last whole line, and where it was cut is said.
    func testACutMetricsFileIsReadToItsLastWholeLine() throws {
        let dir = FlingRunner.scratch("cutreport")
        let metrics = dir.appendingPathComponent("m.jsonl").path
        let lines = Self.fixture.split(separator: "\n").map(String.init)
        XCTAssertGreaterThan(lines.count, 2)
        let cut = lines.joined(separator: "\n") + "\n" + String(lines[0].prefix(40))
        try cut.write(toFile: metrics, atomically: true, encoding: .utf8)
        let r = try FlingRunner.run(["report", metrics])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("\(metrics):\(lines.count + 1): the file is cut here"), r.stderr)
        XCTAssertTrue(r.stdout.contains("gestures: \(lines.count)"), r.stdout)
        // A bad line that is not the last is still an error.
        try (String(lines[0].prefix(40)) + "\n" + lines.joined(separator: "\n") + "\n").write(toFile: metrics, atomically: true, encoding: .utf8)
        XCTAssertEqual(try FlingRunner.run(["report", metrics]).status, 2)
    }
}
