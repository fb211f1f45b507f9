// WindowLogTests: what a window's start says on stderr, in a real X11 window (Xvfb).
import Foundation
import XCTest

final class WindowLogTests: XCTestCase {
    /// Starts the app in a window on `display` with `args`, waits until the window is made
    /// (the recording's header is written right after), stops it with SIGTERM and returns its
    /// stderr.
    func startInAWindow(on display: String, _ args: [String]) throws -> String {
        let recording = FlingRunner.scratch("windowlog").appendingPathComponent("session.rec").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: FlingRunner.binary)
        p.arguments = args + ["--record", recording]
        p.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display, "SDL_VIDEODRIVER": "x11"]) { $1 }
            .filter { $0.key != "WAYLAND_DISPLAY" }
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        var started = false
        for _ in 0..<600 where p.isRunning {
            if let text = try? String(contentsOfFile: recording, encoding: .utf8), !text.isEmpty { started = true; break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        if p.isRunning { p.terminate() }
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertTrue(started, "the window was never made: \(text)")
        return text
    }

    /// Which renderer a window got, and why, is information: every start printed it as if
    /// something were wrong ("OpenGL is llvmpipe …; using SDL's software renderer"). It is said only with --log-level info (or debug).
    func testTheRendererIsSaidOnlyAtTheInfoLevel() throws {
        try FlingRunner.withXvfb { display in
            let quiet = try startInAWindow(on: display, [])
            XCTAssertFalse(quiet.contains("renderer"), quiet)
            XCTAssertFalse(quiet.contains("software renderer"), quiet)
            let info = try startInAWindow(on: display, ["--log-level", "info"])
            XCTAssertTrue(info.contains("fling: renderer: "), info)
            let warnings = try startInAWindow(on: display, ["--log-level", "warning"])
            XCTAssertFalse(warnings.contains("renderer"), warnings)
        }
    }
}
