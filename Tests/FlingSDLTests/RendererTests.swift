import FlingCore
import FlingSDL
import Foundation
import XCTest

/// The SDL backend's pixels: anti-aliased edges, one-pixel hairlines at any scale, clipping.
final class RendererTests: XCTestCase {
    static var resources: String { testResources }

    /// Draws `build` on a white 100×100 pt headless display at `scale` and returns the pixels.
    func render(scale: Double, _ build: (inout DisplayList) -> Void) throws -> RGBAImage {
        try drawFrames(1, scale: scale, build)[0].0
    }

    func testRoundedCornersAreAntiAliased() throws {
        let img = try render(scale: 1) { $0.fill(Rect(x: 10, y: 10, width: 80, height: 80), radius: 15, .black) }
        // Inside is black, outside white, and along the 45° of the corner arc there are greys.
        XCTAssertEqual(img.pixel(50, 50).0, 0)
        XCTAssertEqual(img.pixel(11, 11).0, 255, "the corner is cut away")
        let diagonal = (10..<25).map { Int(img.pixel($0, $0).0) }
        XCTAssertTrue(diagonal.contains { $0 > 20 && $0 < 235 }, "a partially covered pixel on the arc: \(diagonal)")
    }

    func testHairlinesAreOneDevicePixelAtEveryScale() throws {
        for scale in [1.0, 2.0] {
            let img = try render(scale: scale) { $0.add(.hairline(from: Point(0, 50), to: Point(100, 50), color: .black)) }
            let column = (0..<img.height).filter { img.pixel(img.width / 2, $0).0 < 128 }
            XCTAssertEqual(column.count, 1, "scale \(scale): dark rows \(column)")
        }
    }

    func testNestedClipsIntersect() throws {
        let img = try render(scale: 1) { l in
            l.clipped(to: Rect(x: 0, y: 0, width: 60, height: 100)) { l in
                l.clipped(to: Rect(x: 40, y: 0, width: 60, height: 100)) { l in
                    l.fill(Rect(x: 0, y: 0, width: 100, height: 100), .black)
                }
            }
        }
        XCTAssertEqual(img.pixel(30, 50).0, 255)
        XCTAssertEqual(img.pixel(50, 50).0, 0)
        XCTAssertEqual(img.pixel(70, 50).0, 255)
    }

    func testGroupOpacityBlendsHalfway() throws {
        let img = try render(scale: 1) { l in l.withOpacity(0.5) { $0.fill(Rect(x: 0, y: 0, width: 100, height: 100), .black) } }
        XCTAssertEqual(Int(img.pixel(50, 50).0), 128, accuracy: 1)
    }

    func testPNGRoundTrip() throws {
        let img = RGBAImage(width: 3, height: 2, pixels: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255,
                                                         1, 2, 3, 255, 4, 5, 6, 255, 7, 8, 9, 255])
        let path = NSTemporaryDirectory() + "/fling-roundtrip.png"
        try PNGFile.write(img, to: path)
        XCTAssertEqual(try PNGFile.read(path), img)
        XCTAssertThrowsError(try PNGFile.read("/nonexistent.png"))
    }
}
