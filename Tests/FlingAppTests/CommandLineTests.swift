import FlingCore
import Foundation
import XCTest

/// Bad input gets a clear message and the right exit status, never a crash or a hang.
final class CommandLineTests: XCTestCase {
    func testHelpAndVersion() throws {
        let help = try FlingRunner.run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("usage: fling"))
        XCTAssertTrue(help.stdout.contains("--headless"))
        let version = try FlingRunner.run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.hasPrefix("fling "))
    }

    func testUnknownOptionsAndBadValuesExit2WithUsage() throws {
        for args in [["--bogus"], ["--scene", "nowhere"], ["--size", "12"], ["--fps", "0"], ["--scale"], ["--log-level", "loud"], ["stray"]] {
            let r = try FlingRunner.run(args)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertTrue(r.stderr.contains("usage: fling"), "\(args): \(r.stderr)")
            XCTAssertFalse(r.stderr.contains("Fatal error"))
        }
    }

    func testABadScriptNamesFileAndLineAndRunsNothing() throws {
        let dir = FlingRunner.scratch("badscript")
        let script = dir.appendingPathComponent("bad.txt")
        try "0.1 shot \(dir.path)/should-not-exist.png\n0.2 tap 10\n".write(to: script, atomically: true, encoding: .utf8)
        let r = try FlingRunner.run(["--headless", "--script", script.path])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("\(script.path):2: 'tap' takes X Y"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("should-not-exist.png").path))
        let missing = try FlingRunner.run(["--headless", "--script", dir.appendingPathComponent("nope.txt").path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("nope.txt"))
    }

    /// A copy of Resources/ with one file replaced, for the failure cases.
    func resourcesCopy(_ name: String, replacing file: String, with text: String?) throws -> URL {
        let dir = FlingRunner.scratch(name).appendingPathComponent("Resources")
        let fm = FileManager.default
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        let src = FlingRunner.packageRoot.appendingPathComponent("Resources")
        for item in try fm.contentsOfDirectory(atPath: src.path) where item != file {
            try fm.createSymbolicLink(at: dir.appendingPathComponent(item), withDestinationURL: src.appendingPathComponent(item))
        }
        if let text { try text.write(to: dir.appendingPathComponent(file), atomically: true, encoding: .utf8) }
        return dir
    }

    func testMalformedDataNamesFileLineAndColumn() throws {
        let res = try resourcesCopy("malformed", replacing: "restaurants.json", with: "[\n  {\"name\": \"A\",,\n]")
        let r = try FlingRunner.run(["--headless", "--resources", res.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("restaurants.json:2:16: malformed JSON"), r.stderr)
    }

    func testMissingDataFileAndFolderExit1NamingThePath() throws {
        let res = try resourcesCopy("missingdata", replacing: "articles.json", with: nil)
        let r = try FlingRunner.run(["--headless", "--resources", res.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("data file not found: \(res.path)/articles.json"), r.stderr)
        let none = try FlingRunner.run(["--headless", "--resources", "/nonexistent/res"])
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.stderr.contains("resources folder not found: /nonexistent/res"))
    }

    func testMissingFontExits1NamingIt() throws {
        let base = try resourcesCopy("missingfont", replacing: "fonts", with: nil)
        let fonts = base.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        let r = try FlingRunner.run(["--headless", "--resources", base.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("font file not found: \(fonts.path)/"), r.stderr)
    }

    func testACorruptImageDrawsAPlaceholderWithOneWarning() throws {
        let base = try resourcesCopy("corrupt", replacing: "images", with: nil)
        let images = base.appendingPathComponent("images/restaurants")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try "not a jpeg".write(to: images.appendingPathComponent("espresso.jpg"), atomically: true, encoding: .utf8)
        let dir = FlingRunner.scratch("corrupt-run")
        let script = dir.appendingPathComponent("s.txt")
        try "0.1 shot \(dir.path)/a.png\n0.2 shot \(dir.path)/b.png\n".write(to: script, atomically: true, encoding: .utf8)
        let r = try FlingRunner.run(["--headless", "--resources", base.path, "--script", script.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let warnings = r.stderr.components(separatedBy: "\n").filter { $0.contains("espresso.jpg") }
        XCTAssertEqual(warnings.count, 1, r.stderr)
    }

    func testResourcesAreFoundFromAnotherWorkingDirectory() throws {
        let dir = FlingRunner.scratch("cwd")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: FlingRunner.binary)
        let script = dir.appendingPathComponent("s.txt")
        try "0.1 state \(dir.path)/s.json\n".write(to: script, atomically: true, encoding: .utf8)
        p.arguments = ["--headless", "--script", script.path]
        p.currentDirectoryURL = URL(fileURLWithPath: "/")
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("s.json").path))
    }

    func testWithoutADisplayItSuggestsHeadless() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: FlingRunner.binary)
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil; env["WAYLAND_DISPLAY"] = nil
        env["SDL_VIDEODRIVER"] = "x11"
        p.environment = env
        let err = Pipe()
        p.standardError = err
        try p.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 1)
        XCTAssertTrue(text.contains("--headless"), text)
    }
}
