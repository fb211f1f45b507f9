// PNGFile: reads any image SDL_image decodes into an RGBAImage, and writes RGBAImage as PNG.
import CSDL2
import CSDL2Image
import FlingCore
import Glibc

public enum PNGFile {
    public struct IOError: Error, CustomStringConvertible, Sendable {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// Decodes an image file (PNG, JPEG …) to RGBA bytes.
    public static func read(_ path: String) throws(IOError) -> RGBAImage {
        if let problem = RegularFile.problem(path) { throw IOError(path: path, reason: problem.reason) }
        guard let loaded = IMG_Load(path) else { throw IOError(path: path, reason: "not a readable image (\(String(cString: SDL_GetError())))") }
        defer { SDL_FreeSurface(loaded) }
        guard let rgba = SDL_ConvertSurfaceFormat(loaded, fling_SDL_PIXELFORMAT_RGBA32(), 0) else {
            throw IOError(path: path, reason: "could not convert to RGBA (\(String(cString: SDL_GetError())))")
        }
        defer { SDL_FreeSurface(rgba) }
        return copyPixels(rgba)
    }

    static func copyPixels(_ s: UnsafeMutablePointer<SDL_Surface>) -> RGBAImage {
        let w = Int(s.pointee.w), h = Int(s.pointee.h), pitch = Int(s.pointee.pitch)
        var px = [UInt8](repeating: 0, count: w * h * 4)
        SDL_LockSurface(s)
        if let base = s.pointee.pixels?.assumingMemoryBound(to: UInt8.self) {
            px.withUnsafeMutableBufferPointer { dst in
                guard let d = dst.baseAddress else { return }
                for y in 0..<h { (d + y * w * 4).update(from: base + y * pitch, count: w * 4) }
            }
        }
        SDL_UnlockSurface(s)
        return RGBAImage(width: w, height: h, pixels: px)
    }

    /// A new SDL surface holding a copy of `image` (caller frees it).
    static func makeSurface(_ image: RGBAImage) -> UnsafeMutablePointer<SDL_Surface>? {
        guard let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(image.width), Int32(image.height), 32,
                                                     fling_SDL_PIXELFORMAT_RGBA32()) else { return nil }
        SDL_LockSurface(s)
        let pitch = Int(s.pointee.pitch)
        if let base = s.pointee.pixels?.assumingMemoryBound(to: UInt8.self) {
            image.pixels.withUnsafeBufferPointer { src in
                guard let sp = src.baseAddress else { return }
                for y in 0..<image.height {
                    (base + y * pitch).update(from: sp + y * image.width * 4, count: image.width * 4)
                }
            }
        }
        SDL_UnlockSurface(s)
        return s
    }

    public static func write(_ image: RGBAImage, to path: String) throws(IOError) {
        guard let s = makeSurface(image) else { throw IOError(path: path, reason: "out of memory") }
        defer { SDL_FreeSurface(s) }
        if IMG_SavePNG(s, path) != 0 {
            throw IOError(path: path, reason: "could not write PNG (\(String(cString: SDL_GetError())))")
        }
        // SDL_image reports no error when the disk fills up mid-file (its last buffered write
        // fails at close): a PNG ends with its IEND chunk, so one that does not was cut
        // (a shot on a full disk once left a truncated PNG and the run exited 0).
        guard endsWithIEND(path) else {
            throw IOError(path: path, reason: "the PNG was not written whole (is the disk full?)")
        }
    }

    /// Whether the file ends with a PNG's IEND chunk (length 0, "IEND", its CRC).
    static func endsWithIEND(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        var tail = [UInt8](repeating: 0xFF, count: iend.count)
        guard lseek(fd, -off_t(iend.count), SEEK_END) >= 0 else { return false }
        let n = tail.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        return n == iend.count && tail == iend
    }
}
