// SignalTests: every mode without a window ends on SIGINT/SIGTERM, writing what it has and
// exiting 128 + the signal (a headless script once ran to its end 74-79 s after SIGTERM;
// `replay --out` needed SIGKILL). Each run below would take minutes to finish by itself.
import FlingCore
import Foundation
import XCTest

final class SignalTests: XCTestCase {
    /// An hour of script: a slow drag with a state dump every 0.1 s (each one draws a frame).
    private func longScript(_ dir: URL) throws -> String {
        var lines = ["0 drag 100 300 100 600 3600"]
        for i in 1...36_000 { lines.append("\(Double(i) / 10) state /dev/null") }
        let path = dir.appendingPathComponent("long.txt").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Starts fling, waits until it has written `ready` to stderr or 3 s, sends `signal`,
    /// and returns its status and stderr (nil if it did not end within `timeout`).
    private func run(_ args: [String], signal: Int32, after delay: Double = 3, timeout: Double = 60) throws
        -> (status: Int32, signalled: Bool, stderr: String)? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: FlingRunner.binary)
        p.arguments = args
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        Thread.sleep(forTimeInterval: delay)   // 3: well into the run (start-up is under a second)
        kill(p.processIdentifier, signal)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var text = Data()
        DispatchQueue.global().async { text = err.fileHandleForReading.readDataToEndOfFile(); done.signal() }
        guard done.wait(timeout: .now() + timeout) == .success else {
            p.terminate(); kill(p.processIdentifier, SIGKILL)
            return nil
        }
        p.waitUntilExit()
        return (p.terminationStatus, p.terminationReason == .uncaughtSignal, String(decoding: text, as: UTF8.self))
    }

    /// Signals at seeded random moments, from start-up to well into the run, while a script
    /// records its input and metrics: the app always ends within seconds, by its own exit
    /// (128 + the signal) or, before its handler is in place, by the signal itself; what it
    /// recorded is whole lines that replay.
    func testSignalsAtRandomMomentsEndTheRunKeepingWholeLines() throws {
        var rng = SplitMix64(seed: 29)
        let dir = FlingRunner.scratch("randomsignals")
        let script = try longScript(dir)
        for k in 0..<6 {
            let signal = k % 2 == 0 ? SIGTERM : SIGINT
            let delay = rng.uniform(0.02, 2.5)
            let recording = dir.appendingPathComponent("run\(k).rec").path, metrics = dir.appendingPathComponent("run\(k).jsonl").path
            let r = try XCTUnwrap(try run(["--headless", "--script", script, "--record", recording, "--metrics", metrics],
                                          signal: signal, after: delay, timeout: 20), "run \(k): still running \(delay) s + 20 s after signal \(signal)")
            if r.signalled {
                XCTAssertEqual(r.status, signal, "run \(k) at \(delay) s")
            } else {
                XCTAssertEqual(r.status, 128 + signal, "run \(k) at \(delay) s: \(r.stderr)")
            }
            for file in [recording, metrics] {
                guard let data = FileManager.default.contents(atPath: file), !data.isEmpty else { continue }
                XCTAssertEqual(data.last, UInt8(ascii: "\n"), "run \(k) at \(delay) s: \(file) ends in a cut line")
            }
            if let data = FileManager.default.contents(atPath: recording), !data.isEmpty {
                let replay = try FlingRunner.run(["replay", recording, "--state", dir.appendingPathComponent("run\(k).json").path], timeout: 120)
                XCTAssertEqual(replay.status, 0, "run \(k) at \(delay) s: \(replay.stderr)")
            }
        }
    }

    func testAHeadlessScriptEndsOnSIGTERM() throws {
        let dir = FlingRunner.scratch("sigterm")
        let r = try XCTUnwrap(try run(["--headless", "--script", try longScript(dir)], signal: SIGTERM), "still running after SIGTERM")
        XCTAssertEqual(r.status, 143, r.stderr)
        XCTAssertTrue(r.stderr.contains("fling: stopped by SIGTERM before the script's end"), r.stderr)
    }

    func testAReplayEndsOnSIGINTAndWritesTheFramesItHas() throws {
        let dir = FlingRunner.scratch("sigint")
        let frames = dir.appendingPathComponent("frames").path
        let r = try XCTUnwrap(try run(["replay", try longScript(dir), "--out", frames], signal: SIGINT), "still running after SIGINT")
        XCTAssertEqual(r.status, 130, r.stderr)
        XCTAssertTrue(r.stderr.contains("fling replay: stopped by SIGINT before the recording's end"), r.stderr)
        let written = (try? FileManager.default.contentsOfDirectory(atPath: frames)) ?? []
        XCTAssertFalse(written.isEmpty, "the frames replayed before the signal are written")
    }

    func testASoakEndsOnSIGTERM() throws {
        let r = try XCTUnwrap(try run(["soak", "--hours", "1000"], signal: SIGTERM), "still running after SIGTERM")
        XCTAssertEqual(r.status, 143, r.stderr)
        XCTAssertTrue(r.stderr.contains("fling soak: stopped by SIGTERM"), r.stderr)
    }
}
