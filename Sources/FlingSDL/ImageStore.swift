// ImageStore: decodes each image once, keeps it as a texture downscaled to the largest size it
// has been drawn at (re-derived from the decoded original only when drawn bigger), and stands
// in a neutral placeholder, with one warning, for a missing or corrupt file.
import CSDL2
import FlingCore

@MainActor
final class ImageStore {
    struct Entry {
        var texture: OpaquePointer
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
    private var failed: Set<String> = []
    private let renderer: OpaquePointer
    private let log: (String) -> Void

    init(directory: String, renderer: OpaquePointer, log: @escaping (String) -> Void) {
        self.directory = directory
        self.renderer = renderer
        self.log = log
    }

    var count: Int { textures.count }

    /// The original's pixel size, decoding it if needed; nil for a missing or corrupt image.
    func originalSize(_ name: String) -> Size? {
        original(name).map { Size(Double($0.width), Double($0.height)) }
    }

    private func original(_ name: String) -> RGBAImage? {
        if let img = originals[name] { return img }
        if failed.contains(name) { return nil }
        let path = directory + "/" + name
        do {
            let img = try PNGFile.read(path)
            originals[name] = img
            return img
        } catch {
            failed.insert(name)
            log("warning: image \(error.description); drawing a placeholder")
            return nil
        }
    }

    /// A texture at least `needed` pixels in size (capped at the original), or nil.
    func texture(_ name: String, needed: (w: Int, h: Int)) -> Entry? {
        if let e = textures[name], Int(e.width) >= needed.w - 1 || Int(e.height) >= needed.h - 1 || e.width >= Int32(e.originalSize.width) {
            return e
        }
        guard let img = original(name) else { return nil }
        // Round the request up by 25 % so a growing animation does not re-derive every frame.
        let factor = min(1, max(Double(needed.w) / Double(img.width), Double(needed.h) / Double(img.height)) * 1.25)
        let tw = max(1, Int((Double(img.width) * factor).rounded(.up)))
        let th = max(1, Int((Double(img.height) * factor).rounded(.up)))
        let scaled = img.downscaled(toWidth: tw, height: th)
        guard let tex = makeTexture(scaled, renderer: renderer) else { return nil }
        if let old = textures[name] { SDL_DestroyTexture(old.texture) }
        var opaque = true
        scaled.pixels.withUnsafeBufferPointer { p in
            for i in stride(from: 3, to: p.count, by: 4) where p[i] != 255 { opaque = false; break }
        }
        let e = Entry(texture: tex, width: Int32(scaled.width), height: Int32(scaled.height),
                      originalSize: Size(Double(img.width), Double(img.height)), pixels: scaled, opaque: opaque)
        textures[name] = e
        return e
    }

    func destroyAll() {
        for e in textures.values { SDL_DestroyTexture(e.texture) }
        textures.removeAll()
    }
}
