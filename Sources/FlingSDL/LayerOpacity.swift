// LayerOpacity: where a rasterised layer with a clear background is opaque, row by row (the
// span a composite copies instead of blending), with the alpha SDL's blending rounds down
// put back to opaque.

/// The opaque part of one row of a layer: pixels `start..<end` (the row's longest run of
/// opaque pixels). Empty (0..<0) when the row has none.
struct OpaqueSpan: Equatable {
    var start: Int32
    var end: Int32
    static let none = OpaqueSpan(start: 0, end: 0)
}

enum LayerOpacity {
    /// Alpha at or above this is opaque. SDL's software blending computes a blended pixel's
    /// alpha as a + d·(255 − a) >> 8, so what it blends onto an opaque pixel (a photo's scrim,
    /// a shadow over a card) comes out 253 or 254, not 255: the sheet's photo under its scrim
    /// read 253, and each such pixel went through the per-pixel blend at every composite of the
    /// sheet (a third of a dragged sheet's pixels, three quarters of its frame's instructions).
    /// Exact arithmetic gives 255 there; a pixel truly 253/254 (an edge 99 % covered) loses at
    /// most 2/255 of what is behind it. Source: Fling, from the sheet-drag frame under callgrind.
    static let opaqueAlpha: UInt32 = 253

    /// Snaps alpha ≥ `opaqueAlpha` to 255 in `rows` × `columns` of `pixels` (`width` px a
    /// row), and writes the opaque span of each row of `rows` into `spans` (whole rows scanned).
    static func snapAndScan(_ pixels: UnsafeMutableBufferPointer<UInt32>, width: Int, rows: Range<Int>,
                            columns: Range<Int>, into spans: inout [OpaqueSpan]) {
        guard let base = pixels.baseAddress, width > 0 else { return }
        let floor = opaqueAlpha << 24
        for y in rows {
            let row = base + y * width
            for x in columns where row[x] >= floor { row[x] |= 0xFF00_0000 }
            spans[y] = span(row, width: width)
        }
    }

    /// The longest run of opaque pixels in one row.
    static func span(_ row: UnsafePointer<UInt32>, width: Int) -> OpaqueSpan {
        var best = OpaqueSpan.none
        var x = 0
        while x < width {
            guard row[x] >= 0xFF00_0000 else { x += 1; continue }
            var end = x + 1
            while end < width, row[end] >= 0xFF00_0000 { end += 1 }
            if end - x > Int(best.end - best.start) { best = OpaqueSpan(start: Int32(x), end: Int32(end)) }
            x = end
        }
        return best
    }

    /// The longest run of wholly opaque rows starting at the first one.
    static func opaqueRows(_ spans: [OpaqueSpan], width: Int) -> Range<Int> {
        let whole = OpaqueSpan(start: 0, end: Int32(width))
        var y0 = 0
        while y0 < spans.count, spans[y0] != whole { y0 += 1 }
        var y1 = y0
        while y1 < spans.count, spans[y1] == whole { y1 += 1 }
        return y0..<y1
    }
}
