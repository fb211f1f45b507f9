import FlingCore
@testable import FlingSDL
import Foundation
import XCTest

/// The CPU canvas (a pulled card's frame composited on the CPU): the same picture as
/// SDL draws it, used only where it applies, and its kernels exact where they must be.
final class CPUCanvasTests: XCTestCase {
    /// Draws each list once, in order, on a white 100×100 pt headless display at 2x, with the
    /// canvas on or off. `consecutive`: as frames of one animation. `grownFrom`: the display
    /// opened at that size and was resized to 100×100, larger than its surface, so the frame is
    /// a texture and the canvas a texture copied onto it.
    func draw(_ lists: [DisplayList], canvas: Bool, consecutive: Bool = false, grownFrom: Size? = nil,
              shrunkFrom: Size? = nil) throws -> [(RGBAImage, RenderStats)] {
        try draw(canvas: canvas, consecutive: consecutive, grownFrom: grownFrom, shrunkFrom: shrunkFrom) { _ in lists }
    }

    /// The same, the lists made with the display's fonts (for text). `shrunkFrom`: the display
    /// opened larger and was resized to 100×100 (the frame is a viewport on its surface).
    func draw(canvas: Bool, consecutive: Bool = false, grownFrom: Size? = nil, shrunkFrom: Size? = nil,
              _ make: @Sendable (TextMeasurer) -> [DisplayList]) throws -> [(RGBAImage, RenderStats)] {
        try MainActor.assumeIsolated {
            try withHeadlessDisplay(size: grownFrom ?? shrunkFrom ?? Size(100, 100), scale: 2) { display in
                if grownFrom != nil || shrunkFrom != nil {
                    // A frame of the old size first (red), so that a clear missing after the resize shows.
                    var red = DisplayList(background: .white)
                    red.add(.fillRect(Rect(x: 0, y: 0, width: 400, height: 400), radii: .zero, color: SystemColor.red))
                    display.draw(red)
                    try display.resize(to: Size(100, 100))
                }
                display.renderer.cpuCompositing = canvas
                return try make(display.renderer.fonts).map { list in
                    display.draw(list, consecutive: consecutive)
                    guard let img = display.readPixels() else { throw NSError(domain: "t", code: 1) }
                    return (img, display.renderer.stats)
                }
            }
        }
    }

    static let window = Rect(x: 0, y: 0, width: 100, height: 100)

    /// The list behind: stripes and a photo, so that a misplaced pixel shows.
    static func backdropContent(_ l: inout DisplayList) {
        l.add(.fillRect(window, radii: .zero, color: .white))
        for i in 0..<5 { l.add(.fillRect(Rect(x: 0, y: Double(i) * 20, width: 100, height: 10), radii: .zero, color: SystemColor.blue)) }
        l.add(.image("avatar.png", frame: Rect(x: 5, y: 5, width: 30, height: 30), mode: .fill, radii: .zero))
    }

    /// The card: sharp edges and a smooth gradient (a photo's fine detail would differ by the
    /// two resamplers' sub-pixel phase, not by anything this test is about).
    static func cardContent(_ l: inout DisplayList) {
        l.add(.fillRect(window, radii: .zero, color: .white))
        l.add(.fillRect(Rect(x: 10, y: 10, width: 40, height: 30), radii: .zero, color: SystemColor.red))
        l.add(.verticalGradient(Rect(x: 50, y: 50, width: 40, height: 40), top: SystemColor.blue, bottom: SystemColor.green))
    }

    /// A pulled card's frame as TodayScene draws it: the faded backdrop, the pull's dim, the
    /// card's shadow and the card layer scaled by `k`, rounded and moved down.
    static func pulledFrame(k: Double, radius: Double, fade: Double = 0.7, dim: Double = 0.1, shadow: Bool = true,
                            card: Bool = true, after: ((inout DisplayList) -> Void)? = nil) -> DisplayList {
        var l = DisplayList(background: .white)
        l.withOpacity(fade) { l in l.layer(LayerSpec(id: "backdrop", bounds: window, background: .white), backdropContent) }
        l.add(.dim(window, amount: dim))
        let t = Transform.translate(0, 6).concatenating(.scale(k, about: Point(50, 50)))
        if shadow {
            l.transformed(t) { l in
                l.add(.shadow(window, radii: CornerRadii(radius), color: Color(white: 0.25, alpha: 0.3), radius: 8, offset: .zero))
            }
        }
        if card {
            l.transformed(t) { l in
                l.layer(LayerSpec(id: "card", bounds: window, background: .white, cornerRadius: radius, scalable: true), cardContent)
            }
        }
        after?(&l)
        return l
    }

    /// How far a pixel of `a` lies outside the range of `b`'s pixels in its 3×3 neighbourhood
    /// (per channel; the largest over the image). The two paths may sample an edge at a
    /// different sub-pixel phase (SDL's copy snaps its source rectangles to whole texels), which
    /// moves an edge pixel between its neighbours' values, but nothing else may differ.
    func nearDifference(_ a: RGBAImage, _ b: RGBAImage, skip: (Int, Int) -> Bool = { _, _ in false }) -> Int {
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width where !skip(x, y) {
                for c in 0..<3 {
                    var lo = 255, hi = 0
                    for dy in -1...1 {
                        for dx in -1...1 {
                            let nx = x + dx, ny = y + dy
                            guard nx >= 0, ny >= 0, nx < b.width, ny < b.height else { continue }
                            let v = Int(b.pixels[(ny * b.width + nx) * 4 + c])
                            lo = min(lo, v); hi = max(hi, v)
                        }
                    }
                    let v = Int(a.pixels[(y * a.width + x) * 4 + c])
                    worst = max(worst, v < lo ? lo - v : v > hi ? v - hi : 0)
                }
            }
        }
        return worst
    }


    func testAPulledCardOnTheCanvasLooksAsSDLDrawsIt() throws {
        for (k, radius) in [(0.9, 10.0), (0.86, 15.0), (0.97, 3.0)] {
            let frames = Array(repeating: Self.pulledFrame(k: k, radius: radius), count: 3)
            let cpu = try draw(frames, canvas: true), sdl = try draw(frames, canvas: false)
            // The last frame composites both layers: the shadow and the card went onto the canvas.
            XCTAssertEqual(cpu[2].1.canvasDraws, 2, "k \(k)")
            XCTAssertEqual(sdl[2].1.canvasDraws, 0)
            // Both resample bilinearly, cut the same corners and blend the same shadow slice.
            if ProcessInfo.processInfo.environment["CANVAS_DEBUG"] != nil {
                try? PNGFile.write(cpu[2].0, to: "/tmp/canvas-cpu-\(k).png"); try? PNGFile.write(sdl[2].0, to: "/tmp/canvas-sdl-\(k).png")
            }
            XCTAssertLessThanOrEqual(nearDifference(cpu[2].0, sdl[2].0), 12, "k \(k)")
            // Drawn without the shadow, the frame differs: the test sees a shadow missing.
            let bare = try draw(Array(repeating: Self.pulledFrame(k: k, radius: radius, shadow: false), count: 3), canvas: true)
            XCTAssertGreaterThan(maxChannelDifference(cpu[2].0, bare[2].0), 20)
            // The canvas is the frame's own surface: backdrop, shadow and card without a draw call.
            XCTAssertEqual(cpu[2].1.drawCalls, 0)
            // A frame larger than the surface is a texture: the canvas is a texture copied onto
            // it once, with the same pixels.
            let copied = try draw(frames, canvas: true, grownFrom: Size(60, 60))
            XCTAssertEqual(copied[2].1.canvasDraws, 2)
            XCTAssertEqual(copied[2].1.drawCalls, 1)
            XCTAssertEqual(copied[2].0.pixels, cpu[2].0.pixels, "k \(k)")
            // A frame smaller than the surface (a viewport on it): the canvas is still the
            // surface, the same pixels, 200×200 read back.
            let shrunk = try draw(frames, canvas: true, shrunkFrom: Size(150, 130))
            XCTAssertEqual(shrunk[2].1.drawCalls, 0)
            XCTAssertEqual(shrunk[2].0.width, 200)
            XCTAssertEqual(shrunk[2].0.pixels, cpu[2].0.pixels, "k \(k)")
        }
    }

    func testAPhotoGrowingFrameByFrameIsResampledOnTheCanvas() throws {
        // A card's photo growing as it expands (rounded, then square): resampled each frame on
        // the frame's pixels, as SDL's path draws it up to the resamplers' sub-pixel phase.
        for radius in [12.0, 0] {
            let lists = (0..<4).map { i -> DisplayList in
                var l = DisplayList(background: .white)
                l.add(.fillRect(Self.window, radii: .zero, color: SystemColor.blue))
                let side = 40 + Double(i) * 7
                l.add(.image("articles/autumn-mountains.jpg", frame: Rect(x: 8, y: 6, width: side * 1.2, height: side), mode: .fill,
                             radii: CornerRadii(radius)))
                l.add(.fillRect(Rect(x: 30, y: 25, width: 20, height: 20), radii: .zero, color: SystemColor.red))
                return l
            }
            let cpu = try draw(lists, canvas: true, consecutive: true), sdl = try draw(lists, canvas: false, consecutive: true)
            // The first frame has no size to compare with; the others are in motion.
            XCTAssertEqual(cpu.map { $0.1.canvasDraws }, [0, 1, 1, 1], "radius \(radius)")
            XCTAssertEqual(sdl.map { $0.1.canvasDraws }, [0, 0, 0, 0])
            if ProcessInfo.processInfo.environment["CANVAS_DEBUG"] != nil {
                try? PNGFile.write(cpu[3].0, to: "/tmp/photo-cpu-\(radius).png"); try? PNGFile.write(sdl[3].0, to: "/tmp/photo-sdl-\(radius).png")
            }
            for i in 1...3 { XCTAssertLessThanOrEqual(nearDifference(cpu[i].0, sdl[i].0), 24, "radius \(radius) frame \(i)") }
            // Drawn after the photo, the red square is over it; the blue around is untouched.
            let red = (70 * 200 + 80) * 4, blue = (190 * 200 + 10) * 4
            XCTAssertEqual(Array(cpu[3].0.pixels[red..<(red + 3)]), Array(sdl[3].0.pixels[red..<(red + 3)]))
            XCTAssertEqual(Array(cpu[3].0.pixels[blue..<(blue + 3)]), Array(sdl[3].0.pixels[blue..<(blue + 3)]))
            // Still (the same size twice), it is SDL's again: baked once and copied.
            let still = try draw([lists[2], lists[2], lists[2]], canvas: true, consecutive: true)
            XCTAssertEqual(still.map { $0.1.canvasDraws }, [0, 0, 0], "radius \(radius)")
        }
        // One photo drawn twice a frame at two sizes (a thumbnail and a header), both still: not
        // in motion, though each draw's size differs from the other's.
        var twice = DisplayList(background: .white)
        twice.add(.image("articles/autumn-mountains.jpg", frame: Rect(x: 0, y: 0, width: 40, height: 30), mode: .fill, radii: .zero))
        twice.add(.image("articles/autumn-mountains.jpg", frame: Rect(x: 0, y: 40, width: 90, height: 50), mode: .fill, radii: .zero))
        twice.add(.image("articles/autumn-mountains.jpg", frame: Rect(x: 50, y: 0, width: 40, height: 30), mode: .fill, radii: CornerRadii(8)))
        let both = try draw([twice, twice, twice], canvas: true, consecutive: true)
        XCTAssertEqual(both.map { $0.1.canvasDraws }, [0, 0, 0])
        XCTAssertEqual(both.map { $0.1.photoBakes }, [1, 0, 0], "the rounded one is baked once and kept")
    }

    func testFadedTextIsBlendedOnTheCanvasAsSDLBlendsIt() throws {
        // A card's story fading in: dark text at a group opacity over a white card and a photo.
        let make: @Sendable (TextMeasurer) -> [DisplayList] = { fonts in
            let story = TextLayoutEngine.layout("There is a particular moment on a good hike when the trees fall away.",
                                                font: Font(size: 15), options: TextOptions(maxWidth: 90), measurer: fonts)
            return [0.3, 0.6, 1].map { o in
                var l = DisplayList(background: .white)
                l.add(.image("articles/autumn-mountains.jpg", frame: Rect(x: 0, y: 0, width: 100, height: 40), mode: .fill, radii: .zero))
                l.withOpacity(o) { l in l.text(story, at: Point(5, 20), SystemColor.darkGray) }
                return l
            }
        }
        let cpu = try draw(canvas: true, make), sdl = try draw(canvas: false, make)
        // Every line goes onto the canvas, faded or not; opaque, to SDL's very pixels (where
        // SDL blends as the canvas does).
        XCTAssertGreaterThan(cpu[0].1.canvasDraws, 2)
        for i in 0..<2 { XCTAssertLessThanOrEqual(maxChannelDifference(cpu[i].0, sdl[i].0), 2, "frame \(i)") }
        XCTAssertEqual(cpu[2].1.canvasDraws > 2, OpaqueTextCheck.matchesSDL)
        XCTAssertEqual(cpu[2].0.pixels, sdl[2].0.pixels)
        // And the text is there: below the photo, the faded frame darkens many pixels of white.
        let darkened = stride(from: 100 * 200 * 4, to: cpu[0].0.pixels.count, by: 4).filter { cpu[0].0.pixels[$0] < 235 }.count
        XCTAssertGreaterThan(darkened, 300)
    }

    /// A shadow rasterised into a layer is copied in its colour (SDL's fast blitter), drawn
    /// directly the white slice is colour- and alpha-modulated: the same pixels within 3 levels
    /// (the fast blitter blends with a shift where the modulating one divides by 255).
    func testAShadowInALayerMatchesTheModulatedOne() throws {
        var l = DisplayList(background: .white)
        l.layer(LayerSpec(id: "list", bounds: Self.window, background: .white)) { l in
            Self.backdropContent(&l)
            for (i, alpha) in [0.15, 0.3].enumerated() {
                let card = Rect(x: 15, y: 10 + Double(i) * 45, width: 70, height: 35)
                l.add(.shadow(card, radii: CornerRadii(10), color: Color(white: 0.1, alpha: alpha), radius: 10, offset: Point(0, 2)))
                l.add(.fillRect(card, radii: CornerRadii(10), color: .white))
            }
        }
        let f = try draw([l, l, l, l], canvas: false)
        XCTAssertEqual(f.map { $0.1.layersComposited }, [0, 0, 1, 1])
        XCTAssertLessThanOrEqual(maxChannelDifference(f[3].0, f[0].0), 3)
    }

    func testTextOpaqueThenFadedThenOpaqueAgainIsRenderedOnceAndOpaqueIsSDLsExactly() throws {
        // On the canvas the run is rendered once, with its coverage, and drawn from it opaque
        // (SDL's blend, exactly) and faded alike.
        try XCTSkipUnless(OpaqueTextCheck.matchesSDL, "the SDL in use blends opaque text otherwise; it stays with SDL")
        let make: @Sendable (TextMeasurer) -> [DisplayList] = { fonts in
            let words = TextLayoutEngine.layout("Find Your Next Summit", font: Font(size: 15, weight: .bold), measurer: fonts)
            return [1, 0.5, 0.5, 1].map { o in
                var l = DisplayList(background: .white)
                l.withOpacity(o) { l in l.text(words, at: Point(5, 40), SystemColor.darkGray) }
                return l
            }
        }
        let cpu = try draw(canvas: true, make), sdl = try draw(canvas: false, make)
        XCTAssertEqual(cpu.map { $0.1.canvasDraws > 0 }, [true, true, true, true])
        XCTAssertEqual(cpu.map { $0.1.textRasterizations }, [1, 0, 0, 0], "rendered once, with its coverage")
        XCTAssertEqual(cpu[0].0.pixels, sdl[0].0.pixels)
        XCTAssertEqual(cpu[3].0.pixels, sdl[3].0.pixels)
        for i in 1...2 { XCTAssertLessThanOrEqual(maxChannelDifference(cpu[i].0, sdl[i].0), 2, "frame \(i)") }
        XCTAssertNotEqual(cpu[3].0.pixels, cpu[1].0.pixels)
    }

    func testOpaqueTextOverAPhotoClippedByAFractionalRectIsSDLsExactly() throws {
        // Dark, white and blue runs over a photo and stripes, clipped by rectangles whose edges
        // fall inside pixels (a clip is snapped to whole ones), and a translucent colour, which
        // stays with SDL: the canvas's frame is SDL's, byte for byte. Without the white and
        // blue runs, two fewer lines go onto the canvas.
        try XCTSkipUnless(OpaqueTextCheck.matchesSDL, "the SDL in use blends opaque text otherwise; it stays with SDL")
        let clips = [Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 3.3, y: 21.7, width: 61.45, height: 40.26),
                     Rect(x: -2.75, y: 30.2, width: 50.5, height: 80), Rect(x: 0, y: 0, width: 100, height: 100)]
        let make: @Sendable (TextMeasurer) -> [DisplayList] = { fonts in
            let story = TextLayoutEngine.layout("Trailhead maps thousands of mountain paths and keeps working offline.",
                                                font: Font(size: 13), options: TextOptions(maxWidth: 95), measurer: fonts)
            let title = TextLayoutEngine.layout("Summit", font: Font(size: 22, weight: .bold), measurer: fonts)
            return clips.enumerated().map { i, clip in
                var l = DisplayList(background: .white)
                for i in 0..<5 { l.add(.fillRect(Rect(x: 0, y: Double(i) * 20, width: 100, height: 10), radii: .zero, color: SystemColor.blue)) }
                l.add(.image("articles/autumn-mountains.jpg", frame: Rect(x: 0, y: 0, width: 100, height: 40), mode: .fill, radii: .zero))
                l.clipped(to: clip) { l in
                    l.text(story, at: Point(2.5, 12), SystemColor.darkGray)
                    if i < 3 {
                        l.text(title, at: Point(4, 70), .white)
                        l.text(title, at: Point(50, 5), SystemColor.blue)
                    }
                    l.text(title, at: Point(40, 85), Color(r: 0.9, g: 0.2, b: 0.1, a: 0.6))
                }
                return l
            }
        }
        let cpu = try draw(canvas: true, make), sdl = try draw(canvas: false, make)
        for i in 0..<4 {
            XCTAssertGreaterThan(cpu[i].1.canvasDraws, 3, "frame \(i)")
            XCTAssertEqual(cpu[i].0.pixels, sdl[i].0.pixels, "frame \(i)")
        }
        XCTAssertEqual(cpu[0].1.canvasDraws - cpu[3].1.canvasDraws, 2)
    }

    func testARunCachedBySDLIsRenderedAgainForItsCoverageOnceAndThenDrawnExactly() throws {
        // Drawn first with the canvas off (cached without its coverage), then with it on: the
        // glyphs are rendered once more for their coverage, then never again.
        try XCTSkipUnless(OpaqueTextCheck.matchesSDL, "the SDL in use blends opaque text otherwise; it stays with SDL")
        let (frames, reference): ([(RGBAImage, RenderStats)], RGBAImage) = try MainActor.assumeIsolated {
            try withHeadlessDisplay(size: Size(100, 100), scale: 2) { display in
                let words = TextLayoutEngine.layout("Chase the Golden Hour", font: Font(size: 15, weight: .bold), measurer: display.renderer.fonts)
                var l = DisplayList(background: .white)
                l.add(.fillRect(Rect(x: 0, y: 30, width: 100, height: 30), radii: .zero, color: SystemColor.yellow))
                l.text(words, at: Point(4, 40), SystemColor.purple)
                var out: [(RGBAImage, RenderStats)] = []
                for canvas in [false, true, true] {
                    display.renderer.cpuCompositing = canvas
                    display.draw(l)
                    guard let img = display.readPixels() else { throw NSError(domain: "t", code: 1) }
                    out.append((img, display.renderer.stats))
                }
                return (out, out[0].0)
            }
        }
        XCTAssertEqual(frames.map { $0.1.textRasterizations }, [1, 1, 0])
        XCTAssertEqual(frames.map { $0.1.canvasDraws > 0 }, [false, true, true])
        for f in frames { XCTAssertEqual(f.0.pixels, reference.pixels) }
    }

    func testADimOnTheFrameIsSDLsBlendedFillExactly() throws {
        // The list drawn directly (no layer to fold the dim into), then dims of several
        // amounts, clipped and not, over a photo, stripes and white.
        func dimmed(_ amount: Double, clip: Rect?) -> DisplayList {
            var l = DisplayList(background: .white)
            Self.backdropContent(&l)
            l.add(.verticalGradient(Rect(x: 40, y: 40, width: 60, height: 60), top: SystemColor.red, bottom: SystemColor.green))
            if let clip { l.clipped(to: clip) { $0.add(.dim(Self.window, amount: amount)) } } else { l.add(.dim(Self.window, amount: amount)) }
            return l
        }
        let lists = [dimmed(0.5, clip: nil), dimmed(0.137, clip: nil), dimmed(0.9, clip: Rect(x: 10.5, y: 20.25, width: 50, height: 33)), dimmed(1, clip: nil)]
        let cpu = try draw(lists, canvas: true), sdl = try draw(lists, canvas: false)
        // The same frame without its dim draws one canvas draw fewer: the dim is the kernel's.
        var undimmed = DisplayList(background: .white)
        Self.backdropContent(&undimmed)
        undimmed.add(.verticalGradient(Rect(x: 40, y: 40, width: 60, height: 60), top: SystemColor.red, bottom: SystemColor.green))
        let plain = try draw([undimmed], canvas: true)
        for i in lists.indices {
            XCTAssertEqual(cpu[i].1.canvasDraws, plain[0].1.canvasDraws + 1, "frame \(i) dims on the canvas")
            XCTAssertEqual(zip(cpu[i].0.pixels, sdl[i].0.pixels).filter { $0 != $1 }.count, 0, "frame \(i): bytes that differ from SDL's")
        }
    }

    func testDividingBy255InLanesIsExactForEveryProductOfTwoBytes() {
        for x in stride(from: 0, through: 65025, by: 8) {
            let lanes = SIMD8<UInt16>((0..<8).map { UInt16(min(65025, x + $0)) })
            let q = CanvasKernels.divide255(lanes)
            for i in 0..<8 { XCTAssertEqual(q[i], lanes[i] / 255, "\(lanes[i])") }
        }
        // 0xFF8040FF at alpha 128: each channel × 127 / 255, alpha 128 + 127.
        XCTAssertEqual(CanvasKernels.dimPixel(0xFF80_40FF, alpha: 128), 0xFF3F_1F7F as UInt32)
    }

    func testAFadeInProgressIsTintedStraightOntoTheFrame() throws {
        func faded(_ o: Double) -> DisplayList {
            var l = DisplayList(background: .white)
            l.withOpacity(o) { l in l.layer(LayerSpec(id: "list", bounds: Self.window, background: .white), Self.backdropContent) }
            l.add(.fillCircle(center: Point(50, 50), radius: 10, color: SystemColor.green))
            return l
        }
        let lists = [faded(1), faded(1), faded(0.5), faded(0.6), faded(0.6)]
        let cpu = try draw(lists, canvas: true), sdl = try draw(lists, canvas: false)
        // Every tint goes onto the frame, a new one and one that holds still alike (no tinted
        // copy is kept, to save memory), with SDL's pixels.
        XCTAssertEqual(cpu.map { $0.1.canvasDraws }, [0, 0, 1, 1, 1])
        for i in lists.indices { XCTAssertEqual(cpu[i].0.pixels, sdl[i].0.pixels, "frame \(i)") }
    }

    func testTheCardCoversWhatTheShadowSkippedAndWithoutACardTheBackdropShows() throws {
        // A shadow alone: the hole it skips under the (missing) shape is filled from the base.
        let alone = Array(repeating: Self.pulledFrame(k: 0.9, radius: 10, card: false), count: 3)
        let cpu = try draw(alone, canvas: true), sdl = try draw(alone, canvas: false)
        XCTAssertEqual(cpu[2].1.canvasDraws, 1)
        // Outside the shape the same shadow; under it, where both paths assume the shape
        // covers it, SDL's corner slices darken some pixels and the canvas leaves the backdrop.
        let shape = { (x: Int, y: Int) in
            let k = 0.9, lo = (0 - 50) * k + 50, hi = (100 - 50) * k + 50
            return Double(x) >= lo * 2 - 1 && Double(x) <= hi * 2 + 1 && Double(y) >= (lo + 6) * 2 - 1 && Double(y) <= (hi + 6) * 2 + 1
        }
        XCTAssertLessThanOrEqual(nearDifference(cpu[2].0, sdl[2].0, skip: shape), 12)
        // Under the shape the canvas shows the backdrop as it is without a shadow.
        let none = try draw(Array(repeating: Self.pulledFrame(k: 0.9, radius: 10, shadow: false, card: false), count: 3), canvas: true)
        XCTAssertEqual(cpu[2].0.pixels[(100 * 200 + 100) * 4], none[2].0.pixels[(100 * 200 + 100) * 4])
    }

    func testDrawingThatTheCanvasDoesNotDoClosesItFirstInOrder() throws {
        // A red square drawn after the card: over the card on both paths.
        let frame = Self.pulledFrame(k: 0.9, radius: 10) { l in
            l.add(.fillRect(Rect(x: 40, y: 40, width: 20, height: 20), radii: .zero, color: SystemColor.red))
        }
        let cpu = try draw([frame, frame, frame], canvas: true), sdl = try draw([frame, frame, frame], canvas: false)
        XCTAssertEqual(cpu[2].1.canvasDraws, 2)
        XCTAssertLessThanOrEqual(nearDifference(cpu[2].0, sdl[2].0), 12)
        let i = (100 * 200 + 100) * 4
        XCTAssertEqual(Array(cpu[2].0.pixels[i..<(i + 3)]), Array(sdl[2].0.pixels[i..<(i + 3)]))
    }

    func testWithoutAShadowOrScaledLayerTheFrameIsSDLsExactly() throws {
        // The backdrop and its dim alone, or followed by ordinary drawing: the same pixels.
        var l = DisplayList(background: .white)
        l.withOpacity(0.7) { l in l.layer(LayerSpec(id: "backdrop", bounds: Self.window, background: .white), Self.backdropContent) }
        l.add(.dim(Self.window, amount: 0.1))
        l.add(.fillCircle(center: Point(50, 50), radius: 20, color: SystemColor.green))
        let cpu = try draw([l, l, l], canvas: true), sdl = try draw([l, l, l], canvas: false)
        // (Each frame's tint is written onto the frame, with SDL's pixels.)
        XCTAssertEqual(cpu.map { $0.1.canvasDraws }, [1, 1, 1])
        for i in 0..<3 { XCTAssertEqual(cpu[i].0.pixels, sdl[i].0.pixels, "frame \(i)") }
    }

    func testAnUnscaledSquareScalableLayerThatChangesEveryFrameIsDrawnDirectly() throws {
        // An expanded card scrolled: its content moves each frame; it is not rasterised.
        let lists = (0..<3).map { i in
            var l = DisplayList(background: .white)
            l.layer(LayerSpec(id: "card", bounds: Self.window, background: .white, scalable: true)) { l in
                l.add(.fillRect(Rect(x: 10, y: 10 + Double(i) * 5, width: 40, height: 30), radii: .zero, color: SystemColor.red))
            }
            return l
        }
        let f = try draw(lists, canvas: true)
        XCTAssertEqual(f.map { $0.1.layersRasterized }, [0, 0, 0])
        // And one that holds still is rasterised on its third frame, ready for a pull.
        let still = try draw([lists[0], lists[0], lists[0]], canvas: true)
        XCTAssertEqual(still.map { $0.1.layersRasterized }, [0, 0, 1])
    }

    func testALayerSkippedForAFrameIsStillReadyAndAFadedNewOneIsRasterisedAtOnce() throws {
        func faded(_ o: Double) -> DisplayList {
            var l = DisplayList(background: .white)
            if o > 0 { l.withOpacity(o) { l in l.layer(LayerSpec(id: "list", bounds: Self.window, background: .white), Self.backdropContent) } }
            return l
        }
        // A fade that touches 0 for one frame (a spring's overshoot) and comes back: the layer
        // kept its texture and is composited, not drawn again.
        let f = try draw([faded(1), faded(1), faded(0.5), faded(0), faded(0.01), faded(0.02)], canvas: true)
        XCTAssertEqual(f.map { $0.1.layersRasterized }, [0, 0, 1, 0, 0, 0])
        XCTAssertEqual(f.map { $0.1.layersComposited }, [0, 0, 1, 0, 1, 1])
        // Faded from its first frame: rasterised at once (drawn directly, every primitive would
        // be alpha-modulated), with the pixels of the fade.
        let g = try draw([faded(0.5)], canvas: true), reference = try draw([faded(1), faded(1), faded(0.5)], canvas: true)
        XCTAssertEqual(g[0].1.layersRasterized, 1)
        XCTAssertLessThanOrEqual(maxChannelDifference(g[0].0, reference[2].0), 1)
    }

    func testAHiddenLayerIsMadeReadyAtOnceAndShowsWithoutARasterisation() throws {
        func hidden() -> DisplayList {
            var l = DisplayList(background: .white)
            l.hidden { l in l.layer(LayerSpec(id: "list", bounds: Self.window, background: .white), Self.backdropContent) }
            return l
        }
        var shown = DisplayList(background: .white)
        shown.withOpacity(0.3) { l in l.layer(LayerSpec(id: "list", bounds: Self.window, background: .white), Self.backdropContent) }
        let f = try draw([hidden(), hidden(), hidden(), shown], canvas: true)
        // Hidden frames draw nothing (the background only); the first rasterises it; shown, it
        // is composited at once.
        XCTAssertEqual(f.map { $0.1.layersRasterized }, [1, 0, 0, 0])
        XCTAssertEqual(f.map { $0.1.layersComposited }, [0, 0, 0, 1])
        XCTAssertEqual(Set(f[0].0.pixels), [255], "rasterised, not shown")
        let reference = try draw([shown, shown, shown], canvas: true)
        XCTAssertLessThanOrEqual(maxChannelDifference(f[3].0, reference[2].0), 1)
    }

    /// A hidden layer is made only in frames that prepare hidden layers (nothing moves), and
    /// then only if new or unchanged since the last frame (not every frame of a live resize);
    /// a merely faint one once it holds still.
    func testWhenHiddenAndFaintLayersAreMade() throws {
        func hidden(_ height: Double = 100, prepares: Bool = true) -> DisplayList {
            var l = DisplayList(background: .white)
            l.preparesHidden = prepares
            let b = Rect(x: 0, y: 0, width: 100, height: height)
            l.hidden { l in l.layer(LayerSpec(id: "list", bounds: b, background: .white), Self.backdropContent) }
            return l
        }
        let moving = try draw([hidden(prepares: false), hidden(prepares: false), hidden(prepares: false), hidden()], canvas: true)
        XCTAssertEqual(moving.map { $0.1.layersRasterized }, [0, 0, 0, 1], "kept, made once at rest")
        let resizing = try draw([hidden(90), hidden(91), hidden(92), hidden(92), hidden(92)], canvas: true)
        XCTAssertEqual(resizing.map { $0.1.layersRasterized }, [1, 0, 0, 1, 0], "new, changing, then held")
        var faint = DisplayList(background: .white)
        faint.withOpacity(0.0005) { l in l.layer(LayerSpec(id: "list", bounds: Self.window, background: .white), Self.backdropContent) }
        XCTAssertEqual(try draw([faint, faint, faint, faint], canvas: true).map { $0.1.layersRasterized }, [0, 0, 1, 0])
    }

    func testTheCanvasIsOnForTheSoftwareRenderer() throws {
        try MainActor.assumeIsolated {
            try withHeadlessDisplay(scale: 1) { display in
                XCTAssertEqual(display.rendererName, "software")
                XCTAssertTrue(display.renderer.cpuCompositing)
            }
        }
    }

    func testAfterAResizeEitherWayTheFrameIsClearedWhereNothingPaints() throws {
        // A small square only: everything else must be the background, not the red frame drawn
        // at the old size, whether the frame shrank into the surface or grew past it.
        var l = DisplayList(background: .white)
        l.add(.fillRect(Rect(x: 40, y: 40, width: 10, height: 10), radii: .zero, color: SystemColor.blue))
        for (grown, shrunk) in [(Size(60, 60), nil), (nil, Size(150, 130))] as [(Size?, Size?)] {
            let f = try draw([l], canvas: true, grownFrom: grown, shrunkFrom: shrunk)
            let reference = try draw([l], canvas: true)
            XCTAssertEqual(f[0].0.pixels, reference[0].0.pixels, "grown \(String(describing: grown)) shrunk \(String(describing: shrunk))")
        }
    }

    func testARoundedClippedOpaqueFillSparesTheClearOnlyWhereItPaints() throws {
        // Frame 1 paints everything red; frame 2 a white fill with round corners, clipped to
        // the top half: its corners and the bottom half must be cleared again.
        var red = DisplayList(background: SystemColor.gray5)
        red.add(.fillRect(Self.window, radii: .zero, color: SystemColor.red))
        var rounded = DisplayList(background: SystemColor.gray5)
        rounded.clipped(to: Rect(x: 0, y: 0, width: 100, height: 50)) { l in
            l.add(.fillRect(Rect(x: 10, y: 10, width: 80, height: 80), radii: CornerRadii(15), color: .white))
        }
        let cpu = try draw([red, rounded], canvas: true), sdl = try draw([red, rounded], canvas: false)
        XCTAssertEqual(cpu[1].0.pixels, sdl[1].0.pixels)
        let corner = (22 * 200 + 22) * 4, below = (150 * 200 + 100) * 4
        XCTAssertNotEqual(Array(cpu[1].0.pixels[corner..<(corner + 3)]), [255, 59, 48])
        XCTAssertNotEqual(Array(cpu[1].0.pixels[below..<(below + 3)]), [255, 59, 48])
    }

    func testFadedTextInsideAShadowsSkippedHoleIsNotLost() throws {
        // A pulled frame without its card: the shadow's hole is left for the base; faded text
        // drawn there goes onto the canvas after the base is written, so it shows.
        let make: @Sendable (TextMeasurer) -> [DisplayList] = { fonts in
            let words = TextLayoutEngine.layout("Trailhead", font: Font(size: 15, weight: .bold), measurer: fonts)
            let frame = Self.pulledFrame(k: 0.9, radius: 10, card: false) { l in
                l.withOpacity(0.8) { l in l.text(words, at: Point(30, 45), SystemColor.darkGray) }
            }
            return [frame, frame, frame]
        }
        let cpu = try draw(canvas: true, make), sdl = try draw(canvas: false, make)
        XCTAssertGreaterThan(cpu[2].1.canvasDraws, 1)
        // The text is drawn: its region differs from the frame without it in many pixels.
        let bare = try draw(Array(repeating: Self.pulledFrame(k: 0.9, radius: 10, card: false), count: 3), canvas: true)
        let words = (0..<cpu[2].0.pixels.count / 4).filter { i in
            let x = i % 200, y = i / 200
            return x >= 60 && x < 140 && y >= 90 && y < 130 && abs(Int(cpu[2].0.pixels[i * 4 + 1]) - Int(bare[2].0.pixels[i * 4 + 1])) > 30
        }.count
        XCTAssertGreaterThan(words, 40, "the text is drawn")
        if ProcessInfo.processInfo.environment["CANVAS_DEBUG"] != nil {
            try? PNGFile.write(cpu[2].0, to: "/tmp/hole-cpu.png"); try? PNGFile.write(sdl[2].0, to: "/tmp/hole-sdl.png"); try? PNGFile.write(bare[2].0, to: "/tmp/hole-bare.png")
        }
        XCTAssertLessThanOrEqual(nearDifference(cpu[2].0, sdl[2].0, skip: { x, y in
            // (Under the missing shape SDL's shadow slices darken what the canvas leaves.)
            x >= 9 && x <= 191 && y >= 21 && y <= 203 && !(x >= 60 && x < 140 && y >= 90 && y < 130)
        }), 12)
    }

    func testTheClearIsSkippedOnlyUnderWhatPaints() throws {
        // Frame 1 paints everything red; then a layer changing every frame (drawn directly)
        // holds a small square and an opaque inner layer over the top half: the bottom half
        // must be the background again, not last frame's red.
        var red = DisplayList(background: .white)
        red.add(.fillRect(Self.window, radii: .zero, color: SystemColor.red))
        let lists = [red] + (1...3).map { i -> DisplayList in
            var l = DisplayList(background: .white)
            l.layer(LayerSpec(id: "outer", bounds: Self.window, background: .white)) { l in
                l.layer(LayerSpec(id: "inner", bounds: Rect(x: 0, y: 0, width: 100, height: 50), background: .white), Self.backdropContent)
                l.add(.fillRect(Rect(x: Double(i) * 10, y: 60, width: 10, height: 10), radii: .zero, color: SystemColor.blue))
            }
            return l
        }
        let cpu = try draw(lists, canvas: true), sdl = try draw(lists, canvas: false)
        for i in 1...3 {
            XCTAssertEqual(cpu[i].0.pixels, sdl[i].0.pixels, "frame \(i)")
            let p = (190 * 200 + 190) * 4
            XCTAssertEqual(Array(cpu[i].0.pixels[p..<(p + 3)]), [255, 255, 255], "frame \(i)")
        }
    }

    /// Writes each row's band into it.
    private struct MarkOwner: RowBandWork {
        let base: UnsafeMutablePointer<Int>
        func run(band: Int, rows: Range<Int>) { for r in rows { base[r] = band } }
    }

    func testBandsCoverEveryRowOnceInOrderOnTheKeptWorkers() {
        // Each band writes only its own rows (as the kernels do); 1 to 7 bands, run many times
        // over (the workers are parked and woken again each run).
        for bands in 1...7 {
            for _ in 0..<50 {
                var owner = [Int](repeating: -1, count: 100)
                owner.withUnsafeMutableBufferPointer { o in
                    ParallelRows.run(3..<97, bands: bands, MarkOwner(base: o.baseAddress!))
                }
                XCTAssertEqual(Array(owner[0..<3]) + Array(owner[97...]), [-1, -1, -1, -1, -1, -1], "bands \(bands)")
                // Every row once, bands in ascending order of rows, each band non-empty.
                XCTAssertEqual(owner[3..<97].filter { $0 < 0 }.count, 0, "bands \(bands)")
                XCTAssertEqual(Array(owner[3..<97]), owner[3..<97].sorted(), "bands \(bands)")
                XCTAssertEqual(Set(owner[3..<97]).count, bands, "bands \(bands)")
            }
        }
        if ParallelRows.cores > 1 { XCTAssertNotNil(BandWorkers.shared) }
    }

    func testTheRenderThreadsSettingIsCheckedAndNamedWhenWrong() {
        XCTAssertEqual(ParallelRows.threads(setting: nil, online: 2).0, 2)
        XCTAssertNil(ParallelRows.threads(setting: nil, online: 2).warning)
        XCTAssertEqual(ParallelRows.threads(setting: "1", online: 2).0, 1)
        XCTAssertEqual(ParallelRows.threads(setting: "4", online: 2).0, 2, "never more than the cores online")
        for bad in ["0", "5", "two", "", "-1"] {
            let (n, warning) = ParallelRows.threads(setting: bad, online: 2)
            XCTAssertEqual(n, 2)
            XCTAssertEqual(warning, "fling: FLING_RENDER_THREADS=\(bad) is not 1, 2, 3 or 4; using 2\n")
        }
    }

    // MARK: Kernels

    func testAQuarterPixelShiftMixesEachPixelWithItsRightNeighbourExactly() {
        // Scale 1, the crop a quarter pixel right: every group of four reads four neighbours in
        // a row (the two-load path), each output ¾ of its pixel and ¼ of the next; the RGBA
        // read swaps red and blue. Exactly the scalar lerp, on every row.
        let w = 19, h = 3
        let source = (0..<(w * h)).map { UInt32(0xFF00_0000) | UInt32(($0 * 0x0B1D37 + 0x102030) & 0xFFFFFF) }
        for swap in [false, true] {
            var target = [UInt32](repeating: 0, count: w * h)
            var scratch = CanvasScratch()
            target.withUnsafeMutableBytes { raw in
                let t = PixelTarget(base: raw.baseAddress!, width: w, height: h, pitch: w * 4)
                source.withUnsafeBufferPointer { s in
                    CanvasKernels.scaledCopy(source: s, width: w, height: h, crop: Rect(x: 0.25, y: 0, width: Double(w), height: Double(h)),
                                             swapRedBlue: swap, dest: PixelRect(x0: 0, y0: 0, x1: w, y1: h), radii: (0, 0, 0, 0),
                                             quarter: { _ in [] }, visible: t.bounds, into: t, scratch: &scratch)
                }
            }
            for y in 0..<h {
                for x in 0..<w {
                    let u = min(Double(w - 1), Double(x) + 0.25)
                    let i = min(Int(u), w - 2)
                    let p = CanvasKernels.lerp(source[y * w + i], source[y * w + i + 1], UInt32(((u - Double(i)) * 256).rounded())) | 0xFF00_0000
                    XCTAssertEqual(target[y * w + x], swap ? CanvasKernels.swapped(p) : p, "(\(x), \(y)) swap \(swap)")
                }
            }
        }
    }

    func testScaledCopyAtScaleOneIsTheSourceAndRoundedCornersBlendOverTheTarget() {
        let w = 13, h = 9
        let source = (0..<(w * h)).map { UInt32(0xFF00_0000) | UInt32($0 * 0x010203 & 0xFFFFFF) }
        var target = [UInt32](repeating: 0xFF11_2233, count: w * h)
        var scratch = CanvasScratch()
        target.withUnsafeMutableBytes { raw in
            let t = PixelTarget(base: raw.baseAddress!, width: w, height: h, pitch: w * 4)
            source.withUnsafeBufferPointer { s in
                CanvasKernels.scaledCopy(source: s, width: w, height: h, dest: PixelRect(x0: 0, y0: 0, x1: w, y1: h), radii: (0, 0, 0, 3),
                                         quarter: { CornerCoverage.quarter(radius: Double($0)).alpha }, visible: t.bounds, into: t, scratch: &scratch)
            }
        }
        let q = CornerCoverage.quarter(radius: 3).alpha
        for y in 0..<h {
            for x in 0..<w {
                // The bottom-left corner square (x < 3, y ≥ 6) blends by its coverage.
                if x < 3 && y >= h - 3 {
                    let c = q[(h - 1 - y) * 3 + x]
                    if c == 255 { XCTAssertEqual(target[y * w + x], source[y * w + x]) }
                    if c == 0 { XCTAssertEqual(target[y * w + x], 0xFF11_2233) }
                } else {
                    XCTAssertEqual(target[y * w + x], source[y * w + x], "(\(x), \(y))")
                }
            }
        }
    }

    func testScaledCopyPartlyOutsideTheTargetAndFromOnePixelStaysInside() {
        // A card overshooting the window: its left (and then right) corners lie wholly outside
        // the visible columns; a 1×1 layer has no right or lower neighbour. Nothing may trap or
        // read past the source, and what is visible is the source's colour.
        var scratch = CanvasScratch()
        let quarter = { (r: Int) in CornerCoverage.quarter(radius: Double(r)).alpha }
        var target = [UInt32](repeating: 0xFF00_0000, count: 40 * 10)
        let source = [UInt32](repeating: 0xFF12_3456, count: 20 * 10)
        for dest in [PixelRect(x0: -30, y0: 0, x1: 10, y1: 10), PixelRect(x0: 30, y0: 0, x1: 64, y1: 10), PixelRect(x0: -50, y0: -5, x1: 90, y1: 15)] {
            target.withUnsafeMutableBytes { raw in
                let t = PixelTarget(base: raw.baseAddress!, width: 40, height: 10, pitch: 160)
                source.withUnsafeBufferPointer { s in
                    CanvasKernels.scaledCopy(source: s, width: 20, height: 10, dest: dest, radii: (8, 8, 8, 8), quarter: quarter,
                                             visible: t.bounds, into: t, scratch: &scratch)
                }
            }
        }
        XCTAssertEqual(target[5 * 40 + 20], 0xFF12_3456)
        let one: [UInt32] = [0xFF65_4321]
        var small = [UInt32](repeating: 0, count: 6 * 3)
        small.withUnsafeMutableBytes { raw in
            let t = PixelTarget(base: raw.baseAddress!, width: 6, height: 3, pitch: 24)
            one.withUnsafeBufferPointer { s in
                CanvasKernels.scaledCopy(source: s, width: 1, height: 1, dest: t.bounds, radii: (0, 0, 0, 0), quarter: quarter,
                                         visible: t.bounds, into: t, scratch: &scratch)
            }
        }
        XCTAssertEqual(small, [UInt32](repeating: 0xFF65_4321, count: 18))
    }

    func testBandsOfRowsOnSeveralCoresGiveTheSamePixelsAsOnePass() {
        // A card-sized copy and shadow (large enough to be split), in 1, 2 and 3 bands.
        let sw = 300, sh = 400, w = 320, h = 420
        let source = (0..<(sw * sh)).map { UInt32(0xFF00_0000) | UInt32(($0 &* 2_654_435_761) >> 8 & 0xFFFFFF) }
        let mask = (0..<(41 * 41)).map { UInt8(($0 * 7) % 256) }
        func render(bands: Int) -> [UInt32] {
            var scratch = CanvasScratch()
            var target = (0..<(w * h)).map { UInt32(0xFF00_0000) | UInt32($0 % 977) }
            target.withUnsafeMutableBytes { raw in
                let t = PixelTarget(base: raw.baseAddress!, width: w, height: h, pitch: w * 4)
                CanvasKernels.shadow(mask: mask, size: 41, corner: 20, outer: Rect(x: 2, y: 3, width: 310, height: 400), scale: 0.9,
                                     color: (10, 20, 30, 90), hole: PixelRect(x0: 40, y0: 40, x1: 250, y1: 350), visible: t.bounds,
                                     into: t, scratch: &scratch, bands: bands)
                source.withUnsafeBufferPointer { s in
                    CanvasKernels.scaledCopy(source: s, width: sw, height: sh, dest: PixelRect(x0: 20, y0: 15, x1: 290, y1: 375), radii: (12, 12, 9, 9),
                                             quarter: { CornerCoverage.quarter(radius: Double($0)).alpha }, visible: t.bounds, into: t,
                                             scratch: &scratch, bands: bands)
                }
            }
            return target
        }
        let one = render(bands: 1)
        XCTAssertEqual(render(bands: 2), one)
        XCTAssertEqual(render(bands: 3), one)
    }

    func testScaledCopyHalvesAnImageByAveragingNeighbours() {
        // 8×2 → 4×1: each output pixel is the mean of a 2×2 block (exactly between four texels).
        let source: [UInt32] = [0xFF00_0000, 0xFF00_0010, 0xFF00_0020, 0xFF00_0030, 0xFF00_0040, 0xFF00_0050, 0xFF00_0060, 0xFF00_0070,
                                0xFF00_1000, 0xFF00_1010, 0xFF00_1020, 0xFF00_1030, 0xFF00_1040, 0xFF00_1050, 0xFF00_1060, 0xFF00_1070]
        var target = [UInt32](repeating: 0, count: 4)
        var scratch = CanvasScratch()
        target.withUnsafeMutableBytes { raw in
            let t = PixelTarget(base: raw.baseAddress!, width: 4, height: 1, pitch: 16)
            source.withUnsafeBufferPointer { s in
                CanvasKernels.scaledCopy(source: s, width: 8, height: 2, dest: PixelRect(x0: 0, y0: 0, x1: 4, y1: 1), radii: (0, 0, 0, 0),
                                         quarter: { _ in [] }, visible: t.bounds, into: t, scratch: &scratch)
            }
        }
        XCTAssertEqual(target, [0xFF00_0808, 0xFF00_0828, 0xFF00_0848, 0xFF00_0868])
    }

    func testShadowBlendsItsColourByTheMaskAndLeavesTheHoleAndAlphaAlone() {
        // A flat mask of 128 and colour black at full strength: every pixel outside the hole
        // halves (≈), inside it stays; the target's alpha byte is kept.
        let size = 5
        let mask = [UInt8](repeating: 128, count: size * size)
        let w = 10, h = 6
        var target = [UInt32](repeating: 0x80C8_C8C8, count: w * h)
        var scratch = CanvasScratch()
        target.withUnsafeMutableBytes { raw in
            let t = PixelTarget(base: raw.baseAddress!, width: w, height: h, pitch: w * 4)
            CanvasKernels.shadow(mask: mask, size: size, corner: 2, outer: Rect(x: 0, y: 0, width: Double(w), height: Double(h)), scale: 1,
                                 color: (0, 0, 0, 255), hole: PixelRect(x0: 3, y0: 2, x1: 7, y1: 4), visible: t.bounds, into: t, scratch: &scratch)
        }
        for y in 0..<h {
            for x in 0..<w {
                let inHole = x >= 3 && x < 7 && y >= 2 && y < 4
                XCTAssertEqual(target[y * w + x], inHole ? 0x80C8_C8C8 : 0x8063_6363, "(\(x), \(y))")
            }
        }
    }

    func testASegmentCoversThePixelsWhoseCentresItsWidthReachesAndFadesOverHalfAPixel() {
        // From (2, 3) to (8, 3) on white: 2 px wide, the pixel centres of rows 2 and 3 and
        // columns 2…7 are inside (black), the rest outside; 1 px wide, rows 2 and 3 are both
        // half covered (128 of 255: 255·127/256 = 126 left of white). Alpha bytes are kept.
        let w = 10, h = 6
        for (width, inside) in [(2.0, UInt32(0xFF00_0000)), (1.0, UInt32(0xFF7E_7E7E))] {
            var target = [UInt32](repeating: 0xFFFF_FFFF, count: w * h)
            var scratch = CanvasScratch()
            target.withUnsafeMutableBytes { raw in
                let t = PixelTarget(base: raw.baseAddress!, width: w, height: h, pitch: w * 4)
                [Point(2, 3), Point(8, 3)].withUnsafeBufferPointer {
                    CanvasKernels.polyline($0, width: width, color: (0, 0, 0), alpha: 255, visible: t.bounds, into: t, scratch: &scratch)
                }
            }
            for y in 0..<h {
                for x in 0..<w {
                    let covered = (2..<8).contains(x) && (2..<4).contains(y)
                    XCTAssertEqual(target[y * w + x], covered ? inside : 0xFFFF_FFFF, "(\(x), \(y)) width \(width)")
                }
            }
        }
        // A diagonal is symmetric about its line, and nothing is drawn outside `visible`.
        var target = [UInt32](repeating: 0xFFFF_FFFF, count: w * w)
        var scratch = CanvasScratch()
        target.withUnsafeMutableBytes { raw in
            let t = PixelTarget(base: raw.baseAddress!, width: w, height: w, pitch: w * 4)
            [Point(1, 1), Point(9, 9)].withUnsafeBufferPointer {
                CanvasKernels.polyline($0, width: 2, color: (0, 0, 0), alpha: 255, visible: PixelRect(x0: 0, y0: 0, x1: w, y1: 8),
                                       into: t, scratch: &scratch)
            }
        }
        for y in 0..<8 {
            for x in 0..<8 { XCTAssertEqual(target[y * w + x], target[x * w + y], "(\(x), \(y))") }
        }
        XCTAssertEqual(target[3 * w + 3], 0xFF00_0000)
        XCTAssertEqual(Array(target[(8 * w)...]), [UInt32](repeating: 0xFFFF_FFFF, count: 2 * w))
    }

    /// The close button's ×: polylines go onto the canvas (a mesh's blended triangles each
    /// cost SDL's software renderer a temporary surface), with their geometry's ink.
    func testPolylinesAreDrawnOnTheCanvasWithTheirGeometrysInk() throws {
        var l = DisplayList(background: .white)
        l.add(.fillRect(Self.window, radii: .zero, color: .white))
        l.add(.fillCircle(center: Point(50, 50), radius: 15, color: Color(white: 0.95)))
        l.add(.polyline([Point(44, 44), Point(56, 56)], color: Color(white: 0.2), lineWidth: 2.5))
        l.add(.polyline([Point(44, 56), Point(56, 44)], color: Color(white: 0.2), lineWidth: 2.5))
        l.withOpacity(0.5) { l in l.add(.polyline([Point(10, 90), Point(90, 80)], color: SystemColor.blue, lineWidth: 0.25)) }
        // A translucent line through a joint on a pixel centre (x = 100.5 px), clipped at y = 30 pt;
        // a bent one.
        var joined = DisplayList(background: .white)
        joined.clipped(to: Rect(x: 0, y: 0, width: 100, height: 30)) { l in
            l.add(.polyline([Point(10, 20), Point(50.25, 20), Point(90, 20)], color: Color(white: 0, alpha: 0.5), lineWidth: 3))
            l.add(.polyline([Point(10, 40), Point(90, 40)], color: .black, lineWidth: 3))
        }
        joined.add(.polyline([Point(10, 60), Point(50, 80), Point(90, 60)], color: Color(white: 0, alpha: 0.5), lineWidth: 3))
        let cpu = try draw([l, joined], canvas: true), sdl = try draw([l, joined], canvas: false)
        XCTAssertEqual(cpu.map { $0.1.canvasDraws }, [3, 3])
        XCTAssertEqual(sdl.map { $0.1.canvasDraws }, [0, 0])
        // The × on the canvas is symmetric about the circle's centre (device px 100, 100), as
        // drawn (SDL's mesh is not: its triangles fill pixels half a pixel off, up to 191 of
        // 255 apart from their mirror images), and holds the ink of its geometry: two 5 px wide
        // strokes 24·√2 px long crossing square (their overlap inked once), 242 − 51 a pixel.
        // (SDL's mesh holds 11 % more: its fringe and square-cut ends spill.)
        func channel(_ img: RGBAImage, _ x: Int, _ y: Int, _ c: Int) -> Int { Int(img.pixels[(y * img.width + x) * 4 + c]) }
        let image = cpu[0].0
        var worst = 0, ink = 0
        for y in 80..<120 {
            for x in 80..<120 {
                let g = channel(image, x, y, 1)
                worst = max(worst, abs(g - channel(image, 199 - x, y, 1)), abs(g - channel(image, y, x, 1)))
                ink += 242 - g
            }
        }
        XCTAssertLessThanOrEqual(worst, 2)
        let strokes = 2 * 5 * 24 * 2.0.squareRoot() - 5 * 5
        XCTAssertEqual(Double(ink), strokes * (242 - 51), accuracy: 0.03 * strokes * (242 - 51))
        // The faint line below (half a pixel wide at half opacity: drawn a pixel wide at a
        // quarter, as the mesh is): its length in red ink, 255 − the blue's red a quarter
        // blended a pixel, within 3 %.
        var faint = 0
        for y in 140..<200 { for x in 0..<200 { faint += 255 - channel(image, x, y, 0) } }
        let length = (160.0 * 160 + 20 * 20).squareRoot(), perPixel = 255 * 0.25 * (1 - SystemColor.blue.r)
        XCTAssertEqual(Double(faint), length * perPixel, accuracy: 0.03 * length * perPixel)

        // Through the joint the translucent line is inked once: its row is the same on either
        // side of it and at it. Nothing is drawn past the clip (the black line at y = 80 px).
        let lines = cpu[1].0
        let row = (30..<170).map { channel(lines, $0, 40, 1) }
        XCTAssertEqual(Set(row).count, 1, "\(Set(row))")
        XCTAssertEqual(row[0], 126)   // 255 · (256 − 129) / 256: alpha 128 widened to 129
        XCTAssertTrue((0..<200).allSatisfy { channel(lines, $0, 80, 1) == 255 })
        // The bent line: the ink of two 6 px wide strokes of √(40² + 20²) pt each (their joint
        // inked once; its outer wedge nearly filled by the square runs on), at half strength.
        var bent = 0
        for y in 100..<200 { for x in 0..<200 { bent += 255 - channel(lines, x, y, 1) } }
        let bentStrokes = 2 * 6 * 2 * (40.0 * 40 + 20 * 20).squareRoot()
        XCTAssertEqual(Double(bent), bentStrokes * 127.5, accuracy: 0.03 * bentStrokes * 127.5)
    }

    func testATintOfARegionMatchesTheWholeTintThere() {
        let w = 11, h = 7
        let source = (0..<(w * h)).map { UInt32(0xFF00_0000) | UInt32($0 &* 0x030507 & 0xFFFFFF) }
        let tint = LayerTint(opacity: 0.6, dim: 0.2, background: .white)
        var whole = [UInt32](repeating: 0, count: w * h), part = [UInt32](repeating: 0, count: w * h)
        source.withUnsafeBufferPointer { s in
            whole.withUnsafeMutableBytes { tint.apply(s, width: w, height: h, into: $0.baseAddress!, pitch: w * 4) }
            part.withUnsafeMutableBytes { tint.apply(s, width: w, height: h, into: $0.baseAddress!, pitch: w * 4, region: PixelRect(x0: 2, y0: 1, x1: 9, y1: 5)) }
        }
        for y in 0..<h {
            for x in 0..<w {
                let inside = x >= 2 && x < 9 && y >= 1 && y < 5
                XCTAssertEqual(part[y * w + x], inside ? whole[y * w + x] : 0, "(\(x), \(y))")
            }
        }
    }
}
