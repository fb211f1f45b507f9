import FlingCore
import Foundation
import XCTest

/// `stall MS` in a script: no frame runs, and input inside the stall arrives together
/// when the loop wakes, each with its own time. A release made during a stall decides what it
/// decides without one.
final class StallTests: XCTestCase {
    /// The sheet's release line of a run of `script` (its metrics), as JSON.
    private func release(_ script: String, _ name: String) throws -> JSONValue {
        let metrics = FlingRunner.scratch(name).appendingPathComponent("m.jsonl")
        try FlingRunner.headless(script, args: ["--metrics", metrics.path], name: name)
        let lines = try String(contentsOf: metrics, encoding: .utf8).split(separator: "\n")
        return try JSONParser.parse(String(try XCTUnwrap(lines.last)))
    }

    /// A flick of the open sheet (down, moves every 25 ms, up 24 ms after the last) with and
    /// without stalls of 50, 150, 400 and 700 ms placed before, during and at the release.
    func testAFlickDecidesTheSameThroughStalls() throws {
        var flick = "0.0 tap 195 230\n1.5 down 195 600\n"
        var t = 1.557
        for i in 1...15 { flick += String(format: "%.4f move 195 %d\n", t, 600 - 17 * i); t += 0.025 }
        let up = t - 0.025 + 0.024
        flick += String(format: "%.4f up 195 345\n", up)
        let plain = try release(flick + "4 quit\n", "stall-none")
        let v0 = plain.number("release.vy")
        XCTAssertEqual(v0, -680, accuracy: 1, "17 pt every 25 ms")
        for ms in [50, 150, 400, 700] {
            for at in [1.52, 1.70, up - 0.01] {
                let stalled = try release(flick + String(format: "%.4f stall %d\n", at, ms) + "4 quit\n", "stall-\(ms)-\(Int(at * 1000))")
                let v = stalled.number("release.vy")
                XCTAssertEqual(v, v0, accuracy: max(50, abs(v0) * 0.15), "stall \(ms) ms at \(at) s")
                XCTAssertEqual(stalled["decision"]?["outcome"], plain["decision"]?["outcome"], "stall \(ms) ms at \(at) s")
            }
        }
    }

    /// `--inject-stall` stalls a window or a framebuffer; headless runs have the script's own.
    func testInjectedStallsAreForRealTimeRunsAndSayWhatTheyTake() throws {
        try FlingRunner.assertUsageError(["--headless", "--inject-stall", "400@3"], says: "--inject-stall is for a window or a framebuffer")
        try FlingRunner.assertUsageError(["--inject-stall", "400ms"], says: "--inject-stall takes MS@EVERY, e.g. 400@3")
    }

    func testAStallOutsideItsRangeIsAScriptError() throws {
        let dir = FlingRunner.scratch("stall-bad")
        let scriptURL = dir.appendingPathComponent("s.txt")
        try "0.5 stall 0\n1 quit\n".write(to: scriptURL, atomically: true, encoding: .utf8)
        let r = try FlingRunner.run(["--headless", "--script", scriptURL.path])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("s.txt:1") && r.stderr.contains("stall lasts 1…60000 ms"), r.stderr)
    }
}
