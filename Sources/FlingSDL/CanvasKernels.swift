// CanvasKernels: the pixel loops of the CPU canvas (CPUCanvas). Each writes ARGB8888 pixels
// in place, inside a visible rectangle, with 8-bit fixed-point weights (0…256, or SDL's own
// 0…255 where its pixels must be matched) so the inner loops stay in integers (16-bit lanes
// where they vectorise; SSE2 is enough).
// They are the compositing SDL's software renderer does slowest for a pulled card: a large
// colour- and alpha-modulated soft shadow (generic blitter through temporary surfaces) and a
// bilinear scaled copy; here the shadow costs a blend over its ring only and the scaled copy
// lands in the frame without a second pass. Polylines too: SDL draws each blended triangle of
// their mesh through a temporary surface (their coverage is computed in floating point; only
// the blend is in integers). And text: faded (SDL's alpha-modulated copy) and opaque (SDL's
// per-pixel-alpha blit, one pixel at a time through branches).
import FlingCore

/// Whole device pixels x0..<x1, y0..<y1.
struct PixelRect: Equatable {
    var x0: Int, y0: Int, x1: Int, y1: Int
    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    func intersection(_ o: PixelRect) -> PixelRect {
        PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    }
    /// The whole pixels inside a device-pixel rect (its edges rounded inwards).
    init(inside r: Rect) {
        x0 = Int(r.minX.rounded(.up)); y0 = Int(r.minY.rounded(.up))
        x1 = Int(r.maxX.rounded(.down)); y1 = Int(r.maxY.rounded(.down))
    }
    init(x0: Int, y0: Int, x1: Int, y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }
    var area: Int { isEmpty ? 0 : (x1 - x0) * (y1 - y0) }
    func intersects(_ o: PixelRect) -> Bool { !intersection(o).isEmpty }
    /// The smallest rectangle holding both.
    func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return PixelRect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }

    /// Calls `body` with the non-empty parts of this rectangle above, below, left and right of
    /// `hole` (which lies inside it): everything but the hole, in four pieces at most.
    func forEachPart(around hole: PixelRect, _ body: (PixelRect) -> Void) {
        func part(_ p: PixelRect) { if !p.isEmpty { body(p) } }
        part(PixelRect(x0: x0, y0: y0, x1: x1, y1: hole.y0))
        part(PixelRect(x0: x0, y0: hole.y1, x1: x1, y1: y1))
        part(PixelRect(x0: x0, y0: hole.y0, x1: hole.x0, y1: hole.y1))
        part(PixelRect(x0: hole.x1, y0: hole.y0, x1: x1, y1: hole.y1))
    }
}

/// ARGB8888 pixels the CPU writes: `height` rows of `width` pixels, `pitch` bytes apart.
struct PixelTarget {
    var base: UnsafeMutableRawPointer
    var width: Int
    var height: Int
    var pitch: Int
    var bounds: PixelRect { PixelRect(x0: 0, y0: 0, x1: width, y1: height) }
    func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { (base + y * pitch).assumingMemoryBound(to: UInt32.self) }
}

/// Buffers the kernels reuse from frame to frame (a steady pull allocates nothing).
struct CanvasScratch {
    var index: [Int32] = []
    /// Per column, a weight 0…256 twice (two 16-bit lanes: see resampleRow).
    var weight: [UInt16] = []
    var rowIndex: [Int32] = []
    var row: [UInt32] = []
    /// Per column, a shadow's alpha 0…256 in the low 16 bits and again in the high 16.
    var alpha: [UInt32] = []
    /// Coverage values 0…255 (a shadow's mask, text's glyphs) as such alphas, for a colour.
    var weights: [UInt32] = [UInt32](repeating: 0, count: 256)

    mutating func reserve(columns: Int, rows: Int) {
        if index.count < columns + 4 { index = [Int32](repeating: 0, count: columns + 4) }
        if weight.count < 2 * columns + 8 { weight = [UInt16](repeating: 0, count: 2 * columns + 8) }
        if row.count < columns + 2 { row = [UInt32](repeating: 0, count: columns + 2) }
        if alpha.count < columns + 4 { alpha = [UInt32](repeating: 0, count: columns + 4) }
        if rowIndex.count < rows { rowIndex = [Int32](repeating: 0, count: rows) }
    }
}

enum CanvasKernels {
    /// A weight 0…255 as 0…256 (so that 255 keeps the source exactly).
    @inline(__always) static func widen(_ a: UInt32) -> UInt32 { a + (a >> 7) }

    /// Lerps two ARGB8888 pixels per channel by `w` / 256 (w in 0…256), two channels at a time.
    @inline(__always) static func lerp(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        let iw = 256 - w
        let rb = (((a & 0x00FF_00FF) &* iw &+ (b & 0x00FF_00FF) &* w) >> 8) & 0x00FF_00FF
        let ag = (((a >> 8) & 0x00FF_00FF) &* iw &+ ((b >> 8) & 0x00FF_00FF) &* w) & 0xFF00_FF00
        return rb | ag
    }

    // MARK: Soft shadow

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

    // MARK: Text

    /// A run of text from its coverage `mask` (`width × height` bytes, 0…255) with its top-left
    /// at (x0, y0): each pixel blended toward `color` by coverage × `strength` / 255 (the text
    /// colour's alpha times its group's opacity), as SDL blends the run's texture with an alpha
    /// modulation. One row at a time, on this core (a line of text is small).
    static func text(mask: UnsafeBufferPointer<UInt8>, width w: Int, height h: Int, x0: Int, y0: Int,
                     color: (r: UInt8, g: UInt8, b: UInt8), strength: UInt8, visible: PixelRect,
                     into t: PixelTarget, scratch: inout CanvasScratch) {
        let area = PixelRect(x0: x0, y0: y0, x1: x0 + w, y1: y0 + h).intersection(visible).intersection(t.bounds)
        guard !area.isEmpty, strength > 0, mask.count >= w * h, let m = mask.baseAddress else { return }
        let s = UInt32(strength)
        for v in 0..<256 {
            let a = widen((UInt32(v) * s + 127) / 255)
            scratch.weights[v] = a | a << 16
        }
        let span = area.x1 - area.x0
        scratch.reserve(columns: span, rows: 0)
        let (cb, cg, cr) = (UInt16(color.b), UInt16(color.g), UInt16(color.r))
        let even = SIMD8<UInt16>(cb, cr, cb, cr, cb, cr, cb, cr)
        let odd = SIMD8<UInt16>(cg, 0, cg, 0, cg, 0, cg, 0)
        scratch.weights.withUnsafeBufferPointer { weightOf in
            scratch.alpha.withUnsafeMutableBufferPointer { alpha in
                for py in area.y0..<area.y1 {
                    let source = m + (py - y0) * w + (area.x0 - x0)
                    var any: UInt8 = 0
                    for x in 0..<span {
                        let c = source[x]
                        any |= c
                        alpha[x] = weightOf[Int(c)]
                    }
                    guard any != 0 else { continue }
                    blend(t.row(py), from: area.x0, to: area.x1, alphaOffset: area.x0, alpha: alpha, even: even, odd: odd)
                }
            }
        }
    }

    /// A run of text in an opaque colour from its coverage `mask` (`width × height` bytes) with
    /// its top-left at (x0, y0), blended exactly as SDL 2's software renderer blends the run's
    /// texture (ARGB8888 onto 32-bit RGB, `BlitRGBtoRGBPixelAlphaMMX`): coverage 0 leaves the
    /// pixel, 255 writes the colour with alpha 255, and between them each channel becomes
    /// `(c·a >> 8) + (d·(255 − a) >> 8)` (the alpha channel's `c` is `a`, its weight 255). The
    /// same pixels as SDL's blit, four at a time instead of one through three branches. Used
    /// only where the SDL in use blends so (`OpaqueTextCheck`).
    static func opaqueText(mask: UnsafeBufferPointer<UInt8>, width w: Int, height h: Int, x0: Int, y0: Int,
                           color: (r: UInt8, g: UInt8, b: UInt8), visible: PixelRect, into t: PixelTarget) {
        let area = PixelRect(x0: x0, y0: y0, x1: x0 + w, y1: y0 + h).intersection(visible).intersection(t.bounds)
        guard !area.isEmpty, mask.count >= w * h, let m = mask.baseAddress else { return }
        let (cb, cg, cr) = (UInt16(color.b), UInt16(color.g), UInt16(color.r))
        let even = SIMD8<UInt16>(cb, cr, cb, cr, cb, cr, cb, cr)
        let green = SIMD8<UInt16>(cg, 0, cg, 0, cg, 0, cg, 0)
        let greenLanes = SIMD8<UInt16>(0xFFFF, 0, 0xFFFF, 0, 0xFFFF, 0, 0xFFFF, 0)
        let alphaWeight = SIMD8<UInt16>(0, 255, 0, 255, 0, 255, 0, 255)
        let low = SIMD8<UInt16>(repeating: 0x00FF), full = SIMD8<UInt16>(repeating: 255)
        let solid = UInt32(0xFF00_0000) | UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
        let solid4 = unsafeBitCast(SIMD4<UInt32>(repeating: solid), to: SIMD8<UInt16>.self)
        let span = area.x1 - area.x0
        for py in area.y0..<area.y1 {
            let source = m + (py - y0) * w + (area.x0 - x0)
            let row = t.row(py) + area.x0
            let raw = UnsafeMutableRawPointer(row)
            var x = 0
            while x + 4 <= span {
                // Most groups of a line hold no ink (between glyphs, above and below them).
                let word = UInt32(littleEndian: UnsafeRawPointer(source + x).loadUnaligned(as: UInt32.self))
                if word != 0 {
                    let c = SIMD4<UInt32>(word & 0xFF, (word >> 8) & 0xFF, (word >> 16) & 0xFF, word >> 24)
                    // Each pixel's coverage in both of its 16-bit lanes.
                    let a = unsafeBitCast(c | c &<< 16, to: SIMD8<UInt16>.self)
                    let d = raw.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<UInt16>.self)
                    let ia = full &- a
                    let e = ((even &* a) &>> 8) &+ (((d & low) &* ia) &>> 8)
                    // Green by the coverage; alpha (the coverage itself) by 255.
                    let o = (((green | (a & ~greenLanes)) &* ((a & greenLanes) | alphaWeight)) &>> 8) &+ (((d &>> 8) &* ia) &>> 8)
                    var v = e | o &<< 8
                    v.replace(with: solid4, where: a .== full)
                    v.replace(with: d, where: a .== SIMD8<UInt16>(repeating: 0))
                    raw.storeBytes(of: v, toByteOffset: x * 4, as: SIMD8<UInt16>.self)
                }
                x += 4
            }
            while x < span {
                row[x] = mmxPixelAlphaBlend(row[x], coverage: source[x], solid: solid)
                x += 1
            }
        }
    }

    /// One pixel of `opaqueText`: SDL's MMX per-pixel-alpha blend of the colour `solid` (alpha
    /// 255) at `coverage` over `d`.
    @inline(__always) static func mmxPixelAlphaBlend(_ d: UInt32, coverage a8: UInt8, solid: UInt32) -> UInt32 {
        if a8 == 0 { return d }
        if a8 == 255 { return solid }
        let a = UInt32(a8), ia = 255 - a
        func channel(_ shift: UInt32, _ c: UInt32, _ weight: UInt32) -> UInt32 {
            (((c * weight) >> 8) + ((((d >> shift) & 0xFF) * ia) >> 8)) << shift
        }
        return channel(0, solid & 0xFF, a) | channel(8, (solid >> 8) & 0xFF, a) | channel(16, (solid >> 16) & 0xFF, a) | channel(24, a, 255)
    }

    /// An open polyline through `points` (device px), `width` px wide, in `color` at `alpha`.
    /// A segment covers a pixel's centre fully within `width / 2 − ½` of it, fading to nothing
    /// at `width / 2 + ½` (the fringe Tessellator gives a mesh's sides); the line's two ends
    /// fade over the half pixel around them, and at a joint each segment runs on half the width,
    /// cut square. Each pixel takes its greatest coverage from any segment, so a joint is inked
    /// once. Row by row, only the pixels each segment can reach are visited (the coverage is
    /// floating point: a line touches few pixels).
    static func polyline(_ points: UnsafeBufferPointer<Point>, width: Double, color: (r: UInt8, g: UInt8, b: UInt8), alpha: UInt8,
                         visible: PixelRect, into t: PixelTarget, scratch: inout CanvasScratch) {
        guard points.count >= 2, width.isFinite, width > 0, alpha > 0,
              points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
        let half = width / 2, reach = half + 0.5
        var box = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)
        for p in points { box = (min(box.x0, p.x), min(box.y0, p.y), max(box.x1, p.x), max(box.y1, p.y)) }
        let clamp = { (v: Double) in Int(max(-1e9, min(1e9, v))) }
        let pad = width + 2
        let area = PixelRect(x0: clamp((box.x0 - pad).rounded(.down)), y0: clamp((box.y0 - pad).rounded(.down)),
                             x1: clamp((box.x1 + pad).rounded(.up)), y1: clamp((box.y1 + pad).rounded(.up)))
            .intersection(visible).intersection(t.bounds)
        guard !area.isEmpty else { return }
        scratch.reserve(columns: area.x1 - area.x0, rows: 0)
        let (cb, cg, cr) = (UInt16(color.b), UInt16(color.g), UInt16(color.r))
        let even = SIMD8<UInt16>(cb, cr, cb, cr, cb, cr, cb, cr)
        let odd = SIMD8<UInt16>(cg, 0, cg, 0, cg, 0, cg, 0)
        let strength = Double(alpha), last = points.count - 2
        scratch.alpha.withUnsafeMutableBufferPointer { weights in
            for py in area.y0..<area.y1 {
                let y = Double(py) + 0.5
                // The columns of this row given weights so far (the rest of the buffer is stale).
                var lo = Int.max, hi = Int.min
                for k in 0...last {
                    let a = points[k], b = points[k + 1]
                    guard y >= min(a.y, b.y) - pad, y <= max(a.y, b.y) + pad else { continue }
                    let d = b - a, length = d.length
                    guard length > 1e-9 else { continue }
                    let ux = d.x / length, uy = d.y / length
                    let before = k == 0 ? 0.5 : half, after = k == last ? 0.5 : half
                    let cy = y - a.y
                    // The centres (x relative to a) within reach across and along: two intervals.
                    var from = -Double.infinity, to = Double.infinity
                    let s = cy * ux, q = cy * uy
                    if abs(uy) > 1e-12 {
                        let u = (s - reach) / uy, v = (s + reach) / uy
                        from = max(from, min(u, v)); to = min(to, max(u, v))
                    } else if abs(s) > reach { continue }
                    if abs(ux) > 1e-12 {
                        let u = (-before - q) / ux, v = (length + after - q) / ux
                        from = max(from, min(u, v)); to = min(to, max(u, v))
                    } else if q < -before || q > length + after { continue }
                    let x0 = max(area.x0, clamp((a.x + from - 0.5).rounded(.up)) - 1)
                    let x1 = min(area.x1, clamp((a.x + to - 0.5).rounded(.down)) + 2)
                    guard x0 < x1 else { continue }
                    // Weights for columns new to this row start at 0 (a gap between ranges too).
                    if lo > hi {
                        for x in x0..<x1 { weights[x - area.x0] = 0 }
                        lo = x0; hi = x1
                    } else {
                        if x0 < lo { for x in x0..<lo { weights[x - area.x0] = 0 }; lo = x0 }
                        if x1 > hi { for x in hi..<x1 { weights[x - area.x0] = 0 }; hi = x1 }
                    }
                    for x in x0..<x1 {
                        let cx = Double(x) + 0.5 - a.x
                        let along = cx * ux + cy * uy, across = abs(cy * ux - cx * uy)
                        let side = max(0, min(1, reach - across))
                        let start = k == 0 ? max(0, min(1, along + 0.5)) : (along >= -half ? 1.0 : 0)
                        let end = k == last ? max(0, min(1, length - along + 0.5)) : (along <= length + half ? 1.0 : 0)
                        let w = widen(UInt32((side * min(start, end) * strength).rounded()))
                        weights[x - area.x0] = max(weights[x - area.x0], w | w << 16)
                    }
                }
                if lo < hi { blend(t.row(py), from: lo, to: hi, alphaOffset: area.x0, alpha: weights, even: even, odd: odd) }
            }
        }
    }

    /// row[x] = row[x]·(256 − a) + colour·a for x in from..<to, a from `alpha` (indexed from
    /// `alphaOffset`); four pixels at a time as eight 16-bit lanes, the even channels (B, R)
    /// and the odd ones (G, A) apart, so nothing widens or narrows (plain SSE2).
    @inline(__always)
    private static func blend(_ row: UnsafeMutablePointer<UInt32>, from: Int, to: Int, alphaOffset: Int,
                              alpha: UnsafeMutableBufferPointer<UInt32>, even: SIMD8<UInt16>, odd: SIMD8<UInt16>) {
        guard let ab = alpha.baseAddress, to > from else { return }
        let raw = UnsafeMutableRawPointer(row)
        let araw = UnsafeRawPointer(ab)
        let low = SIMD8<UInt16>(repeating: 0x00FF), high = SIMD8<UInt16>(repeating: 0xFF00)
        let full = SIMD8<UInt16>(repeating: 256)
        let greenOnly = SIMD8<UInt16>(0xFFFF, 0, 0xFFFF, 0, 0xFFFF, 0, 0xFFFF, 0)
        var x = from
        while x + 4 <= to {
            let a = araw.loadUnaligned(fromByteOffset: (x - alphaOffset) * 4, as: SIMD8<UInt16>.self)
            if a != SIMD8<UInt16>(repeating: 0) {
                let d = raw.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<UInt16>.self)
                let ao = a & greenOnly
                let e = ((d & low) &* (full &- a) &+ even &* a) &>> 8
                let o = ((d &>> 8) &* (full &- ao) &+ odd &* ao) & high
                raw.storeBytes(of: e | o, toByteOffset: x * 4, as: SIMD8<UInt16>.self)
            }
            x += 4
        }
        while x < to {
            let a = ab[x - alphaOffset] & 0xFFFF
            if a > 0 {
                let col = UInt32(even[1]) << 16 | UInt32(odd[0]) << 8 | UInt32(even[0])
                let d = row[x]
                row[x] = (d & 0xFF00_0000) | (lerp(d, col, a) & 0x00FF_FFFF)
            }
            x += 1
        }
    }

    // MARK: Scaled copy

    /// Copies opaque `source` (`sw × sh` ARGB8888, tightly packed) scaled bilinearly onto `dest`, its corners rounded by `radii` (px) with the coverage of
    /// `quarter(radius)` (the top-left quarter disc, `radius²` values 0…255) over what is
    /// already there. `crop` (source px, all of it when nil) is the part that fills `dest`;
    /// `swapRedBlue` reads RGBA bytes (a photo's) instead. Only pixels inside `visible` are
    /// written.
    static func scaledCopy(source: UnsafeBufferPointer<UInt32>, width sw: Int, height sh: Int, crop: Rect? = nil,
                           swapRedBlue: Bool = false, dest: PixelRect,
                           radii r: (tl: Int, tr: Int, br: Int, bl: Int), quarter: (Int) -> [UInt8],
                           visible: PixelRect, into t: PixelTarget, scratch: inout CanvasScratch, bands forced: Int? = nil) {
        let area = dest.intersection(visible).intersection(t.bounds)
        let pitch = sw
        guard !area.isEmpty, sw > 0, sh > 0, source.count >= sw * sh, let src = source.baseAddress else { return }
        let crop = crop ?? Rect(x: 0, y: 0, width: Double(sw), height: Double(sh))
        guard crop.width > 0, crop.height > 0, crop.minX.isFinite, crop.minY.isFinite else { return }
        let dw = dest.x1 - dest.x0, dh = dest.y1 - dest.y0
        let w = area.x1 - area.x0
        let bands = forced ?? ParallelRows.bands(rows: area.y1 - area.y0, columns: w)
        // One mixed-row buffer per band.
        let stride = max(w, sw) + 2
        scratch.reserve(columns: max(w, sw), rows: 0)
        if scratch.row.count < stride * bands { scratch.row = [UInt32](repeating: 0, count: stride * bands) }
        let sx = crop.width / Double(dw), sy = crop.height / Double(dh)
        // Per column: the left source pixel and the right one's weight (0…255).
        var lo = Int.max, hi = 0
        for x in 0..<w {
            let u = min(Double(sw - 1), max(0, crop.minX + (Double(area.x0 + x - dest.x0) + 0.5) * sx - 0.5))
            let i = min(Int(u), max(0, sw - 2))
            scratch.index[x] = Int32(i)
            let wx = sw > 1 ? UInt16(min(256, max(0, ((u - Double(i)) * 256).rounded()))) : 0
            scratch.weight[2 * x] = wx; scratch.weight[2 * x + 1] = wx
            lo = min(lo, i); hi = max(hi, min(i + 1, sw - 1))
        }
        let tl = r.tl > 0 ? quarter(r.tl) : [], tr = r.tr > 0 ? quarter(r.tr) : []
        let br = r.br > 0 ? quarter(r.br) : [], bl = r.bl > 0 ? quarter(r.bl) : []
        scratch.index.withUnsafeBufferPointer { cols in
            scratch.weight.withUnsafeBufferPointer { weights in
                scratch.row.withUnsafeMutableBufferPointer { mixed in
                    guard let mixedAll = mixed.baseAddress else { return }
                    ParallelRows.run(area.y0..<area.y1, bands: bands, ScaledCopyBands(
                        mixedAll: mixedAll, stride: stride, src: src, pitch: pitch, sw: sw, sh: sh, crop: crop, sy: sy, lo: lo, hi: hi,
                        dest: dest, area: area, r: r, tl: tl, tr: tr, br: br, bl: bl, cols: cols, weights: weights, swapRedBlue: swapRedBlue, t: t))
                }
            }
        }
    }

    /// `scaledCopy`'s work, one band of rows at a time (each band with its own mixed row).
    private struct ScaledCopyBands: RowBandWork {
        let mixedAll: UnsafeMutablePointer<UInt32>
        let stride: Int
        let src: UnsafePointer<UInt32>
        let pitch: Int, sw: Int, sh: Int
        let crop: Rect, sy: Double
        let lo: Int, hi: Int
        let dest: PixelRect, area: PixelRect
        let r: (tl: Int, tr: Int, br: Int, bl: Int)
        let tl: [UInt8], tr: [UInt8], br: [UInt8], bl: [UInt8]
        let cols: UnsafeBufferPointer<Int32>, weights: UnsafeBufferPointer<UInt16>
        let swapRedBlue: Bool
        let t: PixelTarget

        func run(band: Int, rows: Range<Int>) {
            let mixedBase = mixedAll + band * stride
            for py in rows {
                let v = min(Double(sh - 1), max(0, crop.minY + (Double(py - dest.y0) + 0.5) * sy - 0.5))
                let j = min(Int(v), max(0, sh - 2))
                let wy = sh > 1 ? UInt16(min(256, max(0, ((v - Double(j)) * 256).rounded()))) : 0
                // The two source rows mixed vertically over the columns used (16-bit lanes).
                let r0 = src + j * pitch
                var line: UnsafePointer<UInt32>
                if wy == 0 {
                    line = r0
                } else {
                    let r1 = src + min(j + 1, sh - 1) * pitch
                    mixRows(r0, r1, weight: wy, from: lo, to: hi + 1, into: mixedBase)
                    line = UnsafePointer(mixedBase)
                }
                if sw == 1 {
                    // One column: its "right neighbour" (weight 0) is itself, never the
                    // pixel after the row.
                    let p = line[0]
                    mixedBase[0] = p; mixedBase[1] = p
                    line = UnsafePointer(mixedBase)
                }
                let out = t.row(py)
                // Rounded corners on this row: the columns they take at each side.
                let top = py - dest.y0, bottom = dest.y1 - 1 - py
                var left: (size: Int, cover: [UInt8], qy: Int)? = nil
                var right: (size: Int, cover: [UInt8], qy: Int)? = nil
                if top < r.tl { left = (r.tl, tl, top) } else if bottom < r.bl { left = (r.bl, bl, bottom) }
                if top < r.tr { right = (r.tr, tr, top) } else if bottom < r.br { right = (r.br, br, bottom) }
                let plainFrom = max(area.x0, dest.x0 + (left?.size ?? 0))
                let plainTo = min(area.x1, dest.x1 - (right?.size ?? 0))
                if plainTo > plainFrom, let cb = cols.baseAddress, let wb = weights.baseAddress {
                    resampleRow(line, index: cb + (plainFrom - area.x0), weight2: wb + 2 * (plainFrom - area.x0),
                                count: plainTo - plainFrom, swapRedBlue: swapRedBlue, into: out + plainFrom)
                }
                if let l = left, max(area.x0, dest.x0) < min(area.x1, dest.x0 + l.size) {
                    // (A corner wholly outside the visible columns has no pixels here.)
                    for px in max(area.x0, dest.x0)..<min(area.x1, dest.x0 + l.size) {
                        let x = px - area.x0, i = Int(cols[x])
                        let cov = widen(UInt32(l.cover[l.qy * l.size + (px - dest.x0)]))
                        let p = lerp(line[i], line[i + 1], UInt32(weights[2 * x])) | 0xFF00_0000
                        out[px] = lerp(out[px], swapRedBlue ? swapped(p) : p, cov)
                    }
                }
                if let rt = right, max(area.x0, dest.x1 - rt.size) < min(area.x1, dest.x1) {
                    for px in max(area.x0, dest.x1 - rt.size)..<min(area.x1, dest.x1) {
                        let x = px - area.x0, i = Int(cols[x])
                        let cov = widen(UInt32(rt.cover[rt.qy * rt.size + (dest.x1 - 1 - px)]))
                        let p = lerp(line[i], line[i + 1], UInt32(weights[2 * x])) | 0xFF00_0000
                        out[px] = lerp(out[px], swapRedBlue ? swapped(p) : p, cov)
                    }
                }
            }
        }
    }

    /// out[x] = line[index[x]] and the pixel after it mixed by weight[x] / 256, opaque. Four
    /// pixels at a time: their left and right neighbours gathered into two vectors and mixed
    /// as eight 16-bit lanes (even and odd channels apart); `weight2` holds each weight twice.
    @inline(__always)
    static func resampleRow(_ line: UnsafePointer<UInt32>, index: UnsafePointer<Int32>, weight2: UnsafePointer<UInt16>, count: Int,
                            swapRedBlue: Bool = false, into out: UnsafeMutablePointer<UInt32>) {
        let low = SIMD8<UInt16>(repeating: 0x00FF), high = SIMD8<UInt16>(repeating: 0xFF00)
        let full = SIMD8<UInt16>(repeating: 256)
        let opaque = SIMD4<UInt32>(repeating: 0xFF00_0000)
        let wraw = UnsafeRawPointer(weight2)
        let oraw = UnsafeMutableRawPointer(out)
        let lraw = UnsafeRawPointer(line)
        var x = 0
        while x &+ 4 <= count {
            let i0 = Int(index[x]), i1 = Int(index[x &+ 1]), i2 = Int(index[x &+ 2]), i3 = Int(index[x &+ 3])
            let l: SIMD4<UInt32>, r: SIMD4<UInt32>
            if i1 == i0 &+ 1, i2 == i0 &+ 2, i3 == i0 &+ 3 {
                // Four neighbours in a row (most of a scale near 1): two plain loads, no gather.
                l = lraw.loadUnaligned(fromByteOffset: i0 &* 4, as: SIMD4<UInt32>.self)
                r = lraw.loadUnaligned(fromByteOffset: (i0 &+ 1) &* 4, as: SIMD4<UInt32>.self)
            } else {
                l = SIMD4<UInt32>(line[i0], line[i1], line[i2], line[i3])
                r = SIMD4<UInt32>(line[i0 + 1], line[i1 + 1], line[i2 + 1], line[i3 + 1])
            }
            let p = unsafeBitCast(l, to: SIMD8<UInt16>.self), q = unsafeBitCast(r, to: SIMD8<UInt16>.self)
            let w = wraw.loadUnaligned(fromByteOffset: x &* 4, as: SIMD8<UInt16>.self)
            let iw = full &- w
            let even = ((p & low) &* iw &+ (q & low) &* w) &>> 8
            let odd = ((p &>> 8) &* iw &+ (q &>> 8) &* w) & high
            var v = unsafeBitCast(even | odd, to: SIMD4<UInt32>.self) | opaque
            if swapRedBlue { v = (v & 0xFF00_FF00) | (v & 0xFF) &<< 16 | (v &>> 16) & 0xFF }
            oraw.storeBytes(of: v, toByteOffset: x &* 4, as: SIMD4<UInt32>.self)
            x &+= 4
        }
        while x < count {
            let i = Int(index[x])
            let p = lerp(line[i], line[i + 1], UInt32(weight2[2 * x])) | 0xFF00_0000
            out[x] = swapRedBlue ? swapped(p) : p
            x += 1
        }
    }

    /// An RGBA-byte pixel (R lowest) as ARGB8888 (B lowest): red and blue swapped.
    @inline(__always) static func swapped(_ p: UInt32) -> UInt32 { (p & 0xFF00_FF00) | (p & 0xFF) << 16 | (p >> 16) & 0xFF }

    /// into[x] = r0[x]·(256 − w) + r1[x]·w per channel, for x in from..<to: four pixels at a
    /// time as eight 16-bit lanes (even and odd channels apart).
    @inline(__always)
    private static func mixRows(_ r0: UnsafePointer<UInt32>, _ r1: UnsafePointer<UInt32>, weight w: UInt16, from: Int, to: Int,
                                into out: UnsafeMutablePointer<UInt32>) {
        let a = UnsafeRawPointer(r0), b = UnsafeRawPointer(r1), o = UnsafeMutableRawPointer(out)
        let wv = SIMD8<UInt16>(repeating: w), iv = SIMD8<UInt16>(repeating: 256 - w)
        let low = SIMD8<UInt16>(repeating: 0x00FF), high = SIMD8<UInt16>(repeating: 0xFF00)
        var x = from
        while x + 4 <= to {
            let p = a.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<UInt16>.self)
            let q = b.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<UInt16>.self)
            let even = ((p & low) &* iv &+ (q & low) &* wv) &>> 8
            let odd = ((p &>> 8) &* iv &+ (q &>> 8) &* wv) & high
            o.storeBytes(of: even | odd, toByteOffset: x * 4, as: SIMD8<UInt16>.self)
            x += 4
        }
        while x < to {
            out[x] = lerp(r0[x], r1[x], UInt32(w))
            x += 1
        }
    }
}
