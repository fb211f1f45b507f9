// SoleLayerPixelsTests: the backdrop that is the Today list alone, left out (DisplayList.layer),
// shows the same pixels as the two layers did, faded and dimmed for a pull, and holds one copy.
import FlingCore
import FlingSDL
import Foundation
import XCTest

final class SoleLayerPixelsTests: XCTestCase {
    private static let window = Rect(x: 0, y: 0, width: 100, height: 100)
    private static let backdrop = LayerSpec(id: "backdrop", bounds: window, background: .white)
    private static let list = LayerSpec(id: "list", bounds: window, background: .white)

    /// A pull's frame: the backdrop faded to `opacity`, then the pull's dim.
    private static func frame(nested: Bool, opacity: Double) -> DisplayList {
        var l = DisplayList(background: .white)
        l.withOpacity(opacity) { l in
            if nested {
                // Two layers, as the list was before: written out, so nothing leaves one out.
                l.add(.beginLayer(backdrop)); l.add(.pushClip(window))
                l.layer(list) { LayerTests.content(&$0) }
                l.add(.popClip); l.add(.endLayer)
            } else {
                l.layer(backdrop) { l in l.clipped(to: window) { l in l.layer(list) { LayerTests.content(&$0) } } }
            }
        }
        l.add(.dim(window, amount: 0.25))
        return l
    }

    private func draw(nested: Bool) throws -> (images: [RGBAImage], stats: [RenderStats], layerBytes: Int) {
        try MainActor.assumeIsolated {
            try withHeadlessDisplay(scale: 2) { display in
                var images: [RGBAImage] = [], stats: [RenderStats] = []
                for opacity in [1, 1, 1, 1, 0.8, 0.6] {
                    display.draw(Self.frame(nested: nested, opacity: opacity))
                    guard let img = display.readPixels() else { throw NSError(domain: "t", code: 1) }
                    images.append(img); stats.append(display.renderer.stats)
                }
                let bytes = display.renderer.memoryReport.first { $0.cache == "layer CPU copies" }?.bytes ?? -1
                return (images, stats, bytes)
            }
        }
    }

    func testTheListAloneShowsTheSamePixelsAsTheBackdropHoldingIt() throws {
        let nested = try draw(nested: true), sole = try draw(nested: false)
        for (i, (a, b)) in zip(nested.images, sole.images).enumerated() {
            XCTAssertEqual(maxChannelDifference(a, b, alpha: true), 0, "frame \(i)")
        }
        // The faded frames composite one layer and fold the dim into its copy, as before.
        XCTAssertEqual(sole.stats.last?.layersComposited, 1)
        XCTAssertEqual(sole.stats.last?.drawCalls, 0)
        // One copy of the pixels, not two (200 × 200 px).
        XCTAssertEqual(nested.layerBytes, 2 * 200 * 200 * 4)
        XCTAssertEqual(sole.layerBytes, 200 * 200 * 4)
    }
}
