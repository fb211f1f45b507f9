// KioskWindowTests: kiosk mode in a real X11 window (Xvfb, which `make test` installs).
import FlingCore
import Foundation
import XCTest

final class KioskWindowTests: XCTestCase {
    /// The kiosk grabs the keyboard (Alt+Tab under a window manager once brought another
    /// window over it), and says so; SIGTERM still ends it.
    func testAKioskWindowGrabsTheKeyboard() throws {
        try FlingRunner.withXvfb { display in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: FlingRunner.binary)
            p.arguments = ["--kiosk", "--log-level", "info"]
            p.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
            let err = Pipe()
            p.standardError = err
            p.standardOutput = FileHandle.nullDevice
            try p.run()
            Thread.sleep(forTimeInterval: 3)
            p.terminate()
            let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            XCTAssertTrue(text.contains("kiosk: keyboard grabbed (Alt+Tab and the window manager's keys stay with Fling)"), text)
            XCTAssertEqual(p.terminationReason, .exit, text)
        }
    }
}
