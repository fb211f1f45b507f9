// FrameRedrawnInPartTests: a frame whose commands changed in part is drawn only where it can
// differ (Renderer.redrawsInPart, a window's surface that keeps the last frame), and every
// pixel of it is what drawing it whole gives: seeded random sequences of a form's changes (a
// caret, a switch's knob with its shadow, text edits, a photo, a row's highlight).
import FlingCore
@testable import FlingSDL
import XCTest

final class FrameRedrawnInPartTests: XCTestCase {
    /// A small deterministic generator (SplitMix64), so a failing seed can be run again.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// The frame a form shows in state `s`: a grey page, a photo, a title, a field with text
    /// and a caret, a switch whose knob has a shadow, a highlighted row.
    static func frame(_ s: (knob: Double, caret: Bool, text: String, highlight: Bool, photoY: Double), fonts: TextMeasurer) -> DisplayList {
        var l = DisplayList(background: .white)
        l.fill(Rect(x: 0, y: 0, width: 200, height: 150), Color(white: 0.8))
        l.add(.image("restaurants/citrus.jpg", frame: Rect(x: 8, y: s.photoY, width: 60, height: 40), mode: .fill, radii: CornerRadii(8)))
        l.text(TextLayoutEngine.layout("Hello Ada", font: Font(size: 17, weight: .bold), measurer: fonts), at: Point(80, 12), .black)
        l.fill(Rect(x: 80, y: 40, width: 110, height: 30), radius: 6, .white)
        let field = TextLayoutEngine.layout(s.text, font: Font(size: 15), measurer: fonts)
        l.text(field, at: Point(86, 47), .black)
        if s.caret { l.fill(Rect(x: 86 + field.size.width + 1, y: 45, width: 2, height: 20), SystemColor.blue) }
        l.fill(Rect(x: 80, y: 80, width: 51, height: 31), radius: 15.5, Color(white: 0.9).mixed(with: SystemColor.green, s.knob))
        let thumb = Rect(x: 82 + 20 * s.knob, y: 82, width: 27, height: 27)
        l.add(.shadow(thumb, radii: CornerRadii(13.5), color: Color(white: 0, alpha: 0.25), radius: 3, offset: Point(0, 2)))
        l.add(.fillCircle(center: thumb.center, radius: 13.5, color: .white))
        if s.highlight { l.fill(Rect(x: 0, y: 120, width: 200, height: 24), SystemColor.gray5) }
        l.text(TextLayoutEngine.layout("Row", font: Font(size: 15), measurer: fonts), at: Point(10, 124), .black)
        return l
    }

    func testEveryFrameDrawnInPartIsThePixelsOfTheFrameDrawnWhole() throws { try MainActor.assumeIsolated {
        for seed in UInt64(1)...4 {
            var rng = Seeded(state: seed)
            var s = (knob: 0.0, caret: true, text: "Ada", highlight: false, photoY: 100.0)
            var lists: [DisplayList] = []
            try withHeadlessDisplay(size: Size(200, 150), scale: 2) { display in
                for _ in 0..<40 {
                    switch Int.random(in: 0..<6, using: &rng) {
                    case 0: s.caret.toggle()
                    case 1: s.knob = min(1, max(0, s.knob + Double.random(in: -0.3...0.3, using: &rng)))
                    case 2: s.text += String("abcxyz".randomElement(using: &rng)!)
                    case 3: s.highlight.toggle()
                    case 4: s.photoY = 100 + Double(Int.random(in: -3...3, using: &rng)) * 0.5
                    default: break   // the same frame again
                    }
                    lists.append(Self.frame(s, fonts: display.renderer.fonts))
                }
            }
            // Drawn in part, frame after frame, on a surface that keeps the last one.
            var partial: [RGBAImage] = [], inPart = 0
            try withHeadlessDisplay(size: Size(200, 150), scale: 2) { display in
                display.renderer.tracksFrameDamage = true
                display.renderer.redrawsInPart = true
                for l in lists {
                    display.draw(l)
                    inPart += display.renderer.stats.partialFrames
                    partial.append(try XCTUnwrap(display.readPixels()))
                }
            }
            // The same frames drawn whole, one after another.
            try withHeadlessDisplay(size: Size(200, 150), scale: 2) { display in
                for (i, l) in lists.enumerated() {
                    display.draw(l)
                    XCTAssertEqual(display.renderer.stats.partialFrames, 0)
                    XCTAssertEqual(maxChannelDifference(partial[i], try XCTUnwrap(display.readPixels())), 0, "seed \(seed), frame \(i)")
                }
            }
            XCTAssertGreaterThan(inPart, 20, "seed \(seed): most frames change in part")
        }
    } }
}
