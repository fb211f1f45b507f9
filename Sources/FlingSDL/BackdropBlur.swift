// BackdropBlur: a Gaussian-like blur of a layer's ARGB pixels, for materials (the navigation
// bar's blur of the rows scrolled under it, UIKit's .systemChromeMaterial): three box passes
// each way (a box of radius σ three times is close to a Gaussian of deviation σ), with running
// sums, so the cost is the same for any radius: about 12 additions a channel a pixel.
enum BackdropBlur {
    /// Blurs `pixels` (width × height, ARGB, opaque or premultiplied) in place with a deviation
    /// of `sigma` px; edges repeat their last pixel.
    static func blur(_ pixels: inout [UInt32], width: Int, height: Int, sigma: Double) {
        let r = Int(sigma.rounded())
        guard r > 0, width > 0, height > 0, pixels.count == width * height else { return }
        var line = [UInt32](repeating: 0, count: max(width, height))
        pixels.withUnsafeMutableBufferPointer { p in
            line.withUnsafeMutableBufferPointer { tmp in
                for _ in 0..<3 {
                    for y in 0..<height { pass(p, start: y * width, stride: 1, count: width, radius: r, tmp: tmp) }
                    for x in 0..<width { pass(p, start: x, stride: width, count: height, radius: r, tmp: tmp) }
                }
            }
        }
    }

    /// One box pass of radius `radius` along a row or a column (`stride` apart).
    private static func pass(_ p: UnsafeMutableBufferPointer<UInt32>, start: Int, stride: Int, count n: Int, radius r: Int,
                             tmp: UnsafeMutableBufferPointer<UInt32>) {
        @inline(__always) func at(_ i: Int) -> UInt32 { p[start + min(max(i, 0), n - 1) * stride] }
        var a = 0, rr = 0, g = 0, b = 0
        for i in -r...r {
            let v = at(i)
            a += Int(v >> 24); rr += Int(v >> 16 & 0xFF); g += Int(v >> 8 & 0xFF); b += Int(v & 0xFF)
        }
        let size = 2 * r + 1, half = size / 2
        for i in 0..<n {
            tmp[i] = UInt32((a + half) / size) << 24 | UInt32((rr + half) / size) << 16 | UInt32((g + half) / size) << 8 | UInt32((b + half) / size)
            let out = at(i - r), inn = at(i + r + 1)
            a += Int(inn >> 24) - Int(out >> 24)
            rr += Int(inn >> 16 & 0xFF) - Int(out >> 16 & 0xFF)
            g += Int(inn >> 8 & 0xFF) - Int(out >> 8 & 0xFF)
            b += Int(inn & 0xFF) - Int(out & 0xFF)
        }
        for i in 0..<n { p[start + i * stride] = tmp[i] }
    }
}
