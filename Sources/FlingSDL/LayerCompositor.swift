// LayerCompositor: layers (DisplayList.layer): a group whose commands repeat is rasterised once
// into a texture with a CPU copy of its pixels (LayerCache; redrawn only where a change can
// reach, LayerDamage) and then composited: copied 1:1 onto the canvas or through SDL around
// what later draws paint over, tinted when a dim or a fade folds into the copy (LayerTint), or
// scaled into its rounded frame (the canvas, or RoundedCopy). A group that changes every frame
// is drawn directly. A layer's own commands are drawn by Renderer's frame loop (`Run`).
import CSDL2
import FlingCore

@MainActor
final class LayerCompositor {
    /// Draws `commands[range]` as the frame loop does (Renderer.run): a layer's own commands,
    /// into its texture or directly into the frame.
    typealias Run = (_ commands: [DrawCommand], _ range: Range<Int>) -> Void

    private let frame: FrameContext
    private let canvas: CanvasTarget
    private let occluders: Occlusion
    /// A dim's part outside a layer it folds into.
    private let shapes: ShapePainter
    /// A layer rasterised with photos in it is redrawn when their textures change.
    private let images: ImageStore
    private var cache = LayerCache()
    /// The frame's `DisplayList.preparesHidden`.
    private var preparesHidden = true

    init(frame: FrameContext, canvas: CanvasTarget, occluders: Occlusion, shapes: ShapePainter, images: ImageStore) {
        self.frame = frame
        self.canvas = canvas
        self.occluders = occluders
        self.shapes = shapes
        self.images = images
    }

    /// A frame begins: the layers it contains are noted (LayerCache.makeRoom keeps them), and
    /// whether hidden ones are prepared (DisplayList.preparesHidden).
    func beginFrame(_ commands: [DrawCommand], preparesHidden: Bool) {
        cache.keepsSparePixels = frame.releasesLayerTargets
        self.preparesHidden = preparesHidden
        cache.beginFrame()
        layersInFrame.removeAll(keepingCapacity: true)
        for c in commands { if case let .beginLayer(spec) = c { layersInFrame.insert(spec.id) } }
    }

    /// Layers kept.
    var count: Int { cache.count }

    /// The app went idle: layers the last frame did not draw go.
    func trimForIdle() { cache.dropUndrawn() }

    /// The target outermost layers share goes (see LayerCache.sharedTarget).
    func releaseSharedTarget() { cache.releaseSharedTarget() }

    /// A waiting base's layer (CanvasTarget writes its pixels).
    func entry(_ id: String) -> LayerCache.Entry? { cache.entries[id] }

    /// Copies a waiting full-frame base where the canvas did not open over it (the frame is
    /// being prepared for SDL, unclipped); false if nothing was copied.
    func copyBase(_ b: CanvasTarget.PendingBase) -> Bool {
        if let tint = b.tint { return compositeTinted(b.id, tint: tint, dest: b.dest, unclipped: true) }
        if let e = cache.entries[b.id], canvas.copyOnCanvas(e, to: b.dest, unclipped: true, closing: true) { return true }
        guard let texture = cache.texture(b.id, renderer: frame.sdl) else { return false }
        SDL_SetTextureAlphaMod(texture, 255)
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        return copyUnoccluded(texture, to: b.dest)
    }

    /// The photos the kept layers hold (shown from a layer, they are drawn by no command); with
    /// `drawnOnly`, only those the last frame drew.
    func imagesHeld(drawnOnly: Bool = false) -> Set<String> {
        var names = Set<String>()
        for (id, e) in cache.entries where !drawnOnly || cache.drawnInLastFrame(id) {
            for c in e.commands[e.range] { if case let .image(name, _, _, _) = c { names.insert(name) } }
        }
        return names
    }

    /// Bytes the layers hold: their textures (with edge rows), their CPU copies, their tinted
    /// copies.
    var byteCounts: (textures: Int, copies: Int, tinted: Int) {
        var layerTextures = cache.sharedTargetBytes, layerCopies = cache.spareBytes, layerTinted = 0
        for e in cache.entries.values {
            layerTextures += textureBytes(e.texture) + textureBytes(e.edges?.texture)
            layerCopies += e.pixels.count * 4
            layerTinted += textureBytes(e.tinted)
        }
        return (layerTextures, layerCopies, layerTinted)
    }

    /// The blend modes of a layer's texture and its edge rows' texture (tests: see EdgeRows).
    func blendModes(ofLayer id: String) -> (texture: SDL_BlendMode, edges: SDL_BlendMode?)? {
        cache.entries[id].map { e in (e.texture.map(textureBlendMode) ?? SDL_BLENDMODE_NONE, e.edges.map { textureBlendMode($0.texture) }) }
    }
    /// Layers' SDL textures (their own and edge-row ones; tests: composited from their pixels,
    /// layers hold none).
    var textureCount: Int {
        cache.entries.values.reduce(0) { $0 + ($1.texture == nil ? 0 : 1) + ($1.edges == nil ? 0 : 1) }
    }

    /// Draws a layer group (`commands[inner]`, between its beginLayer and endLayer); returns
    /// true if it also drew the `.dim` at `next` (folded in).
    func draw(_ spec: LayerSpec, _ commands: [DrawCommand], _ inner: Range<Int>, next: Int?, popsBeforeNext: Int, run: Run) -> Bool {
        guard !frame.clippedAway else { return false }
        let invisible = frame.opacity <= 0.001
        if !invisible, spec.cornerRadius > 0 || spec.scalable || abs(frame.transform.scale - 1) > 1e-9 {
            drawStretchedLayer(spec, commands, inner, run: run)
            return false
        }
        let d = frame.px(spec.bounds)
        let ox = d.minX.rounded(), oy = d.minY.rounded()
        let w = Int32(d.maxX.rounded() - ox), h = Int32(d.maxY.rounded() - oy)
        guard w > 0, h > 0 else { return false }
        let seen = LayerCache.Seen(spec: spec, commands: commands, range: inner, width: w, height: h, scale: frame.pxPerPt, stretched: false)
        let new = cache.isNew(spec.id)
        var decision = cache.decide(seen)
        if invisible {
            // Hidden (DisplayList.hidden: the list behind an expanded card), it is rasterised,
            // not shown, in a frame that prepares hidden layers (nothing moves), if new or held
            // still since the last frame (not every frame of a live resize), so the gesture that
            // fades it back in (a pull) finds it ready instead of paying for it in its first
            // frame. Merely faint (a fade passing through 0), only once it holds still.
            let hidden = frame.opacity == 0
            let prepare = hidden
                ? preparesHidden && decision != .composite && (new || cache.repeats(spec.id) >= 1)
                : decision == .rasterize
            if prepare, abs(frame.transform.scale - 1) < 1e-9, spec.cornerRadius == 0, !spec.scalable,
               rasterize(seen, base: Transform.translate(-ox / frame.scale, -oy / frame.scale).concatenating(frame.transform), run: run) {
                frame.stats.layersRasterized += 1
            }
            return false
        }
        // Faded and new: drawn directly, every primitive would be alpha-modulated (SDL's
        // slowest blits); rasterised at full opacity and copied tinted costs less at once.
        // (One that changes every frame is still drawn directly: a texture would be remade.)
        if decision == .drawDirectly, new, frame.opacity < 0.999, spec.background.a >= 1 { decision = .rasterize }
        if decision == .rasterize {
            // The same device pixels as drawn directly, shifted so the layer's origin is (0, 0).
            let base = Transform.translate(-ox / frame.scale, -oy / frame.scale).concatenating(frame.transform)
            if rasterize(seen, base: base, run: run) { frame.stats.layersRasterized += 1 } else { decision = .drawDirectly }
        }
        switch decision {
        case .drawDirectly:
            // Changing every frame (or no texture could be made): a texture would only add a
            // copy.
            drawDirectly(commands, inner, clippedTo: Rect(x: ox, y: oy, width: Double(w), height: Double(h)), run: run)
            return false
        case .rasterize, .composite:
            break
        }
        guard let e = cache.entries[spec.id] else { return false }
        frame.stats.layersComposited += 1
        let dest = Rect(x: ox, y: oy, width: Double(w), height: Double(h))
        // A dim right after the layer, over at least its rectangle, is folded into the copy (of
        // a faded layer too when nothing is below it but the background: LayerTint does both).
        var dimAmount = 0.0
        var dimRect: Rect?
        let dimOpacity = popsBeforeNext < frame.opacities.count ? frame.opacities[frame.opacities.count - 1 - popsBeforeNext] : 1
        if let n = next, case let .dim(r, dimmed) = commands[n], spec.background.a >= 1, frame.opacity > 0.999 || !frame.targetTouched,
           dimOpacity > 0.001 {
            let amount = dimmed * dimOpacity
            let dr = frame.px(r)
            let snappedDim = Rect(x: dr.minX.rounded(), y: dr.minY.rounded(),
                                  width: dr.maxX.rounded() - dr.minX.rounded(), height: dr.maxY.rounded() - dr.minY.rounded())
            if snappedDim.minX <= dest.minX, snappedDim.minY <= dest.minY, snappedDim.maxX >= dest.maxX, snappedDim.maxY >= dest.maxY { dimAmount = max(0, min(1, amount)); dimRect = snappedDim }
        }
        let faded = frame.opacity < 0.999
        let tinted = spec.background.a >= 1 && (dimAmount > 0 || (faded && !frame.targetTouched))
        if frame.rasterizing == 0, frame.cpuCompositing, frame.unclipped, spec.background.a >= 1, tinted || !faded,
           ox == 0, oy == 0, w == frame.width, h == frame.height, e.width == w, e.height == h, dimRect.map({ $0 == dest }) ?? true {
            // Covers the frame, opaque: no clear under it, and its copy waits to see whether the
            // canvas opens on it.
            canvas.deferBase(id: spec.id,
                             tint: tinted ? LayerTint(opacity: faded ? frame.opacity : 1, dim: dimAmount, background: frame.targetBackground) : nil,
                             dest: dest)
            frame.targetTouched = true
            return dimRect != nil
        }
        // An opaque copy paints its rectangle (within the clip): the frame's clear skips it.
        let paints = tinted || (spec.background.a >= 1 && !faded && e.opaqueRows == 0..<Int(e.height))
        var painted = PixelRect(inside: dest)
        if let c = frame.clip { painted = painted.intersection(PixelRect(inside: c)) }
        canvas.prepareFrameForSDL(covering: paints ? painted : nil)
        frame.flushSolid()
        if tinted {
            // One tint pass (kept while the tint holds still), then an opaque 1:1 copy.
            let tint = LayerTint(opacity: faded ? frame.opacity : 1, dim: dimAmount, background: frame.targetBackground)
            compositeTinted(spec.id, tint: tint, dest: dest)
        } else if frame.opacity >= 0.999, e.opaqueRows == 0..<Int(h), canvas.copyOnCanvas(e, to: dest) {
            // Opaque, onto the frame's own pixels (its texture was handed back).
        } else if canvas.blendOnCanvas(e, to: dest) {
            // With transparent parts or faded, blended onto the frame's own pixels.
        } else if let texture = cache.texture(spec.id, renderer: frame.sdl) {
            let alpha = UInt8(max(0, min(255, (frame.opacity * 255).rounded())))
            SDL_SetTextureAlphaMod(texture, alpha)
            if alpha == 255, e.opaqueRows == 0..<Int(h) {
                // Opaque: one copy without blending, around what a later draw paints over.
                SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
                copyUnoccluded(texture, to: dest)
            } else {
                frame.copyInRowBands(texture, edges: e.edges, width: w, height: Int(h), opaqueRows: e.opaqueRows, blendOpaque: alpha < 255) { rows in
                    SDL_Rect(x: Int32(ox), y: Int32(oy) + Int32(rows.lowerBound), w: w, h: Int32(rows.count))
                }
            }
        }
        frame.targetTouched = true
        guard let dr = dimRect else { return false }
        // The dim's part outside the layer (if any) is an ordinary blended fill.
        let black = Color(white: 0, alpha: dimAmount)
        PixelRect(inside: dr).forEachPart(around: PixelRect(inside: dest)) { shapes.fillRect($0.x0, $0.y0, $0.x1, $0.y1, black) }
        return true
    }

    /// A rounded or scaled layer: rasterised at the renderer's scale (even the first time: its
    /// corners exist only in the copy), then copied scaled into its frame, the corners cut by
    /// RoundedCopy. A pull that scales, moves and rounds it never re-rasterises it.
    private func drawStretchedLayer(_ spec: LayerSpec, _ commands: [DrawCommand], _ inner: Range<Int>, run: Run) {
        // Where the copy goes: the part shown (a zooming card's cut), the whole rasterised.
        let d = frame.px(spec.shownBounds)
        let w = Int32((spec.bounds.width * frame.scale).rounded()), h = Int32((spec.bounds.height * frame.scale).rounded())
        guard w > 0, h > 0, d.width >= 1, d.height >= 1 else { return }
        let cropRows = spec.visibleHeight.map { min(Double(h), max(1, ($0 * frame.scale).rounded())) } ?? Double(h)
        let crop = Rect(x: 0, y: 0, width: Double(w), height: cropRows)
        let seen = LayerCache.Seen(spec: spec, commands: commands, range: inner, width: w, height: h, scale: frame.scale, stretched: true)
        let decision = cache.decide(seen)
        if decision == .drawDirectly, spec.cornerRadius == 0, abs(frame.transform.scale - 1) < 1e-9 {
            // Square and unscaled, changing every frame (an expanded card scrolled): drawn as
            // it is, as an unscaled layer would be.
            let (x0, y0, x1, y1) = frame.snapped(d)
            drawDirectly(commands, inner, clippedTo: Rect(x: Double(x0), y: Double(y0), width: Double(x1 - x0), height: Double(y1 - y0)), run: run)
            return
        }
        if decision != .composite {
            guard rasterize(seen, base: .translate(-spec.bounds.minX, -spec.bounds.minY), still: decision == .rasterize, run: run) else { return }
            frame.stats.layersRasterized += 1
        }
        guard let e = cache.entries[spec.id] else { return }
        let (x0, y0, x1, y1) = frame.snapped(d)
        let radii = frame.pixelRadii(CornerRadii(spec.cornerRadius * frame.pxPerPt), w: x1 - x0, h: y1 - y0)
        let alpha = UInt8(max(0, min(255, (frame.opacity * 255).rounded())))
        let opaque = spec.background.a >= 1 && e.opaqueRows == 0..<Int(e.height)
        // A shadow's hole in what the copy surely writes opaque needs no base, nor a clear.
        let visible = frame.visible
        let covered = frame.surelyCovered(PixelRect(x0: x0, y0: y0, x1: x1, y1: y1), radii: radii)
        // An opaque background makes the layer opaque (a few pixels SDL blended onto it may
        // read 254 from rounding): the canvas copies it as such.
        // Faded (a zoom's cross-fade), the same pass mixes it over what is there: through SDL
        // it needed a texture made from the layer's pixels (8 MB at 1080×1920) and a blended
        // scaled copy, 7.5 ms a frame.
        let faded = alpha < 255
        if spec.background.a >= 1, let t = canvas.canvasForNextDraw() ?? canvas.frameCanvas(covering: faded ? nil : covered) {
            // Onto the canvas: scaled and rounded in one pass over the pixels it covers.
            canvas.fillUntinted(except: faded ? nil : covered)
            e.pixels.withUnsafeBufferPointer { source in
                CanvasKernels.scaledCopy(source: source, width: Int(e.width), height: Int(e.height), crop: crop, fade: CanvasKernels.widen(UInt32(alpha)),
                                         dest: PixelRect(x0: x0, y0: y0, x1: x1, y1: y1),
                                         radii: radii, quarter: canvas.quarter, visible: visible, into: t, scratch: &canvas.scratch)
            }
            frame.stats.layersComposited += 1
            frame.stats.canvasDraws += 1
            frame.targetTouched = true
            return
        }
        // Opaque, its rows between the corners are painted whole: the clear skips them.
        let painted = PixelRect(x0: x0, y0: y0 + max(radii.tl, radii.tr), x1: x1, y1: y1 - max(radii.bl, radii.br)).intersection(frame.visible)
        canvas.prepareFrameForSDL(covering: alpha == 255 && opaque ? painted : nil)
        frame.flushSolid()
        let visibleRect = frame.outputVisible
        guard let texture = cache.texture(spec.id, renderer: frame.sdl) else { frame.applyClip(); return }
        let calls = e.pixels.withUnsafeBytes { bytes in
            frame.roundedCopy.copy(RoundedCopySource(texture: texture, crop: crop, opaque: opaque,
                                               sample: RoundedCopy.sampler(bytes, width: Int(w), height: Int(h), r: 2, g: 1, b: 0, a: 3)),
                             sdl: frame.sdl, x0: x0, y0: y0, x1: x1, y1: y1, radii: radii, visible: visibleRect, alpha: alpha)
        }
        frame.stats.drawCalls += calls
        frame.stats.layersComposited += 1
        frame.targetTouched = true
        frame.applyClip()
    }

    /// A layer's commands drawn into the frame as they are, clipped to its rectangle (device
    /// px). The frame is prepared by the first thing drawn inside: an opaque copy there spares
    /// the clear under it.
    private func drawDirectly(_ commands: [DrawCommand], _ inner: Range<Int>, clippedTo r: Rect, run: Run) {
        frame.flushSolid()
        frame.clips.append(frame.clip.map { $0.intersection(r) } ?? r)
        frame.applyClip()
        run(commands, inner)
        frame.flushSolid()
        frame.clips.removeLast()
        frame.applyClip()
    }

    /// The ids of the layers the frame being drawn contains (LayerCache.makeRoom keeps them).
    private var layersInFrame: Set<String> = []

    /// A change over more than this many tenths of a layer redraws it whole (the clip and the
    /// damage's bookkeeping would buy nothing).
    private static let partialRedrawMaximumTenths = 7

    /// Renders the layer's commands into its texture through `base` (which puts the layer's
    /// origin at (0, 0)) and keeps a CPU copy of its pixels; false if SDL refused.
    private func rasterize(_ seen: LayerCache.Seen, base: Transform, still: Bool = true, run: Run) -> Bool {
        let id = seen.spec.id
        // The outermost layer: the shared target and the spare pixels are its (a layer
        // rasterised inside another needs a target of its own, and its own new pixels).
        let shared = frame.releasesLayerTargets && frame.rasterizing == 0
        if frame.releasesLayerTargets, cache.entries[id].map({ $0.width != seen.width || $0.height != seen.height }) ?? true {
            cache.makeRoom(for: id, adding: Int(seen.width) * Int(seen.height) * 4,
                            budget: RenderBudgets.layerFrames * Int(frame.width) * Int(frame.height) * 4, inFrame: layersInFrame,
                            takesSpare: shared)
        }
        guard let texture = shared ? cache.sharedTargetTexture(for: id, width: seen.width, height: seen.height,
                                                               frame: (frame.width, frame.height), renderer: frame.sdl)
                                   : cache.targetTexture(for: id, width: seen.width, height: seen.height, renderer: frame.sdl) else { return false }
        // The spare is taken now, before the layer's commands run: a layer inside it must not
        // have it (its budget was made for this one).
        let pixelCount = Int(seen.width) * Int(seen.height)
        let reserved = shared && cache.entries[id]?.pixels.count != pixelCount ? cache.reusedPixels(count: pixelCount) : nil
        if reserved != nil { frame.stats.layerPixelsReused += 1 }
        frame.flushSolid()
        frame.rasterizing += 1
        // Its commands are run again: the layer's own index is restored after.
        let index = frame.commandIndex, wasStill = frame.rasterizingStill
        frame.rasterizingStill = still
        defer { frame.rasterizing -= 1; frame.commandIndex = index; frame.rasterizingStill = wasStill }
        let saved = (frame.transforms, frame.opacities, frame.clips, frame.currentTarget, frame.targetBackground, frame.targetTouched, frame.targetSize)
        // The same texture, drawn the same way, with only some commands changed: only the
        // pixels those can change are drawn again and read back.
        let whole = PixelRect(x0: 0, y0: 0, x1: Int(seen.width), y1: Int(seen.height))
        var plan: LayerDamage.Plan?
        if frame.partialRasterization, let e = cache.entries[id], e.base == base, e.still == still,
           e.imageGeneration == images.generation,
           e.spec == seen.spec, e.scale == seen.scale, e.stretched == seen.stretched, e.pixels.count == whole.area,
           let p = LayerDamage.plan(old: e.commands[e.range], new: seen.commands[seen.range], base: base, scale: frame.scale,
                                    width: Int(seen.width), height: Int(seen.height)),
           p.damage.area * 10 < whole.area * Self.partialRedrawMaximumTenths {
            plan = p
        }
        let region = plan?.damage ?? whole
        /// A texture no entry holds yet (a new one) is destroyed if SDL fails.
        func dropUnheld() { if cache.entries[id]?.texture != texture, !shared { SDL_DestroyTexture(texture) } }
        guard SDL_SetRenderTarget(frame.sdl, texture) == 0 else { dropUnheld(); return false }
        frame.currentTarget = texture
        frame.targetSize = (seen.width, seen.height)
        let (r, g, b, a) = seen.spec.background.rgba8
        SDL_SetRenderDrawColor(frame.sdl, r, g, b, a)
        SDL_SetRenderDrawBlendMode(frame.sdl, SDL_BLENDMODE_NONE)
        var area = frame.sdlRect(region)
        if plan == nil {
            // (A shared target is filled only where the layer lies: a keyboard-sized layer
            // does not clear 8 MB.)
            if shared {
                SDL_RenderSetClipRect(frame.sdl, &area)
                SDL_RenderFillRect(frame.sdl, &area)
            } else {
                SDL_RenderSetClipRect(frame.sdl, nil)
                SDL_RenderClear(frame.sdl)
            }
        } else if !region.isEmpty {
            SDL_RenderSetClipRect(frame.sdl, &area)
            SDL_RenderFillRect(frame.sdl, &area)
            frame.stats.partialRasterizations += 1
        }
        SDL_SetRenderDrawBlendMode(frame.sdl, SDL_BLENDMODE_BLEND)
        frame.transforms = [base]
        frame.opacities = [1]; frame.clips = [nil]
        frame.targetBackground = seen.spec.background; frame.targetTouched = false
        if let p = plan {
            frame.partialRedraw = FrameContext.PartialRedraw(damage: Rect(x: Double(region.x0), y: Double(region.y0), width: Double(region.x1 - region.x0),
                                                       height: Double(region.y1 - region.y0)),
                                          runs: p.runs, first: seen.range.lowerBound)
        }
        if !region.isEmpty {
            frame.applyClip()
            run(seen.commands, seen.range)
        }
        frame.flushSolid()
        frame.partialRedraw = nil
        // The pixels, taken out of the entry so that writing them does not copy 8 MB.
        var pixels: [UInt32] = []
        cache.update(id) { swap(&pixels, &$0.pixels) }
        if pixels.count != whole.area {
            // Read back whole, every pixel is written: the pixels of a layer gone are reused
            // as they are, and a new buffer is not zeroed first (that would only add to its
            // page faults).
            if plan == nil && !whole.isEmpty {
                pixels = reserved ?? [UInt32](unsafeUninitializedCapacity: whole.area) { _, n in n = whole.area }
            } else {
                pixels = [UInt32](repeating: 0, count: whole.area)
            }
        }
        let width = Int(seen.width)
        var ok = region.isEmpty ? 0 : pixels.withUnsafeMutableBytes { buf in
            SDL_RenderReadPixels(frame.sdl, &area, fling_SDL_PIXELFORMAT_ARGB8888(), buf.baseAddress.map { $0 + (region.y0 * width + region.x0) * 4 },
                                 seen.width * 4)
        }
        if ok == 0, !frame.releasesLayerTargets, let t = plan?.touched, t != region {
            // What the copies drawn whole spilled around the damage: put back as it was.
            var spill = frame.sdlRect(t)
            ok = pixels.withUnsafeBytes { buf in
                SDL_UpdateTexture(texture, &spill, buf.baseAddress.map { $0 + (t.y0 * width + t.x0) * 4 }, seen.width * 4)
            }
        }
        (frame.transforms, frame.opacities, frame.clips, frame.currentTarget, frame.targetBackground, frame.targetTouched, frame.targetSize) = saved
        SDL_SetRenderTarget(frame.sdl, frame.currentTarget)
        frame.applyClip()
        guard ok == 0 else { dropUnheld(); cache.remove(id); return false }
        // An opaque background makes the layer opaque. (What SDL blends onto it may read 253 or
        // 254 in alpha from its rounding: scanned, one such pixel left every row below it to a
        // blended copy, four times slower, at every composite of the Today list.) A clear one
        // is opaque where each row's span says, SDL's rounding put back (LayerOpacity).
        let old = cache.entries[id]
        var spans: [OpaqueSpan] = []
        let rows: Range<Int>
        if seen.spec.background.a >= 1 {
            rows = 0..<Int(seen.height)
        } else {
            let scanned = plan == nil ? whole : region
            // Redrawn in part, the rows outside the region keep the spans they had.
            spans = plan != nil ? old?.opaqueSpans ?? [] : []
            if spans.count != Int(seen.height) { spans = [OpaqueSpan](repeating: .none, count: Int(seen.height)) }
            pixels.withUnsafeMutableBufferPointer {
                LayerOpacity.snapAndScan($0, width: width, rows: scanned.y0..<scanned.y1, columns: scanned.x0..<scanned.x1, into: &spans)
            }
            rows = LayerOpacity.opaqueRows(spans, width: width)
            // A texture kept (copied by SDL) holds the same snapped pixels: every path shows
            // the layer alike.
            if !frame.releasesLayerTargets, !scanned.isEmpty {
                var r = frame.sdlRect(scanned)
                _ = pixels.withUnsafeBytes { buf in
                    SDL_UpdateTexture(texture, &r, buf.baseAddress.map { $0 + (scanned.y0 * width + scanned.x0) * 4 }, seen.width * 4)
                }
            }
        }
        // (A stretched layer is copied by RoundedCopy or the canvas, never in bands.)
        // (Nor one composited from its pixels: its edge rows are blended there, LayerBlend.)
        let edges = seen.stretched || frame.releasesLayerTargets ? nil : pixels.withUnsafeBufferPointer {
            EdgeRows.make(argb: $0, width: width, height: Int(seen.height), opaque: rows, reusing: old?.edges, renderer: frame.sdl)
        }
        cache.store(LayerCache.Entry(texture: shared ? nil : texture, width: seen.width, height: seen.height, scale: seen.scale,
                                      stretched: seen.stretched, base: base, still: still,
                                      imageGeneration: images.generation, spec: seen.spec,
                                      commands: seen.commands, range: seen.range, pixels: pixels, opaqueRows: rows, opaqueSpans: spans, edges: edges,
                                      tinted: old?.width == seen.width && old?.height == seen.height ? old?.tinted : nil, tint: nil))
        if let t = old?.tinted, old?.width != seen.width || old?.height != seen.height { SDL_DestroyTexture(t) }
        if frame.releasesLayerTargets {
            cache.releaseTarget(id)
            if frame.rasterizing == 1 {   // (the outermost)
                images.dropTextures(ofAtLeast: PhotoPainter.canvasPhotoPixels)
                cache.releaseTextures()
            }
        }
        return true
    }

    /// Copies a texture 1:1 onto `dest` (device px, its size), except what a later occluder
    /// paints over.
    @discardableResult
    private func copyUnoccluded(_ texture: OpaquePointer, to dest: Rect) -> Bool {
        let ox = Int(dest.minX), oy = Int(dest.minY)
        var ok = true
        occluders.forEachUnoccludedPart(of: PixelRect(x0: ox, y0: oy, x1: ox + Int(dest.width), y1: oy + Int(dest.height))) { p in
            var src = SDL_Rect(x: Int32(p.x0 - ox), y: Int32(p.y0 - oy), w: Int32(p.x1 - p.x0), h: Int32(p.y1 - p.y0))
            var dst = SDL_Rect(x: Int32(p.x0), y: Int32(p.y0), w: src.w, h: src.h)
            if SDL_RenderCopy(frame.sdl, texture, &src, &dst) != 0 { ok = false }
            frame.stats.drawCalls += 1
        }
        return ok
    }

    /// Copies the layer tinted (dimmed and/or faded over the background) without blending;
    /// false if SDL refused the tinted texture (nothing was drawn).
    /// `unclipped`: SDL's clip is off for this copy whatever the clip stack holds (a waiting
    /// full-frame base).
    @discardableResult
    private func compositeTinted(_ id: String, tint: LayerTint, dest: Rect, unclipped: Bool = false) -> Bool {
        // On the frame's own pixels the tint goes straight there, where nothing later covers
        // it: one pass, no texture to fill and copy, and no second frame-sized copy of the layer
        // kept (8 MB at 1080×1920; writing a still tint again costs what copying the
        // kept one did). Elsewhere a tint that holds still is kept in a texture and copied.
        // (The frame is settled and the canvas closed again at once: this runs while the frame
        // is being prepared for SDL.)
        // Wherever the layer is placed and whatever clips it (the Today list under the tab bar
        // kept a 7.6 MB tinted copy): only the visible part is written.
        cache.update(id) { $0.shownTint = tint }
        if let e = cache.entries[id], frame.surface != nil, frame.rasterizing == 0, frame.cpuCompositing,
           Int32(dest.width) == e.width, Int32(dest.height) == e.height {
            let (origin, region) = canvas.placed(e, at: dest, unclipped: unclipped)
            if region.isEmpty { return true }
            if let t = canvas.frameCanvas(covering: region) {
                canvas.fillUntinted()
                canvas.writeTinted(e, tint, into: t, region, origin: origin)
                canvas.close()
                frame.stats.canvasDraws += 1
                return true
            }
        }
        var target: OpaquePointer?
        cache.update(id) { e in
            if e.tinted == nil {
                e.tinted = SDL_CreateTexture(frame.sdl, fling_SDL_PIXELFORMAT_ARGB8888(), Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), e.width, e.height)
                e.tint = nil
            }
            guard let t = e.tinted else { return }
            if e.tint != tint {
                var raw: UnsafeMutableRawPointer?
                var pitch: Int32 = 0
                guard SDL_LockTexture(t, nil, &raw, &pitch) == 0, let raw else { return }
                e.pixels.withUnsafeBufferPointer { tint.applyInBands($0, width: Int(e.width), height: Int(e.height), into: raw, pitch: Int(pitch)) }
                SDL_UnlockTexture(t)
                e.tint = tint
            }
            target = t
        }
        guard let t = target else { return false }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE)
        copyUnoccluded(t, to: dest)
        return true
    }
}
