import FlingCore
import FlingSDL
import Foundation
import XCTest

/// Layers: a group drawn directly, rasterised, then composited gives the same pixels each time;
/// a folded dim and a faded layer match their blended equivalents; a resize keeps the renderer.
final class LayerTests: XCTestCase {
    /// A scene with anti-aliased edges, a photo, text and a sub-pixel translation.
    static func content(_ l: inout DisplayList) {
        l.add(.fillRect(Rect(x: 5, y: 5, width: 60, height: 40), radii: CornerRadii(8), color: SystemColor.red))
        l.add(.image("avatar.png", frame: Rect(x: 20, y: 50, width: 40, height: 40), mode: .fill, radii: CornerRadii(20)))
        l.add(.strokeCircle(center: Point(70, 70), radius: 15, color: SystemColor.gray, lineWidth: 1))
        l.add(.hairline(from: Point(0, 95), to: Point(100, 95), color: .black))
    }

    /// Draws the same list `frames` times on a white 100×100 pt headless display and returns
    /// each frame's pixels and render figures.
    func frames(_ count: Int, scale: Double = 2, _ build: (inout DisplayList) -> Void) throws -> [(RGBAImage, RenderStats)] {
        try drawFrames(count, scale: scale, build)
    }


    func testALayerIsDrawnDirectlyThenRasterisedThenComposited() throws {
        let direct = try frames(1) { Self.content(&$0) }[0].0
        let f = try frames(4) { l in
            l.transformed(.translate(0, 0)) { l in
                l.layer(LayerSpec(id: "t", bounds: Rect(x: 0, y: 0, width: 100, height: 100), background: .white)) { Self.content(&$0) }
            }
        }
        // Rasterised once its commands repeated twice in a row (LayerCache.repeatsBeforeRasterizing).
        XCTAssertEqual(f.map { $0.1.layersRasterized }, [0, 0, 1, 0])
        XCTAssertEqual(f.map { $0.1.layersComposited }, [0, 0, 1, 1])
        // Identical but for ±2 on a few anti-aliased photo edge pixels (SDL's blend into a
        // target texture rounds them differently); the golden tolerance is larger.
        for (img, _) in f { XCTAssertLessThanOrEqual(maxChannelDifference(img, direct, alpha: true), 2) }
    }

    /// A layer with an opaque background is copied as opaque in one unblended copy, though
    /// SDL's blending onto it leaves alpha 253–254 here and there (it once left every row below
    /// the first such pixel to a blended copy, four times slower).
    func testAnOpaqueBackgroundLayerIsOneUnblendedCopy() throws {
        let f = try frames(4) { l in
            l.layer(LayerSpec(id: "t", bounds: Rect(x: 0, y: 0, width: 100, height: 100), background: .white)) { l in
                Self.content(&l)
                l.add(.fillRect(Rect(x: 10, y: 10, width: 80, height: 80), radii: CornerRadii(12), color: Color(white: 0.2, alpha: 0.3)))
            }
        }
        XCTAssertEqual(f.map { $0.1.layersComposited }, [0, 0, 1, 1])
        // One copy: onto the frame's own pixels (a plain surface here), no SDL call.
        XCTAssertEqual(f[3].1.canvasDraws, 1)
        XCTAssertEqual(f[3].1.drawCalls, 0)
        for (img, _) in f { XCTAssertLessThanOrEqual(maxChannelDifference(img, f[0].0, alpha: true), 2) }
    }

    func testAMovedTransparentLayerMatchesDirectDrawingAtWholePixels() throws {
        // The sheet's case: a white card with rounded top corners over a coloured backdrop,
        // moved by a transform; its layer is cleared to transparent white.
        func card(_ l: inout DisplayList) {
            l.add(.fillRect(Rect(x: 0, y: 0, width: 100, height: 60), radii: .top(10), color: .white))
            l.add(.fillRect(Rect(x: 40, y: 4, width: 20, height: 3), radii: CornerRadii(2), color: SystemColor.gray5))
        }
        func scene(_ l: inout DisplayList, layered: Bool) {
            l.add(.fillRect(Rect(x: 0, y: 0, width: 100, height: 100), radii: .zero, color: SystemColor.blue))
            l.transformed(.translate(0, 30.5)) { l in
                if layered {
                    l.layer(LayerSpec(id: "card", bounds: Rect(x: 0, y: 0, width: 100, height: 70), background: Color(white: 1, alpha: 0)), card)
                } else {
                    card(&l)
                }
            }
        }
        let direct = try frames(1) { scene(&$0, layered: false) }[0].0
        let f = try frames(3) { scene(&$0, layered: true) }
        XCTAssertEqual(f[2].1.layersComposited, 1)
        // Anti-aliased corner pixels are blended twice through the layer (onto its transparent
        // clear, then onto the frame) and once directly: ±3 from rounding.
        XCTAssertLessThanOrEqual(maxChannelDifference(f[2].0, direct, alpha: true), 3)
    }

    func testADimFoldedIntoALayerMatchesABlendedBlackFill() throws {
        let fill = try frames(1) { l in
            Self.content(&l)
            l.fill(Rect(x: 0, y: 0, width: 100, height: 100), Color(white: 0, alpha: 0.5))
        }[0].0
        let f = try frames(3) { l in
            l.layer(LayerSpec(id: "backdrop", bounds: Rect(x: 0, y: 0, width: 100, height: 100), background: .white)) { Self.content(&$0) }
            l.add(.dim(Rect(x: 0, y: 0, width: 100, height: 100), amount: 0.5))
        }
        XCTAssertEqual(f[2].1.layersComposited, 1)
        for (img, _) in f { XCTAssertLessThanOrEqual(maxChannelDifference(img, fill, alpha: true), 2) }
    }

    func testAFadedLayerOverTheBackgroundMatchesGroupOpacity() throws {
        // Group opacity of opaque content over the white background: each pixel halfway to white.
        let opaque = try frames(1) { l in
            l.layer(LayerSpec(id: "x", bounds: Rect(x: 0, y: 0, width: 100, height: 100), background: .white)) { Self.content(&$0) }
        }[0].0
        let f = try frames(3) { l in
            l.withOpacity(0.5) { l in
                l.layer(LayerSpec(id: "x", bounds: Rect(x: 0, y: 0, width: 100, height: 100), background: .white)) { Self.content(&$0) }
            }
        }
        XCTAssertEqual(f[2].1.layersComposited, 1)
        var m = 0
        for i in 0..<opaque.pixels.count where i % 4 != 3 {
            let expected = (Int(opaque.pixels[i]) + 255) / 2
            m = max(m, abs(Int(f[2].0.pixels[i]) - expected))
        }
        XCTAssertLessThanOrEqual(m, 2)
    }

    func testAResizeKeepsTheRendererAndItsCaches() throws {
        try MainActor.assumeIsolated {
            let context = try SDLContext(headless: true)
            defer { context.shutdown() }
            let display = try Display(context: context, size: Size(100, 100), uiScale: 1, fullscreen: false, title: "t",
                                      fontDirectory: RendererTests.resources + "/fonts", imageDirectory: RendererTests.resources + "/images", log: { _ in })
            defer { display.close() }
            var list = DisplayList(background: .white)
            Self.content(&list)
            display.draw(list)
            let sdl = display.renderer.sdl
            let images = display.renderer.stats.imageCacheEntries
            try display.resize(to: Size(120, 90))
            display.draw(list)
            XCTAssertEqual(display.renderer.sdl, sdl)
            XCTAssertEqual(display.renderer.stats.imageCacheEntries, images)
            XCTAssertEqual(display.readPixels()?.width, 120)
            XCTAssertEqual(display.readPixels()?.height, 90)
        }
    }
}
