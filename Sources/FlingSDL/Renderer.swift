// Renderer: draws a DisplayList with an SDL_Renderer: the frame loop, which walks the list's
// commands (clip, opacity and transform groups, layers) and hands each primitive to the painter
// of its kind. The painters share the frame's state (FrameContext) and the CPU canvas
// (CanvasTarget); each owns its own caches:
//  - ShapePainter: anti-aliased fills and strokes of rounded rectangles (per-corner radii) and
//    circles, hairlines exactly one device pixel thick, vertical two-colour gradients,
//    polylines of any width (on the CPU canvas when there is one, otherwise tessellated)
//  - ShadowPainter: soft shadows (with an offset) from cached nine-slice blurs, on the canvas
//    or through SDL (in their colour when rasterised into a layer held still)
//  - PhotoPainter: images with fill/fit/stretch into rounded frames (the clipped edge
//    anti-aliased too), baked while they hold still, resampled while they move
//  - TextPainter: text runs rasterised once per (string, font, pixel size, colour) into an LRU
//    texture cache, copied without colour modulation (group opacity modulates alpha)
//  - BackdropPainter: a material's backdrop, blurred where it lies
//  - LayerCompositor: layers (DisplayList.layer) rasterised once and composited 1:1 while their
//    commands stay the same (redrawn only where a change can reach, LayerDamage), copied
//    scaled into their rounded frame under a scale, a dim right after an opaque layer folded
//    into its copy (LayerTint); a group that changes every frame is drawn directly
//  - Occlusion: what an opaque fill or photo drawn later in the frame paints over (outside
//    layers, or in layers copied 1:1) is not composited, tinted or filled first
// Here: nested clip rectangles (intersected, snapped to whole pixels), group opacity
// (multiplied into each primitive's alpha, not an offscreen group), translate/scale
// transforms; anywhere a dim does not fold into a layer, `.dim` is a black fill at its amount.
// Not implemented: rotation or skew transforms; clips other than axis-aligned rectangles
// (rounded clipping exists only for images); gradients other than vertical.
// It saves nothing of SDL's state across frames except what it sets at the start of each.
import CSDL2
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
    /// Layers: rasterised, kept, composited.
    private let layers: LayerCompositor

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
        layers = LayerCompositor(frame: frame, canvas: canvas, occluders: occluders, shapes: shapes, images: images)
        fonts.scale = scale
        canvas.layers = layers
    }

    /// The app went idle (nothing moves, no input for a while): caches keep only what the last
    /// frame drew (the loop then gives the heap's free pages back).
    public func trimForIdle() {
        layers.trimForIdle()
        photos.trimForIdle(heldByLayers: layers.imagesHeld())
        backdrops.trimForIdle()
    }

    /// Bytes each cache holds now, by name (FLING_MEMORY_REPORT, docs/presented-frames.md): a texture
    /// counts its pixels at 4 bytes each, CPU copies their arrays.
    public var memoryReport: [(cache: String, bytes: Int)] {
        let (layerTextures, layerCopies, layerTinted) = layers.byteCounts
        return [("layer textures", layerTextures), ("layer CPU copies", layerCopies), ("layer tinted copies", layerTinted),
                ("photo textures", images.textureBytes), ("photo CPU copies", images.pixelBytes), ("decoded originals", images.originalByteCount),
                ("baked rounded photos", photos.bakedBytes), ("moving photo textures", photos.motionBytes),
                ("text", text.byteCount), ("canvas", canvas.byteCount)]
    }

    // Tests: the blend modes of a layer's textures and of each baked photo's (see EdgeRows),
    // and the SDL textures layers hold (composited from their pixels, layers hold none).
    func blendModes(ofLayer id: String) -> (texture: SDL_BlendMode, edges: SDL_BlendMode?)? { layers.blendModes(ofLayer: id) }
    var bakedPhotoBlendModes: [(texture: SDL_BlendMode, edges: SDL_BlendMode?)] { photos.bakedBlendModes }
    var layerTextureCount: Int { layers.textureCount }
    /// Photo copies made so far (tests: how many a growing photo made).
    var photoCopiesMade: Int { images.generation }
    /// Tests: false, no photo is decoded ahead (`ImageStore.decodesAhead`).
    var decodesPhotosAhead: Bool {
        get { images.decodesAhead }
        set { images.decodesAhead = newValue }
    }

    /// Photos drawn from a decode made ahead (`DisplayList.upcomingImages`): finished before
    /// their frame, or waited for by it.
    public var photosDecodedAhead: (ahead: Int, waited: Int, failed: Int) { images.prefetchCounts }
    /// Waits until the photos asked for ahead are decoded (tests: deterministic counts).
    func waitForPhotoDecodes() { images.waitForPrefetches() }

    /// The pixel size of an image file, for layout (nil if missing or corrupt).
    public func imageSize(_ name: String) -> Size? { images.originalSize(name) }

    // MARK: Frame

    /// Draws a frame. `consecutive`: it directly follows the last frame drawn (an animation
    /// is being shown frame by frame), so things that change size each frame are in motion.
    public func draw(_ list: DisplayList, pixelWidth: Int32, pixelHeight: Int32, consecutive: Bool = false) {
        let part = redrawsInPart ? partialPlan(list, pixelWidth: pixelWidth, pixelHeight: pixelHeight, consecutive: consecutive) : nil
        drawFrame(list, pixelWidth: pixelWidth, pixelHeight: pixelHeight, consecutive: consecutive, part: part)
        // A photo made again (baked sharp, derived bigger) may reach past the damage: drawn
        // again whole, and presented whole (its pixels changed beyond the commands' damage).
        let redone = part != nil && (frame.stats.photoBakes > 0 || images.generation != imageGenerationAtFrameStart)
        if redone {
            drawFrame(list, pixelWidth: pixelWidth, pixelHeight: pixelHeight, consecutive: consecutive, part: nil)
        }
        noteFrameDamage(list, pixelWidth: pixelWidth, pixelHeight: pixelHeight, consecutive: consecutive)
        if redone { frameDamage = nil }
        frame.stats.partialFrames = part == nil || redone ? 0 : 1
        frame.stats.textCacheEntries = text.count
        frame.stats.layerEntries = layers.count
        frame.stats.imageCacheEntries = images.count
    }

    /// Whether the frame's target keeps the frame drawn before (a window's own surface, not
    /// double-buffered): a frame whose commands changed in part is then drawn only where it
    /// can differ, as a layer is (LayerDamage.plan), and the rest of the last frame stays. A
    /// caret's blink drew all 2 MP of a 1080×1920 window to send 40 pixels.
    public var redrawsInPart = false

    /// Frames redrawn in part are at most this much of the window (tenths); larger changes
    /// draw whole (the plan's bookkeeping then costs more than it saves).
    private static let partialFrameMaximumTenths = 5

    /// How to draw this frame in part, or nil to draw it whole: the last frame was drawn at
    /// this size and scale and is still on the surface, and the plan can bound the change.
    private func partialPlan(_ list: DisplayList, pixelWidth: Int32, pixelHeight: Int32, consecutive: Bool) -> LayerDamage.Plan? {
        guard tracksFrameDamage, frame.target == nil, let s = frame.surface, s.pointee.pixels != nil,
              Int(s.pointee.w) == Int(pixelWidth), Int(s.pointee.h) == Int(pixelHeight),
              let last = lastFrame, last.background == list.background, last.width == pixelWidth, last.height == pixelHeight,
              last.scale == frame.scale, consecutive || !last.consecutive,
              let p = LayerDamage.plan(old: last.commands[...], new: list.commands[...], base: .identity, scale: frame.scale,
                                       width: Int(pixelWidth), height: Int(pixelHeight)),
              p.damage.area * 10 < Int(pixelWidth) * Int(pixelHeight) * Self.partialFrameMaximumTenths
        else { return nil }
        return p
    }

    private func drawFrame(_ list: DisplayList, pixelWidth: Int32, pixelHeight: Int32, consecutive: Bool, part: LayerDamage.Plan?) {
        frame.stats = RenderStats()
        photos.beginFrame(scene: list.scene, consecutive: consecutive, heldByLayers: { layers.imagesHeld(drawnOnly: true) })
        imageGenerationAtFrameStart = images.generation
        frame.resetStateStacks()
        SDL_SetRenderTarget(frame.sdl, frame.target)
        frame.currentTarget = frame.target
        SDL_RenderSetClipRect(frame.sdl, nil)
        SDL_SetRenderDrawBlendMode(frame.sdl, SDL_BLENDMODE_BLEND)
        canvas.beginFrame(clearColor: list.background, within: part?.damage)
        frame.width = pixelWidth; frame.height = pixelHeight
        frame.targetBackground = list.background
        frame.targetTouched = false
        layers.beginFrame(list.commands, preparesHidden: list.preparesHidden)
        if !consecutive { layers.releaseSharedTarget() }
        frame.roundedCopy.beginFrame()
        occluders.find(in: list.commands)
        // In part: only the commands that reach the damage run, clipped to it, except copies
        // drawn whole (their sampling must not depend on the clip); what those spill around
        // the damage is put back from the last frame's pixels afterwards.
        // (Only the parts of `touched` around the damage: copying all of it, 0.3 MP for a
        // slider step, into a new buffer each frame was a quarter of the step's CPU.)
        var kept: [(rect: PixelRect, pixels: [UInt32])] = []
        if let part, let s = frame.surface {
            part.touched.forEachPart(around: part.damage.intersection(part.touched)) { kept.append(($0, Self.copyPixels(of: s, $0))) }
            frame.partialRedraw = FrameContext.PartialRedraw(damage: Rect(x: Double(part.damage.x0), y: Double(part.damage.y0),
                                                                          width: Double(part.damage.x1 - part.damage.x0),
                                                                          height: Double(part.damage.y1 - part.damage.y0)),
                                                             runs: part.runs, first: 0)
            frame.applyClip()
        }
        // Nothing changed (an empty damage): nothing to draw.
        if part.map({ !$0.damage.isEmpty }) ?? true { run(list.commands, 0..<list.commands.count) }
        // What the next frames may draw is decoded meanwhile, on a thread of its own.
        photos.prefetch(list.upcomingImages)
        canvas.prepareFrameForSDL()
        frame.flushSolid()
        if part != nil, let s = frame.surface {
            frame.partialRedraw = nil
            SDL_RenderFlush(frame.sdl)
            for k in kept { Self.write(k, k.rect, into: s) }
            frame.applyClip()
        }
    }

    /// A rectangle of a 32-bit surface's pixels, row after row.
    private static func copyPixels(of s: UnsafeMutablePointer<SDL_Surface>, _ r: PixelRect) -> [UInt32] {
        guard !r.isEmpty, let base = s.pointee.pixels else { return [] }
        let w = r.x1 - r.x0, pitch = Int(s.pointee.pitch)
        return [UInt32](unsafeUninitializedCapacity: w * (r.y1 - r.y0)) { out, n in
            for y in r.y0..<r.y1 {
                let row = (base + y * pitch).assumingMemoryBound(to: UInt32.self) + r.x0
                (out.baseAddress! + (y - r.y0) * w).update(from: row, count: w)
            }
            n = w * (r.y1 - r.y0)
        }
    }

    /// Writes `part` of the kept pixels back into the surface.
    private static func write(_ kept: (rect: PixelRect, pixels: [UInt32]), _ part: PixelRect, into s: UnsafeMutablePointer<SDL_Surface>) {
        guard !part.isEmpty, let base = s.pointee.pixels else { return }
        let w = kept.rect.x1 - kept.rect.x0, pitch = Int(s.pointee.pitch)
        kept.pixels.withUnsafeBufferPointer { src in
            for y in part.y0..<part.y1 {
                let row = (base + y * pitch).assumingMemoryBound(to: UInt32.self) + part.x0
                row.update(from: src.baseAddress! + (y - kept.rect.y0) * w + (part.x0 - kept.rect.x0), count: part.x1 - part.x0)
            }
        }
    }

    /// The pixels this frame changed from the last one drawn (LayerDamage.frameDamage), for
    /// presenting only them; nil: the whole frame. The first frame after motion (not
    /// consecutive, after a consecutive one) is whole: the same commands draw photos sharp
    /// again there.
    private(set) var frameDamage: PixelRect?
    private var lastFrame: (commands: [DrawCommand], background: Color, width: Int32, height: Int32, scale: Double, consecutive: Bool)?
    private var imageGenerationAtFrameStart = 0

    /// The surface no longer holds the last frame drawn (the window's was made anew): the
    /// next frame is drawn and presented whole.
    public func forgetLastFrame() { lastFrame = nil }

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

    /// Draws one command (a layer's bounds aside: see run): a state change, a dim, or a
    /// primitive, on the canvas where its painter can, otherwise after the frame is prepared
    /// for SDL.
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
            let color = Color(white: 0, alpha: max(0, min(1, amount)) * frame.opacity)
            frame.targetTouched = true
            // On the frame's own pixels, in place (CanvasDimKernel: SDL's blended fill, its
            // arithmetic exactly, a third of a dragged sheet's CPU when done by SDL).
            if let t = canvas.canvasForNextDraw() ?? canvas.frameCanvas() {
                canvas.fillUntinted()
                frame.flushSolid()
                let (x0, y0, x1, y1) = frame.snapped(frame.px(r))
                CanvasKernels.dim(alpha: color.rgba8.3, area: PixelRect(x0: x0, y0: y0, x1: x1, y1: y1).intersection(frame.visible), into: t)
                frame.stats.canvasDraws += 1
                return
            }
            canvas.prepareFrameForSDL()
            shapes.fillRounded(frame.px(r), radii: .zero, color: color)
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
                    // The same way as drawn in a whole frame: a shadow on the canvas if it can.
                    if case let .shadow(r, radii, color, radius, offset) = c,
                       shadows.drawOnCanvas(r, radii: radii, color: color, radius: radius, offset: offset) {
                    } else {
                        drawPrimitive(c)
                    }
                    frame.flushSolid()
                    frame.partialRedraw?.drawingWhole = false
                    frame.applyClip()
                    return
                }
            }
            if case let .shadow(r, radii, color, radius, offset) = c,
               shadows.drawOnCanvas(r, radii: radii, color: color, radius: radius, offset: offset) { return }
            if case let .polyline(points, color, lineWidth) = c, shapes.polylineOnCanvas(points, color: color, lineWidth: lineWidth) { return }
            // A photo or text may go onto the canvas (PhotoPainter and TextPainter settle the
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
                let folded = layers.draw(spec, commands, (i + 1)..<end, next: n < range.upperBound ? n : nil, popsBeforeNext: pops) { run($0, $1) }
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

    /// Hands a primitive to the painter of its kind (drawing through SDL, or the canvas where a
    /// photo or text goes there).
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

