// DecisionMapOnAChosenSetTests: a metrics line names the detent set its sheet rested on
// ("fluid[0.3,0.6,large]"), so the decision map draws that set's rules from the line's start,
// a `--compare` setting still counts it as its own policy, and a content-sized set draws none.
import XCTest
@testable import FlingCore

final class DecisionMapOnAChosenSetTests: XCTestCase {
    func line(policy: String, setting: String? = nil, start: String) throws -> GestureMetric {
        let setting = setting.map { "\"\($0)\"" } ?? "null"
        let text = #"{"scene": "restaurants", "target": "sheet", "policy": "\#(policy)", "setting": \#(setting), "startDetent": "\#(start)", "start": {"t": 1.5, "x": 200.0, "y": 600.0}, "release": {"t": 1.6, "x": 200.0, "y": 500.0, "vx": 0.0, "vy": -800.0}, "projected": {"x": 200.0, "y": 100.0}, "decision": {"outcome": "full", "rule": "projected top 100 nearest full", "margin": 50}, "settleTime": 0.5, "overshoot": 0, "frames": 30, "lateFrames": 0}"#
        return try XCTUnwrap(try MetricsReport.parse(text + "\n", file: "m.jsonl").gestures.first)
    }

    func testTheChosenSetsRulesAreDrawnFromTheLinesStart() throws {
        XCTAssertEqual(FluidSheetPolicy(detents: [.fraction(0.3), .fraction(0.6), .large]).metricsName, "fluid[0.3,0.6,large]")
        XCTAssertEqual(FluidSheetPolicy().metricsName, "fluid")
        XCTAssertEqual(SheetPolicyKind.parse(metricsName: "tutorial[300pt,large]")?.kind, .tutorial)
        XCTAssertEqual(SheetPolicyKind.parse(metricsName: "tutorial[300pt,large]")?.detents, [.height(300), .large])
        XCTAssertNil(SheetPolicyKind.parse(metricsName: "fluid[huge]"))
        XCTAssertNil(SheetPolicyKind.parse(metricsName: "card"))

        let panels = DecisionMapPanel.panels([try line(policy: "fluid[0.3,0.6,large]", start: "0.3")], height: 844)
        XCTAssertEqual(panels.map(\.title), ["fluid[0.3,0.6,large] · from 0.3"])
        XCTAssertNotNil(panels.first?.regions, "the set's own rules")
        let stranger = DecisionMapPanel.panels([try line(policy: "fluid[0.3,0.6,large]", start: "half")], height: 844)
        XCTAssertEqual(stranger.map(\.title), ["fluid[0.3,0.6,large] · from half (a detent not in the set: no map)"])
        XCTAssertNil(stranger.first?.regions)
        let sized = DecisionMapPanel.panels([try line(policy: "fluid[content,large]", start: "content")], height: 844)
        XCTAssertEqual(sized.map(\.title), ["fluid[content,large] · from content (content-sized: no map)"])
        XCTAssertNil(sized.first?.regions)
    }

    func testACompareSettingCountsTheSetAsItsOwnPolicy() throws {
        XCTAssertEqual(try line(policy: "fluid[0.3,large]", setting: "fluid+dismiss.ratio=8", start: "0.3").decidedBy, "fluid+dismiss.ratio=8")
        XCTAssertEqual(try line(policy: "card", setting: "fluid+dismiss.ratio=8", start: "expanded").decidedBy, "fluid+dismiss.ratio=8 · card")
    }
}
