// VideoDriverStartTests: which video driver SDL_Init will start, as Fling predicts it to ask a
// Wayland compositor for its seat first (SDL 2.26 crashes on one without a seat).
import FlingSDL
import XCTest

final class VideoDriverStartTests: XCTestCase {
    func testWaylandIsStartedWhenAskedFirstOrWithoutAnXDisplay() {
        XCTAssertTrue(SDLContext.startsOnWayland(requested: "wayland", display: ":0"))
        XCTAssertTrue(SDLContext.startsOnWayland(requested: "Wayland,x11", display: ":0"))
        XCTAssertTrue(SDLContext.startsOnWayland(requested: "", display: ""))
        XCTAssertTrue(SDLContext.startsOnWayland(requested: "x11,wayland", display: ""))
        XCTAssertTrue(SDLContext.startsOnWayland(requested: "kmsdrm, wayland", display: ":0"))
    }

    func testX11OrAnotherDriverIsNotWayland() {
        XCTAssertFalse(SDLContext.startsOnWayland(requested: "", display: ":0"))
        XCTAssertFalse(SDLContext.startsOnWayland(requested: "x11,wayland", display: ":0"))
        XCTAssertFalse(SDLContext.startsOnWayland(requested: "kmsdrm", display: ""))
        XCTAssertFalse(SDLContext.startsOnWayland(requested: "x11", display: ""))
    }
}
