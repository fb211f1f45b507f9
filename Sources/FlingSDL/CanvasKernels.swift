// CanvasKernels: the pixel loops of the CPU canvas (CPUCanvas). Each writes ARGB8888 pixels
// in place, inside a visible rectangle, with 8-bit fixed-point weights (0…256, or SDL's own
// 0…255 where its pixels must be matched) so the inner loops stay in integers (16-bit lanes
// where they vectorise; SSE2 is enough).
// They are the compositing SDL's software renderer does slowest for a pulled card: a large
// colour- and alpha-modulated soft shadow (generic blitter through temporary surfaces) and a
// bilinear scaled copy; here the shadow costs a blend over its ring only and the scaled copy
// lands in the frame without a second pass. Polylines too: SDL draws each blended triangle of
// their mesh through a temporary surface (their coverage is computed in floating point; only
// the blend is in integers). And text: faded (SDL's alpha-modulated copy) and opaque (SDL's
// per-pixel-alpha blit, one pixel at a time through branches).
// The kernels live one family a file (CanvasShadowKernel, CanvasTextKernels,
// CanvasPolylineKernel, CanvasScaledCopyKernel, and BackdropBlur for materials); this file
// holds the blends they share, and CanvasPixels.swift the pixel geometry they work on.
import FlingCore

enum CanvasKernels {
    /// A weight 0…255 as 0…256 (so that 255 keeps the source exactly).
    @inline(__always) static func widen(_ a: UInt32) -> UInt32 { a + (a >> 7) }

    /// Lerps two ARGB8888 pixels per channel by `w` / 256 (w in 0…256), two channels at a time.
    @inline(__always) static func lerp(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        let iw = 256 - w
        let rb = (((a & 0x00FF_00FF) &* iw &+ (b & 0x00FF_00FF) &* w) >> 8) & 0x00FF_00FF
        let ag = (((a >> 8) & 0x00FF_00FF) &* iw &+ ((b >> 8) & 0x00FF_00FF) &* w) & 0xFF00_FF00
        return rb | ag
    }

    /// row[x] = row[x]·(256 − a) + colour·a for x in from..<to, a from `alpha` (indexed from
    /// `alphaOffset`); four pixels at a time as eight 16-bit lanes, the even channels (B, R)
    /// and the odd ones (G, A) apart, so nothing widens or narrows (plain SSE2).
    @inline(__always)
    static func blend(_ row: UnsafeMutablePointer<UInt32>, from: Int, to: Int, alphaOffset: Int,
                      alpha: UnsafeMutableBufferPointer<UInt32>, even: SIMD8<UInt16>, odd: SIMD8<UInt16>) {
        guard let ab = alpha.baseAddress, to > from else { return }
        let raw = UnsafeMutableRawPointer(row)
        let araw = UnsafeRawPointer(ab)
        let low = SIMD8<UInt16>(repeating: 0x00FF), high = SIMD8<UInt16>(repeating: 0xFF00)
        let full = SIMD8<UInt16>(repeating: 256)
        let greenOnly = SIMD8<UInt16>(0xFFFF, 0, 0xFFFF, 0, 0xFFFF, 0, 0xFFFF, 0)
        var x = from
        while x + 4 <= to {
            let a = araw.loadUnaligned(fromByteOffset: (x - alphaOffset) * 4, as: SIMD8<UInt16>.self)
            if a != SIMD8<UInt16>(repeating: 0) {
                let d = raw.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<UInt16>.self)
                let ao = a & greenOnly
                let e = ((d & low) &* (full &- a) &+ even &* a) &>> 8
                let o = ((d &>> 8) &* (full &- ao) &+ odd &* ao) & high
                raw.storeBytes(of: e | o, toByteOffset: x * 4, as: SIMD8<UInt16>.self)
            }
            x += 4
        }
        while x < to {
            let a = ab[x - alphaOffset] & 0xFFFF
            if a > 0 {
                let col = UInt32(even[1]) << 16 | UInt32(odd[0]) << 8 | UInt32(even[0])
                let d = row[x]
                row[x] = (d & 0xFF00_0000) | (lerp(d, col, a) & 0x00FF_FFFF)
            }
            x += 1
        }
    }
}
