import FlingCore
@testable import FlingUI
import XCTest

/// A rebuilt tree keeps its node objects (fewer allocations per build): a node of the same type at the same path
/// is taken again and given the new build's values, and a node no view took is kept as a
/// spare for a new view of its type elsewhere. Nothing of its last build may show: a tree
/// rebuilt in place must lay out, draw and publish exactly what a fresh tree does.
final class NodeReuseTests: XCTestCase {
    /// A view whose every part follows `n`: sizes, colours, strings, alignments, which branch
    /// is taken, how many rows, what is published and read back.
    struct Varied: View {
        let n: Int
        @Binding var text: String
        @Binding var value: Double
        @Binding var on: Bool

        func k(_ m: Int) -> Double { Double(n % m) }

        var body: some View {
            VStack(alignment: n % 2 == 0 ? .leading : .trailing, spacing: k(4) * 3) {
                Text(String(repeating: "word ", count: n % 5 + 1))
                    .font(n % 3 == 0 ? .title : .body).lineLimit(n % 2 + 1)
                    .foregroundColor(n % 2 == 0 ? SystemColor.label : SystemColor.blue)
                HStack(alignment: n % 2 == 0 ? .top : .bottom) {
                    if n % 3 == 0 {
                        Color(white: 0.2).frame(width: 10 + k(7), height: 8)
                    } else {
                        Circle().fill(SystemColor.blue).frame(width: 12)
                    }
                    Spacer(minLength: k(5))
                    RoundedRectangle(cornerRadius: k(6)).stroke(SystemColor.green, lineWidth: k(3) + 1)
                        .frame(minWidth: 5, maxWidth: 40 + k(9), minHeight: 6)
                }
                .padding(k(8))
                .background(Color(white: 0.5 + k(5) / 10), alignment: n % 2 == 0 ? .center : .top)
                .overlay(Text("o\(n % 3)"), alignment: n % 2 == 0 ? .bottomTrailing : .topLeading)
                ZStack(alignment: n % 2 == 0 ? .topLeading : .center) {
                    Color(white: 0.9).frame(height: 10 + k(4))
                    if n % 4 != 1 { Text("z").offset(x: k(5), y: k(3)) }
                }
                .anchorPreference(key: AnchorKey.self, value: .bounds) { [$0] }
                ForEach(0..<(n % 4 + 1)) { i in
                    Text("row \(i)").opacity(Double((n + i) % 4) / 3).offset(x: Double((n + i) % 5))
                        .anchorPreference(key: AnchorKey.self, value: .bounds) { [$0] }
                }
                Divider()
                HStack {
                    Toggle(isOn: $on) { Text(n % 2 == 0 ? "on" : "toggle") }
                    if n % 5 == 0 {
                        Slider(value: $value, in: 0...(10 + k(3)))
                    } else {
                        Slider(value: $value, in: 0...(10 + k(3))).layoutPriority(1).accessibilityIdentifier("slider")
                    }
                }
                Canvas(k(7)) { x, list, frame in list.fill(Rect(x: frame.minX + x, y: frame.minY, width: 4, height: 2), .black) }
                    .frame(height: 4)
                    .allowsHitTesting(n % 3 == 0)
                    .accessibilityIdentifier(n % 2 == 0 ? "canvas" : "drawing")
                TextField("p\(n % 2)", text: $text).fixedSize(horizontal: n % 2 == 0, vertical: false)
                Image("x.jpg").resizable().scaledToFill().frame(height: 20 + k(5)).clipped()
                ScrollView {
                    VStack { ForEach(0..<(n % 3 + 1)) { Text("s\($0)") } }
                }
                .frame(height: 30)
                GeometryReader { g in Color(white: 0.1).frame(width: g.size.width / (k(3) + 2)) }.frame(height: 10)
            }
            .transformAnchorPreference(key: AnchorKey.self, value: .bounds) { $0.append($1) }
            .overlayPreferenceValue(AnchorKey.self) { anchors in
                GeometryReader { g in
                    ZStack(alignment: .topLeading) {
                        ForEach(Array(anchors.enumerated()), id: \.offset) { _, a in
                            Rectangle().stroke(SystemColor.red).frame(width: g[a].width / 4, height: 2)
                                .offset(x: g[a].minX / 4, y: g[a].minY / 4)
                        }
                    }
                }
            }
        }
    }

    /// Everything a tree shows: each node's type, path and frame, what it draws, and what it
    /// publishes.
    @MainActor static func picture(_ host: ViewHost) -> [String] {
        var out: [String] = []
        host.nodes(of: Node.self).forEach { out.append("\(type(of: $0)) \($0.path) \($0.frame) \($0.layoutPriority) \($0.identifier ?? "")") }
        var dl = DisplayList(background: .white)
        host.draw(into: &dl)
        out += dl.commands.map { "\($0)" }
        out += (host.preferenceValue(AnchorKey.self) ?? []).map { "\($0.global)" }
        // What a press takes, on a grid of points.
        for y in stride(from: 2.0, to: 640, by: 12) {
            for x in stride(from: 2.0, to: 320, by: 20) {
                let chain = host.root?.hitChain(Point(x, y)).map { $0.map { "\(type(of: $0)) \($0.path)" } }
                out.append("\(x),\(y): \(chain ?? ["nil"])")
            }
        }
        return out
    }

    func testATreeRebuiltInPlaceShowsWhatAFreshTreeShows() { onMain {
        // Seeded: 60 steps, each a random n (and random widget values), through one host that
        // reuses its nodes, against a fresh host built for each step.
        var seed: UInt64 = 0x5EED_F11E
        func next(_ m: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(m))
        }
        let n = Captured<Int>(), text = Captured<String>(), value = Captured<Double>(), on = Captured<Bool>()
        n.value = 0; text.value = ""; value.value = 0; on.value = false
        @MainActor func view() -> any View {
            Varied(n: n.value ?? 0,
                   text: Binding(get: { text.value ?? "" }, set: { text.value = $0 }),
                   value: Binding(get: { value.value ?? 0 }, set: { value.value = $0 }),
                   on: Binding(get: { on.value ?? false }, set: { on.value = $0 }))
        }
        let size = Size(320, 640)
        let kept = makeHost(size) { view() }
        var reusedNodes = 0
        for step in 0..<60 {
            n.value = next(24)
            text.value = String(repeating: "t", count: next(6))
            value.value = Double(next(12))
            on.value = next(2) == 1
            let before = kept.nodes(of: Node.self)
            kept.invalidate()
            kept.update(bounds: Rect(origin: .zero, size: size), time: Double(step))
            let after = kept.nodes(of: Node.self)
            reusedNodes += after.filter { node in before.contains { $0 === node } }.count
            let fresh = makeHost(size, time: Double(step)) { view() }
            XCTAssertEqual(Self.picture(kept), Self.picture(fresh), "step \(step), n \(n.value ?? 0)")
        }
        XCTAssertGreaterThan(reusedNodes, 60 * 20, "most nodes are taken again")
        XCTAssertGreaterThan(kept.recycled, 20, "rows that come and go recycle the nodes of rows gone")
    } }

    func testTheSameViewRebuiltKeepsEveryNodeAndAChangedKindIsNew() { onMain {
        let flag = Captured<Bool>()
        flag.value = true
        let host = makeHost(Size(200, 200)) {
            VStack {
                Text("a").padding(4)
                if flag.value == true { Color.white.frame(height: 10) } else { Text("b") }
            }
        }
        let first = host.nodes(of: Node.self)
        host.invalidate()
        host.update(bounds: Rect(x: 0, y: 0, width: 200, height: 200), time: 1)
        let second = host.nodes(of: Node.self)
        XCTAssertEqual(second.count, first.count)
        XCTAssertTrue(zip(first, second).allSatisfy { $0 === $1 }, "every node taken again")
        flag.value = false
        host.invalidate()
        host.update(bounds: Rect(x: 0, y: 0, width: 200, height: 200), time: 2)
        let third = host.nodes(of: Node.self)
        let text = third.compactMap { $0 as? TextNode }.first { $0.string == "b" }
        XCTAssertNotNil(text)
        XCTAssertFalse(first.contains { $0 === text }, "the other branch is another view: not a node of the first")
        XCTAssertTrue(third.contains { $0 === first[0] }, "the stack is the same")
    } }

    func testALoneInteractiveChildOfAContainerTakesPressesAndKeys() throws { try onMain {
        // A lone view is part 0 of its block: with the stack's own path it was found as the
        // stack, so its presses and keys went nowhere.
        let text = Captured<String>(), value = Captured<Double>()
        text.value = ""; value.value = 0
        let host = makeHost(Size(300, 200)) {
            VStack {
                HStack { TextField("", text: Binding(get: { text.value ?? "" }, set: { text.value = $0 })) }
                VStack { Slider(value: Binding(get: { value.value ?? 0 }, set: { value.value = $0 }), in: 0...10) }
            }
        }
        let field = try XCTUnwrap(host.nodes(of: TextFieldNode.self).first)
        let stacks = host.nodes(of: StackNode.self)
        XCTAssertFalse(stacks.contains { $0.path == field.path }, "no stack shares the field's path")
        host.handlePointer(PointerEvent(id: 0, phase: .began, location: field.frame.center, time: 1))
        host.handlePointer(PointerEvent(id: 0, phase: .ended, location: field.frame.center, time: 1.05))
        XCTAssertEqual(host.focusedPath, field.path)
        host.handleText("ab", time: 1.1)
        XCTAssertEqual(text.value, "ab")
        let slider = try XCTUnwrap(host.nodes(of: SliderNode.self).first)
        host.handlePointer(PointerEvent(id: 0, phase: .began, location: Point(slider.frame.minX + 2, slider.frame.midY), time: 2))
        host.handlePointer(PointerEvent(id: 0, phase: .moved, location: Point(slider.frame.maxX - 2, slider.frame.midY), time: 2.1))
        host.handlePointer(PointerEvent(id: 0, phase: .ended, location: Point(slider.frame.maxX - 2, slider.frame.midY), time: 2.2))
        XCTAssertEqual(value.value ?? 0, 10, accuracy: 0.5, "dragged to the end")
    } }

    func testANodeTakenAgainStartsAsANewOneWould() { onMain {
        let node = SpacerNode(path: "a", axis: .horizontal, minLength: 4)
        _ = node.size(for: ProposedSize(width: 10, height: nil))
        node.place(in: Rect(x: 1, y: 2, width: 3, height: 4), proposal: .unspecified)
        node.layoutPriority = 2
        node.identifier = "x"
        node.minLength = 20
        node.prepareForReuse()
        XCTAssertEqual(node.frame, .zero)
        XCTAssertEqual(node.layoutPriority, 0)
        XCTAssertNil(node.identifier)
        XCTAssertEqual(node.size(for: ProposedSize(width: 10, height: nil)).width, 20, "measured again, not the cached 10")
        XCTAssertEqual(node.storageKey("grab", Double.self).raw, "a#grab")
        node.move(to: "b")
        XCTAssertEqual(node.path, "b")
        XCTAssertEqual(node.storageKey("grab", Double.self).raw, "b#grab")
    } }

    func testSparesAreRecycledOnlyByBuildsAndOnlyForTypesViewsAskFor() { onMain {
        // Rows removed leave spares; a tree built to measure a view outside a build takes
        // none of them, and the next build's new rows do.
        let rows = Captured<Int>()
        rows.value = 4
        let host = makeHost(Size(200, 300)) {
            VStack { ForEach(0..<(rows.value ?? 0)) { Text("row \($0)").padding(2) } }
        }
        rows.value = 1
        host.invalidate()
        host.update(bounds: Rect(x: 0, y: 0, width: 200, height: 300), time: 1)
        let recycledBefore = host.recycled
        _ = host.idealHeight(of: Text("measured").padding(2), width: 100)
        XCTAssertEqual(host.recycled, recycledBefore, "measuring took no spare")
        rows.value = 4
        host.invalidate()
        host.update(bounds: Rect(x: 0, y: 0, width: 200, height: 300), time: 2)
        XCTAssertEqual(host.recycled - recycledBefore, 6, "three rows' text and padding nodes recycled")
    } }
}
