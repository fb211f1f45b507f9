// PipeTests: --record and --metrics into pipes and FIFOs: opening never waits for a reader,
// a reader that leaves ends the file with a message (not SIGPIPE), and a FIFO where a file
// the app goes back to should be (an attract loop) is refused by what it is.
import Foundation
import Glibc
import XCTest

final class PipeTests: XCTestCase {
    /// Flicks enough for many metrics lines.
    private func flicks(_ dir: URL, count: Int) throws -> URL {
        let script = dir.appendingPathComponent("flicks.txt")
        var lines: [String] = []
        for i in 0..<count { lines.append("\(Double(i) * 1.0 + 0.2) drag 195 300 195 100 0.1") }
        try (lines.joined(separator: "\n") + "\n").write(to: script, atomically: true, encoding: .utf8)
        return script
    }

    func testAFIFOWithNoReaderIsRefusedAtOnce() throws {
        let dir = FlingRunner.scratch("fifo-no-reader")
        let fifo = dir.appendingPathComponent("f").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        for option in ["--record", "--metrics"] {
            let r = try FlingRunner.run(["--headless", "--script", "/dev/null", option, fifo], timeout: 20)
            XCTAssertEqual(r.status, 1, option)
            XCTAssertTrue(r.stderr.contains("\(fifo): ") && r.stderr.contains("a FIFO with no reader: start the reader first"), r.stderr)
        }
        // An attract loop is read again and again: a FIFO is no file for it.
        let attract = try FlingRunner.run(["--headless", "--script", "/dev/null", "--attract", fifo], timeout: 20)
        XCTAssertEqual(attract.status, 2)
        XCTAssertTrue(attract.stderr.contains("\(fifo): attract script is a FIFO (named pipe), not a regular file"), attract.stderr)
    }

    /// `--metrics FIFO` read by a reader that takes one line and leaves: the app goes on to the
    /// script's end, says the file stopped, and exits 1, not 141 (SIGPIPE).
    func testAReaderThatLeavesEndsTheFileWithAMessage() throws {
        let dir = FlingRunner.scratch("fifo-reader-leaves")
        let fifo = dir.appendingPathComponent("f").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/usr/bin/head")
        reader.arguments = ["-n", "1", fifo]
        let got = Pipe()
        reader.standardOutput = got
        try reader.run()
        let state = dir.appendingPathComponent("end.json").path
        let script = try flicks(dir, count: 40)
        try (String(contentsOf: script, encoding: .utf8) + "41 state \(state)\n").write(to: script, atomically: true, encoding: .utf8)
        // The reader may not have opened its end yet: the app is started once it has.
        var r = try FlingRunner.run(["--headless", "--script", script.path, "--metrics", fifo], timeout: 60)
        for _ in 0..<20 where r.stderr.contains("no reader") {
            Thread.sleep(forTimeInterval: 0.1)
            r = try FlingRunner.run(["--headless", "--script", script.path, "--metrics", fifo], timeout: 60)
        }
        reader.waitUntilExit()
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("\(fifo): the metrics file stopped (its reader went away)"), r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: state), "the run went on to the script's end")
        let line = String(decoding: got.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(line.hasPrefix("{"), "the reader got a whole line: \(line)")
    }

    /// `--script FIFO` started before the FIFO's writer read the FIFO as empty at once (an
    /// empty script ran): the app waits for the writer, says so, then runs what it writes.
    func testAScriptFIFOWaitsForItsWriter() throws {
        let dir = FlingRunner.scratch("fifo-script-writer-later")
        let fifo = dir.appendingPathComponent("script.fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let state = dir.appendingPathComponent("s.json").path
        // The writer comes 3 s after the app has started.
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "sleep 3; printf '0.1 state %s\\n0.2 quit\\n' \"$1\" > \"$2\"", "sh", state, fifo]
        try writer.run()
        let r = try FlingRunner.run(["--headless", "--script", fifo], timeout: 60)
        writer.waitUntilExit()
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("\(fifo): a FIFO with nothing to read yet: waiting for its writer"), r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: state), "the script the writer wrote ran")
    }
}
