// LayerTint: a layer's pixels faded and dimmed in one pass as they are copied (see below).
import FlingCore

/// A per-pixel affine tint of an opaque layer: out = (src · mul + add) / 256 per colour channel,
/// alpha forced opaque. A dim d over a layer faded to opacity o over a background U is
/// mul = 256·o·(1−d), add = 256·U·(1−o)·(1−d): the same pixels (±1) as SDL's blended copy and
/// blended black fill, in one pass that the compiler vectorises (16 bytes at a time).
struct LayerTint: Equatable {
    var mul: UInt16
    var add: (b: UInt16, g: UInt16, r: UInt16)

    init(opacity o: Double, dim d: Double, background u: Color) {
        let k = max(0, min(1, o)) * (1 - max(0, min(1, d)))
        mul = UInt16((256 * k).rounded())
        let f = 256 * (1 - max(0, min(1, o))) * (1 - max(0, min(1, d)))
        add = (UInt16((u.b * 255 * f).rounded()), UInt16((u.g * 255 * f).rounded()), UInt16((u.r * 255 * f).rounded()))
    }

    static func == (a: LayerTint, b: LayerTint) -> Bool {
        a.mul == b.mul && a.add.b == b.add.b && a.add.g == b.add.g && a.add.r == b.add.r
    }

    /// `apply` over `region` (or everything) in bands of rows on every core (ParallelRows).
    func applyInBands(_ source: UnsafeBufferPointer<UInt32>, width: Int, height: Int, into destination: UnsafeMutableRawPointer, pitch: Int,
                      region: PixelRect? = nil) {
        let r = (region ?? PixelRect(x0: 0, y0: 0, x1: width, y1: height)).intersection(PixelRect(x0: 0, y0: 0, x1: width, y1: height))
        guard !r.isEmpty else { return }
        ParallelRows.run(r.y0..<r.y1, bands: ParallelRows.bands(rows: r.y1 - r.y0, columns: r.x1 - r.x0),
                         TintBands(tint: self, source: source, width: width, height: height, destination: destination, pitch: pitch, columns: r.x0..<r.x1))
    }

    /// `applyInBands`'s work: the region's columns, one band of its rows at a time.
    private struct TintBands: RowBandWork {
        let tint: LayerTint
        let source: UnsafeBufferPointer<UInt32>
        let width: Int, height: Int
        let destination: UnsafeMutableRawPointer
        let pitch: Int
        let columns: Range<Int>
        func run(band: Int, rows: Range<Int>) {
            tint.apply(source, width: width, height: height, into: destination, pitch: pitch,
                       region: PixelRect(x0: columns.lowerBound, y0: rows.lowerBound, x1: columns.upperBound, y1: rows.upperBound))
        }
    }

    /// Tints `width × height` ARGB8888 pixels from `source` (tightly packed) into `destination`
    /// (rows `pitch` bytes apart), only those in `region` when given (the same place in both).
    func apply(_ source: UnsafeBufferPointer<UInt32>, width: Int, height: Int, into destination: UnsafeMutableRawPointer, pitch: Int,
               region: PixelRect? = nil) {
        guard let src = source.baseAddress, source.count >= width * height else { return }
        if let r = region {
            let c = r.intersection(PixelRect(x0: 0, y0: 0, x1: width, y1: height))
            guard !c.isEmpty else { return }
            // The region as a smaller image: its first pixel, its width, the same row strides.
            for y in c.y0..<c.y1 {
                let row = UnsafeBufferPointer(start: src + y * width + c.x0, count: c.x1 - c.x0)
                apply(row, width: c.x1 - c.x0, height: 1, into: destination + y * pitch + c.x0 * 4, pitch: pitch)
            }
            return
        }
        // Little-endian ARGB8888 is B, G, R, A in memory: four pixels per 16-byte vector, read
        // as eight 16-bit lanes, the even channels (B, R) and the odd ones (G, A) apart, so
        // nothing widens or narrows (plain SSE2). Alpha's lane: ×0 + 255·256 = opaque.
        let m = mul
        let (ab, ag, ar) = add
        let mulEven = SIMD8<UInt16>(repeating: m)
        let mulOdd = SIMD8<UInt16>(m, 0, m, 0, m, 0, m, 0)
        let addEven = SIMD8<UInt16>(ab, ar, ab, ar, ab, ar, ab, ar)
        let addOdd = SIMD8<UInt16>(ag, 255 << 8, ag, 255 << 8, ag, 255 << 8, ag, 255 << 8)
        let low = SIMD8<UInt16>(repeating: 0x00FF), high = SIMD8<UInt16>(repeating: 0xFF00)
        let raw = UnsafeRawPointer(src)
        for y in 0..<height {
            let s = raw + y * width * 4
            let d = destination + y * pitch
            var x = 0
            while x + 4 <= width {
                let v = s.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<UInt16>.self)
                let even = ((v & low) &* mulEven &+ addEven) &>> 8
                let odd = ((v &>> 8) &* mulOdd &+ addOdd) & high
                d.storeBytes(of: even | odd, toByteOffset: x * 4, as: SIMD8<UInt16>.self)
                x += 4
            }
            while x < width {
                let p = s.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                func ch(_ shift: UInt32, _ a: UInt16) -> UInt32 {
                    (UInt32((UInt16(truncatingIfNeeded: p >> shift) & 0xFF) &* m &+ a) >> 8) << shift
                }
                d.storeBytes(of: 0xFF00_0000 | ch(16, ar) | ch(8, ag) | ch(0, ab), toByteOffset: x * 4, as: UInt32.self)
                x += 1
            }
        }
    }
}
