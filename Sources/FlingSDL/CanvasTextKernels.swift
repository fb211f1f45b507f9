// CanvasTextKernels: text runs onto the canvas from their coverage masks: faded, and opaque as SDL 2 blends them (see CanvasKernels.swift).
import FlingCore

extension CanvasKernels {

    /// A run of text from its coverage `mask` (`width × height` bytes, 0…255) with its top-left
    /// at (x0, y0): each pixel blended toward `color` by coverage × `strength` / 255 (the text
    /// colour's alpha times its group's opacity), as SDL blends the run's texture with an alpha
    /// modulation. One row at a time, on this core (a line of text is small).
    static func text(mask: UnsafeBufferPointer<UInt8>, width w: Int, height h: Int, x0: Int, y0: Int,
                     color: (r: UInt8, g: UInt8, b: UInt8), strength: UInt8, visible: PixelRect,
                     into t: PixelTarget, scratch: inout CanvasScratch) {
        let area = PixelRect(x0: x0, y0: y0, x1: x0 + w, y1: y0 + h).intersection(visible).intersection(t.bounds)
        guard !area.isEmpty, strength > 0, mask.count >= w * h, let m = mask.baseAddress else { return }
        let s = UInt32(strength)
        for v in 0..<256 {
            let a = widen((UInt32(v) * s + 127) / 255)
            scratch.weights[v] = a | a << 16
        }
        let span = area.x1 - area.x0
        scratch.reserve(columns: span, rows: 0)
        let (cb, cg, cr) = (UInt16(color.b), UInt16(color.g), UInt16(color.r))
        let even = SIMD8<UInt16>(cb, cr, cb, cr, cb, cr, cb, cr)
        let odd = SIMD8<UInt16>(cg, 0, cg, 0, cg, 0, cg, 0)
        scratch.weights.withUnsafeBufferPointer { weightOf in
            scratch.alpha.withUnsafeMutableBufferPointer { alpha in
                for py in area.y0..<area.y1 {
                    let source = m + (py - y0) * w + (area.x0 - x0)
                    var any: UInt8 = 0
                    for x in 0..<span {
                        let c = source[x]
                        any |= c
                        alpha[x] = weightOf[Int(c)]
                    }
                    guard any != 0 else { continue }
                    blend(t.row(py), from: area.x0, to: area.x1, alphaOffset: area.x0, alpha: alpha, even: even, odd: odd)
                }
            }
        }
    }

    /// A run of text in an opaque colour from its coverage `mask` (`width × height` bytes) with
    /// its top-left at (x0, y0), blended exactly as SDL 2's software renderer blends the run's
    /// texture (ARGB8888 onto 32-bit RGB, `BlitRGBtoRGBPixelAlphaMMX`): coverage 0 leaves the
    /// pixel, 255 writes the colour with alpha 255, and between them each channel becomes
    /// `(c·a >> 8) + (d·(255 − a) >> 8)` (the alpha channel's `c` is `a`, its weight 255). The
    /// same pixels as SDL's blit, four at a time instead of one through three branches. Used
    /// only where the SDL in use blends so (`OpaqueTextCheck`).
    static func opaqueText(mask: UnsafeBufferPointer<UInt8>, width w: Int, height h: Int, x0: Int, y0: Int,
                           color: (r: UInt8, g: UInt8, b: UInt8), visible: PixelRect, into t: PixelTarget) {
        let area = PixelRect(x0: x0, y0: y0, x1: x0 + w, y1: y0 + h).intersection(visible).intersection(t.bounds)
        guard !area.isEmpty, mask.count >= w * h, let m = mask.baseAddress else { return }
        let (cb, cg, cr) = (UInt16(color.b), UInt16(color.g), UInt16(color.r))
        let even = SIMD8<UInt16>(cb, cr, cb, cr, cb, cr, cb, cr)
        let green = SIMD8<UInt16>(cg, 0, cg, 0, cg, 0, cg, 0)
        let greenLanes = SIMD8<UInt16>(0xFFFF, 0, 0xFFFF, 0, 0xFFFF, 0, 0xFFFF, 0)
        let alphaWeight = SIMD8<UInt16>(0, 255, 0, 255, 0, 255, 0, 255)
        let low = SIMD8<UInt16>(repeating: 0x00FF), full = SIMD8<UInt16>(repeating: 255)
        let solid = UInt32(0xFF00_0000) | UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
        let solid4 = unsafeBitCast(SIMD4<UInt32>(repeating: solid), to: SIMD8<UInt16>.self)
        let span = area.x1 - area.x0
        for py in area.y0..<area.y1 {
            let source = m + (py - y0) * w + (area.x0 - x0)
            let row = t.row(py) + area.x0
            let raw = UnsafeMutableRawPointer(row)
            var x = 0
            while x + 4 <= span {
                // Most groups of a line hold no ink (between glyphs, above and below them).
                let word = UInt32(littleEndian: UnsafeRawPointer(source + x).loadUnaligned(as: UInt32.self))
                if word != 0 {
                    let c = SIMD4<UInt32>(word & 0xFF, (word >> 8) & 0xFF, (word >> 16) & 0xFF, word >> 24)
                    // Each pixel's coverage in both of its 16-bit lanes.
                    let a = unsafeBitCast(c | c &<< 16, to: SIMD8<UInt16>.self)
                    let d = raw.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<UInt16>.self)
                    let ia = full &- a
                    let e = ((even &* a) &>> 8) &+ (((d & low) &* ia) &>> 8)
                    // Green by the coverage; alpha (the coverage itself) by 255.
                    let o = (((green | (a & ~greenLanes)) &* ((a & greenLanes) | alphaWeight)) &>> 8) &+ (((d &>> 8) &* ia) &>> 8)
                    var v = e | o &<< 8
                    v.replace(with: solid4, where: a .== full)
                    v.replace(with: d, where: a .== SIMD8<UInt16>(repeating: 0))
                    raw.storeBytes(of: v, toByteOffset: x * 4, as: SIMD8<UInt16>.self)
                }
                x += 4
            }
            while x < span {
                row[x] = mmxPixelAlphaBlend(row[x], coverage: source[x], solid: solid)
                x += 1
            }
        }
    }

    /// One pixel of `opaqueText`: SDL's MMX per-pixel-alpha blend of the colour `solid` (alpha
    /// 255) at `coverage` over `d`.
    @inline(__always) static func mmxPixelAlphaBlend(_ d: UInt32, coverage a8: UInt8, solid: UInt32) -> UInt32 {
        if a8 == 0 { return d }
        if a8 == 255 { return solid }
        let a = UInt32(a8), ia = 255 - a
        func channel(_ shift: UInt32, _ c: UInt32, _ weight: UInt32) -> UInt32 {
            (((c * weight) >> 8) + ((((d >> shift) & 0xFF) * ia) >> 8)) << shift
        }
        return channel(0, solid & 0xFF, a) | channel(8, (solid >> 8) & 0xFF, a) | channel(16, (solid >> 16) & 0xFF, a) | channel(24, a, 255)
    }
}
