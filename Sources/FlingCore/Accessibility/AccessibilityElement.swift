// AccessibilityElement: what assistive technology is told about one thing on screen (role,
// name, value, hint, states, actions, frame, a slider's range, a field's text), as a value
// tree the UI layer builds and a platform bridge (AT-SPI) exports; and its text form for tests.

/// What an element is, as a screen reader names it (UIKit's traits, AT-SPI's roles).
public enum AccessibilityRole: String, Sendable, Equatable, CaseIterable {
    case application, window, dialog, button, toggle, slider, textField, staticText, header, image, link
    case list, listItem, tabList, tab, group, notification
}

/// What holds of an element now (AT-SPI's states; `showing` and `enabled` are implied).
public struct AccessibilityStates: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let focusable = AccessibilityStates(rawValue: 1 << 0)
    public static let focused = AccessibilityStates(rawValue: 1 << 1)
    public static let selectable = AccessibilityStates(rawValue: 1 << 2)
    public static let selected = AccessibilityStates(rawValue: 1 << 3)
    public static let checked = AccessibilityStates(rawValue: 1 << 4)
    public static let expandable = AccessibilityStates(rawValue: 1 << 5)
    public static let expanded = AccessibilityStates(rawValue: 1 << 6)
    public static let modal = AccessibilityStates(rawValue: 1 << 7)
    public static let editable = AccessibilityStates(rawValue: 1 << 8)
    public static let disabled = AccessibilityStates(rawValue: 1 << 9)
    /// The active window (AT-SPI's "active": Orca reads only an active frame's focus events).
    public static let active = AccessibilityStates(rawValue: 1 << 10)

    /// Names in a fixed order, for the text form.
    static let names: [(AccessibilityStates, String)] = [
        (.focusable, "focusable"), (.focused, "focused"), (.selectable, "selectable"), (.selected, "selected"),
        (.checked, "checked"), (.expandable, "expandable"), (.expanded, "expanded"), (.modal, "modal"),
        (.editable, "editable"), (.disabled, "disabled"), (.active, "active"),
    ]
}

/// Something an element can be asked to do: a stable name for clients and the words a
/// screen reader says for it (SwiftUI's `accessibilityAction(named:)`).
public struct AccessibilityAction: Equatable, Sendable {
    public var name: String
    public var label: String
    public init(name: String, label: String) { self.name = name; self.label = label }

    /// The element's default action (a tap; AT-SPI clients look for "activate" or "click").
    public static let activate = AccessibilityAction(name: "activate", label: "Activate")
    public static let expand = AccessibilityAction(name: "expand", label: "Expand")
    public static let collapse = AccessibilityAction(name: "collapse", label: "Collapse")
    public static let dismiss = AccessibilityAction(name: "dismiss", label: "Dismiss")
    public static let close = AccessibilityAction(name: "close", label: "Close")
    public static let increment = AccessibilityAction(name: "increment", label: "Increment")
    public static let decrement = AccessibilityAction(name: "decrement", label: "Decrement")
}

/// An adjustable element's numbers (AT-SPI's Value interface).
public struct AccessibilityRange: Equatable, Sendable {
    public var minimum: Double, maximum: Double, step: Double, current: Double
    public init(minimum: Double, maximum: Double, step: Double, current: Double) {
        self.minimum = minimum; self.maximum = maximum; self.step = step; self.current = current
    }
}

/// A text field's contents (AT-SPI's Text interface). Offsets count Unicode scalars, as
/// AT-SPI's character offsets do.
public struct AccessibilityText: Equatable, Sendable {
    public var string: String
    public var caret: Int
    /// The selected scalars (empty when nothing is).
    public var selection: Range<Int>
    public init(string: String, caret: Int, selection: Range<Int>) {
        self.string = string; self.caret = caret; self.selection = selection
    }
}

/// One element of the accessibility tree. `id` is stable while the thing it stands for stays
/// on screen (a view's structural path under its host's name), so a bridge can tell what
/// changed between two trees.
public struct AccessibilityElement: Equatable, Sendable {
    public var id: String
    public var role: AccessibilityRole
    public var label: String
    public var value: String?
    public var hint: String?
    public var states: AccessibilityStates
    public var actions: [AccessibilityAction]
    /// In window pt.
    public var frame: Rect
    public var range: AccessibilityRange?
    public var text: AccessibilityText?
    public var children: [AccessibilityElement]

    public init(id: String, role: AccessibilityRole, label: String = "", value: String? = nil, hint: String? = nil,
                states: AccessibilityStates = [], actions: [AccessibilityAction] = [], frame: Rect = .zero,
                range: AccessibilityRange? = nil, text: AccessibilityText? = nil, children: [AccessibilityElement] = []) {
        self.id = id; self.role = role; self.label = label; self.value = value; self.hint = hint
        self.states = states; self.actions = actions; self.frame = frame; self.range = range; self.text = text
        self.children = children
    }

    /// This element and every descendant, parents first.
    public func visit(_ body: (AccessibilityElement) -> Void) {
        body(self)
        for c in children { c.visit(body) }
    }

    /// The element with `id` in this tree.
    public func element(id: String) -> AccessibilityElement? {
        if self.id == id { return self }
        for c in children { if let e = c.element(id: id) { return e } }
        return nil
    }

    /// The focused element, if any.
    public var focused: AccessibilityElement? {
        if states.contains(.focused) { return self }
        for c in children { if let e = c.focused { return e } }
        return nil
    }

    /// The tree as indented lines, one element each: role, "label", value, states, actions and
    /// frame (whole pt). Tests compare whole trees in this form.
    public var outline: String {
        var lines: [String] = []
        func add(_ e: AccessibilityElement, depth: Int) {
            var s = String(repeating: "  ", count: depth) + e.role.rawValue + " \"" + e.label + "\""
            if let v = e.value { s += " value=\"" + v + "\"" }
            if let h = e.hint { s += " hint=\"" + h + "\"" }
            let states = AccessibilityStates.names.filter { e.states.contains($0.0) }.map(\.1)
            if !states.isEmpty { s += " [" + states.joined(separator: " ") + "]" }
            if !e.actions.isEmpty { s += " actions=" + e.actions.map(\.name).joined(separator: ",") }
            if let r = e.range { s += " range=\(Self.number(r.minimum))...\(Self.number(r.maximum))/\(Self.number(r.step)):\(Self.number(r.current))" }
            if let t = e.text { s += " text=\"\(t.string)\" caret=\(t.caret)" + (t.selection.isEmpty ? "" : " sel=\(t.selection.lowerBound)..<\(t.selection.upperBound)") }
            let f = e.frame
            s += " @\(Self.number(f.x)),\(Self.number(f.y)) \(Self.number(f.width))x\(Self.number(f.height))"
            lines.append(s)
            for c in e.children { add(c, depth: depth + 1) }
        }
        add(self, depth: 0)
        return lines.joined(separator: "\n")
    }

    static func number(_ v: Double) -> String {
        let r = v.rounded()
        return r == v || abs(r - v) < 0.05 ? String(Int(r)) : String(Double(Int((v * 10).rounded())) / 10)
    }
}
