// HiDPIWindowTests: the UI scale of a real X11 window when --scale is absent:
// from Xft.dpi in the X resources, or from a screen of 192 dpi, and the log says which.
import Foundation
import XCTest

final class HiDPIWindowTests: XCTestCase {
    /// A window's log at `--log-level info` on `display`, read until it says the scale.
    private func windowLog(display: String) throws -> String {
        try FlingRunner.stderrUntil(["--log-level", "info"], environment: ["DISPLAY": display, "SDL_VIDEODRIVER": "x11"]) {
            $0.contains("fling: scale ")
        }
    }

    func testXftDPIOf192GivesScale2() throws {
        // -noreset: Xvfb would forget the resources when xrdb, its only client, leaves.
        try FlingRunner.withXvfb(screen: "1280x1024x24", arguments: ["-noreset"]) { display in
            let resources = FlingRunner.scratch("xft").appendingPathComponent("Xresources")
            try "Xft.dpi:\t192\n".write(to: resources, atomically: true, encoding: .utf8)
            let xrdb = Process()
            xrdb.executableURL = URL(fileURLWithPath: "/usr/bin/xrdb")
            xrdb.arguments = ["-nocpp", "-merge", resources.path]
            xrdb.environment = ["DISPLAY": display]
            try xrdb.run()
            xrdb.waitUntilExit()
            XCTAssertEqual(xrdb.terminationStatus, 0)
            let log = try windowLog(display: display)
            XCTAssertTrue(log.contains("fling: scale 2 from Xft.dpi 192 in the X resources"), log)
        }
    }

    func testAScreenOf192DPIGivesScale2() throws {
        try FlingRunner.withXvfb(screen: "1280x1024x24", arguments: ["-dpi", "192"]) { display in
            let log = try windowLog(display: display)
            XCTAssertTrue(log.contains("fling: scale 2 from the X screen's physical size"), log)
        }
    }

    func testAScreenOf96DPIStaysAt1() throws {
        try FlingRunner.withXvfb(screen: "1280x1024x24", arguments: ["-dpi", "96"]) { display in
            let log = try windowLog(display: display)
            XCTAssertTrue(log.contains("fling: scale 1 from the X screen's physical size"), log)
        }
    }
}
