import XCTest
@testable import FlingCore

final class FramebufferFormatTests: XCTestCase {
    /// 2×3 frame with distinct colours: (r, g, b) = (40i+8, 255−40i, 20i+4) for pixel i.
    private let frame: RGBAImage = {
        var px: [UInt8] = []
        for i in 0..<6 { px += [UInt8(40 * i + 8), UInt8(255 - 40 * i), UInt8(20 * i + 4), 255] }
        return RGBAImage(width: 2, height: 3, pixels: px)
    }()

    private func written(_ f: FramebufferFormat, _ r: Rotation, fill: UInt8 = 0xEE) -> [UInt8] {
        var bytes = [UInt8](repeating: fill, count: f.byteCount)
        bytes.withUnsafeMutableBytes { f.write(frame, rotation: r, into: $0) }
        return bytes
    }

    func testXRGB8888IsBGRXLittleEndian() {
        let f = FramebufferFormat.xrgb8888(width: 2, height: 3)
        let b = written(f, .none)
        XCTAssertEqual(Array(b[0..<8]), [4, 255, 8, 0, 24, 215, 48, 0])
        XCTAssertEqual(b.count, 24)
        XCTAssertEqual(f.read(b), frame)
    }

    func testRGB565PacksFiveSixFive() {
        let f = FramebufferFormat.rgb565(width: 2, height: 3)
        let b = written(f, .none)
        // Pixel 0: r 8>>3=1, g 255>>2=63, b 4>>3=0 → 0b00001_111111_00000 = 0x0FE0.
        XCTAssertEqual(Array(b[0..<2]), [0xE0, 0x0F])
        // Pixel 1: r 48>>3=6, g 215>>2=53, b 24>>3=3 → 6<<11 | 53<<5 | 3 = 0x36A3.
        XCTAssertEqual(Array(b[2..<4]), [0xA3, 0x36])
        // Read back: channels widened by bit replication, within the quantisation.
        let back = f.read(b)!
        for i in 0..<frame.pixels.count where i % 4 != 3 {
            XCTAssertLessThanOrEqual(abs(Int(back.pixels[i]) - Int(frame.pixels[i])), 8)
        }
    }

    func testEachRotationOnAPanelOfTheTurnedSize() {
        for r in Rotation.allCases {
            let w = r.swapsAxes ? 3 : 2, h = r.swapsAxes ? 2 : 3
            for f in [FramebufferFormat.xrgb8888(width: w, height: h), .rgb565(width: w, height: h)] {
                let back = f.read(written(f, r))!
                let expected = f.read(written(FramebufferFormat(width: w, height: h, bitsPerPixel: f.bitsPerPixel, lineLength: f.lineLength,
                                                                red: f.red, green: f.green, blue: f.blue), r))!
                XCTAssertEqual(back, expected)
                if f.bitsPerPixel == 32 { XCTAssertEqual(back, frame.rotated(r), "\(r)") }
            }
        }
    }

    func testLinePaddingAndUncoveredPixelsAreLeftAlone() {
        // A 4×3 screen with 20-byte lines (4 bytes of padding) shows the 2×3 frame top-left.
        let f = FramebufferFormat(width: 4, height: 3, bitsPerPixel: 32, lineLength: 20,
                                  red: .init(offset: 16, length: 8), green: .init(offset: 8, length: 8), blue: .init(offset: 0, length: 8))
        let b = written(f, .none)
        XCTAssertEqual(Array(b[0..<8]), [4, 255, 8, 0, 24, 215, 48, 0])
        XCTAssertEqual(Array(b[8..<20]), [UInt8](repeating: 0xEE, count: 12))
        XCTAssertEqual(Array(b[20..<24]), [44, 175, 88, 0])
    }

    func test24BitAndOddChannelOrders() {
        // 24 bpp RGB (red in the low byte), as some SPI drivers report.
        let f = FramebufferFormat(width: 2, height: 3, bitsPerPixel: 24, lineLength: 6,
                                  red: .init(offset: 0, length: 8), green: .init(offset: 8, length: 8), blue: .init(offset: 16, length: 8))
        XCTAssertNil(f.problem)
        let b = written(f, .none)
        XCTAssertEqual(Array(b[0..<6]), [8, 255, 4, 48, 215, 24])
        XCTAssertEqual(f.read(b), frame)
    }

    func testUnsupportedLayoutsAreNamed() {
        XCTAssertEqual(FramebufferFormat(width: 2, height: 2, bitsPerPixel: 8, lineLength: 2, red: .init(offset: 0, length: 3),
                                         green: .init(offset: 3, length: 3), blue: .init(offset: 6, length: 2)).problem,
                       "8 bits per pixel is not supported (16, 24 or 32)")
        XCTAssertEqual(FramebufferFormat(width: 4, height: 2, bitsPerPixel: 32, lineLength: 8, red: .init(offset: 16, length: 8),
                                         green: .init(offset: 8, length: 8), blue: .init(offset: 0, length: 8)).problem,
                       "the line length 8 is shorter than a row")
    }
}

final class EvdevDecoderTests: XCTestCase {
    typealias D = EvdevDecoder
    private func e(_ t: Double, _ type: UInt16, _ code: UInt16, _ v: Int32) -> D.RawEvent { D.RawEvent(time: t, type: type, code: code, value: v) }
    private func syn(_ t: Double) -> D.RawEvent { e(t, D.EV_SYN, D.SYN_REPORT, 0) }
    private func slot(_ t: Double, _ s: Int32) -> D.RawEvent { e(t, D.EV_ABS, D.ABS_MT_SLOT, s) }
    private func track(_ t: Double, _ id: Int32) -> D.RawEvent { e(t, D.EV_ABS, D.ABS_MT_TRACKING_ID, id) }
    private func mx(_ t: Double, _ v: Int32) -> D.RawEvent { e(t, D.EV_ABS, D.ABS_MT_POSITION_X, v) }
    private func my(_ t: Double, _ v: Int32) -> D.RawEvent { e(t, D.EV_ABS, D.ABS_MT_POSITION_Y, v) }
    private func c(_ id: Int64, _ p: PointerEvent.Phase, _ x: Int32, _ y: Int32, _ t: Double) -> D.Contact {
        D.Contact(id: id, phase: p, x: x, y: y, time: t)
    }

    /// Two fingers, protocol B, as a kernel driver reports them (recorded in the kernel's
    /// multi-touch-protocol.rst example order).
    private var twoFingers: [D.RawEvent] {
        [slot(1.0, 0), track(1.0, 45), mx(1.0, 100), my(1.0, 200), syn(1.0),
         mx(1.01, 110), syn(1.01),
         slot(1.02, 1), track(1.02, 46), mx(1.02, 500), my(1.02, 600), syn(1.02),
         slot(1.03, 0), my(1.03, 210), slot(1.03, 1), mx(1.03, 505), syn(1.03),
         slot(1.04, 0), track(1.04, -1), syn(1.04),
         slot(1.05, 1), track(1.05, -1), syn(1.05)]
    }

    func testMultiTouchProtocolB() {
        var d = D(eventSize: 24)
        XCTAssertEqual(d.decode(D.encode(twoFingers)), [
            c(1, .began, 100, 200, 1.0), c(1, .moved, 110, 200, 1.01), c(2, .began, 500, 600, 1.02),
            c(1, .moved, 110, 210, 1.03), c(2, .moved, 505, 600, 1.03), c(1, .ended, 110, 210, 1.04), c(2, .ended, 505, 600, 1.05),
        ])
    }

    func testSixteenByteEventsAndBytesSplitAnywhere() {
        let bytes = D.encode(twoFingers, eventSize: 16)
        var whole = D(eventSize: 16)
        let expected = whole.decode(bytes)
        XCTAssertEqual(expected.count, 7)
        var d = D(eventSize: 16)
        var got: [D.Contact] = []
        var i = 0
        for n in [5, 16, 1, 30, 7] + Array(repeating: 13, count: 40) where i < bytes.count {
            got += d.decode(Array(bytes[i..<min(bytes.count, i + n)]))
            i += n
        }
        XCTAssertEqual(got, expected)
    }

    /// The kernel sends only changed values: a touch in slot 1 (already selected) at the x of
    /// that slot's last touch comes with its tracking id and y alone. Primed with the state at
    /// open (EVIOCGABS/EVIOCGMTSLOTS) it lands where it was; unprimed it read x = 0 (found in
    /// a Debian 12 guest).
    func testATouchAfterOpeningUsesTheKernelsState() {
        let touch = [track(3.0, 12), my(3.0, 569), syn(3.0), track(3.08, -1), syn(3.08)]
        var primed = D()
        primed.prime(slot: 1, positions: [(x: 5, y: 6), (x: 640, y: 230)], singleTouch: (x: 640, y: 230))
        XCTAssertEqual(primed.decode(D.encode(touch)), [c(2, .began, 640, 569, 3.0), c(2, .ended, 640, 569, 3.08)])
        var unprimed = D()
        XCTAssertEqual(unprimed.decode(D.encode(touch)), [c(1, .began, 0, 569, 3.0), c(1, .ended, 0, 569, 3.08)])
        // Single-touch devices likewise.
        var single = D()
        single.prime(slot: 0, positions: [], singleTouch: (x: 300, y: 400))
        let tap = [e(4.0, D.EV_KEY, D.BTN_TOUCH, 1), syn(4.0), e(4.1, D.EV_KEY, D.BTN_TOUCH, 0), syn(4.1)]
        XCTAssertEqual(single.decode(D.encode(tap)), [c(1, .began, 300, 400, 4.0), c(1, .ended, 300, 400, 4.1)])
    }

    func testSingleTouchFallback() {
        var d = D()
        let events = [e(2.0, D.EV_ABS, D.ABS_X, 300), e(2.0, D.EV_ABS, D.ABS_Y, 400), e(2.0, D.EV_KEY, D.BTN_TOUCH, 1), syn(2.0),
                      e(2.05, D.EV_ABS, D.ABS_Y, 420), syn(2.05), e(2.1, D.EV_KEY, D.BTN_TOUCH, 0), syn(2.1)]
        XCTAssertEqual(d.decode(D.encode(events)), [c(1, .began, 300, 400, 2.0), c(1, .moved, 300, 420, 2.05), c(1, .ended, 300, 420, 2.1)])
    }

    func testSynDroppedCancelsAndWaitsForANewContact() {
        var d = D()
        let events = [slot(1, 0), track(1, 7), mx(1, 10), my(1, 20), syn(1),
                      e(1.1, D.EV_SYN, D.SYN_DROPPED, 0),
                      // Lost in the overrun: discarded up to the next SYN_REPORT.
                      mx(1.2, 999), track(1.2, -1), syn(1.2),
                      // The old contact's later moves do not revive it…
                      slot(1.3, 0), mx(1.3, 30), syn(1.3),
                      // …a new one starts normally.
                      track(1.4, 8), mx(1.4, 40), my(1.4, 50), syn(1.4), track(1.5, -1), syn(1.5)]
        XCTAssertEqual(d.decode(D.encode(events)), [
            c(1, .began, 10, 20, 1), c(1, .cancelled, 10, 20, 1.1), c(1, .began, 40, 50, 1.4), c(1, .ended, 40, 50, 1.5),
        ])
        XCTAssertEqual(d.dropsRecovered, 1)
    }

    func testTransformLikeLVGL() {
        var t = TouchTransform()
        let panel = Size(800, 480)
        XCTAssertEqual(t.panelPoint(x: 2048, y: 0, deviceX: 0...4096, deviceY: 0...4096, panel: panel), Point(400, 0))
        t.invertY = true
        XCTAssertEqual(t.panelPoint(x: 0, y: 1024, deviceX: 0...4096, deviceY: 0...4096, panel: panel), Point(0, 360))
        t = TouchTransform()
        t.swapXY = true
        t.xRange = 100...1100
        XCTAssertEqual(t.panelPoint(x: 350, y: 4096, deviceX: 0...4096, deviceY: 0...4096, panel: panel), Point(800, 120))
        // Out of range clamps to the edge.
        XCTAssertEqual(TouchTransform().panelPoint(x: -50, y: 9000, deviceX: 0...4096, deviceY: 0...4096, panel: panel), Point(0, 480))
    }

    /// libinput's matrix for a panel turned 90° clockwise, as the udev rule documents it.
    func testACalibrationMatrixTurnsTouchesAsLibinputDoes() throws {
        var t = TouchTransform()
        t.calibration = try XCTUnwrap(CalibrationMatrix(property: "0 -1 1 1 0 0"))
        let panel = Size(1280, 800)
        // Device (0.25, 0.25) → (−0.25 + 1, 0.25): what lands at panel (960, 200), not (320, 200).
        XCTAssertEqual(t.panelPoint(x: 1024, y: 1024, deviceX: 0...4096, deviceY: 0...4096, panel: panel), Point(960, 200))
        // The rest of the transform applies after it, as --touch-transform comes after udev.
        t.invertX = true
        XCTAssertEqual(t.panelPoint(x: 1024, y: 1024, deviceX: 0...4096, deviceY: 0...4096, panel: panel), Point(320, 200))
        // Outside the panel once turned: at its edge.
        t = TouchTransform()
        t.calibration = CalibrationMatrix(2, 0, 0, 0, 1, 0)
        XCTAssertEqual(t.panelPoint(x: 3072, y: 0, deviceX: 0...4096, deviceY: 0...4096, panel: panel), Point(1280, 0))
    }

    func testACalibrationPropertyIsSixNumbers() {
        XCTAssertEqual(CalibrationMatrix(property: "0 -1 1 1 0 0"), CalibrationMatrix(0, -1, 1, 1, 0, 0))
        XCTAssertEqual(CalibrationMatrix(property: "1.0\t0 0  0 1 0"), CalibrationMatrix(1, 0, 0, 0, 1, 0))
        XCTAssertEqual(CalibrationMatrix(property: "1 0 0 0 1 0")?.isIdentity, true)
        for bad in ["", "0 -1 1 1 0", "0 -1 1 1 0 0 0", "0 -1 x 1 0 0", "nan 0 0 0 1 0", "inf 0 0 0 1 0"] {
            XCTAssertNil(CalibrationMatrix(property: bad), bad)
        }
        XCTAssertEqual(CalibrationMatrix(0, -1, 1, 1, 0, 0).description, "0 -1 1 1 0 0")
        XCTAssertEqual(CalibrationMatrix(0.5, 0, 0.25, 0, 1, 0).description, "0.5 0 0.25 0 1 0")
    }
}

final class ScreenInfoTests: XCTestCase {
    private func put(_ b: inout [UInt8], _ o: Int, _ v: Int) { for k in 0..<4 { b[o + k] = UInt8((v >> (8 * k)) & 0xFF) } }

    /// A Raspberry Pi's 800×480 RGB565 panel, double-buffered and showing its second page,
    /// as the kernel fills the structs on 64-bit and on 32-bit.
    func testVariableAndFixedScreenInfo() {
        for long in [8, 4] {
            var v = [UInt8](repeating: 0, count: 160), f = [UInt8](repeating: 0, count: 80)
            put(&v, 0, 800); put(&v, 4, 480); put(&v, 8, 800); put(&v, 12, 960)   // xres, yres, virtual
            put(&v, 16, 0); put(&v, 20, 480)                                       // xoffset, yoffset
            put(&v, 24, 16)                                                        // bits_per_pixel
            put(&v, 32, 11); put(&v, 36, 5); put(&v, 44, 5); put(&v, 48, 6); put(&v, 56, 0); put(&v, 60, 5)
            put(&f, 16 + long, 800 * 960 * 2)                                      // smem_len
            put(&f, long == 8 ? 48 : 44, 1600)                                     // line_length
            let info = FramebufferFormat.fromScreenInfo(variable: v, fixed: f, longSize: long)
            XCTAssertEqual(info.format, .rgb565(width: 800, height: 480))
            XCTAssertEqual(info.visibleOffset, 480 * 1600)
            XCTAssertEqual(info.memoryLength, 1_536_000)
            XCTAssertNil(info.format.problem)
        }
    }
}
