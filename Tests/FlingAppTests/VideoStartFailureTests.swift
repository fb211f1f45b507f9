// VideoStartFailureTests: a video driver that cannot start gets a sentence, never a silent
// death: a Wayland compositor without an input seat (SDL 2.26 crashes in
// SDL_Init there) is found first; any other fault inside SDL_Init is named by a guard.
import Foundation
import XCTest

final class VideoStartFailureTests: XCTestCase {
    func testAWaylandCompositorWithoutASeatIsNamedNotCrashedOn() throws {
        // The headless backend: outputs in memory, no input devices, so no wl_seat.
        try WestonRunner.with(arguments: ["--backend=headless-backend.so"]) { env in
            let r = try FlingRunner.run([], timeout: 30, environment: env)
            XCTAssertFalse(r.signalled, r.stderr)
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertTrue(r.stderr.contains("fling: the Wayland compositor at WAYLAND_DISPLAY=\(env["WAYLAND_DISPLAY"] ?? "") offers no input seat (wl_seat)"), r.stderr)
        }
    }

    func testAFaultInsideSDLInitIsNamedBeforeTheProcessEnds() throws {
        let r = try FlingRunner.run([], timeout: 30, environment: ["FLING_TEST_FAULT_IN_SDL_INIT": "1", "SDL_VIDEODRIVER": "x11", "DISPLAY": ":999"])
        // The handler before the guard's (the Swift runtime's crash report, or the signal's
        // default action) still ends the process as a failure.
        XCTAssertTrue(r.signalled || r.status != 0, "the fault still ends the process: \(r.status) \(r.stderr)")
        XCTAssertTrue(r.stderr.hasPrefix("fling: SDL crashed while starting its video driver (SDL_VIDEODRIVER=x11, DISPLAY=:999"), r.stderr)
    }
}
