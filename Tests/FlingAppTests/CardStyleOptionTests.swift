// CardStyleOptionTests: `--card-style zoom` through the binary: iOS 18's zoom out of
// the card's cell at a phone's and a portrait kiosk's size, a pull that follows the finger in
// both axes and zooms home, the golden image of the zoom mid-flight, the style kept by a
// recording and its metrics, and a study that compares the two styles blind.
import FlingCore
import Foundation
import XCTest

final class CardStyleOptionTests: XCTestCase {
    func testTheZoomOpensOutOfTheCellAndAPullFollowsTheFingerHomeAtBothSizes() throws {
        for (size, tap) in [("390x844", Point(195, 300)), ("1080x1920", Point(300, 400))] {
            let (dir, _) = try FlingRunner.headlessRun("""
                0.2 state $OUT/list.json
                0.2 tap \(Int(tap.x)) \(Int(tap.y))
                1.5 state $OUT/open.json
                1.6 down \(Int(tap.x)) 300
                1.65 move \(Int(tap.x) + 5) 320
                1.8 move \(Int(tap.x) + 60) 500
                1.9 state $OUT/pulled.json
                1.95 up \(Int(tap.x) + 60) 540
                3.5 state $OUT/home.json
                """, args: ["--scene", "today", "--size", size, "--card-style", "zoom"], name: "zoom-\(size)")
            let list = try FlingRunner.state(dir, "list.json"), open = try FlingRunner.state(dir, "open.json")
            let pulled = try FlingRunner.state(dir, "pulled.json"), home = try FlingRunner.state(dir, "home.json")
            let cell = list.at("list.rows")?.arrayValue?.first?["frame"]?.arrayValue?.compactMap(\.doubleValue) ?? []
            let w = Double(size.split(separator: "x")[0]) ?? 0, h = Double(size.split(separator: "x")[1]) ?? 0
            XCTAssertEqual(open.at("card.phase")?.stringValue, "expanded", size)
            XCTAssertEqual(open.at("card.style")?.stringValue, "zoom", size)
            XCTAssertEqual(open.at("card.zoom.frame")?.arrayValue?.compactMap(\.doubleValue), [0, 0, w, h], size)
            XCTAssertEqual(open.at("list.opacity")?.doubleValue, 0, "the list is hidden under the open story")
            // Pulled: shrunk about where the finger went down, moved 60 pt right with it.
            XCTAssertEqual(pulled.at("card.phase")?.stringValue, "dragging", size)
            XCTAssertEqual(pulled.at("card.zoom.lateral")?.doubleValue, 60, size)
            let pull = 200 - 20 + 20 * (1 - 10 / Point(5, 20).length)   // the finger's travel past the slop
            let m = 1 - (1 - MotionConstants.zoomPullMinimumScale) * pull / MotionConstants.zoomPullShrinkDistance
            XCTAssertEqual(pulled.at("card.scale")?.doubleValue ?? 0, (m * 1000).rounded() / 1000, accuracy: 0.0011, size)
            let frame = pulled.at("card.zoom.frame")?.arrayValue?.compactMap(\.doubleValue) ?? []
            XCTAssertEqual(frame.count, 4)
            if frame.count == 4 {
                XCTAssertEqual(frame[0], tap.x - tap.x * m + 60, accuracy: 0.002, size)
                XCTAssertEqual(frame[1], 300 - 300 * m + pull, accuracy: 0.002, size)
                XCTAssertEqual(frame[2], w * m, accuracy: 0.002, size)
            }
            XCTAssertEqual(pulled.at("list.opacity")?.doubleValue, 1, "the list shows behind a pulled card")
            XCTAssertEqual(home.at("card.phase")?.stringValue, "collapsed", size)
            XCTAssertEqual(home.at("list.rows")?.arrayValue?.first?["frame"]?.arrayValue?.compactMap(\.doubleValue), cell, "home in its cell")
        }
    }

    func testTheZoomMidFlightMatchesItsGoldenImage() throws {
        let (dir, _) = try FlingRunner.headlessRun("""
            0.2 tap 195 300
            0.34 shot $OUT/mid.png
            0.34 state $OUT/mid.json
            """, args: ["--scene", "today", "--scale", "2", "--card-style", "zoom", "--date", "2026-11-22"])
        let mid = try FlingRunner.state(dir, "mid.json")
        XCTAssertEqual(mid.at("card.phase")?.stringValue, "expanding")
        let p = mid.at("card.progress")?.doubleValue ?? 0
        XCTAssertTrue(p > 0.3 && p < 0.9, "mid-flight: \(p)")
        GoldenImage.assertMatches(dir.appendingPathComponent("mid.png"), golden: "today-zoom-mid-390x844@2x")
    }

    func testARecordingKeepsTheStyleAndItsMetricsNameIt() throws {
        let dir = FlingRunner.scratch("card-style-recording")
        let script = dir.appendingPathComponent("s.txt")
        try "0.2 tap 195 300\n1.5 drag 195 300 255 700 0.2\n3.5 quit\n".write(to: script, atomically: true, encoding: .utf8)
        let recording = dir.appendingPathComponent("z.rec").path, metrics = dir.appendingPathComponent("m.jsonl").path
        let rec = try FlingRunner.run(["--headless", "--script", script.path, "--record", recording, "--metrics", metrics, "--scene", "today", "--card-style", "zoom"])
        XCTAssertEqual(rec.status, 0, rec.stderr)
        XCTAssertTrue(try String(contentsOfFile: recording, encoding: .utf8).contains("\n# card-style: zoom\n"))
        let line = try String(contentsOfFile: metrics, encoding: .utf8)
        XCTAssertTrue(line.contains(#""target": "card", "policy": "card-zoom""#), line)
        let replayed = dir.appendingPathComponent("r.jsonl").path
        let r = try FlingRunner.run(["replay", recording, "--metrics", replayed])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try String(contentsOfFile: replayed, encoding: .utf8), line, "the replay decides as the session did")
        try FlingRunner.assertUsageError(["--headless", "--card-style", "flip"], says: "--card-style: 'flip' is not expand or zoom")
    }
}
