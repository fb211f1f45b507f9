import CSDL2
import FlingCore
@testable import FlingSDL
import XCTest

/// `CanvasKernels.opaqueText` against SDL's own blit of the same text texture (ARGB8888, the
/// colour at each pixel's coverage, blended onto an ARGB8888 surface): the same bytes for every
/// coverage over any destination, alpha included, clipped anywhere; and the coverage the
/// renderer takes from SDL_ttf's surface only when the kernel can draw it.
final class OpaqueTextKernelTests: XCTestCase {
    /// SDL's software blit of `coverage` (`w × h`) in `color` onto a copy of `dest`
    /// (`dw × dh`) at (x0, y0), clipped to `clip`.
    func sdlBlit(coverage: [UInt8], w: Int, h: Int, color: (r: UInt8, g: UInt8, b: UInt8), onto dest: [UInt32], dw: Int, dh: Int,
                 x0: Int, y0: Int, clip: PixelRect) throws -> [UInt32] {
        var src = coverage.map { UInt32($0) << 24 | UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b) }
        var out = dest
        try src.withUnsafeMutableBytes { s in
            try out.withUnsafeMutableBytes { d in
                let format = fling_SDL_PIXELFORMAT_ARGB8888()
                let source = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormatFrom(s.baseAddress, Int32(w), Int32(h), 32, Int32(w * 4), format))
                defer { SDL_FreeSurface(source) }
                let target = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormatFrom(d.baseAddress, Int32(dw), Int32(dh), 32, Int32(dw * 4), format))
                defer { SDL_FreeSurface(target) }
                SDL_SetSurfaceBlendMode(source, SDL_BLENDMODE_BLEND)
                var c = SDL_Rect(x: Int32(clip.x0), y: Int32(clip.y0), w: Int32(clip.x1 - clip.x0), h: Int32(clip.y1 - clip.y0))
                SDL_SetClipRect(target, &c)
                var r = SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32(w), h: Int32(h))
                XCTAssertEqual(SDL_UpperBlit(source, nil, target, &r), 0)
            }
        }
        return out
    }

    func kernel(coverage: [UInt8], w: Int, h: Int, color: (r: UInt8, g: UInt8, b: UInt8), onto dest: [UInt32], dw: Int, dh: Int,
                x0: Int, y0: Int, clip: PixelRect) -> [UInt32] {
        var out = dest
        out.withUnsafeMutableBytes { d in
            let t = PixelTarget(base: d.baseAddress!, width: dw, height: dh, pitch: dw * 4)
            coverage.withUnsafeBufferPointer { mask in
                CanvasKernels.opaqueText(mask: mask, width: w, height: h, x0: x0, y0: y0, color: color, visible: clip, into: t)
            }
        }
        return out
    }

    func testEveryCoverageOverEveryKindOfPixelIsSDLsBlend() throws {
        try XCTSkipUnless(OpaqueTextCheck.matchesSDL, "the SDL in use blends opaque text otherwise; it stays with SDL")
        // 256 coverages × 7 columns (odd, so each row has a scalar tail), over pixels with
        // random colours and alphas, in three colours.
        var random = SplitMix64(seed: 12)
        let w = 7, h = 256, dw = 9, dh = 260
        let coverage = (0..<(w * h)).map { UInt8(($0 / w + $0 % w * 37) % 256) }
        for color in [(UInt8(0), UInt8(0), UInt8(0)), (255, 255, 255), (59, 130, 246)] {
            let dest = (0..<(dw * dh)).map { _ in UInt32(truncatingIfNeeded: random.next()) }
            let all = PixelRect(x0: 0, y0: 0, x1: dw, y1: dh)
            let expected = try sdlBlit(coverage: coverage, w: w, h: h, color: color, onto: dest, dw: dw, dh: dh, x0: 1, y0: 2, clip: all)
            XCTAssertNotEqual(expected, dest)
            XCTAssertEqual(kernel(coverage: coverage, w: w, h: h, color: color, onto: dest, dw: dw, dh: dh, x0: 1, y0: 2, clip: all), expected,
                           "colour \(color)")
        }
    }

    func testClippedOrPartlyOutsideTheTargetIsSDLsBlit() throws {
        try XCTSkipUnless(OpaqueTextCheck.matchesSDL, "the SDL in use blends opaque text otherwise; it stays with SDL")
        // A text-like mask (mostly empty, some ink, some solid) at random places, some off the
        // target's edges, under random clips.
        var random = SplitMix64(seed: 7)
        let w = 37, h = 11, dw = 40, dh = 30
        for trial in 0..<40 {
            let coverage = (0..<(w * h)).map { _ -> UInt8 in
                let r = random.next() % 10
                return r < 5 ? 0 : r < 7 ? 255 : UInt8(truncatingIfNeeded: random.next())
            }
            let dest = (0..<(dw * dh)).map { _ in UInt32(truncatingIfNeeded: random.next()) | 0xFF00_0000 }
            let x0 = Int(random.next() % 60) - 20, y0 = Int(random.next() % 40) - 10
            let cx = Int(random.next() % 30), cy = Int(random.next() % 25)
            let clip = PixelRect(x0: cx, y0: cy, x1: min(dw, cx + 1 + Int(random.next() % 40)), y1: min(dh, cy + 1 + Int(random.next() % 30)))
            let expected = try sdlBlit(coverage: coverage, w: w, h: h, color: (30, 30, 32), onto: dest, dw: dw, dh: dh, x0: x0, y0: y0, clip: clip)
            XCTAssertEqual(kernel(coverage: coverage, w: w, h: h, color: (30, 30, 32), onto: dest, dw: dw, dh: dh, x0: x0, y0: y0, clip: clip),
                           expected, "trial \(trial): at (\(x0), \(y0)) clip \(clip)")
        }
    }

    func testTheCheckAsksSDLAndFailsAKernelThatRoundsOtherwise() {
        #if arch(x86_64)
        XCTAssertTrue(OpaqueTextCheck.matchesSDL, "SDL no longer blends text as 2.26's MMX blitter does: opaque text stays with SDL")
        #endif
        // The faded-text kernel at full strength rounds as (d·(256 − a′) + c·a′) >> 8.
        XCTAssertFalse(OpaqueTextCheck.matches { mask, w, h, target in
            var scratch = CanvasScratch()
            CanvasKernels.text(mask: mask, width: w, height: h, x0: 0, y0: 0, color: OpaqueTextCheck.color, strength: 255,
                               visible: target.bounds, into: target, scratch: &scratch)
        })
        XCTAssertFalse(OpaqueTextCheck.matches { _, _, _, _ in })
    }

    /// A text surface as SDL_ttf renders one blended: the run's colour everywhere, its
    /// coverage in the alpha byte.
    func surface(_ pixels: [UInt32], w: Int32, format: UInt32 = fling_SDL_PIXELFORMAT_ARGB8888()) throws -> UnsafeMutablePointer<SDL_Surface> {
        let s = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, w, Int32(pixels.count) / w, 32, format))
        pixels.withUnsafeBytes { src in
            for y in 0..<Int(s.pointee.h) {
                (s.pointee.pixels + y * Int(s.pointee.pitch)).copyMemory(from: src.baseAddress! + y * Int(w) * 4, byteCount: Int(w) * 4)
            }
        }
        return s
    }

    func testACoverageIsTakenOnlyFromAnOpaqueColoursOwnPixels() throws {
        let ink = SDL_Color(r: 0x12, g: 0x34, b: 0x56, a: 255)
        // SDL_ttf fills the run with the colour at alpha 0 and inks glyphs in it.
        let plain = try surface([0x0012_3456, 0x8012_3456, 0xFF12_3456, 0x0112_3456, 0x0012_3456, 0x7F12_3456], w: 3)
        defer { SDL_FreeSurface(plain) }
        XCTAssertEqual(TextPainter.coverage(of: plain, color: ink), [0, 0x80, 0xFF, 0x01, 0, 0x7F])
        // A pixel inked in another colour (a colour emoji): the run stays with SDL.
        let coloured = try surface([0x0012_3456, 0x80FF_0000, 0xFF12_3456, 0x0012_3456], w: 2)
        defer { SDL_FreeSurface(coloured) }
        XCTAssertEqual(TextPainter.coverage(of: coloured, color: ink), [])
        // A translucent colour, or a surface in another format: SDL's too.
        XCTAssertEqual(TextPainter.coverage(of: plain, color: SDL_Color(r: 0x12, g: 0x34, b: 0x56, a: 200)), [])
        let abgr = try surface([0xFF56_3412], w: 1, format: fling_SDL_PIXELFORMAT_RGBA32())
        defer { SDL_FreeSurface(abgr) }
        XCTAssertEqual(TextPainter.coverage(of: abgr, color: ink), [])
    }
}
