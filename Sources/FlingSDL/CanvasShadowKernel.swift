// CanvasShadowKernel: a soft shadow from a nine-slice blur mask, stretched and blended onto the
// canvas (see CanvasKernels.swift). Its caller is ShadowPainter, where shadows are drawn (and
// the SDL path this kernel matches).
import FlingCore

extension CanvasKernels {

    /// A soft shadow from a nine-slice blur mask (`size × size`, its straight sides starting
    /// `corner` px from each edge), stretched onto `outer` (device px) the way the renderer's
    /// SDL path stretches the same slice (corners scaled to `min(corner·k, half the side)`, the
    /// middle row and column repeated), blended in `color` (its alpha times the mask). Pixels in
    /// `hole` (under the opaque shape casting the shadow) and outside `visible` are untouched.
    static func shadow(mask: [UInt8], size: Int, corner: Int, outer: Rect, scale k: Double,
                       color: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), hole: PixelRect, visible: PixelRect,
                       into t: PixelTarget, scratch: inout CanvasScratch, bands forced: Int? = nil) {
        let area = PixelRect(x0: Int(outer.minX.rounded(.down)), y0: Int(outer.minY.rounded(.down)),
                             x1: Int(outer.maxX.rounded(.up)), y1: Int(outer.maxY.rounded(.up)))
            .intersection(visible).intersection(t.bounds)
        guard !area.isEmpty, color.a > 0, mask.count >= size * size, size > 0 else { return }
        let w = area.x1 - area.x0, h = area.y1 - area.y0
        scratch.reserve(columns: w, rows: h)
        let c = Double(corner) * k
        let cx = min(c, outer.width / 2), cy = min(c, outer.height / 2)
        let sc = Double(corner)
        /// Slice index for a pixel centre `p` along an axis from `lo` to `hi` (-1: outside).
        func sliceIndex(_ p: Double, lo: Double, hi: Double, cut: Double) -> Int32 {
            guard p >= lo, p < hi else { return -1 }
            let s: Double
            if p < lo + cut { s = (p - lo) * sc / max(cut, 1e-9) }
            else if p < hi - cut { s = sc + 0.5 }
            else { s = sc + 1 + (p - (hi - cut)) * sc / max(cut, 1e-9) }
            return Int32(max(0, min(size - 1, Int(s))))
        }
        for x in 0..<w { scratch.index[x] = sliceIndex(Double(area.x0 + x) + 0.5, lo: outer.minX, hi: outer.maxX, cut: cx) }
        for y in 0..<h { scratch.rowIndex[y] = sliceIndex(Double(area.y0 + y) + 0.5, lo: outer.minY, hi: outer.maxY, cut: cy) }
        let strength = UInt32(color.a)
        // The mask's values as weights for this colour: a table, not a division a pixel.
        for v in 0..<256 {
            let a = widen(UInt32(v) * strength / 255)
            scratch.weights[v] = a | a << 16
        }
        // The columns of the straight middle all read the slice's middle column (`corner`):
        // one value a row, filled at once.
        var midFrom = w, midTo = w
        if let f = (0..<w).first(where: { scratch.index[$0] == Int32(corner) }) {
            midFrom = f; midTo = f
            while midTo < w, scratch.index[midTo] == Int32(corner) { midTo += 1 }
        }
        // The colour as the even (B, R) and odd (G, A) channels of four pixels; alpha's lane is
        // never mixed (its weight is masked to 0), so the target's alpha stays.
        let (cb, cg, cr) = (UInt16(color.b), UInt16(color.g), UInt16(color.r))
        let even = SIMD8<UInt16>(cb, cr, cb, cr, cb, cr, cb, cr)
        let odd = SIMD8<UInt16>(cg, 0, cg, 0, cg, 0, cg, 0)
        // Bands of rows on every core, each with its own row of weights.
        let bands = forced ?? ParallelRows.bands(rows: h, columns: w)
        let stride = w + 4
        if scratch.alpha.count < stride * bands { scratch.alpha = [UInt32](repeating: 0, count: stride * bands) }
        mask.withUnsafeBufferPointer { m in
            scratch.weights.withUnsafeBufferPointer { weightOf in
            scratch.index.withUnsafeBufferPointer { cols in
                scratch.rowIndex.withUnsafeBufferPointer { rowIndex in
                scratch.alpha.withUnsafeMutableBufferPointer { alphaAll in
                    guard let alphaStart = alphaAll.baseAddress else { return }
                    ParallelRows.run(0..<h, bands: bands, ShadowBands(
                        alphaAll: alphaStart, stride: stride, rowIndex: rowIndex, cols: cols, weightOf: weightOf, m: m, size: size, corner: corner,
                        midFrom: midFrom, midTo: midTo, w: w, area: area, hole: hole, even: even, odd: odd, t: t))
                }
                }
            }
            }
        }
    }

    /// `shadow`'s work, one band of rows at a time (each band with its own row of weights).
    private struct ShadowBands: RowBandWork {
        let alphaAll: UnsafeMutablePointer<UInt32>
        let stride: Int
        let rowIndex: UnsafeBufferPointer<Int32>, cols: UnsafeBufferPointer<Int32>
        let weightOf: UnsafeBufferPointer<UInt32>, m: UnsafeBufferPointer<UInt8>
        let size: Int, corner: Int
        let midFrom: Int, midTo: Int, w: Int
        let area: PixelRect, hole: PixelRect
        let even: SIMD8<UInt16>, odd: SIMD8<UInt16>
        let t: PixelTarget

        func run(band: Int, rows: Range<Int>) {
            let alpha = UnsafeMutableBufferPointer(start: alphaAll + band * stride, count: stride)
            var lastRow: Int32 = -2
            for y in rows {
                let ri = rowIndex[y]
                guard ri >= 0 else { continue }
                if ri != lastRow {
                    // The row's weights, each twice (two 16-bit lanes a pixel).
                    let base = Int(ri) * size
                    for x in 0..<midFrom {
                        let ci = cols[x]
                        alpha[x] = ci < 0 ? 0 : weightOf[Int(m[base + Int(ci)])]
                    }
                    if midTo > midFrom {
                        let a = weightOf[Int(m[base + corner])]
                        for x in midFrom..<midTo { alpha[x] = a }
                    }
                    for x in midTo..<w {
                        let ci = cols[x]
                        alpha[x] = ci < 0 ? 0 : weightOf[Int(m[base + Int(ci)])]
                    }
                    lastRow = ri
                }
                let py = area.y0 + y
                let row = t.row(py)
                // Two spans around the hole on rows it crosses.
                if py >= hole.y0, py < hole.y1, hole.x1 > hole.x0 {
                    CanvasKernels.blend(row, from: area.x0, to: min(area.x1, hole.x0), alphaOffset: area.x0, alpha: alpha, even: even, odd: odd)
                    CanvasKernels.blend(row, from: max(area.x0, hole.x1), to: area.x1, alphaOffset: area.x0, alpha: alpha, even: even, odd: odd)
                } else {
                    CanvasKernels.blend(row, from: area.x0, to: area.x1, alphaOffset: area.x0, alpha: alpha, even: even, odd: odd)
                }
            }
        }
    }
}
