// Renderer: draws a DisplayList with an SDL_Renderer.
// Implemented:
//  [x] anti-aliased fills and strokes of rounded rectangles (per-corner radii) and circles,
//      through SDL_RenderGeometry with a one-pixel alpha fringe (blend mode BLEND)
//  [x] hairlines exactly one device pixel thick, snapped to the pixel grid (horizontal and
//      vertical; a slanted one is a 1 px tessellated polyline)
//  [x] polylines of any width: on the CPU canvas when there is one (CanvasKernels.polyline),
//      otherwise tessellated into triangles
//  [x] vertical two-colour gradients (one quad, the colours interpolated per vertex)
//  [x] soft shadows (with an offset) from cached nine-slice blur textures (in their colour when
//      rasterised into a layer held still, so SDL copies them with its fast blitter)
//  [x] images with fill/fit/stretch into rounded frames (the clipped edge anti-aliased too)
//  [x] text runs rasterised once per (string, font, pixel size, colour) into an LRU texture
//      cache, copied without colour modulation (group opacity modulates alpha)
//  [x] nested clip rectangles (intersected, snapped to whole pixels), group opacity
//      (multiplied into each primitive's alpha, not an offscreen group), translate/scale
//      transforms
//  [x] layers (DisplayList.layer): a group whose commands are the same as in the last frame is
//      rasterised once into a texture and then composited 1:1 (an opaque one without blending)
//      while its commands stay the same; a group that changes every frame is drawn directly;
//      under a scale (a pulled card) the layer is copied scaled into its rounded frame
//      (RoundedCopy: opaque scaled parts, only the corner squares resampled with coverage)
//  [x] a cheap dim: `.dim` right after an opaque layer is folded into its composite as one
//      darkening pass (LayerTint), kept as a darkened copy while the dim holds still; a fading
//      opaque layer over the untouched frame background is blended the same way; anywhere
//      else `.dim` is a black fill at its amount
//  [x] occlusion: what an opaque fill or photo drawn later in the frame paints over (outside
//      layers, or in layers copied 1:1) is not composited, tinted or filled first
//  [x] damage tracking inside layers: a layer whose commands changed in part is cleared,
//      redrawn and read back only where the change can reach (LayerDamage)
// Not implemented: rotation or skew transforms; clips other than axis-aligned rectangles
// (rounded clipping exists only for images); gradients other than vertical; blurring what is
// behind (translucent bars and buttons are plain translucent fills).
// It saves nothing of SDL's state across frames except what it sets at the start of each.
import CSDL2
import CSDL2TTF
import FlingCore

@MainActor
public final class Renderer {
    /// The SDL renderer, the scale, the state stacks and the counters every painter shares.
    private let frame: FrameContext
    public var sdl: OpaquePointer { frame.sdl }
    public let fonts: FontStore
    private let images: ImageStore
    /// What later opaque draws paint over, found at the start of each frame.
    private let occluders: Occlusion
    /// The frame as the CPU canvas writes it, and what waits before SDL draws into it.
    private let canvas: CanvasTarget
    /// Rounded rectangles, circles, hairlines, gradients and polylines.
    private let shapes: ShapePainter
    /// Soft shadows, on the canvas or through SDL, with their blur slices.
    private let shadows: ShadowPainter
    /// Materials' blurred backdrops.
    private let backdrops: BackdropPainter
    /// Text runs and their cache of rasterised lines.
    private let text: TextPainter
    /// Photos, with their bakes; the decoded photos are `images`'.
    private let photos: PhotoPainter

    /// The frame's `DisplayList.preparesHidden`.
    private var preparesHidden = true

    /// Device pixels per pt.
    public var scale: Double {
        get { frame.scale }
        set {
            let oldValue = frame.scale
            frame.scale = newValue
            if newValue != oldValue { fonts.scale = newValue; text.flushCache() }
        }
    }
    public var stats: RenderStats { frame.stats }

    /// Where frames are drawn: nil for the renderer's own output (a window, or headless the
    /// renderer's surface), or a target texture (a rotated window's frame; headless, a frame
    /// larger than the surface, which a resize replaces without a new renderer).
    public var frameTarget: OpaquePointer? { get { frame.target } set { frame.target = newValue } }
    /// The frame's own pixels when it is a plain surface SDL's software renderer draws into
    /// (headless, a software window not rotated): the CPU canvas writes them in place, so it
    /// opens anywhere in a frame and costs no copy. nil: the canvas is a texture copied over
    /// the frame (see CPUCanvas).
    public var frameSurface: UnsafeMutablePointer<SDL_Surface>? { get { frame.surface } set { frame.surface = newValue } }
    private var layers = LayerCache()
    /// Frames composited on the CPU where SDL is slowest (CPUCanvas), and the frame's clear skipped
    /// where an opaque copy paints; false draws every frame through SDL alone as before (tests
    /// compare the two; the bench's floor keeps its clear).
    public var cpuCompositing: Bool { get { frame.cpuCompositing } set { frame.cpuCompositing = newValue } }
    /// What an opaque draw later in the frame paints over is not composited first (see
    /// Occlusion.find); false draws it anyway (tests compare the two).
    public var occlusion: Bool { get { frame.occlusion } set { frame.occlusion = newValue } }
    /// A layer whose commands changed in part is drawn again only where it can differ (see
    /// LayerDamage); false redraws it whole (tests compare the two).
    public var partialRasterization: Bool { get { frame.partialRasterization } set { frame.partialRasterization = newValue } }

    public init(sdl: OpaquePointer, fonts: FontStore, imageDirectory: String, scale: Double, log: @escaping (String) -> Void) {
        frame = FrameContext(sdl: sdl, scale: scale)
        self.fonts = fonts
        images = ImageStore(directory: imageDirectory, renderer: sdl, log: log)
        occluders = Occlusion(frame: frame, images: images)
        canvas = CanvasTarget(frame: frame, occluders: occluders)
        shapes = ShapePainter(frame: frame, occluders: occluders, canvas: canvas)
        shadows = ShadowPainter(frame: frame, canvas: canvas)
        backdrops = BackdropPainter(frame: frame, canvas: canvas)
        text = TextPainter(frame: frame, canvas: canvas, fonts: fonts, log: log)
        photos = PhotoPainter(frame: frame, canvas: canvas, shapes: shapes, images: images)
        fonts.scale = scale
        canvas.layers = self
    }

    /// A waiting base's layer (CanvasTarget writes its pixels).
    func entry(_ id: String) -> LayerCache.Entry? { layers.entries[id] }

    /// Copies a waiting full-frame base where the canvas did not open over it (the frame is
    /// being prepared for SDL, unclipped); false if nothing was copied.
    func copyBase(_ b: CanvasTarget.PendingBase) -> Bool {
        if let tint = b.tint { return compositeTinted(b.id, tint: tint, dest: b.dest, unclipped: true) }
        if let e = layers.entries[b.id], canvas.copyOnCanvas(e, to: b.dest, unclipped: true, closing: true) { return true }
        guard let texture = layers.texture(b.id, renderer: frame.sdl) else { return false }
        SDL_SetTextureAlphaMod(texture, 255)
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        return copyUnoccluded(texture, to: b.dest)
    }

    /// The app went idle (nothing moves, no input for a while): caches keep only what the last
    /// frame drew (the loop then gives the heap's free pages back, issue 34).
    public func trimForIdle() {
        layers.dropUndrawn()
        photos.trimForIdle(heldByLayers: imagesInLayers())
        backdrops.trimForIdle()
    }

    /// The photos the kept layers hold (shown from a layer, they are drawn by no command); with
    /// `drawnOnly`, only those the last frame drew.
    private func imagesInLayers(drawnOnly: Bool = false) -> Set<String> {
        var names = Set<String>()
        for (id, e) in layers.entries where !drawnOnly || layers.drawnInLastFrame(id) {
            for c in e.commands[e.range] { if case let .image(name, _, _, _) = c { names.insert(name) } }
        }
        return names
    }

    /// Bytes each cache holds now, by name (FLING_MEMORY_REPORT, docs/presented-frames.md): a texture
    /// counts its pixels at 4 bytes each, CPU copies their arrays.
    public var memoryReport: [(cache: String, bytes: Int)] {
        var layerTextures = 0, layerCopies = 0, layerTinted = 0
        for e in layers.entries.values {
            layerTextures += textureBytes(e.texture) + textureBytes(e.edges?.texture)
            layerCopies += e.pixels.count * 4
            layerTinted += textureBytes(e.tinted)
        }
        return [("layer textures", layerTextures), ("layer CPU copies", layerCopies), ("layer tinted copies", layerTinted),
                ("photo textures", images.textureBytes), ("photo CPU copies", images.pixelBytes), ("decoded originals", images.originalByteCount),
                ("baked rounded photos", photos.bakedBytes), ("moving photo textures", photos.motionBytes),
                ("text", text.byteCount), ("canvas", canvas.byteCount)]
    }

    /// The blend modes of a layer's texture and its edge rows' texture, and of each baked
    /// photo's (tests: see EdgeRows).
    func blendModes(ofLayer id: String) -> (texture: SDL_BlendMode, edges: SDL_BlendMode?)? {
        layers.entries[id].map { e in (e.texture.map(textureBlendMode) ?? SDL_BLENDMODE_NONE, e.edges.map { textureBlendMode($0.texture) }) }
    }
    /// Layers' SDL textures (their own and edge-row ones; tests: composited from their pixels,
    /// layers hold none).
    var layerTextureCount: Int {
        layers.entries.values.reduce(0) { $0 + ($1.texture == nil ? 0 : 1) + ($1.edges == nil ? 0 : 1) }
    }
    var bakedPhotoBlendModes: [(texture: SDL_BlendMode, edges: SDL_BlendMode?)] { photos.bakedBlendModes }

    /// The pixel size of an image file, for layout (nil if missing or corrupt).
    public func imageSize(_ name: String) -> Size? { images.originalSize(name) }

    // MARK: Frame

    /// Draws a frame. `consecutive`: it directly follows the last frame drawn (an animation
    /// is being shown frame by frame), so things that change size each frame are in motion.
    public func draw(_ list: DisplayList, pixelWidth: Int32, pixelHeight: Int32, consecutive: Bool = false) {
        frame.stats = RenderStats()
        preparesHidden = list.preparesHidden
        photos.beginFrame(scene: list.scene, consecutive: consecutive, heldByLayers: { imagesInLayers(drawnOnly: true) })
        imageGenerationAtFrameStart = images.generation
        frame.resetStateStacks()
        SDL_SetRenderTarget(frame.sdl, frame.target)
        frame.currentTarget = frame.target
        SDL_RenderSetClipRect(frame.sdl, nil)
        SDL_SetRenderDrawBlendMode(frame.sdl, SDL_BLENDMODE_BLEND)
        canvas.beginFrame(clearColor: list.background)
        frame.width = pixelWidth; frame.height = pixelHeight
        frame.targetBackground = list.background
        frame.targetTouched = false
        layers.beginFrame()
        layersInFrame.removeAll(keepingCapacity: true)
        for c in list.commands { if case let .beginLayer(spec) = c { layersInFrame.insert(spec.id) } }
        frame.roundedCopy.beginFrame()
        occluders.find(in: list.commands)
        run(list.commands, 0..<list.commands.count)
        canvas.prepareFrameForSDL()
        frame.flushSolid()
        noteFrameDamage(list, pixelWidth: pixelWidth, pixelHeight: pixelHeight, consecutive: consecutive)
        frame.stats.textCacheEntries = text.count
        frame.stats.layerEntries = layers.count
        frame.stats.imageCacheEntries = images.count
    }

    /// The pixels this frame changed from the last one drawn (LayerDamage.frameDamage), for
    /// presenting only them; nil: the whole frame. The first frame after motion (not
    /// consecutive, after a consecutive one) is whole: the same commands draw photos sharp
    /// again there.
    private(set) var frameDamage: PixelRect?
    private var lastFrame: (commands: [DrawCommand], background: Color, width: Int32, height: Int32, scale: Double, consecutive: Bool)?
    private var imageGenerationAtFrameStart = 0

    /// Whether the frame's damage is wanted (a window that presents only what changed): the
    /// comparison with the last frame's commands is skipped everywhere else.
    public var tracksFrameDamage = false

    private func noteFrameDamage(_ list: DisplayList, pixelWidth: Int32, pixelHeight: Int32, consecutive: Bool) {
        guard tracksFrameDamage else { frameDamage = nil; lastFrame = nil; return }
        // Pixels the commands do not show changing: a photo baked sharp (it was resampled while
        // it moved) or drawn from a texture derived again at another size.
        let redrawnPhotos = frame.stats.photoBakes > 0 || images.generation != imageGenerationAtFrameStart
        if let last = lastFrame, last.background == list.background, last.width == pixelWidth, last.height == pixelHeight,
           last.scale == frame.scale, consecutive || !last.consecutive, !redrawnPhotos {
            frameDamage = LayerDamage.frameDamage(old: last.commands[...], new: list.commands[...], scale: frame.scale,
                                                  width: Int(pixelWidth), height: Int(pixelHeight))
        } else {
            frameDamage = nil
        }
        lastFrame = (list.commands, list.background, pixelWidth, pixelHeight, frame.scale, consecutive)
    }

    private func execute(_ c: DrawCommand) {
        switch c {
        case .pushClip, .popClip:
            frame.flushSolid()
            _ = frame.updateStateStacks(c)
            frame.applyClip()
        case .pushOpacity, .popOpacity, .pushTransform, .popTransform:
            _ = frame.updateStateStacks(c)
        case .dim(let r, let amount):
            guard !frame.clippedAway, frame.opacity > 0.001 else { return }
            canvas.prepareFrameForSDL()
            frame.targetTouched = true
            shapes.fillRounded(frame.px(r), radii: .zero, color: Color(white: 0, alpha: max(0, min(1, amount)) * frame.opacity))
        case .beginLayer, .endLayer:
            break   // handled by run(_:_:)
        default:
            guard !frame.clippedAway, frame.opacity > 0.001 else { return }
            if let p = frame.partialRedraw {
                // Redrawing a layer in part (see LayerDamage): what does not reach the damage
                // is left out; scaled copies are drawn whole, under their own clip only.
                guard p.runs[frame.commandIndex - p.first] else { return }
                if LayerDamage.drawnWhole(c, transformScale: frame.transform.scale) {
                    frame.flushSolid()
                    frame.partialRedraw?.drawingWhole = true
                    frame.applyClip()
                    drawPrimitive(c)
                    frame.flushSolid()
                    frame.partialRedraw?.drawingWhole = false
                    frame.applyClip()
                    return
                }
            }
            if case let .shadow(r, radii, color, radius, offset) = c,
               shadows.drawOnCanvas(r, radii: radii, color: color, radius: radius, offset: offset) { return }
            if case let .polyline(points, color, lineWidth) = c, shapes.polylineOnCanvas(points, color: color, lineWidth: lineWidth) { return }
            // A photo or text may go onto the canvas (drawImage and drawText settle the
            // frame themselves). An opaque fill paints its rows between the corners: the clear
            // skips them.
            switch c {
            case .image, .text: break
            default: canvas.prepareFrameForSDL(covering: frame.opaquePart(of: c))
            }
            frame.targetTouched = true
            drawPrimitive(c)
        }
    }

    /// Executes `commands[range]`, taking each layer group as a whole.
    private func run(_ commands: [DrawCommand], _ range: Range<Int>) {
        var i = range.lowerBound
        while i < range.upperBound {
            if case .beginLayer(let spec) = commands[i] {
                let end = Self.matchingEnd(commands, from: i, limit: range.upperBound)
                frame.commandIndex = end
                // The command after the layer, past the ends of opacity groups around it: a dim
                // there may fold into the layer's copy.
                var n = end + 1, pops = 0
                while n < range.upperBound, case .popOpacity = commands[n] { n += 1; pops += 1 }
                let folded = drawLayer(spec, commands, (i + 1)..<end, next: n < range.upperBound ? n : nil, popsBeforeNext: pops)
                if folded {
                    for _ in 0..<pops { execute(.popOpacity) }
                    i = n + 1
                } else {
                    i = end + 1
                }
            } else {
                frame.commandIndex = i
                execute(commands[i])
                i += 1
            }
        }
    }

    /// The index of the `endLayer` closing the layer begun at `start` (or `limit`).
    private static func matchingEnd(_ commands: [DrawCommand], from start: Int, limit: Int) -> Int {
        var depth = 0
        var i = start
        while i < limit {
            switch commands[i] {
            case .beginLayer: depth += 1
            case .endLayer:
                depth -= 1
                if depth == 0 { return i }
            default: break
            }
            i += 1
        }
        return limit
    }

    private func drawPrimitive(_ c: DrawCommand) {
        switch c {
        case .fillRect, .strokeRect, .fillCircle, .strokeCircle, .hairline, .verticalGradient, .polyline:
            shapes.draw(c)
        case let .shadow(r, radii, color, radius, offset):
            shadows.draw(r, radii: radii, color: color, radius: radius, offset: offset)
        case let .image(name, box, mode, radii):
            photos.draw(name, frame: box, mode: mode, radii: radii)
        case .text(let run):
            text.draw(run)
        case let .backdropBlur(r, sigma):
            backdrops.draw(r, sigma: sigma)
        default:
            break
        }
    }

    // MARK: Layers

    /// Draws a layer group; returns true if it also drew the `.dim` at `next` (folded in).
    private func drawLayer(_ spec: LayerSpec, _ commands: [DrawCommand], _ inner: Range<Int>, next: Int?, popsBeforeNext: Int) -> Bool {
        guard !frame.clippedAway else { return false }
        let invisible = frame.opacity <= 0.001
        if !invisible, spec.cornerRadius > 0 || spec.scalable || abs(frame.transform.scale - 1) > 1e-9 {
            drawStretchedLayer(spec, commands, inner)
            return false
        }
        let d = frame.px(spec.bounds)
        let ox = d.minX.rounded(), oy = d.minY.rounded()
        let w = Int32(d.maxX.rounded() - ox), h = Int32(d.maxY.rounded() - oy)
        guard w > 0, h > 0 else { return false }
        let seen = LayerCache.Seen(spec: spec, commands: commands, range: inner, width: w, height: h, scale: frame.pxPerPt, stretched: false)
        let new = layers.isNew(spec.id)
        var decision = layers.decide(seen)
        if invisible {
            // Hidden (DisplayList.hidden: the list behind an expanded card), it is rasterised,
            // not shown, in a frame that prepares hidden layers (nothing moves), if new or held
            // still since the last frame (not every frame of a live resize), so the gesture that
            // fades it back in (a pull) finds it ready instead of paying for it in its first
            // frame. Merely faint (a fade passing through 0), only once it holds still.
            let hidden = frame.opacity == 0
            let prepare = hidden
                ? preparesHidden && decision != .composite && (new || layers.repeats(spec.id) >= 1)
                : decision == .rasterize
            if prepare, abs(frame.transform.scale - 1) < 1e-9, spec.cornerRadius == 0, !spec.scalable,
               rasterize(seen, base: Transform.translate(-ox / frame.scale, -oy / frame.scale).concatenating(frame.transform)) {
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
            if rasterize(seen, base: base) { frame.stats.layersRasterized += 1 } else { decision = .drawDirectly }
        }
        switch decision {
        case .drawDirectly:
            // Changing every frame (or no texture could be made): a texture would only add a
            // copy.
            drawDirectly(commands, inner, clippedTo: Rect(x: ox, y: oy, width: Double(w), height: Double(h)))
            return false
        case .rasterize, .composite:
            break
        }
        guard let e = layers.entries[spec.id] else { return false }
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
        } else if let texture = layers.texture(spec.id, renderer: frame.sdl) {
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
    private func drawStretchedLayer(_ spec: LayerSpec, _ commands: [DrawCommand], _ inner: Range<Int>) {
        let d = frame.px(spec.bounds)
        let w = Int32((spec.bounds.width * frame.scale).rounded()), h = Int32((spec.bounds.height * frame.scale).rounded())
        guard w > 0, h > 0, d.width >= 1, d.height >= 1 else { return }
        let seen = LayerCache.Seen(spec: spec, commands: commands, range: inner, width: w, height: h, scale: frame.scale, stretched: true)
        let decision = layers.decide(seen)
        if decision == .drawDirectly, spec.cornerRadius == 0, abs(frame.transform.scale - 1) < 1e-9 {
            // Square and unscaled, changing every frame (an expanded card scrolled): drawn as
            // it is, as an unscaled layer would be.
            let (x0, y0, x1, y1) = frame.snapped(d)
            drawDirectly(commands, inner, clippedTo: Rect(x: Double(x0), y: Double(y0), width: Double(x1 - x0), height: Double(y1 - y0)))
            return
        }
        if decision != .composite {
            guard rasterize(seen, base: .translate(-spec.bounds.minX, -spec.bounds.minY), still: decision == .rasterize) else { return }
            frame.stats.layersRasterized += 1
        }
        guard let e = layers.entries[spec.id] else { return }
        let (x0, y0, x1, y1) = frame.snapped(d)
        let radii = frame.pixelRadii(CornerRadii(spec.cornerRadius * frame.pxPerPt), w: x1 - x0, h: y1 - y0)
        let alpha = UInt8(max(0, min(255, (frame.opacity * 255).rounded())))
        let opaque = spec.background.a >= 1 && e.opaqueRows == 0..<Int(e.height)
        // A shadow's hole in what the copy surely writes opaque needs no base, nor a clear.
        let visible = frame.visible
        let covered = frame.surelyCovered(PixelRect(x0: x0, y0: y0, x1: x1, y1: y1), radii: radii)
        // An opaque background makes the layer opaque (a few pixels SDL blended onto it may
        // read 254 from rounding): the canvas copies it as such.
        if alpha == 255, spec.background.a >= 1, let t = canvas.canvasForNextDraw() ?? canvas.frameCanvas(covering: covered) {
            // Onto the canvas: scaled and rounded in one pass over the pixels it covers.
            canvas.fillUntinted(except: covered)
            e.pixels.withUnsafeBufferPointer { source in
                CanvasKernels.scaledCopy(source: source, width: Int(e.width), height: Int(e.height), dest: PixelRect(x0: x0, y0: y0, x1: x1, y1: y1),
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
        var tw: Int32 = 0, th: Int32 = 0
        SDL_GetRendererOutputSize(frame.sdl, &tw, &th)
        var visibleRect = Rect(x: 0, y: 0, width: Double(tw), height: Double(th))
        if let c = frame.clip { visibleRect = visibleRect.intersection(c) }
        guard let texture = layers.texture(spec.id, renderer: frame.sdl) else { frame.applyClip(); return }
        let calls = e.pixels.withUnsafeBytes { bytes in
            frame.roundedCopy.copy(RoundedCopySource(texture: texture, crop: Rect(x: 0, y: 0, width: Double(w), height: Double(h)), opaque: opaque,
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
    private func drawDirectly(_ commands: [DrawCommand], _ inner: Range<Int>, clippedTo r: Rect) {
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
    private func rasterize(_ seen: LayerCache.Seen, base: Transform, still: Bool = true) -> Bool {
        let id = seen.spec.id
        if frame.releasesLayerTargets, layers.entries[id].map({ $0.width != seen.width || $0.height != seen.height }) ?? true {
            layers.makeRoom(for: id, adding: Int(seen.width) * Int(seen.height) * 4,
                            budget: RenderBudgets.layerFrames * Int(frame.width) * Int(frame.height) * 4, inFrame: layersInFrame)
        }
        guard let texture = layers.targetTexture(for: id, width: seen.width, height: seen.height, renderer: frame.sdl) else { return false }
        frame.flushSolid()
        frame.rasterizing += 1
        // Its commands are run again: the layer's own index is restored after.
        let index = frame.commandIndex, wasStill = frame.rasterizingStill
        frame.rasterizingStill = still
        defer { frame.rasterizing -= 1; frame.commandIndex = index; frame.rasterizingStill = wasStill }
        let saved = (frame.transforms, frame.opacities, frame.clips, frame.currentTarget, frame.targetBackground, frame.targetTouched)
        // The same texture, drawn the same way, with only some commands changed: only the
        // pixels those can change are drawn again and read back.
        let whole = PixelRect(x0: 0, y0: 0, x1: Int(seen.width), y1: Int(seen.height))
        var plan: LayerDamage.Plan?
        if frame.partialRasterization, let e = layers.entries[id], e.base == base, e.still == still,
           e.imageGeneration == images.generation,
           e.spec == seen.spec, e.scale == seen.scale, e.stretched == seen.stretched, e.pixels.count == whole.area,
           let p = LayerDamage.plan(old: e.commands[e.range], new: seen.commands[seen.range], base: base, scale: frame.scale,
                                    width: Int(seen.width), height: Int(seen.height)),
           p.damage.area * 10 < whole.area * Self.partialRedrawMaximumTenths {
            plan = p
        }
        let region = plan?.damage ?? whole
        /// A texture no entry holds yet (a new one) is destroyed if SDL fails.
        func dropUnheld() { if layers.entries[id]?.texture != texture { SDL_DestroyTexture(texture) } }
        guard SDL_SetRenderTarget(frame.sdl, texture) == 0 else { dropUnheld(); return false }
        frame.currentTarget = texture
        let (r, g, b, a) = seen.spec.background.rgba8
        SDL_SetRenderDrawColor(frame.sdl, r, g, b, a)
        SDL_SetRenderDrawBlendMode(frame.sdl, SDL_BLENDMODE_NONE)
        var area = frame.sdlRect(region)
        if plan == nil {
            SDL_RenderSetClipRect(frame.sdl, nil)
            SDL_RenderClear(frame.sdl)
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
        layers.update(id) { swap(&pixels, &$0.pixels) }
        if pixels.count != whole.area { pixels = [UInt32](repeating: 0, count: whole.area) }
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
        (frame.transforms, frame.opacities, frame.clips, frame.currentTarget, frame.targetBackground, frame.targetTouched) = saved
        SDL_SetRenderTarget(frame.sdl, frame.currentTarget)
        frame.applyClip()
        guard ok == 0 else { dropUnheld(); layers.remove(id); return false }
        // An opaque background makes the layer opaque. (What SDL blends onto it may read 253 or
        // 254 in alpha from its rounding: scanned, one such pixel left every row below it to a
        // blended copy, four times slower, at every composite of the Today list.)
        let rows = seen.spec.background.a >= 1 ? 0..<Int(seen.height) : Self.opaqueRows(pixels, width: Int(seen.width), height: Int(seen.height))
        let old = layers.entries[id]
        // (A stretched layer is copied by RoundedCopy or the canvas, never in bands.)
        // (Nor one composited from its pixels: its edge rows are blended there, LayerBlend.)
        let edges = seen.stretched || frame.releasesLayerTargets ? nil : pixels.withUnsafeBufferPointer {
            EdgeRows.make(argb: $0, width: width, height: Int(seen.height), opaque: rows, reusing: old?.edges, renderer: frame.sdl)
        }
        layers.store(LayerCache.Entry(texture: texture, width: seen.width, height: seen.height, scale: seen.scale,
                                      stretched: seen.stretched, base: base, still: still,
                                      imageGeneration: images.generation, spec: seen.spec,
                                      commands: seen.commands, range: seen.range, pixels: pixels, opaqueRows: rows, edges: edges,
                                      tinted: old?.width == seen.width && old?.height == seen.height ? old?.tinted : nil, tint: nil))
        if let t = old?.tinted, old?.width != seen.width || old?.height != seen.height { SDL_DestroyTexture(t) }
        if frame.releasesLayerTargets {
            layers.releaseTarget(id)
            if frame.rasterizing == 1 {   // (the outermost)
                images.dropTextures(ofAtLeast: PhotoPainter.canvasPhotoPixels)
                layers.releaseTextures()
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

    /// The longest run of fully opaque rows starting at the first one.
    private static func opaqueRows(_ pixels: [UInt32], width: Int, height: Int) -> Range<Int> {
        pixels.withUnsafeBufferPointer { p in
            func opaque(_ y: Int) -> Bool {
                for x in 0..<width where p[y * width + x] >> 24 != 255 { return false }
                return true
            }
            var y0 = 0
            while y0 < height, !opaque(y0) { y0 += 1 }
            var y1 = y0
            while y1 < height, opaque(y1) { y1 += 1 }
            return y0..<y1
        }
    }

    /// Copies the layer tinted (dimmed and/or faded over the background) without blending;
    /// false if SDL refused the tinted texture (nothing was drawn).
    @discardableResult
    /// `unclipped`: SDL's clip is off for this copy whatever the clip stack holds (a waiting
    /// full-frame base).
    private func compositeTinted(_ id: String, tint: LayerTint, dest: Rect, unclipped: Bool = false) -> Bool {
        // On the frame's own pixels the tint goes straight there, where nothing later covers
        // it: one pass, no texture to fill and copy, and no second frame-sized copy of the layer
        // kept (8 MB at 1080×1920, issue 34; writing a still tint again costs what copying the
        // kept one did). Elsewhere a tint that holds still is kept in a texture and copied.
        // (The frame is settled and the canvas closed again at once: this runs while the frame
        // is being prepared for SDL.)
        // Wherever the layer is placed and whatever clips it (the Today list under the tab bar
        // kept a 7.6 MB tinted copy, issue 34): only the visible part is written.
        layers.update(id) { $0.shownTint = tint }
        if let e = layers.entries[id], frame.surface != nil, frame.rasterizing == 0, frame.cpuCompositing,
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
        layers.update(id) { e in
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

    // MARK: Read-back

    /// The frame as drawn so far (call before presenting).
    public func readPixels(width: Int32, height: Int32) -> RGBAImage? {
        var px = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
        let ok = px.withUnsafeMutableBytes { buf in
            SDL_RenderReadPixels(frame.sdl, nil, fling_SDL_PIXELFORMAT_RGBA32(), buf.baseAddress, width * 4)
        }
        guard ok == 0 else { return nil }
        // The frame is opaque; drop whatever alpha the target kept.
        for i in stride(from: 3, to: px.count, by: 4) { px[i] = 255 }
        return RGBAImage(width: Int(width), height: Int(height), pixels: px)
    }
}

