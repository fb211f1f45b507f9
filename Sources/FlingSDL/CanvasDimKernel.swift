// CanvasDimKernel: a dim (black at an alpha) laid over the frame's own pixels in place, with the
// very arithmetic of SDL 2's blended fill (SDL_BlendFillRect, ARGB8888), four pixels at a time
// in bands of rows: SDL's fill goes a pixel at a time through four divisions, and a full-window
// dim behind a sheet whose list moves (the seed's list shifting with the sheet) was a third of
// a dragged sheet's CPU in a window at 1080×1920.

extension CanvasKernels {
    /// ⌊x / 255⌋ for 0 ≤ x ≤ 65025 (a product of two bytes), in 16-bit lanes.
    @inline(__always) static func divide255(_ x: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let t = x &+ 1
        return (t &+ (t &>> 8)) &>> 8
    }

    /// Black at `alpha` (0…255) over `area` of `t`, as SDL blends a fill: each colour channel
    /// becomes ⌊d·(255 − a) / 255⌋, alpha a + ⌊d·(255 − a) / 255⌋.
    static func dim(alpha: UInt8, area: PixelRect, into t: PixelTarget) {
        let area = area.intersection(t.bounds)
        guard !area.isEmpty, alpha > 0 else { return }
        ParallelRows.run(area.y0..<area.y1, bands: ParallelRows.bands(rows: area.y1 - area.y0, columns: area.x1 - area.x0),
                         DimBands(alpha: alpha, columns: area.x0..<area.x1, t: t))
    }

    private struct DimBands: RowBandWork {
        let alpha: UInt8
        let columns: Range<Int>
        let t: PixelTarget
        func run(band: Int, rows: Range<Int>) {
            let inva = UInt16(255 - alpha)
            let weight = SIMD8<UInt16>(repeating: inva)
            // B, R in the even lanes; G, A in the odd ones (little-endian ARGB8888).
            let low = SIMD8<UInt16>(repeating: 0x00FF)
            let addAlpha = SIMD8<UInt16>(0, UInt16(alpha), 0, UInt16(alpha), 0, UInt16(alpha), 0, UInt16(alpha))
            let span = columns.count
            for y in rows {
                let row = t.row(y) + columns.lowerBound
                let raw = UnsafeMutableRawPointer(row)
                var x = 0
                while x + 4 <= span {
                    let d = raw.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<UInt16>.self)
                    let even = CanvasKernels.divide255((d & low) &* weight)
                    let odd = CanvasKernels.divide255((d &>> 8) &* weight) &+ addAlpha
                    raw.storeBytes(of: even | odd &<< 8, toByteOffset: x * 4, as: SIMD8<UInt16>.self)
                    x += 4
                }
                while x < span {
                    row[x] = CanvasKernels.dimPixel(row[x], alpha: UInt32(alpha))
                    x += 1
                }
            }
        }
    }

    /// One pixel of `dim`.
    @inline(__always) static func dimPixel(_ d: UInt32, alpha a: UInt32) -> UInt32 {
        let inva = 255 - a
        func channel(_ shift: UInt32) -> UInt32 { (((d >> shift) & 0xFF) * inva / 255) << shift }
        return (a + ((d >> 24) * inva / 255)) << 24 | channel(16) | channel(8) | channel(0)
    }
}
