// WindowFrameFitTests: the whole frame, title bar included, fits the usable area.
import FlingCore
import XCTest

final class WindowFrameFitTests: XCTestCase {
    let titleBar = FrameExtents(top: 40, left: 1, bottom: 1, right: 1)

    /// --scale 2 on a 1280×1024 screen: 780×1024 px fitted to the client area left the bottom
    /// 40 px under the screen's edge; now the frame is 1024 tall.
    func testATallWindowShrinksBySoMuchAsItsTitleBar() {
        let usable = Rect(x: 0, y: 0, width: 1280, height: 1024)
        let r = WindowFrameFit.fitted(client: Rect(x: 250, y: 40, width: 780, height: 1024), extents: titleBar, usable: usable)
        XCTAssertEqual(r, Rect(x: 250, y: 40, width: 780, height: 983))
    }

    func testAWindowThatFitsIsLeftAlone() {
        let usable = Rect(x: 0, y: 0, width: 1920, height: 1080)
        XCTAssertNil(WindowFrameFit.fitted(client: Rect(x: 765, y: 78, width: 390, height: 844), extents: titleBar, usable: usable))
    }

    func testAFrameOffTheUsableAreaMovesOntoIt() {
        // A panel takes the top 30 px; the window was centred on the whole screen.
        let usable = Rect(x: 0, y: 30, width: 1280, height: 994)
        let r = WindowFrameFit.fitted(client: Rect(x: 445, y: 0, width: 390, height: 900), extents: titleBar, usable: usable)
        XCTAssertEqual(r, Rect(x: 445, y: 70, width: 390, height: 900))   // the title bar's top at 30
    }

    func testAWindowWiderThanTheScreenNarrows() {
        let usable = Rect(x: 0, y: 0, width: 800, height: 600)
        let r = WindowFrameFit.fitted(client: Rect(x: 0, y: 40, width: 1000, height: 400), extents: titleBar, usable: usable)
        XCTAssertEqual(r, Rect(x: 1, y: 40, width: 798, height: 400))
    }
}
