import FlingCore
@testable import FlingSDL
import Foundation
import XCTest

/// A layer whose commands changed in part is rasterised again only where they can change its
/// pixels (LayerDamage). Every frame must be exactly the frame drawn with the layer
/// redrawn whole.
final class PartialRasterizationTests: XCTestCase {
    static let photos = ["articles/mountain-trail.jpg", "articles/autumn-mountains.jpg", "avatar.png", "articles/boats-sunset.jpg"]

    /// Draws each sequence of lists (made with the display's fonts) on a 100×150 pt headless
    /// display at `scale`, partial redraws on or off; returns every frame's pixels and figures.
    func draw(_ make: @Sendable (TextMeasurer) -> [[DisplayList]], scale: Double, partial: Bool) throws -> [[(RGBAImage, RenderStats)]] {
        try MainActor.assumeIsolated {
            try withHeadlessDisplay(size: Size(100, 150), scale: scale) { display in
                display.renderer.partialRasterization = partial
                return try make(display.renderer.fonts).map { sequence in
                    try sequence.map { list in
                        display.draw(list, consecutive: true)
                        guard let img = display.readPixels() else { throw NSError(domain: "t", code: 1) }
                        return (img, display.renderer.stats)
                    }
                }
            }
        }
    }

    /// Asserts both ways draw the same pixels; returns the partial redraws in each sequence.
    func partialRedraws(_ make: @Sendable (TextMeasurer) -> [[DisplayList]], scale: Double, file: StaticString = #filePath,
                        line: UInt = #line) throws -> [Int] {
        let on = try draw(make, scale: scale, partial: true), off = try draw(make, scale: scale, partial: false)
        for (s, (a, b)) in zip(on, off).enumerated() {
            for (i, (x, y)) in zip(a, b).enumerated() where x.0.pixels != y.0.pixels {
                let differing = zip(x.0.pixels, y.0.pixels).filter { $0 != $1 }.count
                XCTFail("sequence \(s) frame \(i): \(differing) channels differ from a whole redraw", file: file, line: line)
                try? PNGFile.write(x.0, to: NSTemporaryDirectory() + "/partial-on.png")
                try? PNGFile.write(y.0, to: NSTemporaryDirectory() + "/partial-off.png")
                break
            }
            XCTAssertEqual(b.map { $0.1.partialRasterizations }.reduce(0, +), 0, file: file, line: line)
        }
        return on.map { $0.map { $0.1.partialRasterizations }.reduce(0, +) }
    }

    /// A card as TodayScene draws one in its list: shadow, white rounded fill, the photo over
    /// its top (a scaled copy), a title.
    static func card(_ l: inout DisplayList, _ f: Rect, photo: String, title: TextLayout) {
        l.add(.shadow(f, radii: CornerRadii(8), color: Color(white: 0, alpha: 0.2), radius: 6, offset: Point(0, 2)))
        l.add(.fillRect(f, radii: CornerRadii(8), color: .white))
        l.clipped(to: f) { l in
            l.add(.image(photo, frame: Rect(x: f.minX, y: f.minY, width: f.width, height: f.height * 0.7), mode: .fill,
                         radii: CornerRadii(topLeft: 8, topRight: 8, bottomRight: 0, bottomLeft: 0)))
            l.text(title, at: Point(f.minX + 6, f.minY + f.height * 0.72), SystemColor.darkGray)
        }
    }

    /// The list of four cards in a layer, the ones in `shown`, held still for four frames.
    static func list(_ shown: [Int], fonts: TextMeasurer, id: String = "list") -> [DisplayList] {
        let title = TextLayoutEngine.layout("Trailhead", font: Font(size: 11, weight: .bold), measurer: fonts)
        var l = DisplayList(background: .white)
        l.clipped(to: Rect(x: 0, y: 0, width: 100, height: 150)) { l in
            l.layer(LayerSpec(id: id, bounds: Rect(x: 0, y: 0, width: 100, height: 150), background: .white)) { l in
                l.add(.fillRect(Rect(x: 0, y: 0, width: 100, height: 150), radii: .zero, color: SystemColor.gray5))
                for i in shown {
                    card(&l, Rect(x: 8.3, y: 4.6 + Double(i) * 36.5, width: 83.4, height: 31.2), photo: photos[i], title: title)
                }
            }
        }
        return Array(repeating: l, count: 4)
    }

    /// The Today list losing the tapped card (the expansion's first frame): redrawn only around
    /// that card, the very pixels of a whole redraw, at 2x and at a fractional scale.
    func testAListLosingACardIsRedrawnOnlyAroundIt() throws {
        for scale in [2.0, 1.5] {
            let partials = try partialRedraws({ fonts in
                [Self.list([0, 1, 2, 3], fonts: fonts) + Self.list([0, 1, 3], fonts: fonts) + Self.list([0, 1, 2, 3], fonts: fonts)]
            }, scale: scale)
            XCTAssertEqual(partials, [2], "scale \(scale): the card leaving, then coming back")
        }
    }

    /// Where the damage lies: around the changed card only; nothing for a change that draws
    /// nothing; unknown across a nested layer or state that differs after the change.
    func testTheDamageOfAChange() throws {
        func plan(_ a: [DrawCommand], _ b: [DrawCommand], scale: Double = 2) -> LayerDamage.Plan? {
            LayerDamage.plan(old: a[...], new: b[...], base: .identity, scale: scale, width: 200, height: 300)
        }
        func damage(_ a: [DrawCommand], _ b: [DrawCommand]) -> PixelRect? { plan(a, b)?.damage }
        func cards(_ shown: [Int]) -> [DrawCommand] {
            var l = DisplayList()
            for i in shown {
                let f = Rect(x: 10, y: 10 + Double(i) * 70, width: 80, height: 60)
                l.add(.shadow(f, radii: CornerRadii(8), color: Color(white: 0, alpha: 0.2), radius: 6, offset: .zero))
                l.add(.fillRect(f, radii: CornerRadii(8), color: .white))
            }
            return l.commands
        }
        // Card 1 (y 80…140 pt) removed: its shadow reaches 2 × 6 + 1 pt and 2 px around, plus
        // 2 px.
        XCTAssertEqual(damage(cards([0, 1, 2, 3]), cards([0, 2, 3])), PixelRect(x0: 0, y0: 130, x1: 200, y1: 300))
        XCTAssertEqual(damage(cards([0, 1]), cards([0, 1])), PixelRect(x0: 0, y0: 0, x1: 0, y1: 0))
        XCTAssertEqual(damage([.pushOpacity(0.5)] + cards([0]), [.pushOpacity(0.6)] + cards([0])), nil, "what follows draws differently")
        XCTAssertNil(damage(cards([0]) + [.pushClip(Rect(x: 0, y: 0, width: 10, height: 10))], cards([0])), "a clip left pushed")
        let nested = DrawCommand.beginLayer(LayerSpec(id: "n", bounds: Rect(x: 0, y: 0, width: 10, height: 10), background: .white))
        XCTAssertNil(damage(cards([0]) + [nested, .endLayer], cards([0, 1]) + [nested, .endLayer]))
        // A photo under the damage is drawn whole (a clipped scaled copy samples differently),
        // then what it spilled around the damage is put back; the cards far from it do not run.
        let photo = DrawCommand.image("avatar.png", frame: Rect(x: 0, y: 100, width: 100, height: 100), mode: .fill, radii: .zero)
        let small = DrawCommand.fillRect(Rect(x: 40, y: 140, width: 10, height: 10), radii: .zero, color: .white)
        let p = plan(cards([0]) + [photo], cards([0]) + [photo, small])
        XCTAssertEqual(p?.damage, PixelRect(x0: 78, y0: 278, x1: 102, y1: 302).intersection(PixelRect(x0: 0, y0: 0, x1: 200, y1: 300)))
        XCTAssertEqual(p?.touched, PixelRect(x0: 0, y0: 198, x1: 200, y1: 300))
        XCTAssertEqual(p?.runs, [false, false, true, true])
        // The same photo twice, only one of them reaching the damage: redrawn whole.
        let again = DrawCommand.image("avatar.png", frame: Rect(x: 0, y: 0, width: 50, height: 50), mode: .fill, radii: .zero)
        XCTAssertNil(plan([again, photo], [again, photo, small]))
        XCTAssertNotNil(plan([photo, photo], [photo, photo, small]))
        // Far-off or undefined geometry neither traps nor shrinks the damage.
        let wild = DrawCommand.fillRect(Rect(x: .nan, y: 1e300, width: .infinity, height: 10), radii: .zero, color: .white)
        XCTAssertNotNil(plan([small], [small, wild]))
    }

    /// Seeded random layers of every primitive, under clips, transforms and opacities, at a
    /// fractional scale, changed in one random item: a partial redraw gives the whole redraw's
    /// pixels every time.
    func testRandomChangesRedrawnInPartMatchWholeRedraws() throws {
        var partials = 0, cases = 0
        for scale in [1.5, 2.0] {
            let counts = try partialRedraws({ fonts in
                (0..<24).map { seed in
                    var random = SplitMix64(seed: UInt64(seed) &* 7919 &+ UInt64(scale * 10))
                    var items = (0..<8).map { _ in Self.randomItem(&random, fonts: fonts) }
                    let before = Self.layer(items, id: "r\(seed)")
                    let k = random.next(items.count)
                    switch random.next(3) {
                    case 0: items.remove(at: k)
                    case 1: items[k] = Self.randomItem(&random, fonts: fonts)
                    default: items.insert(Self.randomItem(&random, fonts: fonts), at: k)
                    }
                    return Array(repeating: before, count: 4) + Array(repeating: Self.layer(items, id: "r\(seed)"), count: 4)
                }
            }, scale: scale)
            partials += counts.reduce(0, +)
            cases += counts.count
        }
        // Most changes are small enough to be redrawn in part (the rest redraw whole).
        XCTAssertGreaterThan(partials, cases / 2, "\(partials) of \(cases)")
    }

    static func layer(_ items: [[DrawCommand]], id: String) -> DisplayList {
        var l = DisplayList(background: .white)
        l.layer(LayerSpec(id: id, bounds: Rect(x: 0, y: 0, width: 100, height: 150), background: .white)) { l in
            for item in items { for c in item { l.add(c) } }
        }
        return l
    }

    /// One drawn thing, perhaps clipped, moved, scaled or faded.
    static func randomItem(_ r: inout SplitMix64, fonts: TextMeasurer) -> [DrawCommand] {
        func v(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * Double(r.next(1000)) / 1000 }
        let f = Rect(x: v(-10, 90), y: v(-10, 140), width: v(4, 50), height: v(4, 50))
        let color = Color(r: v(0, 1), g: v(0, 1), b: v(0, 1), a: r.next(2) == 0 ? 1 : v(0.2, 1))
        let radii = r.next(2) == 0 ? CornerRadii.zero : CornerRadii(v(1, 12))
        var body: [DrawCommand]
        switch r.next(9) {
        case 0: body = [.fillRect(f, radii: radii, color: color)]
        case 1: body = [.strokeRect(f, radii: radii, color: color, lineWidth: v(0.5, 4))]
        case 2: body = [.fillCircle(center: f.origin, radius: v(2, 20), color: color)]
        case 3: body = [.shadow(f, radii: radii, color: Color(white: 0, alpha: v(0.1, 0.5)), radius: v(1, 12), offset: Point(v(-3, 3), v(-3, 3)))]
        case 4: body = [.image(photos[r.next(3)], frame: f, mode: r.next(2) == 0 ? .fill : .fit, radii: radii)]
        case 5:
            let text = TextLayoutEngine.layout(["Summit", "Trail at dawn", "Fling"][r.next(3)], font: Font(size: v(8, 20)), measurer: fonts)
            body = [.text(TextRun(layout: text, origin: f.origin, color: color))]
        case 6: body = [.verticalGradient(f, top: color, bottom: Color(white: v(0, 1), alpha: 1))]
        case 7: body = [.hairline(from: f.origin, to: Point(f.maxX, f.maxY), color: color)]
        default: body = [.polyline([f.origin, Point(f.midX, f.maxY), Point(f.maxX, f.minY)], color: color, lineWidth: v(1, 4))]
        }
        switch r.next(5) {
        case 0: return [.pushClip(Rect(x: v(0, 60), y: v(0, 100), width: v(10, 60), height: v(10, 60)))] + body + [.popClip]
        case 1: return [.pushTransform(.translate(v(-5, 5), v(-5, 5)))] + body + [.popTransform]
        case 2: return [.pushTransform(.scale(v(0.6, 1.4), about: Point(50, 75)))] + body + [.popTransform]
        case 3: return [.pushOpacity(v(0.3, 0.9))] + body + [.popOpacity]
        default: return body
        }
    }
}

extension SplitMix64 {
    /// 0 ..< bound, the same on every machine.
    mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
