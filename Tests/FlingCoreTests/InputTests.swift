import XCTest
@testable import FlingCore

final class InputTests: XCTestCase {
    func testASecondFingerIsIgnoredUntilTheFirstLifts() {
        var f = PrimaryPointerFilter()
        XCTAssertNotNil(f.filter(pointer(1, .began, 0, 0)))
        XCTAssertNil(f.filter(pointer(2, .began, 0, 0.1)))
        XCTAssertNil(f.filter(pointer(2, .moved, 10, 0.2)))
        XCTAssertNotNil(f.filter(pointer(1, .moved, 10, 0.2)))
        XCTAssertNil(f.filter(pointer(2, .ended, 10, 0.3)))
        XCTAssertNotNil(f.filter(pointer(1, .ended, 10, 0.3)))
        XCTAssertNotNil(f.filter(pointer(2, .began, 0, 0.4)), "free again after the first lifted")
        XCTAssertEqual(f.cancelActive(at: .zero, time: 1)?.phase, .cancelled)
        XCTAssertNil(f.activeID)
    }

    func testKeySpecs() {
        XCTAssertEqual(Key(spec: "shift+Tab"), Key(.tab, .shift))
        XCTAssertEqual(Key(spec: "Ctrl+q"), Key(.character("q"), .control))
        XCTAssertEqual(Key(spec: "ctrl+alt+shift+Q"), Key(.character("q"), [.control, .alt, .shift]))
        XCTAssertEqual(Key(spec: "Keypad Enter"), Key(.return))
        XCTAssertEqual(Key(spec: "pagedown"), Key(.pageDown))
        XCTAssertEqual(Key(spec: "F5"), Key(.f(5)))
        XCTAssertEqual(Key(spec: "."), Key(.character(".")))
        XCTAssertEqual(Key(spec: "ctrl++"), Key(.character("+"), .control))
        XCTAssertNil(Key(spec: "hyper+x"))
        XCTAssertNil(Key(spec: "Escpe"))
        XCTAssertNil(Key(spec: "F25"))
        XCTAssertNil(Key(spec: ""))
        XCTAssertTrue(Key(.char("Q"), .control).is(.character("q"), .control))
        XCTAssertFalse(Key(.tab, .shift).is(.tab))
        XCTAssertEqual(Key(.pageUp, [.control, .shift]).description, "ctrl+shift+PageUp")
        XCTAssertEqual(Key(.f(12)).description, "F12")
        // Every named key reads back from its own description.
        for (_, code) in KeyCode.named { XCTAssertEqual(Key(spec: Key(code).description), Key(code)) }
    }

    func testTapWithinSlopDragBeyond() {
        var c = TapClassifier(slop: 10)
        c.press(at: Point(0, 0), time: 0)
        XCTAssertFalse(c.move(to: Point(0, 9.9)))
        XCTAssertTrue(c.release())
        c.press(at: Point(0, 0), time: 0)
        XCTAssertTrue(c.move(to: Point(0, 10)))
        XCTAssertFalse(c.release())
    }

    func testScrollInteractionFlingsAndATouchStopsIt() {
        var s = ScrollInteraction(model: ScrollModel(viewport: 800, content: 3000))
        XCTAssertEqual(s.handle(pointer(0, .began, 700, 0)), .pressed(Point(100, 700)))
        var t = 0.0, y = 700.0
        var started = false
        while t < 0.1 { t += 1.0 / 120; y -= 20; if s.handle(pointer(0, .moved, y, t)) == .dragStarted { started = true } }
        XCTAssertTrue(started)
        XCTAssertEqual(s.handle(pointer(0, .ended, y, t)), .released)
        XCTAssertGreaterThan(s.model.velocity(at: t), 2000, "released at 2400 pt/s upward")
        let during = s.offset(at: t + 0.2)
        // A touch on moving content stops it where it is and is not a tap.
        XCTAssertEqual(s.handle(pointer(0, .began, 400, t + 0.2)), .none)
        XCTAssertEqual(s.offset(at: t + 0.5), during, accuracy: 1e-9)
        XCTAssertEqual(s.handle(pointer(0, .ended, 400, t + 0.25)), .released)
    }

    func testTapOnRestingContentIsATap() {
        var s = ScrollInteraction(model: ScrollModel(viewport: 800, content: 3000))
        _ = s.handle(pointer(0, .began, 300, 0))
        _ = s.handle(pointer(0, .moved, 305, 0.02))
        XCTAssertEqual(s.handle(pointer(0, .ended, 305, 0.05)), .tapped(Point(100, 305)))
        XCTAssertEqual(s.offset(at: 1), 0)
    }

    func testLRUCacheEvictsTheLeastRecentlyUsed() {
        var c = LRUCache<Int, String>(capacity: 4)
        for i in 0..<4 { c.insert("\(i)", for: i) }
        _ = c.value(for: 0)
        let evicted = c.insert("4", for: 4)
        XCTAssertEqual(evicted, ["1", "2"], "over capacity it evicts the oldest quarter-plus-one")
        XCTAssertNotNil(c.value(for: 0))
    }

    func testDownscaleAveragesAndComparisonCountsDifferences() {
        var px: [UInt8] = []
        for i in 0..<16 { px += i % 2 == 0 ? [255, 255, 255, 255] : [0, 0, 0, 255] }
        let img = RGBAImage(width: 4, height: 4, pixels: px)
        let half = img.downscaled(toWidth: 2, height: 2)
        XCTAssertEqual(half.width, 2)
        XCTAssertEqual(half.pixel(0, 0).0, 128, "2×2 box average of black and white")
        let other = RGBAImage(width: 4, height: 4, fill: .white)
        let cmp = ImageComparison.compare(img, other, tolerance: 2)
        XCTAssertEqual(cmp.differingPixels, 8)
        XCTAssertEqual(cmp.maxChannelDelta, 255)
        XCTAssertEqual(ImageComparison.compare(img, img, tolerance: 0).differingPixels, 0)
    }

    func testResamplingASourceRectInPlace() {
        // A horizontal ramp 0, 85, 170, 255: the same size is an exact copy. The right half
        // stretched to four pixels samples at pixel centres 1.75, 2.25, 2.75, 3.25 (source
        // x 2…4, half a pixel per output pixel), clamped at the last column.
        var px: [UInt8] = []
        for v: UInt8 in [0, 85, 170, 255] { px += [v, v, v, 255] }
        let ramp = RGBAImage(width: 4, height: 1, pixels: px)
        XCTAssertEqual(ramp.resampled(from: Rect(x: 0, y: 0, width: 4, height: 1), toWidth: 4, height: 1), ramp)
        let half = ramp.resampled(from: Rect(x: 2, y: 0, width: 2, height: 1), toWidth: 4, height: 1)
        XCTAssertEqual((0..<4).map { half.pixel($0, 0).0 }, [149, 191, 234, 255])
        XCTAssertTrue((0..<4).allSatisfy { half.pixel($0, 0).3 == 255 })
    }
}
