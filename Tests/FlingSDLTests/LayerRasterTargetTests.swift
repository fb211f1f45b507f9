// LayerRasterTargetTests: what rasterising a layer costs where the frame is a plain surface,
// and that the shortcuts draw what the long way drew: one target shared by every outermost
// rasterisation through an animation, a gone layer's pixels reused by the next new one, a
// large photo inside a layer resampled by the canvas's kernel, and a scaled layer cross-fading
// on the canvas.
import FlingCore
import Foundation
@testable import FlingSDL
import XCTest

final class LayerRasterTargetTests: XCTestCase {
    /// A 400×400 pt window at 2 px a pt: a photo 400×320 pt is 512,000 px, past the size from
    /// which still photos go onto the frame's own pixels.
    static let window = Rect(x: 0, y: 0, width: 400, height: 400)
    static let photoFrame = Rect(x: 0, y: 40, width: 400, height: 320)

    @MainActor
    private static func bytes(_ r: Renderer, _ cache: String) -> Int {
        r.memoryReport.filter { $0.cache == cache }.reduce(0) { $0 + $1.bytes }
    }

    /// What a layer holds: stripes, the photo (optionally clipped) and a mark that moves.
    private static func content(mark: Double, clip: Rect? = nil, photo: Bool = true) -> (inout DisplayList) -> Void {
        { l in
            for i in 0..<8 { l.add(.fillRect(Rect(x: 0, y: Double(i) * 50, width: 400, height: 20), radii: .zero, color: SystemColor.blue)) }
            if !photo {
            } else if let c = clip {
                l.clipped(to: c) { l in l.add(.image("articles/boats-sunset.jpg", frame: photoFrame, mode: .fill, radii: .zero)) }
            } else {
                l.add(.image("articles/boats-sunset.jpg", frame: photoFrame, mode: .fill, radii: .zero))
            }
            l.add(.fillRect(Rect(x: mark, y: 100, width: 30, height: 30), radii: .zero, color: SystemColor.red))
        }
    }

    private static func layered(mark: Double, clip: Rect? = nil, id: String = "list", photo: Bool = true) -> DisplayList {
        var l = DisplayList(background: .white)
        l.layer(LayerSpec(id: id, bounds: window, background: .white), content(mark: mark, clip: clip, photo: photo))
        return l
    }

    private static func direct(mark: Double, clip: Rect? = nil) -> DisplayList {
        var l = DisplayList(background: .white)
        content(mark: mark, clip: clip)(&l)
        return l
    }

    /// Draws each list in order on one display (`consecutive`: as frames of one animation, so
    /// the shared target and what it holds carry from one to the next); each frame's pixels and
    /// figures.
    @MainActor
    private static func draw(_ lists: [DisplayList], canvas: Bool = true, consecutive: Bool = false) throws -> [(RGBAImage, RenderStats)] {
        try withHeadlessDisplay(size: Size(400, 400), scale: 2) { display in
            display.renderer.cpuCompositing = canvas
            return try lists.map { list in
                display.draw(list, consecutive: consecutive)
                return (try XCTUnwrap(display.readPixels()), display.renderer.stats)
            }
        }
    }

    func testALargePhotoInsideALayerIsDrawnAsTheSamePhotoOnTheFrame() throws {
        try MainActor.assumeIsolated {
            for clip in [nil, Rect(x: 33.25, y: 70.5, width: 250, height: 200)] {
                // The photo held still on the frame: resampled onto the frame's own pixels.
                let expected = try Self.draw([Self.direct(mark: 10, clip: clip)])[0].0
                // The same in a layer: drawn directly twice, rasterised at the third frame.
                let f = try Self.draw(Array(repeating: Self.layered(mark: 10, clip: clip), count: 4))
                XCTAssertEqual(f[2].1.layersRasterized, 1)
                XCTAssertEqual(f[3].1.layersComposited, 1)
                // Into the layer's target by the kernel: no SDL copy for it (the rasterisation
                // makes as many as the same layer without the photo).
                let bare = try Self.draw(Array(repeating: Self.layered(mark: 10, clip: clip, photo: false), count: 3))
                XCTAssertEqual(f[2].1.drawCalls, bare[2].1.drawCalls, "clip \(String(describing: clip))")
                for i in [2, 3] { XCTAssertEqual(f[i].0.pixels, expected.pixels, "frame \(i), clip \(String(describing: clip))") }
            }
        }
    }

    func testALayerRedrawnInPartAroundItsPhotoKeepsEveryPixelAWholeDraws() throws {
        try MainActor.assumeIsolated {
            // The mark moves over the photo: the layer is drawn again only around it, the photo
            // there written by the kernel into the shared target (which holds the whole layer
            // from before, or, after a pause, nothing) and read back with the rest.
            for consecutive in [false, true] {
                var lists = Array(repeating: Self.layered(mark: 10), count: 3)
                lists += [Self.layered(mark: 60), Self.layered(mark: 60), Self.layered(mark: 60)]
                let f = try Self.draw(lists, consecutive: consecutive)
                XCTAssertGreaterThanOrEqual(f[5].1.partialRasterizations + f[4].1.partialRasterizations + f[3].1.partialRasterizations, 1)
                let expected = try Self.draw([Self.direct(mark: 60)])[0].0
                XCTAssertEqual(f[5].0.pixels, expected.pixels, "consecutive \(consecutive)")
            }
        }
    }

    func testASmallerClearLayerInTheTargetALargerOneLeftIsOnlyItself() throws {
        try MainActor.assumeIsolated {
            // Frames of one animation: a window-sized layer is rasterised into the shared
            // target, then a smaller layer with a clear background and a blurred backdrop at its
            // edge (a bar) is made in what the first left there. Nothing of the first may show
            // in the second, nor may its blur read past its edge.
            func bar(_ l: inout DisplayList) {
                l.add(.fillRect(Rect(x: 0, y: 0, width: 400, height: 90), radii: CornerRadii(12), color: Color(white: 1, alpha: 0.6)))
                l.add(.backdropBlur(Rect(x: 0, y: 40, width: 400, height: 90), sigma: 8))   // (past its edge)
                l.add(.fillRect(Rect(x: 20, y: 20, width: 60, height: 30), radii: .zero, color: SystemColor.green))
            }
            func frame(big: Bool) -> DisplayList {
                var l = DisplayList(background: .white)
                for i in 0..<8 { l.add(.fillRect(Rect(x: 0, y: Double(i) * 50, width: 400, height: 25), radii: .zero, color: SystemColor.blue)) }
                if big {
                    l.layer(LayerSpec(id: "big", bounds: Self.window, background: .white), Self.content(mark: 300))
                } else {
                    l.transformed(.translate(0, 200)) { l in
                        l.layer(LayerSpec(id: "bar", bounds: Rect(x: 0, y: 0, width: 400, height: 90), background: .clear), bar)
                    }
                }
                return l
            }
            let f = try Self.draw(Array(repeating: frame(big: true), count: 4) + Array(repeating: frame(big: false), count: 4), consecutive: true)
            XCTAssertEqual(f[6].1.layersRasterized, 1, "the bar is rasterised after the big layer")
            // The same bar after a pause (a new, cleared target) and drawn directly.
            let alone = try Self.draw(Array(repeating: frame(big: false), count: 4))
            XCTAssertEqual(alone[2].1.layersRasterized, 1)
            XCTAssertEqual(f[7].0.pixels, alone[3].0.pixels)
            XCTAssertEqual(f[6].0.pixels, alone[2].0.pixels)
        }
    }

    func testOutermostLayersShareOneTargetThroughAnAnimationAndAGoneLayersPixelsAreReused() throws {
        try MainActor.assumeIsolated {
            try withHeadlessDisplay(size: Size(400, 400), scale: 2) { display in
                let frameBytes = 800 * 800 * 4
                // Frames of one animation: the target is held after the rasterisation.
                for _ in 0..<4 { display.draw(Self.layered(mark: 10, id: "a"), consecutive: true) }
                XCTAssertEqual(Self.bytes(display.renderer, "layer textures"), frameBytes)
                XCTAssertEqual(Self.bytes(display.renderer, "layer CPU copies"), frameBytes)
                // The first frame after a pause gives it back.
                display.draw(Self.layered(mark: 10, id: "a"))
                XCTAssertEqual(Self.bytes(display.renderer, "layer textures"), 0)
                // Another screen instead: "a" goes 30 frames later and its pixels are kept.
                for _ in 0..<32 { display.draw(Self.direct(mark: 10), consecutive: true) }
                // (A kept buffer counts its whole allocation, a few bytes past the pixels.)
                XCTAssertEqual(Self.bytes(display.renderer, "layer CPU copies"), frameBytes, accuracy: 4096, "a's pixels, kept for the next layer")
                // A new layer takes them: still one frame's pixels, and its pixels are its own
                // (nothing of "a" left in them).
                for _ in 0..<4 { display.draw(Self.layered(mark: 200, id: "b"), consecutive: true) }
                XCTAssertEqual(Self.bytes(display.renderer, "layer CPU copies"), frameBytes)
                XCTAssertEqual(Self.bytes(display.renderer, "layer textures"), frameBytes)
                XCTAssertEqual(display.renderer.stats.layersComposited, 1)
                let b = try XCTUnwrap(display.readPixels())
                XCTAssertEqual(b.pixels, try Self.draw([Self.direct(mark: 200)])[0].0.pixels)
                // Idle: the target goes, and a spare kept since.
                display.renderer.trimForIdle()
                XCTAssertEqual(Self.bytes(display.renderer, "layer textures"), 0)
                for _ in 0..<32 { display.draw(Self.direct(mark: 10), consecutive: true) }
                XCTAssertEqual(Self.bytes(display.renderer, "layer CPU copies"), frameBytes, accuracy: 4096, "b's pixels, kept")
                // Within the layers' budget of two windows, the spare included: it makes the
                // first new layer; for the third, one undrawn goes.
                for id in ["c", "d", "e"] {
                    for _ in 0..<4 { display.draw(Self.layered(mark: 120, id: id), consecutive: true) }
                    XCTAssertLessThanOrEqual(Self.bytes(display.renderer, "layer CPU copies"), 2 * frameBytes, id)
                }
                XCTAssertEqual(Self.bytes(display.renderer, "layer CPU copies"), 2 * frameBytes)
                display.renderer.trimForIdle()
                XCTAssertEqual(Self.bytes(display.renderer, "layer CPU copies"), frameBytes, "e, drawn last, stays")
            }
        }
    }

    func testTheOutermostLayerTakesTheSpareAndALayerInsideItMakesItsOwn() throws {
        try MainActor.assumeIsolated {
            try withHeadlessDisplay(size: Size(400, 400), scale: 2) { display in
                let frameBytes = 800 * 800 * 4, barBytes = 800 * 180 * 4
                for _ in 0..<4 { display.draw(Self.layered(mark: 10, id: "a"), consecutive: true) }
                for _ in 0..<32 { display.draw(Self.direct(mark: 10), consecutive: true) }
                XCTAssertEqual(Self.bytes(display.renderer, "layer CPU copies"), frameBytes, accuracy: 4096, "a's pixels, kept")
                // A new window-sized layer with a new bar inside it: the outer one takes the
                // spare, the bar gets pixels of its own, and nothing else is held.
                var outer = DisplayList(background: .white)
                outer.layer(LayerSpec(id: "outer", bounds: Self.window, background: .white)) { l in
                    Self.content(mark: 200)(&l)
                    l.layer(LayerSpec(id: "bar", bounds: Rect(x: 0, y: 0, width: 400, height: 90), background: .white)) { l in
                        l.add(.fillRect(Rect(x: 20, y: 20, width: 60, height: 30), radii: .zero, color: SystemColor.green))
                    }
                }
                var reused = 0
                for _ in 0..<5 {
                    display.draw(outer, consecutive: true)
                    reused += display.renderer.stats.layerPixelsReused
                }
                XCTAssertEqual(reused, 1, "the outer layer read back into a's pixels")
                XCTAssertEqual(Self.bytes(display.renderer, "layer CPU copies"), frameBytes + barBytes, accuracy: 4096)
                XCTAssertEqual(display.renderer.stats.layersComposited, 1)
            }
        }
    }

    /// A scaled, rounded layer (a zooming card) over stripes at `opacity`.
    private static func zooming(opacity: Double) -> DisplayList {
        var l = DisplayList(background: .white)
        for i in 0..<8 { l.add(.fillRect(Rect(x: 0, y: Double(i) * 50, width: 400, height: 25), radii: .zero, color: SystemColor.green)) }
        l.withOpacity(opacity) { l in
            l.transformed(.scale(0.6, about: Point(200, 200))) { l in
                l.layer(LayerSpec(id: "card", bounds: window, background: .white, cornerRadius: 20, scalable: true)) { l in
                    l.add(.fillRect(Rect(x: 20, y: 20, width: 200, height: 120), radii: .zero, color: SystemColor.red))
                    l.add(.verticalGradient(Rect(x: 100, y: 200, width: 250, height: 150), top: SystemColor.blue, bottom: SystemColor.yellow))
                }
            }
        }
        return l
    }

    func testAScaledLayerCrossFadingIsMixedOnTheCanvasAsSDLBlendsIt() throws {
        try MainActor.assumeIsolated {
            for opacity in [0.3, 0.75] {
                let frames = Array(repeating: Self.zooming(opacity: opacity), count: 4)
                let cpu = try Self.draw(frames, canvas: true), sdl = try Self.draw(frames, canvas: false)
                // Composited by the canvas: no SDL copy (as many as the opaque frame's).
                XCTAssertEqual(cpu[3].1.layersComposited, 1)
                let opaqueFrames = try Self.draw(Array(repeating: Self.zooming(opacity: 1), count: 4), canvas: true)
                XCTAssertEqual(cpu[3].1.drawCalls, opaqueFrames[3].1.drawCalls, "opacity \(opacity)")
                XCTAssertGreaterThan(sdl[3].1.drawCalls, cpu[3].1.drawCalls)
                if ProcessInfo.processInfo.environment["CANVAS_DEBUG"] != nil {
                    try? PNGFile.write(cpu[3].0, to: "/tmp/fade-cpu-\(opacity).png"); try? PNGFile.write(sdl[3].0, to: "/tmp/fade-sdl-\(opacity).png")
                }
                // The two resamplers and their rounding, nothing more (a missing fade is ~100).
                XCTAssertLessThanOrEqual(Self.nearDifference(cpu[3].0, sdl[3].0), 12, "opacity \(opacity)")
                let opaque = try Self.draw(Array(repeating: Self.zooming(opacity: 1), count: 4), canvas: true)[3].0
                var fadeShows = 0
                for (a, b) in zip(cpu[3].0.pixels, opaque.pixels) { fadeShows = max(fadeShows, abs(Int(a) - Int(b))) }
                XCTAssertGreaterThan(fadeShows, 40)
            }
        }
    }

    /// The largest difference of a channel of `a` from the range of `b`'s around the same
    /// pixel (3×3): two resamplers a fraction of a pixel apart differ on edges, not beyond.
    private static func nearDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                for c in 0..<3 {
                    var lo = 255, hi = 0
                    for ny in max(0, y - 1)...min(b.height - 1, y + 1) {
                        for nx in max(0, x - 1)...min(b.width - 1, x + 1) {
                            let v = Int(b.pixels[(ny * b.width + nx) * 4 + c]); lo = min(lo, v); hi = max(hi, v)
                        }
                    }
                    let v = Int(a.pixels[(y * a.width + x) * 4 + c])
                    worst = max(worst, v < lo ? lo - v : v > hi ? v - hi : 0)
                }
            }
        }
        return worst
    }

    func testAFadedScaledCopyIsTheOpaqueCopyMixedOverTheTarget() {
        let sw = 37, sh = 23, w = 50, h = 30
        let source = (0..<(sw * sh)).map { UInt32(0xFF00_0000) | UInt32(($0 &* 2_654_435_761) >> 8 & 0xFFFFFF) }
        let base = (0..<(w * h)).map { UInt32(0xFF00_0000) | UInt32(($0 &* 40_503) & 0xFFFFFF) }
        func copy(fade: UInt32) -> [UInt32] {
            var target = base
            var scratch = CanvasScratch()
            target.withUnsafeMutableBytes { raw in
                let t = PixelTarget(base: raw.baseAddress!, width: w, height: h, pitch: w * 4)
                source.withUnsafeBufferPointer { s in
                    CanvasKernels.scaledCopy(source: s, width: sw, height: sh, fade: fade, dest: PixelRect(x0: 3, y0: 2, x1: 47, y1: 29),
                                             radii: (6, 6, 4, 4), quarter: { CornerCoverage.quarter(radius: Double($0)).alpha },
                                             visible: t.bounds, into: t, scratch: &scratch)
                }
            }
            return target
        }
        let whole = copy(fade: 256)
        XCTAssertEqual(copy(fade: 0), base)
        XCTAssertNotEqual(whole, base)
        let q6 = CornerCoverage.quarter(radius: 6).alpha, q4 = CornerCoverage.quarter(radius: 4).alpha
        /// The corners' coverage of (x, y), 255 outside them (dest 3…47 × 2…29, radii 6 above, 4 below).
        func coverage(_ x: Int, _ y: Int) -> UInt8 {
            let top = y - 2, bottom = 28 - y, left = x - 3, right = 46 - x
            if top < 6 && left < 6 { return q6[top * 6 + left] }
            if top < 6 && right < 6 { return q6[top * 6 + right] }
            if bottom < 4 && left < 4 { return q4[bottom * 4 + left] }
            if bottom < 4 && right < 4 { return q4[bottom * 4 + right] }
            return 255
        }
        for fade: UInt32 in [1, 77, 128, 255] {
            let faded = copy(fade: fade)
            var partial = 0
            for y in 2..<29 {
                for x in 3..<47 {
                    let i = y * w + x, c = coverage(x, y)
                    if c == 255 {
                        // Between the corners and inside them: the copy mixed over the target by
                        // fade / 256 exactly.
                        XCTAssertEqual(faded[i], CanvasKernels.lerp(base[i], whole[i], fade), "(\(x), \(y)) fade \(fade)")
                    } else if c == 0 {
                        XCTAssertEqual(faded[i], base[i], "(\(x), \(y)) fade \(fade)")
                    } else if fade >= 128 {
                        // Their edge: something of the copy, less than where it is whole.
                        XCTAssertNotEqual(faded[i], base[i], "(\(x), \(y)) fade \(fade)")
                        partial += 1
                    }
                }
            }
            if fade >= 128 { XCTAssertGreaterThan(partial, 8) }
        }
    }
}
