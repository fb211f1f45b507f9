import FlingCore
@testable import FlingSDL
import Foundation
import XCTest

/// Occlusion: what an opaque fill or photo drawn later in the frame paints over is
/// not composited, tinted or filled first. Every frame must be exactly the frame drawn without
/// occlusion, and the skipping must happen where it may. Each sequence puts a red frame before
/// its last frame, so that a pixel skipped but never painted over shows red.
final class OcclusionTests: XCTestCase {
    static let window = CPUCanvasTests.window
    static let photo = "articles/mountain-trail.jpg"
    static let red: DisplayList = {
        var l = DisplayList(background: .white)
        l.add(.fillRect(window, radii: .zero, color: SystemColor.red))
        return l
    }()

    /// One white frame per value, drawn by `body`.
    static func frames<T>(_ values: [T], _ body: (T, inout DisplayList) -> Void) -> [DisplayList] {
        values.map { v in
            var l = DisplayList(background: .white)
            body(v, &l)
            return l
        }
    }

    /// The same white frame five times (held still: layers rasterised and composited).
    static func held(_ body: (inout DisplayList) -> Void) -> [DisplayList] { frames(Array(0..<5)) { _, l in body(&l) } }

    /// Draws the lists in order on a white 100×100 pt headless display at 2x, with occlusion
    /// on or off.
    func draw(_ lists: [DisplayList], occlusion: Bool) throws -> [(RGBAImage, RenderStats)] {
        try MainActor.assumeIsolated {
            try withHeadlessDisplay(scale: 2) { display in
                display.renderer.occlusion = occlusion
                return try lists.map { list in
                    display.draw(list, consecutive: true)
                    guard let img = display.readPixels() else { throw NSError(domain: "t", code: 1) }
                    return (img, display.renderer.stats)
                }
            }
        }
    }

    /// Draws `frames` (then red, then the last one again) with occlusion and without; asserts
    /// every frame is the same, and returns the pixels each frame skipped.
    func occludedPixels(_ frames: [DisplayList], file: StaticString = #filePath, line: UInt = #line) throws -> [Int] {
        guard let last = frames.last else { return [] }
        let lists = frames + [Self.red, last]
        let on = try draw(lists, occlusion: true), off = try draw(lists, occlusion: false)
        for (i, (a, b)) in zip(on, off).enumerated() {
            let differing = zip(a.0.pixels, b.0.pixels).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "frame \(i): channels differing with occlusion", file: file, line: line)
            XCTAssertEqual(b.1.occludedPixels, 0, file: file, line: line)
        }
        if let i = on.indices.first(where: { on[$0].0.pixels != off[$0].0.pixels }) {
            try? PNGFile.write(on[i].0, to: NSTemporaryDirectory() + "/occlusion-on.png")
            try? PNGFile.write(off[i].0, to: NSTemporaryDirectory() + "/occlusion-off.png")
        }
        return on.map { $0.1.occludedPixels }
    }

    /// The list behind: stripes and a photo, so that a pixel left out shows.
    static func list(_ l: inout DisplayList) { CPUCanvasTests.backdropContent(&l) }

    /// A card as TodayScene draws one: shadow, white rounded fill, the photo over its top.
    static func card(_ l: inout DisplayList, frame f: Rect = Rect(x: 4, y: 10, width: 92, height: 86), opacity: Double = 1) {
        l.withOpacity(opacity) { l in
            l.add(.shadow(f, radii: CornerRadii(8), color: Color(white: 0, alpha: 0.2), radius: 6, offset: .zero))
            l.add(.fillRect(f, radii: CornerRadii(8), color: .white))
            l.clipped(to: f) { l in
                l.add(.image(photo, frame: Rect(x: f.minX, y: f.minY, width: f.width, height: f.height * 0.7), mode: .fill,
                             radii: CornerRadii(topLeft: 8, topRight: 8, bottomRight: 0, bottomLeft: 0)))
            }
        }
    }

    /// The list fading out under a card, inside a clip around the window (as a layer drawn
    /// directly sets one): tinted straight onto the frame while the fade changes, from a kept
    /// tinted copy while it holds still; the card's fill skips what its photo covers.
    func testAFadingListUnderACardSkipsWhatTheCardCovers() throws {
        let frames = Self.frames([1.0, 0.8, 0.6, 0.4, 0.4, 0.4]) { fade, l in
            l.clipped(to: Self.window) { l in
                l.withOpacity(fade) { l in l.layer(LayerSpec(id: "list", bounds: Self.window, background: .white), Self.list) }
            }
            Self.card(&l)
        }
        let skipped = try occludedPixels(frames)
        // The card's photo over its fill (at least 160×100 px), in every frame but the red
        // one; the card over the list too.
        XCTAssertTrue(skipped.enumerated().allSatisfy { $0.offset == 6 ? $0.element == 0 : $0.element > 160 * 100 }, "\(skipped)")
        XCTAssertGreaterThan(skipped[5], 2 * 160 * 100, "\(skipped)")
    }

    /// A layer covering the frame, dimmed (the canvas opens over it for the card's shadow): its
    /// tinted pixels are written only around the card.
    func testADimmedBaseIsWrittenAroundTheCard() throws {
        let frames = Self.frames([0.1, 0.2, 0.3, 0.3, 0.3]) { dim, l in
            l.layer(LayerSpec(id: "list", bounds: Self.window, background: .white), Self.list)
            l.add(.dim(Self.window, amount: dim))
            Self.card(&l)
        }
        let skipped = try occludedPixels(frames)
        XCTAssertGreaterThan(skipped[4], 0, "\(skipped)")
    }

    /// An opaque layer copied as it is (no fade, no dim): copied around the card.
    func testAnOpaqueLayerIsCopiedAroundTheCard() throws {
        let frames = Self.held { l in
            l.clipped(to: Rect(x: 0, y: 0, width: 100, height: 90)) { l in
                l.layer(LayerSpec(id: "list", bounds: Rect(x: 0, y: 0, width: 100, height: 90), background: .white), Self.list)
            }
            Self.card(&l)
        }
        let skipped = try occludedPixels(frames)
        XCTAssertGreaterThan(skipped[4], 150 * 100, "\(skipped)")
    }

    /// A layer's own fills do not hide the layer's copy (they are in it), but they hide what
    /// was drawn before it: the green fill under it is skipped (200×200 px), the copy never.
    func testOnlyDrawsAfterALayerHideIt() throws {
        let frames = Self.held { l in
            l.add(.fillRect(Self.window, radii: .zero, color: SystemColor.green))
            l.layer(LayerSpec(id: "list", bounds: Self.window, background: .white)) { l in
                Self.list(&l)
                l.add(.fillRect(Rect(x: 10, y: 10, width: 80, height: 80), radii: .zero, color: SystemColor.green))
            }
        }
        let skipped = try occludedPixels(frames)
        XCTAssertEqual(skipped[2...4], [200 * 200, 200 * 200, 200 * 200], "\(skipped)")
        XCTAssertEqual(skipped[6], 200 * 200, "\(skipped)")
    }

    /// Nothing hides what is under it when it is translucent, faded, or in a layer copied
    /// rounded (its corners are cut) or scaled (it moves).
    func testNoOcclusionByTranslucentFadedRoundedOrScaledDraws() throws {
        func frames(_ cover: (inout DisplayList) -> Void) -> [DisplayList] {
            Self.held { l in
                l.withOpacity(0.5) { l in l.layer(LayerSpec(id: "list", bounds: Self.window, background: .white), Self.list) }
                cover(&l)
            }
        }
        let big = Rect(x: 5, y: 5, width: 90, height: 90)
        let translucent = frames { $0.add(.fillRect(big, radii: .zero, color: Color(white: 1, alpha: 0.9))) }
        let faded = frames { l in l.withOpacity(0.9) { $0.add(.fillRect(big, radii: .zero, color: .white)) } }
        let rounded = frames { l in
            l.layer(LayerSpec(id: "card", bounds: big, background: .white, cornerRadius: 20, scalable: true)) {
                $0.add(.fillRect(big, radii: .zero, color: SystemColor.green))
            }
        }
        let scaled = frames { l in
            l.transformed(.scale(0.8, about: Point(50, 50))) { l in
                l.layer(LayerSpec(id: "card", bounds: big, background: .white, scalable: true)) {
                    $0.add(.fillRect(big, radii: .zero, color: SystemColor.green))
                }
            }
        }
        for (name, f) in [("translucent", translucent), ("faded", faded), ("rounded", rounded), ("scaled", scaled)] {
            XCTAssertEqual(try occludedPixels(f), [0, 0, 0, 0, 0, 0, 0], name)
        }
    }

    /// In a square, unscaled layer drawn as it is (it changes every frame: the expanded card
    /// settling), the card's fill is skipped under its photo as outside a layer.
    func testAFillInASquareUnscaledLayerIsSkippedUnderItsPhoto() throws {
        let frames = Self.frames(Array(0..<5)) { i, l in
            l.layer(LayerSpec(id: "card", bounds: Self.window, background: .white, scalable: true)) { l in
                l.add(.fillRect(Self.window, radii: .zero, color: .white))
                l.add(.image(Self.photo, frame: Rect(x: 0, y: 0, width: 100, height: 70 + Double(i)), mode: .fill, radii: .zero))
            }
        }
        let skipped = try occludedPixels(frames)
        XCTAssertGreaterThan(skipped[4], 190 * 130, "\(skipped)")
    }

    /// A square photo held still at a fractional place (an expanded card scrolled) is copied by
    /// SDL to truncated edges: its occluder stays a pixel inside them, so no row under it is
    /// left unpainted.
    func testASquarePhotoAtAFractionalPlaceHidesOnlyWhatItPaints() throws {
        let frames = Self.held { l in
            l.withOpacity(0.5) { l in l.layer(LayerSpec(id: "list", bounds: Self.window, background: .white), Self.list) }
            l.add(.fillRect(Rect(x: 0, y: 0.3, width: 100, height: 99.7), radii: .zero, color: .white))
            l.add(.image(Self.photo, frame: Rect(x: 0.2, y: 10.3, width: 99.6, height: 70.1), mode: .fill, radii: .zero))
        }
        let skipped = try occludedPixels(frames)
        XCTAssertGreaterThan(skipped[4], 190 * 130, "\(skipped)")
    }
}
