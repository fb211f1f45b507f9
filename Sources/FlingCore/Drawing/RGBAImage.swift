/// A bitmap of straight-alpha RGBA bytes, row-major, no padding.
public struct RGBAImage: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel buffer size does not match")
        self.width = width; self.height = height; self.pixels = pixels
    }

    public init(width: Int, height: Int, fill: Color = .clear) {
        let (r, g, b, a) = fill.rgba8
        var px = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: px.count, by: 4) { px[i] = r; px[i + 1] = g; px[i + 2] = b; px[i + 3] = a }
        self.init(width: width, height: height, pixels: px)
    }

    public func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// A smaller copy: 2×2 box averaging while at least twice too big, then bilinear to the
    /// exact size. Never enlarges (returns self when the target is not smaller).
    public func downscaled(toWidth tw: Int, height th: Int) -> RGBAImage {
        guard tw > 0, th > 0, tw < width || th < height else { return self }
        var img = self
        while img.width >= tw * 2 && img.height >= th * 2 { img = img.halved() }
        return img.bilinear(toWidth: min(tw, img.width), height: min(th, img.height))
    }

    /// Bilinear resampling of the part `source` (in pixels, fractional) to exactly `tw × th`,
    /// reading in place. Fixed-point weights (8 bits) with per-column tables: this runs every
    /// frame while a rounded photo changes size (a card expanding), so it must be cheap.
    public func resampled(from source: Rect, toWidth tw: Int, height th: Int) -> RGBAImage {
        let tw = max(1, tw), th = max(1, th)
        guard width > 0, height > 0 else { return RGBAImage(width: tw, height: th) }
        var out = [UInt8](repeating: 0, count: tw * th * 4)
        let sx = source.width / Double(tw), sy = source.height / Double(th)
        // Column tables: left source offset (bytes), right step (0 or 4), weight of the right.
        var left = [Int](repeating: 0, count: tw), step = [Int](repeating: 0, count: tw), wxs = [Int](repeating: 0, count: tw)
        for x in 0..<tw {
            let fx = min(Double(width - 1), max(0, source.minX + (Double(x) + 0.5) * sx - 0.5))
            let x0 = Int(fx)
            left[x] = x0 * 4
            step[x] = x0 + 1 < width ? 4 : 0
            wxs[x] = Int(((fx - Double(x0)) * 256).rounded())
        }
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<th {
                    let fy = min(Double(height - 1), max(0, source.minY + (Double(y) + 0.5) * sy - 0.5))
                    let y0 = Int(fy)
                    let row0 = y0 * width * 4
                    let row1 = (y0 + 1 < height ? y0 + 1 : y0) * width * 4
                    let wy = Int(((fy - Double(y0)) * 256).rounded())
                    var o = y * tw * 4
                    for x in 0..<tw {
                        let a = row0 + left[x], b = row1 + left[x], r = step[x], wx = wxs[x]
                        for c in 0..<4 {
                            let top = Int(src[a + c]) * (256 - wx) + Int(src[a + r + c]) * wx
                            let bottom = Int(src[b + c]) * (256 - wx) + Int(src[b + r + c]) * wx
                            dst[o + c] = UInt8((top * (256 - wy) + bottom * wy + 32768) >> 16)
                        }
                        o += 4
                    }
                }
            }
        }
        return RGBAImage(width: tw, height: th, pixels: out)
    }

    /// Multiplies each pixel's alpha by a coverage 0…255 (row-major, same size).
    public mutating func multiplyAlpha(by coverage: [UInt8]) {
        guard coverage.count == width * height else { return }
        for i in 0..<coverage.count where coverage[i] < 255 {
            pixels[i * 4 + 3] = UInt8((Int(pixels[i * 4 + 3]) * Int(coverage[i]) + 127) / 255)
        }
    }

    func halved() -> RGBAImage {
        let w = width / 2, h = height / 2
        var out = [UInt8](repeating: 0, count: w * h * 4)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let r0 = (2 * y) * width * 4, r1 = (2 * y + 1) * width * 4
                    for x in 0..<w {
                        let a = r0 + 8 * x, b = r1 + 8 * x, o = (y * w + x) * 4
                        for c in 0..<4 {
                            let s = Int(src[a + c]) + Int(src[a + 4 + c]) + Int(src[b + c]) + Int(src[b + 4 + c])
                            dst[o + c] = UInt8((s + 2) / 4)
                        }
                    }
                }
            }
        }
        return RGBAImage(width: w, height: h, pixels: out)
    }

    /// Bilinear resampling of the whole image to exactly `tw × th`, with 12-bit fixed-point
    /// weights and per-column tables: within one level of the exact weights (the tests keep the
    /// floating-point formula). A photo's derived size is made with it, sometimes inside a
    /// frame (a zoom's first frame at the window's width), so it must be cheap.
    func bilinear(toWidth tw: Int, height th: Int) -> RGBAImage {
        if tw == width && th == height { return self }
        guard tw > 0, th > 0, width > 0, height > 0 else { return RGBAImage(width: max(0, tw), height: max(0, th)) }
        let one = 4096, half = one * one / 2
        var out = [UInt8](repeating: 0, count: tw * th * 4)
        let sx = Double(width) / Double(tw), sy = Double(height) / Double(th)
        // Column tables: the left source pixel's offset (bytes), the step to the right one (0 at
        // the edge), and the right one's weight.
        var left = [Int](repeating: 0, count: tw), step = [Int](repeating: 0, count: tw), wxs = [Int](repeating: 0, count: tw)
        for x in 0..<tw {
            let fx = max(0, (Double(x) + 0.5) * sx - 0.5)
            let x0 = min(Int(fx), width - 1)
            left[x] = x0 * 4
            step[x] = x0 + 1 < width ? 4 : 0
            wxs[x] = Int(((fx - Double(x0)) * Double(one)).rounded())
        }
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                left.withUnsafeBufferPointer { left in
                    step.withUnsafeBufferPointer { step in
                        wxs.withUnsafeBufferPointer { wxs in
                            for y in 0..<th {
                                let fy = max(0, (Double(y) + 0.5) * sy - 0.5)
                                let y0 = min(Int(fy), height - 1), y1 = min(y0 + 1, height - 1)
                                let wy = Int(((fy - Double(y0)) * Double(one)).rounded())
                                let row0 = y0 * width * 4, row1 = y1 * width * 4
                                var o = y * tw * 4
                                for x in 0..<tw {
                                    let a = row0 + left[x], b = row1 + left[x], r = step[x], wx = wxs[x]
                                    for c in 0..<4 {
                                        let top = Int(src[a + c]) * (one - wx) + Int(src[a + r + c]) * wx
                                        let bottom = Int(src[b + c]) * (one - wx) + Int(src[b + r + c]) * wx
                                        dst[o + c] = UInt8((top * (one - wy) + bottom * wy + half) >> 24)
                                    }
                                    o += 4
                                }
                            }
                        }
                    }
                }
            }
        }
        return RGBAImage(width: tw, height: th, pixels: out)
    }
}

/// Golden-image comparison: per-channel tolerance and a cap on differing pixels.
public struct ImageComparison: Sendable {
    public var differingPixels: Int
    public var maxChannelDelta: Int
    public var sizeMatches: Bool
    /// Red where pixels differ, a faded copy of the expected image elsewhere.
    public var diffImage: RGBAImage?

    public static func compare(_ actual: RGBAImage, _ expected: RGBAImage, tolerance: Int) -> ImageComparison {
        guard actual.width == expected.width, actual.height == expected.height else {
            return ImageComparison(differingPixels: max(actual.width * actual.height, expected.width * expected.height),
                                   maxChannelDelta: 255, sizeMatches: false, diffImage: nil)
        }
        var differing = 0, maxDelta = 0
        var diff = [UInt8](repeating: 0, count: actual.pixels.count)
        for i in stride(from: 0, to: actual.pixels.count, by: 4) {
            var d = 0
            for c in 0..<4 { d = max(d, abs(Int(actual.pixels[i + c]) - Int(expected.pixels[i + c]))) }
            maxDelta = max(maxDelta, d)
            if d > tolerance {
                differing += 1
                diff[i] = 255; diff[i + 1] = 0; diff[i + 2] = 0; diff[i + 3] = 255
            } else {
                for c in 0..<3 { diff[i + c] = UInt8(191 + Int(expected.pixels[i + c]) / 4) }
                diff[i + 3] = 255
            }
        }
        return ImageComparison(differingPixels: differing, maxChannelDelta: maxDelta, sizeMatches: true,
                               diffImage: RGBAImage(width: actual.width, height: actual.height, pixels: diff))
    }
}
