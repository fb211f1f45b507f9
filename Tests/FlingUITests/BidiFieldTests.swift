// BidiFieldTests: a text field with Hebrew and Latin in it, laid out by the bidi algorithm (10 pt a
// character): Left and Right move the caret on screen (as GTK does), and a selection across the change of
// direction is the logical range between its two carets.
import FlingCore
@testable import FlingUI
import XCTest

final class BidiFieldTests: XCTestCase {
    /// Every character 10 pt wide; lines with right-to-left text placed by `Bidi.visualRuns`,
    /// each character its own cluster.
    struct BidiMeasurer: TextMeasurer {
        func width(of text: String, font: Font) -> Double { Double(text.count) * 10 }
        func width(of text: String, font: Font, rightToLeft: Bool) -> Double { width(of: text, font: font) }
        func metrics(of font: Font) -> FontMetrics { FontMetrics(ascent: 8, descent: 2, lineSkip: 12) }
        func clusterSpans(of text: String, font: Font) -> [ClusterSpan]? {
            guard text.unicodeScalars.contains(where: { (0x0590...0x05FF).contains($0.value) }) else { return nil }
            var spans = [ClusterSpan](repeating: ClusterSpan(minX: 0, maxX: 0, rightToLeft: false), count: text.count)
            var x = 0.0
            for run in Bidi.visualRuns(text, base: Bidi.firstStrongDirection(text)) {
                let indices = run.rightToLeft ? Array(run.range.reversed()) : Array(run.range)
                for i in indices {
                    spans[i] = ClusterSpan(minX: x, maxX: x + 10, rightToLeft: run.rightToLeft)
                    x += 10
                }
            }
            return spans
        }
    }

    @MainActor
    final class Text { var value: String; init(_ v: String) { value = v } }

    @MainActor
    static func field(_ text: Text) -> (ViewHost, TextFieldNode) {
        let env = SceneEnvironment(measurer: BidiMeasurer(), imageSize: { _ in nil })
        let host = ViewHost(env: env, content: { TextField("", text: Binding(get: { text.value }, set: { text.value = $0 })) })
        host.update(bounds: Rect(x: 0, y: 0, width: 400, height: 60), time: 0)
        return (host, host.nodes(of: TextFieldNode.self)[0])
    }

    /// "ab אבג": on screen "ab" then "גבא". From the end (after ג, on screen between "b"
    /// and ג), Left goes to the positions on its left on screen, one at a time.
    func testArrowsMoveTheCaretOnScreen() { MainActor.assumeIsolated {
        let text = Text("ab אבג")
        let (host, node) = Self.field(text)
        host.focus(node, caret: 6)
        var heads: [Int] = []
        for _ in 0..<6 {
            XCTAssertTrue(node.keyPressed(Key(.left), host: host))
            heads.append(host.editing?.head ?? -1)
        }
        // Carets by x: 0 (0), 1 (10), 2 (20), 3 (30: after the space, which runs in the
        // paragraph's direction), 6 (30 too: after ג, its left edge), 5 (40), 4 (50). Each
        // position takes one press, the two at 30 in logical order.
        XCTAssertEqual(heads, [3, 2, 1, 0, 0, 0])
        host.focus(node, caret: 0)
        var right: [Int] = []
        for _ in 0..<7 {
            _ = node.keyPressed(Key(.right), host: host)
            right.append(host.editing?.head ?? -1)
        }
        XCTAssertEqual(right, [1, 2, 3, 6, 5, 4, 4])
    } }

    /// Shift+arrows extend the selection on screen: from after "a", three steps right reach the
    /// caret between ג and ב, and the selection is the logical range between the two carets.
    func testASelectionAcrossTheChangeOfDirectionIsTheLogicalRange() { MainActor.assumeIsolated {
        let text = Text("ab אבג")
        let (host, node) = Self.field(text)
        host.focus(node, caret: 4)
        _ = node.keyPressed(Key(.right, .shift), host: host)
        XCTAssertEqual(host.editing?.selection, 4..<4, "nothing is right of the Hebrew run's right end")
        host.focus(node, caret: 1)
        for _ in 0..<4 { _ = node.keyPressed(Key(.right, .shift), host: host) }
        // 1 → 2 → 3 → 6 → 5: the logical range between the anchor and the head.
        XCTAssertEqual(host.editing?.selection, 1..<5)
        XCTAssertEqual(text.value, "ab אבג", "moving never edits")
    } }
}
