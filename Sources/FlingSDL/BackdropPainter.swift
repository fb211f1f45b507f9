// BackdropPainter: a material's backdrop (DrawCommand.backdropBlur): what is already drawn
// under it, blurred where it lies (BackdropBlur), on the CPU canvas in place or read back
// through SDL, blurred and copied back.
import CSDL2
import FlingCore

@MainActor
final class BackdropPainter {
    private let frame: FrameContext
    private let canvas: CanvasTarget
    /// A backdrop's pixels while they are blurred, and the texture a backdrop read back through
    /// SDL returns in (reused from frame to frame).
    private var scratch = BackdropBlur.Scratch()
    private var pixels: [UInt32] = []
    private var readTexture: (texture: OpaquePointer, w: Int, h: Int)?

    init(frame: FrameContext, canvas: CanvasTarget) {
        self.frame = frame
        self.canvas = canvas
    }

    /// The app went idle: the buffers and the read-back texture go.
    func trimForIdle() {
        if let b = readTexture { SDL_DestroyTexture(b.texture); readTexture = nil }
        scratch = BackdropBlur.Scratch()
        pixels = []
    }

    /// A material's backdrop (DrawCommand.backdropBlur): the pixels already drawn in `r`,
    /// blurred where they lie. On the frame's own pixels (the CPU canvas) in place; elsewhere
    /// (a GPU renderer, a layer's texture) read back through SDL, blurred and copied back.
    func draw(_ r: Rect, sigma: Double) {
        guard !frame.clippedAway, sigma > 0, frame.opacity > 0.001 else { return }
        var area = PixelRect(inside: frame.px(r).insetBy(dx: -0.5, dy: -0.5))
        if let c = frame.clip { area = area.intersection(PixelRect(inside: c.insetBy(dx: -0.5, dy: -0.5))) }
        let deviation = sigma * frame.pxPerPt
        if let t = canvas.canvasForNextDraw() ?? canvas.frameCanvas() {
            let a = area.intersection(t.bounds)
            guard !a.isEmpty else { return }
            BackdropBlur.blur(t, a, sigma: deviation, opacity: frame.opacity, scratch: &scratch)
            frame.stats.backdropBlurs += 1
            frame.stats.backdropBlursOnCanvas += 1
            frame.stats.canvasDraws += 1
            return
        }
        // Through SDL: whatever waits is drawn first, then the target's pixels are read.
        if frame.rasterizing == 0 { canvas.prepareFrameForSDL() }
        frame.flushSolid()
        let a = area.intersection(frame.targetBounds())
        guard !a.isEmpty else { return }
        let w = a.x1 - a.x0, h = a.y1 - a.y0
        var rect = frame.sdlRect(a)
        if pixels.count < w * h { pixels = [UInt32](repeating: 0, count: w * h) }
        let read = pixels.withUnsafeMutableBytes { SDL_RenderReadPixels(frame.sdl, &rect, fling_SDL_PIXELFORMAT_ARGB8888(), $0.baseAddress, Int32(w * 4)) }
        guard read == 0 else { return }
        pixels.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            let target = PixelTarget(base: base, width: w, height: h, pitch: w * 4)
            BackdropBlur.blur(target, target.bounds, sigma: deviation, opacity: frame.opacity, scratch: &scratch)
        }
        if readTexture.map({ $0.w < w || $0.h < h }) ?? true {
            if let old = readTexture { SDL_DestroyTexture(old.texture) }
            readTexture = SDL_CreateTexture(frame.sdl, fling_SDL_PIXELFORMAT_ARGB8888(), Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(w), Int32(h))
                .map { (texture: $0, w: w, h: h) }
        }
        guard let texture = readTexture?.texture else { return }
        var source = SDL_Rect(x: 0, y: 0, w: Int32(w), h: Int32(h))
        _ = pixels.withUnsafeBytes { SDL_UpdateTexture(texture, &source, $0.baseAddress, Int32(w * 4)) }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        SDL_RenderCopy(frame.sdl, texture, &source, &rect)
        frame.stats.drawCalls += 1
        frame.stats.backdropBlurs += 1
    }
}
