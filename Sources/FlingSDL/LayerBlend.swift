// LayerBlend: a rasterised layer's pixels blended onto the frame's own pixels as SDL's
// SDL_BLENDMODE_BLEND copy would (dst = src·a + dst·(1 − a), a = its alpha × the group's
// opacity), so that a layer with transparent parts (the sheet's card over the dimmed list) needs
// no SDL texture and no edge-row texture beside its CPU copy: 12 MB at 1080×1920 saved.
// Opaque pixels are copied (a row's opaque span, LayerOpacity, without looking at them),
// transparent ones skipped; rows in bands on every core.

enum LayerBlend {
    /// Blends `rows × width` ARGB8888 pixels from `source` (rows `sourceStride` pixels apart)
    /// onto `destination` (rows `destinationStride` pixels apart), modulated by `alpha`
    /// (0…255). The destination's alpha becomes a + d·(1 − a), as SDL's.
    /// `spans`, when given, holds the opaque span of each source row (`spans[0]` the first
    /// row's, in columns of the source where `source` is column `column`).
    static func blend(_ source: UnsafePointer<UInt32>, sourceStride: Int, onto destination: UnsafeMutablePointer<UInt32>,
                      destinationStride: Int, width: Int, rows: Int, alpha: UInt32,
                      spans: UnsafePointer<OpaqueSpan>? = nil, column: Int = 0) {
        guard width > 0, rows > 0 else { return }
        ParallelRows.run(0..<rows, bands: ParallelRows.bands(rows: rows, columns: width),
                         Bands(source: source, sourceStride: sourceStride, destination: destination,
                               destinationStride: destinationStride, width: width, alpha: min(255, alpha),
                               spans: spans, column: column))
    }

    /// `blend`'s work, one band of rows at a time.
    private struct Bands: RowBandWork {
        let source: UnsafePointer<UInt32>
        let sourceStride: Int
        let destination: UnsafeMutablePointer<UInt32>
        let destinationStride: Int
        let width: Int
        let alpha: UInt32
        let spans: UnsafePointer<OpaqueSpan>?
        let column: Int
        func run(band: Int, rows: Range<Int>) {
            for y in rows {
                let s = source + y * sourceStride, d = destination + y * destinationStride
                guard alpha == 255, let span = spans?[y] else {
                    LayerBlend.blendRow(s, onto: d, width: width, alpha: alpha)
                    continue
                }
                // Left of the span, the span copied as it is, right of it.
                let x0 = min(width, max(0, Int(span.start) - column)), x1 = max(x0, min(width, Int(span.end) - column))
                LayerBlend.blendRow(s, onto: d, width: x0, alpha: 255)
                (d + x0).update(from: s + x0, count: x1 - x0)
                LayerBlend.blendRow(s + x1, onto: d + x1, width: width - x1, alpha: 255)
            }
        }
    }

    /// x·a/255, rounded (exact for 0…255 × 0…255).
    @inline(__always) static func scale(_ x: UInt32, _ a: UInt32) -> UInt32 {
        let t = x * a + 128
        return (t + (t >> 8)) >> 8
    }

    /// One pixel of `source` over `destination` at group alpha `alpha`.
    @inline(__always) static func over(_ s: UInt32, _ d: UInt32, alpha: UInt32) -> UInt32 {
        let a = alpha == 255 ? s >> 24 : scale(s >> 24, alpha)
        if a == 255 { return s | 0xFF00_0000 }
        if a == 0 { return d }
        let na = 255 - a
        @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
            (scale((s >> shift) & 0xFF, a) + scale((d >> shift) & 0xFF, na)) << shift
        }
        return (a + scale(d >> 24, na)) << 24 | channel(16) | channel(8) | channel(0)
    }

    static func blendRow(_ s: UnsafePointer<UInt32>, onto d: UnsafeMutablePointer<UInt32>, width: Int, alpha: UInt32) {
        var x = 0
        if alpha == 255 {
            // Runs of opaque pixels are copied (most of a card), of clear ones skipped.
            while x < width {
                let p = s[x]
                if p >= 0xFF00_0000 {
                    var end = x + 1
                    while end < width, s[end] >= 0xFF00_0000 { end += 1 }
                    (d + x).update(from: s + x, count: end - x)
                    x = end
                } else if p < 0x0100_0000 {
                    x += 1
                } else {
                    d[x] = over(p, d[x], alpha: 255)
                    x += 1
                }
            }
            return
        }
        while x < width {
            d[x] = over(s[x], d[x], alpha: alpha)
            x += 1
        }
    }
}
