// MessageFaultTests: command-line input an outside probe found misreported or let through, through the binary: each is refused naming the value and where it is.
import FlingCore
import Foundation
import XCTest

final class MessageFaultTests: XCTestCase {
    private let study = FlingRunner.packageRoot.appendingPathComponent("studies/example.toml").path

    private func file(_ name: String, _ bytes: [UInt8], test: String = #function) throws -> String {
        let url = FlingRunner.scratch(test.replacingOccurrences(of: "()", with: "")).appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    // MARK: A value that starts with '-'

    /// argument-parser reads a value that starts with '-' as an option: "--size needs a value"
    /// was said although one was given.
    func testAValueThatStartsWithADashIsNamedNotCalledMissing() throws {
        let size = try FlingRunner.run(["--headless", "--size", "-390x844"])
        XCTAssertEqual(size.status, 2, size.stderr)
        XCTAssertTrue(size.stderr.hasPrefix("fling: --size takes WxH in pt, from 320x480 to 8192x8192, e.g. 390x844 (got '-390x844')\n"), size.stderr)
        let participant = try FlingRunner.run(["study", study, "--participant", "-P", "--dry-run"])
        XCTAssertEqual(participant.status, 2, participant.stderr)
        XCTAssertTrue(participant.stderr.hasPrefix(
            "fling study: --participant: '-P' starts with '-', so it reads as an option: to give it as the value, write --participant=-P\n"),
            participant.stderr)
        // Written as the message says, it is the value.
        let spelled = try FlingRunner.run(["study", study, "--participant=-P", "--dry-run"])
        XCTAssertEqual(spelled.status, 0, spelled.stderr)
        XCTAssertTrue(spelled.stdout.contains("\n-P,1,A,"), spelled.stdout)
        // An option after it: the value is missing.
        try FlingRunner.assertUsageError(["--size", "--headless"], says: "fling: --size needs a value\n")
        try FlingRunner.assertUsageError(["study", study, "--participant", "--dry-run"], says: "fling study: --participant needs a value\n")
    }

    // MARK: --input

    func testAnEmptyInputPathIsNamed() throws {
        let r = try FlingRunner.run(["--headless", "--input", ""])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("fling: --input: the path is empty (a device, /dev/input/eventN, or with --headless a recorded event stream)\n"), r.stderr)
    }

    /// --input is an evdev device or a recorded event stream: /proc/self/mem (whose reads fail)
    /// played as no touches with exit 0, and any other file was decoded into touches.
    func testInputThatIsNeitherADeviceNorARecordingIsRefused() throws {
        let mem = try FlingRunner.run(["--headless", "--input", "/proc/self/mem"])
        XCTAssertEqual(mem.status, 2, mem.stderr)
        XCTAssertTrue(mem.stderr.hasPrefix("fling: /proc/self/mem: unreadable (Input/output error): not a recorded event stream (cat /dev/input/eventN > FILE)\n"),
                      mem.stderr)
        let text = try file("notes.txt", Array("a touch recording, not\n".utf8))
        let t = try FlingRunner.run(["--headless", "--input", text])
        XCTAssertEqual(t.status, 2, t.stderr)
        XCTAssertTrue(t.stderr.hasPrefix("fling: \(text): 23 bytes, not a whole number of 24-byte input events: not a recorded event stream"), t.stderr)
        // Whole events of text: their types are none the kernel has.
        let words = try file("words.txt", Array(String(repeating: "touch me ", count: 8).utf8))
        let w = try FlingRunner.run(["--headless", "--input", words])
        XCTAssertEqual(w.status, 2, w.stderr)
        XCTAssertTrue(w.stderr.hasPrefix("fling: \(words): event 1 (byte 0) has type 8293, which no input event has (0 to 31): not a recorded event stream"),
                      w.stderr)
        // A disk would be read whole.
        func isBlockDevice(_ path: String) -> Bool {
            (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType == .typeBlockSpecial
        }
        if let disk = ["/dev/loop0", "/dev/sda", "/dev/vda", "/dev/nvme0n1"].first(where: isBlockDevice) {
            let d = try FlingRunner.run(["--headless", "--input", disk])
            XCTAssertNotEqual(d.status, 0, d.stderr)
            XCTAssertTrue(d.stderr.hasPrefix("fling: \(disk): is a block device (a disk), not an input device (/dev/input/eventN) or a recorded event stream\n"),
                          d.stderr)
        }
        // A recording still plays.
        let zeros = try file("touch.bin", [UInt8](repeating: 0, count: 48))
        let ok = try FlingRunner.run(["--headless", "--input", zeros])
        XCTAssertEqual(ok.status, 0, ok.stderr)
    }

    /// A FIFO with no writer blocked `open` forever.
    func testAFIFOInputWithNoWriterDoesNotHang() throws {
        let fifo = FlingRunner.scratch("inputfifo").appendingPathComponent("touch.fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let r = try FlingRunner.run(["--headless", "--input", fifo], timeout: 30)
        XCTAssertEqual(r.status, 0, r.stderr)
    }

    // MARK: --resources

    func testAResourcesFileIsSaidToBeAFileNotAFolder() throws {
        let f = try file("resources.txt", Array("fonts\n".utf8))
        let r = try FlingRunner.run(["--headless", "--script", FlingRunner.emptyScript, "--resources", f])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("fling: --resources: \(f) is a file, not a folder; give the resources folder (with fonts/, images/ and restaurants.json)\n"), r.stderr)
        let empty = try FlingRunner.run(["--headless", "--script", FlingRunner.emptyScript, "--resources", ""])
        XCTAssertEqual(empty.status, 1, empty.stderr)
        XCTAssertTrue(empty.stderr.hasPrefix("fling: --resources: the path is empty; give the resources folder\n"), empty.stderr)
    }

    // MARK: --fb-mode

    func testFramebufferModesOutOfRangeStateTheRanges() throws {
        let fb = FlingRunner.scratch("fbmode").appendingPathComponent("fb").path
        try FlingRunner.assertUsageError(["--headless", "--output", "fbdev:\(fb)", "--fb-mode", "100000x1x32"],
                                         says: "fling: --fb-mode: 100000x1 is outside 16x16 to 8192x8192 pixels (W and H 16 to 8192, BPP 32 or 16, e.g. 800x480x32; got '100000x1x32')\n")
        try FlingRunner.assertUsageError(["--headless", "--output", "fbdev:\(fb)", "--fb-mode", "800x480"],
                                         says: "fling: --fb-mode takes WxHxBPP (W and H 16 to 8192, BPP 32 or 16), e.g. 800x480x32 (got '800x480')\n")
        // A word among the numbers was skipped: this was 800x480x32.
        try FlingRunner.assertUsageError(["--headless", "--output", "fbdev:\(fb)", "--fb-mode", "800xfoox480x32"],
                                         says: "fling: --fb-mode takes WxHxBPP (W and H 16 to 8192, BPP 32 or 16), e.g. 800x480x32 (got '800xfoox480x32')\n")
    }

    // MARK: Scripts

    /// Invalid UTF-8 in a script was typed as U+FFFD (with only a font warning): refused with
    /// its line, on any line.
    func testInvalidUTF8InAScriptIsAnErrorWithItsLine() throws {
        for (bytes, line) in [(Array("0.1 tap 10 10\n0.2 text caf".utf8) + [0xE9] + Array("\n".utf8), 2),
                              (Array("# ok\n\n0.3 key ".utf8) + [0xFF, 0xFE] + Array("\n0.4 quit\n".utf8), 3),
                              (Array("# ".utf8) + [0xC3] + Array("\n0.4 quit\n".utf8), 1)] {
            let script = try file("script-\(line).txt", bytes)
            let r = try FlingRunner.run(["--headless", "--script", script])
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertTrue(r.stderr.hasPrefix("fling: \(script):\(line): not UTF-8 text (byte "), r.stderr)
            XCTAssertTrue(r.stderr.contains("starts no UTF-8 character); scripts are UTF-8\n"), r.stderr)
        }
        let attract = try file("attract.txt", Array("0.1 tap 10 10\n0.2 text ".utf8) + [0x80] + Array("\n".utf8))
        let a = try FlingRunner.run(["--headless", "--script", FlingRunner.emptyScript, "--attract", attract])
        XCTAssertEqual(a.status, 2, a.stderr)
        XCTAssertTrue(a.stderr.hasPrefix("fling: \(attract):2: not UTF-8 text (byte 23, column 10, starts no UTF-8 character); attract scripts are UTF-8\n"), a.stderr)
    }

    // MARK: fling study

    /// Only 0–9 choose the condition order: "P٢" (an Arabic-Indic two) took row 1 while "P2"
    /// took row 2.
    func testAParticipantIdWithADigitOtherThan0To9IsRefusedNamingIt() throws {
        for (id, digit, code) in [("P٢", "٢", "U+0662"), ("P0²", "²", "U+00B2")] {
            let r = try FlingRunner.run(["study", study, "--participant", id, "--dry-run"])
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertEqual(r.stderr, "fling study: --participant: '\(id)' has the digit '\(digit)' (\(code)); only 0-9 choose the condition order (P07: row 7): write the id with 0-9\n")
        }
        XCTAssertEqual(try FlingRunner.run(["study", study, "--participant", "P2", "--dry-run"]).status, 0)
    }

    /// Invalid UTF-8 in a study file was read as U+FFFD, and the folder's copy of the study
    /// differed from the file: refused with its line.
    func testInvalidUTF8InAStudyFileIsAnErrorWithItsLine() throws {
        let text = try String(contentsOfFile: study, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
        guard let title = lines.firstIndex(where: { $0.starts(with: Array("title".utf8)) }) else { return XCTFail("example.toml has no title") }
        lines[title] = Array("title = \"Caf".utf8) + [0xE9] + Array("\"".utf8)
        let bad = try file("study.toml", Array(lines.joined(separator: [0x0A])))
        let out = FlingRunner.scratch("study-utf8").appendingPathComponent("P1").path
        let r = try FlingRunner.run(["study", bad, "--participant", "P1", "--out", out, "--headless", "--script", FlingRunner.emptyScript])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("fling study: \(bad):\(title + 1): not UTF-8 text (byte "), r.stderr)
        XCTAssertTrue(r.stderr.contains(", column 13, starts no UTF-8 character); a study file is UTF-8\n"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out + "/study.toml"), "no folder is made for a refused study")
    }

    /// A NUL byte in a task's id reached schedule.csv.
    func testANULByteInAStudyFileIsAnErrorWithItsLine() throws {
        let text = try String(contentsOfFile: study, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let id = lines.firstIndex(where: { $0.hasPrefix("id = ") }) else { return XCTFail("example.toml has no task id") }
        lines[id] = "id = \"to\u{0}full\""
        let bad = try file("study.toml", Array(lines.joined(separator: "\n").utf8))
        let r = try FlingRunner.run(["study", bad, "--participant", "P1", "--dry-run"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertEqual(r.stderr, "fling study: \(bad):\(id + 1): a NUL byte (U+0000) in the line: a study file is text (was a binary file given?)\n")
        XCTAssertFalse(r.stdout.contains("\u{0}"), r.stdout)
    }
}
