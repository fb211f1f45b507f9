// BackdropBlurTests: a blurred layer (a material's backdrop, issue 30 item 3) shows its content
// blurred from its first frame, is blurred once and then copied while its commands repeat, and
// the blur keeps the content's average.
import FlingCore
@testable import FlingSDL
import XCTest

final class BackdropBlurTests: XCTestCase {
    /// A black bar on white: its edge, blurred by 4 pt at scale 2.
    static func bar(_ l: inout DisplayList) {
        l.layer(LayerSpec(id: "material", bounds: Rect(x: 0, y: 0, width: 100, height: 44), background: .white, blur: 4)) { l in
            l.add(.fillRect(Rect(x: 0, y: 0, width: 50, height: 44), radii: CornerRadii(0), color: .black))
        }
    }

    func testTheBlurIsThereFromTheFirstFrameAndComputedOnce() throws {
        let f = try drawFrames(4, scale: 2) { Self.bar(&$0) }
        XCTAssertEqual(f.map { $0.1.layersBlurred }, [1, 0, 0, 0], "blurred once, then copied")
        XCTAssertEqual(f.map { $0.1.layersComposited }, [1, 1, 1, 1])
        let img = f[0].0
        func red(_ xPt: Double) -> Int { Int(img.pixels[(20 * 2 * img.width + Int(xPt * 2)) * 4]) }
        // Sharp, the edge at 50 pt would jump from 0 to 255 in one pixel; blurred it ramps.
        XCTAssertLessThan(red(40), 10, "well inside the black")
        XCTAssertGreaterThan(red(60), 245, "well inside the white")
        XCTAssertEqual(Double(red(50)), 127.5, accuracy: 20, "the edge is half way")
        XCTAssertGreaterThan(red(48), 40, "the black side of the edge is lightened")
        XCTAssertLessThan(red(52), 215, "the white side is darkened")
        for (later, _) in f.dropFirst() { XCTAssertEqual(later.pixels, img.pixels) }
    }

    func testABoxBlurKeepsAFlatColourAndTheAverage() {
        var flat = [UInt32](repeating: 0xFF80_4020, count: 30 * 20)
        BackdropBlur.blur(&flat, width: 30, height: 20, sigma: 5)
        XCTAssertTrue(flat.allSatisfy { $0 == 0xFF80_4020 })
        // One white pixel in black: spread out, its energy kept (within rounding).
        var dot = [UInt32](repeating: 0xFF00_0000, count: 41 * 41)
        dot[20 * 41 + 20] = 0xFFFF_FFFF
        BackdropBlur.blur(&dot, width: 41, height: 41, sigma: 2)
        let total = dot.reduce(0) { $0 + Int($1 & 0xFF) }
        XCTAssertEqual(Double(total), 255, accuracy: 60)
        XCTAssertLessThan(Int(dot[20 * 41 + 20] & 0xFF), 40)
    }
}
