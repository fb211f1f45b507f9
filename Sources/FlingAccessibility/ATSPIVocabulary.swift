// ATSPIVocabulary: AT-SPI's numbers and names for what Fling's elements are: the role of each
// `AccessibilityRole`, the state bits of `AccessibilityStates`, the interfaces each element
// implements, and the object paths and bus names of the protocol.
import FlingCore

enum ATSPI {
    static let registryName = "org.a11y.atspi.Registry"
    static let rootPath = "/org/a11y/atspi/accessible/root"
    static let registryPath = "/org/a11y/atspi/registry"
    static let cachePath = "/org/a11y/atspi/cache"
    static let nullPath = "/org/a11y/atspi/null"
    static let objectPrefix = "/org/a11y/atspi/accessible/"
    static let version = "2.1"

    static let accessible = "org.a11y.atspi.Accessible"
    static let application = "org.a11y.atspi.Application"
    static let component = "org.a11y.atspi.Component"
    static let action = "org.a11y.atspi.Action"
    static let value = "org.a11y.atspi.Value"
    static let text = "org.a11y.atspi.Text"
    static let editableText = "org.a11y.atspi.EditableText"
    static let selection = "org.a11y.atspi.Selection"
    static let properties = "org.freedesktop.DBus.Properties"
    static let introspectable = "org.freedesktop.DBus.Introspectable"
    static let eventObject = "org.a11y.atspi.Event.Object"
    static let eventWindow = "org.a11y.atspi.Event.Window"
    static let eventFocus = "org.a11y.atspi.Event.Focus"

    /// AtspiRole (at-spi2-core's atspi-constants.h).
    static func role(_ r: AccessibilityRole) -> UInt32 {
        switch r {
        case .application: 75
        case .window: 23       // frame: a top-level window
        case .dialog: 16
        case .button: 43       // push button
        case .toggle: 62       // toggle button (GTK 4's switch)
        case .slider: 51
        case .textField: 61    // text (single line): what GTK's entries are
        case .staticText: 29   // label
        case .header: 83       // heading
        case .image: 27
        case .link: 88
        case .list: 31
        case .listItem: 32
        case .tabList: 38      // page tab list
        case .tab: 37          // page tab
        case .group: 39        // panel
        case .notification: 101
        }
    }

    /// The English role name (GetRoleName), as libatspi spells them.
    static func roleName(_ r: AccessibilityRole) -> String {
        switch r {
        case .application: "application"
        case .window: "frame"
        case .dialog: "dialog"
        case .button: "push button"
        case .toggle: "toggle button"
        case .slider: "slider"
        case .textField: "text"
        case .staticText: "label"
        case .header: "heading"
        case .image: "image"
        case .link: "link"
        case .list: "list"
        case .listItem: "list item"
        case .tabList: "page tab list"
        case .tab: "page tab"
        case .group: "panel"
        case .notification: "notification"
        }
    }

    /// AtspiStateType bit numbers.
    enum State: UInt32 {
        case active = 1, checked = 4, collapsed = 5, defunct = 6, editable = 7, enabled = 8, expandable = 9, expanded = 10
        case focusable = 11, focused = 12, horizontal = 14, modal = 16, selectable = 22, selected = 23, sensitive = 24
        case showing = 25, singleLine = 26, visible = 30, checkable = 41
    }

    /// The state set of an element: enabled, sensitive and visible always; showing while it
    /// is on screen; the rest from its states and role.
    static func states(of e: AccessibilityElement, showing: Bool) -> [State] {
        var out: [State] = []
        if !e.states.contains(.disabled) { out += [.enabled, .sensitive] }
        out.append(.visible)
        if showing { out.append(.showing) }
        let map: [(AccessibilityStates, State)] = [
            (.active, .active), (.checked, .checked), (.editable, .editable), (.expandable, .expandable), (.expanded, .expanded),
            (.focusable, .focusable), (.focused, .focused), (.modal, .modal), (.selectable, .selectable), (.selected, .selected),
        ]
        for (s, a) in map where e.states.contains(s) { out.append(a) }
        if e.states.contains(.expandable) && !e.states.contains(.expanded) { out.append(.collapsed) }
        if e.role == .toggle { out.append(.checkable) }
        if e.role == .textField { out.append(.singleLine) }
        if e.role == .slider { out.append(.horizontal) }
        return out
    }

    /// The two 32-bit words of a state set.
    static func words(_ states: [State]) -> (UInt32, UInt32) {
        var lo: UInt32 = 0, hi: UInt32 = 0
        for s in states { if s.rawValue < 32 { lo |= 1 << s.rawValue } else { hi |= 1 << (s.rawValue - 32) } }
        return (lo, hi)
    }

    /// The interfaces an element implements.
    static func interfaces(of e: AccessibilityElement) -> [String] {
        var out = [accessible, component]
        if !e.actions.isEmpty { out.append(action) }
        if e.range != nil { out.append(value) }
        if e.text != nil { out += [text, editableText] }
        if e.role == .list || e.role == .tabList { out.append(selection) }
        return out
    }
}
