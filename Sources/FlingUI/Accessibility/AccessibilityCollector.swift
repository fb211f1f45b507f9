// AccessibilityCollector: how a laid-out view tree becomes accessibility elements: each node's
// default (text is static text, images are hidden, widgets have their roles, values and
// states), folded with what the accessibility modifiers say; and how an action, a value or text
// a screen reader sends finds its way back to the node.
import FlingCore

/// A node with an accessibility element of its own by default (text, widgets, taps).
@MainActor
protocol AccessibleNode: Node {
    /// The element this node is by default (nil: none; its children's are used).
    func accessibilityElement(_ collector: AccessibilityCollector) -> AccessibilityElement?
    /// Does `action` ("activate", "increment", …); false when it has no such action.
    func performAccessibilityAction(_ name: String, host: ViewHost) -> Bool
}

extension AccessibleNode {
    func performAccessibilityAction(_ name: String, host: ViewHost) -> Bool { false }
}

/// Builds the elements of one host's tree.
@MainActor
struct AccessibilityCollector {
    /// Names the host: ids are "prefix/" and the node's identifier or path.
    let prefix: String
    /// From the host's coordinates to the window's (the layer's offset or scale).
    let transform: (Rect) -> Rect
    unowned let host: ViewHost

    func id(of node: Node) -> String { prefix + "/" + (node.identifier ?? node.path) }
    func frame(of node: Node) -> Rect { transform(node.frame) }
    /// `key` in the user's language.
    func localized(_ key: LocalizedStringKey) -> String { host.env.localized(key) }

    /// Focus states for a focusable node (focused when the host's focus is on it).
    func focusStates(_ node: Node) -> AccessibilityStates {
        host.focusedPath == node.path ? [.focusable, .focused] : [.focusable]
    }

    /// The elements of the tree under `node`, in code order.
    func elements(of node: Node) -> [AccessibilityElement] {
        if let a = node as? AccessibilityNode { return elements(of: a) }
        if let n = node as? AccessibleNode, let e = n.accessibilityElement(self) { return [e] }
        var out: [AccessibilityElement] = []
        node.forEachChild { out += elements(of: $0) }
        return out
    }

    private func elements(of node: AccessibilityNode) -> [AccessibilityElement] {
        let info = node.info
        if info.hidden { return [] }
        let inner = elements(of: node.child)
        var e: AccessibilityElement
        switch info.children {
        case .combine?:
            e = AccessibilityElement(id: id(of: node), role: info.role ?? .group, frame: frame(of: node))
            e.label = joinedLabels(inner)
            for c in inner {
                e.states.formUnion(c.states)
                for a in c.actions where !e.actions.contains(a) { e.actions.append(a) }
            }
        case .ignore?:
            e = AccessibilityElement(id: id(of: node), role: info.role ?? .group, frame: frame(of: node))
        case .contain?:
            e = AccessibilityElement(id: id(of: node), role: info.role ?? .group, frame: frame(of: node), children: inner)
        case nil:
            if inner.count == 1 {
                e = inner[0]
                if let r = info.role { e.role = r }
            } else if info.makesElement {
                // A label, role or action on several elements (or none) makes them one.
                // (A labelled image is an image: an image has no element of its own.)
                let role = info.role ?? (!inner.isEmpty ? .group : Self.holdsImage(node.child) ? .image : .staticText)
                e = AccessibilityElement(id: id(of: node), role: role, frame: frame(of: node))
                if inner.isEmpty {
                    e.label = ""
                } else {
                    e.children = inner
                }
            } else {
                // A value or hint alone, on nothing or on several: nothing to put it on.
                return inner
            }
        }
        if let l = info.label { e.label = l }
        if let v = info.value { e.value = v }
        if let h = info.hint { e.hint = h }
        e.states.formUnion(info.states)
        for (a, _) in info.actions where !e.actions.contains(a) { e.actions.append(a) }
        return [e]
    }

    /// Whether `node` is an image, under modifiers.
    static func holdsImage(_ node: Node) -> Bool {
        var n = node
        while let w = n as? WrapperNode { n = w.child }
        return n is ImageNode
    }

    /// Children's labels joined as VoiceOver reads a combined element ("Name, Type · Place"),
    /// with the language's comma ("، " in Arabic, "，" in Chinese).
    func joinedLabels(_ elements: [AccessibilityElement]) -> String {
        var parts: [String] = []
        func add(_ e: AccessibilityElement) {
            if !e.label.isEmpty { parts.append(e.label) }
            if let v = e.value, !v.isEmpty { parts.append(v) }
            for c in e.children { add(c) }
        }
        for e in elements { add(e) }
        guard var out = parts.first else { return "" }
        for p in parts.dropFirst() { out = host.env.strings.string("%@, %@", [out, p]) }
        return out
    }
}

extension ViewHost {
    /// The accessibility elements of the current tree (`prefix` names the host in their ids;
    /// `transform` takes the host's coordinates to the window's).
    package func accessibilityElements(prefix: String, transform: @escaping (Rect) -> Rect = { $0 }) -> [AccessibilityElement] {
        guard let root = currentTree() else { return [] }
        return AccessibilityCollector(prefix: prefix, transform: transform, host: self).elements(of: root)
    }

    /// The node an element id of this host (`prefix/…`) stands for.
    private func node(forAccessibilityID id: String, prefix: String) -> Node? {
        guard id.hasPrefix(prefix + "/") else { return nil }
        let key = String(id.dropFirst(prefix.count + 1))
        guard let root = currentTree() else { return nil }
        var found: Node?
        root.visit { if found == nil, $0.identifier == key || ($0.identifier == nil && $0.path == key) { found = $0 } }
        return found
    }

    /// Does the named action of the element `id`: its modifiers' action, else the first node
    /// under it that has one (a combined row's tap, a widget's own). False when none does.
    package func performAccessibilityAction(_ name: String, on id: String, prefix: String, time t: Double) -> Bool {
        // A segment of a segmented control: "its id#index".
        if let hash = id.lastIndex(of: "#"), let i = Int(id[id.index(after: hash)...]),
           let control = node(forAccessibilityID: String(id[..<hash]), prefix: prefix) as? SegmentedControlNode {
            guard name == AccessibilityAction.activate.name else { return false }
            advanceClock(t)
            control.select(i)
            markDirty()
            return true
        }
        guard let node = node(forAccessibilityID: id, prefix: prefix) else { return false }
        advanceClock(t)
        var done = false
        node.visit { n in
            guard !done else { return }
            if let a = n as? AccessibilityNode, let action = a.info.actions.first(where: { $0.action.name == name }) {
                action.perform(); done = true
            } else if let n = n as? AccessibleNode, n.performAccessibilityAction(name, host: self) {
                done = true
            }
        }
        if done { markDirty() }
        return done
    }

    /// Sets the value of the adjustable element `id` (a slider), clamped to its range.
    package func setAccessibilityValue(_ value: Double, on id: String, prefix: String, time t: Double) -> Bool {
        guard let node = node(forAccessibilityID: id, prefix: prefix) else { return false }
        advanceClock(t)
        var slider: SliderNode?
        node.visit { if slider == nil, let s = $0 as? SliderNode { slider = s } }
        guard let slider else { return false }
        slider.setAccessibilityValue(value)
        markDirty()
        return true
    }

    /// Replaces the text of the field `id` (EditableText), focusing it; the caret goes to the end.
    package func setAccessibilityText(_ text: String, on id: String, prefix: String, time t: Double) -> Bool {
        guard let field = textField(id, prefix: prefix) else { return false }
        advanceClock(t)
        focus(field, ringVisible: true)
        guard var e = editing else { return false }
        e.selectAll()
        let insertion = e.paste(text)
        commit(e, to: field, insertion: insertion)
        return true
    }

    /// Moves the caret of the field `id` to scalar `offset` (Text.SetCaretOffset), focusing it.
    package func setAccessibilityCaret(_ offset: Int, on id: String, prefix: String, time t: Double) -> Bool {
        guard let field = textField(id, prefix: prefix) else { return false }
        advanceClock(t)
        let caret = AccessibilityTextOffsets.cluster(atScalar: offset, in: field.text.wrappedValue)
        focus(field, caret: caret, ringVisible: true)
        return true
    }

    /// Moves keyboard focus to the focusable node `id` stands for (Component.GrabFocus).
    package func focusAccessibilityElement(_ id: String, prefix: String, time t: Double) -> Bool {
        guard let node = node(forAccessibilityID: id, prefix: prefix) else { return false }
        advanceClock(t)
        var target: Focusable?
        node.visit { if target == nil, let f = $0 as? Focusable { target = f } }
        guard let target else { return false }
        focus(target, ringVisible: true)
        return true
    }

    private func textField(_ id: String, prefix: String) -> TextFieldNode? {
        guard let node = node(forAccessibilityID: id, prefix: prefix) else { return nil }
        var field: TextFieldNode?
        node.visit { if field == nil, let f = $0 as? TextFieldNode { field = f } }
        return field
    }
}

/// Between a field's grapheme-cluster positions (what editing counts) and Unicode scalar
/// offsets (what AT-SPI counts).
enum AccessibilityTextOffsets {
    static func scalar(atCluster cluster: Int, in text: String) -> Int {
        var n = 0
        for (i, c) in text.enumerated() {
            if i >= cluster { break }
            n += c.unicodeScalars.count
        }
        return n
    }
    static func cluster(atScalar scalar: Int, in text: String) -> Int {
        var n = 0, i = 0
        for c in text {
            if n >= scalar { return i }
            n += c.unicodeScalars.count
            i += 1
        }
        return i
    }
}
