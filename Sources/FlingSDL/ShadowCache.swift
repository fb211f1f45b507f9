// ShadowCache: soft shadows as nine-slice textures. For each (corner radius, blur) in device
// pixels, the coverage of a small rounded square is blurred once (three box blurs ≈ Gaussian)
// and kept; a shadow of any size is then its four corners, stretched edges and centre. A slice
// is white with the blur in alpha (colour- and alpha-modulated by the copy); for shadows drawn
// into a layer that holds still, a copy in the shadow's colour is kept too (32 at most, least
// recently used out), which SDL blends with its fast blitter.
import CSDL2
import FlingCore

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
