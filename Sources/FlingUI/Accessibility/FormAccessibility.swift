// FormAccessibility: the Form scene for a screen reader: its view tree as it is (the title as
// a header, each field named by its label, the switch and the slider with their values), and
// the values, text and caret a screen reader sets.
import FlingCore

extension FormScene: SceneAccessibility {
    static let accessibilityPrefix = "form"

    package func accessibilityElements(time: Double) -> [AccessibilityElement] {
        host.accessibilityElements(prefix: Self.accessibilityPrefix)
    }
    package func performAccessibilityAction(_ name: String, on id: String, time: Double) -> Bool {
        host.performAccessibilityAction(name, on: id, prefix: Self.accessibilityPrefix, time: time)
    }
    package func setAccessibilityValue(_ value: Double, on id: String, time: Double) -> Bool {
        host.setAccessibilityValue(value, on: id, prefix: Self.accessibilityPrefix, time: time)
    }
    package func setAccessibilityText(_ text: String, on id: String, time: Double) -> Bool {
        host.setAccessibilityText(text, on: id, prefix: Self.accessibilityPrefix, time: time)
    }
    package func setAccessibilityCaret(_ offset: Int, on id: String, time: Double) -> Bool {
        host.setAccessibilityCaret(offset, on: id, prefix: Self.accessibilityPrefix, time: time)
    }
    package func focusAccessibilityElement(_ id: String, time: Double) -> Bool {
        host.focusAccessibilityElement(id, prefix: Self.accessibilityPrefix, time: time)
    }
}
