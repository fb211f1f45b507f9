// AccessibilityModifiers: SwiftUI's accessibility modifiers (label, value, hint, traits, hidden,
// element(children:), actions) and the node they make, which the accessibility collector reads.
import FlingCore

/// SwiftUI's `AccessibilityTraits`: what kind of thing a view is, for a screen reader.
public struct AccessibilityTraits: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let isButton = AccessibilityTraits(rawValue: 1 << 0)
    public static let isHeader = AccessibilityTraits(rawValue: 1 << 1)
    public static let isImage = AccessibilityTraits(rawValue: 1 << 2)
    public static let isLink = AccessibilityTraits(rawValue: 1 << 3)
    public static let isSelected = AccessibilityTraits(rawValue: 1 << 4)
    public static let isModal = AccessibilityTraits(rawValue: 1 << 5)
    public static let isStaticText = AccessibilityTraits(rawValue: 1 << 6)
    public static let isToggle = AccessibilityTraits(rawValue: 1 << 7)

    /// The role these traits give (the first that names one).
    var role: AccessibilityRole? {
        if contains(.isButton) { return .button }
        if contains(.isToggle) { return .toggle }
        if contains(.isLink) { return .link }
        if contains(.isHeader) { return .header }
        if contains(.isImage) { return .image }
        if contains(.isStaticText) { return .staticText }
        return nil
    }
    var states: AccessibilityStates {
        var s: AccessibilityStates = []
        if contains(.isSelected) { s.insert(.selected) }
        if contains(.isModal) { s.insert(.modal) }
        return s
    }
}

/// SwiftUI's `AccessibilityChildBehavior`: how a container's children become elements.
public enum AccessibilityChildBehavior: Sendable {
    /// One element; the children's elements are dropped (its own label and value only).
    case ignore
    /// One element whose label joins the children's labels (", "), with their actions.
    case combine
    /// One element holding the children's elements (a group, unless a role is given).
    case contain
}

/// What the accessibility modifiers on one view say. Several modifiers on a view fold into
/// one of these (the outer ones win, as in SwiftUI).
struct AccessibilityInfo {
    var label: String?
    var value: String?
    var hint: String?
    var role: AccessibilityRole?
    var states: AccessibilityStates = []
    var hidden = false
    var children: AccessibilityChildBehavior?
    var actions: [(action: AccessibilityAction, perform: @MainActor () -> Void)] = []

    /// Whether this makes an element of its own (a label, a role or an action given).
    var makesElement: Bool { label != nil || role != nil || !actions.isEmpty || children != nil }
}

/// A view's accessibility, as its modifiers left it (the wrapper the collector reads).
@MainActor
final class AccessibilityNode: WrapperNode, SetUpWrapper {
    var info = AccessibilityInfo()
    /// The build this node's info was set in (the modifiers of one build fold into one node).
    var build = -1
}

/// One accessibility modifier: folds its change into the node its content made in this build
/// (so that a chain of modifiers is one node), or wraps the content in a new one. The change is
/// a value, not a closure: a closure capturing a label would be an allocation in every build.
struct AccessibilityModifier: NodeModifier {
    enum Change {
        case label(String), value(String), hint(String), traits(AccessibilityTraits), role(AccessibilityRole)
        /// Words in the user's language, looked up where the view is built.
        case localizedLabel(LocalizedStringKey), localizedValue(LocalizedStringKey), localizedHint(LocalizedStringKey)
        case hidden(Bool), children(AccessibilityChildBehavior)
        case action(AccessibilityAction, @MainActor () -> Void)
    }
    let change: Change

    func node(wrapping content: Node, _ context: BuildContext) -> Node {
        let strings = context.scene.strings
        if let a = content as? AccessibilityNode, a.build == context.host.builds {
            apply(to: &a.info, strings)
            return a
        }
        let node = context.wrapper(AccessibilityNode.self, around: content)
        node.info = AccessibilityInfo()
        node.build = context.host.builds
        apply(to: &node.info, strings)
        return node
    }

    private func apply(to info: inout AccessibilityInfo, _ strings: Localization) {
        switch change {
        case .localizedLabel(let k): info.label = k.resolved(strings)
        case .localizedValue(let k): info.value = k.resolved(strings)
        case .localizedHint(let k): info.hint = k.resolved(strings)
        case .label(let l): info.label = l
        case .value(let v): info.value = v
        case .hint(let h): info.hint = h
        case .traits(let t):
            if let r = t.role { info.role = r }
            info.states.formUnion(t.states)
        case .role(let r): info.role = r
        case .hidden(let h): info.hidden = h
        case .children(let c): info.children = c
        case .action(let action, let perform):
            info.actions.removeAll { $0.action.name == action.name }
            info.actions.append((action, perform))
        }
    }
}

extension View {
    private func accessibility(_ change: AccessibilityModifier.Change) -> ModifiedView<Self, AccessibilityModifier> {
        modifier(AccessibilityModifier(change: change))
    }

    /// What a screen reader calls this view (SwiftUI's `accessibilityLabel`).
    /// A literal is a key in the user's language; a string is read as it is (a restaurant's name).
    public func accessibilityLabel(_ key: LocalizedStringKey) -> some View { accessibility(.localizedLabel(key)) }
    @_disfavoredOverload public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View { accessibility(.label(String(label))) }
    /// Its current value, read after the label ("50 %", "half height").
    public func accessibilityValue(_ key: LocalizedStringKey) -> some View { accessibility(.localizedValue(key)) }
    @_disfavoredOverload public func accessibilityValue<S: StringProtocol>(_ value: S) -> some View { accessibility(.value(String(value))) }
    /// What using it does, read after a pause ("Opens the restaurant's details").
    public func accessibilityHint(_ key: LocalizedStringKey) -> some View { accessibility(.localizedHint(key)) }
    @_disfavoredOverload public func accessibilityHint<S: StringProtocol>(_ hint: S) -> some View { accessibility(.hint(String(hint))) }
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View { accessibility(.traits(traits)) }
    /// A role SwiftUI gives its containers itself (a list, a list's row, a dialog, a tab list).
    public func accessibilityRole(_ role: AccessibilityRole) -> some View { accessibility(.role(role)) }
    /// Hidden from assistive technology, with everything inside (decoration).
    public func accessibilityHidden(_ hidden: Bool) -> some View { accessibility(.hidden(hidden)) }
    /// Makes this view one element (SwiftUI's `accessibilityElement(children:)`).
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View {
        accessibility(.children(children))
    }
    /// A named action a screen reader offers (SwiftUI's `accessibilityAction(named:)`).
    public func accessibilityAction(named name: String, _ perform: @escaping @MainActor () -> Void) -> some View {
        accessibilityAction(AccessibilityAction(name: name.lowercased(), label: name), perform)
    }
    /// An action with its name and words.
    public func accessibilityAction(_ action: AccessibilityAction, _ perform: @escaping @MainActor () -> Void) -> some View {
        accessibility(.action(action, perform))
    }
}
