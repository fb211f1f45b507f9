import FlingSDL
import XCTest

/// The UI scale a display's DPI gives when --scale is absent (a kiosk's panel).
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

/// Where the scale comes from: Xft.dpi first, then the display's DPI, then
/// the X screen's physical size, then 1.
final class DisplayScaleSourceTests: XCTestCase {
    func testXftDPIIsReadFromTheResourcesText() {
        XCTAssertEqual(DisplayScale.xftDPI(resources: "Xcursor.size:\t24\nXft.dpi:\t192\nXft.antialias:\t1\n"), 192)
        XCTAssertEqual(DisplayScale.xftDPI(resources: "Xft.dpi: 144.0"), 144)
        XCTAssertEqual(DisplayScale.xftDPI(resources: "Xft.dpi:\t96\nXft.dpi:\t120\n"), 120)   // the last wins
        XCTAssertNil(DisplayScale.xftDPI(resources: "Xft.dpix:\t192\n*dpi:\t192"))
        XCTAssertNil(DisplayScale.xftDPI(resources: "Xft.dpi:\tlarge"))
        XCTAssertNil(DisplayScale.xftDPI(resources: "Xft.dpi:\t0"))
    }

    func testXftDPIComesBeforeEveryPhysicalSize() {
        let screen = DisplayScale.Screen(resources: "Xft.dpi:\t192\n", widthPixels: 1280, widthMillimetres: 325)
        let r = DisplayScale.decide(screen: screen, displayDPI: 96)
        XCTAssertEqual(r.scale, 2)
        XCTAssertEqual(r.source, "Xft.dpi 192 in the X resources")
    }

    func testThenTheDisplaysDPIThenTheScreensSize() {
        let noXft = DisplayScale.Screen(resources: "Xcursor.size:\t24\n", widthPixels: 1280, widthMillimetres: 169)
        XCTAssertEqual(DisplayScale.decide(screen: noXft, displayDPI: 144).scale, 1.5)
        XCTAssertEqual(DisplayScale.decide(screen: noXft, displayDPI: 144).source, "the display's physical size (144 dpi)")
        // 1280 px over 169 mm: 192.4 dpi.
        XCTAssertEqual(DisplayScale.decide(screen: noXft, displayDPI: nil).scale, 2)
        XCTAssertEqual(DisplayScale.decide(screen: noXft, displayDPI: nil).source, "the X screen's physical size (192.38 dpi)")
        XCTAssertEqual(DisplayScale.decide(screen: DisplayScale.Screen(resources: nil, widthPixels: 1280, widthMillimetres: 0), displayDPI: nil).scale, 1)
        XCTAssertEqual(DisplayScale.decide(screen: nil, displayDPI: nil).source, "no DPI known")
    }
}
