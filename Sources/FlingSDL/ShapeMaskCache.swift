// ShapeMaskCache: anti-aliased discs and rings as white textures (coverage in alpha), one per
// (radius, stroke width) in device pixels. Rounded rectangles take their corners from the
// quadrants; circles use the whole texture. Tinted per draw with colour/alpha modulation.
import CSDL2
import FlingCore

@MainActor
final class ShapeMaskCache {
    struct Mask {
        var texture: OpaquePointer
        /// Radius in px; the texture is 2r × 2r.
        var radius: Int
    }

    private struct Key: Hashable { var radius: Int; var strokeQuarterPixels: Int }
    private var masks = LRUCache<Key, Mask>(capacity: 256)
    private let renderer: OpaquePointer

    init(renderer: OpaquePointer) { self.renderer = renderer }

    /// A disc (strokeWidth 0) or ring of `radius` px.
    func mask(radius: Int, strokeWidth: Double = 0) -> Mask? {
        guard radius > 0 else { return nil }
        let key = Key(radius: radius, strokeQuarterPixels: Int((strokeWidth * 4).rounded()))
        if let m = masks.value(for: key) { return m }
        let (size, quarter) = CornerCoverage.quarter(radius: Double(radius), strokeWidth: Double(key.strokeQuarterPixels) / 4)
        let full = size * 2
        var px = [UInt8](repeating: 255, count: full * full * 4)
        for y in 0..<full {
            let qy = y < size ? y : full - 1 - y
            for x in 0..<full {
                let qx = x < size ? x : full - 1 - x
                px[(y * full + x) * 4 + 3] = quarter[qy * size + qx]
            }
        }
        guard let tex = makeTexture(RGBAImage(width: full, height: full, pixels: px), renderer: renderer) else { return nil }
        let m = Mask(texture: tex, radius: radius)
        for evicted in masks.insert(m, for: key) { SDL_DestroyTexture(evicted.texture) }
        return m
    }

    var count: Int { masks.count }

    func destroyAll() {
        for m in masks.removeAll() { SDL_DestroyTexture(m.texture) }
    }
}
