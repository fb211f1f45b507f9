// BackdropBlurTests: a backdrop blur (a material, as under the compact navigation bar) blurs what is drawn under it,
// in place on the frame's pixels, reading only inside its rectangle; faded, it mixes; the blur
// keeps a flat colour and the content's energy.
import FlingCore
@testable import FlingSDL
import XCTest

final class BackdropBlurTests: XCTestCase {
    /// Black on the left half, white on the right, the top 44 pt blurred by 4 pt at scale 2.
    static func bar(_ l: inout DisplayList, opacity: Double = 1) {
        l.add(.fillRect(Rect(x: 0, y: 0, width: 50, height: 100), radii: CornerRadii(0), color: .black))
        l.withOpacity(opacity) { $0.add(.backdropBlur(Rect(x: 0, y: 0, width: 100, height: 44), sigma: 4)) }
    }

    func testWhatIsUnderTheRectangleIsBlurredInPlace() throws {
        let f = try drawFrames(2, scale: 2) { Self.bar(&$0) }
        XCTAssertEqual(f.map { $0.1.backdropBlurs }, [1, 1])
        XCTAssertEqual(f.map { $0.1.backdropBlursOnCanvas }, [1, 1], "on the frame's own pixels, no read-back")
        let img = f[0].0
        func red(_ xPt: Double) -> Int { Int(img.pixels[(20 * 2 * img.width + Int(xPt * 2)) * 4]) }
        // Sharp, the edge at 50 pt would jump from 0 to 255 in one pixel; blurred it ramps.
        XCTAssertLessThan(red(40), 10, "well inside the black")
        XCTAssertGreaterThan(red(60), 245, "well inside the white")
        XCTAssertEqual(Double(red(50)), 127.5, accuracy: 20, "the edge is half way")
        XCTAssertGreaterThan(red(48), 40, "the black side of the edge is lightened")
        XCTAssertLessThan(red(52), 215, "the white side is darkened")
        XCTAssertEqual(f[1].0.pixels, img.pixels)
        // Below the rectangle the edge stays sharp.
        func redBelow(_ xPt: Double) -> Int { Int(img.pixels[(60 * 2 * img.width + Int(xPt * 2)) * 4]) }
        XCTAssertEqual(redBelow(49.5), 0)
        XCTAssertEqual(redBelow(50), 255)
    }

    func testAFadedBackdropMixesSharpAndBlurred() throws {
        let sharp = try drawFrames(1, scale: 2) { Self.bar(&$0, opacity: 0) }[0].0
        let full = try drawFrames(1, scale: 2) { Self.bar(&$0, opacity: 1) }[0].0
        let half = try drawFrames(1, scale: 2) { Self.bar(&$0, opacity: 0.5) }[0].0
        let i = (20 * 2 * half.width + 48 * 2) * 4
        XCTAssertEqual(Double(half.pixels[i]), (Double(sharp.pixels[i]) + Double(full.pixels[i])) / 2, accuracy: 2)
    }

    /// A change under the rectangle changes all of it (the blur spreads it): a window that
    /// presents only what changed sends the whole bar; a change elsewhere stays small.
    func testAChangeUnderTheBackdropDamagesAllOfIt() {
        func list(_ x: Double, _ y: Double) -> [DrawCommand] {
            [.fillRect(Rect(x: x, y: y, width: 10, height: 10), radii: CornerRadii(0), color: .black),
             .backdropBlur(Rect(x: 0, y: 0, width: 100, height: 44), sigma: 4)]
        }
        let under = LayerDamage.frameDamage(old: list(20, 10)[...], new: list(22, 10)[...], scale: 2, width: 200, height: 200)
        XCTAssertNotNil(under)
        XCTAssertLessThanOrEqual(under?.x0 ?? 1, 0)
        XCTAssertGreaterThanOrEqual(under?.x1 ?? 0, 200)
        XCTAssertGreaterThanOrEqual(under?.y1 ?? 0, 88)
        let below = LayerDamage.frameDamage(old: list(20, 100)[...], new: list(22, 100)[...], scale: 2, width: 400, height: 400)
        XCTAssertGreaterThanOrEqual(below?.y0 ?? 0, 190, "below the bar only the square's pixels")
        XCTAssertLessThanOrEqual(below?.y1 ?? 999, 230)
        XCTAssertLessThanOrEqual(below?.x1 ?? 999, 70)
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
