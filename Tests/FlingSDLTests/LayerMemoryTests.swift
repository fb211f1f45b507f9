// LayerMemoryTests: layers and photos hold one copy of their pixels where the frame is a plain
// surface: layers are composited from their CPU copies (copied, tinted or blended,
// wherever they are placed and however clipped) with the same pixels SDL's copies give, and
// the idle trim keeps only the photos on screen.
import CSDL2
import FlingCore
@testable import FlingSDL
import XCTest

final class LayerMemoryTests: XCTestCase {

    /// Draws `list` `count` times with CPU compositing on or off; the last frame's pixels, its
    /// layers' SDL textures and the last frame's figures.
    @MainActor
    private static func render(_ list: DisplayList, cpu: Bool, count: Int = 5, size: Size = Size(100, 100)) throws -> (RGBAImage, Int, RenderStats) {
        try withHeadlessDisplay(size: size, scale: 2) { display in
            display.renderer.cpuCompositing = cpu
            for _ in 0..<count - 1 { display.draw(list) }
            display.draw(list)
            let image = try XCTUnwrap(display.readPixels())
            return (image, display.renderer.layerTextureCount, display.renderer.stats)
        }
    }

    private static func content(_ l: inout DisplayList) {
        l.add(.fillRect(Rect(x: 0, y: 0, width: 60, height: 50), radii: .zero, color: SystemColor.blue))
        l.add(.fillRect(Rect(x: 10, y: 10, width: 30, height: 20), radii: CornerRadii(6), color: .white))
        l.add(.image("avatar.png", frame: Rect(x: 40, y: 25, width: 20, height: 20), mode: .fill, radii: CornerRadii(4)))
    }

    /// An opaque layer away from the frame's origin, under a clip that cuts it, dimmed or not:
    /// composited from its pixels (no texture kept) as SDL composites it from its texture.
    func testAPlacedClippedLayerIsCompositedFromItsPixelsAsSDLWould() throws {
        for dim in [0.0, 0.4] {
            var list = DisplayList(background: .white)
            list.clipped(to: Rect(x: 5, y: 12, width: 70, height: 60)) { l in
                l.transformed(.translate(17, 9)) { l in
                    l.layer(LayerSpec(id: "placed", bounds: Rect(x: 0, y: 0, width: 60, height: 50), background: .white), Self.content)
                    if dim > 0 { l.add(.dim(Rect(x: 0, y: 0, width: 60, height: 50), amount: dim)) }
                }
            }
            let (viaSDL, sdlTextures, _) = try MainActor.assumeIsolated { try Self.render(list, cpu: false) }
            let (onCanvas, canvasTextures, stats) = try MainActor.assumeIsolated { try Self.render(list, cpu: true) }
            XCTAssertEqual(stats.layersComposited, 1, "dim \(dim)")
            XCTAssertGreaterThan(sdlTextures, 0, "dim \(dim)")
            XCTAssertEqual(canvasTextures, 0, "dim \(dim)")
            XCTAssertLessThanOrEqual(maxChannelDifference(onCanvas, viaSDL, alpha: true), 2, "dim \(dim)")
        }
    }

    /// A layer with transparent parts (rounded corners over a coloured backdrop), full and
    /// faded: blended from its pixels as SDL blends its texture.
    func testATransparentLayerIsBlendedFromItsPixelsAsSDLWould() throws {
        for opacity in [1.0, 0.6] {
            var list = DisplayList(background: .white)
            list.add(.fillRect(Rect(x: 0, y: 0, width: 100, height: 100), radii: .zero, color: Color(hex: 0xFF9500)))
            list.transformed(.translate(11, 23)) { l in
                l.withOpacity(opacity) { l in
                    l.layer(LayerSpec(id: "card", bounds: Rect(x: 0, y: 0, width: 70, height: 60), background: Color(white: 1, alpha: 0))) { l in
                        l.add(.fillRect(Rect(x: 0, y: 0, width: 70, height: 60), radii: CornerRadii(14), color: .white))
                        l.add(.fillRect(Rect(x: 20, y: 20, width: 30, height: 4), radii: CornerRadii(2), color: Color(white: 0, alpha: 0.5)))
                    }
                }
            }
            let (viaSDL, _, _) = try MainActor.assumeIsolated { try Self.render(list, cpu: false) }
            let (onCanvas, textures, stats) = try MainActor.assumeIsolated { try Self.render(list, cpu: true) }
            XCTAssertEqual(stats.layersComposited, 1, "opacity \(opacity)")
            XCTAssertEqual(textures, 0, "opacity \(opacity)")
            XCTAssertLessThanOrEqual(maxChannelDifference(onCanvas, viaSDL, alpha: true), 3, "opacity \(opacity)")
        }
    }

    /// An opaque layer composited inside another being rasterised (the Today list inside the
    /// backdrop behind a card): written into the outer target from its pixels.
    func testALayerInsideALayerBeingRasterisedIsWrittenFromItsPixels() throws {
        // Away from the origin and cut by a clip: the offset and the clip are the target's.
        func scene(_ l: inout DisplayList, innerOnly: Bool) {
            l.clipped(to: Rect(x: 0, y: 0, width: 55, height: 40)) { l in
                l.transformed(.translate(13, 7)) { l in
                    l.layer(LayerSpec(id: "inner", bounds: Rect(x: 0, y: 0, width: 60, height: 50), background: .white), Self.content)
                }
            }
            guard !innerOnly else { return }
            l.add(.fillRect(Rect(x: 0, y: 60, width: 100, height: 40), radii: .zero, color: Color(hex: 0x34C759)))
        }
        // The inner layer alone until it is composited, then inside an outer one.
        var first = DisplayList(background: .white)
        scene(&first, innerOnly: true)
        var nested = DisplayList(background: .white)
        nested.layer(LayerSpec(id: "outer", bounds: Rect(x: 0, y: 0, width: 100, height: 100), background: .white)) { scene(&$0, innerOnly: false) }
        var flat = DisplayList(background: .white)
        scene(&flat, innerOnly: false)
        let (reference, _, _) = try MainActor.assumeIsolated { try Self.render(flat, cpu: true, count: 1) }
        let (image, textures) = try MainActor.assumeIsolated {
            try withHeadlessDisplay(scale: 2) { display in
                for _ in 0..<4 { display.draw(first) }
                for _ in 0..<4 { display.draw(nested) }
                return (try XCTUnwrap(display.readPixels()), display.renderer.layerTextureCount)
            }
        }
        XCTAssertEqual(textures, 0)
        XCTAssertLessThanOrEqual(maxChannelDifference(image, reference, alpha: true), 2)
    }

    /// Past thirty frames after the screen changes (a tab switch), the photos only the screen left
    /// behind drew go; within a screen, a photo out of view stays (scrolling back must not
    /// decode it again).
    func testPhotosOfAScreenLeftBehindGoAfterThirtyFrames() throws {
        func list(_ scene: String, photo: Bool, layered: Bool = false) -> DisplayList {
            var l = DisplayList(background: .white)
            l.scene = scene
            let kitchen = DrawCommand.image("restaurants/kitchen.jpg", frame: Rect(x: 0, y: 0, width: 80, height: 60), mode: .fill, radii: CornerRadii(8))
            if photo, layered {
                l.layer(LayerSpec(id: "old-screen", bounds: Rect(x: 0, y: 0, width: 100, height: 65), background: .white)) { $0.add(kitchen) }
            } else if photo {
                l.add(kitchen)
            }
            l.add(.fillRect(Rect(x: 0, y: 70, width: 10, height: 10), radii: .zero, color: SystemColor.blue))
            return l
        }
        @MainActor func photoBytes(_ r: Renderer) -> Int {
            r.memoryReport.filter { $0.cache == "photo CPU copies" || $0.cache == "baked rounded photos" }.reduce(0) { $0 + $1.bytes }
        }
        try MainActor.assumeIsolated {
            try withHeadlessDisplay(scale: 2) { display in
                display.draw(list("today", photo: true))
                let drawn = photoBytes(display.renderer)
                XCTAssertGreaterThan(drawn, 0)
                // Out of view on the same screen: kept however long.
                for _ in 0..<100 { display.draw(list("today", photo: false)) }
                XCTAssertEqual(photoBytes(display.renderer), drawn)
                // Another screen: kept for its first 30 frames, gone in the next.
                for _ in 0..<30 { display.draw(list("form", photo: false)) }
                XCTAssertEqual(photoBytes(display.renderer), drawn)
                display.draw(list("form", photo: false))
                XCTAssertEqual(photoBytes(display.renderer), 0)
                // Held by the old screen's layer (still kept, undrawn): it goes all the same.
                for _ in 0..<4 { display.draw(list("today", photo: true, layered: true)) }
                XCTAssertEqual(display.renderer.stats.layersComposited, 1)
                XCTAssertGreaterThan(photoBytes(display.renderer), 0)
                for _ in 0..<31 { display.draw(list("form", photo: false)) }
                XCTAssertEqual(photoBytes(display.renderer), 0)
            }
        }
    }

    /// The idle trim keeps the photos the last frame drew or a kept layer holds, and drops the
    /// rest (with their bakes).
    func testTheIdleTrimKeepsOnlyThePhotosOnScreen() throws {
        var both = DisplayList(background: .white)
        both.add(.image("avatar.png", frame: Rect(x: 0, y: 0, width: 40, height: 40), mode: .fill, radii: CornerRadii(8)))
        both.add(.image("restaurants/kitchen.jpg", frame: Rect(x: 50, y: 0, width: 40, height: 30), mode: .fill, radii: CornerRadii(8)))
        var inLayer = DisplayList(background: .white)
        inLayer.layer(LayerSpec(id: "list", bounds: Rect(x: 0, y: 0, width: 100, height: 50), background: .white)) { l in
            l.add(.image("avatar.png", frame: Rect(x: 0, y: 0, width: 40, height: 40), mode: .fill, radii: CornerRadii(8)))
        }
        @MainActor func photoBytes(_ r: Renderer) -> Int {
            r.memoryReport.filter { $0.cache == "photo CPU copies" || $0.cache == "baked rounded photos" }.reduce(0) { $0 + $1.bytes }
        }
        try MainActor.assumeIsolated {
            try withHeadlessDisplay(scale: 2) { display in
                display.draw(both)
                let withBoth = photoBytes(display.renderer)
                // The list, shown from its layer (its commands repeat, so it is composited).
                for _ in 0..<4 { display.draw(inLayer) }
                XCTAssertEqual(display.renderer.stats.layersComposited, 1)
                display.renderer.trimForIdle()
                let kept = photoBytes(display.renderer)
                XCTAssertGreaterThan(kept, 0, "the layer's photo stays")
                XCTAssertLessThan(kept, withBoth, "the kitchen photo went")
                // Drawn again, the dropped photo comes back from its file.
                display.draw(both)
                XCTAssertEqual(photoBytes(display.renderer), withBoth)
            }
        }
    }

    /// A layer made anew first makes room within two windows of pixels by dropping the held
    /// layers the frame does not contain, the one undrawn longest first (a card closing made the
    /// Today list while the backdrop it no longer drew was held); the layers a frame
    /// draws are never dropped, whatever they hold.
    func testANewLayerDropsHeldLayersTheFrameDoesNotDrawToFitTwoWindows() throws {
        func list(_ ids: [String]) -> DisplayList {
            var l = DisplayList(background: .white)
            for (i, id) in ids.enumerated() {
                l.layer(LayerSpec(id: id, bounds: Rect(x: 0, y: 0, width: 100, height: 100), background: .white)) { l in
                    l.add(.fillRect(Rect(x: Double(10 * i), y: 10, width: 30, height: 20), radii: CornerRadii(6), color: SystemColor.blue))
                }
            }
            return l
        }
        @MainActor func layerBytes(_ r: Renderer) -> Int {
            r.memoryReport.filter { $0.cache == "layer CPU copies" }.reduce(0) { $0 + $1.bytes }
        }
        let window = 200 * 200 * 4   // 100 × 100 pt at 2 px a pt
        try MainActor.assumeIsolated {
            try withHeadlessDisplay(size: Size(100, 100), scale: 2) { display in
                for _ in 0..<4 { display.draw(list(["a"])) }
                for _ in 0..<4 { display.draw(list(["b"])) }
                XCTAssertEqual(layerBytes(display.renderer), 2 * window, "two fit: a is kept")
                for _ in 0..<4 { display.draw(list(["c"])) }
                XCTAssertEqual(layerBytes(display.renderer), 2 * window, "a, undrawn longest, went for c")
                XCTAssertEqual(display.renderer.stats.layersComposited, 1)
                // b is still held: drawn again it is composited, not made again.
                display.draw(list(["b"]))
                XCTAssertEqual(display.renderer.stats.layersRasterized, 0)
                XCTAssertEqual(display.renderer.stats.layersComposited, 1)
                // A frame that draws three keeps all three.
                for _ in 0..<4 { display.draw(list(["a", "b", "c"])) }
                XCTAssertEqual(layerBytes(display.renderer), 3 * window)
            }
        }
    }
}
