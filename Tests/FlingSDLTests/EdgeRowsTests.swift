import CSDL2
import FlingCore
@testable import FlingSDL
import Foundation
import XCTest

/// Textures copied in bands (a layer's or a baked photo's opaque middle unblended, its rounded
/// edges blended) keep one blend mode each: the edge rows live in a texture of their own
/// (EdgeRows). Switching one texture between modes made SDL's software renderer relink it to
/// the frame, an allocation, twice in every frame a sheet was dragged.
final class EdgeRowsTests: XCTestCase {
    /// Six rows of three distinct pixels; rows 2 and 3 are the opaque middle.
    static let pixels: [UInt32] = (0..<18).map { 0x4000_0000 | UInt32($0 + 1) * 0x0001_0203 }

    /// The edge texture's pixels, read back through a render target.
    @MainActor
    static func read(_ edges: EdgeRows, sdl: OpaquePointer) -> [UInt32] {
        let h = Int32(edges.height - edges.opaque.count), w = Int32(edges.width)
        guard let target = SDL_CreateTexture(sdl, fling_SDL_PIXELFORMAT_ARGB8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue), w, h) else { return [] }
        defer { SDL_DestroyTexture(target) }
        let previous = SDL_GetRenderTarget(sdl)
        defer { SDL_SetRenderTarget(sdl, previous) }
        SDL_SetRenderTarget(sdl, target)
        SDL_RenderSetClipRect(sdl, nil)
        SDL_SetTextureBlendMode(edges.texture, SDL_BLENDMODE_NONE)
        defer { SDL_SetTextureBlendMode(edges.texture, SDL_BLENDMODE_BLEND) }
        SDL_RenderCopy(sdl, edges.texture, nil, nil)
        var out = [UInt32](repeating: 0, count: Int(w * h))
        _ = out.withUnsafeMutableBytes { SDL_RenderReadPixels(sdl, nil, fling_SDL_PIXELFORMAT_ARGB8888(), $0.baseAddress, w * 4) }
        return out
    }

    func testTheEdgeTextureHoldsTheRowsAboveThenBelowTheOpaqueOnes() throws {
        try MainActor.assumeIsolated {
            try withHeadlessDisplay(scale: 1) { display in
                let sdl = display.renderer.sdl
                let edges = try XCTUnwrap(Self.pixels.withUnsafeBufferPointer {
                    EdgeRows.make(argb: $0, width: 3, height: 6, opaque: 2..<4, reusing: nil, renderer: sdl)
                })
                defer { edges.destroy() }
                XCTAssertEqual([0, 1, 4, 5].map(edges.row), [0, 1, 2, 3])
                XCTAssertEqual(Self.read(edges, sdl: sdl), Array(Self.pixels[0..<6] + Self.pixels[12..<18]))
                var mode = SDL_BLENDMODE_NONE
                SDL_GetTextureBlendMode(edges.texture, &mode)
                XCTAssertEqual(mode, SDL_BLENDMODE_BLEND)

                // Redrawn with the same shape: the same texture, new pixels. Another shape: a
                // new texture (the caller destroys the old one).
                let changed = Self.pixels.map { $0 ^ 0x00FF_0000 }
                let same = try XCTUnwrap(changed.withUnsafeBufferPointer {
                    EdgeRows.make(argb: $0, width: 3, height: 6, opaque: 1..<3, reusing: edges, renderer: sdl)
                })
                XCTAssertEqual(same.texture, edges.texture)
                XCTAssertEqual([0, 3, 4, 5].map(same.row), [0, 1, 2, 3])
                XCTAssertEqual(Self.read(same, sdl: sdl), Array(changed[0..<3] + changed[9..<18]))
                let other = try XCTUnwrap(changed.withUnsafeBufferPointer {
                    EdgeRows.make(argb: $0, width: 3, height: 6, opaque: 1..<4, reusing: edges, renderer: sdl)
                })
                defer { other.destroy() }
                XCTAssertNotEqual(other.texture, edges.texture)
                XCTAssertEqual(Self.read(other, sdl: sdl), Array(changed[0..<3] + changed[12..<18]))

                // Nothing opaque, everything opaque, or rows outside the image: no edge texture.
                Self.pixels.withUnsafeBufferPointer { p in
                    for opaque in [0..<0, 0..<6, 4..<7] {
                        XCTAssertNil(EdgeRows.make(argb: p, width: 3, height: 6, opaque: opaque, reusing: nil, renderer: sdl), "\(opaque)")
                    }
                    XCTAssertNil(EdgeRows.make(argb: p, width: 3, height: 7, opaque: 2..<4, reusing: nil, renderer: sdl), "too few pixels")
                }
            }
        }
    }

    func testAStraightAlphaBitmapsEdgeRowsAreItsPixelsInARGB() throws {
        try MainActor.assumeIsolated {
            try withHeadlessDisplay(scale: 1) { display in
                let sdl = display.renderer.sdl
                // RGBA bytes 10·i, 10·i + 1, 10·i + 2, 255 − i for pixel i.
                var bytes: [UInt8] = []
                for i in 0..<8 { bytes += [UInt8(10 * i), UInt8(10 * i + 1), UInt8(10 * i + 2), UInt8(255 - i)] }
                let image = RGBAImage(width: 2, height: 4, pixels: bytes)
                let edges = try XCTUnwrap(EdgeRows.make(image, opaque: 1..<3, renderer: sdl))
                defer { edges.destroy() }
                func argb(_ i: Int) -> UInt32 {
                    let a = UInt32(255 - i) << 24, r = UInt32(10 * i) << 16
                    return a | r | UInt32(10 * i + 1) << 8 | UInt32(10 * i + 2)
                }
                XCTAssertEqual(Self.read(edges, sdl: sdl), [0, 1, 6, 7].map(argb))
            }
        }
    }

    /// A card rounded at all four corners in a transparent layer over a colour, and a photo
    /// rounded at all four: composited and baked, each keeps its own texture unblended and its
    /// edges blended, frame after frame, with the pixels of the same drawn directly.
    func testARoundedLayerAndABakedPhotoKeepOneBlendModePerTexture() throws {
        func card(_ l: inout DisplayList) {
            l.add(.fillRect(Rect(x: 0, y: 0, width: 80, height: 60), radii: CornerRadii(12), color: .white))
            l.add(.fillRect(Rect(x: 30, y: 4, width: 20, height: 3), radii: CornerRadii(2), color: SystemColor.gray5))
        }
        // The reference draws the photo at 254/255: one blended copy of its whole bake, no
        // edge rows (a misplaced edge row would differ by far more than the 1/255).
        func scene(_ l: inout DisplayList, layered: Bool) {
            l.add(.fillRect(Rect(x: 0, y: 0, width: 100, height: 100), radii: .zero, color: SystemColor.blue))
            l.transformed(.translate(10, 5)) { l in
                if layered {
                    l.layer(LayerSpec(id: "card", bounds: Rect(x: 0, y: 0, width: 80, height: 60), background: Color(white: 1, alpha: 0)), card)
                } else {
                    card(&l)
                }
            }
            l.withOpacity(layered ? 1 : 254.0 / 255) { l in
                l.add(.image("avatar.png", frame: Rect(x: 20, y: 70, width: 60, height: 25), mode: .fill, radii: CornerRadii(8)))
            }
        }
        var direct = DisplayList(background: .white), layered = DisplayList(background: .white)
        scene(&direct, layered: false)
        scene(&layered, layered: true)
        let (d, l) = (direct, layered)
        // Through SDL (no CPU compositing): the layer's texture and its edge rows. Onto the
        // frame's own pixels: blended from its CPU copy, with no SDL texture at all.
        for cpu in [false, true] {
        try MainActor.assumeIsolated {
            try withHeadlessDisplay(scale: 2) { display in
                display.renderer.cpuCompositing = cpu
                display.draw(d)
                let reference = try XCTUnwrap(display.readPixels())
                for frame in 0..<5 {
                    display.draw(l)
                    let image = try XCTUnwrap(display.readPixels())
                    // As LayerTests: corner pixels blended twice through the layer differ by ±3.
                    var worst = 0
                    for i in 0..<image.pixels.count { worst = max(worst, abs(Int(image.pixels[i]) - Int(reference.pixels[i]))) }
                    XCTAssertLessThanOrEqual(worst, 3, "frame \(frame)")
                    let photos = display.renderer.bakedPhotoBlendModes
                    XCTAssertEqual(photos.count, 1)
                    for p in photos {
                        XCTAssertEqual(p.texture, SDL_BLENDMODE_NONE, "frame \(frame)")
                        XCTAssertEqual(p.edges, SDL_BLENDMODE_BLEND, "frame \(frame)")
                    }
                    guard frame >= 2 else { continue }
                    // Rasterised in the third frame, composited from then on.
                    XCTAssertEqual(display.renderer.stats.layersComposited, 1, "frame \(frame)")
                    if cpu {
                        XCTAssertEqual(display.renderer.layerTextureCount, 0, "frame \(frame)")
                        continue
                    }
                    let modes = try XCTUnwrap(display.renderer.blendModes(ofLayer: "card"))
                    XCTAssertEqual(modes.texture, SDL_BLENDMODE_NONE, "frame \(frame)")
                    XCTAssertEqual(modes.edges, SDL_BLENDMODE_BLEND, "frame \(frame)")
                }
            }
        }
        }
    }
}
