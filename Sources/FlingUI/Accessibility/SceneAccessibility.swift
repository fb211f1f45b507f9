// SceneAccessibility: what each scene tells assistive technology (its elements, the actions,
// values and text a screen reader may send it, its announcements), and the app's whole tree:
// the window with the visible scene, the tab bar as a tab list, the instrument's panel.
import FlingCore

/// A scene's accessibility. Ids start with the scene's name ("restaurants/…").
@MainActor
package protocol SceneAccessibility: AnyObject {
    /// The scene's elements at `time`, in window pt: its content, then any sheet or card over it.
    func accessibilityElements(time: Double) -> [AccessibilityElement]
    /// Does the named action of element `id`; false when it has none.
    func performAccessibilityAction(_ name: String, on id: String, time: Double) -> Bool
    /// Sets an adjustable element's value (a slider).
    func setAccessibilityValue(_ value: Double, on id: String, time: Double) -> Bool
    /// Replaces a field's text.
    func setAccessibilityText(_ text: String, on id: String, time: Double) -> Bool
    /// Moves a field's caret (scalar offset).
    func setAccessibilityCaret(_ offset: Int, on id: String, time: Double) -> Bool
    /// Moves keyboard focus to element `id`.
    func focusAccessibilityElement(_ id: String, time: Double) -> Bool
    /// What to announce since the last call (a sheet settling at another detent).
    func takeAccessibilityAnnouncements() -> [String]
}

extension SceneAccessibility {
    package func setAccessibilityValue(_ value: Double, on id: String, time: Double) -> Bool { false }
    package func setAccessibilityText(_ text: String, on id: String, time: Double) -> Bool { false }
    package func setAccessibilityCaret(_ offset: Int, on id: String, time: Double) -> Bool { false }
    package func focusAccessibilityElement(_ id: String, time: Double) -> Bool { false }
    package func takeAccessibilityAnnouncements() -> [String] { [] }
}

extension AppController {
    /// The id of the window element, and of the tab bar's.
    package static let accessibilityWindowID = "window"
    static let tabBarID = "tabbar"

    /// The window as assistive technology sees it at `realTime`: the scene, the tab bar
    /// (unless a sheet or card covers it), the on-screen keyboard's keys, the instrument's
    /// panel. `active`: the window has the input focus (Orca reads only an active window).
    package func accessibilityTree(time realTime: Double, active: Bool = true) -> AccessibilityElement {
        let time = clock.scene(at: realTime)
        var children: [AccessibilityElement] = []
        if let s = scene as? SceneAccessibility { children += s.accessibilityElements(time: time) }
        if tabBar.isVisible, !scene.isModal, scene.tabBarHiddenFraction(time: time) < 1 {
            children.append(tabBarElement(time: time))
        }
        if let panel = instrument.panel.accessibilityElement(prefix: "instrument", context: instrumentContext) { children.append(panel) }
        return AccessibilityElement(id: Self.accessibilityWindowID, role: .window, label: env.localized("Fling – \(env.localized(scene.id.title))"),
                                    states: active ? [.active] : [], frame: Rect(origin: .zero, size: windowSize), children: children)
    }

    private func tabBarElement(time: Double) -> AccessibilityElement {
        let frame = tabBar.frame(in: windowSize)
        let tabs = tabBar.scenes.map { id in
            AccessibilityElement(id: Self.tabBarID + "/" + id.rawValue, role: .tab, label: env.localized(id.title),
                                 states: id == scene.id ? [.selectable, .selected] : [.selectable],
                                 actions: [.activate], frame: tabBar.itemFrame(id, window: windowSize) ?? frame)
        }
        return AccessibilityElement(id: Self.tabBarID, role: .tabList, label: env.localized("Tab Bar"), frame: frame, children: tabs)
    }

    /// Does what a screen reader asked of element `id` (at `realTime`); false when it has
    /// no such action.
    package func performAccessibilityAction(_ name: String, on id: String, time realTime: Double) -> Bool {
        let time = clock.scene(at: realTime)
        defer { noteAccessibilityInput(time: time) }
        if id.hasPrefix(Self.tabBarID + "/"), name == AccessibilityAction.activate.name {
            guard let target = tabBar.scenes.first(where: { Self.tabBarID + "/" + $0.rawValue == id }), !scene.isModal else { return false }
            selectOnSceneClock(target, time: time)
            return true
        }
        if id.hasPrefix("instrument/") {
            let done = instrument.panel.performAccessibilityAction(name, on: id, prefix: "instrument", time: realTime)
            for c in instrument.panel.takeAccessibilityCommands() { apply(c, time: realTime) }
            return done
        }
        return (scene as? SceneAccessibility)?.performAccessibilityAction(name, on: id, time: time) ?? false
    }

    package func setAccessibilityValue(_ value: Double, on id: String, time realTime: Double) -> Bool {
        defer { noteAccessibilityInput(time: clock.scene(at: realTime)) }
        if id.hasPrefix("instrument/") {
            let done = instrument.panel.setAccessibilityValue(value, on: id, prefix: "instrument", time: realTime)
            for c in instrument.panel.takeAccessibilityCommands() { apply(c, time: realTime) }
            return done
        }
        return (scene as? SceneAccessibility)?.setAccessibilityValue(value, on: id, time: clock.scene(at: realTime)) ?? false
    }

    package func setAccessibilityText(_ text: String, on id: String, time realTime: Double) -> Bool {
        defer { noteAccessibilityInput(time: clock.scene(at: realTime)) }
        return (scene as? SceneAccessibility)?.setAccessibilityText(text, on: id, time: clock.scene(at: realTime)) ?? false
    }

    package func setAccessibilityCaret(_ offset: Int, on id: String, time realTime: Double) -> Bool {
        defer { noteAccessibilityInput(time: clock.scene(at: realTime)) }
        return (scene as? SceneAccessibility)?.setAccessibilityCaret(offset, on: id, time: clock.scene(at: realTime)) ?? false
    }

    package func focusAccessibilityElement(_ id: String, time realTime: Double) -> Bool {
        defer { noteAccessibilityInput(time: clock.scene(at: realTime)) }
        return (scene as? SceneAccessibility)?.focusAccessibilityElement(id, time: clock.scene(at: realTime)) ?? false
    }

    /// What to announce since the last call.
    package func takeAccessibilityAnnouncements() -> [String] {
        (scene as? SceneAccessibility)?.takeAccessibilityAnnouncements() ?? []
    }
}
