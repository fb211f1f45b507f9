// CanvasPolylineKernel: an anti-aliased open polyline onto the canvas (see CanvasKernels.swift).
import FlingCore

extension CanvasKernels {
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
}
