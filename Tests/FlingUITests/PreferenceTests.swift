import FlingCore
@testable import FlingUI
import XCTest

/// Preferences as SwiftUI folds them: children before parents, siblings in code order, the
/// first value replacing the default, `reduce` folding in the next; anchors resolved in the
/// reader's coordinate space.
final class PreferenceTests: XCTestCase {
    @MainActor private static func collect(_ view: some View, size: Size = Size(300, 300)) -> [String]? {
        let seen = Captured<[String]>()
        _ = makeHost(size) { view.onPreferenceChange(OrderKey.self) { seen.value = $0 } }
        return seen.value
    }

    func testSiblingsInCodeOrderChildrenBeforeParents() { onMain {
        let order = Self.collect(
            VStack {
                Color.white.preference(key: OrderKey.self, value: ["a"])
                HStack {
                    Color.white.preference(key: OrderKey.self, value: ["b"])
                    Color.white.preference(key: OrderKey.self, value: ["c"])
                }
                .transformPreference(OrderKey.self) { $0.append("hstack") }
                Color.white.preference(key: OrderKey.self, value: ["d"])
            }
            .transformPreference(OrderKey.self) { $0.append("vstack") })
        // The first value replaced the default: no "default" anywhere.
        XCTAssertEqual(order, ["a", "b", "c", "hstack", "d", "vstack"])
    } }

    func testTwoKeysFoldIndependentlyWhicheverCameFirst() { onMain {
        // A subtree whose first writer publishes another key: each key still folds in tree
        // order, and reading twice gives the same values (a fold changes no child's value).
        struct CountKey: PreferenceKey {
            static var defaultValue: [Int] { [] }
            static func reduce(value: inout [Int], nextValue: () -> [Int]) { value += nextValue() }
        }
        let shared = ["shared"]
        let host = makeHost(Size(300, 300)) {
            VStack {
                Color.white.preference(key: CountKey.self, value: [1])
                Color.white.preference(key: OrderKey.self, value: shared)
                HStack {
                    Color.white.preference(key: CountKey.self, value: [2])
                    Color.white.preference(key: OrderKey.self, value: ["b"])
                }
                .transformPreference(OrderKey.self) { $0.append("hstack") }   // the second key
                .transformPreference(CountKey.self) { $0.append(3) }
                Color.white.preference(key: OrderKey.self, value: shared)
            }
        }
        for _ in 0..<2 {
            XCTAssertEqual(host.preferenceValue(OrderKey.self), ["shared", "b", "hstack", "shared"])
            XCTAssertEqual(host.preferenceValue(CountKey.self), [1, 2, 3])
        }
    } }

    func testTransformOnASubtreeThatWroteNothingStartsFromTheDefault() { onMain {
        let order = Self.collect(Color.white.transformPreference(OrderKey.self) { $0.append("x") })
        XCTAssertEqual(order, ["default", "x"])
    } }

    func testNothingWrittenReadsAsTheDefault() { onMain {
        XCTAssertEqual(Self.collect(Color.white), ["default"])
    } }

    func testAParentPreferenceReplacesWhatItsSubtreeWrote() { onMain {
        let order = Self.collect(
            HStack {
                Color.white.preference(key: OrderKey.self, value: ["child1"])
                Color.white.preference(key: OrderKey.self, value: ["child2"])
            }
            .preference(key: OrderKey.self, value: ["parent"]))
        XCTAssertEqual(order, ["parent"])
    } }

    func testOverlayAndBackgroundContentsFoldAfterTheirView() { onMain {
        let order = Self.collect(
            Color.white.preference(key: OrderKey.self, value: ["view"])
                .background(Color.white.preference(key: OrderKey.self, value: ["background"]))
                .overlay(Color.white.preference(key: OrderKey.self, value: ["overlay"])))
        XCTAssertEqual(order, ["view", "background", "overlay"])
    } }

    func testAnchorsResolveInTheReadersSpaceUnderPaddingAndOffset() { onMain {
        let resolved = Captured<[Rect]>()
        let host = makeHost(Size(300, 300)) {
            VStack(spacing: 0) {
                Color.white.frame(width: 50, height: 20)
                    .anchorPreference(key: AnchorKey.self, value: .bounds) { [$0] }
                    .padding(10)
                    .offset(x: 5, y: 7)
            }
            .frame(width: 200, height: 100)
            .overlayPreferenceValue(AnchorKey.self) { anchors in
                GeometryReader { geometry in
                    Canvas { _, _ in resolved.value = anchors.map { geometry[$0] } }
                }
            }
        }
        var list = DisplayList()
        host.draw(into: &list)
        // The 200 × 100 frame is centred in 300 × 300 (origin 50, 100); the 70 × 40 padded
        // block is centred in it (65, 30 in the frame); the colour sits 10 in, and the offset
        // moves it by (5, 7): (65 + 10 + 5, 30 + 10 + 7) in the reader's space.
        XCTAssertEqual(resolved.value, [Rect(x: 80, y: 47, width: 50, height: 20)])
    } }

    func testAnchorsFollowScrolling() { onMain {
        let resolved = Captured<[Rect]>()
        let host = makeHost(Size(100, 100)) {
            ScrollView {
                VStack(spacing: 0) {
                    Color.white.frame(height: 300)
                    Color.white.frame(height: 20)
                        .anchorPreference(key: AnchorKey.self, value: .bounds) { [$0] }
                }
            }
            .overlayPreferenceValue(AnchorKey.self) { anchors in
                GeometryReader { geometry in
                    Canvas { _, _ in resolved.value = anchors.map { geometry[$0] } }
                }
                .allowsHitTesting(false)   // the wheel reaches the scroll view below
            }
        }
        var list = DisplayList()
        host.draw(into: &list)
        XCTAssertEqual(resolved.value?.first?.minY, 300)
        host.handleWheel(dy: -2, at: Point(50, 50), time: 0)   // two notches: 100 pt down
        var t = 0.0
        while host.advance(to: t) { t += 1 / 60 }
        host.update(bounds: Rect(x: 0, y: 0, width: 100, height: 100), time: t)
        host.draw(into: &list)
        XCTAssertEqual(resolved.value?.first?.minY ?? 0, 200, accuracy: 0.01, "the anchor moved with the content")
    } }
}
