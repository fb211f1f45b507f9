// RoundedCopy: a ready texture copied scaled into a rounded frame without a bake of the whole:
// the parts between the corners are opaque scaled copies (no blending), only the four corner
// squares are resampled with their coverage each frame (a few thousand pixels). Used for what
// moves or scales every frame: a rounded layer under a pull, a rounded photo in motion.
// Every copy lies inside the target: SDL's software renderer scales a copy that crosses the
// target's edge through a temporary surface of the copy's full size (an allocation and a
// second pass), so the parts are cut to the visible rectangle here first.
import CSDL2
import FlingCore

/// Where a copy's pixels come from: a texture and a CPU copy of the same pixels (for the corners).
struct RoundedCopySource {
    var texture: OpaquePointer
    /// The part of the texture shown, in texture pixels.
    var crop: Rect
    /// Every pixel is opaque: the parts between the corners are copied without blending.
    var opaque: Bool
    /// Samples the CPU copy bilinearly at texture pixel coordinates: (r, g, b, a).
    var sample: (Double, Double) -> (UInt8, UInt8, UInt8, UInt8)
}

@MainActor
struct RoundedCopy {
    /// Corner tile textures by radius, reused from frame to frame (a steady pull allocates
    /// nothing); `used` counts those handed out this frame, so two corners of one radius in
    /// one frame get two textures. Radii unused for a whole frame are destroyed.
    private var pool: [Int: [OpaquePointer]] = [:]
    private var used: [Int: Int] = [:]
    private var quarters: [Int: [UInt8]] = [:]
    /// The corner's pixels, reused (grown to the largest corner seen).
    private var scratch: [UInt32] = []

    mutating func beginFrame() {
        for (radius, textures) in pool where (used[radius] ?? 0) < textures.count {
            let keep = used[radius] ?? 0
            for t in textures[keep...] { SDL_DestroyTexture(t) }
            pool[radius] = keep == 0 ? nil : Array(textures[..<keep])
        }
        for k in used.keys { used[k] = 0 }
        if used.count > 16 { used = used.filter { pool[$0.key] != nil } }
        if quarters.count > 16 { quarters = quarters.filter { pool[$0.key] != nil } }
    }

    /// A texture for one corner of `radius` px this frame (an old one when there is one).
    private mutating func texture(radius rc: Int, sdl: OpaquePointer) -> OpaquePointer? {
        let n = used[rc] ?? 0
        used[rc] = n + 1
        if let textures = pool[rc], n < textures.count { return textures[n] }
        guard let t = SDL_CreateTexture(sdl, fling_SDL_PIXELFORMAT_ARGB8888(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue), Int32(rc), Int32(rc)) else {
            used[rc] = n
            return nil
        }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
        pool[rc, default: []].append(t)
        return t
    }

    /// Copies `source` onto `dest` (device px, whole pixels x0..<x1, y0..<y1) with corner radii
    /// `r` (px), inside `visible` (the target's bounds ∩ the clip). Returns the SDL calls made.
    mutating func copy(_ source: RoundedCopySource, sdl: OpaquePointer, x0: Int, y0: Int, x1: Int, y1: Int,
                       radii r: (tl: Int, tr: Int, br: Int, bl: Int), visible: Rect, alpha: UInt8) -> Int {
        let w = x1 - x0, h = y1 - y0
        guard w > 0, h > 0 else { return 0 }
        let sx = source.crop.width / Double(w), sy = source.crop.height / Double(h)
        var calls = 0
        SDL_SetTextureAlphaMod(source.texture, alpha)
        SDL_SetTextureColorMod(source.texture, 255, 255, 255)
        SDL_SetTextureBlendMode(source.texture, alpha == 255 && source.opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        let vx0 = Int(visible.minX.rounded(.up)), vy0 = Int(visible.minY.rounded(.up))
        let vx1 = Int(visible.maxX.rounded(.down)), vy1 = Int(visible.maxY.rounded(.down))
        let top = max(r.tl, r.tr), bottom = max(r.bl, r.br)
        // The rectangles between the corners (as fillRounded splits a rounded rectangle).
        let parts = [(x0 + r.tl, y0, x1 - r.tr, y0 + top), (x0, y0 + r.tl, x0 + r.tl, y0 + top), (x1 - r.tr, y0 + r.tr, x1, y0 + top),
                     (x0, y0 + top, x1, y1 - bottom),
                     (x0 + r.bl, y1 - bottom, x1 - r.br, y1), (x0, y1 - bottom, x0 + r.bl, y1 - r.bl), (x1 - r.br, y1 - bottom, x1, y1 - r.br)]
        for (a, b, c, d) in parts {
            let px0 = max(a, vx0), py0 = max(b, vy0), px1 = min(c, vx1), py1 = min(d, vy1)
            guard px1 > px0, py1 > py0 else { continue }
            // The source part for these whole pixels (rounded to whole texture pixels: at most
            // half a texel off, only while moving).
            let u0 = source.crop.minX + Double(px0 - x0) * sx, u1 = source.crop.minX + Double(px1 - x0) * sx
            let v0 = source.crop.minY + Double(py0 - y0) * sy, v1 = source.crop.minY + Double(py1 - y0) * sy
            var src = SDL_Rect(x: Int32(u0.rounded()), y: Int32(v0.rounded()),
                               w: Int32(max(1, (u1 - u0).rounded())), h: Int32(max(1, (v1 - v0).rounded())))
            var dst = SDL_Rect(x: Int32(px0), y: Int32(py0), w: Int32(px1 - px0), h: Int32(py1 - py0))
            SDL_RenderCopy(sdl, source.texture, &src, &dst)
            calls += 1
        }
        // The corners: resampled with their coverage, copied 1:1 and blended.
        let corners = [(r.tl, x0, y0, false, false), (r.tr, x1 - r.tr, y0, true, false),
                       (r.br, x1 - r.br, y1 - r.br, true, true), (r.bl, x0, y1 - r.bl, false, true)]
        for (rc, cx, cy, flipX, flipY) in corners where rc > 0 {
            guard cx + rc > vx0, cx < vx1, cy + rc > vy0, cy < vy1 else { continue }
            guard let t = tile(source, radius: rc, at: cx - x0, cy - y0, sx: sx, sy: sy, flipX: flipX, flipY: flipY, sdl: sdl) else { continue }
            SDL_SetTextureAlphaMod(t, alpha)
            var dst = SDL_Rect(x: Int32(cx), y: Int32(cy), w: Int32(rc), h: Int32(rc))
            SDL_RenderCopy(sdl, t, nil, &dst)
            calls += 1
        }
        return calls
    }

    /// One corner square (`radius` px, its top-left `ox, oy` px into the frame) sampled from the
    /// source with the rounded corner's coverage in its alpha.
    private mutating func tile(_ source: RoundedCopySource, radius rc: Int, at ox: Int, _ oy: Int, sx: Double, sy: Double,
                               flipX: Bool, flipY: Bool, sdl: OpaquePointer) -> OpaquePointer? {
        let cover: [UInt8]
        if let q = quarters[rc] { cover = q } else { cover = CornerCoverage.quarter(radius: Double(rc)).alpha; quarters[rc] = cover }
        if scratch.count < rc * rc { scratch = [UInt32](repeating: 0, count: rc * rc) }
        for i in 0..<(rc * rc) { scratch[i] = 0 }
        for y in 0..<rc {
            let v = source.crop.minY + (Double(oy + y) + 0.5) * sy - 0.5
            let qy = flipY ? rc - 1 - y : y
            for x in 0..<rc {
                let qx = flipX ? rc - 1 - x : x
                let c = cover[qy * rc + qx]
                guard c > 0 else { continue }
                let u = source.crop.minX + (Double(ox + x) + 0.5) * sx - 0.5
                let (pr, pg, pb, pa) = source.sample(u, v)
                let a = (UInt32(pa) * UInt32(c) + 127) / 255
                scratch[y * rc + x] = a << 24 | UInt32(pr) << 16 | UInt32(pg) << 8 | UInt32(pb)
            }
        }
        guard let t = texture(radius: rc, sdl: sdl) else { return nil }
        _ = scratch.withUnsafeBytes { SDL_UpdateTexture(t, nil, $0.baseAddress, Int32(rc * 4)) }
        return t
    }

    /// A bilinear sampler over `width × height` pixels whose channel bytes sit at the given
    /// offsets within each 4-byte pixel (RGBA32: 0, 1, 2, 3; little-endian ARGB8888: 2, 1, 0, 3).
    static func sampler(_ bytes: UnsafeRawBufferPointer, width: Int, height: Int,
                        r: Int, g: Int, b: Int, a: Int) -> (Double, Double) -> (UInt8, UInt8, UInt8, UInt8) {
        { u, v in
            guard width > 0, height > 0, bytes.count >= width * height * 4 else { return (0, 0, 0, 0) }
            let fx = min(Double(width - 1), max(0, u)), fy = min(Double(height - 1), max(0, v))
            let x0 = Int(fx), y0 = Int(fy)
            let x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
            let wx = fx - Double(x0), wy = fy - Double(y0)
            func ch(_ o: Int) -> UInt8 {
                let p00 = Double(bytes[(y0 * width + x0) * 4 + o]), p10 = Double(bytes[(y0 * width + x1) * 4 + o])
                let p01 = Double(bytes[(y1 * width + x0) * 4 + o]), p11 = Double(bytes[(y1 * width + x1) * 4 + o])
                let top = p00 + (p10 - p00) * wx, bottom = p01 + (p11 - p01) * wx
                return UInt8(max(0, min(255, (top + (bottom - top) * wy).rounded())))
            }
            return (ch(r), ch(g), ch(b), ch(a))
        }
    }
}
