import FlingCore
@testable import FlingUI
import XCTest

/// SwiftUI's accessibility modifiers on the view tree, and the defaults of text, images, taps
/// and widgets: the elements a view makes, as whole values.
final class AccessibilityModifierTests: XCTestCase {
    func testTextIsStaticTextAndImagesAreHiddenUnlessLabelled() { MainActor.assumeIsolated {
        let (_, e) = elements(VStack(spacing: 0) {
            Text("Hello")
            Image("photo.jpg")
            Image("map.jpg").accessibilityLabel("Map")
            Text("").frame(height: 10)
        })
        XCTAssertEqual(e.map(\.outline), [
            "staticText \"Hello\" @128.8,86.5 42.5x17",
            "image \"Map\" @100,203.5 100x100",
        ])
    } }

    func testCombineJoinsTheChildrensLabelsAndAddsTraitsHintsAndActions() { MainActor.assumeIsolated {
        let tapped = Counter(), starred = Counter()
        let (host, e) = elements(
            VStack { Text("Name"); Text("Place") }
                .onTapGesture { tapped.n += 1 }
                .accessibilityElement(children: .combine)
                .accessibilityAddTraits([.isButton, .isSelected])
                .accessibilityHint("Opens it")
                .accessibilityAction(named: "Star") { starred.n += 1 }
        )
        XCTAssertEqual(e.map(\.outline), ["button \"Name, Place\" hint=\"Opens it\" [selected] actions=activate,star @128.8,179 42.5x42"])
        XCTAssertTrue(host.performAccessibilityAction("activate", on: e[0].id, prefix: "t", time: 0))
        XCTAssertTrue(host.performAccessibilityAction("star", on: e[0].id, prefix: "t", time: 0))
        XCTAssertFalse(host.performAccessibilityAction("jump", on: e[0].id, prefix: "t", time: 0))
        XCTAssertEqual([tapped.n, starred.n], [1, 1])
    } }

    func testIgnoreContainAndHidden() { MainActor.assumeIsolated {
        let (_, e) = elements(VStack(spacing: 0) {
            HStack { Text("A"); Text("B") }.accessibilityElement(children: .ignore).accessibilityLabel("Both")
            VStack { Text("C"); Text("D").accessibilityHidden(true) }.accessibilityElement(children: .contain).accessibilityRole(.list)
            Text("E").accessibilityHidden(true)
        })
        XCTAssertEqual(e.map(\.outline), [
            "group \"Both\" @137.5,162 25x17",
            "list \"\" @145.8,179 8.5x42\n  staticText \"C\" @145.8,179 8.5x17",
        ])
    } }

    func testValueLabelAndRoleOnOneElementFoldIntoIt() { MainActor.assumeIsolated {
        let (_, e) = elements(Text("Half").accessibilityLabel("Sheet").accessibilityValue("half height").accessibilityRole(.button))
        XCTAssertEqual(e.map(\.outline), ["button \"Sheet\" value=\"half height\" @133,191.5 34x17"])
    } }

    func testSegmentedControlIsATabListOfItsSegments() { MainActor.assumeIsolated {
        let choice = Counter()
        choice.n = 1
        let binding = Binding(get: { choice.n }, set: { choice.n = $0 })
        let (host, e) = elements(SegmentedControl(selection: binding, labels: ["One", "Two"]).accessibilityLabel("Policy"))
        XCTAssertEqual(e.first?.role, .tabList)
        XCTAssertEqual(e.first?.label, "Policy")
        XCTAssertEqual(e.first?.children.map { "\($0.label) \($0.states.contains(.selected))" }, ["One false", "Two true"])
        XCTAssertTrue(host.performAccessibilityAction("activate", on: e[0].children[0].id, prefix: "t", time: 0))
        XCTAssertEqual(choice.n, 0)
    } }
}

@MainActor private final class Counter { var n = 0 }

/// `view` laid out in 300×400, and its elements (ids under "t").
@MainActor private func elements(_ view: some View) -> (ViewHost, [AccessibilityElement]) {
    let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in Size(width: 100, height: 100) })
    let host = ViewHost(env: env) { view }
    host.update(bounds: Rect(x: 0, y: 0, width: 300, height: 400), time: 0)
    return (host, host.accessibilityElements(prefix: "t"))
}
