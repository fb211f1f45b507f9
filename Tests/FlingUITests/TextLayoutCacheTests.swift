// TextLayoutCacheTests: the scene environment's cache of set text keys a long text by its first
// and last characters for speed; texts that share both still get their own layouts,
// canonically equal texts share one, and what it holds stays within its budget.
import FlingCore
@testable import FlingUI
import XCTest

final class TextLayoutCacheTests: XCTestCase {
    func testTextsAlikeAtTheirEndsAreSetApart() { onMain {
        let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in nil })
        let side = String(repeating: "a ", count: 100)
        let first = env.layout(side + "X" + side, Font(size: 13), TextOptions(maxWidth: 80))
        let second = env.layout(side + "Y" + side, Font(size: 13), TextOptions(maxWidth: 80))
        XCTAssertTrue(first.lines.contains { $0.text.contains("X") })
        XCTAssertTrue(second.lines.contains { $0.text.contains("Y") })
        XCTAssertFalse(second.lines.contains { $0.text.contains("X") })
        // The same text again is the cached layout, and equal to setting it afresh.
        XCTAssertEqual(env.layout(side + "X" + side, Font(size: 13), TextOptions(maxWidth: 80)), first)
        XCTAssertEqual(first, TextLayoutEngine.layout(side + "X" + side, font: Font(size: 13), options: TextOptions(maxWidth: 80), measurer: FixedAdvanceMeasurer()))
    } }

    /// Counts the texts measured: a second setting of the same text measures nothing.
    final class CountingMeasurer: TextMeasurer {
        var measured = 0
        let inner = FixedAdvanceMeasurer()
        func width(of text: String, font: Font) -> Double { measured += 1; return inner.width(of: text, font: font) }
        func metrics(of font: Font) -> FontMetrics { inner.metrics(of: font) }
        func clusterSpans(of text: String, font: Font) -> [ClusterSpan]? { nil }
        func width(of text: String, font: Font, rightToLeft: Bool) -> Double { width(of: text, font: font) }
    }

    func testCanonicallyEqualTextsShareOneLayoutShortOrLongAndWhereverTheAccentFalls() { onMain {
        // "é" precomposed in one and as e + combining acute in the other: equal Strings, so
        // equal keys, which must hash alike (at the head, the tail, across the 32nd character,
        // and in a text short enough to be hashed whole).
        let filler = String(repeating: "word ", count: 200)
        let cases: [(String, String)] = [
            ("caf\u{E9}", "cafe\u{301}"),
            ("\u{E9}" + filler, "e\u{301}" + filler),
            (filler + "\u{E9}", filler + "e\u{301}"),
            (String(repeating: "x", count: 31) + "\u{E9}" + filler, String(repeating: "x", count: 31) + "e\u{301}" + filler),
            (filler + "\u{E9}" + String(repeating: "y", count: 31), filler + "e\u{301}" + String(repeating: "y", count: 31)),
        ]
        for (i, (a, b)) in cases.enumerated() {
            XCTAssertEqual(a, b)
            let measurer = CountingMeasurer()
            let env = SceneEnvironment(measurer: measurer, imageSize: { _ in nil })
            _ = env.layout(a, Font(size: 13), TextOptions(maxWidth: 80))
            let after = measurer.measured
            XCTAssertGreaterThan(after, 0)
            _ = env.layout(b, Font(size: 13), TextOptions(maxWidth: 80))
            XCTAssertEqual(measurer.measured, after, "case \(i): the equal text was set again")
        }
    } }

    func testALongTextSetAtManyWidthsKeepsWhatIsHeldWithinItsBudget() { onMain {
        // A live resize with a 200,000-character story open sets it at each width.
        let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in nil })
        let story = String(repeating: "A story of many words. ", count: 200_000 / 23)
        let short = env.layout("Short", Font(size: 13))
        for w in 0..<12 { _ = env.layout(story, Font(size: 13), TextOptions(maxWidth: 300 + Double(w))) }
        XCTAssertLessThanOrEqual(env.heldTextBytes, RenderBudgets.setTextBytes)
        XCTAssertGreaterThanOrEqual(env.heldTextBytes, story.utf8.count)
        // The last width is still held; nothing is lost: a setting gone is set again alike.
        XCTAssertEqual(env.layout(story, Font(size: 13), TextOptions(maxWidth: 311)),
                       TextLayoutEngine.layout(story, font: Font(size: 13), options: TextOptions(maxWidth: 311), measurer: FixedAdvanceMeasurer()))
        XCTAssertEqual(env.layout("Short", Font(size: 13)), short)
        env.invalidateLayouts()
        XCTAssertEqual(env.heldTextBytes, 0)
    } }

    func testAStoryLongerThanTheBudgetStaysWhileLabelsAreSetAroundIt() { onMain {
        // 400,000 characters of three bytes: 1.2 MB, over the budget alone. Setting labels
        // after it must not evict it (it would be set again, 60 ms, every frame it shows).
        let measurer = CountingMeasurer()
        let env = SceneEnvironment(measurer: measurer, imageSize: { _ in nil })
        let story = String(repeating: "\u{4E2D}", count: 400_000)
        _ = env.layout(story, Font(size: 13), TextOptions(maxWidth: 2000))
        for i in 0..<20 { _ = env.layout("Label \(i)", Font(size: 13)) }
        let before = measurer.measured
        _ = env.layout(story, Font(size: 13), TextOptions(maxWidth: 2000))
        XCTAssertEqual(measurer.measured, before, "the story was set again")
        // The labels are held too (only the story is over the budget).
        _ = env.layout("Label 3", Font(size: 13))
        XCTAssertEqual(measurer.measured, before)
    } }
}
