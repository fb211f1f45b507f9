// PhotoPainter: photos (DrawCommand.image) filled, fitted or stretched into their frames with
// rounded corners: resampled onto the CPU canvas, copied from their texture through SDL, or
// baked at their frame's size with the corners' coverage and kept (within a budget) while they
// hold still; a photo in motion is never baked. The decoded photos are ImageStore's.
import CSDL2
import FlingCore

@MainActor
final class PhotoPainter {
    private let frame: FrameContext
    private let canvas: CanvasTarget
    /// The placeholder of a photo that cannot be read.
    private let shapes: ShapePainter
    private let images: ImageStore
    /// Still photos at least this large (device px at their frame's size) go onto the frame's
    /// own pixels each time they are drawn rather than being baked (where the frame is a plain
    /// surface): about a 1000 × 500 px card. Below it, a bake copied each frame is cheaper.
    static let canvasPhotoPixels = 500_000
    /// A baked photo: its size, source rectangle (¼ px) and corner radii, held inline (arrays
    /// here allocated for every photo drawn).
    private struct RoundedImageKey: Hashable { var name: String; var w: Int32; var h: Int32; var source: SIMD4<Int32>; var radii: SIMD4<Int32> }
    /// A photo baked at its frame's size with its corners' coverage, and those rows in a
    /// texture of their own (EdgeRows) so that the photo's own texture is copied unblended
    /// (unless faded).
    private struct BakedPhoto {
        var texture: OpaquePointer
        var edges: EdgeRows?
        /// Its pixels' bytes (the budget's measure).
        var bytes = 0
        func destroy() { SDL_DestroyTexture(texture); edges?.destroy() }
    }
    private var roundedImages = LRUCache<RoundedImageKey, BakedPhoto>(capacity: 24)
    /// Photos drawn in this frame and the last, by image (square ones with no radii): a photo
    /// whose size changes between consecutive frames is in motion and is not baked (see
    /// drawImage). One drawn twice in a frame is `drawnTwice` there: never in motion.
    private var roundedThisFrame: [String: RoundedImageKey] = [:]
    private var roundedLastFrame: [String: RoundedImageKey] = [:]
    private static let drawnTwice = RoundedImageKey(name: "", w: -1, h: -1, source: .zero, radii: .zero)
    private var frameIsConsecutive = false
    /// Every rounded photo key drawn this frame (a photo drawn twice has two): their bakes are
    /// never dropped while it runs.
    private var bakeKeysThisFrame = Set<RoundedImageKey>()
    /// A moving photo's bake of this frame, by photo (replaced next frame).
    private var motionTextures: [String: OpaquePointer] = [:]
    /// The photos the frame drew (trimForIdle keeps them).
    private var imagesDrawn = Set<String>()
    /// Frames drawn, and the frame each photo was last drawn in.
    private var framesDrawn = 0
    private var photoLastDrawn: [String: Int] = [:]
    /// The screen the frames show (DisplayList.scene), and the frame it changed in.
    private var scene = ""
    private var sceneChangedAt: Int?

    init(frame: FrameContext, canvas: CanvasTarget, shapes: ShapePainter, images: ImageStore) {
        self.frame = frame
        self.canvas = canvas
        self.shapes = shapes
        self.images = images
    }

    /// A frame begins: this frame's draws are recorded anew (the last frame's kept to tell
    /// motion), and the photos of a screen left behind go (`heldByLayers`: the photos the
    /// layers the last frame drew hold, asked only then).
    func beginFrame(scene listScene: String, consecutive: Bool, heldByLayers: () -> Set<String>) {
        frameIsConsecutive = consecutive
        swap(&roundedLastFrame, &roundedThisFrame)
        roundedThisFrame.removeAll(keepingCapacity: true)
        imagesDrawn.removeAll(keepingCapacity: true)
        dropPhotosOfAnotherScene(listScene, heldByLayers: heldByLayers)
        bakeKeysThisFrame.removeAll(keepingCapacity: true)
    }

    /// The app went idle: moving photos' textures go, and so do photos and bakes neither the
    /// last frame drew nor `heldByLayers` (those the kept layers hold).
    func trimForIdle(heldByLayers: Set<String>) {
        for t in motionTextures.values { SDL_DestroyTexture(t) }
        motionTextures.removeAll()
        // Photos stay, with their bakes, if the last frame drew them or a layer it showed holds
        // them (a list shown from its layer draws none of them, and its next scroll would
        // decode and bake every one again in one frame); the rest go: Today's card photos
        // after the tour, 28 MB at 1080×1920.
        let inUse = imagesDrawn.union(heldByLayers)
        images.trimForIdle(keeping: inUse)
        for b in roundedImages.removeAll(keeping: { inUse.contains($0.name) }) { b.destroy() }
    }

    /// Bytes of the baked photos' textures, and of the moving photos'.
    var bakedBytes: Int { roundedImages.values.reduce(0) { $0 + textureBytes($1.texture) + textureBytes($1.edges?.texture) } }
    var motionBytes: Int { motionTextures.values.reduce(0) { $0 + textureBytes($1) } }

    /// The blend modes of each baked photo's texture and its edge rows' texture (tests: see
    /// EdgeRows).
    var bakedBlendModes: [(texture: SDL_BlendMode, edges: SDL_BlendMode?)] {
        roundedImages.values.map { (textureBlendMode($0.texture), $0.edges.map { textureBlendMode($0.texture) }) }
    }

    /// `LayerCache.keptUndrawnFrames` frames after the screen changed (a tab switch), the
    /// photos and bakes only the screen left behind drew go, unless a kept layer holds them:
    /// Today's card photos and bakes (23 MB at 1080×1920) were still held while the two-stage
    /// sheet opened, the peak of a tour. Within a screen nothing goes: letting go
    /// of a Today card's photo scrolled out of view made scrolling back decode two in one
    /// frame (85 ms). The idle trim does the rest.
    private func dropPhotosOfAnotherScene(_ listScene: String, heldByLayers: () -> Set<String>) {
        framesDrawn += 1
        if listScene != scene {
            if !scene.isEmpty { sceneChangedAt = framesDrawn }
            scene = listScene
        }
        guard let changed = sceneChangedAt, framesDrawn - changed >= LayerCache.keptUndrawnFrames else { return }
        sceneChangedAt = nil
        // (The screen left behind's own layers are still kept until they have gone undrawn
        // for longer: only the layers the new screen draws hold photos here.)
        let held = heldByLayers()
        func left(_ name: String) -> Bool { (photoLastDrawn[name] ?? 0) < changed && !held.contains(name) }
        for b in roundedImages.removeAll(keeping: { !left($0.name) }) { b.destroy() }
        let gone = photoLastDrawn.keys.filter(left)
        images.drop(gone)
        for name in gone { photoLastDrawn[name] = nil }
    }

    /// A photo's new bake replaces its older bakes (those this frame did not draw), and baked
    /// photos are dropped, least recently used first, once they hold more than
    /// `RenderBudgets.bakedPhotoBytes`, except those this frame drew: a pulled card's photo is
    /// baked again at each 4 px step of its corner radius, and 24 bakes of a 1080-wide card
    /// held 54 MB.
    private func keepBakedPhotosWithinBudget(drawnNow: RoundedImageKey) {
        let drawn = bakeKeysThisFrame.union([drawnNow])
        // A new bake of a photo replaces its other bakes this frame does not draw (the pulled
        // card's earlier radius steps): the list's other photos keep theirs.
        for b in roundedImages.removeAll(keeping: { $0.name != drawnNow.name || drawn.contains($0) }) { b.destroy() }
        var total = roundedImages.values.reduce(0) { $0 + $1.bytes }
        guard total > RenderBudgets.bakedPhotoBytes else { return }
        for (key, _) in roundedImages.keysOldestFirst where total > RenderBudgets.bakedPhotoBytes && !drawn.contains(key) {
            if let b = roundedImages.remove(key) { total -= b.bytes; b.destroy() }
        }
    }

    /// Records this frame's draw of a photo; true if it is the photo's only draw in this frame
    /// and in the last, at another size or shape there.
    private func inMotion(_ key: RoundedImageKey) -> Bool {
        let earlier = roundedThisFrame.updateValue(key, forKey: key.name)
        if earlier != nil { roundedThisFrame[key.name] = Self.drawnTwice; return false }
        guard frameIsConsecutive, let last = roundedLastFrame[key.name] else { return false }
        return last != key && last != Self.drawnTwice
    }

    /// Starts decoding, off the main thread, the photos the next frames may draw
    /// (`DisplayList.upcomingImages`, nearest the screen first), at the pixels `draw` will ask
    /// of them.
    func prefetch(_ upcoming: [UpcomingImage]) {
        // The same as the last frame's (a list at rest, a caret's blink): asked for already.
        guard upcoming != lastUpcoming || frame.scale != lastUpcomingScale else { return }
        lastUpcoming = upcoming; lastUpcomingScale = frame.scale
        images.prefetch(upcoming.map { ($0.name, frame.px($0.frame).size, $0.mode, $0.grows) })
    }
    private var lastUpcoming: [UpcomingImage] = []
    private var lastUpcomingScale = 0.0

    /// Draws a photo into `box` (pt) by `mode` with its corners rounded by `radii`: onto the
    /// canvas, or through SDL from its texture or a bake; a placeholder if it cannot be read.
    func draw(_ name: String, frame box: Rect, mode: ContentMode, radii: CornerRadii) {
        let d = frame.px(box)
        guard frame.shows(d) else { return }
        imagesDrawn.insert(name)
        photoLastDrawn[name] = framesDrawn
        guard let natural = images.originalSize(name) else {
            // Missing or corrupt: a neutral placeholder in the same shape.
            canvas.prepareFrameForSDL()
            shapes.fillRounded(d, radii: frame.scaleRadii(radii), color: SystemColor.gray5.multipliedAlpha(frame.opacity))
            return
        }
        let (source, destination) = mode.placement(imageSize: natural, in: d)
        // The texture needs as many pixels as the image covers on screen.
        let (needW, needH) = ImageStore.neededPixels(natural: natural, box: d.size, mode: mode)
        guard let tex = images.texture(name, needed: (needW, needH)) else {
            // Its header was fine but it did not decode: the placeholder, as for a missing one.
            canvas.prepareFrameForSDL()
            shapes.fillRounded(d, radii: frame.scaleRadii(radii), color: SystemColor.gray5.multipliedAlpha(frame.opacity))
            return
        }
        frame.flushSolid()
        let alpha = UInt8(max(0, min(255, (frame.opacity * 255).rounded())))
        /// The photo's SDL texture, for the copies SDL makes (made on first need), unmodulated.
        func sdlTexture() -> OpaquePointer? {
            guard let t = images.sdlTexture(name) else { return nil }
            SDL_SetTextureAlphaMod(t, 255)
            SDL_SetTextureColorMod(t, 255, 255, 255)
            return t
        }
        let kx = Double(tex.width) / natural.width, ky = Double(tex.height) / natural.height
        let scaledRadii = frame.scaleRadii(radii)
        if scaledRadii.isZero && alpha == 255 {
            // Resampled on the frame's own pixels where it is a plain surface, moving (a card
            // expanding past its corners) or still and large (an expanded card's photo): SDL's
            // copy would need an SDL texture of the photo, a second copy of its pixels (7.3 MB
            // at 1080×1920), and its still frame would differ from the moving ones.
            let (x0, y0, x1, y1) = frame.snapped(destination)
            let key = RoundedImageKey(name: name, w: Int32(x1 - x0), h: Int32(y1 - y0), source: SIMD4(repeating: -1), radii: .zero)
            let moving = inMotion(key)
            let crop = Rect(x: source.minX * kx, y: source.minY * ky, width: source.width * kx, height: source.height * ky)
            let snappedDest = PixelRect(x0: x0, y0: y0, x1: x1, y1: y1)
            if moving || (x1 - x0) * (y1 - y0) >= Self.canvasPhotoPixels, tex.opaque,
               photoOnCanvas(tex, crop: crop, dest: snappedDest, radii: (0, 0, 0, 0)) || photoIntoTarget(tex, crop: crop, dest: snappedDest) { return }
            canvas.prepareFrameForSDL()
            var src = SDL_Rect(x: Int32((source.minX * kx).rounded()), y: Int32((source.minY * ky).rounded()),
                               w: Int32((source.width * kx).rounded()), h: Int32((source.height * ky).rounded()))
            var dst = SDL_FRect(x: Float(destination.minX), y: Float(destination.minY),
                                w: Float(destination.width), h: Float(destination.height))
            // An opaque photo is copied without blending: SDL's software renderer blends a
            // scaled copy through an intermediate surface, several times the cost of the copy.
            // (Each copy sets the mode it needs and leaves it: switching back and forth relinks
            // the texture in SDL, an allocation, at every copy.)
            guard let texture = sdlTexture() else { return }
            SDL_SetTextureBlendMode(texture, tex.opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
            SDL_RenderCopyF(frame.sdl, texture, &src, &dst)
            frame.stats.drawCalls += 1
            return
        }
        // Rounded (or translucent): the photo cropped and scaled to the exact pixel frame with
        // the rounded-corner coverage baked into its alpha, cached while the frame stays put.
        // Under a scaling transform (a card pressed or pulled) it is baked at the unscaled size
        // with radii in 4 px steps and stretched by the copy: a gesture that only scales and
        // moves a photo never resamples or re-masks it.
        let k = frame.transform.scale
        var (x0, y0, x1, y1) = frame.snapped(destination)
        let w: Int, h: Int
        var r: (tl: Int, tr: Int, br: Int, bl: Int)
        var exactUnderScale: (tl: Int, tr: Int, br: Int, bl: Int)?
        if abs(k - 1) > 1e-6, k > 0.05 {
            w = Int((destination.width / k).rounded()); h = Int((destination.height / k).rounded())
            guard w > 0, h > 0 else { return }
            let q = { (v: Int) in Int((Double(v) / 4).rounded()) * 4 }
            let exact = frame.pixelRadii(CornerRadii(topLeft: scaledRadii.topLeft / k, topRight: scaledRadii.topRight / k,
                                               bottomRight: scaledRadii.bottomRight / k, bottomLeft: scaledRadii.bottomLeft / k), w: w, h: h)
            r = (q(exact.tl), q(exact.tr), q(exact.br), q(exact.bl))
            exactUnderScale = exact
        } else {
            // The bake's size is the frame's, rounded, wherever the frame sits: snapping both
            // edges made a card scrolled by a fraction of a pixel one row taller or shorter
            // every few frames, and each time its photo was baked again (10 ms at 390×844 @2x,
            // the Today scroll's p99).
            w = Int(destination.width.rounded()); h = Int(destination.height.rounded())
            guard w > 0, h > 0 else { return }
            x1 = x0 + w; y1 = y0 + h
            r = frame.pixelRadii(scaledRadii, w: w, h: h)
        }
        // In ¼ px; clamped so that no geometry (however large, or NaN) traps the conversion.
        let quarterPx = { (v: Double) in Int32(max(-1e9, min(1e9, (v * 4).rounded()))) }
        let src = SIMD4(quarterPx(source.minX), quarterPx(source.minY), quarterPx(source.width), quarterPx(source.height))
        func keyFor(_ r: (tl: Int, tr: Int, br: Int, bl: Int)) -> RoundedImageKey {
            RoundedImageKey(name: name, w: Int32(w), h: Int32(h), source: src,
                            radii: SIMD4(Int32(clamping: r.tl), Int32(clamping: r.tr), Int32(clamping: r.br), Int32(clamping: r.bl)))
        }
        // Scaled with its radii as at rest (a card pressed, or opening from its pressed size):
        // the bake it has at rest is stretched, not one at stepped radii made beside it. Each
        // replaced the other, so every open baked the photo twice (9–15 ms a bake at 390×844
        // @2x: card-expand's p99).
        if let exact = exactUnderScale, roundedImages.value(for: keyFor(exact)) != nil { r = exact }
        let key = keyFor(r)
        let moving = inMotion(key)
        bakeKeysThisFrame.insert(key)
        let baked: BakedPhoto
        if let cached = roundedImages.value(for: key) {
            baked = cached
        } else if !moving, abs(k - 1) <= 1e-6, w * h >= Self.canvasPhotoPixels, tex.opaque, alpha == 255,
                  photoOnCanvas(tex, crop: Rect(x: source.minX * kx, y: source.minY * ky, width: source.width * kx, height: source.height * ky),
                                dest: PixelRect(x0: x0, y0: y0, x1: x1, y1: y1), radii: r) {
            // A large photo held still (an expanded card's): resampled onto the frame's own
            // pixels like a moving one, not baked. Its bake took 55–74 ms in the frame it came
            // to rest (a 1080-wide photo), twice an expansion, and held 4.8 MB.
            return
        } else if moving, tex.opaque, alpha == 255 {
            // In motion (a card growing, a pull rounding its corners): resampled each frame.
            let (x0, y0, x1, y1) = frame.snapped(destination)
            let crop = Rect(x: source.minX * kx, y: source.minY * ky, width: source.width * kx, height: source.height * ky)
            let radii = frame.pixelRadii(scaledRadii, w: x1 - x0, h: y1 - y0)
            if photoOnCanvas(tex, crop: crop, dest: PixelRect(x0: x0, y0: y0, x1: x1, y1: y1), radii: radii) { return }
            // Otherwise through SDL: the photo copied scaled between its corners, only the
            // corner squares resampled (RoundedCopy).
            canvas.prepareFrameForSDL()
            let visible = frame.outputVisible
            let pixels = tex.pixels
            guard let texture = sdlTexture() else { return }
            frame.stats.drawCalls += pixels.pixels.withUnsafeBytes { bytes in
                frame.roundedCopy.copy(RoundedCopySource(texture: texture, crop: crop, opaque: true,
                                                   sample: RoundedCopy.sampler(bytes, width: pixels.width, height: pixels.height, r: 0, g: 1, b: 2, a: 3)),
                                 sdl: frame.sdl, x0: x0, y0: y0, x1: x1, y1: y1, radii: radii, visible: visible, alpha: 255)
            }
            return
        } else if moving {
            // In motion (a card growing, a pull rounding its corners): a full bake every frame
            // costs more than the frame. Bake at most ~0.4 MP and let a linear blit scale it up:
            // softer only while it moves; it is baked sharp again once it holds still.
            canvas.prepareFrameForSDL()
            let f = max(1, (Double(w * h) / 400_000).squareRoot().rounded(.up))
            let hb = max(1, Int((Double(h) / f).rounded()))
            guard let t = makeTexture(bakeRounded(tex, source: source, width: w, height: h, radii: r, reduction: f), renderer: frame.sdl) else { return }
            // One moving texture per photo, replaced next frame (SDL flushes before destroying).
            if let old = motionTextures.updateValue(t, forKey: name) { SDL_DestroyTexture(old) }
            frame.stats.photoBakes += 1
            SDL_SetTextureAlphaMod(t, alpha)
            copyBaked(BakedPhoto(texture: t, edges: nil), x0: x0, y0: y0, x1: x1, y1: y1, height: hb,
                      opaqueRows: opaqueRows(tex, r, h: h, f: f), alpha: alpha)
            return
        } else {
            frame.stats.photoBakes += 1
            let image = bakeRounded(tex, source: source, width: w, height: h, radii: r, reduction: 1)
            guard let t = makeTexture(image, renderer: frame.sdl) else { return }
            baked = BakedPhoto(texture: t, edges: EdgeRows.make(image, opaque: opaqueRows(tex, r, h: h, f: 1), renderer: frame.sdl),
                               bytes: w * h * 4)
            for evicted in roundedImages.insert(baked, for: key) { evicted.destroy() }
            keepBakedPhotosWithinBudget(drawnNow: key)
        }
        canvas.prepareFrameForSDL()
        SDL_SetTextureAlphaMod(baked.texture, alpha)
        copyBaked(baked, x0: x0, y0: y0, x1: x1, y1: y1, height: h, opaqueRows: opaqueRows(tex, r, h: h, f: 1), alpha: alpha)
    }

    /// An opaque photo's `crop` (texture px) scaled onto `dest` with its corners rounded, on the
    /// frame's own pixels in one pass (CanvasKernels, in bands on every core); false if the
    /// frame is not a plain surface (nothing drawn).
    private func photoOnCanvas(_ tex: ImageStore.Entry, crop: Rect, dest: PixelRect, radii: (tl: Int, tr: Int, br: Int, bl: Int)) -> Bool {
        let image = tex.pixels
        guard frame.surface != nil, frame.rasterizing == 0, frame.cpuCompositing,
              Self.resamplable(image, crop: crop, dest: dest) else { return false }
        // What it surely paints opaque: the clear can skip it.
        let visible = frame.visible
        guard let t = canvas.frameCanvas(covering: frame.surelyCovered(dest, radii: radii)) else { return false }
        canvas.fillUntinted()
        image.pixels.withUnsafeBytes { bytes in
            bytes.withMemoryRebound(to: UInt32.self) { source in
                CanvasKernels.scaledCopy(source: source, width: image.width, height: image.height, crop: crop, swapRedBlue: true,
                                         dest: dest, radii: radii, quarter: canvas.quarter, visible: visible, into: t, scratch: &canvas.scratch)
            }
        }
        frame.stats.canvasDraws += 1
        frame.targetTouched = true
        return true
    }

    /// Whether the kernel can resample `crop` of `image` onto `dest`: pixels there, a finite
    /// crop of some size, somewhere to draw.
    private static func resamplable(_ image: RGBAImage, crop: Rect, dest: PixelRect) -> Bool {
        image.width > 0 && image.height > 0 && image.pixels.count >= image.width * image.height * 4
            && crop.width > 0 && crop.height > 0 && crop.minX.isFinite && crop.minY.isFinite && crop.width.isFinite && crop.height.isFinite
            && !dest.isEmpty
    }

    /// Rows of a photo resampled for a layer's target at a time (`photoIntoTarget`): 256 KB.
    static let targetBandPixels = 65_536
    /// The band those rows are resampled into, kept (256 KB).
    private var targetBand: [UInt32] = []

    /// An opaque photo with square corners inside a layer being rasterised, where layers are
    /// composited from their pixels: resampled by the canvas's kernel a band of rows at a time
    /// and written into the layer's target. SDL's scaled copy needed an SDL texture of the
    /// photo (a second copy of its pixels) and took 14 ms for a zoomed card's 1080×1344 px
    /// photo at 1080×1920. The kernel is the one that draws it moving onto the frame, so a
    /// photo held still in a layer and the same photo moving look alike. False: not drawn.
    private func photoIntoTarget(_ tex: ImageStore.Entry, crop: Rect, dest: PixelRect) -> Bool {
        let image = tex.pixels
        guard frame.rasterizing > 0, frame.releasesLayerTargets, let target = frame.currentTarget,
              Self.resamplable(image, crop: crop, dest: dest) else { return false }
        var region = dest.intersection(frame.targetBounds())
        if let c = frame.clip { region = region.intersection(PixelRect(inside: c)) }
        // Within the damage of a layer redrawn in part even when this draw is one "drawn whole":
        // the kernel samples each pixel where it lies, so a part is the whole's.
        if let p = frame.partialRedraw { region = region.intersection(PixelRect(inside: p.damage)) }
        if region.isEmpty { return true }
        // What SDL queued for the target is drawn first: the photo must land on top of it.
        frame.flushSolid()
        SDL_RenderFlush(frame.sdl)
        let w = region.x1 - region.x0
        let bandRows = max(1, Self.targetBandPixels / w)
        if targetBand.count < w * bandRows { targetBand = [UInt32](repeating: 0, count: w * bandRows) }
        var y = region.y0
        while y < region.y1 {
            let rows = min(bandRows, region.y1 - y)
            // The photo's frame moved with the band, so the band's corner is the buffer's origin:
            // each pixel is sampled as it would be in place.
            let shifted = PixelRect(x0: dest.x0 - region.x0, y0: dest.y0 - y, x1: dest.x1 - region.x0, y1: dest.y1 - y)
            let ok = targetBand.withUnsafeMutableBytes { band -> Int32 in
                guard let base = band.baseAddress else { return -1 }
                let t = PixelTarget(base: base, width: w, height: rows, pitch: w * 4)
                image.pixels.withUnsafeBytes { bytes in
                    bytes.withMemoryRebound(to: UInt32.self) { source in
                        CanvasKernels.scaledCopy(source: source, width: image.width, height: image.height, crop: crop, swapRedBlue: true,
                                                 dest: shifted, radii: (0, 0, 0, 0), quarter: canvas.quarter, visible: t.bounds,
                                                 into: t, scratch: &canvas.scratch)
                    }
                }
                var r = SDL_Rect(x: Int32(region.x0), y: Int32(y), w: Int32(w), h: Int32(rows))
                return SDL_UpdateTexture(target, &r, base, Int32(w * 4))
            }
            // (Rows already written stay: SDL's copy, drawn instead, paints over them.)
            guard ok == 0 else { return false }
            y += rows
        }
        frame.stats.canvasDraws += 1
        frame.targetTouched = true
        return true
    }

    /// The rows of a bake (reduced by `f`) that are fully opaque: between its rounded corners,
    /// if the photo is opaque.
    private func opaqueRows(_ tex: ImageStore.Entry, _ r: (tl: Int, tr: Int, br: Int, bl: Int), h: Int, f: Double) -> Range<Int> {
        guard tex.opaque else { return 0..<0 }
        let hb = max(1, Int((Double(h) / f).rounded()))
        let top = Int((Double(max(r.tl, r.tr)) / f).rounded(.up)) + 1
        let bottom = hb - Int((Double(max(r.bl, r.br)) / f).rounded(.up)) - 1
        return top < bottom ? top..<bottom : 0..<0
    }

    /// Copies a baked photo (`height` rows) onto its snapped frame, stretched if baked at another
    /// size; its opaque rows without blending (a blended copy costs several times more in software).
    private func copyBaked(_ baked: BakedPhoto, x0: Int, y0: Int, x1: Int, y1: Int, height: Int, opaqueRows: Range<Int>, alpha: UInt8) {
        let ky = Double(y1 - y0) / Double(max(1, height))
        var w = Int32(0), th = Int32(0)
        SDL_QueryTexture(baked.texture, nil, nil, &w, &th)
        // Faded, every row blends (one copy: a scaled copy in bands would sample differently).
        frame.copyInRowBands(baked.texture, edges: baked.edges, width: w, height: height, opaqueRows: alpha == 255 ? opaqueRows : 0..<0,
                       blendOpaque: false) { rows in
            let top = (Double(y0) + Double(rows.lowerBound) * ky).rounded(), bottom = (Double(y0) + Double(rows.upperBound) * ky).rounded()
            return SDL_Rect(x: Int32(x0), y: Int32(top), w: Int32(x1 - x0), h: Int32(bottom - top))
        }
    }

    /// The photo's `source` part (in original-image pixels) resampled from its cached texture
    /// pixels to `width × height` / `reduction`, with the rounded-corner coverage baked into
    /// its alpha (radii in device pixels), to be drawn at `width × height`.
    private func bakeRounded(_ tex: ImageStore.Entry, source: Rect, width w: Int, height h: Int,
                             radii r: (tl: Int, tr: Int, br: Int, bl: Int), reduction f: Double) -> RGBAImage {
        let kx = Double(tex.width) / tex.originalSize.width, ky = Double(tex.height) / tex.originalSize.height
        let mw = max(1, Int((Double(w) / f).rounded())), mh = max(1, Int((Double(h) / f).rounded()))
        let crop = Rect(x: source.minX * kx, y: source.minY * ky, width: source.width * kx, height: source.height * ky)
        var image = tex.pixels.resampled(from: crop, toWidth: mw, height: mh)
        image.multiplyAlpha(by: CornerCoverage.roundedRect(width: mw, height: mh, radii: CornerRadii(
            topLeft: Double(r.tl) / f, topRight: Double(r.tr) / f, bottomRight: Double(r.br) / f, bottomLeft: Double(r.bl) / f)))
        return image
    }
}
