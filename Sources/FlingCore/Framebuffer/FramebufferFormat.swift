/// A Linux framebuffer's pixel layout (struct fb_var_screeninfo / fb_fix_screeninfo), and the
/// conversion of a rendered frame into it (`--output fbdev`, kiosks). Platform-neutral: the
/// device part (open, ioctl, mmap) lives in the app; this writes bytes into any buffer, so it
/// is tested against plain files.
public struct FramebufferFormat: Equatable, Sendable, CustomStringConvertible {
    /// One colour channel: its bit offset in the little-endian pixel word and its width.
    public struct Channel: Equatable, Sendable {
        public var offset: Int
        public var length: Int
        public init(offset: Int, length: Int) { self.offset = offset; self.length = length }
    }
    /// Visible resolution in pixels.
    public var width: Int
    public var height: Int
    /// 16, 24 or 32.
    public var bitsPerPixel: Int
    /// Bytes from one row to the next (fb_fix_screeninfo.line_length; ≥ width × bytes/pixel).
    public var lineLength: Int
    public var red: Channel
    public var green: Channel
    public var blue: Channel

    public init(width: Int, height: Int, bitsPerPixel: Int, lineLength: Int, red: Channel, green: Channel, blue: Channel) {
        self.width = width; self.height = height; self.bitsPerPixel = bitsPerPixel; self.lineLength = lineLength
        self.red = red; self.green = green; self.blue = blue
    }

    /// 32 bpp, X R G B from the high byte down (little-endian bytes B G R X): fbdev's usual.
    public static func xrgb8888(width: Int, height: Int) -> FramebufferFormat {
        FramebufferFormat(width: width, height: height, bitsPerPixel: 32, lineLength: width * 4,
                          red: Channel(offset: 16, length: 8), green: Channel(offset: 8, length: 8), blue: Channel(offset: 0, length: 8))
    }

    /// 16 bpp, R5 G6 B5, little-endian: small SPI panels' usual.
    public static func rgb565(width: Int, height: Int) -> FramebufferFormat {
        FramebufferFormat(width: width, height: height, bitsPerPixel: 16, lineLength: width * 2,
                          red: Channel(offset: 11, length: 5), green: Channel(offset: 5, length: 6), blue: Channel(offset: 0, length: 5))
    }

    public var bytesPerPixel: Int { bitsPerPixel / 8 }
    /// The bytes one frame covers.
    public var byteCount: Int { lineLength * height }

    /// Why this layout cannot be drawn into, or nil.
    public var problem: String? {
        guard [16, 24, 32].contains(bitsPerPixel) else { return "\(bitsPerPixel) bits per pixel is not supported (16, 24 or 32)" }
        guard width > 0, height > 0 else { return "the resolution \(width)x\(height) is empty" }
        guard lineLength >= width * bytesPerPixel else { return "the line length \(lineLength) is shorter than a row" }
        for c in [red, green, blue] where c.length < 1 || c.length > 8 || c.offset < 0 || c.offset + c.length > bitsPerPixel {
            return "a colour channel (offset \(c.offset), length \(c.length)) does not fit \(bitsPerPixel) bpp"
        }
        return nil
    }

    public var description: String {
        "\(width)x\(height) \(bitsPerPixel) bpp, line \(lineLength) B, R\(red.length)@\(red.offset) G\(green.length)@\(green.offset) B\(blue.length)@\(blue.offset)"
    }

    /// Copies `frame` (RGBA, opaque), turned clockwise by `rotation`, into `buffer` laid out as
    /// this format. The rotated frame is placed at the top-left; what falls outside the screen
    /// is cut, and screen pixels the frame does not cover are left as they are.
    public func write(_ frame: RGBAImage, rotation: Rotation, into buffer: UnsafeMutableRawBufferPointer) {
        let ow = rotation.swapsAxes ? frame.height : frame.width
        let oh = rotation.swapsAxes ? frame.width : frame.height
        let w = min(ow, width), h = min(oh, height)
        guard w > 0, h > 0, buffer.count >= (h - 1) * lineLength + w * bytesPerPixel else { return }
        let bpp = bytesPerPixel
        let (rs, gs, bs) = (8 - red.length, 8 - green.length, 8 - blue.length)
        frame.pixels.withUnsafeBufferPointer { src in
            for oy in 0..<h {
                var d = oy * lineLength
                for ox in 0..<w {
                    let s = rotation.sourcePixel(ox, oy, width: frame.width, height: frame.height)
                    let i = (s.y * frame.width + s.x) * 4
                    let v = UInt32(src[i] >> rs) << red.offset | UInt32(src[i + 1] >> gs) << green.offset | UInt32(src[i + 2] >> bs) << blue.offset
                    buffer[d] = UInt8(truncatingIfNeeded: v)
                    buffer[d + 1] = UInt8(truncatingIfNeeded: v >> 8)
                    if bpp >= 3 { buffer[d + 2] = UInt8(truncatingIfNeeded: v >> 16) }
                    if bpp == 4 { buffer[d + 3] = 0 }
                    d += bpp
                }
            }
        }
    }

    /// The layout in a device's `struct fb_var_screeninfo` and `struct fb_fix_screeninfo`
    /// (FBIOGET_VSCREENINFO / FBIOGET_FSCREENINFO), with where the visible page starts and the
    /// mapped memory's length. Byte offsets from linux/fb.h: the fix struct's `smem_start` is
    /// an unsigned long, so its later fields sit 4 bytes earlier on 32-bit systems.
    public static func fromScreenInfo(variable v: [UInt8], fixed f: [UInt8], longSize: Int = MemoryLayout<Int>.size)
        -> (format: FramebufferFormat, visibleOffset: Int, memoryLength: Int) {
        func u32(_ b: [UInt8], _ o: Int) -> Int {
            guard o + 4 <= b.count else { return 0 }
            return Int(b[o]) | Int(b[o + 1]) << 8 | Int(b[o + 2]) << 16 | Int(b[o + 3]) << 24
        }
        let smemLen = u32(f, 16 + longSize)
        let lineLength = u32(f, longSize == 8 ? 48 : 44)
        let bpp = u32(v, 24)
        let format = FramebufferFormat(
            width: u32(v, 0), height: u32(v, 4), bitsPerPixel: bpp, lineLength: lineLength,
            red: Channel(offset: u32(v, 32), length: u32(v, 36)), green: Channel(offset: u32(v, 44), length: u32(v, 48)),
            blue: Channel(offset: u32(v, 56), length: u32(v, 60)))
        // yoffset × line length + xoffset × bytes per pixel: the page being shown.
        let visible = u32(v, 20) * lineLength + u32(v, 16) * max(1, bpp / 8)
        return (format, visible, smemLen)
    }

    /// Reads a frame back from bytes in this format (tests and `fling` tools): RGBA, opaque,
    /// channels widened by bit replication.
    public func read(_ bytes: [UInt8]) -> RGBAImage? {
        guard bytes.count >= byteCount else { return nil }
        var px = [UInt8](repeating: 255, count: width * height * 4)
        func widen(_ v: UInt32, _ c: Channel) -> UInt8 {
            let x = (v >> UInt32(c.offset)) & ((1 << UInt32(c.length)) - 1)
            var out = x << UInt32(8 - c.length)
            var filled = c.length
            while filled < 8 { out |= out >> UInt32(filled); filled *= 2 }
            return UInt8(truncatingIfNeeded: out)
        }
        for y in 0..<height {
            for x in 0..<width {
                let o = y * lineLength + x * bytesPerPixel
                var v: UInt32 = 0
                for k in 0..<bytesPerPixel { v |= UInt32(bytes[o + k]) << UInt32(8 * k) }
                let i = (y * width + x) * 4
                px[i] = widen(v, red); px[i + 1] = widen(v, green); px[i + 2] = widen(v, blue)
            }
        }
        return RGBAImage(width: width, height: height, pixels: px)
    }
}
