import FlingCore
import FlingSDL
import Foundation
import XCTest

/// Rounded and scaled layers (a card pulled down): rasterised once at the renderer's scale and
/// copied scaled with their corners cut; the cache holds while only scale, place and radius
/// change and gives way as soon as the content does. Also: a dim after a faded layer folds.
final class StretchedLayerTests: XCTestCase {
    /// Draws each list once, in order, on one white 100×100 pt headless display.
    func drawSequence(_ lists: [DisplayList], scale: Double = 2) throws -> [(RGBAImage, RenderStats)] {
        try MainActor.assumeIsolated {
            try withHeadlessDisplay(scale: scale) { display in
                try lists.map { list in
                    display.draw(list)
                    guard let img = display.readPixels() else { throw NSError(domain: "t", code: 1) }
                    return (img, display.renderer.stats)
                }
            }
        }
    }

    static func list(_ build: (inout DisplayList) -> Void) -> DisplayList {
        var l = DisplayList(background: .white)
        build(&l)
        return l
    }

    /// A blue backdrop, then `content` as a card layer scaled by `k` about the centre, rounded.
    static func card(k: Double, radius: Double, offset: Double = 0, _ content: @escaping (inout DisplayList) -> Void) -> DisplayList {
        list { l in
            l.add(.fillRect(Rect(x: 0, y: 0, width: 100, height: 100), radii: .zero, color: SystemColor.blue))
            l.transformed(Transform.translate(0, offset).concatenating(.scale(k, about: Point(50, 50)))) { l in
                l.layer(LayerSpec(id: "card", bounds: Rect(x: 0, y: 0, width: 100, height: 100), background: .white, cornerRadius: radius), content)
            }
        }
    }

    static func contentA(_ l: inout DisplayList) {
        l.add(.fillRect(Rect(x: 0, y: 0, width: 100, height: 100), radii: .zero, color: .white))
        l.add(.fillRect(Rect(x: 10, y: 10, width: 40, height: 30), radii: .zero, color: SystemColor.red))
        l.add(.image("avatar.png", frame: Rect(x: 50, y: 50, width: 40, height: 40), mode: .fill, radii: .zero))
    }

    static func contentB(_ l: inout DisplayList) {
        l.add(.fillRect(Rect(x: 0, y: 0, width: 100, height: 100), radii: .zero, color: .white))
        l.add(.fillRect(Rect(x: 50, y: 10, width: 40, height: 30), radii: .zero, color: SystemColor.green))
    }


    func pixel(_ img: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * img.width + x) * 4
        return Array(img.pixels[i..<(i + 3)])
    }

    func testARoundedLayerMatchesItsContentBetweenTheCornersAndShowsTheBackdropInThem() throws {
        let direct = try drawSequence([Self.list(Self.contentA)])[0].0
        let f = try drawSequence([Self.card(k: 1, radius: 10, Self.contentA), Self.card(k: 1, radius: 10, Self.contentA)])
        // Rasterised the first time (a rounded layer is never drawn directly), then copied.
        XCTAssertEqual(f.map { $0.1.layersRasterized }, [1, 0])
        XCTAssertEqual(f.map { $0.1.layersComposited }, [1, 1])
        // 10 pt at 2x = 20 px corners: outside them the pixels are the content's.
        let corner = { (x: Int, y: Int) in (x < 20 || x >= 180) && (y < 20 || y >= 180) }
        for (img, _) in f {
            XCTAssertLessThanOrEqual(maxChannelDifference(img, direct, skip: corner), 2)
            // The very corner shows the blue backdrop; the corner square's inner pixel the content.
            XCTAssertEqual(pixel(img, 0, 0), pixel(img, 199, 0))
            XCTAssertNotEqual(pixel(img, 0, 0), pixel(direct, 0, 0))
            XCTAssertLessThanOrEqual(maxChannelDifference(img, direct, skip: { x, y in !(x == 19 && y == 19) }), 2)
        }
    }

    func testAScaledLayerIsNotRasterisedAgainWhileOnlyScalePlaceAndRadiusChange() throws {
        let f = try drawSequence([Self.card(k: 0.98, radius: 1, Self.contentA), Self.card(k: 0.9, radius: 4, offset: 3, Self.contentA),
                                  Self.card(k: 0.86, radius: 15, offset: 10, Self.contentA)])
        XCTAssertEqual(f.map { $0.1.layersRasterized }, [1, 0, 0])
        // Scaled to 0.86 and moved down 10 pt: the red block's centre moved with it.
        let img = f[2].0
        let red = pixel(try drawSequence([Self.list(Self.contentA)])[0].0, 60, 50)
        let cx = Int(((30 - 50) * 0.86 + 50) * 2), cy = Int(((25 - 50) * 0.86 + 50 + 10) * 2)
        XCTAssertEqual(pixel(img, cx, cy), red)
    }

    func testAStretchedLayerShowsNewContentAsSoonAsItChanges() throws {
        let fresh = try drawSequence([Self.card(k: 0.9, radius: 8, Self.contentB)])[0].0
        let f = try drawSequence([Self.card(k: 0.9, radius: 8, Self.contentA), Self.card(k: 0.9, radius: 8, Self.contentA),
                                  Self.card(k: 0.9, radius: 8, Self.contentB)])
        XCTAssertEqual(f.map { $0.1.layersRasterized }, [1, 0, 1])
        XCTAssertLessThanOrEqual(maxChannelDifference(f[2].0, fresh), 2)
        XCTAssertGreaterThan(maxChannelDifference(f[1].0, fresh), 50)
    }

    func testADimAfterAFadedLayerFoldsIntoItsCopyWithTheSamePixels() throws {
        // The expanded card's backdrop: the list faded over the window's white, then the pull's dim.
        func content(_ l: inout DisplayList) { LayerTests.content(&l) }
        let backdrop = LayerSpec(id: "backdrop", bounds: Rect(x: 0, y: 0, width: 100, height: 100), background: .white)
        let opaque = try drawSequence([Self.list { $0.layer(backdrop, content) }])[0].0
        let layered = Self.list { l in
            l.withOpacity(0.6) { l in l.layer(backdrop, content) }
            l.add(.dim(Rect(x: 0, y: 0, width: 100, height: 100), amount: 0.25))
        }
        let f = try drawSequence([layered, layered, layered])
        XCTAssertEqual(f[2].1.layersComposited, 1)
        // Folded: the tint is written onto the frame in one canvas pass, no SDL draw and no
        // blended fill after it.
        XCTAssertEqual(f[2].1.drawCalls, 0)
        XCTAssertEqual(f[2].1.canvasDraws, 1)
        var m = 0
        for i in 0..<opaque.pixels.count where i % 4 != 3 {
            let expected = (Double(opaque.pixels[i]) * 0.6 + 255 * 0.4) * 0.75
            m = max(m, abs(Int(f[2].0.pixels[i]) - Int(expected.rounded())))
        }
        XCTAssertLessThanOrEqual(m, 2)
    }
}
