// CanvasPixels: the pixel geometry the CPU canvas and its kernels work on: whole-pixel
// rectangles, a target's rows of ARGB8888 pixels, and the buffers the kernels reuse.
import FlingCore

/// Whole device pixels x0..<x1, y0..<y1.
struct PixelRect: Equatable {
    var x0: Int, y0: Int, x1: Int, y1: Int
    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    func intersection(_ o: PixelRect) -> PixelRect {
        PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    }
    /// The whole pixels inside a device-pixel rect (its edges rounded inwards).
    init(inside r: Rect) {
        x0 = Int(r.minX.rounded(.up)); y0 = Int(r.minY.rounded(.up))
        x1 = Int(r.maxX.rounded(.down)); y1 = Int(r.maxY.rounded(.down))
    }
    init(x0: Int, y0: Int, x1: Int, y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }
    var area: Int { isEmpty ? 0 : (x1 - x0) * (y1 - y0) }
    func intersects(_ o: PixelRect) -> Bool { !intersection(o).isEmpty }
    /// The smallest rectangle holding both.
    func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return PixelRect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }

    /// Calls `body` with the non-empty parts of this rectangle above, below, left and right of
    /// `hole` (which lies inside it): everything but the hole, in four pieces at most.
    func forEachPart(around hole: PixelRect, _ body: (PixelRect) -> Void) {
        func part(_ p: PixelRect) { if !p.isEmpty { body(p) } }
        part(PixelRect(x0: x0, y0: y0, x1: x1, y1: hole.y0))
        part(PixelRect(x0: x0, y0: hole.y1, x1: x1, y1: y1))
        part(PixelRect(x0: x0, y0: hole.y0, x1: hole.x0, y1: hole.y1))
        part(PixelRect(x0: hole.x1, y0: hole.y0, x1: x1, y1: hole.y1))
    }
}

/// ARGB8888 pixels the CPU writes: `height` rows of `width` pixels, `pitch` bytes apart.
struct PixelTarget {
    var base: UnsafeMutableRawPointer
    var width: Int
    var height: Int
    var pitch: Int
    var bounds: PixelRect { PixelRect(x0: 0, y0: 0, x1: width, y1: height) }
    func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { (base + y * pitch).assumingMemoryBound(to: UInt32.self) }
}

/// Buffers the kernels reuse from frame to frame (a steady pull allocates nothing).
struct CanvasScratch {
    var index: [Int32] = []
    /// Per column, a weight 0…256 twice (two 16-bit lanes: see resampleRow).
    var weight: [UInt16] = []
    var rowIndex: [Int32] = []
    var row: [UInt32] = []
    /// Per column, a shadow's alpha 0…256 in the low 16 bits and again in the high 16.
    var alpha: [UInt32] = []
    /// Coverage values 0…255 (a shadow's mask, text's glyphs) as such alphas, for a colour.
    var weights: [UInt32] = [UInt32](repeating: 0, count: 256)

    mutating func reserve(columns: Int, rows: Int) {
        if index.count < columns + 4 { index = [Int32](repeating: 0, count: columns + 4) }
        if weight.count < 2 * columns + 8 { weight = [UInt16](repeating: 0, count: 2 * columns + 8) }
        if row.count < columns + 2 { row = [UInt32](repeating: 0, count: columns + 2) }
        if alpha.count < columns + 4 { alpha = [UInt32](repeating: 0, count: columns + 4) }
        if rowIndex.count < rows { rowIndex = [Int32](repeating: 0, count: rows) }
    }
}
