// XWDFile: reads the screen Xvfb keeps in a file (-fbdir), for tests that look at what a real
// display server shows.
import FlingCore
import Foundation

/// Xvfb's screen file (-fbdir): an X window dump (XWD), 32 bits a pixel, little-endian BGRX.
enum XWDFile {
    struct Problem: Error, CustomStringConvertible { var description: String }

    /// The top-left `w` × `h` of the screen, opaque RGBA.
    static func read(_ path: String, width w: Int, height h: Int) throws -> RGBAImage {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let bytes = [UInt8](data)
        func field(_ i: Int) -> Int {
            guard bytes.count >= (i + 1) * 4 else { return 0 }
            return bytes[i * 4 ..< i * 4 + 4].reduce(0) { $0 << 8 | Int($1) }   // big-endian header
        }
        let headerSize = field(0), width = field(4), height = field(5), bitsPerPixel = field(11), bytesPerLine = field(12)
        let colours = field(19)
        let start = headerSize + colours * 12
        guard bitsPerPixel == 32, w <= width, h <= height, start + bytesPerLine * height <= bytes.count else {
            throw Problem(description: "\(path): not a 32-bit XWD screen of at least \(w)×\(h) (\(width)×\(height), \(bitsPerPixel) bits)")
        }
        var out = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let s = start + y * bytesPerLine + x * 4, d = (y * w + x) * 4
                out[d] = bytes[s + 2]; out[d + 1] = bytes[s + 1]; out[d + 2] = bytes[s]
            }
        }
        return RGBAImage(width: w, height: h, pixels: out)
    }
}
