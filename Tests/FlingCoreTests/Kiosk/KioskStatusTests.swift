import XCTest
@testable import FlingCore

final class KioskStatusTests: XCTestCase {
    private let status = KioskStatus(version: "0.1.0", startedAt: 1_796_280_000, now: 1_796_280_123.4567, scene: "today",
                                     lastInputAt: 1_796_280_100.25, framesPresented: 4321, lastError: nil,
                                     residentBytes: 41_943_040, output: "kms /dev/dri/card0 Virtual-1 1280x800", panelLit: true)

    func testJSONIsOneObjectOnALine() throws {
        XCTAssertEqual(status.json, """
            {"version": "0.1.0", "uptime_seconds": 123.457, "started_at": 1796280000.0, "scene": "today", \
            "last_input_at": 1796280100.25, "seconds_since_input": 23.207, "frames_presented": 4321, "last_error": null, \
            "resident_bytes": 41943040, "output": "kms /dev/dri/card0 Virtual-1 1280x800", "panel_lit": true}

            """)
        var s = status
        s.lastInputAt = nil
        s.lastError = "kms: the frame could not be shown"
        let v: JSONValue? = try JSONParser.parse(s.json)
        XCTAssertEqual(v?.at("last_input_at"), .null)
        XCTAssertEqual(v?.at("last_error")?.stringValue, "kms: the frame could not be shown")
    }

    func testPrometheusTextForNodeExportersTextfileCollector() {
        var s = status
        s.lastError = "a \"quoted\"\nline \\ here"
        s.panelLit = false
        XCTAssertEqual(s.prometheus, """
            # HELP fling_info Fling's version, scene and output (always 1).
            # TYPE fling_info gauge
            fling_info{version="0.1.0",scene="today",output="kms /dev/dri/card0 Virtual-1 1280x800"} 1
            # HELP fling_start_time_seconds When Fling started, seconds since the epoch.
            # TYPE fling_start_time_seconds gauge
            fling_start_time_seconds 1796280000
            # HELP fling_uptime_seconds Seconds since Fling started.
            # TYPE fling_uptime_seconds gauge
            fling_uptime_seconds 123.457
            # HELP fling_last_input_time_seconds When the kiosk was last touched, seconds since the epoch.
            # TYPE fling_last_input_time_seconds gauge
            fling_last_input_time_seconds 1796280100.25
            # HELP fling_frames_presented_total Frames shown on the panel since Fling started.
            # TYPE fling_frames_presented_total counter
            fling_frames_presented_total 4321
            # HELP fling_resident_memory_bytes Fling's resident memory.
            # TYPE fling_resident_memory_bytes gauge
            fling_resident_memory_bytes 41943040
            # HELP fling_panel_lit 1 while the panel is lit, 0 while its schedule blanks it.
            # TYPE fling_panel_lit gauge
            fling_panel_lit 0
            # HELP fling_error 1 when Fling has logged an error, with the last one as a label.
            # TYPE fling_error gauge
            fling_error{message="a \\"quoted\\"\\nline \\\\ here"} 1

            """)
        XCTAssertEqual(s.text(forPath: "/var/lib/node_exporter/fling.prom"), s.prometheus)
        XCTAssertEqual(s.text(forPath: "/run/fling/status.json"), s.json)
    }
}
