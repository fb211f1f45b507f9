import FlingCore
import Foundation
import XCTest

/// `fling bench --json`: one object per scenario with every key it documents (no timing
/// thresholds: only that the figures are there and consistent).
final class BenchTests: XCTestCase {
    func testJSONHasOneObjectPerScenarioWithEveryKey() throws {
        let r = try FlingRunner.run(["bench", "--json", "--frames", "10", "--scenario", "sheet-drag"], timeout: 300)
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, r.stdout)
        let o = try JSONParser.parse(String(lines[0]))
        XCTAssertEqual(o["scenario"], .string("sheet-drag"))
        XCTAssertEqual(o["size"], .array([.int(390), .int(844)]))
        XCTAssertEqual(o["frames"], .int(10))
        for key in ["scale", "median_ms", "p90_ms", "p99_ms", "max_ms", "floor_ms", "ratio", "allocs_per_frame", "peak_rss_mb"] {
            XCTAssertNotNil(o[key]?.doubleValue, key)
        }
        let median = o["median_ms"]?.doubleValue ?? .nan, p99 = o["p99_ms"]?.doubleValue ?? .nan, max = o["max_ms"]?.doubleValue ?? .nan
        XCTAssertLessThanOrEqual(median, p99)
        XCTAssertLessThanOrEqual(p99, max)
        XCTAssertGreaterThan(o["floor_ms"]?.doubleValue ?? 0, 0)
        // Input-to-present latency of the drag's moves: at least a frame's own time.
        let latency = o["latency_median_ms"]?.doubleValue ?? .nan, latency99 = o["latency_p99_ms"]?.doubleValue ?? .nan
        XCTAssertGreaterThan(latency, 0)
        XCTAssertLessThanOrEqual(latency, latency99)
    }

    func testAStallWithoutAWindowIsAUsageError() throws {
        let r = try FlingRunner.run(["bench", "--inject-stall", "400@2"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("--inject-stall needs --window"), r.stderr)
    }

    func testAnUnknownScenarioIsAUsageError() throws {
        let r = try FlingRunner.run(["bench", "--scenario", "nope"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("unknown scenario 'nope'"), r.stderr)
    }
}
