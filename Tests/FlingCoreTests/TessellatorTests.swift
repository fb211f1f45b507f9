import XCTest
@testable import FlingCore

final class TessellatorTests: XCTestCase {
    /// Every outline point of a rounded rect stays inside the rect, and each corner's arc
    /// hugs its own corner (this caught a bottom-left corner drawn at the right).
    func testRoundedRectOutlineStaysInItsCorners() {
        let r = Rect(x: 10, y: 20, width: 100, height: 60)
        let pts = Tessellator.roundedRectOutline(r, radii: CornerRadii(topLeft: 5, topRight: 10, bottomRight: 15, bottomLeft: 20))
        for p in pts {
            XCTAssertGreaterThanOrEqual(p.x, r.minX - 1e-9); XCTAssertLessThanOrEqual(p.x, r.maxX + 1e-9)
            XCTAssertGreaterThanOrEqual(p.y, r.minY - 1e-9); XCTAssertLessThanOrEqual(p.y, r.maxY + 1e-9)
        }
        // The polygon's area equals the rect minus the four corner cut-outs (r² − πr²/4).
        var area = 0.0
        for i in pts.indices {
            let a = pts[i], b = pts[(i + 1) % pts.count]
            area += a.x * b.y - b.x * a.y
        }
        area = abs(area) / 2
        let cut = [5.0, 10, 15, 20].reduce(0) { $0 + $1 * $1 * (1 - Double.pi / 4) }
        XCTAssertEqual(area, 100 * 60 - cut, accuracy: 6, "polygonal arcs lose a little area only")
    }

    func testSquareCornersGiveTheFourCorners() {
        let pts = Tessellator.roundedRectOutline(Rect(x: 0, y: 0, width: 10, height: 20), radii: .zero)
        XCTAssertEqual(pts, [Point(0, 0), Point(10, 0), Point(10, 20), Point(0, 20)])
    }

    func testRadiiAreClampedSoCornersNeverOverlap() {
        let c = CornerRadii(30).clamped(to: Size(40, 100))
        XCTAssertEqual(c.topLeft, 20); XCTAssertEqual(c.bottomRight, 20)
    }

    func testFillHasAnOpaqueCoreAndATransparentFringe() {
        var mesh = Mesh()
        let pts = Tessellator.roundedRectOutline(Rect(x: 0, y: 0, width: 50, height: 50), radii: CornerRadii(10))
        Tessellator.fillConvex(pts, color: .black, into: &mesh)
        let n = pts.count
        XCTAssertEqual(mesh.vertices.count, 2 * n + 1)
        XCTAssertEqual(mesh.indices.count, n * 3 + n * 6)
        XCTAssertTrue(mesh.vertices[0..<n].allSatisfy { $0.a == 255 })
        XCTAssertTrue(mesh.vertices[n..<(2 * n)].allSatisfy { $0.a == 0 })
        // The fringe sits half a pixel outside the outline: the top edge's outer ring is at y = −0.5.
        XCTAssertEqual(mesh.vertices[n..<(2 * n)].map(\.y).min() ?? 0, -0.5, accuracy: 1e-6)
        XCTAssertTrue(mesh.indices.allSatisfy { $0 >= 0 && Int($0) < mesh.vertices.count })
    }

    func testHairThinStrokesFadeInsteadOfVanishing() {
        var mesh = Mesh()
        Tessellator.strokeClosed(Tessellator.circleOutline(center: Point(0, 0), radius: 10), width: 0.5, color: .black, into: &mesh)
        let peak = mesh.vertices.map(\.a).max() ?? 0
        XCTAssertEqual(peak, 128, "a half-pixel line is a one-pixel line at half alpha")
    }

    func testTransformsCompose() {
        let t = Transform.translate(10, 0).concatenating(.scale(2, about: Point(5, 5)))
        XCTAssertEqual(t.apply(Point(5, 5)), Point(15, 5))
        XCTAssertEqual(t.apply(Point(6, 5)), Point(17, 5))
        XCTAssertEqual(Transform.scale(0.86, about: Point(100, 100)).apply(Point(100, 100)), Point(100, 100))
    }

    func testContentModePlacement() {
        let img = Size(200, 100)
        let frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let fill = ContentMode.fill.placement(imageSize: img, in: frame)
        XCTAssertEqual(fill.source, Rect(x: 50, y: 0, width: 100, height: 100), "fill crops the overflow, centred")
        XCTAssertEqual(fill.destination, frame)
        let fit = ContentMode.fit.placement(imageSize: img, in: frame)
        XCTAssertEqual(fit.destination, Rect(x: 0, y: 25, width: 100, height: 50), "fit letterboxes")
        XCTAssertEqual(ContentMode.stretch.placement(imageSize: img, in: frame).source, Rect(x: 0, y: 0, width: 200, height: 100))
    }
}
