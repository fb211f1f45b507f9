// TextPainter: text runs, each line rasterised once per (string, font, pixel size, direction,
// colour) by FontStore (its pieces shaped by SDL_ttf's HarfBuzz, in every script) into an LRU
// cache of textures (with the glyphs' coverage for the CPU canvas), then blended onto the
// canvas or copied through SDL. A line with colour emoji has no single-colour coverage: it is
// copied through SDL.
import CSDL2
import CSDL2TTF
import FlingCore

@MainActor
final class TextPainter {
    private let frame: FrameContext
    private let canvas: CanvasTarget
    private let fonts: FontStore
    /// Text is rasterised in its colour (alpha included): a copy without colour modulation
    /// takes SDL's fast blending blitter, several times cheaper in software than a modulated one.
    private struct TextKey: Hashable { var text: String; var file: String; var pixelSize: Int32; var rightToLeft: Bool; var color: UInt32 }
    private struct TextTexture {
        var texture: OpaquePointer; var width: Int32; var height: Int32
        /// The baseline's distance from the texture's top (a fallback face may reach higher
        /// than the style's own).
        var ascent: Int32
        /// The run's coverage (its alpha over the colour's), for the CPU canvas: nil until first
        /// wanted, empty when it cannot be had (a translucent colour, or pixels SDL_ttf inked in
        /// another colour: the run stays with SDL).
        var coverage: [UInt8]?
    }
    private var textCache = LRUCache<TextKey, TextTexture>(capacity: 1024)

    init(frame: FrameContext, canvas: CanvasTarget, fonts: FontStore, log: @escaping (String) -> Void) {
        self.frame = frame
        self.canvas = canvas
        self.fonts = fonts
        // Missing scripts and fonts that will not open are said by the fonts, where text is cut.
        if fonts.log == nil { fonts.log = log }
    }

    /// Runs cached.
    var count: Int { textCache.count }

    /// Bytes the cache holds: its textures' pixels and the coverage kept.
    var byteCount: Int { textCache.values.reduce(0) { $0 + Int($1.width) * Int($1.height) * 4 + ($1.coverage?.count ?? 0) } }

    /// Every run goes (the scale changed: they are rasterised again at the new pixel size).
    func flushCache() {
        for t in textCache.removeAll() { SDL_DestroyTexture(t.texture) }
    }

    /// Draws a run, line by line: onto the canvas by its coverage where the frame is a plain
    /// surface, otherwise its cached texture copied through SDL.
    func draw(_ run: TextRun) {
        let font = run.layout.font
        guard let handle = fonts.handle(for: font) else { return }
        let pixelSize = fonts.pixelSize(of: font)
        let file = FontStore.fileName(font.family, font.weight)
        let (cr, cg, cb, ca) = run.color.rgba8
        let color = UInt32(cr) << 24 | UInt32(cg) << 16 | UInt32(cb) << 8 | UInt32(ca)
        // The run's own alpha is in the texture; a group opacity modulates it.
        let alpha = UInt8(max(0, min(255, (frame.opacity * 255).rounded())))
        let lineHeightPx = Double(TTF_FontHeight(handle))
        let k = frame.transform.scale
        let lines = run.layout.lines
        for index in firstLineReaching(lines, run: run, lineHeightPx: lineHeightPx, scale: k)..<lines.count {
            let line = lines[index]
            let origin = frame.px(Point(run.origin.x + line.x, run.origin.y + line.baseline))
            // Lines go down the page: past the clip's bottom, no later one shows.
            if k > 0, let c = frame.clip, origin.y - 2 * lineHeightPx * k > c.maxY { break }
            if line.text.isEmpty { continue }
            var x = origin.x
            if k == 1 { x = x.rounded() }   // crisp glyphs on whole pixels
            // Off-screen or clipped-away lines are never rasterised (the box allows a line's
            // height above and below for faces that reach past the style's own).
            let bounds = Rect(x: x, y: origin.y - 2 * lineHeightPx * k, width: (line.width * frame.pxPerPt + 2 * lineHeightPx), height: 4 * lineHeightPx * k)
            if let c = frame.clip, !c.intersects(bounds) { continue }
            let key = TextKey(text: line.text, file: file, pixelSize: pixelSize, rightToLeft: line.rightToLeft, color: color)
            // On the frame's own pixels when it is a plain surface. Faded (a card's story fading
            // in), SDL's alpha-modulated copy is its slowest blit: here one blend by the
            // coverage. Opaque, SDL's per-pixel-alpha blit takes each pixel through branches:
            // here the same arithmetic four pixels at a time, to the same pixels, where the SDL
            // in use blends so (`OpaqueTextCheck`: its MMX blitter, x86). Clips are whole
            // pixels, so SDL's clip rectangle is `frame.visible` (which holds a partial
            // redraw's damage too, a layer's or the frame's).
            let onCanvas = k == 1 && frame.surface != nil && frame.rasterizing == 0 && frame.cpuCompositing
                && (alpha < 255 || OpaqueTextCheck.matchesSDL)
            guard let tex = textTexture(key, font, coverage: onCanvas) else { continue }
            var y = origin.y - Double(tex.ascent) * k
            if k == 1 { y = y.rounded() }
            if onCanvas, let coverage = tex.coverage, !coverage.isEmpty, let t = canvas.frameCanvas() {
                canvas.fillUntinted()
                let (w, h) = (Int(tex.width), Int(tex.height))
                coverage.withUnsafeBufferPointer { mask in
                    if alpha == 255 {
                        CanvasKernels.opaqueText(mask: mask, width: w, height: h, x0: Int(x), y0: Int(y), color: (cr, cg, cb),
                                                 visible: frame.visible, into: t)
                    } else {
                        CanvasKernels.text(mask: mask, width: w, height: h, x0: Int(x), y0: Int(y), color: (cr, cg, cb),
                                           strength: alpha, visible: frame.visible, into: t, scratch: &canvas.scratch)
                    }
                }
                frame.stats.canvasDraws += 1
                continue
            }
            canvas.prepareFrameForSDL()
            frame.flushSolid()
            SDL_SetTextureAlphaMod(tex.texture, alpha)
            var dst = SDL_FRect(x: Float(x), y: Float(y), w: Float(Double(tex.width) * k), h: Float(Double(tex.height) * k))
            SDL_RenderCopyF(frame.sdl, tex.texture, nil, &dst)
            frame.stats.drawCalls += 1
        }
    }

    /// The first of `lines` whose box reaches the clip's top: a long story (thousands of
    /// lines, a few on screen) is not walked from its start every frame. Baselines grow down
    /// the block, and the frame's transform keeps their order while its scale is positive.
    private func firstLineReaching(_ lines: [TextLine], run: TextRun, lineHeightPx: Double, scale k: Double) -> Int {
        guard k > 0, let c = frame.clip, lines.count > 16 else { return 0 }
        var low = 0, high = lines.count
        while low < high {
            let mid = (low + high) / 2
            let y = frame.px(Point(run.origin.x, run.origin.y + lines[mid].baseline)).y
            if y + 2 * lineHeightPx * k < c.minY { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The run's texture, cached; `coverage`: with its glyph coverage too (kept only for text
    /// drawn on the canvas, so a cache of runs only SDL draws holds no masks).
    private func textTexture(_ key: TextKey, _ font: Font, coverage wanted: Bool = false) -> TextTexture? {
        let cached = textCache.value(for: key)
        if let t = cached, !wanted || t.coverage != nil { return t }
        let c = key.color
        let fg = SDL_Color(r: UInt8(c >> 24), g: UInt8((c >> 16) & 0xFF), b: UInt8((c >> 8) & 0xFF), a: UInt8(c & 0xFF))
        let raster = fonts.rasterize(key.text, font: font, rightToLeft: key.rightToLeft, color: fg)
        let surface = raster?.surface
        defer { SDL_FreeSurface(surface) }
        if var t = cached {
            // Drawn on the canvas for the first time: the glyphs rendered again for their
            // coverage (of the texture's size), or none, once (the run stays with SDL).
            if surface != nil { frame.stats.textRasterizations += 1 }
            t.coverage = surface.flatMap { $0.pointee.w == t.width && $0.pointee.h == t.height ? Self.coverage(of: $0, color: fg) : nil } ?? []
            for evicted in textCache.insert(t, for: key) where evicted.texture != t.texture { SDL_DestroyTexture(evicted.texture) }
            return t
        }
        guard let surface, let tex = SDL_CreateTextureFromSurface(frame.sdl, surface) else { return nil }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
        frame.stats.textRasterizations += 1
        let t = TextTexture(texture: tex, width: surface.pointee.w, height: surface.pointee.h, ascent: raster?.ascent ?? 0,
                            coverage: wanted ? Self.coverage(of: surface, color: fg) : nil)
        for evicted in textCache.insert(t, for: key) { SDL_DestroyTexture(evicted.texture) }
        return t
    }

    /// An opaque colour's text surface's alpha (ARGB8888, as SDL_ttf renders it blended): the
    /// glyphs' coverage, 0…255 a pixel. Empty for a translucent colour, another format, or a
    /// pixel inked in another colour (a colour glyph): the canvas then leaves the run to SDL.
    nonisolated static func coverage(of surface: UnsafeMutablePointer<SDL_Surface>, color fg: SDL_Color) -> [UInt8] {
        let s = surface.pointee
        guard fg.a == 255, let format = s.format, format.pointee.format == fling_SDL_PIXELFORMAT_ARGB8888(), let pixels = s.pixels,
              s.w > 0, s.h > 0 else { return [] }
        let w = Int(s.w), h = Int(s.h), pitch = Int(s.pitch)
        var out = [UInt8](repeating: 0, count: w * h)
        let rgb = UInt32(fg.r) << 16 | UInt32(fg.g) << 8 | UInt32(fg.b)
        for y in 0..<h {
            let row = (pixels + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w {
                let p = row[x]
                out[y * w + x] = UInt8(p >> 24)
                // The canvas inks every pixel in the colour, as SDL_ttf renders them.
                if p >> 24 != 0, p & 0xFF_FFFF != rgb { return [] }
            }
        }
        return out
    }
}
