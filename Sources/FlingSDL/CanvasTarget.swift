// CanvasTarget: the frame as the CPU canvas writes it (CPUCanvas) and what waits before SDL may
// draw into it: the clear, a full-frame opaque layer whose copy waits to see whether the canvas
// opens over it (the base), and the part of that base left unwritten under a shadow's shape.
// Painters ask it for the canvas before a CPU draw (canvasForNextDraw, frameCanvas) and settle
// the frame before an SDL draw (prepareFrameForSDL); it writes layers' pixels 1:1 onto the
// canvas (tinted, blended or copied).
import CSDL2
import FlingCore

@MainActor
final class CanvasTarget {
    private let frame: FrameContext
    private let occluders: Occlusion
    /// The layers a waiting base is one of: they set it, and copy it when the canvas does not
    /// open over it.
    weak var layers: LayerCompositor?
    private var canvas = CPUCanvas()
    /// Buffers the canvas kernels reuse from frame to frame.
    var scratch = CanvasScratch()
    private var quarters: [Int: [UInt8]] = [:]
    /// A full-frame opaque layer whose copy waits for the next command: a shadow or a scaled
    /// layer after it opens the canvas over it; anything else has it copied as before.
    struct PendingBase {
        var id: String; var tint: LayerTint?; var dest: Rect
        /// Nothing was drawn before it: if SDL refuses its copy, the frame is cleared instead.
        var clearIfRefused = false
        /// Its tint, or one that copies it as it is.
        var tintOrNone: LayerTint { tint ?? LayerTint(opacity: 1, dim: 0, background: .white) }
    }
    private(set) var pendingBase: PendingBase?
    /// The part of the open canvas whose base is not written yet (under the shape a shadow was
    /// cast by: the scaled layer that follows covers it); written before anything else needs it.
    private var untinted: (rect: PixelRect, base: PendingBase)?
    /// The frame's clear waits too: a full-frame opaque layer makes it needless.
    private var clearPending = false
    private var clearColor = Color.white

    init(frame: FrameContext, occluders: Occlusion) {
        self.frame = frame
        self.occluders = occluders
    }

    /// A frame begins: nothing drawn, its clear waiting (in `background`), no base.
    /// The part of the frame the clear fills: all of it, or the damage of a frame redrawn in
    /// part (Renderer.redrawsInPart), whose other pixels are the last frame's and stay.
    private var clearBounds: PixelRect?

    func beginFrame(clearColor background: Color, within part: PixelRect? = nil) {
        clearColor = background
        clearBounds = part
        clearPending = true
        pendingBase = nil
        untinted = nil
    }

    /// A full-frame opaque layer is drawn: no clear under it, and its copy waits to see whether
    /// the canvas opens on it.
    func deferBase(id: String, tint: LayerTint?, dest: Rect) {
        let uncleared = clearPending
        clearPending = false
        prepareFrameForSDL()
        pendingBase = PendingBase(id: id, tint: tint, dest: dest, clearIfRefused: uncleared)
    }

    /// The canvas may take the next draw: no layer is being rasterised, CPU compositing is on,
    /// and the canvas is open, a base waits for it or the frame is a plain surface.
    var isAvailable: Bool {
        frame.rasterizing == 0 && frame.cpuCompositing && (canvas.isOpen || pendingBase != nil || frame.surface != nil)
    }

    /// Closes the canvas (see CPUCanvas.close).
    func close() { canvas.close(sdl: frame.sdl) }

    /// Bytes of the canvas's own texture (see CPUCanvas.byteCount).
    var byteCount: Int { canvas.byteCount }

    /// Before SDL draws into the frame: the canvas is copied to it (or the base waiting for
    /// one is copied as before), and the frame is cleared if nothing covers it yet, except for
    /// `covering` (device px), which the drawing that follows paints opaque (nor is a base
    /// skipped under a shadow written there).
    func prepareFrameForSDL(covering: PixelRect? = nil) {
        guard frame.rasterizing == 0 else { return }
        if canvas.isOpen {
            fillUntinted(except: covering)
            if canvas.close(sdl: frame.sdl) { frame.stats.drawCalls += 1 }
            frame.applyClip()
            clearPending = false
        } else if let b = pendingBase {
            pendingBase = nil
            frame.flushSolid()
            SDL_RenderSetClipRect(frame.sdl, nil)
            let copied = layers?.copyBase(b) ?? false
            frame.applyClip()
            // The frame is covered only if the copy happened; if SDL refused, it is cleared.
            if copied { clearPending = false } else if b.clearIfRefused { clearPending = true }
        }
        if clearPending {
            clearPending = false
            let area = clearBounds ?? frame.bounds
            if frame.cpuCompositing, let c = covering?.intersection(area), !c.isEmpty {
                // Only around what the next copy paints.
                area.forEachPart(around: c) { fillWithClearColor($0) }
            } else if clearBounds != nil {
                fillWithClearColor(area)
            } else if let s = frame.surface, s.pointee.w > frame.width || s.pointee.h > frame.height {
                // The surface is larger than the frame (a headless window made smaller): SDL's
                // clear would fill all of it.
                fillWithClearColor(frame.bounds)
            } else {
                let (r, g, b, a) = clearColor.rgba8
                SDL_SetRenderDrawColor(frame.sdl, r, g, b, a)
                SDL_RenderClear(frame.sdl)   // (ignores the clip and the blend mode)
            }
        }
    }

    /// The canvas, if the frame's next drawing can go onto it: open already, or a base waiting
    /// that it opens over (the base's pixels, tinted, are its first contents).
    /// `skip`: a rectangle the caller will cover (a shadow's hole); its base is written later,
    /// when something needs it (see `untinted`).
    func canvasForNextDraw(skip: PixelRect? = nil) -> PixelTarget? {
        guard frame.rasterizing == 0, frame.cpuCompositing else { return nil }
        if let t = canvas.target { return t }
        guard let b = pendingBase, let e = layers?.entry(b.id), e.width == frame.width, e.height == frame.height else { return nil }
        frame.flushSolid()
        guard let t = openCanvas() else { return nil }
        pendingBase = nil
        let tint = b.tintOrNone
        let hole = skip.map { $0.intersection(t.bounds) }
        if let h = hole, !h.isEmpty {
            t.bounds.forEachPart(around: h) { writeTinted(e, tint, into: t, $0) }
            untinted = (h, b)
        } else {
            writeTinted(e, tint, into: t, t.bounds)
        }
        return t
    }

    /// The frame's own pixels for a draw that needs no base under it, when the frame is a plain
    /// surface: whatever waits is settled first (a base opened over, or the clear done except
    /// under `covering`, which the draw paints opaque). nil: no such surface (or SDL refused).
    func frameCanvas(covering: PixelRect? = nil) -> PixelTarget? {
        guard frame.rasterizing == 0, frame.cpuCompositing, frame.surface != nil else { return nil }
        if let t = canvas.target { return t }
        if pendingBase != nil, let t = canvasForNextDraw() { return t }
        let uncleared = clearPending
        prepareFrameForSDL(covering: covering)
        frame.flushSolid()
        if let t = openCanvas() { return t }
        // SDL refused: the caller draws through SDL, which may not paint all of `covering`.
        if uncleared, let c = covering?.intersection(clearBounds ?? frame.bounds) {
            fillWithClearColor(c)
        }
        return nil
    }

    /// Fills whole pixels of the frame with its clear colour, unblended and unclipped.
    private func fillWithClearColor(_ p: PixelRect) {
        guard !p.isEmpty else { return }
        SDL_RenderSetClipRect(frame.sdl, nil)
        SDL_SetRenderDrawBlendMode(frame.sdl, SDL_BLENDMODE_NONE)
        let (r, g, b, a) = clearColor.rgba8
        SDL_SetRenderDrawColor(frame.sdl, r, g, b, a)
        var rect = frame.sdlRect(p)
        SDL_RenderFillRect(frame.sdl, &rect)
        SDL_SetRenderDrawBlendMode(frame.sdl, SDL_BLENDMODE_BLEND)
        frame.applyClip()
    }

    private func openCanvas() -> PixelTarget? {
        if let s = frame.surface { return canvas.openDirect(sdl: frame.sdl, surface: s, width: frame.width, height: frame.height) }
        return canvas.open(sdl: frame.sdl, width: frame.width, height: frame.height)
    }

    /// Writes the base where it was skipped (nothing covered it after all).
    /// `covered`: what the draw about to happen paints opaque (needs no base either), as does
    /// what a later occluder paints over.
    func fillUntinted(except covered: PixelRect? = nil) {
        guard let (rect, b) = untinted, let t = canvas.target else { untinted = nil; return }
        untinted = nil
        guard let e = layers?.entry(b.id) else { return }
        let tint = b.tintOrNone
        guard let c = covered?.intersection(rect), !c.isEmpty else { writeTinted(e, tint, into: t, rect); return }
        if c == rect { return }
        guard frame.occlusion else { writeTinted(e, tint, into: t, rect); return }
        frame.stats.occludedPixels += c.area
        rect.forEachPart(around: c) { writeTinted(e, tint, into: t, $0) }
    }

    /// A layer's pixels, tinted, onto the canvas over `r` (the same place in both), except what
    /// a later occluder paints over.
    /// `origin`: where the layer's first pixel is on the canvas (`r` is in canvas pixels).
    func writeTinted(_ e: LayerCache.Entry, _ tint: LayerTint, into t: PixelTarget, _ r: PixelRect, origin: (x: Int, y: Int) = (0, 0)) {
        let inside = r.intersection(t.bounds)
        guard !inside.isEmpty else { return }
        e.pixels.withUnsafeBufferPointer { px in
            occluders.forEachUnoccludedPart(of: inside) { p in
                // The layer's pixels under p, written through a base shifted by the origin.
                let local = PixelRect(x0: p.x0 - origin.x, y0: p.y0 - origin.y, x1: p.x1 - origin.x, y1: p.y1 - origin.y)
                tint.applyInBands(px, width: Int(e.width), height: Int(e.height), into: t.base + origin.y * t.pitch + origin.x * 4,
                                  pitch: t.pitch, region: local)
            }
        }
    }

    /// A layer copied 1:1 at `dest` (device px, its size): where its first pixel goes, and the
    /// part of it that shows (within the clip unless `unclipped`).
    func placed(_ e: LayerCache.Entry, at dest: Rect, unclipped: Bool = false) -> (origin: (x: Int, y: Int), shown: PixelRect) {
        let ox = Int(dest.minX), oy = Int(dest.minY)
        let r = PixelRect(x0: ox, y0: oy, x1: ox + Int(e.width), y1: oy + Int(e.height))
        return ((ox, oy), r.intersection(unclipped ? frame.bounds : frame.visible))
    }

    /// A layer blended 1:1 onto the frame's own pixels at `dest` (device px, its size) at the
    /// group's opacity, within the clip and around what a later occluder paints (LayerBlend);
    /// false if the frame is not a plain surface or a layer is being rasterised.
    func blendOnCanvas(_ e: LayerCache.Entry, to dest: Rect) -> Bool {
        guard frame.releasesLayerTargets, frame.rasterizing == 0, Int32(dest.width) == e.width, Int32(dest.height) == e.height,
              e.pixels.count == Int(e.width) * Int(e.height) else { return false }
        let ((ox, oy), region) = placed(e, at: dest)
        if region.isEmpty { return true }
        guard let t = canvasForNextDraw() ?? frameCanvas() else { return false }
        fillUntinted()
        let inside = region.intersection(t.bounds)
        let width = Int(e.width)
        let alpha = UInt32(max(0, min(255, (frame.opacity * 255).rounded())))
        // (No spans, an opaque background's layer: each pixel is looked at. An empty array's
        // buffer may still have an address: never read as spans.)
        let hasSpans = e.opaqueSpans.count == Int(e.height)
        e.pixels.withUnsafeBufferPointer { px in
            e.opaqueSpans.withUnsafeBufferPointer { sp in
                guard let src = px.baseAddress else { return }
                occluders.forEachUnoccludedPart(of: inside) { p in
                    LayerBlend.blend(src + (p.y0 - oy) * width + (p.x0 - ox), sourceStride: width, onto: t.row(p.y0) + p.x0,
                                     destinationStride: t.pitch / 4, width: p.x1 - p.x0, rows: p.y1 - p.y0, alpha: alpha,
                                     spans: hasSpans ? sp.baseAddress.map { $0 + (p.y0 - oy) } : nil, column: p.x0 - ox)
                }
            }
        }
        frame.stats.canvasDraws += 1
        frame.targetTouched = true
        return true
    }

    /// An opaque layer copied 1:1 into the target texture of the layer being rasterised (the
    /// Today list inside the backdrop behind a card), within the clip and the damage being
    /// redrawn: its pixels written into the texture, so that it needs no texture of its own.
    private func copyIntoTarget(_ e: LayerCache.Entry, at origin: (x: Int, y: Int)) -> Bool {
        guard let target = frame.currentTarget else { return false }
        var region = PixelRect(x0: origin.x, y0: origin.y, x1: origin.x + Int(e.width), y1: origin.y + Int(e.height))
            .intersection(frame.targetBounds())
        if let c = frame.clip { region = region.intersection(PixelRect(inside: c)) }
        if let p = frame.partialRedraw, !p.drawingWhole { region = region.intersection(PixelRect(inside: p.damage)) }
        if region.isEmpty { return true }
        // What SDL queued for the target is drawn first: the write must land on top of it.
        frame.flushSolid()
        SDL_RenderFlush(frame.sdl)
        var rect = frame.sdlRect(region)
        let width = Int(e.width)
        let ok = e.pixels.withUnsafeBytes { buf in
            SDL_UpdateTexture(target, &rect, buf.baseAddress.map { $0 + ((region.y0 - origin.y) * width + region.x0 - origin.x) * 4 }, e.width * 4)
        }
        guard ok == 0 else { return false }
        frame.stats.drawCalls += 1
        frame.targetTouched = true
        return true
    }

    /// An opaque layer copied 1:1 onto the frame's own pixels at `dest` (device px, its size),
    /// within the clip (unless `unclipped`) and around what a later occluder paints; false if
    /// the frame is not a plain surface (nothing drawn). `closing`: the canvas is closed after
    /// (while the frame is being prepared for SDL).
    func copyOnCanvas(_ e: LayerCache.Entry, to dest: Rect, unclipped: Bool = false, closing: Bool = false) -> Bool {
        guard frame.releasesLayerTargets, Int32(dest.width) == e.width, Int32(dest.height) == e.height,
              e.pixels.count == Int(e.width) * Int(e.height) else { return false }
        let ((ox, oy), region) = placed(e, at: dest, unclipped: unclipped)
        if frame.rasterizing > 0 { return copyIntoTarget(e, at: (ox, oy)) }
        if region.isEmpty { return true }
        guard let t = canvasForNextDraw(skip: region) ?? frameCanvas(covering: region) else { return false }
        fillUntinted(except: region)
        let inside = region.intersection(t.bounds)
        let width = Int(e.width)
        e.pixels.withUnsafeBufferPointer { px in
            guard let src = px.baseAddress else { return }
            occluders.forEachUnoccludedPart(of: inside) { p in
                // Opaque (what SDL blended onto the background may read 254 in alpha).
                for y in p.y0..<p.y1 {
                    let d = t.row(y) + p.x0, s = src + (y - oy) * width + (p.x0 - ox)
                    for x in 0..<(p.x1 - p.x0) { d[x] = s[x] | 0xFF00_0000 }
                }
            }
        }
        frame.stats.canvasDraws += 1
        if closing { canvas.close(sdl: frame.sdl) }
        frame.targetTouched = true
        return true
    }

    /// The top-left quarter-disc coverage of a corner of `radius` px (cached by radius).
    func quarter(_ radius: Int) -> [UInt8] {
        if let q = quarters[radius] { return q }
        if quarters.count > 32 { quarters.removeAll() }
        let q = CornerCoverage.quarter(radius: Double(radius)).alpha
        quarters[radius] = q
        return q
    }
}
