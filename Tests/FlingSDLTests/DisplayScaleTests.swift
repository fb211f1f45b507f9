import FlingSDL
import XCTest

/// The UI scale a display's DPI gives when --scale is absent (issue 14).
final class DisplayScaleTests: XCTestCase {
    func testQuarterStepsFromNinetySixDPI() {
        XCTAssertEqual(DisplayScale.fromDPI(96), 1)
        XCTAssertEqual(DisplayScale.fromDPI(92), 1)          // a 24" 1080p monitor
        XCTAssertEqual(DisplayScale.fromDPI(144), 1.5)
        XCTAssertEqual(DisplayScale.fromDPI(163), 1.75)      // a 27" 4K monitor
        XCTAssertEqual(DisplayScale.fromDPI(192), 2)
        XCTAssertEqual(DisplayScale.fromDPI(72), 1)          // never below 1
        XCTAssertEqual(DisplayScale.fromDPI(900), 4)         // nor above 4
        XCTAssertEqual(DisplayScale.fromDPI(.nan), 1)
        XCTAssertEqual(DisplayScale.fromDPI(0), 1)
    }
}
