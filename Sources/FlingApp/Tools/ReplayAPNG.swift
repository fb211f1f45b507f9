// ReplayAPNG: Fling's own animated-PNG encoder for `fling replay --video x.png`, writing only
// the rectangle that changed in each frame; also the zlib helpers the replay's spool uses.
import CZlib
import FlingCore
import FoundationEssentials
import Glibc

/// Fling's own PNG encoder, animated (APNG: acTL, fcTL, fdAT) for `fling replay --video x.png`.
///
/// Frames are RGB (the app's frames are opaque). A frame identical to the one before only
/// lengthens that one's delay; a frame that differs is written as the rectangle that changed
/// (fcTL offsets, dispose none, blend source), so a sheet moving over a still list costs only
/// the sheet's rows. The frame count in acTL is patched in when the file is finished.
final class APNGWriter {
    let path: String
    let width: Int, height: Int
    /// Frames per second of the input; a frame shows for 1/fps × its repeats.
    let fps: Double
    private var file: UnsafeMutablePointer<FILE>?
    private var previous: [UInt8]?
    /// The changed frame waiting for its delay to be known.
    private var pending: (rect: (x: Int, y: Int, w: Int, h: Int), data: [UInt8], repeats: Int)?
    private var sequence: UInt32 = 0
    private var frames: UInt32 = 0
    private var acTLOffset = 0

    struct WriteError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    init(path: String, width: Int, height: Int, fps: Double) throws(WriteError) {
        self.path = path; self.width = width; self.height = height; self.fps = fps
        guard let f = fopen(path, "wb") else {
            throw WriteError(message: "\(path): could not be opened for writing (\(String(cString: strerror(errno))))")
        }
        file = f
        put([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var ihdr = Self.be32(UInt32(width)) + Self.be32(UInt32(height))
        ihdr += [8, 2, 0, 0, 0]   // 8 bits, RGB, deflate, adaptive filters, no interlace
        chunk("IHDR", ihdr)
        acTLOffset = 8 + 12 + 13
        chunk("acTL", Self.be32(0) + Self.be32(0))   // frame count patched in `finish`; loop forever
    }

    /// Adds one frame (straight RGBA, the writer's size).
    func add(_ image: RGBAImage) {
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        image.pixels.withUnsafeBufferPointer { src in
            for i in 0..<(width * height) {
                rgb[i * 3] = src[i * 4]; rgb[i * 3 + 1] = src[i * 4 + 1]; rgb[i * 3 + 2] = src[i * 4 + 2]
            }
        }
        guard let prev = previous else {
            previous = rgb
            pending = ((0, 0, width, height), rgb, 1)
            return
        }
        guard let r = Self.changedRect(prev, rgb, width: width, height: height) else {
            pending?.repeats += 1
            return
        }
        flushPending()
        var part = [UInt8](repeating: 0, count: r.w * r.h * 3)
        for y in 0..<r.h {
            let s = ((r.y + y) * width + r.x) * 3
            part.replaceSubrange((y * r.w * 3)..<((y + 1) * r.w * 3), with: rgb[s..<(s + r.w * 3)])
        }
        previous = rgb
        pending = (r, part, 1)
    }

    /// Writes the last frame, the end and the frame count.
    func end() throws(WriteError) {
        flushPending()
        chunk("IEND", [])
        guard let f = file else { return }
        // acTL: num_frames at its data's start.
        fseek(f, acTLOffset, SEEK_SET)
        chunk("acTL", Self.be32(frames) + Self.be32(0))
        // A full disk shows at the last buffered write, at fclose (before, the file was cut
        // and the replay exited 0): both are checked.
        let failed = ferror(f) != 0
        let closed = fclose(f) == 0
        let why = String(cString: strerror(errno))
        file = nil
        if failed || !closed { throw WriteError(message: "\(path): could not be written whole (\(why))") }
    }

    private func flushPending() {
        guard let p = pending else { return }
        pending = nil
        // fcTL: sequence, size, offset, delay (repeats / fps as a fraction), dispose none, blend source.
        let den = UInt16(clamping: Int(fps.rounded()))
        var fctl = Self.be32(sequence) + Self.be32(UInt32(p.rect.w)) + Self.be32(UInt32(p.rect.h))
        fctl += Self.be32(UInt32(p.rect.x)) + Self.be32(UInt32(p.rect.y))
        fctl += Self.be16(UInt16(clamping: p.repeats)) + Self.be16(max(1, den)) + [0, 0]
        sequence += 1
        chunk("fcTL", fctl)
        let data = Self.zlib(Self.filtered(p.data, width: p.rect.w, height: p.rect.h, channels: 3))
        if frames == 0 {
            chunk("IDAT", data)
        } else {
            chunk("fdAT", Self.be32(sequence) + data)
            sequence += 1
        }
        frames += 1
    }

    /// The smallest rectangle holding every pixel that differs; nil when none does.
    static func changedRect(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> (x: Int, y: Int, w: Int, h: Int)? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                for y in 0..<height {
                    let row = y * width * 3
                    var x0 = -1, x1 = -1
                    for x in 0..<width {
                        let i = row + x * 3
                        if a[i] != b[i] || a[i + 1] != b[i + 1] || a[i + 2] != b[i + 2] {
                            if x0 < 0 { x0 = x }
                            x1 = x
                        }
                    }
                    if x0 >= 0 { minX = min(minX, x0); maxX = max(maxX, x1); minY = min(minY, y); maxY = y }
                }
            }
        }
        guard maxX >= 0 else { return nil }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    /// PNG scanlines with a filter byte each: per row the filter (None, Sub, Up) whose output
    /// has the smallest sum of absolute values, the usual heuristic.
    static func filtered(_ px: [UInt8], width: Int, height: Int, channels: Int) -> [UInt8] {
        let stride = width * channels
        var out = [UInt8](repeating: 0, count: (stride + 1) * height)
        var candidate = [UInt8](repeating: 0, count: 3 * stride)
        px.withUnsafeBufferPointer { px in
            out.withUnsafeMutableBufferPointer { out in
                candidate.withUnsafeMutableBufferPointer { cand in
                    for y in 0..<height {
                        let row = y * stride
                        var costs = (0, 0, 0)
                        for i in 0..<stride {
                            let v = px[row + i]
                            let left = i >= channels ? px[row + i - channels] : 0
                            let up = y > 0 ? px[row - stride + i] : 0
                            let sub = v &- left, upF = v &- up
                            cand[i] = v; cand[stride + i] = sub; cand[2 * stride + i] = upF
                            costs.0 += v < 128 ? Int(v) : 256 - Int(v)
                            costs.1 += sub < 128 ? Int(sub) : 256 - Int(sub)
                            costs.2 += upF < 128 ? Int(upF) : 256 - Int(upF)
                        }
                        let best = costs.0 <= costs.1 && costs.0 <= costs.2 ? 0 : costs.1 <= costs.2 ? 1 : 2
                        let o = y * (stride + 1)
                        out[o] = UInt8(best)
                        for i in 0..<stride { out[o + 1 + i] = cand[best * stride + i] }
                    }
                }
            }
        }
        return out
    }

    static func zlib(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { o in
            bytes.withUnsafeBufferPointer { i in compress2(o.baseAddress, &size, i.baseAddress, uLong(bytes.count), level) }
        }
        precondition(status == Z_OK, "zlib compress2 failed with a buffer of compressBound's size")
        return Array(out.prefix(Int(size)))
    }

    /// Inflates what `zlib` made; nil when the data is not zlib or not `count` bytes.
    static func unzlib(_ bytes: [UInt8], count: Int) -> [UInt8]? {
        var size = uLong(count)
        var out = [UInt8](repeating: 0, count: count)
        let status = out.withUnsafeMutableBufferPointer { o in
            bytes.withUnsafeBufferPointer { i in uncompress(o.baseAddress, &size, i.baseAddress, uLong(bytes.count)) }
        }
        return status == Z_OK && Int(size) == count ? out : nil
    }

    private func chunk(_ type: String, _ data: [UInt8]) {
        let t = Array(type.utf8)
        var crc = crc32(0, nil, 0)
        crc = (t + data).withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        put(Self.be32(UInt32(data.count)) + t + data + Self.be32(UInt32(crc)))
    }

    private func put(_ bytes: [UInt8]) {
        guard let f = file else { return }
        _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, f) }
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
    static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
}
