// VideoStartFailureTests: a video driver that cannot start gets a sentence, never a silent
// death (issue 30 item 10): a Wayland compositor without an input seat (SDL 2.26 crashes in
// SDL_Init there) is found first; any other fault inside SDL_Init is named by a guard.
import Foundation
import XCTest

final class VideoStartFailureTests: XCTestCase {
    func testAWaylandCompositorWithoutASeatIsNamedNotCrashedOn() throws {
        let weston = "/usr/bin/weston"
        guard FileManager.default.isExecutableFile(atPath: weston) else {
            return XCTFail("weston is missing: make test installs it (apt-get install weston)")
        }
        let runtime = FlingRunner.scratch("seatless").appendingPathComponent("run")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let socket = "fling-seatless-\(ProcessInfo.processInfo.processIdentifier)"
        let w = Process()
        w.executableURL = URL(fileURLWithPath: weston)
        // The headless backend: outputs in memory, no input devices, so no wl_seat.
        w.arguments = ["--backend=headless-backend.so", "--socket=\(socket)", "--idle-time=0"]
        w.environment = ProcessInfo.processInfo.environment.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 }
        w.standardOutput = FileHandle.nullDevice
        w.standardError = FileHandle.nullDevice
        try w.run()
        defer { w.terminate(); w.waitUntilExit() }
        let socketPath = runtime.appendingPathComponent(socket).path
        for _ in 0..<500 where !FileManager.default.fileExists(atPath: socketPath) { usleep(10_000) }
        guard FileManager.default.fileExists(atPath: socketPath) else { return XCTFail("weston did not start") }
        let r = try FlingRunner.run([], timeout: 30, environment: ["SDL_VIDEODRIVER": "wayland", "WAYLAND_DISPLAY": socket,
                                                                 "XDG_RUNTIME_DIR": runtime.path])
        XCTAssertFalse(r.signalled, r.stderr)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("fling: the Wayland compositor at WAYLAND_DISPLAY=\(socket) offers no input seat (wl_seat)"), r.stderr)
    }

    func testAFaultInsideSDLInitIsNamedBeforeTheProcessEnds() throws {
        let r = try FlingRunner.run([], timeout: 30, environment: ["FLING_TEST_FAULT_IN_SDL_INIT": "1", "SDL_VIDEODRIVER": "x11", "DISPLAY": ":999"])
        // The handler before the guard's (the Swift runtime's crash report, or the signal's
        // default action) still ends the process as a failure.
        XCTAssertTrue(r.signalled || r.status != 0, "the fault still ends the process: \(r.status) \(r.stderr)")
        XCTAssertTrue(r.stderr.hasPrefix("fling: SDL crashed while starting its video driver (SDL_VIDEODRIVER=x11, DISPLAY=:999"), r.stderr)
    }
}
