/// Anti-aliased coverage of a rounded corner, computed once per radius and stroke width and
/// drawn as a tinted texture. This is how Fling anti-aliases curves: SDL's software renderer
/// snaps geometry to whole pixels, so sub-pixel fringes cannot smooth an arc there, while a
/// coverage mask looks the same on every renderer.
public enum CornerCoverage {
    /// Samples per pixel side (4 × 4 = 16 coverage levels, more than the eye resolves).
    public static let supersampling = 4

    /// Coverage 0…255 of the top-left quarter of a disc of `radius` px (centre at
    /// (radius, radius)), row-major `size × size` with size = ceil(radius). With `strokeWidth`
    /// > 0, only the ring between radius − width and radius is covered.
    public static func quarter(radius: Double, strokeWidth: Double = 0) -> (size: Int, alpha: [UInt8]) {
        let size = max(1, Int(radius.rounded(.up)))
        let inner = strokeWidth > 0 ? max(0, radius - strokeWidth) : -1
        let n = supersampling
        var out = [UInt8](repeating: 0, count: size * size)
        let r2 = radius * radius, i2 = inner * inner
        for y in 0..<size {
            for x in 0..<size {
                var hits = 0
                for sy in 0..<n {
                    let py = Double(y) + (Double(sy) + 0.5) / Double(n)
                    let dy = radius - py
                    for sx in 0..<n {
                        let px = Double(x) + (Double(sx) + 0.5) / Double(n)
                        let dx = radius - px
                        let d2 = dx * dx + dy * dy
                        if d2 <= r2 && (inner < 0 || d2 >= i2) { hits += 1 }
                    }
                }
                out[y * size + x] = UInt8((hits * 255 + (n * n) / 2) / (n * n))
            }
        }
        return (size, out)
    }

    /// Coverage of a whole rounded rectangle of `width × height` px with per-corner radii,
    /// for baking into images (rounded photos).
    public static func roundedRect(width: Int, height: Int, radii: CornerRadii) -> [UInt8] {
        var out = [UInt8](repeating: 255, count: max(0, width * height))
        let r = radii.clamped(to: Size(Double(width), Double(height)))
        func stamp(_ radius: Double, flipX: Bool, flipY: Bool) {
            guard radius >= 0.5 else { return }
            let (size, alpha) = quarter(radius: radius)
            for y in 0..<min(size, height) {
                for x in 0..<min(size, width) {
                    let tx = flipX ? width - 1 - x : x, ty = flipY ? height - 1 - y : y
                    out[ty * width + tx] = min(out[ty * width + tx], alpha[y * size + x])
                }
            }
        }
        stamp(r.topLeft, flipX: false, flipY: false)
        stamp(r.topRight, flipX: true, flipY: false)
        stamp(r.bottomRight, flipX: true, flipY: true)
        stamp(r.bottomLeft, flipX: false, flipY: true)
        return out
    }
}
