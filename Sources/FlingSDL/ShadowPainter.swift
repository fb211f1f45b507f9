// ShadowPainter: how soft shadows are drawn, in one place: where a shadow lies and which blur
// slice it takes (ShadowCache, below: a small rounded square's coverage blurred once per corner
// radius and blur, kept as a nine-slice texture and mask), then either stretched onto the CPU
// canvas (CanvasKernels.shadow in CanvasShadowKernel.swift, whose only caller is this painter) or
// copied in nine parts through SDL. Both skip what lies under the opaque shape casting it.
import CSDL2
import FlingCore

@MainActor
final class ShadowPainter {
    private let frame: FrameContext
    private let canvas: CanvasTarget
    private let cache: ShadowCache

    init(frame: FrameContext, canvas: CanvasTarget) {
        self.frame = frame
        self.canvas = canvas
        cache = ShadowCache(renderer: frame.sdl)
    }

    /// Where the shadow of `r` (pt, moved by `offset`) lies in device px, the transform's scale
    /// `k` its slice is stretched by, and the slice's corner radius (device px).
    /// The slice is made at the renderer's scale and stretched by the transform's: a shadow
    /// that scales with an animation (a card pulled down) reuses one blur instead of blurring
    /// anew every frame. Radii are keyed to 4 px steps for the same reason.
    private func place(_ r: Rect, radii: CornerRadii, offset: Point) -> (d: Rect, k: Double, radiusPx: Double) {
        let d = frame.px(r.offsetBy(dx: offset.x, dy: offset.y))
        let k = max(0.01, frame.transform.scale)
        let radiusPx = (min(radii.maximum * frame.scale, min(d.width, d.height) / 2 / k) / 4).rounded() * 4
        return (d, k, radiusPx)
    }

    /// The slice's shape starts `pad` px inside its texture: the rectangle it is stretched onto
    /// is the shape's grown by the same (scaled by `k`).
    private static func outer(_ d: Rect, _ s: ShadowCache.Slice, _ k: Double) -> Rect {
        let pad = Double(s.pad) * k
        return Rect(x: d.minX - pad, y: d.minY - pad, width: d.width + 2 * pad, height: d.height + 2 * pad)
    }

    /// A shadow onto the canvas (CanvasKernels.shadow, CanvasShadowKernel.swift); false if the
    /// canvas is not open, no base waits for it and the frame is not a plain surface (nothing
    /// drawn: `draw` draws it through SDL).
    func drawOnCanvas(_ r: Rect, radii: CornerRadii, color: Color, radius blur: Double, offset: Point) -> Bool {
        guard canvas.isAvailable else { return false }
        // The same slice as the SDL path picks.
        let (d, k, radiusPx) = place(r, radii: radii, offset: offset)
        // Under an opaque shape (full group opacity, as the SDL path assumes) nothing shows:
        // the rectangle inside its rounded corners is skipped.
        let inset = radiusPx * k * 0.3 + 1
        let hole = frame.opacity >= 0.999 ? PixelRect(inside: d.insetBy(dx: inset, dy: inset)) : PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        canvas.fillUntinted()
        guard let s = cache.slice(radius: radiusPx, blur: blur * frame.scale), let t = canvas.canvasForNextDraw(skip: hole) ?? canvas.frameCanvas() else { return false }
        let outer = Self.outer(d, s, k)
        let (cr, cg, cb, ca) = color.rgba8
        let alpha = UInt8(max(0, min(255, (Double(ca) * frame.opacity).rounded())))
        let visible = frame.visible.intersection(t.bounds)
        frame.stats.canvasDraws += 1
        CanvasKernels.shadow(mask: s.mask, size: s.size, corner: s.corner, outer: outer, scale: k, color: (cr, cg, cb, alpha),
                             hole: hole, visible: visible, into: t, scratch: &canvas.scratch)
        frame.targetTouched = true
        return true
    }

    /// A shadow through SDL: the slice's nine parts copied stretched, colour- and
    /// alpha-modulated (or a copy of the slice in the shadow's colour, in a layer held still).
    func draw(_ r: Rect, radii: CornerRadii, color: Color, radius blur: Double, offset: Point) {
        let (d, k, radiusPx) = place(r, radii: radii, offset: offset)
        guard let s = cache.slice(radius: radiusPx, blur: blur * frame.scale) else { return }
        frame.flushSolid()
        let (cr, cg, cb, _) = color.rgba8
        let alpha = UInt8(max(0, min(255, (color.a * frame.opacity * 255).rounded())))
        // Held still (rasterised into a layer whose commands repeated), in its colour: the fast
        // blitter. Anywhere else (a shadow that may fade every frame) the white slice is
        // modulated instead of making a texture a frame.
        let texture: OpaquePointer
        if frame.rasterizing > 0, frame.rasterizingStill, let t = cache.texture(s, color: (cr, cg, cb, alpha)) {
            texture = t   // (never modulated)
        } else {
            texture = s.texture
            SDL_SetTextureColorMod(texture, cr, cg, cb)
            SDL_SetTextureAlphaMod(texture, alpha)
        }
        let outer = Self.outer(d, s, k)
        let c = Double(s.corner) * k
        // Shrink the corners when the shape is too small for them.
        let cx = min(c, outer.width / 2), cy = min(c, outer.height / 2)
        let size = Double(s.size), sc = Double(s.corner)
        let xsSrc = [0, sc, sc + 1, size], ysSrc = [0, sc, sc + 1, size]
        let xsDst = [outer.minX, outer.minX + cx, outer.maxX - cx, outer.maxX]
        let ysDst = [outer.minY, outer.minY + cy, outer.maxY - cy, outer.maxY]
        // Source rows/columns of the slice that lie outside the shape (plus one for its edge).
        let outside = Double(s.pad) + 1
        for j in 0..<3 {
            for i in 0..<3 {
                // The centre lies under the shape casting the shadow (cards are opaque): a
                // stretched blit of it would be the most expensive part of the frame for nothing.
                // For the same reason the straight edges stop at the shape's edge.
                let opaqueShape = frame.opacity >= 0.999
                if i == 1 && j == 1 && opaqueShape { continue }
                var sx = xsSrc[i], sy = ysSrc[j], sw = xsSrc[i + 1] - xsSrc[i], sh = ysSrc[j + 1] - ysSrc[j]
                var dx = xsDst[i], dy = ysDst[j], dw = xsDst[i + 1] - xsDst[i], dh = ysDst[j + 1] - ysDst[j]
                if opaqueShape && i == 1 && cy >= c {
                    let kh = dh / max(1, sh)
                    if j == 0 { sh = min(sh, outside); dh = sh * kh }
                    if j == 2 { let cut = max(0, sh - outside); sy += cut; sh -= cut; dy += cut * kh; dh = sh * kh }
                }
                if opaqueShape && j == 1 && cx >= c {
                    let kw = dw / max(1, sw)
                    if i == 0 { sw = min(sw, outside); dw = sw * kw }
                    if i == 2 { let cut = max(0, sw - outside); sx += cut; sw -= cut; dx += cut * kw; dw = sw * kw }
                }
                var src = SDL_Rect(x: Int32(sx), y: Int32(sy), w: Int32(sw), h: Int32(sh))
                var dst = SDL_FRect(x: Float(dx), y: Float(dy), w: Float(dw), h: Float(dh))
                guard dst.w > 0, dst.h > 0 else { continue }
                SDL_RenderCopyF(frame.sdl, texture, &src, &dst)
                frame.stats.drawCalls += 1
            }
        }
    }
}

/// Soft shadows as nine-slice textures. For each (corner radius, blur) in device
/// pixels, the coverage of a small rounded square is blurred once (three box blurs ≈ Gaussian)
/// and kept; a shadow of any size is then its four corners, stretched edges and centre. A slice
/// is white with the blur in alpha (colour- and alpha-modulated by the copy); for shadows drawn
/// into a layer that holds still, a copy in the shadow's colour is kept too (32 at most, least
/// recently used out), which SDL blends with its fast blitter.
@MainActor
final class ShadowCache {
    struct Slice {
        var texture: OpaquePointer
        /// Pixels from the texture's edge to where the straight sides begin.
        var corner: Int
        /// Blur padding outside the shape.
        var pad: Int
        var size: Int
        /// The blurred coverage, `size × size` (0…255): what the CPU canvas samples.
        var mask: [UInt8]
        fileprivate var key: Key
    }

    fileprivate struct Key: Hashable { var radius: Int; var blur: Int }
    private var slices = LRUCache<Key, Slice>(capacity: 64)
    /// Slices in a colour (alpha included): copied without colour or alpha modulation, SDL
    /// takes its fast blending blitter instead of its generic modulating one (three times the
    /// cost: eight card shadows were a third of rasterising the Today list).
    private struct TintKey: Hashable { var slice: Key; var color: UInt32 }
    private var tinted = LRUCache<TintKey, OpaquePointer>(capacity: 32)
    private let renderer: OpaquePointer

    init(renderer: OpaquePointer) { self.renderer = renderer }

    var count: Int { slices.count }

    /// `radius` is the corner radius and `blur` the shadow radius, both in device pixels.
    func slice(radius: Double, blur: Double) -> Slice? {
        // Blurs past 8 px are keyed to even pixels: a shadow that scales with an animation
        // (a card pulled down) reuses slices instead of blurring anew every frame.
        let b = blur < 8 ? blur.rounded() : (blur / 2).rounded() * 2
        let key = Key(radius: max(0, Int(radius.rounded())), blur: max(1, Int(b)))
        if let s = slices.value(for: key) { return s }
        // SwiftUI's shadow radius behaves as a blur of σ ≈ radius / 2.
        let sigma = Double(key.blur) / 2
        let pad = Int((sigma * 3).rounded(.up))
        // Corners reach one blur width past the curve, so the one-pixel middle row and column
        // are pure straight-edge profile and stretch exactly.
        let corner = 2 * pad + key.radius + 1
        let size = corner * 2 + 1
        let inner = Rect(x: Double(pad), y: Double(pad), width: Double(size - 2 * pad), height: Double(size - 2 * pad))
        var alpha = coverage(of: inner, radius: Double(key.radius), size: size)
        // Three box blurs approximate a Gaussian of σ (box width w with 3·w²/12 ≈ σ²·… per pass).
        let box = max(1, Int((sqrt(12 * sigma * sigma / 3 + 1)).rounded()))
        for _ in 0..<3 { alpha = boxBlur(alpha, size: size, width: box) }
        let mask = alpha.map { UInt8(max(0, min(255, ($0 * 255).rounded()))) }
        var px = [UInt8](repeating: 255, count: size * size * 4)
        for i in 0..<(size * size) { px[i * 4 + 3] = mask[i] }
        guard let tex = makeTexture(RGBAImage(width: size, height: size, pixels: px), renderer: renderer) else { return nil }
        let s = Slice(texture: tex, corner: corner, pad: pad, size: size, mask: mask, key: key)
        for evicted in slices.insert(s, for: key) { SDL_DestroyTexture(evicted.texture) }
        return s
    }

    /// The slice in `color` (its alpha times the mask), cached; nil if SDL refused.
    func texture(_ s: Slice, color: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> OpaquePointer? {
        let key = TintKey(slice: s.key, color: UInt32(color.r) << 24 | UInt32(color.g) << 16 | UInt32(color.b) << 8 | UInt32(color.a))
        if let t = tinted.value(for: key) { return t }
        var px = [UInt8](repeating: 0, count: s.size * s.size * 4)
        let a = UInt32(color.a)
        for i in 0..<(s.size * s.size) {
            px[i * 4] = color.r; px[i * 4 + 1] = color.g; px[i * 4 + 2] = color.b
            px[i * 4 + 3] = UInt8(UInt32(s.mask[i]) * a / 255)   // as SDL modulates: truncated
        }
        guard let t = makeTexture(RGBAImage(width: s.size, height: s.size, pixels: px), renderer: renderer) else { return nil }
        for evicted in tinted.insert(t, for: key) { SDL_DestroyTexture(evicted) }
        return t
    }

    /// Anti-aliased coverage 0…1 of a rounded rectangle, sampled at pixel centres.
    private func coverage(of r: Rect, radius: Double, size: Int) -> [Double] {
        var out = [Double](repeating: 0, count: size * size)
        for y in 0..<size {
            for x in 0..<size {
                // Signed distance to the rounded box (negative inside).
                let qx = abs(Double(x) + 0.5 - r.midX) - (r.width / 2 - radius)
                let qy = abs(Double(y) + 0.5 - r.midY) - (r.height / 2 - radius)
                let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
                let dist = outside + min(max(qx, qy), 0) - radius
                out[y * size + x] = max(0, min(1, 0.5 - dist))
            }
        }
        return out
    }

    /// One horizontal and one vertical box blur of `width` (odd) with running sums: the cost
    /// does not grow with the blur (a card's large shadow is made in a few ms, not tens).
    private func boxBlur(_ a: [Double], size: Int, width: Int) -> [Double] {
        let half = width / 2
        let n = Double(2 * half + 1)
        var tmp = [Double](repeating: 0, count: a.count)
        var out = [Double](repeating: 0, count: a.count)
        for y in 0..<size {
            let row = y * size
            var sum = 0.0
            for k in 0...min(half, size - 1) { sum += a[row + k] }
            for x in 0..<size {
                tmp[row + x] = sum / n
                let enter = x + half + 1, leave = x - half
                if enter < size { sum += a[row + enter] }
                if leave >= 0 { sum -= a[row + leave] }
            }
        }
        for x in 0..<size {
            var sum = 0.0
            for k in 0...min(half, size - 1) { sum += tmp[k * size + x] }
            for y in 0..<size {
                out[y * size + x] = sum / n
                let enter = y + half + 1, leave = y - half
                if enter < size { sum += tmp[enter * size + x] }
                if leave >= 0 { sum -= tmp[leave * size + x] }
            }
        }
        return out
    }

    func destroyAll() {
        for s in slices.removeAll() { SDL_DestroyTexture(s.texture) }
        for t in tinted.removeAll() { SDL_DestroyTexture(t) }
    }
}
