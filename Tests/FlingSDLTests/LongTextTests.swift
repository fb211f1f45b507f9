// LongTextTests: a text of hundreds of lines, scrolled and clipped, draws exactly the pixels of
// the few lines the clip shows (the painter finds the first visible line by its baseline and
// stops past the clip's bottom instead of walking every line, issue 46).
import FlingCore
import FlingSDL
import XCTest

final class LongTextTests: XCTestCase {
    func testAScrolledLongStoryDrawsWhatItsVisibleLinesDraw() throws {
        let clips = [Rect(x: 0, y: 10, width: 100, height: 80), Rect(x: 4.5, y: 33.25, width: 70, height: 19.5),
                     Rect(x: 0, y: 0, width: 100, height: 100)]
        let offsets = [-1_234.5, -7.25, -3_000.75]
        let make: @Sendable (TextMeasurer, _ onlyVisible: Bool) -> [DisplayList] = { fonts, onlyVisible in
            let text = (1...400).map { "Line \($0): the path turns to stone." }.joined(separator: "\n")
            let story = TextLayoutEngine.layout(text, font: Font(size: 13), options: TextOptions(maxWidth: 90), measurer: fonts)
            return zip(clips, offsets).map { clip, dy in
                var shown = story
                if onlyVisible {
                    // The lines whose boxes reach into the clip, with a line to spare each side.
                    shown.lines = story.lines.filter { l in
                        let y = dy + l.baseline
                        return y > clip.minY - 40 && y < clip.maxY + 40
                    }
                }
                var l = DisplayList(background: .white)
                l.add(.fillRect(Rect(x: 0, y: 0, width: 100, height: 100), radii: .zero, color: .white))
                l.clipped(to: clip) { l in
                    l.transformed(Transform(scale: 1, translation: Point(0, dy))) { l in
                        l.text(shown, at: Point(3, 0), SystemColor.darkGray)
                    }
                }
                return l
            }
        }
        for scale in [1.0, 2.0] {
            let (whole, part) = try MainActor.assumeIsolated {
                try withHeadlessDisplay(scale: scale) { display in
                    let draw = { (lists: [DisplayList]) throws -> [RGBAImage] in
                        try lists.map { list in
                            display.draw(list)
                            guard let img = display.readPixels() else { throw XCTSkip("no pixels") }
                            return img
                        }
                    }
                    return (try draw(make(display.renderer.fonts, false)), try draw(make(display.renderer.fonts, true)))
                }
            }
            for i in whole.indices {
                let differing = zip(whole[i].pixels, part[i].pixels).filter { $0 != $1 }.count
                XCTAssertEqual(differing, 0, "frame \(i) at @\(scale): bytes that differ")
                XCTAssertTrue(whole[i].pixels.contains { $0 < 160 }, "frame \(i) shows text")
            }
        }
    }
}
