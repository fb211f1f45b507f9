// CPUCanvas: a frame-sized streaming texture the renderer composites into on the CPU, then
// copies to the frame in one opaque 1:1 copy (issue 12). It opens over a full-frame opaque
// layer (the backdrop behind a pulled card, its fade and dim folded in) when what follows is
// a soft shadow or a scaled rounded layer: SDL's software renderer draws those through its
// generic blitters (colour- and alpha-modulated, scaled through temporary surfaces), the
// slowest part of a pulled frame; here they are two integer loops (CanvasKernels) over
// pixels the copy moves anyway. Anything else closes it first, so the order of drawing holds.
// A streaming texture of SDL's software renderer is its surface: locking it hands out the
// pixels themselves, no copy.
import CSDL2
import FlingCore

@MainActor
struct CPUCanvas {
    private var texture: OpaquePointer?
    private var width: Int32 = 0
    private var height: Int32 = 0
    /// The locked pixels while open.
    private(set) var target: PixelTarget?

    var isOpen: Bool { target != nil }

    /// Locks a `width × height` canvas (made, or remade at a new size, first); nil if SDL refused.
    mutating func open(sdl: OpaquePointer, width w: Int32, height h: Int32) -> PixelTarget? {
        if let target { return target }
        if texture == nil || width != w || height != h {
            destroy()
            texture = SDL_CreateTexture(sdl, fling_SDL_PIXELFORMAT_ARGB8888(), Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), w, h)
            width = w; height = h
        }
        guard let t = texture else { return nil }
        var raw: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(t, nil, &raw, &pitch) == 0, let raw else { return nil }
        target = PixelTarget(base: raw, width: Int(w), height: Int(h), pitch: Int(pitch))
        return target
    }

    /// Unlocks the canvas and copies it, opaque, over the whole current render target.
    mutating func close(sdl: OpaquePointer) {
        guard target != nil, let t = texture else { return }
        target = nil
        SDL_UnlockTexture(t)
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE)
        SDL_RenderSetClipRect(sdl, nil)
        var dst = SDL_Rect(x: 0, y: 0, w: width, h: height)
        SDL_RenderCopy(sdl, t, nil, &dst)
    }

    mutating func destroy() {
        if let t = texture {
            if target != nil { SDL_UnlockTexture(t) }
            SDL_DestroyTexture(t)
        }
        texture = nil; target = nil; width = 0; height = 0
    }
}
