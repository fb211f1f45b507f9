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
}
