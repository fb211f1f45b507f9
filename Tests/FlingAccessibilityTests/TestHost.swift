@testable import FlingAccessibility
import FlingCore

/// An app for the bridge without a window: it hands out `tree` and does nothing it is asked.
@MainActor
final class TreeHost: AccessibilityHost {
    var tree: AccessibilityElement
    init(_ tree: AccessibilityElement = AccessibilityElement(id: "window", role: .window)) { self.tree = tree }
    func accessibilityTree() -> AccessibilityElement { tree }
    func performAccessibilityAction(_ name: String, on id: String) -> Bool { false }
    func setAccessibilityValue(_ value: Double, on id: String) -> Bool { false }
    func setAccessibilityText(_ text: String, on id: String) -> Bool { false }
    func setAccessibilityCaret(_ offset: Int, on id: String) -> Bool { false }
    func focusAccessibilityElement(_ id: String) -> Bool { false }
    func screenRect(_ r: Rect) -> Rect { r }
    func windowRect(_ r: Rect) -> Rect { r }
}
