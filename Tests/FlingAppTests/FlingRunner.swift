import FlingCore
import FlingSDL
import Foundation
import XCTest

/// Runs the built `fling` binary and collects what it wrote.
struct FlingRunner {
    struct Result {
        /// The exit status, or the signal's number when `signalled`.
        var status: Int32
        var stdout: String
        var stderr: String
        /// Ended by a signal (a crash, a trap), not by its own exit.
        var signalled = false
    }

    /// The package root, from this file's path.
    static let packageRoot: URL = {
        var u = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while u.path != "/" && !FileManager.default.fileExists(atPath: u.appendingPathComponent("Package.swift").path) {
            u = u.deletingLastPathComponent()
        }
        return u
    }()

    /// `fling` sits beside the test bundle in the build folder.
    static let binary: String = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("fling").path,
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("fling").path,
            packageRoot.appendingPathComponent(".build/debug/fling").path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[2]
    }()

    static func run(_ args: [String], stdin: String? = nil, timeout: Double = 120, environment: [String: String] = [:],
                    executable: String = binary) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = args
        if !environment.isEmpty { p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        let input = Pipe()
        p.standardInput = input
        try p.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        // Read both pipes to the end before waiting, so a chatty child never blocks.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        group.enter()
        DispatchQueue.global().async { outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            p.terminate()
            throw NSError(domain: "fling", code: 1, userInfo: [NSLocalizedDescriptionKey: "fling \(args) did not finish in \(timeout) s"])
        }
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self), signalled: p.terminationReason == .uncaughtSignal)
    }

    /// Starts fling with `args`, reads its stderr until `done` says it holds (or `timeout`
    /// seconds pass: a loaded machine starts slowly), then ends it with SIGTERM and returns
    /// all it wrote there.
    static func stderrUntil(_ args: [String], environment: [String: String], timeout: Double = 30,
                            _ done: (String) -> Bool) throws -> String {
        let log = scratch("stderr").appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = args
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        p.standardError = handle
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, p.isRunning,
              !done(String(decoding: (try? Data(contentsOf: log)) ?? Data(), as: UTF8.self)) {
            Thread.sleep(forTimeInterval: 0.1)
        }
        if p.isRunning { p.terminate() }
        p.waitUntilExit()
        try? handle.close()
        return String(decoding: (try? Data(contentsOf: log)) ?? Data(), as: UTF8.self)
    }

    /// Runs `body` with the display name of an Xvfb of its own on a free display number,
    /// stopped at the end (`screen` WxHxD; with
    /// `framebufferDirectory`, Xvfb keeps its screen there as an XWD file, Xvfb_screen0;
    /// `arguments` are Xvfb's own, e.g. -dpi).
    static func withXvfb(screen: String = "900x1000x24", framebufferDirectory: String? = nil, arguments: [String] = [], _ body: (String) throws -> Void) throws {
        let xvfb = "/usr/bin/Xvfb"
        guard FileManager.default.isExecutableFile(atPath: xvfb) else {
            return XCTFail("Xvfb is missing: make test installs it (apt-get install xvfb)")
        }
        var number = 140 + Int(ProcessInfo.processInfo.processIdentifier % 50)
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") { number += 1 }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: xvfb)
        p.arguments = [":\(number)", "-screen", "0", screen, "-nolisten", "tcp"] + arguments + (framebufferDirectory.map { ["-fbdir", $0] } ?? [])
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        defer { p.terminate(); p.waitUntilExit() }
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") { usleep(10_000) }
        try body(":\(number)")
    }

    /// Starts the app in a window on `display` (X11, the checkout's resources, no
    /// accessibility bridge) with `args`, its output discarded; the caller ends it.
    /// `resources` replaces the checkout's; `stderr`, if given, receives what it says there.
    static func startWindow(_ display: String, _ args: [String] = [], resources: URL? = nil, stderr: URL? = nil) throws -> Process {
        let fling = Process()
        fling.executableURL = URL(fileURLWithPath: binary)
        fling.arguments = ["--resources", (resources ?? packageRoot.appendingPathComponent("Resources")).path, "--no-accessibility"] + args
        fling.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display, "SDL_VIDEODRIVER": "x11"]) { $1 }
        fling.standardOutput = FileHandle.nullDevice
        if let stderr {
            FileManager.default.createFile(atPath: stderr.path, contents: nil)
            fling.standardError = try FileHandle(forWritingTo: stderr)
        } else {
            fling.standardError = FileHandle.nullDevice
        }
        try fling.run()
        return fling
    }

    /// Runs xdotool on `display` once per step (its arguments), each to its end, then waits
    /// `pause` seconds.
    static func xdotool(_ display: String, _ steps: [[String]], pause: Double = 0) throws {
        for args in steps {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
            p.arguments = args
            p.environment = ["DISPLAY": display]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            p.waitUntilExit()
            if pause > 0 { Thread.sleep(forTimeInterval: pause) }
        }
    }

    /// Runs `body` with openbox managing `display` (started, and waited for until it has
    /// claimed the root window), then stops it. A window manager gives windows frames and focus.
    static func withWindowManager(_ display: String, _ body: () throws -> Void) throws {
        let openbox = "/usr/bin/openbox"
        guard FileManager.default.isExecutableFile(atPath: openbox) else {
            return XCTFail("openbox is missing: make test installs it (apt-get install openbox)")
        }
        let wm = Process()
        wm.executableURL = URL(fileURLWithPath: openbox)
        wm.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
        wm.standardOutput = FileHandle.nullDevice
        wm.standardError = FileHandle.nullDevice
        try wm.run()
        defer { wm.terminate(); wm.waitUntilExit() }
        for _ in 0..<100 {
            let q = Process(), out = Pipe()
            q.executableURL = URL(fileURLWithPath: "/usr/bin/xprop")
            q.arguments = ["-root", "_NET_SUPPORTING_WM_CHECK"]
            q.environment = ["DISPLAY": display]
            q.standardOutput = out
            q.standardError = FileHandle.nullDevice
            try q.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            q.waitUntilExit()
            if text.contains("window id") { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        try body()
    }

    /// A scratch folder for one test.
    /// Runs `args`, which must be refused as a usage error (exit 2) with a message containing
    /// `message`.
    static func assertUsageError(_ args: [String], says message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try run(args)
        XCTAssertEqual(r.status, 2, r.stderr, file: file, line: line)
        XCTAssertTrue(r.stderr.contains(message), r.stderr, file: file, line: line)
    }

    /// A script without a command, for headless runs that test what happens before any input
    /// (resources, files opened at launch): `--headless` needs a script.
    static let emptyScript: String = {
        let url = scratch("empty-script").appendingPathComponent("empty.txt")
        try? Data("# no input: the run ends at once\n".utf8).write(to: url)
        return url.path
    }()

    static func scratch(_ name: String) -> URL {
        let u = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("fling-tests/\(name)-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }

    /// Runs a headless script (its text with `$OUT` standing for the scratch folder) and
    /// returns the scratch folder. Fails the test if fling does not exit 0.
    @discardableResult
    static func headless(_ script: String, args: [String] = [], environment: [String: String] = [:], name: String = #function,
                         file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        try headlessRun(script, args: args, environment: environment, name: name, file: file, line: line).dir
    }

    /// `headless`, returning the run's result (its stderr) too.
    static func headlessRun(_ script: String, args: [String] = [], environment: [String: String] = [:], name: String = #function,
                            file: StaticString = #filePath, line: UInt = #line) throws -> (dir: URL, result: Result) {
        let dir = scratch(name.replacingOccurrences(of: "()", with: ""))
        let scriptURL = dir.appendingPathComponent("script.txt")
        try script.replacingOccurrences(of: "$OUT", with: dir.path).write(to: scriptURL, atomically: true, encoding: .utf8)
        let r = try run(["--headless", "--script", scriptURL.path] + args, environment: environment)
        XCTAssertEqual(r.status, 0, "fling failed: \(r.stderr)", file: file, line: line)
        return (dir, r)
    }

    /// Records a headless script (its text with `$OUT` standing for `dir`) into
    /// `dir/NAME.rec` and returns the recording's path. Fails the test if fling does not exit 0.
    static func record(_ script: String, in dir: URL, as name: String, args: [String] = [],
                       file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let scriptURL = dir.appendingPathComponent("\(name).txt")
        try script.replacingOccurrences(of: "$OUT", with: dir.path).write(to: scriptURL, atomically: true, encoding: .utf8)
        let recording = dir.appendingPathComponent("\(name).rec").path
        let r = try run(["--headless", "--script", scriptURL.path, "--record", recording] + args)
        XCTAssertEqual(r.status, 0, "fling failed: \(r.stderr)", file: file, line: line)
        return recording
    }

    /// Reads a state dump written by a script.
    static func state(_ dir: URL, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> JSONValue {
        let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
        return try JSONParser.parse(text)
    }
}
