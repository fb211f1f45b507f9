import FlingCore
@testable import FlingSDL
import XCTest

/// A layer with a clear background is opaque wherever what it draws is opaque, even where SDL
/// blended something translucent onto it (its rounding leaves alpha 253–254): nothing behind
/// shows through the sheet's photo under its scrim, and those rows are copied, not blended.
final class LayerOpacityTests: XCTestCase {
    func testAlphaSDLRoundsDownIsOpaqueAgainAndEachRowKeepsItsLongestOpaqueRun() {
        var pixels: [UInt32] = [0x0000_0000, 0xFFFF_FFFF, 0xFDFF_FFFF, 0xFEFF_FFFF, 0x80FF_FFFF, 0xFF00_00FF, 0xFCFF_FFFF, 0x00FF_FFFF,
                                0x8000_0000, 0x8000_0000, 0x8000_0000, 0x8000_0000, 0x8000_0000, 0x8000_0000, 0x8000_0000, 0x8000_0000]
        var spans = [OpaqueSpan](repeating: OpaqueSpan(start: 9, end: 9), count: 2)
        pixels.withUnsafeMutableBufferPointer {
            LayerOpacity.snapAndScan($0, width: 8, rows: 0..<2, columns: 0..<8, into: &spans)
        }
        XCTAssertEqual(Array(pixels[0..<8]), [0x0000_0000, 0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF, 0x80FF_FFFF, 0xFF00_00FF, 0xFCFF_FFFF, 0x00FF_FFFF])
        XCTAssertEqual(spans, [OpaqueSpan(start: 1, end: 4), .none])
        XCTAssertEqual(LayerOpacity.opaqueRows([.none, OpaqueSpan(start: 0, end: 8), OpaqueSpan(start: 0, end: 8), OpaqueSpan(start: 1, end: 8)], width: 8), 1..<3)
    }

    func testNothingBehindShowsThroughAPhotoUnderAScrimInAClearLayer() throws {
        // Red behind; a clear layer holding an opaque grey band with a scrim over it (as the
        // sheet's photo), and nothing below it. Drawn three times: the third composites the
        // rasterised layer from its pixels.
        func frame() -> DisplayList {
            var l = DisplayList(background: SystemColor.red)
            l.layer(LayerSpec(id: "sheet", bounds: Rect(x: 0, y: 0, width: 100, height: 100), background: .clear)) { l in
                l.add(.fillRect(Rect(x: 0, y: 0, width: 100, height: 60), radii: CornerRadii(10), color: Color(white: 0.5, alpha: 1)))
                l.add(.verticalGradient(Rect(x: 0, y: 20, width: 100, height: 40), top: .clear, bottom: Color(white: 0, alpha: 0.5)))
            }
            return l
        }
        let shots: [RGBAImage] = try MainActor.assumeIsolated {
            try withHeadlessDisplay(size: Size(100, 100), scale: 2) { display in
                try (0..<3).map { _ in
                    display.draw(frame(), consecutive: true)
                    guard let image = display.readPixels() else { throw XCTSkip("no pixels") }
                    return image
                }
            }
        }
        let last = shots[2]
        XCTAssertEqual(last.width, 200)
        func rgb(_ x: Int, _ y: Int) -> [UInt8] { Array(last.pixels[(y * 200 + x) * 4..<(y * 200 + x) * 4 + 3]) }
        // Under the scrim, grey: red and green alike (2/255 of the red showed through before).
        for y in stride(from: 40, to: 120, by: 7) {
            let p = rgb(100, y)
            XCTAssertEqual(p[0], p[1], "row \(y): \(p)")
            XCTAssertEqual(p[1], p[2], "row \(y): \(p)")
        }
        // Below the band the layer is clear: the red.
        XCTAssertEqual(rgb(100, 160), rgb(5, 199))
        XCTAssertGreaterThan(rgb(100, 160)[0], 200)
    }

    func testBlendingWithSpansGivesThePixelsOfBlendingEveryPixelForAnyPartOfTheLayer() {
        // Seeded rows of clear, opaque and translucent runs; a part of the layer (columns
        // 3..<37 of 40, rows 2..<30) blended with and without the spans.
        var random = SplitMix64(seed: 46)
        let width = 40, height = 32
        var source = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            var x = 0
            while x < width {
                let run = Int.random(in: 1...12, using: &random), kind = Int.random(in: 0..<3, using: &random)
                for i in x..<min(width, x + run) {
                    let rgb = UInt32.random(in: 0...0xFF_FFFF, using: &random)
                    source[y * width + i] = kind == 0 ? 0 : kind == 1 ? 0xFF00_0000 | rgb : UInt32.random(in: 1...254, using: &random) << 24 | rgb
                }
                x += run
            }
        }
        let spans = source.withUnsafeBufferPointer { p in (0..<height).map { LayerOpacity.span(p.baseAddress! + $0 * width, width: width) } }
        let behind = (0..<(width * height)).map { _ in UInt32.random(in: 0...UInt32.max, using: &random) | 0xFF00_0000 }
        func blended(spans useSpans: Bool) -> [UInt32] {
            var d = behind
            source.withUnsafeBufferPointer { s in
                spans.withUnsafeBufferPointer { sp in
                    d.withUnsafeMutableBufferPointer { d in
                        LayerBlend.blend(s.baseAddress! + 2 * width + 3, sourceStride: width, onto: d.baseAddress! + 2 * width + 3,
                                         destinationStride: width, width: 34, rows: 28, alpha: 255,
                                         spans: useSpans ? sp.baseAddress! + 2 : nil, column: 3)
                    }
                }
            }
            return d
        }
        let reference = blended(spans: false)
        XCTAssertNotEqual(reference, behind)
        XCTAssertEqual(blended(spans: true), reference)
    }
}
