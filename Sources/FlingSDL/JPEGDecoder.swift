// JPEGDecoder: a JPEG decoded at the smallest of 1/8, 1/4, 1/2 or its full size that is at least
// the size asked for, by libjpeg (Sources/CJPEG), straight into RGBA. A restaurant row's 96 px
// thumbnail of a 1,600 px photo decodes at 1/8: start-up at 1080×1920 decoded twenty photos
// whole to shrink each to a thumbnail.
import CJPEG
import FlingCore

enum JPEGDecoder {
    /// `bytes` (a checked JPEG) decoded at least `atLeast` in size when its full size allows,
    /// or nil when libjpeg cannot decode it (SDL_image then tries).
    static func decode(_ bytes: [UInt8], header: ImageHeader, atLeast: (w: Int, h: Int)) -> RGBAImage? {
        var message = [CChar](repeating: 0, count: 256)
        // libjpeg must read the size the header gave (the budget was checked against it).
        var fullW: Int32 = 0, fullH: Int32 = 0
        guard fling_jpeg_scaled_size(bytes, bytes.count, 1, &fullW, &fullH, &message, message.count) == 0,
              Int(fullW) == header.width, Int(fullH) == header.height else { return nil }
        var chosen: (denominator: Int32, w: Int32, h: Int32)?
        for denominator: Int32 in [8, 4, 2, 1] {
            var w: Int32 = 0, h: Int32 = 0
            guard fling_jpeg_scaled_size(bytes, bytes.count, denominator, &w, &h, &message, message.count) == 0 else { return nil }
            if (Int(w) >= atLeast.w && Int(h) >= atLeast.h) || denominator == 1 { chosen = (denominator, w, h); break }
        }
        guard let c = chosen, c.w > 0, c.h > 0 else { return nil }
        let count = Int(c.w) * Int(c.h) * 4
        var ok = false
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            ok = fling_jpeg_decode(bytes, bytes.count, c.denominator, buffer.baseAddress, c.w, c.h, &message, message.count) == 0
            if !ok { buffer.initialize(repeating: 0) }
            initialized = count
        }
        return ok ? RGBAImage(width: Int(c.w), height: Int(c.h), pixels: pixels) : nil
    }
}
