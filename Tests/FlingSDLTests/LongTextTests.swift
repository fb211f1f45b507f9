// LongTextTests: a text of hundreds of lines, scrolled and clipped, draws exactly the pixels of
// the few lines the clip shows (the painter finds the first visible line by its baseline and
// stops past the clip's bottom instead of walking every line).
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
                // The reference draws each line the clip may reach as a text of its own line,
                // unclipped, so neither the search for the first line nor the stop past the
                // clip's bottom is in its way: a line either of them dropped would show as a
                // difference inside the clip (only there are the two compared).
                let runs: [TextLayout] = onlyVisible
                    ? story.lines.filter { l in
                        // The lines whose boxes reach into the clip, with a line to spare each side.
                        let y = dy + l.baseline
                        return y > clip.minY - 40 && y < clip.maxY + 40
                    }.map { line in var one = story; one.lines = [line]; return one }
                    : [story]
                var l = DisplayList(background: .white)
                l.add(.fillRect(Rect(x: 0, y: 0, width: 100, height: 100), radii: .zero, color: .white))
                func draw(_ l: inout DisplayList) {
                    l.transformed(Transform(scale: 1, translation: Point(0, dy))) { l in
                        for run in runs { l.text(run, at: Point(3, 0), SystemColor.darkGray) }
                    }
                }
                if onlyVisible { draw(&l) } else { l.clipped(to: clip) { draw(&$0) } }
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
                // Pixels wholly inside the clip are the reference's; wholly outside, white.
                let c = clips[i], w = whole[i].width
                let inside = (x0: Int((c.minX * scale).rounded(.up)), y0: Int((c.minY * scale).rounded(.up)),
                              x1: Int((c.maxX * scale).rounded(.down)), y1: Int((c.maxY * scale).rounded(.down)))
                var differing = 0, outsideInk = 0
                for y in 0..<whole[i].height {
                    for x in 0..<w {
                        let o = (y * w + x) * 4
                        let px = whole[i].pixels[o..<o + 3]
                        if x >= inside.x0, x < inside.x1, y >= inside.y0, y < inside.y1 {
                            if px != part[i].pixels[o..<o + 3] { differing += 1 }
                        } else if Double(x + 1) <= c.minX * scale || Double(x) >= c.maxX * scale
                                    || Double(y + 1) <= c.minY * scale || Double(y) >= c.maxY * scale {
                            if px.contains(where: { $0 != 255 }) { outsideInk += 1 }
                        }
                    }
                }
                XCTAssertEqual(differing, 0, "frame \(i) at @\(scale): pixels inside the clip that differ")
                XCTAssertEqual(outsideInk, 0, "frame \(i) at @\(scale): pixels drawn outside the clip")
                XCTAssertTrue(whole[i].pixels.contains { $0 < 160 }, "frame \(i) shows text")
            }
        }
    }
}
