// SignalTests: every mode without a window ends on SIGINT/SIGTERM, writing what it has and
// exiting 128 + the signal (issue 29: a headless script ran to its end 74-79 s after SIGTERM;
// `replay --out` needed SIGKILL). Each run below would take minutes to finish by itself.
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
    private func run(_ args: [String], signal: Int32, timeout: Double = 60) throws -> (status: Int32, stderr: String)? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: FlingRunner.binary)
        p.arguments = args
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        Thread.sleep(forTimeInterval: 3)   // well into the run (start-up is under a second)
        kill(p.processIdentifier, signal)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var text = Data()
        DispatchQueue.global().async { text = err.fileHandleForReading.readDataToEndOfFile(); done.signal() }
        guard done.wait(timeout: .now() + timeout) == .success else {
            p.terminate(); kill(p.processIdentifier, SIGKILL)
            return nil
        }
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: text, as: UTF8.self))
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
