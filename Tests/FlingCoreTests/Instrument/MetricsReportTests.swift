import FlingCore
import XCTest

final class MetricsReportTests: XCTestCase {
    private func metric(_ policy: String, _ outcome: String, vy: Double, frames: Int = 30, late: Int = 0) -> GestureMetric {
        GestureMetric(scene: "restaurants", target: "sheet", policy: policy,
                      start: .init(t: 1, x: 200, y: 600), release: .init(t: 1.2, x: 200, y: 500), vx: 0, vy: vy,
                      projected: Point(200, 420), decision: .init(outcome: outcome, rule: "nearest projected detent", margin: 12.5),
                      settleTime: 0.4, overshoot: 3, frames: frames, lateFrames: late)
    }

    func testAMetricRoundTripsThroughItsJSONLine() throws {
        let m = metric("fluid", "full", vy: -1234.5)
        let line = m.json.serialized
        XCTAssertEqual(try GestureMetric(json: try JSONParser.parse(line)), m)
        XCTAssertTrue(line.hasPrefix(#"{"scene": "restaurants", "target": "sheet", "policy": "fluid", "setting": null, "startDetent": null, "start": {"t": 1.0"#), line)
        // With a --compare setting and a starting detent.
        var c = m
        c.setting = "fluid+dismiss.ratio=8"
        c.startDetent = "full"
        let compared = c.json.serialized
        XCTAssertTrue(compared.contains(#""policy": "fluid", "setting": "fluid+dismiss.ratio=8", "startDetent": "full""#), compared)
        XCTAssertEqual(try GestureMetric(json: try JSONParser.parse(compared)), c)
    }

    /// Lines in the older format (no setting, no starting detent, the old outcome names)
    /// read in today's vocabulary, so `fling report` still reads old files.
    func testOldLinesReadInTodaysVocabulary() throws {
        func old(_ target: String, _ outcome: String) -> String {
            #"{"scene": "today", "target": "\#(target)", "policy": "p", "start": {"t": 1, "x": 2, "y": 3}, "release": {"t": 4, "x": 5, "y": 6, "vx": 7, "vy": 8}, "projected": {"x": 9, "y": 10}, "decision": {"outcome": "\#(outcome)", "rule": "r", "margin": 1}, "settleTime": null, "overshoot": 0, "frames": 1, "lateFrames": 0}"#
        }
        let cases: [(String, String, String)] = [
            ("sheet", "dismiss", "dismissed"), ("sheet", "full", "full"), ("sheet", "half", "half"), ("sheet", "expanded", "expanded"),
            ("card", "collapse", "collapsed"), ("card", "stay", "expanded"), ("list", "stay", "stay"), ("list", "fling", "fling"),
            ("list", "bounce", "bounce"),
        ]
        for (target, was, now) in cases {
            let m = try GestureMetric(json: try JSONParser.parse(old(target, was)))
            XCTAssertEqual(m.decision.outcome, now, "\(target) \(was)")
            XCTAssertNil(m.setting)
            XCTAssertNil(m.startDetent)
        }
        let r = try MetricsReport.parse(old("sheet", "dismiss") + "\n" + old("card", "stay") + "\n", file: "old.jsonl")
        XCTAssertEqual(r.outcomesByPolicy.first?.outcomes.map(\.0), ["dismissed", "expanded"])
        let bad = old("sheet", "full").replacingOccurrences(of: #""scene": "today""#, with: #""scene": "today", "setting": 3"#)
        XCTAssertThrowsError(try GestureMetric(json: try JSONParser.parse(bad))) { error in
            XCTAssertTrue("\(error)".contains("setting"), "\(error)")
        }
    }

    /// Each line names where its velocity's times came from; a line without one
    /// (written before) reads as device-timed, a wrong one is refused by name.
    func testAMetricSaysWhereItsTimesCameFrom() throws {
        var m = metric("fluid", "full", vy: -1234.5)
        m.velocitySource = .estimated
        let line = m.json.serialized
        XCTAssertTrue(line.contains(#""velocitySource": "estimated""#), line)
        XCTAssertEqual(try GestureMetric(json: try JSONParser.parse(line)), m)
        let old = line.replacingOccurrences(of: #", "velocitySource": "estimated""#, with: "")
        XCTAssertEqual(try GestureMetric(json: try JSONParser.parse(old)).velocitySource, .device)
        let bad = line.replacingOccurrences(of: #""estimated""#, with: #""guessed""#)
        XCTAssertThrowsError(try GestureMetric(json: try JSONParser.parse(bad))) { error in
            XCTAssertTrue("\(error)".contains("velocitySource"), "\(error)")
        }
    }

    func testSummaryCountsOutcomesPerPolicyAndVelocityPercentiles() throws {
        let lines = [metric("fluid", "full", vy: -1000), metric("fluid", "dismissed", vy: 3000, late: 2),
                     metric("tutorial", "half", vy: 100), metric("fluid", "full", vy: -2000)]
            .map { $0.json.serialized }.joined(separator: "\n") + "\n\n"
        let r = try MetricsReport.parse(lines, file: "m.jsonl")
        XCTAssertEqual(r.gestures.count, 4)
        XCTAssertEqual(r.outcomesByPolicy.map(\.policy), ["fluid", "tutorial"])
        XCTAssertEqual(r.outcomesByPolicy[0].outcomes.map(\.0), ["full", "dismissed"])
        XCTAssertEqual(r.outcomesByPolicy[0].outcomes.map(\.1), [2, 1])
        XCTAssertEqual(Statistics.percentile([100, 1000, 2000, 3000], 0.5), 1500)
        XCTAssertEqual(Statistics.percentile([3000, 100, 2000, 1000], 0.99) ?? 0, 2000 + 1000 * 0.97, accuracy: 1e-9, "between the top two")
        XCTAssertEqual(Statistics.percentile([7], 0.99), 7)
        XCTAssertNil(Statistics.percentile([], 0.5))
        let s = r.summary
        XCTAssertTrue(s.contains("gestures: 4"), s)
        XCTAssertTrue(s.contains("fluid      full 2 (67 %), dismissed 1 (33 %)"), s)
        XCTAssertTrue(s.contains("frames: 120, late: 2 (2 %)"), s)
    }

    func testBadLinesNameTheFileAndLine() {
        let good = metric("fluid", "full", vy: 1).json.serialized
        XCTAssertThrowsError(try MetricsReport.parse(good + "\n{\"scene\": 1}\n", file: "m.jsonl")) { e in
            XCTAssertEqual((e as? MetricsReport.ParseError)?.description, "m.jsonl:2: \"scene\" is missing or not a string")
        }
        XCTAssertThrowsError(try MetricsReport.parse("{oops\n", file: "m.jsonl")) { e in
            XCTAssertEqual((e as? MetricsReport.ParseError)?.line, 1)
        }
        // Unended and last: a cut file, read to the line before.
        let cut = try? MetricsReport.parse(good + "\n" + good + "\n{\"scene\": \"rest", file: "m.jsonl")
        XCTAssertEqual(cut?.gestures.count, 2)
        XCTAssertEqual(cut?.cutAtLine, 3)
        // Frame counts (negative and fractional ones were once taken).
        for (from, to, message) in [("\"lateFrames\": 0", "\"lateFrames\": -2", "\"lateFrames\" is -2.0, not a whole number ≥ 0"),
                                    ("\"frames\": 30", "\"frames\": 2.5", "\"frames\" is 2.5, not a whole number ≥ 0"),
                                    ("\"lateFrames\": 0", "\"lateFrames\": 31", "\"lateFrames\" is 31, more than \"frames\" (30)")] {
            let bad = good.replacingOccurrences(of: from, with: to)
            XCTAssertNotEqual(bad, good, from)
            XCTAssertThrowsError(try MetricsReport.parse(bad + "\n", file: "m.jsonl")) { e in
                XCTAssertEqual((e as? MetricsReport.ParseError)?.description, "m.jsonl:1: \(message)")
            }
        }
    }

    /// A huge but finite number (a hand-edited or corrupt file) is a message, not a crash in
    /// the report's arithmetic.
    func testAHugeNumberIsNamedNotCrashedOn() {
        let line = metric("fluid", "full", vy: 1).json.serialized.replacingOccurrences(of: "\"vy\": 1.0", with: "\"vy\": 1e200")
        XCTAssertTrue(line.contains("1e200"), line)
        XCTAssertThrowsError(try MetricsReport.parse(line + "\n", file: "m.jsonl")) { e in
            XCTAssertEqual((e as? MetricsReport.ParseError)?.description, "m.jsonl:1: \"release.vy\" is 1e+200, beyond ±1000000000")
        }
    }
}
