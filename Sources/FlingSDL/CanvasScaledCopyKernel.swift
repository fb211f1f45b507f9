// CanvasScaledCopyKernel: an opaque image copied scaled bilinearly onto the canvas with rounded corners, whole or faded over what is there, and the row resampling it uses (see CanvasKernels.swift).
import FlingCore

extension CanvasKernels {

    /// Copies opaque `source` (`sw × sh` ARGB8888, tightly packed) scaled bilinearly onto `dest`, its corners rounded by `radii` (px) with the coverage of
    /// `quarter(radius)` (the top-left quarter disc, `radius²` values 0…255) over what is
    /// already there. `crop` (source px, all of it when nil) is the part that fills `dest`;
    /// `swapRedBlue` reads RGBA bytes (a photo's) instead. `fade` (0…256) mixes the copy over
    /// what is there by fade / 256 (a layer cross-fading in); 256 copies it. Only pixels inside
    /// `visible` are written.
    static func scaledCopy(source: UnsafeBufferPointer<UInt32>, width sw: Int, height sh: Int, crop: Rect? = nil,
                           swapRedBlue: Bool = false, fade: UInt32 = 256, dest: PixelRect,
                           radii r: (tl: Int, tr: Int, br: Int, bl: Int), quarter: (Int) -> [UInt8],
                           visible: PixelRect, into t: PixelTarget, scratch: inout CanvasScratch, bands forced: Int? = nil) {
        let area = dest.intersection(visible).intersection(t.bounds)
        let pitch = sw
        guard !area.isEmpty, sw > 0, sh > 0, source.count >= sw * sh, let src = source.baseAddress else { return }
        let crop = crop ?? Rect(x: 0, y: 0, width: Double(sw), height: Double(sh))
        guard crop.width > 0, crop.height > 0, crop.minX.isFinite, crop.minY.isFinite else { return }
        let dw = dest.x1 - dest.x0, dh = dest.y1 - dest.y0
        let w = area.x1 - area.x0
        let bands = forced ?? ParallelRows.bands(rows: area.y1 - area.y0, columns: w)
        // One mixed-row buffer per band (and, faded, one more for the resampled row).
        let stride = max(w, sw) + 2
        let fade = min(256, fade)
        guard fade > 0 else { return }
        let rowsPerBand = fade < 256 ? 2 : 1
        scratch.reserve(columns: max(w, sw), rows: 0)
        if scratch.row.count < stride * bands * rowsPerBand { scratch.row = [UInt32](repeating: 0, count: stride * bands * rowsPerBand) }
        let sx = crop.width / Double(dw), sy = crop.height / Double(dh)
        // Per column: the left source pixel and the right one's weight (0…255).
        var lo = Int.max, hi = 0
        for x in 0..<w {
            let u = min(Double(sw - 1), max(0, crop.minX + (Double(area.x0 + x - dest.x0) + 0.5) * sx - 0.5))
            let i = min(Int(u), max(0, sw - 2))
            scratch.index[x] = Int32(i)
            let wx = sw > 1 ? UInt16(min(256, max(0, ((u - Double(i)) * 256).rounded()))) : 0
            scratch.weight[2 * x] = wx; scratch.weight[2 * x + 1] = wx
            lo = min(lo, i); hi = max(hi, min(i + 1, sw - 1))
        }
        let tl = r.tl > 0 ? quarter(r.tl) : [], tr = r.tr > 0 ? quarter(r.tr) : []
        let br = r.br > 0 ? quarter(r.br) : [], bl = r.bl > 0 ? quarter(r.bl) : []
        scratch.index.withUnsafeBufferPointer { cols in
            scratch.weight.withUnsafeBufferPointer { weights in
                scratch.row.withUnsafeMutableBufferPointer { mixed in
                    guard let mixedAll = mixed.baseAddress else { return }
                    ParallelRows.run(area.y0..<area.y1, bands: bands, ScaledCopyBands(
                        mixedAll: mixedAll, stride: stride, bands: bands, src: src, pitch: pitch, sw: sw, sh: sh, crop: crop, sy: sy, lo: lo, hi: hi,
                        dest: dest, area: area, r: r, tl: tl, tr: tr, br: br, bl: bl, cols: cols, weights: weights, swapRedBlue: swapRedBlue,
                        fade: fade, t: t))
                }
            }
        }
    }

    /// `scaledCopy`'s work, one band of rows at a time (each band with its own mixed row).
    private struct ScaledCopyBands: RowBandWork {
        let mixedAll: UnsafeMutablePointer<UInt32>
        let stride: Int, bands: Int
        let src: UnsafePointer<UInt32>
        let pitch: Int, sw: Int, sh: Int
        let crop: Rect, sy: Double
        let lo: Int, hi: Int
        let dest: PixelRect, area: PixelRect
        let r: (tl: Int, tr: Int, br: Int, bl: Int)
        let tl: [UInt8], tr: [UInt8], br: [UInt8], bl: [UInt8]
        let cols: UnsafeBufferPointer<Int32>, weights: UnsafeBufferPointer<UInt16>
        let swapRedBlue: Bool
        /// 0…256: 256 copies, less mixes over what is there.
        let fade: UInt32
        let t: PixelTarget

        func run(band: Int, rows: Range<Int>) {
            let mixedBase = mixedAll + band * stride
            // Faded, each row is resampled here first, then mixed over the target's.
            let resampled = mixedAll + (bands + band) * stride
            for py in rows {
                let v = min(Double(sh - 1), max(0, crop.minY + (Double(py - dest.y0) + 0.5) * sy - 0.5))
                let j = min(Int(v), max(0, sh - 2))
                let wy = sh > 1 ? UInt16(min(256, max(0, ((v - Double(j)) * 256).rounded()))) : 0
                // The two source rows mixed vertically over the columns used (16-bit lanes).
                let r0 = src + j * pitch
                var line: UnsafePointer<UInt32>
                if wy == 0 {
                    line = r0
                } else {
                    let r1 = src + min(j + 1, sh - 1) * pitch
                    mixRows(r0, r1, weight: wy, from: lo, to: hi + 1, into: mixedBase)
                    line = UnsafePointer(mixedBase)
                }
                if sw == 1 {
                    // One column: its "right neighbour" (weight 0) is itself, never the
                    // pixel after the row.
                    let p = line[0]
                    mixedBase[0] = p; mixedBase[1] = p
                    line = UnsafePointer(mixedBase)
                }
                let out = t.row(py)
                // Rounded corners on this row: the columns they take at each side.
                let top = py - dest.y0, bottom = dest.y1 - 1 - py
                var left: (size: Int, cover: [UInt8], qy: Int)? = nil
                var right: (size: Int, cover: [UInt8], qy: Int)? = nil
                if top < r.tl { left = (r.tl, tl, top) } else if bottom < r.bl { left = (r.bl, bl, bottom) }
                if top < r.tr { right = (r.tr, tr, top) } else if bottom < r.br { right = (r.br, br, bottom) }
                let plainFrom = max(area.x0, dest.x0 + (left?.size ?? 0))
                let plainTo = min(area.x1, dest.x1 - (right?.size ?? 0))
                if plainTo > plainFrom, let cb = cols.baseAddress, let wb = weights.baseAddress {
                    if fade >= 256 {
                        resampleRow(line, index: cb + (plainFrom - area.x0), weight2: wb + 2 * (plainFrom - area.x0),
                                    count: plainTo - plainFrom, swapRedBlue: swapRedBlue, into: out + plainFrom)
                    } else {
                        resampleRow(line, index: cb + (plainFrom - area.x0), weight2: wb + 2 * (plainFrom - area.x0),
                                    count: plainTo - plainFrom, swapRedBlue: swapRedBlue, into: resampled)
                        mixRows(UnsafePointer(out + plainFrom), UnsafePointer(resampled), weight: UInt16(fade), from: 0, to: plainTo - plainFrom,
                                into: out + plainFrom)
                    }
                }
                if let l = left, max(area.x0, dest.x0) < min(area.x1, dest.x0 + l.size) {
                    // (A corner wholly outside the visible columns has no pixels here.)
                    for px in max(area.x0, dest.x0)..<min(area.x1, dest.x0 + l.size) {
                        let x = px - area.x0, i = Int(cols[x])
                        let cov = (widen(UInt32(l.cover[l.qy * l.size + (px - dest.x0)])) * fade) >> 8
                        let p = lerp(line[i], line[i + 1], UInt32(weights[2 * x])) | 0xFF00_0000
                        out[px] = lerp(out[px], swapRedBlue ? swapped(p) : p, cov)
                    }
                }
                if let rt = right, max(area.x0, dest.x1 - rt.size) < min(area.x1, dest.x1) {
                    for px in max(area.x0, dest.x1 - rt.size)..<min(area.x1, dest.x1) {
                        let x = px - area.x0, i = Int(cols[x])
                        let cov = (widen(UInt32(rt.cover[rt.qy * rt.size + (dest.x1 - 1 - px)])) * fade) >> 8
                        let p = lerp(line[i], line[i + 1], UInt32(weights[2 * x])) | 0xFF00_0000
                        out[px] = lerp(out[px], swapRedBlue ? swapped(p) : p, cov)
                    }
                }
            }
        }
    }

    /// out[x] = line[index[x]] and the pixel after it mixed by weight[x] / 256, opaque. Four
    /// pixels at a time: their left and right neighbours gathered into two vectors and mixed
    /// as eight 16-bit lanes (even and odd channels apart); `weight2` holds each weight twice.
    @inline(__always)
    static func resampleRow(_ line: UnsafePointer<UInt32>, index: UnsafePointer<Int32>, weight2: UnsafePointer<UInt16>, count: Int,
                            swapRedBlue: Bool = false, into out: UnsafeMutablePointer<UInt32>) {
        let low = SIMD8<UInt16>(repeating: 0x00FF), high = SIMD8<UInt16>(repeating: 0xFF00)
        let full = SIMD8<UInt16>(repeating: 256)
        let opaque = SIMD4<UInt32>(repeating: 0xFF00_0000)
        let wraw = UnsafeRawPointer(weight2)
        let oraw = UnsafeMutableRawPointer(out)
        let lraw = UnsafeRawPointer(line)
        var x = 0
        while x &+ 4 <= count {
            let i0 = Int(index[x]), i1 = Int(index[x &+ 1]), i2 = Int(index[x &+ 2]), i3 = Int(index[x &+ 3])
            let l: SIMD4<UInt32>, r: SIMD4<UInt32>
            if i1 == i0 &+ 1, i2 == i0 &+ 2, i3 == i0 &+ 3 {
                // Four neighbours in a row (most of a scale near 1): two plain loads, no gather.
                l = lraw.loadUnaligned(fromByteOffset: i0 &* 4, as: SIMD4<UInt32>.self)
                r = lraw.loadUnaligned(fromByteOffset: (i0 &+ 1) &* 4, as: SIMD4<UInt32>.self)
            } else {
                l = SIMD4<UInt32>(line[i0], line[i1], line[i2], line[i3])
                r = SIMD4<UInt32>(line[i0 + 1], line[i1 + 1], line[i2 + 1], line[i3 + 1])
            }
            let p = unsafeBitCast(l, to: SIMD8<UInt16>.self), q = unsafeBitCast(r, to: SIMD8<UInt16>.self)
            let w = wraw.loadUnaligned(fromByteOffset: x &* 4, as: SIMD8<UInt16>.self)
            let iw = full &- w
            let even = ((p & low) &* iw &+ (q & low) &* w) &>> 8
            let odd = ((p &>> 8) &* iw &+ (q &>> 8) &* w) & high
            var v = unsafeBitCast(even | odd, to: SIMD4<UInt32>.self) | opaque
            if swapRedBlue { v = (v & 0xFF00_FF00) | (v & 0xFF) &<< 16 | (v &>> 16) & 0xFF }
            oraw.storeBytes(of: v, toByteOffset: x &* 4, as: SIMD4<UInt32>.self)
            x &+= 4
        }
        while x < count {
            let i = Int(index[x])
            let p = lerp(line[i], line[i + 1], UInt32(weight2[2 * x])) | 0xFF00_0000
            out[x] = swapRedBlue ? swapped(p) : p
            x += 1
        }
    }

    /// An RGBA-byte pixel (R lowest) as ARGB8888 (B lowest): red and blue swapped.
    @inline(__always) static func swapped(_ p: UInt32) -> UInt32 { (p & 0xFF00_FF00) | (p & 0xFF) << 16 | (p >> 16) & 0xFF }

    /// into[x] = r0[x]·(256 − w) + r1[x]·w per channel, for x in from..<to: four pixels at a
    /// time as eight 16-bit lanes (even and odd channels apart).
    @inline(__always)
    private static func mixRows(_ r0: UnsafePointer<UInt32>, _ r1: UnsafePointer<UInt32>, weight w: UInt16, from: Int, to: Int,
                                into out: UnsafeMutablePointer<UInt32>) {
        let a = UnsafeRawPointer(r0), b = UnsafeRawPointer(r1), o = UnsafeMutableRawPointer(out)
        let wv = SIMD8<UInt16>(repeating: w), iv = SIMD8<UInt16>(repeating: 256 - w)
        let low = SIMD8<UInt16>(repeating: 0x00FF), high = SIMD8<UInt16>(repeating: 0xFF00)
        var x = from
        while x + 4 <= to {
            let p = a.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<UInt16>.self)
            let q = b.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<UInt16>.self)
            let even = ((p & low) &* iv &+ (q & low) &* wv) &>> 8
            let odd = ((p &>> 8) &* iv &+ (q &>> 8) &* wv) & high
            o.storeBytes(of: even | odd, toByteOffset: x * 4, as: SIMD8<UInt16>.self)
            x += 4
        }
        while x < to {
            out[x] = lerp(r0[x], r1[x], UInt32(w))
            x += 1
        }
    }
}
