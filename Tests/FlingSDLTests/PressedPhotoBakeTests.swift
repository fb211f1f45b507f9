// PressedPhotoBakeTests: a rounded photo pressed (scaled with its corners as at rest) and let
// go again keeps the one bake it has at rest, stretched while pressed (the pressed
// card was once baked at stepped radii beside it, each bake replacing the other, 9–15 ms twice an
// opening at 390×844 @2x).
import FlingCore
import FlingSDL
import XCTest

final class PressedPhotoBakeTests: XCTestCase {
    private static func card(_ l: inout DisplayList) {
        // 15 pt corners: 30 px at @2x, which the 4 px steps of a changing radius would make 32.
        l.add(.image("articles/mountain-trail.jpg", frame: Rect(x: 10, y: 10, width: 80, height: 60), mode: .fill,
                     radii: CornerRadii(topLeft: 15, topRight: 15, bottomRight: 0, bottomLeft: 0)))
    }

    func testAPressedPhotoIsStretchedFromItsRestingBakeAndNeverBakedAgain() throws { try MainActor.assumeIsolated {
        try withHeadlessDisplay(scale: 2) { display in
            var bakes: [Int] = []
            for k in [1, 0.99, 0.975, 0.96, 1, 0.97, 1] as [Double] {
                var l = DisplayList(background: .white)
                // Scaled about the card's centre, as a press is.
                l.transformed(Transform(scale: k, translation: Point(50 * (1 - k), 40 * (1 - k)))) { Self.card(&$0) }
                display.draw(l)
                bakes.append(display.renderer.stats.photoBakes)
            }
            XCTAssertEqual(bakes, [1, 0, 0, 0, 0, 0, 0])
        }
    } }

    func testAPhotoPulledWithChangingCornersStillBakesInSteps() throws { try MainActor.assumeIsolated {
        try withHeadlessDisplay(scale: 2) { display in
            var bakes = 0
            // A pull: the card shrinks and its corners round more each frame (0.25 pt a frame).
            for step in 0..<16 {
                let k = 1 - Double(step) * 0.005, radius = 10 + Double(step) * 0.25
                var l = DisplayList(background: .white)
                l.transformed(Transform(scale: k, translation: Point(50 * (1 - k), 40 * (1 - k)))) {
                    $0.add(.image("articles/mountain-trail.jpg", frame: Rect(x: 10, y: 10, width: 80, height: 60), mode: .fill,
                                  radii: CornerRadii(topLeft: radius * k, topRight: radius * k, bottomRight: 0, bottomLeft: 0)))
                }
                display.draw(l)
                bakes += display.renderer.stats.photoBakes
            }
            // 20 → 27.5 px of radius in 4 px steps: a few bakes, never one a frame.
            XCTAssertLessThanOrEqual(bakes, 5)
            XCTAssertGreaterThanOrEqual(bakes, 2)
        }
    } }
}
