// RestaurantsAccessibility: the Restaurants scene for a screen reader: the list and its rows
// (one element each, the keyboard's selection focused), the detail sheet as a dialog over it,
// a row's "activate" opening its sheet and focus going back to the row when the sheet goes.
import FlingCore

extension RestaurantListController {
    static let accessibilityPrefix = "restaurants/list"

    /// The list's elements at `time`, moved by `shift` (the list's rise behind a sheet). The
    /// row with the keyboard's selection is selected, and focused when `focused`.
    func accessibilityElements(time: Double, shift: Double, focused: Bool) -> [AccessibilityElement] {
        sync(time: time)
        let dy = builtOffset - liveOffset + shift
        let selectedID = selected.map { Self.accessibilityPrefix + "/" + RestaurantList.rowID($0) }
        var elements = host.accessibilityElements(prefix: Self.accessibilityPrefix) { $0.offsetBy(dx: 0, dy: dy) }
        func mark(_ e: inout AccessibilityElement) {
            if e.role == .listItem {
                e.states.insert(.selectable)
                e.states.insert(.focusable)
                if !e.actions.contains(.activate) { e.actions.insert(.activate, at: 0) }
                if e.id == selectedID {
                    e.states.insert(.selected)
                    if focused { e.states.insert(.focused) }
                }
            }
            for i in e.children.indices { mark(&e.children[i]) }
        }
        for i in elements.indices { mark(&elements[i]) }
        return elements
    }

    /// The row an element id names ("restaurants/list/row-3" → 3).
    static func row(ofAccessibilityID id: String) -> Int? {
        guard id.hasPrefix(accessibilityPrefix + "/") else { return nil }
        return RestaurantList.rowIndex(String(id.dropFirst(accessibilityPrefix.count + 1)))
    }
}

extension RestaurantsScene: SceneAccessibility {
    static let sheetPrefix = "restaurants/sheet"

    package func accessibilityElements(time: Double) -> [AccessibilityElement] {
        // A sheet up is modal: the list behind it is not read (UIKit's accessibilityViewIsModal).
        // The dialog is named after its restaurant (Orca reads a dialog's name, not its heading).
        let name = (presenter.content as? RestaurantSheet)?.restaurant.name ?? env.localized("Restaurant Details")
        if let sheet = presenter.accessibilityElement(prefix: Self.sheetPrefix, label: name, time: time, focused: true) {
            // A small sheet over a list that takes touches: the list is read too, as on iOS.
            if presenter.sheet.passesTouchesThrough(at: time) {
                return list.accessibilityElements(time: time, shift: shiftValue(at: time), focused: false) + [sheet]
            }
            return [sheet]
        }
        return list.accessibilityElements(time: time, shift: shiftValue(at: time), focused: true)
    }

    package func performAccessibilityAction(_ name: String, on id: String, time: Double) -> Bool {
        if id.hasPrefix(Self.sheetPrefix) { return presenter.performAccessibilityAction(name, on: id, prefix: Self.sheetPrefix, time: time) }
        guard !presenter.isVisible || presenter.sheet.passesTouchesThrough(at: time),
              let row = RestaurantListController.row(ofAccessibilityID: id) else { return false }
        guard name == AccessibilityAction.activate.name else { return false }
        open(row, time: time)
        return true
    }

    /// Focus on a row is the keyboard's selection (Up/Down move it; Return opens it).
    package func focusAccessibilityElement(_ id: String, time: Double) -> Bool {
        guard !presenter.isVisible || presenter.sheet.passesTouchesThrough(at: time),
              let row = RestaurantListController.row(ofAccessibilityID: id) else { return false }
        list.selected = row
        list.scrollIntoView(row, time: time)
        return true
    }

    package func takeAccessibilityAnnouncements() -> [String] { presenter.takeAccessibilityAnnouncements() }
}
