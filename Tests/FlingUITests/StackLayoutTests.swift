import FlingCore
@testable import FlingUI
import XCTest

/// Two-pass layout against frames computed by hand with SwiftUI's rules.
final class StackLayoutTests: XCTestCase {
    func testLeastFlexibleChildIsSizedFirstAndTheRestShareEqually() { onMain {
        // 400 wide, two 8 pt gaps: 384 to share. The fixed 100 goes first (flexibility 0);
        // the two colours split the remaining 284.
        let host = makeHost(Size(400, 50)) {
            HStack {
                Color.white.frame(width: 100).accessibilityIdentifier("fixed")
                Color.white.accessibilityIdentifier("a")
                Color.white.accessibilityIdentifier("b")
            }
        }
        XCTAssertEqual(host.frame("fixed"), Rect(x: 0, y: 0, width: 100, height: 50))
        XCTAssertEqual(host.frame("a"), Rect(x: 108, y: 0, width: 142, height: 50))
        XCTAssertEqual(host.frame("b"), Rect(x: 258, y: 0, width: 142, height: 50))
    } }

    func testATextBesideASpacerTakesWhatTheSpacerLeaves() { onMain {
        // 300 wide, one 8 pt gap, the spacer's 8 pt minimum: the text may take 284 and needs
        // 25 × 8.5 = 212.5 on one line (it once got half, 146, and wrapped).
        let host = makeHost(Size(300, 60)) {
            HStack {
                Text("A title of 25 characters.").accessibilityIdentifier("title")
                Spacer().accessibilityIdentifier("spacer")
            }
        }
        XCTAssertEqual(host.frame("title").width, 212.5)
        XCTAssertEqual(host.frame("spacer").width, 79.5)
    } }

    func testColoursBesideATextShareEvenlyAsInSwiftUI() { onMain {
        // Unlike spacers, colours take their share: the text gets a third of 284 and wraps.
        let host = makeHost(Size(300, 60)) {
            HStack {
                Color.white.accessibilityIdentifier("a")
                Text("A title of 25 characters.").accessibilityIdentifier("title")
                Color.white.accessibilityIdentifier("b")
            }
        }
        XCTAssertLessThanOrEqual(host.frame("title").width, 284.0 / 3)
        XCTAssertEqual(host.frame("a").width, host.frame("b").width)
    } }

    func testLayoutPriorityGoesFirstAfterReservingLowerMinimums() { onMain {
        // Lower priorities keep their minimums (30 fixed + 50 min) = 80; priority 1 gets
        // 300 − 80 = 220; then the fixed 30, and the min-width frame takes the last 50.
        let host = makeHost(Size(300, 20)) {
            HStack(spacing: 0) {
                Color.white.frame(width: 30).accessibilityIdentifier("fixed")
                Color.white.layoutPriority(1).accessibilityIdentifier("priority")
                Color.white.frame(minWidth: 50).accessibilityIdentifier("min")
            }
        }
        XCTAssertEqual(host.frame("fixed"), Rect(x: 0, y: 0, width: 30, height: 20))
        XCTAssertEqual(host.frame("priority"), Rect(x: 30, y: 0, width: 220, height: 20))
        XCTAssertEqual(host.frame("min"), Rect(x: 250, y: 0, width: 50, height: 20))
    } }

    func testSpacerKeepsItsMinimumLengthWhenSpaceRunsOut() { onMain {
        // 150 offered, 100 + 100 fixed + 16 of gaps: the spacer still takes its 8 pt and the
        // stack (224 wide) overflows, centred in the host.
        let host = makeHost(Size(150, 20)) {
            HStack {
                Color.white.frame(width: 100).accessibilityIdentifier("left")
                Spacer().accessibilityIdentifier("spacer")
                Color.white.frame(width: 100)
            }
        }
        XCTAssertEqual(host.frame("spacer").width, 8)
        XCTAssertEqual(host.frame("left").minX, (150 - 224) / 2)
    } }

    func testSpacersAroundAViewCentreIt() { onMain {
        let host = makeHost(Size(100, 400)) {
            VStack {
                Spacer()
                Color.white.frame(height: 100).accessibilityIdentifier("middle")
                Spacer()
            }
        }
        XCTAssertEqual(host.frame("middle"), Rect(x: 0, y: 150, width: 100, height: 100))
    } }

    func testFlexibleFrameClampsTheProposalAndTheContent() { onMain {
        let host = makeHost(Size(300, 100)) {
            VStack(alignment: .leading, spacing: 0) {
                Color.white.frame(maxWidth: 100).accessibilityIdentifier("max")
                // "ab" at 10 pt is 10 wide; the frame is at least 80, the text centred in it.
                Text("ab").font(Font(size: 10)).frame(minWidth: 80).accessibilityIdentifier("min")
                Color.white.frame(minWidth: 50, maxWidth: .infinity, maxHeight: 10).accessibilityIdentifier("fill")
            }
        }
        XCTAssertEqual(host.frame("max").width, 100)
        XCTAssertEqual(host.frame("min").width, 80)
        XCTAssertEqual(host.frame("fill"), Rect(x: 0, y: host.frame("fill").minY, width: 300, height: 10))
        XCTAssertEqual(host.node(identifier: "min")?.children.first?.frame.minX, 35)
    } }

    func testCrossAxisAlignment() { onMain {
        @MainActor func frames(_ alignment: HorizontalAlignment) -> [Double] {
            let host = makeHost(Size(300, 100)) {
                VStack(alignment: alignment) {
                    Color.white.frame(width: 50, height: 10).accessibilityIdentifier("narrow")
                    Color.white.frame(width: 100, height: 10)
                }
            }
            // The stack is 100 wide, centred in 300: it starts at x = 100.
            return [host.frame("narrow").minX]
        }
        XCTAssertEqual(frames(.leading), [100])
        XCTAssertEqual(frames(.center), [125])
        XCTAssertEqual(frames(.trailing), [150])
    } }

    func testZStackAlignsChildrenInItsLargestChild() { onMain {
        let host = makeHost(Size(200, 200)) {
            ZStack(alignment: .bottomTrailing) {
                Color.white.frame(width: 100, height: 80)
                Color.white.frame(width: 20, height: 10).accessibilityIdentifier("badge")
            }
        }
        XCTAssertEqual(host.frame("badge"), Rect(x: 50 + 80, y: 60 + 70, width: 20, height: 10))
    } }

    func testPaddingOffsetAndFixedSize() { onMain {
        let host = makeHost(Size(200, 200)) {
            VStack(spacing: 0) {
                Color.white.frame(width: 40, height: 40).padding(10).offset(x: 5, y: -5).accessibilityIdentifier("padded")
                Text("wrapping text").font(Font(size: 10)).fixedSize().frame(width: 20).accessibilityIdentifier("fixed")
            }
        }
        // Offset moves the children (and their frames), not the modifier's own layout.
        XCTAssertEqual(host.frame("padded").size, Size(60, 60))
        XCTAssertEqual(host.node(identifier: "padded")?.children.first?.frame.size, Size(60, 60))
        // A fixed-size text keeps its one-line width (13 × 5 = 65) inside a 20 pt frame.
        XCTAssertEqual(host.node(identifier: "fixed")?.children.first?.frame.width, 65)
    } }

    func testTextWrapsToTheOfferedWidth() { onMain {
        // 10 pt text: 5 pt per character; "aaaa bbbb" is 45 wide on one line.
        let host = makeHost(Size(30, 100)) {
            Text("aaaa bbbb").font(Font(size: 10)).accessibilityIdentifier("t")
        }
        XCTAssertEqual(host.frame("t").width, 20)
        XCTAssertEqual(host.frame("t").height, 22, "two baselines 12 pt apart, plus ascent 8 and descent 2")
    } }

    func testBaselineAlignmentInAnHStack() { onMain {
        let host = makeHost(Size(300, 100)) {
            HStack(alignment: .lastTextBaseline) {
                Text("big").font(Font(size: 30)).accessibilityIdentifier("big")
                Text("small").font(Font(size: 10)).accessibilityIdentifier("small")
            }
        }
        let big = host.frame("big"), small = host.frame("small")
        // Baselines: ascent 0.8 × size from each top.
        XCTAssertEqual(big.minY + 24, small.minY + 8, accuracy: 1e-9)
    } }

    func testIfAndIfLetInBuildersKeepSiblingIdentity() { onMain {
        let show = Captured<Bool>()
        show.value = false
        let host = makeHost(Size(200, 200)) {
            VStack {
                if show.value == true { Color.white.frame(height: 10) }
                TextField("", text: .constant("")).accessibilityIdentifier("field")
            }
        }
        let before = host.node(identifier: "field")?.path
        show.value = true
        host.invalidate()
        host.update(bounds: Rect(x: 0, y: 0, width: 200, height: 200), time: 0)
        XCTAssertEqual(host.node(identifier: "field")?.path, before, "the field keeps its identity when the if flips")
    } }

    func testTheBranchesOfAnIfElseAreDifferentViewsAndABlockNumbersItsParts() { onMain {
        // SwiftUI's _ConditionalContent: a text field in each branch is not the same view
        // (its editing state would carry over otherwise); the views of a block, of a loop and
        // of a ForEach each keep their own position.
        let first = Captured<Bool>()
        first.value = true
        let host = makeHost(Size(200, 300)) {
            VStack {
                if first.value == true {
                    TextField("", text: .constant("")).accessibilityIdentifier("field")
                } else {
                    TextField("", text: .constant("")).accessibilityIdentifier("field")
                }
                Color.white.frame(height: 10).accessibilityIdentifier("block")
                ForEach(0..<2) { i in Color.white.frame(height: 10).accessibilityIdentifier("each\(i)") }
            }
        }
        let a = host.node(identifier: "field")?.path
        let each = [host.node(identifier: "each0")?.path, host.node(identifier: "each1")?.path]
        first.value = false
        host.invalidate()
        host.update(bounds: Rect(x: 0, y: 0, width: 200, height: 300), time: 0)
        let b = host.node(identifier: "field")?.path
        XCTAssertNotNil(a)
        XCTAssertNotNil(b)
        XCTAssertNotEqual(a, b, "each branch has its own identity")
        XCTAssertEqual([host.node(identifier: "each0")?.path, host.node(identifier: "each1")?.path], each)
        XCTAssertNotEqual(each[0], each[1])
        XCTAssertEqual(Set([a, b, host.node(identifier: "block")?.path, each[0]]).count, 4)
    } }
}
