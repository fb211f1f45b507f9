// TwoStageAccessibility: the Two-Stage scene for a screen reader: its title and the Show Sheet
// button (the control Return and Space press), and the numbers sheet as a dialog over it.
import FlingCore

extension TwoStageScene: SceneAccessibility {
    static let accessibilityPrefix = "twostage"
    static let sheetPrefix = "twostage/sheet"

    package func accessibilityElements(time: Double) -> [AccessibilityElement] {
        // A sheet up is modal: what is behind it is not read (UIKit's accessibilityViewIsModal).
        if isModal, let sheet = presenter.accessibilityElement(prefix: Self.sheetPrefix, label: env.localized("Numbers"), time: time, focused: true) {
            return [sheet]
        }
        updateHost(time: host.time)
        var elements = host.accessibilityElements(prefix: Self.accessibilityPrefix)
        // Return and Space press the button: it has the keyboard's focus.
        for i in elements.indices where elements[i].role == .button { elements[i].states.formUnion([.focusable, .focused]) }
        return elements
    }

    package func performAccessibilityAction(_ name: String, on id: String, time: Double) -> Bool {
        if id.hasPrefix(Self.sheetPrefix) { return presenter.performAccessibilityAction(name, on: id, prefix: Self.sheetPrefix, time: time) }
        guard !isModal else { return false }
        updateHost(time: time)
        return host.performAccessibilityAction(name, on: id, prefix: Self.accessibilityPrefix, time: time)
    }

    package func takeAccessibilityAnnouncements() -> [String] { presenter.takeAccessibilityAnnouncements() }
}
