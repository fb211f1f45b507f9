import XCTest
@testable import FlingCore

/// Geometry the renderer relies on: radii, transforms, content modes, polylines.
final class GeometryTests: XCTestCase {
    func testRadiiAreClampedSoCornersNeverOverlap() {
        let c = CornerRadii(30).clamped(to: Size(40, 100))
        XCTAssertEqual(c.topLeft, 20); XCTAssertEqual(c.bottomRight, 20)
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

extension GeometryTests {
    func testPolylineHasAnOpaqueCoreAndFadingSides() {
        var mesh = Mesh()
        Tessellator.polyline([Point(0, 0), Point(10, 0)], width: 2, color: .black, into: &mesh)
        XCTAssertEqual(mesh.vertices.count, 8)
        XCTAssertEqual(mesh.indices.count, 18)
        XCTAssertEqual(mesh.vertices.filter { $0.a == 255 }.count, 4)
        XCTAssertEqual(mesh.vertices.map(\.y).max() ?? 0, 1.5, accuracy: 1e-6, "1 pt each side plus half the fringe")
        var thin = Mesh()
        Tessellator.polyline([Point(0, 0), Point(10, 0)], width: 0.5, color: .black, into: &thin)
        XCTAssertEqual(thin.vertices.map(\.a).max(), 128, "a half-pixel line is a pixel at half alpha")
    }
}
