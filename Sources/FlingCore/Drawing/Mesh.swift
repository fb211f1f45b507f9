import Foundation

/// A vertex in device pixels with a straight-alpha colour and texture coordinates 0…1.
public struct MeshVertex: Equatable, Sendable {
    public var x, y: Float
    public var r, g, b, a: UInt8
    public var u, v: Float

    public init(x: Float, y: Float, r: UInt8, g: UInt8, b: UInt8, a: UInt8, u: Float, v: Float) {
        self.x = x; self.y = y; self.r = r; self.g = g; self.b = b; self.a = a; self.u = u; self.v = v
    }
}

/// Triangles ready for `SDL_RenderGeometry`. Built by `Tessellator`, which owns the
/// anti-aliasing: every convex outline gets a one-pixel fringe that fades to alpha 0
/// (the Dear ImGui technique), so edges are smooth without multisampling.
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

/// Turns shapes into anti-aliased triangle meshes, in device pixels.
public enum Tessellator {
    /// Width of the fade at each edge, in device pixels.
    public static let fringe: Double = 1

    /// Points of a rounded rectangle's outline, clockwise, starting at the top-left corner.
    /// Segment count per corner grows with the radius so corners stay round at any scale.
    public static func roundedRectOutline(_ r: Rect, radii: CornerRadii) -> [Point] {
        let radii = radii.clamped(to: r.size)
        var pts: [Point] = []
        func corner(_ cx: Double, _ cy: Double, _ radius: Double, _ start: Double) {
            if radius < 0.5 {
                // Square corner: the corner point itself.
                let a = start + .pi / 4
                pts.append(Point(cx + cos(a) * radius * 1.414, cy + sin(a) * radius * 1.414))
                return
            }
            let n = max(3, min(64, Int((radius * 0.9).squareRoot() * 3)))
            for i in 0...n {
                let a = start + Double(i) / Double(n) * (.pi / 2)
                pts.append(Point(cx + cos(a) * radius, cy + sin(a) * radius))
            }
        }
        corner(r.minX + radii.topLeft, r.minY + radii.topLeft, radii.topLeft, .pi)
        corner(r.maxX - radii.topRight, r.minY + radii.topRight, radii.topRight, 1.5 * .pi)
        corner(r.maxX - radii.bottomRight, r.maxY - radii.bottomRight, radii.bottomRight, 0)
        corner(r.minX + radii.bottomLeft, r.maxY - radii.bottomLeft, radii.bottomLeft, 0.5 * .pi)
        return pts
    }

    public static func circleOutline(center c: Point, radius: Double) -> [Point] {
        let n = max(12, min(256, Int(radius.squareRoot() * 8)))
        return (0..<n).map { i in
            let a = Double(i) / Double(n) * 2 * .pi
            return Point(c.x + cos(a) * radius, c.y + sin(a) * radius)
        }
    }

    /// Outward unit normals at each vertex of a clockwise (screen coordinates) convex polygon,
    /// scaled so that offsetting by `normal × w` moves each edge out by `w` (miter).
    static func vertexNormals(_ pts: [Point]) -> [Point] {
        let n = pts.count
        var edgeNormals = [Point](repeating: .zero, count: n)
        for i in 0..<n {
            let a = pts[i], b = pts[(i + 1) % n]
            let d = b - a
            let len = d.length
            // Clockwise on screen (y down): outward normal of edge a→b is (dy, -dx).
            edgeNormals[i] = len > 1e-9 ? Point(d.y / len, -d.x / len) : .zero
        }
        var normals = [Point](repeating: .zero, count: n)
        for i in 0..<n {
            let n0 = edgeNormals[(i + n - 1) % n], n1 = edgeNormals[i]
            var m = n0 + n1
            let len2 = m.x * m.x + m.y * m.y
            if len2 < 1e-12 { normals[i] = n1; continue }
            // Miter: scale by 1/cos(half angle), limited so sharp corners don't spike.
            let scale = min(2.0, 2.0 / len2)
            m = m * scale
            normals[i] = m
        }
        return normals
    }

    /// Fills a convex polygon with an anti-aliased edge. `uvFor` maps a device point to
    /// texture coordinates (nil for untextured fills).
    public static func fillConvex(_ pts: [Point], color: Color, into mesh: inout Mesh,
                                  uvFor: ((Point) -> (Float, Float))? = nil) {
        let n = pts.count
        guard n >= 3 else { return }
        let normals = vertexNormals(pts)
        let (r, g, b, a) = color.rgba8
        let base = Int32(mesh.vertices.count)
        let half = fringe / 2
        func vertex(_ p: Point, _ alpha: UInt8) -> MeshVertex {
            let (u, v) = uvFor?(p) ?? (0, 0)
            return MeshVertex(x: Float(p.x), y: Float(p.y), r: r, g: g, b: b, a: alpha, u: u, v: v)
        }
        // Inner ring (opaque, inset half a pixel), outer ring (transparent, out half a pixel),
        // and the centroid, which the interior fans from (no long slivers).
        for i in 0..<n { mesh.vertices.append(vertex(pts[i] - normals[i] * half, a)) }
        for i in 0..<n { mesh.vertices.append(vertex(pts[i] + normals[i] * half, 0)) }
        var c = Point.zero
        for p in pts { c = c + p }
        mesh.vertices.append(vertex(c * (1 / Double(n)), a))
        let centre = base + Int32(2 * n)
        for i in 0..<n {
            let j = (i + 1) % n
            let i0 = base + Int32(i), j0 = base + Int32(j)
            let i1 = i0 + Int32(n), j1 = j0 + Int32(n)
            mesh.indices += [centre, i0, j0]
            mesh.indices += [i0, j0, j1, i0, j1, i1]
        }
    }

    /// Strokes a closed convex outline with a line of `width` device pixels centred on it.
    /// Lines thinner than a pixel keep a pixel of geometry and fade their alpha instead,
    /// so hairlines stay visible and even.
    public static func strokeClosed(_ pts: [Point], width: Double, color: Color, into mesh: inout Mesh) {
        let n = pts.count
        guard n >= 2 else { return }
        let normals = vertexNormals(pts)
        let w = max(width, 1)
        let alphaScale = min(1, width)
        let (r, g, b, a0) = color.multipliedAlpha(alphaScale).rgba8
        let base = Int32(mesh.vertices.count)
        // Four rings: outer fringe, outer core, inner core, inner fringe.
        let offsets: [(Double, UInt8)] = [
            (w / 2 + fringe / 2, 0), (w / 2 - fringe / 2, a0), (-w / 2 + fringe / 2, a0), (-w / 2 - fringe / 2, 0),
        ]
        for (off, alpha) in offsets {
            for i in 0..<n {
                let p = pts[i] + normals[i] * off
                mesh.vertices.append(MeshVertex(x: Float(p.x), y: Float(p.y), r: r, g: g, b: b, a: alpha, u: 0, v: 0))
            }
        }
        for ring in 0..<3 {
            for i in 0..<n {
                let j = (i + 1) % n
                let a = base + Int32(ring * n + i), bb = base + Int32(ring * n + j)
                let c = base + Int32((ring + 1) * n + j), d = base + Int32((ring + 1) * n + i)
                mesh.indices += [a, bb, c, a, c, d]
            }
        }
    }

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
            let offsets: [(Double, UInt8)] = [
                (w / 2 + fringe / 2, 0), (w / 2 - fringe / 2, a0), (-w / 2 + fringe / 2, a0), (-w / 2 - fringe / 2, 0),
            ]
            for (off, alpha) in offsets {
                for e in [p, q] {
                    let v = e + nrm * off
                    mesh.vertices.append(MeshVertex(x: Float(v.x), y: Float(v.y), r: r, g: g, b: b, a: alpha, u: 0, v: 0))
                }
            }
            for ring in 0..<3 {
                let a = base + Int32(ring * 2), bb = a + 1, c = a + 3, d2 = a + 2
                mesh.indices += [a, bb, c, a, c, d2]
            }
        }
    }
}
