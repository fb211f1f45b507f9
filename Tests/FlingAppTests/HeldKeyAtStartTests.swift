// HeldKeyAtStartTests: a key the X server reports held when Fling's window takes focus is no
// press of this run's: Ctrl+Q still down from the Fling before does not end a new one.
import Foundation
import XCTest

final class HeldKeyAtStartTests: XCTestCase {
    func testCtrlQHeldAtStartDoesNotQuitButAPressDuringTheRunDoes() throws {
        for tool in ["/usr/bin/xdotool", "/usr/bin/xprop"] where !FileManager.default.isExecutableFile(atPath: tool) {
            return XCTFail("\(tool) is missing: make test installs it")
        }
        try FlingRunner.withXvfb { display in
            // A window manager gives the new window focus (and with it X's KeymapNotify).
            try FlingRunner.withWindowManager(display) {
                try FlingRunner.xdotool(display, [["keydown", "ctrl+q"]])
                let fling = try FlingRunner.startWindow(display)
                defer { if fling.isRunning { fling.terminate() } }
                // X repeats the held Q into the new window for these seconds: none of it quits.
                Thread.sleep(forTimeInterval: 3)
                XCTAssertTrue(fling.isRunning, "Ctrl+Q held at start ended the new Fling (status \(fling.isRunning ? 0 : fling.terminationStatus))")
                try FlingRunner.xdotool(display, [["keyup", "ctrl+q"]], pause: 0.3)
                try FlingRunner.xdotool(display, [["key", "ctrl+q"]])
                for _ in 0..<100 where fling.isRunning { usleep(50_000) }
                XCTAssertFalse(fling.isRunning, "a Ctrl+Q pressed during the run quits")
                if !fling.isRunning { XCTAssertEqual(fling.terminationStatus, 0) }
            }
        }
    }
}
