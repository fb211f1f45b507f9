// Textures: the one way an RGBA bitmap of ours becomes an SDL texture, a texture's edge rows
// (EdgeRows), and what a texture holds (its bytes, its blend mode).
import CSDL2
import FlingCore

/// A blending, linearly filtered texture holding a copy of `image`; nil if SDL refuses.
/// Stored as ARGB8888, the frame's format: SDL's software renderer then copies and scales it
/// with its same-format blitters, not through a conversion per copy (RGBA32 photos cost a
/// channel-swapping blit and, scaled, an intermediate surface every frame).
func makeTexture(_ image: RGBAImage, renderer: OpaquePointer) -> OpaquePointer? {
    guard let rgba = PNGFile.makeSurface(image) else { return nil }
    defer { SDL_FreeSurface(rgba) }
    guard let surface = SDL_ConvertSurfaceFormat(rgba, fling_SDL_PIXELFORMAT_ARGB8888(), 0) else { return nil }
    defer { SDL_FreeSurface(surface) }
    guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
    SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
    return texture
}

/// A texture's rows above and below its opaque middle, stacked in a texture of their own that
/// is only ever drawn blended, so that the texture itself is copied without blending frame
/// after frame (a faded copy still blends it whole, a mode switch at a fade's start and end).
/// SDL's software renderer relinks a texture to its target whenever its blend mode changes
/// (`SDL_SetSurfaceBlendMode` drops the blit map; the next blit allocates a new link): one
/// texture copied in bands of both kinds allocated twice in every frame it was drawn.
struct EdgeRows {
    let texture: OpaquePointer
    let width: Int
    /// The source's rows that are fully opaque: the edge texture holds those above, then those below.
    let opaque: Range<Int>
    /// The source's height.
    let height: Int

    /// The edge texture's row for the source's row `y` (one outside `opaque`).
    func row(_ y: Int) -> Int { y < opaque.lowerBound ? y : y - opaque.count }

    /// The edge rows of `argb` (ARGB8888, `width × height`, tightly packed) around `opaque`; nil
    /// when there are none, or nothing is opaque, or SDL refuses. `old`'s texture is updated in
    /// place when it has the same shape (a layer redrawn in part keeps its edge texture); the
    /// caller destroys `old` when the answer holds another texture (or none).
    static func make(argb: UnsafeBufferPointer<UInt32>, width: Int, height: Int, opaque: Range<Int>,
                     reusing old: EdgeRows?, renderer: OpaquePointer) -> EdgeRows? {
        let count = height - opaque.count
        guard width > 0, count > 0, !opaque.isEmpty, opaque.lowerBound >= 0, opaque.upperBound <= height,
              argb.count >= width * height, let base = argb.baseAddress else { return nil }
        let texture: OpaquePointer
        let reused = old.map { $0.width == width && $0.height - $0.opaque.count == count } ?? false
        if reused, let old {
            texture = old.texture
        } else {
            guard let t = SDL_CreateTexture(renderer, fling_SDL_PIXELFORMAT_ARGB8888(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                            Int32(width), Int32(count)) else { return nil }
            SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
            SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear)
            texture = t
        }
        let edges = EdgeRows(texture: texture, width: width, opaque: opaque, height: height)
        func upload(_ rows: Range<Int>) -> Bool {
            guard !rows.isEmpty else { return true }
            var area = SDL_Rect(x: 0, y: Int32(edges.row(rows.lowerBound)), w: Int32(width), h: Int32(rows.count))
            return SDL_UpdateTexture(texture, &area, base + rows.lowerBound * width, Int32(width * 4)) == 0
        }
        guard upload(0..<opaque.lowerBound), upload(opaque.upperBound..<height) else {
            if !reused { edges.destroy() }
            return nil
        }
        return edges
    }

    /// The edge rows of a straight-alpha RGBA bitmap (a baked photo).
    static func make(_ image: RGBAImage, opaque: Range<Int>, renderer: OpaquePointer) -> EdgeRows? {
        guard image.width > 0, image.height > 0, !opaque.isEmpty, opaque.count < image.height, opaque.lowerBound >= 0,
              opaque.upperBound <= image.height, image.pixels.count >= image.width * image.height * 4 else { return nil }
        var argb = [UInt32](repeating: 0, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { p in
            for y in 0..<image.height where !opaque.contains(y) {
                for x in 0..<image.width {
                    let i = (y * image.width + x) * 4
                    argb[y * image.width + x] = UInt32(p[i + 3]) << 24 | UInt32(p[i]) << 16 | UInt32(p[i + 1]) << 8 | UInt32(p[i + 2])
                }
            }
        }
        return argb.withUnsafeBufferPointer { make(argb: $0, width: image.width, height: image.height, opaque: opaque, reusing: nil, renderer: renderer) }
    }

    func destroy() { SDL_DestroyTexture(texture) }
}

/// A texture's pixels at 4 bytes each (0 for none): what the memory report counts.
func textureBytes(_ t: OpaquePointer?) -> Int {
    guard let t else { return 0 }
    var w: Int32 = 0, h: Int32 = 0
    SDL_QueryTexture(t, nil, nil, &w, &h)
    return Int(w) * Int(h) * 4
}

/// A texture's blend mode (tests: see EdgeRows).
func textureBlendMode(_ texture: OpaquePointer) -> SDL_BlendMode {
    var mode = SDL_BLENDMODE_INVALID
    SDL_GetTextureBlendMode(texture, &mode)
    return mode
}
