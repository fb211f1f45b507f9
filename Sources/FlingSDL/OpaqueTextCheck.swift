// OpaqueTextCheck: whether CanvasKernels.opaqueText gives the pixels the SDL in use gives, asked
// once of SDL itself. SDL 2.26 blends a text texture onto the frame with its MMX blitter on x86;
// on aarch64 it has a scalar one that rounds as `d + (s − d)·a >> 8`, and later versions (or
// sdl2-compat over SDL 3) may blend otherwise. Where they differ, opaque text stays with SDL.
import CSDL2

enum OpaqueTextCheck {
    /// True when the kernel matched SDL's blit of every coverage over varied pixels.
    static let matchesSDL: Bool = matches { mask, w, h, target in
        CanvasKernels.opaqueText(mask: mask, width: w, height: h, x0: 0, y0: 0, color: color, visible: target.bounds, into: target)
    }

    /// A colour with three different channels, so a channel mixed up shows.
    static let color: (r: UInt8, g: UInt8, b: UInt8) = (0x1E, 0x7A, 0xD3)

    /// Blits a text-like texture (the colour at each coverage 0…255 and again, 256 × 2 px) with
    /// SDL onto pixels of varied colours and alphas, draws the same with `kernel`, and compares
    /// every byte. False if SDL cannot be asked (nothing is assumed).
    static func matches(_ kernel: (UnsafeBufferPointer<UInt8>, Int, Int, PixelTarget) -> Void) -> Bool {
        let w = 256, h = 2
        let mask = (0..<(w * h)).map { UInt8(($0 % w + $0 / w * 101) % 256) }
        let (r, g, b) = (UInt32(color.r), UInt32(color.g), UInt32(color.b))
        var source = mask.map { UInt32($0) << 24 | r << 16 | g << 8 | b }
        let base = (0..<(w * h)).map { i -> UInt32 in
            let x = UInt32(truncatingIfNeeded: i &* 2_654_435_761)
            return x ^ (x >> 13)
        }
        var bySDL = base, byKernel = base
        let blitted = source.withUnsafeMutableBytes { s in
            bySDL.withUnsafeMutableBytes { d -> Bool in
                let format = fling_SDL_PIXELFORMAT_ARGB8888()
                guard let from = SDL_CreateRGBSurfaceWithFormatFrom(s.baseAddress, Int32(w), Int32(h), 32, Int32(w * 4), format),
                      let onto = SDL_CreateRGBSurfaceWithFormatFrom(d.baseAddress, Int32(w), Int32(h), 32, Int32(w * 4), format) else { return false }
                defer { SDL_FreeSurface(from); SDL_FreeSurface(onto) }
                SDL_SetSurfaceBlendMode(from, SDL_BLENDMODE_BLEND)
                return SDL_UpperBlit(from, nil, onto, nil) == 0
            }
        }
        guard blitted else { return false }
        byKernel.withUnsafeMutableBytes { d in
            guard let p = d.baseAddress else { return }
            mask.withUnsafeBufferPointer { kernel($0, w, h, PixelTarget(base: p, width: w, height: h, pitch: w * 4)) }
        }
        return bySDL == byKernel
    }
}
