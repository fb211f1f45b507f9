// WindowSizeTests: the smallest window is 320 × 480 pt: --size refuses less,
// and the list opens at exactly that size.
import FlingCore
import FlingSDL
import Foundation
import XCTest

final class WindowSizeTests: XCTestCase {
    func testASizeUnderTheMinimumIsAUsageError() throws {
        for size in ["120x120", "319x844", "390x479"] {
            try FlingRunner.assertUsageError(["--headless", "--size", size], says: "--size takes WxH in pt, from 320x480 to 8192x8192")
        }
    }

    func testTheSmallestWindowOpens() throws {
        let dir = try FlingRunner.headless("0.2 shot $OUT/s.png\n", args: ["--size", "320x480"])
        let shot = try PNGFile.read(dir.appendingPathComponent("s.png").path)
        XCTAssertEqual([shot.width, shot.height], [320, 480])
    }
}

/// Under a window manager the whole frame, title bar included, lies on the screen (before,
/// at --scale 2 on 1280×1024 the client area was fitted and the bottom 40 px fell off).
final class WindowFrameTests: XCTestCase {
    func testTheFrameOfATallWindowFitsTheScreen() throws {
        try FlingRunner.withXvfb(screen: "1280x1024x24") { display in
            // Openbox manages the root window once it has started: then fling's window gets a frame.
            try FlingRunner.withWindowManager(display) {
                let text = try FlingRunner.stderrUntil(["--scale", "2", "--log-level", "info"],
                                                       environment: ["DISPLAY": display, "SDL_VIDEODRIVER": "x11"]) {
                    $0.contains("did not fit the screen")
                }
                // "… did not fit the screen: the window is now 780xH px", H + the title bar ≤ 1024.
                guard let range = text.range(of: #"px of title bar\) did not fit the screen: the window is now 780x(\d+) px"#, options: .regularExpression)
                else { return XCTFail("the frame was not fitted: \(text)") }
                let height = Int(text[range].split(separator: "x").last?.prefix { $0.isNumber } ?? "") ?? 0
                XCTAssertLessThan(height, 1024, text)
                XCTAssertGreaterThanOrEqual(height, 960, "no smaller than the 480 pt minimum at scale 2: \(text)")
            }
        }
    }
}
