/// An axis-aligned rectangle in pt, origin at the top-left, y growing downward.
public struct Rect: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x, y); size = Size(width, height)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var x: Double { origin.x }
    public var y: Double { origin.y }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var center: Point { Point(midX, midY) }
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    public func intersects(_ other: Rect) -> Bool { !intersection(other).isEmpty }

    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// Linear interpolation between two frames (t = 0 gives self, t = 1 gives `to`).
    public func interpolated(to other: Rect, _ t: Double) -> Rect {
        func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        return Rect(x: lerp(x, other.x), y: lerp(y, other.y),
                    width: lerp(width, other.width), height: lerp(height, other.height))
    }

    /// Every value finite: a NaN becomes 0 and an infinity ±`bound`; finite values stay.
    public func finite(bound: Double) -> Rect {
        Rect(x: x.finite(bound: bound), y: y.finite(bound: bound),
             width: width.finite(bound: bound), height: height.finite(bound: bound))
    }

    public var description: String { "[\(x), \(y), \(width), \(height)]" }
}

extension Double {
    /// The value if finite; a NaN becomes 0 and an infinity ±`bound`.
    public func finite(bound: Double) -> Double {
        if isFinite { return self }
        if isNaN { return 0 }
        return self < 0 ? -bound : bound
    }
}

/// Corner radii of a rounded rectangle, in pt, clockwise from the top-left.
public struct CornerRadii: Equatable, Hashable, Sendable {
    public var topLeft: Double
    public var topRight: Double
    public var bottomRight: Double
    public var bottomLeft: Double

    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft; self.topRight = topRight
        self.bottomRight = bottomRight; self.bottomLeft = bottomLeft
    }

    public init(_ all: Double) { self.init(topLeft: all, topRight: all, bottomRight: all, bottomLeft: all) }

    /// Only the top corners rounded (the sheet).
    public static func top(_ r: Double) -> CornerRadii {
        CornerRadii(topLeft: r, topRight: r, bottomRight: 0, bottomLeft: 0)
    }

    public static let zero = CornerRadii(0)

    public var isZero: Bool { topLeft <= 0 && topRight <= 0 && bottomRight <= 0 && bottomLeft <= 0 }
    public var maximum: Double { max(max(topLeft, topRight), max(bottomRight, bottomLeft)) }

    /// Radii scaled down uniformly so that adjacent corners never overlap (CSS's rule).
    public func clamped(to size: Size) -> CornerRadii {
        var f = 1.0
        func limit(_ sum: Double, _ side: Double) { if sum > side, sum > 0 { f = min(f, side / sum) } }
        limit(topLeft + topRight, size.width)
        limit(bottomLeft + bottomRight, size.width)
        limit(topLeft + bottomLeft, size.height)
        limit(topRight + bottomRight, size.height)
        return CornerRadii(topLeft: max(0, topLeft * f), topRight: max(0, topRight * f),
                           bottomRight: max(0, bottomRight * f), bottomLeft: max(0, bottomLeft * f))
    }
}

/// Padding around a rectangle's content, in pt.
public struct EdgeInsets: Equatable, Hashable, Sendable {
    public var top, left, bottom, right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public init(all v: Double) { self.init(top: v, left: v, bottom: v, right: v) }
}
