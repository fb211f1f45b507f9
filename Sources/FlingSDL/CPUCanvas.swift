// CPUCanvas: the frame's pixels, written by the CPU. SDL's software renderer draws
// some things through its generic blitters (colour- and alpha-modulated, scaled through
// temporary surfaces): a large soft shadow, a scaled rounded layer, a photo growing with its
// corners rounded, a polyline's blended triangles, text. Here they are loops (CanvasKernels)
// over the frame's pixels.
// Where the frame is a plain surface (headless, or a software-rendered window not rotated),
// the canvas is that surface itself: opening it flushes SDL's queued drawing and hands out the
// pixels, closing it costs nothing, and SDL and the CPU take turns on the same pixels.
// Otherwise (a rotated window, a headless frame grown past its surface: the frame is a target
// texture; a window surface of another size or format) it is a frame-sized streaming texture,
// opened over a full-frame opaque base and copied to the frame once when closed.
import CSDL2
import FlingCore

@MainActor
struct CPUCanvas {
    private var texture: OpaquePointer?
    private var width: Int32 = 0
    private var height: Int32 = 0
    /// The locked pixels while open.
    private(set) var target: PixelTarget?
    /// Open on the frame's own pixels (nothing to copy on close).
    private(set) var isDirect = false

    var isOpen: Bool { target != nil }
    /// Bytes of its own streaming texture (0 when it writes the frame's pixels).
    var byteCount: Int { texture == nil ? 0 : Int(width) * Int(height) * 4 }

    /// The frame's own pixels, `width × height` from the top-left of `surface` (a 32-bit
    /// surface SDL's software renderer draws into), once SDL's queued drawing has landed there;
    /// nil if SDL could not flush.
    mutating func openDirect(sdl: OpaquePointer, surface: UnsafeMutablePointer<SDL_Surface>, width w: Int32, height h: Int32) -> PixelTarget? {
        if let target, isDirect { return target }
        guard target == nil, SDL_RenderFlush(sdl) == 0, let pixels = surface.pointee.pixels,
              w <= surface.pointee.w, h <= surface.pointee.h else { return nil }
        isDirect = true
        target = PixelTarget(base: pixels, width: Int(w), height: Int(h), pitch: Int(surface.pointee.pitch))
        return target
    }

    /// Locks a `width × height` streaming canvas (made, or remade at a new size, first); nil
    /// if SDL refused.
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
        isDirect = false
        target = PixelTarget(base: raw, width: Int(w), height: Int(h), pitch: Int(pitch))
        return target
    }

    /// Closes the canvas: a streaming one is unlocked and copied, opaque, over the whole current
    /// render target (returns true: one draw call); the frame's own pixels need nothing.
    @discardableResult
    mutating func close(sdl: OpaquePointer) -> Bool {
        guard target != nil else { return false }
        target = nil
        if isDirect { isDirect = false; return false }
        guard let t = texture else { return false }
        SDL_UnlockTexture(t)
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE)
        SDL_RenderSetClipRect(sdl, nil)
        var dst = SDL_Rect(x: 0, y: 0, w: width, h: height)
        SDL_RenderCopy(sdl, t, nil, &dst)
        return true
    }

    mutating func destroy() {
        if let t = texture {
            if target != nil, !isDirect { SDL_UnlockTexture(t) }
            SDL_DestroyTexture(t)
        }
        texture = nil; target = nil; isDirect = false; width = 0; height = 0
    }
}
