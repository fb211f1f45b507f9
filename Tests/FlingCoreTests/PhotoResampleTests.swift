// PhotoResampleTests: the bilinear resampling a photo's derived size is made with, against the
// floating-point formula it stands for (exact weights, rounded once), on seeded random pixels.
import XCTest
@testable import FlingCore

final class PhotoResampleTests: XCTestCase {
    /// The formula: each output pixel's centre mapped into the source, the four around it
    /// weighted by distance in doubles, the sum rounded to the nearest level.
    private func reference(_ img: RGBAImage, toWidth tw: Int, height th: Int) -> RGBAImage {
        var out = [UInt8](repeating: 0, count: tw * th * 4)
        let sx = Double(img.width) / Double(tw), sy = Double(img.height) / Double(th)
        for y in 0..<th {
            let fy = max(0, (Double(y) + 0.5) * sy - 0.5)
            let y0 = min(Int(fy), img.height - 1), y1 = min(y0 + 1, img.height - 1)
            let wy = fy - Double(y0)
            for x in 0..<tw {
                let fx = max(0, (Double(x) + 0.5) * sx - 0.5)
                let x0 = min(Int(fx), img.width - 1), x1 = min(x0 + 1, img.width - 1)
                let wx = fx - Double(x0)
                for c in 0..<4 {
                    let p = { (x: Int, y: Int) in Double(img.pixels[(y * img.width + x) * 4 + c]) }
                    let top = p(x0, y0) * (1 - wx) + p(x1, y0) * wx
                    let bottom = p(x0, y1) * (1 - wx) + p(x1, y1) * wx
                    out[(y * tw + x) * 4 + c] = UInt8(max(0, min(255, (top * (1 - wy) + bottom * wy).rounded())))
                }
            }
        }
        return RGBAImage(width: tw, height: th, pixels: out)
    }

    private func randomImage(width: Int, height: Int, seed: UInt64) -> RGBAImage {
        var rng = SplitMix64(seed: seed)
        return RGBAImage(width: width, height: height, pixels: (0..<width * height * 4).map { _ in UInt8.random(in: 0...255, using: &rng) })
    }

    func testEveryPixelIsWithinOneLevelOfTheExactWeights() {
        // Down by less than two (no halving first), down by an odd ratio, up, and one axis only.
        let cases: [(w: Int, h: Int, tw: Int, th: Int)] = [(200, 133, 108, 72), (97, 61, 31, 60), (40, 30, 71, 53), (64, 64, 64, 17), (1, 1, 3, 2)]
        for (i, c) in cases.enumerated() {
            let img = randomImage(width: c.w, height: c.h, seed: UInt64(i + 1))
            let fast = img.bilinear(toWidth: c.tw, height: c.th), exact = reference(img, toWidth: c.tw, height: c.th)
            XCTAssertEqual(fast.width, c.tw); XCTAssertEqual(fast.height, c.th)
            let worst = zip(fast.pixels, exact.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            XCTAssertLessThanOrEqual(worst, 1, "\(c.w)×\(c.h) → \(c.tw)×\(c.th)")
            let differing = zip(fast.pixels, exact.pixels).filter { $0 != $1 }.count
            XCTAssertLessThan(Double(differing), Double(fast.pixels.count) * 0.05, "\(c.w)×\(c.h) → \(c.tw)×\(c.th): a weight's last bits, rarely")
        }
    }

    func testFlatColourStaysExact() {
        let img = RGBAImage(width: 50, height: 20, fill: Color(r: 0.2, g: 0.6, b: 1, a: 0.5))
        let out = img.bilinear(toWidth: 23, height: 9)
        XCTAssertEqual(out, RGBAImage(width: 23, height: 9, fill: Color(r: 0.2, g: 0.6, b: 1, a: 0.5)))
    }
}
