import XCTest
@testable import FlingCore

final class TextLayoutTests: XCTestCase {
    // Every character is 10 pt wide at size 20 (advance 0.5).
    let m = FixedAdvanceMeasurer(advance: 0.5)
    let font = Font(size: 20)

    func testSingleLineHasItsNaturalWidthAndBaseline() {
        let l = TextLayoutEngine.layout("Hello", font: font, measurer: m)
        XCTAssertEqual(l.lines.map(\.text), ["Hello"])
        XCTAssertEqual(l.size, Size(50, 20))
        XCTAssertEqual(l.firstBaseline, 16)
    }

    func testWrapsAtWordsToTheWidth() {
        let l = TextLayoutEngine.layout("aaa bbb ccc ddd", font: font, options: TextOptions(maxWidth: 75), measurer: m)
        XCTAssertEqual(l.lines.map(\.text), ["aaa bbb", "ccc ddd"])
        XCTAssertEqual(l.lastBaseline, 16 + 24)
        XCTAssertFalse(l.truncated)
    }

    func testBreaksAWordLongerThanTheLine() {
        let l = TextLayoutEngine.layout("abcdefghij", font: font, options: TextOptions(maxWidth: 40), measurer: m)
        XCTAssertEqual(l.lines.map(\.text), ["abcd", "efgh", "ij"])
    }

    func testLineLimitEndsWithAnEllipsisThatFits() {
        let l = TextLayoutEngine.layout("aaa bbb ccc ddd eee", font: font, options: TextOptions(maxWidth: 75, lineLimit: 2), measurer: m)
        XCTAssertEqual(l.lines.count, 2)
        XCTAssertTrue(l.truncated)
        XCTAssertTrue(l.lines[1].text.hasSuffix("…"))
        XCTAssertLessThanOrEqual(l.lines[1].width, 75)
    }

    func testMinimumScaleShrinksBeforeTruncating() {
        // 20 characters need 200 pt at full size; 100 pt fits at scale 0.5.
        let text = String(repeating: "x", count: 20)
        let l = TextLayoutEngine.layout(text, font: font, options: TextOptions(maxWidth: 100, lineLimit: 1, minimumScale: 0.1), measurer: m)
        XCTAssertEqual(l.lines.count, 1)
        XCTAssertFalse(l.truncated)
        XCTAssertEqual(l.scale, 0.5, accuracy: 0.01)
        XCTAssertLessThanOrEqual(l.lines[0].width, 100)
        // With too high a floor it shrinks to the floor, then truncates.
        let floor = TextLayoutEngine.layout(text, font: font, options: TextOptions(maxWidth: 100, lineLimit: 1, minimumScale: 0.8), measurer: m)
        XCTAssertEqual(floor.scale, 0.8)
        XCTAssertTrue(floor.truncated)
    }

    func testAShrinkingTextFitsTheHeightItIsGivenBeforeItIsCut() {
        // SwiftUI's lineLimit + minimumScaleFactor in a proposed height.
        // 23 characters, 10 pt each at size 20: three lines of 7 in 75 pt, 68 pt high.
        let text = "aaa bbb ccc ddd eee fff"
        let free = TextLayoutEngine.layout(text, font: font, options: TextOptions(maxWidth: 75, lineLimit: 3, minimumScale: 0.1), measurer: m)
        XCTAssertEqual(free.lines.map(\.text), ["aaa bbb", "ccc ddd", "eee fff"])
        XCTAssertEqual(free.size.height, 68)
        XCTAssertEqual(free.scale, 1)
        // In 40 pt: no scale fits three lines (68 × s ≤ 40 needs s ≤ 0.588, where the lines
        // take 11 characters); two lines of 11 fit from 75/110 = 0.682 down. The bisection's
        // largest fitting scale is 0.6765625: 13.53125 pt, nothing cut.
        let fitted = TextLayoutEngine.layout(text, font: font, options: TextOptions(maxWidth: 75, lineLimit: 3, maxHeight: 40, minimumScale: 0.1), measurer: m)
        XCTAssertEqual(fitted.lines.map(\.text), ["aaa bbb ccc", "ddd eee fff"])
        XCTAssertEqual(fitted.scale, 0.6765625, accuracy: 1e-12)
        XCTAssertEqual(fitted.font.size, 13.53125, accuracy: 1e-12)
        XCTAssertEqual(fitted.size.width, 74.421875, accuracy: 1e-12)
        XCTAssertEqual(fitted.size.height, 29.76875, accuracy: 1e-12)
        XCTAssertFalse(fitted.truncated)
        XCTAssertFalse(fitted.lines.contains { $0.text.hasSuffix("…") })
        // Only at the minimum scale is it cut: at 0.5 (10 pt) two lines take 22 pt; 12 pt
        // holds one, which ends in "…" (14 characters and the ellipsis: 75 pt).
        let cut = TextLayoutEngine.layout(text, font: font, options: TextOptions(maxWidth: 75, lineLimit: 3, maxHeight: 12, minimumScale: 0.5), measurer: m)
        XCTAssertEqual(cut.scale, 0.5)
        XCTAssertEqual(cut.lines.map(\.text), ["aaa bbb ccc dd…"])
        XCTAssertEqual(cut.size, Size(75, 10))
        XCTAssertTrue(cut.truncated)
        // A text that may not shrink is cut to the lines the height holds at once.
        let fixed = TextLayoutEngine.layout(text, font: font, options: TextOptions(maxWidth: 75, lineLimit: 3, maxHeight: 45), measurer: m)
        XCTAssertEqual(fixed.lines.map(\.text), ["aaa bbb", "ccc dd…"])
        XCTAssertEqual(fixed.scale, 1)
        XCTAssertTrue(fixed.truncated)
        // One line taller than the height shrinks to fit it (1 line: 20 × s ≤ 10).
        let tall = TextLayoutEngine.layout("abc", font: font, options: TextOptions(maxHeight: 10, minimumScale: 0.1), measurer: m)
        XCTAssertEqual(tall.lines.map(\.text), ["abc"])
        XCTAssertEqual(tall.size.height, 20 * tall.scale)
        XCTAssertLessThanOrEqual(tall.size.height, 10)
        XCTAssertEqual(tall.scale, 0.49375, accuracy: 1e-12, "the largest scale that fits, to the search's step")
    }

    func testAlignmentPlacesLinesInTheBlock() {
        let c = TextLayoutEngine.layout("ab", font: font, options: TextOptions(maxWidth: 100, alignment: .center), measurer: m)
        XCTAssertEqual(c.lines[0].x, 40)
        let t = TextLayoutEngine.layout("ab", font: font, options: TextOptions(maxWidth: 100, alignment: .trailing), measurer: m)
        XCTAssertEqual(t.lines[0].x, 80)
    }

    func testParagraphsKeepTheirBreaks() {
        let l = TextLayoutEngine.layout("one\n\ntwo", font: font, options: TextOptions(maxWidth: 300), measurer: m)
        XCTAssertEqual(l.lines.map(\.text), ["one", "", "two"])
    }

    func testIconsByName() {
        XCTAssertEqual(MaterialIcon.named("location_on"), "\u{E0C8}")
        XCTAssertEqual(MaterialIcon.named("cancel"), MaterialIcon.cancel)
        XCTAssertNil(MaterialIcon.named("no_such_icon"))
        XCTAssertEqual(Set(MaterialIcon.all.map(\.0)).count, MaterialIcon.all.count, "names are unique")
    }

    /// A measurer with per-character widths and pair kerning (monotonic, like a real face),
    /// that counts the characters it measured.
    final class CountingMeasurer: TextMeasurer {
        var measured = 0
        func width(of text: String, font: Font) -> Double {
            measured += text.count
            var w = 0.0
            var previous: Character?
            for c in text {
                w += Double((c.asciiValue ?? 100) % 7 + 4) * font.size / 20
                if previous == "A" && c == "V" { w -= 0.4 }   // a kerning pair
                previous = c
            }
            return w
        }
        func metrics(of font: Font) -> FontMetrics { FontMetrics(ascent: font.size * 0.8, descent: font.size * 0.2, lineSkip: font.size * 1.2) }
    }

    /// The obvious greedy wrap, piece by piece at the line-break opportunities, re-measuring the
    /// whole line each time (quadratic, and plainly right): the reference for the linear one.
    /// Spaces hang at a line's end and are dropped there; runs of spaces inside a line stay.
    static func naiveWrap(_ paragraph: String, width: Double, font: Font, measurer: TextMeasurer) -> [String] {
        let pieces = LineBreaking.segments(paragraph).map(String.init)
        guard !pieces.isEmpty else { return [""] }
        func trimmed(_ s: String) -> String { var t = s; while t.hasSuffix(" ") { t.removeLast() }; return t }
        func fits(_ s: String) -> Bool { measurer.width(of: trimmed(s), font: font) <= width + 0.01 }
        var lines: [String] = [], current = ""
        for piece in pieces {
            if !current.isEmpty, fits(current + piece) { current += piece; continue }
            if !current.isEmpty { lines.append(trimmed(current)); current = "" }
            if fits(piece) { current = piece } else {
                let word = trimmed(piece)
                var part = ""
                for ch in word {
                    if !part.isEmpty, !fits(part + String(ch)) { lines.append(part); part = "" }
                    part.append(ch)
                }
                current = part + String(piece.dropFirst(word.count))
            }
        }
        lines.append(trimmed(current))
        return lines
    }

    /// Seeded random paragraphs (short and over-long words, kerning pairs, runs of spaces) at
    /// many widths: the linear wrap breaks exactly where the piece-by-piece greedy does.
    func testTheLinearWrapBreaksWhereTheGreedyOneDid() {
        var seed: UInt64 = 0x5EED_2029
        func next(_ n: Int) -> Int { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Int(seed >> 33) % n }
        let letters = Array("AVabcdefghijklmnopqrstuvwxyzWM")
        for _ in 0..<300 {
            let words = (0..<(1 + next(40))).map { _ in String((0..<(1 + (next(10) == 0 ? next(60) : next(9)))).map { _ in letters[next(letters.count)] }) }
            let text = words.joined(separator: next(5) == 0 ? "  " : " ")
            let width = Double(5 + next(400))
            let m = CountingMeasurer()
            XCTAssertEqual(TextLayoutEngine.wrap(text, width: width, font: font, measurer: m),
                           Self.naiveWrap(text, width: width, font: font, measurer: m), "\(text) at \(width)")
        }
    }

    /// The work grows with the text, not its square: characters measured for 4,000
    /// and 8,000 words, on a wide line and a narrow one, and for one 8,000-character word.
    func testWrappingMeasuresWorkLinearInTheLength() {
        func work(_ text: String, _ width: Double) -> Int {
            let m = CountingMeasurer()
            _ = TextLayoutEngine.wrap(text, width: width, font: font, measurer: m)
            return m.measured
        }
        for width in [300.0, 1_000_000.0] {
            let small = work(Array(repeating: "abcde", count: 4000).joined(separator: " "), width)
            let large = work(Array(repeating: "abcde", count: 8000).joined(separator: " "), width)
            XCTAssertLessThan(Double(large), 2.5 * Double(small), "at width \(width): \(small) → \(large) characters measured")
        }
        let word = work(String(repeating: "x", count: 4000), 1_000_000), longer = work(String(repeating: "x", count: 8000), 1_000_000)
        XCTAssertLessThan(Double(longer), 2.5 * Double(word))
        let ellipsized = TextLayoutEngine.layout(String(repeating: "y", count: 8000), font: font,
                                                 options: TextOptions(maxWidth: 300, lineLimit: 1), measurer: CountingMeasurer())
        XCTAssertTrue(ellipsized.truncated)
    }
}
