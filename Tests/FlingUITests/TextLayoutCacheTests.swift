// TextLayoutCacheTests: the scene environment's cache of set text keys a text by its first and
// last characters for speed (issue 46); texts that share both still get their own layouts.
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
}
