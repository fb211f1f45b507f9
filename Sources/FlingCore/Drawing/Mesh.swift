/// A vertex in device pixels with a straight-alpha colour and texture coordinates 0…1.
public struct MeshVertex: Equatable, Sendable {
    public var x, y: Float
    public var r, g, b, a: UInt8
    public var u, v: Float

    public init(x: Float, y: Float, r: UInt8, g: UInt8, b: UInt8, a: UInt8, u: Float, v: Float) {
        self.x = x; self.y = y; self.r = r; self.g = g; self.b = b; self.a = a; self.u = u; self.v = v
    }
}

/// Triangles ready for `SDL_RenderGeometry`: gradients and polylines. (Rounded shapes use
/// coverage masks instead, see `CornerCoverage`: SDL's software renderer snaps geometry to
/// whole pixels, so a one-pixel alpha fringe cannot anti-alias a curve there.)
public struct Mesh: Sendable {
    public var vertices: [MeshVertex] = []
    public var indices: [Int32] = []

    public init() {}

    public var isEmpty: Bool { indices.isEmpty }

    public mutating func removeAll() {
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
    }
}

/// Turns lines into triangle meshes with anti-aliased sides, in device pixels.
public enum Tessellator {
    /// Width of the fade at each side, in device pixels.
    public static let fringe: Double = 1

    /// An open polyline of `width` device pixels with anti-aliased sides.
    public static func polyline(_ pts: [Point], width: Double, color: Color, into mesh: inout Mesh) {
        guard pts.count >= 2 else { return }
        let w = max(width, 1)
        let (r, g, b, a0) = color.multipliedAlpha(min(1, width)).rgba8
        for k in 0..<(pts.count - 1) {
            let p = pts[k], q = pts[k + 1]
            let d = q - p
            let len = d.length
            guard len > 1e-9 else { continue }
            let nrm = Point(-d.y / len, d.x / len)
            let base = Int32(mesh.vertices.count)
            // Four edges along the segment (outer fringe, inner, inner, outer fringe), each at
            // both ends; written out, not as literal arrays, which would allocate per segment.
            func edge(_ off: Double, _ alpha: UInt8) {
                let u = p + nrm * off, v = q + nrm * off
                mesh.vertices.append(MeshVertex(x: Float(u.x), y: Float(u.y), r: r, g: g, b: b, a: alpha, u: 0, v: 0))
                mesh.vertices.append(MeshVertex(x: Float(v.x), y: Float(v.y), r: r, g: g, b: b, a: alpha, u: 0, v: 0))
            }
            edge(w / 2 + fringe / 2, 0)
            edge(w / 2 - fringe / 2, a0)
            edge(-w / 2 + fringe / 2, a0)
            edge(-w / 2 - fringe / 2, 0)
            for ring in 0..<3 {
                let a = base + Int32(ring * 2), bb = a + 1, c = a + 3, d2 = a + 2
                mesh.indices.append(a); mesh.indices.append(bb); mesh.indices.append(c)
                mesh.indices.append(a); mesh.indices.append(c); mesh.indices.append(d2)
            }
        }
    }
}
