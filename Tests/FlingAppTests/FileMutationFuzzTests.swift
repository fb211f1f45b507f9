// FileMutationFuzzTests: seeded mutations of a real recording and a real metrics file, read
// back by `fling replay` and `fling report` (the gesture fuzzer reaches only gestures).
// Whatever the damage, the tools end on their own, never by a signal, within the timeout;
// they either read it (exit 0) or refuse it (exit 1 or 2) with a message naming the file.
import FlingCore
import Foundation
import XCTest

final class FileMutationFuzzTests: XCTestCase {
    /// Mutations per file in `make test` (each a run of a few tenths of a second).
    static let mutations = 20

    /// A recording and a metrics file of a real session: a sheet opened, dragged, flicked
    /// away, a card opened and closed.
    private func session(_ dir: URL) throws -> (recording: String, metrics: String) {
        let script = dir.appendingPathComponent("session.txt").path
        try """
            0.5 tap 200 150
            1.5 drag 200 500 200 300 0.3
            2.5 drag 200 300 200 800 0.1
            4.0 key Tab
            4.5 tap 195 400
            5.5 drag 195 200 195 500 0.2
            7.5 quit
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let recording = dir.appendingPathComponent("session.rec").path, metrics = dir.appendingPathComponent("session.jsonl").path
        let r = try FlingRunner.run(["--headless", "--script", script, "--record", recording, "--metrics", metrics])
        XCTAssertEqual(r.status, 0, r.stderr)
        return (recording, metrics)
    }

    /// One seeded change to the bytes of a file.
    static func mutate(_ bytes: [UInt8], _ rng: inout SplitMix64) -> (bytes: [UInt8], what: String) {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        func joined() -> [UInt8] { Array(lines.joined(separator: [UInt8(ascii: "\n")])) }
        let i = rng.int(0...max(0, lines.count - 1))
        let junk: [[UInt8]] = ["1e308", "-1e308", "nan", "inf", "-0", "99999999999999999999", "-5", "0.0000001", "", "\u{0}",
                               "\u{1B}]0;x\u{07}", "{", "}", "[", "\"", "null", "true", "# scale: 4", "# size: 16384x16384",
                               "# fling recording 99", "resize 20000 20000", "drag 0 0 1 1 3600"].map { Array($0.utf8) }
        switch rng.int(0...9) {
        case 0:
            guard !bytes.isEmpty else { return (bytes, "nothing") }
            var b = bytes
            let at = rng.int(0...(b.count - 1))
            b[at] ^= UInt8(1 << rng.int(0...7))
            return (b, "bit flipped at byte \(at)")
        case 1:
            let at = rng.int(0...bytes.count)
            return (Array(bytes.prefix(at)), "cut at byte \(at)")
        case 2:
            lines.remove(at: i)
            return (joined(), "line \(i + 1) removed")
        case 3:
            lines.insert(lines[i], at: i)
            return (joined(), "line \(i + 1) doubled")
        case 4:
            let j = rng.int(0...max(0, lines.count - 1))
            lines.swapAt(i, j)
            return (joined(), "lines \(i + 1) and \(j + 1) swapped")
        case 5:
            // A number (or a word) of a line replaced by an extreme or broken one.
            var words = lines[i].split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false).map(Array.init)
            let w = rng.int(0...max(0, words.count - 1))
            let value = rng.pick(junk)
            if words.isEmpty { words = [value] } else { words[w] = value }
            lines[i] = Array(words.joined(separator: [UInt8(ascii: " ")]))
            return (joined(), "line \(i + 1) word \(w + 1) → \(String(decoding: value, as: UTF8.self).debugDescription)")
        case 6:
            let value = rng.pick(junk)
            lines.insert(value, at: i)
            return (joined(), "line \(String(decoding: value, as: UTF8.self).debugDescription) inserted at \(i + 1)")
        case 7:
            return (Array(joined().flatMap { $0 == UInt8(ascii: "\n") ? [13, 10] : [$0] }), "CRLF line ends")
        case 8:
            var b = bytes
            let at = rng.int(0...b.count)
            b.insert(contentsOf: [0xFF, 0xFE, 0xC3], at: at)
            return (b, "invalid UTF-8 at byte \(at)")
        default:
            let n = rng.int(1...50)
            let tail = Array(lines.suffix(n))
            for _ in 0..<rng.int(1...20) { lines += tail }
            return (joined(), "the last \(n) lines repeated")
        }
    }

    private func check(_ tool: [String], _ original: String, seed: UInt64, dir: URL, name: String) throws {
        var rng = SplitMix64(seed: seed)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: original)))
        for k in 0..<Self.mutations {
            var (mutated, what) = Self.mutate(bytes, &rng)
            if rng.chance(0.3) { (mutated, what) = { let m = Self.mutate(mutated, &rng); return (m.bytes, what + ", " + m.what) }() }
            let file = dir.appendingPathComponent("\(name)-\(k)").path
            try Data(mutated).write(to: URL(fileURLWithPath: file))
            let r = try FlingRunner.run(tool.map { $0 == "FILE" ? file : $0 }, timeout: 60)
            let context = "\(name) mutation \(k) (seed \(seed): \(what)): status \(r.status)\n\(r.stderr.prefix(600))"
            XCTAssertFalse(r.signalled, "ended by a signal: " + context)
            XCTAssertTrue([0, 1, 2].contains(r.status), context)
            XCTAssertFalse(r.stderr.contains("Fatal error"), context)
            if r.status != 0 { XCTAssertTrue(r.stderr.contains(file), "the message names the file: " + context) }
        }
    }

    func testMutatedRecordingsReplayOrAreRefusedNamingTheFile() throws {
        let dir = FlingRunner.scratch("mutate-recordings")
        let (recording, _) = try session(dir)
        try check(["replay", "FILE", "--state", dir.appendingPathComponent("end.json").path], recording, seed: 2901, dir: dir, name: "rec")
    }

    func testMutatedMetricsAreReportedOrRefusedNamingTheFile() throws {
        let dir = FlingRunner.scratch("mutate-metrics")
        let (_, metrics) = try session(dir)
        try check(["report", "FILE", "--plot", dir.appendingPathComponent("map.png").path], metrics, seed: 2902, dir: dir, name: "metrics")
    }
}
