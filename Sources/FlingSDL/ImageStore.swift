// ImageStore: decodes each image once, keeps it as a texture downscaled to the largest size it
// has been drawn at (re-derived from the decoded original only when drawn bigger, or, about to
// grow, for the size it grows to; originals are kept within ImageHeader.decodedBudget bytes,
// least recently used first out), and stands in a neutral placeholder, with one warning, for
// a missing or corrupt file.
// Before decoding, the file's header must name a PNG or JPEG within `ImageHeader.pixelBudget`
// (an absurd size is refused, not decoded), and a JPEG must reach its end marker (a truncated
// one would draw half grey without a word).
import CSDL2
import CSDL2Image
import CJPEG
import FlingCore

/// Images already warned about (directory/name): the warning comes once per run, even when
/// the renderer re-creates its stores.
@MainActor private var warnedImages = Set<String>()

@MainActor
final class ImageStore {
    struct Entry {
        /// The SDL texture of `pixels`, made only once an SDL copy needs it (sdlTexture): rounded
        /// photos are baked and moving ones resampled from `pixels` on the CPU, so most photos
        /// never need one (a second copy of every photo, 22 MB after a tour at 1080×1920).
        var texture: OpaquePointer?
        var width: Int32
        var height: Int32
        /// Size of the decoded original, in pixels.
        var originalSize: Size
        /// The texture's pixels, for derived textures (rounded photos).
        var pixels: RGBAImage
        /// Every pixel is opaque (a JPEG): rounded bakes of it are opaque between their corners.
        var opaque: Bool
    }

    private let directory: String
    private var originals: [String: RGBAImage] = [:]
    private var textures: [String: Entry] = [:]
    /// Counts the photo textures made (a new one replaces a smaller one when a photo is drawn
    /// bigger): a layer rasterised before a change may show a photo from the old texture.
    private(set) var generation = 0
    private var failed: Set<String> = []
    private let renderer: OpaquePointer
    private let log: (String) -> Void

    init(directory: String, renderer: OpaquePointer, log: @escaping (String) -> Void) {
        self.directory = directory
        self.renderer = renderer
        self.log = log
    }

    var count: Int { textures.count }
    /// Bytes of the photo textures (4 a pixel), of their CPU copies and of decoded originals.
    var textureBytes: Int { textures.values.reduce(0) { $0 + ($1.texture == nil ? 0 : Int($1.width) * Int($1.height) * 4) } }
    var pixelBytes: Int { textures.values.reduce(0) { $0 + $1.pixels.pixels.count } }
    /// Decoded originals' bytes not shared with a texture's pixels (a photo derived at its full
    /// size keeps one array for both).
    var originalByteCount: Int {
        originals.reduce(0) { sum, o in
            let shared = textures[o.key].map { e in
                e.pixels.pixels.withUnsafeBufferPointer { a in o.value.pixels.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
            } ?? false
            return sum + (shared ? 0 : o.value.pixels.count)
        }
    }

    /// The image's texture is loaded and every pixel of it opaque (nothing is decoded for it).
    func isOpaqueTexture(_ name: String) -> Bool { textures[name]?.opaque ?? false }

    /// The original's pixel size from its file's header, without decoding it (layout asks for
    /// every photo's size, Today for all of its cards at once: decoding them all only to measure
    /// held 47 MB from the first frame); nil for a missing or refused image.
    func originalSize(_ name: String) -> Size? {
        if let s = sizes[name] { return s }
        if failed.contains(name) || name.isEmpty { return nil }
        let path = directory + "/" + name
        switch Self.read(path) {
        case .success(let file):
            let size = Size(Double(file.header.width), Double(file.header.height))
            sizes[name] = size
            return size
        case .failure(let error):
            failed.insert(name)
            if warnedImages.insert(path).inserted { log("warning: image \(error.description); drawing a placeholder") }
            return nil
        }
    }

    /// When each original was last used, and the bytes all of them hold (ImageHeader.decodedBudget).
    private var originalUse: [String: UInt64] = [:]
    private var useClock: UInt64 = 0
    private var originalBytes = 0
    /// Sizes of originals decoded once (answered without decoding again once evicted).
    private var sizes: [String: Size] = [:]

    /// The photo decoded at least `atLeast` pixels in size: a JPEG at the smallest of 1/8, 1/4,
    /// 1/2 or its full size that is as large (libjpeg scales in the DCT, JPEGDecoder), anything
    /// else at its full size; kept within `ImageHeader.decodedBudget` and decoded again, larger,
    /// when a bigger one is wanted. nil (warned once) when it cannot be read.
    /// `keeping` false: a new decode is not kept (a copy made for a growth target, which a
    /// decode made ahead leaves no original behind for either: what is kept, and so what later
    /// copies are made from, is the same whether or not that decode was taken).
    private func original(_ name: String, atLeast: (w: Int, h: Int), keeping: Bool = true) -> RGBAImage? {
        useClock += 1
        if let img = originals[name], originalCovers(img, name, atLeast) {
            originalUse[name] = useClock
            return img
        }
        // No name: the data file's entry was refused when it was loaded (already warned).
        if failed.contains(name) || name.isEmpty { return nil }
        let path = directory + "/" + name
        switch Self.load(path, atLeast: atLeast) {
        case .success(let img) where !keeping:
            return img
        case .success(let img):
            originalBytes -= originals.updateValue(img, forKey: name)?.pixels.count ?? 0
            originalUse[name] = useClock
            originalBytes += img.pixels.count
            // Over budget: drop the originals used longest ago (never the one just decoded).
            while originalBytes > ImageHeader.decodedBudget,
                  let oldest = originalUse.filter({ $0.key != name }).min(by: { $0.value < $1.value })?.key {
                originalBytes -= originals.removeValue(forKey: oldest)?.pixels.count ?? 0
                originalUse[oldest] = nil
            }
            return img
        case .failure(let error):
            failed.insert(name)
            if warnedImages.insert(path).inserted { log("warning: image \(error.description); drawing a placeholder") }
            return nil
        }
    }

    /// A decoded original is at least `atLeast`, or the file's full size.
    private func originalCovers(_ img: RGBAImage, _ name: String, _ atLeast: (w: Int, h: Int)) -> Bool {
        (img.width >= atLeast.w && img.height >= atLeast.h) || img.width >= sizes[name].map({ Int($0.width) }) ?? 0
    }

    /// An image file's bytes and header, checked but not decoded.
    struct CheckedFile: Sendable { var bytes: [UInt8]; var header: ImageHeader }

    /// Reads and checks an image file: a PNG or JPEG within the budgets, a JPEG complete.
    nonisolated static func read(_ path: String) -> Result<CheckedFile, PNGFile.IOError> {
        func fail(_ reason: String) -> Result<CheckedFile, PNGFile.IOError> { .failure(PNGFile.IOError(path: path, reason: reason)) }
        if let problem = RegularFile.problem(path) { return fail(problem.reason) }
        guard let rw = SDL_RWFromFile(path, "rb") else { return fail("file not found or unreadable") }
        let size = SDL_RWsize(rw)
        guard size >= 0, size <= Int64(ImageHeader.fileSizeLimit) else {
            SDL_RWclose(rw)
            return fail(size < 0 ? "not a regular file" : "\(size >> 20) MB; images over \(ImageHeader.fileSizeLimit >> 20) MB are not read")
        }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        let read = bytes.withUnsafeMutableBytes { SDL_RWread(rw, $0.baseAddress, 1, Int(size)) }
        SDL_RWclose(rw)
        guard read == Int(size) else { return fail("could not be read to the end") }
        guard let header = ImageHeader.read(bytes) else { return fail("not a PNG or JPEG image (its header says neither)") }
        if let problem = header.budgetProblem { return fail("\(problem); not decoded") }
        if header.format == .jpeg {
            switch ImageHeader.jpegCheck(bytes) {
            case .complete: break
            case .endsEarly: return fail("the JPEG data ends early (a truncated file?)")
            case .damaged(let at): return fail("the JPEG data is damaged at byte \(at) (not where a marker can be)")
            }
        }
        return .success(CheckedFile(bytes: bytes, header: header))
    }

    /// The app went idle: every decoded original goes, and the photos not in `inUse` (what
    /// is on screen, directly or in a layer; the rest come back from their files when drawn).
    func trimForIdle(keeping inUse: Set<String>) {
        drop(textures.keys.filter { !inUse.contains($0) })
        prefetcher.stop()
        growthTargets.removeAll()
        originals.removeAll()
        originalUse.removeAll()
        originalBytes = 0
    }

    /// Reads, checks and decodes an image file: a JPEG at the smallest DCT scale at least
    /// `atLeast` in size (JPEGDecoder; SDL_image if libjpeg refuses it), anything else whole.
    nonisolated static func load(_ path: String, atLeast: (w: Int, h: Int) = (.max, .max)) -> Result<RGBAImage, PNGFile.IOError> {
        switch read(path) {
        case .success(let file): return decode(file, path: path, atLeast: atLeast)
        case .failure(let e): return .failure(e)
        }
    }

    /// Decodes a checked file (`read`), as `load` does.
    nonisolated static func decode(_ file: CheckedFile, path: String, atLeast: (w: Int, h: Int)) -> Result<RGBAImage, PNGFile.IOError> {
        func fail(_ reason: String) -> Result<RGBAImage, PNGFile.IOError> { .failure(PNGFile.IOError(path: path, reason: reason)) }
        let bytes = file.bytes, header = file.header
        if header.format == .jpeg, let image = JPEGDecoder.decode(bytes, header: header, atLeast: atLeast) { return .success(image) }
        let decoded: UnsafeMutablePointer<SDL_Surface>? = bytes.withUnsafeBytes { raw in
            guard let mem = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { return nil }
            return IMG_Load_RW(mem, 1)
        }
        guard let loaded = decoded else { return fail("not a readable image (\(String(cString: SDL_GetError())))") }
        defer { SDL_FreeSurface(loaded) }
        // The decoder's size must be the header's (a header that lied would break the budget).
        guard Int(loaded.pointee.w) == header.width, Int(loaded.pointee.h) == header.height else {
            return fail("decodes to \(loaded.pointee.w)×\(loaded.pointee.h) px, not the \(header.width)×\(header.height) of its header")
        }
        // Converted straight into the image's own array: no RGBA surface in between (a 1600 px
        // photo's decode held three full copies at once).
        let w = Int(loaded.pointee.w), h = Int(loaded.pointee.h)
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        guard let format = loaded.pointee.format, let source = loaded.pointee.pixels else { return fail("decoded to no pixels") }
        let converted = pixels.withUnsafeMutableBytes { dst in
            SDL_ConvertPixels(Int32(w), Int32(h), format.pointee.format, source, loaded.pointee.pitch,
                              fling_SDL_PIXELFORMAT_RGBA32(), dst.baseAddress, Int32(w * 4))
        }
        if converted == 0 { return .success(RGBAImage(width: w, height: h, pixels: pixels)) }
        // A palette (an indexed PNG) takes SDL's surface conversion.
        guard let rgba = SDL_ConvertSurfaceFormat(loaded, fling_SDL_PIXELFORMAT_RGBA32(), 0) else {
            return fail("could not convert to RGBA (\(String(cString: SDL_GetError())))")
        }
        defer { SDL_FreeSurface(rgba) }
        return .success(PNGFile.copyPixels(rgba))
    }

    /// Decodes photos ahead of the frames that draw them (`prefetch`).
    private let prefetcher = PhotoPrefetcher()
    /// Photos decoded ahead and then drawn: finished before their frame, or waited for by it.
    private(set) var prefetchCounts = (ahead: 0, waited: 0, failed: 0)

    /// Waits for the decodes asked for ahead (tests).
    func waitForPrefetches() { prefetcher.waitUntilIdle() }

    /// Whether the texture held for `name` covers `needed` pixels.
    private func covers(_ e: Entry, _ needed: (w: Int, h: Int)) -> Bool {
        Int(e.width) >= needed.w - 1 || Int(e.height) >= needed.h - 1 || e.width >= Int32(e.originalSize.width)
    }

    /// The texture size made for `needed` pixels of a photo `natural` in size: the request
    /// rounded up by 25 % so a growing animation does not re-derive every frame, capped at the
    /// original. (Keeping a smaller DCT-scaled decode instead, when it covers what is drawn,
    /// saved 2 MB at a tour's peak but resampled photos nearly 1:1: visibly softer.)
    nonisolated static func textureSize(natural: Size, needed: (w: Int, h: Int)) -> (w: Int, h: Int) {
        let factor = min(1, max(Double(needed.w) / natural.width, Double(needed.h) / natural.height) * 1.25)
        return (max(1, Int((natural.width * factor).rounded(.up))), max(1, Int((natural.height * factor).rounded(.up))))
    }

    /// The pixels a photo about to grow will need at the end of its growth
    /// (`UpcomingImage.grows`: an opening Today card's expanded photo). Its copy, once it grows
    /// past the one it has, is made for that size at once (and decoded ahead for it): by 25 %
    /// at a time the card's photo was copied three times as it opened (834 → 1215 → 1562 →
    /// 1600 px wide at 1080×1920), decoded on the main thread, three copies held at once
    /// (19 MB).
    private var growthTargets: [String: (w: Int, h: Int)] = [:]

    /// Tests: false, no decode is made ahead (a frame then decodes what one would have, as when
    /// a queued decode is dropped).
    var decodesAhead = true

    /// A texture at least `needed` pixels in size (capped at the original), or nil: from a
    /// decode made ahead (waited for if it is still running), else decoded now.
    func texture(_ name: String, needed: (w: Int, h: Int)) -> Entry? {
        if let e = textures[name], covers(e, needed) { return e }
        guard let natural = originalSize(name) else { return nil }
        var wanted = needed
        var towardTarget = false
        if textures[name] != nil, let target = growthTargets.removeValue(forKey: name) {
            // Growing past its copy, toward a size named ahead: made for that size now.
            wanted = (max(needed.w, target.w), max(needed.h, target.h))
            towardTarget = true
        }
        let (tw, th) = Self.textureSize(natural: natural, needed: wanted)
        var made: (image: RGBAImage, opaque: Bool)?
        if let (ahead, waited) = prefetcher.take(name) {
            switch ahead.result {
            // Only the very size this frame would make: the pixels drawn stay exactly the same.
            case .success(let d) where d.image.width == tw && d.image.height == th:
                made = (d.image, d.opaque)
                if waited { prefetchCounts.waited += 1 } else { prefetchCounts.ahead += 1 }
            case .success: break   // drawn at another size than foreseen: decoded again below
            case .failure(let error):
                prefetchCounts.failed += 1
                failed.insert(name)
                if warnedImages.insert(directory + "/" + name).inserted { log("warning: image \(error.description); drawing a placeholder") }
                return nil
            }
        }
        if made == nil {
            guard let img = original(name, atLeast: (tw, th), keeping: !towardTarget) else { return nil }
            let scaled = img.downscaled(toWidth: tw, height: th)
            made = (scaled, Self.isOpaque(scaled))
        }
        guard let (scaled, opaque) = made else { return nil }
        generation += 1
        if let old = textures[name]?.texture { SDL_DestroyTexture(old) }
        let e = Entry(texture: nil, width: Int32(scaled.width), height: Int32(scaled.height),
                      originalSize: natural, pixels: scaled, opaque: opaque)
        textures[name] = e
        return e
    }

    /// The photos the next frames may draw, each into a box (px) by a mode, nearest the screen
    /// first: decoded on the prefetch thread, except those a texture or a decoded original
    /// already holds (a photo about to grow past its texture is decoded for the size it grows
    /// to); ones asked for before and no longer named are not decoded.
    func prefetch(_ wanted: [(name: String, box: Size, mode: ContentMode, grows: Bool)]) {
        var jobs: [PhotoPrefetcher.Job] = []
        // A photo no longer named as about to grow (an opening cut short before it grew) grows
        // to its old target no more.
        for name in growthTargets.keys where !wanted.contains(where: { $0.grows && $0.name == name }) { growthTargets[name] = nil }
        for w in wanted where !w.name.isEmpty && !failed.contains(w.name) {
            if let e = textures[w.name] {
                // Held: decoded again only for a photo about to grow past its copy, for the
                // size it grows to (`growthTargets`), unless its original is at hand for that.
                guard w.grows, let natural = originalSize(w.name) else { continue }
                let target = Self.neededPixels(natural: natural, box: w.box, mode: w.mode)
                guard !covers(e, target) else { continue }
                growthTargets[w.name] = target
                let size = Self.textureSize(natural: natural, needed: target)
                if let o = originals[w.name], originalCovers(o, w.name, size) { continue }
            } else if w.grows || originals[w.name] != nil {
                // (Not drawn yet, its first copy is for the size it is drawn at.)
                continue
            }
            if !decodesAhead { continue }
            jobs.append(PhotoPrefetcher.Job(name: w.name, path: directory + "/" + w.name, box: w.box, mode: w.mode))
        }
        prefetcher.want(jobs)
    }

    /// The pixels of a photo `natural` in size that cover a `box` (px) by `mode`. The box's
    /// size is taken to a millionth of a pixel first: one measured as the difference of two
    /// scaled edges carries their rounding error, and a 120 px box read as 120.0000001 needed
    /// 121 here and 120 where it was measured at the origin.
    nonisolated static func neededPixels(natural: Size, box: Size, mode: ContentMode) -> (w: Int, h: Int) {
        let clean = { (v: Double) in (v * 1e6).rounded() / 1e6 }
        let (source, destination) = mode.placement(imageSize: natural, in: Rect(x: 0, y: 0, width: box.width, height: box.height))
        return (Int(clean(natural.width * destination.width / max(1, source.width)).rounded(.up)),
                Int(clean(natural.height * destination.height / max(1, source.height)).rounded(.up)))
    }

    /// Every pixel of `image` is opaque.
    nonisolated static func isOpaque(_ image: RGBAImage) -> Bool {
        image.pixels.withUnsafeBufferPointer { p in
            for i in stride(from: 3, to: p.count, by: 4) where p[i] != 255 { return false }
            return true
        }
    }

    /// The SDL texture of a photo's current pixels (made now if it has none); nil if the photo
    /// has no pixels yet or SDL refused.
    func sdlTexture(_ name: String) -> OpaquePointer? {
        guard let e = textures[name] else { return nil }
        if let t = e.texture { return t }
        guard let t = makeTexture(e.pixels, renderer: renderer) else { return nil }
        textures[name]?.texture = t
        return t
    }

    /// Drops the photos named (they come back from their files when drawn again).
    func drop(_ names: [String]) {
        for name in names {
            guard let e = textures[name] else { continue }
            if let t = e.texture { SDL_DestroyTexture(t) }
            textures[name] = nil
            growthTargets[name] = nil
        }
    }

    /// Drops the SDL textures of photos of `pixels` or more: made for one copy SDL had to make
    /// (a large photo drawn into a layer being rasterised), they would double the photo's
    /// memory until the next trim (7.7 MB for an expanded card's photo).
    func dropTextures(ofAtLeast pixels: Int) {
        for (name, e) in textures where Int(e.width) * Int(e.height) >= pixels {
            guard let t = e.texture else { continue }
            SDL_DestroyTexture(t)
            textures[name]?.texture = nil
        }
    }

    func destroyAll() {
        prefetcher.stop()
        generation += 1
        for e in textures.values { if let t = e.texture { SDL_DestroyTexture(t) } }
        textures.removeAll()
        growthTargets.removeAll()
    }
}
