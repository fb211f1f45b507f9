// WestonRunner: a weston of a test's own (Wayland window tests and start-up failure tests),
// on its own socket and runtime directory, stopped when the body returns.
import Foundation
import XCTest

enum WestonRunner {
    /// Runs `body` with the environment a Wayland client needs to reach a weston started with
    /// `arguments` (its backend and size) and `environment` (DISPLAY for the X11 backend).
    /// Fails the test, running nothing, when weston is missing or does not start.
    static func with(arguments: [String], environment: [String: String] = [:], _ body: ([String: String]) throws -> Void) throws {
        let weston = "/usr/bin/weston"
        guard FileManager.default.isExecutableFile(atPath: weston) else {
            return XCTFail("weston is missing: make test installs it (apt-get install weston)")
        }
        let runtime = FlingRunner.scratch("weston").appendingPathComponent("run")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let socket = "fling-test-\(ProcessInfo.processInfo.processIdentifier)"
        let w = Process()
        w.executableURL = URL(fileURLWithPath: weston)
        w.arguments = arguments + ["--socket=\(socket)", "--idle-time=0"]
        w.environment = ProcessInfo.processInfo.environment.merging(environment.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 }) { $1 }
        w.standardOutput = FileHandle.nullDevice
        w.standardError = FileHandle.nullDevice
        try w.run()
        defer { w.terminate(); w.waitUntilExit() }
        let socketPath = runtime.appendingPathComponent(socket).path
        for _ in 0..<500 where !FileManager.default.fileExists(atPath: socketPath) { usleep(10_000) }
        guard FileManager.default.fileExists(atPath: socketPath) else { return XCTFail("weston did not start") }
        try body(["SDL_VIDEODRIVER": "wayland", "WAYLAND_DISPLAY": socket, "XDG_RUNTIME_DIR": runtime.path])
    }
}
