import FlingCore
@testable import FlingUI
import XCTest

/// Defects found in review, each pinned by the case that showed it.
final class ViewTreeRegressionTests: XCTestCase {
    func testChildrenArePlacedWithTheProposalTheyWereMeasuredWith() { onMain {
        // The stack is 500 wide (its fixed child) but was offered 30: the divider and the
        // text keep the sizes they answered to 30, as SwiftUI places subviews.
        let host = makeHost(Size(600, 200)) {
            VStack(alignment: .leading, spacing: 0) {
                Color.white.frame(width: 500, height: 10)
                Divider().accessibilityIdentifier("divider")
                Text("aaaa bbbb cccc").font(Font(size: 10)).accessibilityIdentifier("text")
            }
            .frame(width: 30)
        }
        XCTAssertEqual(host.frame("divider").width, 30)
        XCTAssertEqual(host.frame("text").width, 20)
        XCTAssertEqual(host.frame("text").height, 34, "three lines")
    } }

    func testStateChangedByOnPreferenceChangeIsLaidOutInTheSameFrame() { onMain {
        struct HeightKey: PreferenceKey {
            static var defaultValue: Double { 0 }
            static func reduce(value: inout Double, nextValue: () -> Double) { value = max(value, nextValue()) }
        }
        let measured = Captured<Double>()
        measured.value = 10
        let host = makeHost(Size(300, 300)) {
            VStack {
                Color.white.frame(width: 10, height: 50).preference(key: HeightKey.self, value: 50)
                Color.white.frame(width: 10, height: measured.value ?? 0).accessibilityIdentifier("follower")
            }
            .onPreferenceChange(HeightKey.self) { measured.value = $0 }
        }
        XCTAssertEqual(host.frame("follower").height, 50)
    } }

    func testScrollViewCentresNarrowContentAcrossItsAxis() { onMain {
        let host = makeHost(Size(300, 200)) {
            ScrollView { Color.white.frame(width: 100, height: 20).accessibilityIdentifier("c") }
        }
        XCTAssertEqual(host.frame("c"), Rect(x: 100, y: 0, width: 100, height: 20))
    } }

    func testViewsInFrontTakePressesAndInvisibleOnesDoNot() { onMain {
        let m = SwitchModel()
        @MainActor func host(_ cover: @escaping @MainActor () -> any View) -> ViewHost {
            makeHost(Size(200, 100)) { Toggle(isOn: m.$on) { Text("") }.overlay(AnyView(cover())) }
        }
        @MainActor func tapSwitch(_ h: ViewHost) {
            let c = h.nodes(of: SwitchNode.self)[0].frame.center
            h.handlePointer(PointerEvent(id: 0, phase: .began, location: c, time: 0))
            h.handlePointer(PointerEvent(id: 0, phase: .ended, location: c, time: 0.05))
        }
        tapSwitch(host { Color.black.opacity(0.3) })
        XCTAssertFalse(m.on, "a scrim drawn in front takes the tap")
        tapSwitch(host { Color.black.opacity(0) })
        XCTAssertTrue(m.on, "a fully transparent view lets it through")
        tapSwitch(host { Color.black.opacity(0.3).allowsHitTesting(false) })
        XCTAssertFalse(m.on, "allowsHitTesting(false) lets it through")
        tapSwitch(host { Color.clear })
        XCTAssertTrue(m.on, "Color.clear lets it through")
    } }

    func testToggleFollowsAValueChangedElsewhere() { onMain {
        let m = SwitchModel()
        let host = makeHost(Size(200, 100)) { Toggle(isOn: m.$on) { Text("") } }
        let c = host.nodes(of: SwitchNode.self)[0].frame.center
        host.handlePointer(PointerEvent(id: 0, phase: .began, location: c, time: 0))
        host.handlePointer(PointerEvent(id: 0, phase: .ended, location: c, time: 0.05))
        var t = 0.05
        while host.advance(to: t) { t += 1 / 60 }
        m.on = false
        host.invalidate()
        while host.advance(to: t) || host.update(bounds: host.bounds, time: t) { t += 1 / 60; if t > 5 { break } }
        host.update(bounds: host.bounds, time: t + 1)
        XCTAssertEqual(host.nodes(of: SwitchNode.self)[0].position, 0, accuracy: 0.001)
    } }

    func testAHostWithReadersIsFreedWhenReleased() { onMain {
        weak var weakHost: ViewHost?
        do {
            let host = makeHost(Size(100, 100)) { GeometryReader { _ in Color.white }.overlayPreferenceValue(OrderKey.self) { _ in Color.clear } }
            weakHost = host
            XCTAssertNotNil(weakHost)
        }
        XCTAssertNil(weakHost, "no cycle through the build contexts")
    } }

    func testAPressEndsWhenAnotherKindOfViewTakesThePressedOnesPlace() { onMain {
        let m = SwapModel()
        let host = makeHost(Size(300, 100)) {
            AnyView(m.slider ? AnyView(Slider(value: m.$value, in: 0...1).frame(width: 200))
                             : AnyView(Toggle(isOn: m.$on) { Text("") }.frame(width: 200)))
        }
        let p = host.nodes(of: SliderNode.self)[0].thumbCenter
        host.handlePointer(PointerEvent(id: 0, phase: .began, location: p, time: 0))
        m.slider = false
        host.invalidate()
        host.handlePointer(PointerEvent(id: 0, phase: .moved, location: Point(p.x + 60, p.y), time: 0.1))
        host.handlePointer(PointerEvent(id: 0, phase: .ended, location: Point(p.x + 60, p.y), time: 0.2))
        XCTAssertFalse(m.on, "the switch never saw a press begin")
        XCTAssertFalse(host.isPressing)
    } }

    func testTypingAfterAFlagKeepsTheCaretAfterIt() {
        var e = TextEditing(text: "🇫x🇷", caret: 2)
        e.deleteBackward()
        XCTAssertEqual(e.text, "🇫🇷")
        XCTAssertEqual(e.head, 1)
    }

    /// Whatever a view's arithmetic gives (a width over a zero width), no frame of the tree
    /// is NaN or infinite: where frames are made, a NaN becomes 0 and an infinity the bound,
    /// and the children are placed in the finite frame.
    func testNoFrameIsNaNOrInfinite() { onMain {
        let bound = LayoutMetrics.maxLayoutCoordinate
        let host = makeHost(Size(100, 100)) {
            VStack(spacing: 0) {
                Color.red.frame(width: 0.0 / 0.0, height: 10).accessibilityIdentifier("nan")
                Color.green.frame(width: 10, height: 10).accessibilityIdentifier("infinite").offset(x: 1.0 / 0.0, y: -1.0 / 0.0)
            }
        }
        XCTAssertEqual(host.frame("nan"), Rect(x: 0, y: 40, width: 0, height: 10))
        XCTAssertEqual(host.frame("infinite"), Rect(x: bound, y: -bound, width: 10, height: 10))
        host.currentTree()?.visit { node in
            let f = node.frame
            XCTAssertTrue(f.x.isFinite && f.y.isFinite && f.width.isFinite && f.height.isFinite, "\(type(of: node)) at \(f)")
        }
    } }
}

@MainActor private final class SwitchModel { @State var on = false }
@MainActor private final class SwapModel { @State var value = 0.0; @State var on = false; var slider = true }
