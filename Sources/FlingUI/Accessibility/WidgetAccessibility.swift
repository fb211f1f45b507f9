// WidgetAccessibility: what text, taps and the widgets (switch, slider, text field, segmented
// control) are to a screen reader by default, and the actions each one does.
import FlingCore

extension TextNode: AccessibleNode {
    /// Static text reading its string (SwiftUI's `Text`).
    func accessibilityElement(_ c: AccessibilityCollector) -> AccessibilityElement? {
        guard !string.isEmpty else { return nil }
        return AccessibilityElement(id: c.id(of: self), role: .staticText, label: string, frame: c.frame(of: self))
    }
}

extension TapGestureNode: AccessibleNode {
    /// A tap gesture gives what it wraps the default action (as SwiftUI's `onTapGesture` does).
    func accessibilityElement(_ c: AccessibilityCollector) -> AccessibilityElement? {
        let inner = c.elements(of: child)
        var e: AccessibilityElement
        if inner.count == 1 {
            e = inner[0]
        } else {
            e = AccessibilityElement(id: c.id(of: self), role: .group, label: c.joinedLabels(inner), frame: c.frame(of: self))
        }
        if !e.actions.contains(.activate) { e.actions.insert(.activate, at: 0) }
        return e
    }

    func performAccessibilityAction(_ name: String, host: ViewHost) -> Bool {
        guard name == AccessibilityAction.activate.name else { return false }
        action()
        return true
    }
}

extension SwitchNode: AccessibleNode {
    /// A toggle, checked when on; activating it flips it (UISwitch).
    func accessibilityElement(_ c: AccessibilityCollector) -> AccessibilityElement? {
        var states = c.focusStates(self)
        if isOn.wrappedValue { states.insert(.checked) }
        return AccessibilityElement(id: c.id(of: self), role: .toggle, value: isOn.wrappedValue ? c.localized("On") : c.localized("Off"),
                                    states: states, actions: [.activate], frame: c.frame(of: self))
    }

    func performAccessibilityAction(_ name: String, host: ViewHost) -> Bool {
        guard name == AccessibilityAction.activate.name else { return false }
        set(!isOn.wrappedValue)
        return true
    }
}

extension SliderNode: AccessibleNode {
    /// Adjustable: its value read as a percentage of its range (UISlider), its numbers for
    /// AT-SPI's Value, and increment/decrement by the arrow keys' step.
    func accessibilityElement(_ c: AccessibilityCollector) -> AccessibilityElement? {
        let span = range.upperBound - range.lowerBound
        let fraction = span > 0 ? (value.wrappedValue - range.lowerBound) / span : 0
        let percent = Int((fraction * 100).rounded())
        return AccessibilityElement(
            id: c.id(of: self), role: .slider, value: c.localized("\(percent)%"), states: c.focusStates(self),
            actions: [.increment, .decrement], frame: c.frame(of: self),
            range: AccessibilityRange(minimum: range.lowerBound, maximum: range.upperBound,
                                      step: span * WidgetMetrics.sliderKeyStep, current: value.wrappedValue))
    }

    func performAccessibilityAction(_ name: String, host: ViewHost) -> Bool {
        switch name {
        case AccessibilityAction.increment.name: return keyPressed(Key(.right), host: host)
        case AccessibilityAction.decrement.name: return keyPressed(Key(.left), host: host)
        default: return false
        }
    }

    /// A value a screen reader sets (AT-SPI's Value.CurrentValue), kept in range.
    func setAccessibilityValue(_ v: Double) {
        guard v.isFinite else { return }
        value.wrappedValue = min(range.upperBound, max(range.lowerBound, v))
    }
}

extension TextFieldNode: AccessibleNode {
    /// An editable single-line field: its placeholder as the label unless one is given, its
    /// text, caret and selection in scalar offsets (AT-SPI's Text).
    func accessibilityElement(_ c: AccessibilityCollector) -> AccessibilityElement? {
        let string = text.wrappedValue
        var caret = string.unicodeScalars.count, selection = caret..<caret
        if isFocused, let e = host.editing {
            caret = AccessibilityTextOffsets.scalar(atCluster: e.head, in: e.text)
            let lo = AccessibilityTextOffsets.scalar(atCluster: e.selection.lowerBound, in: e.text)
            let hi = AccessibilityTextOffsets.scalar(atCluster: e.selection.upperBound, in: e.text)
            selection = lo..<hi
        }
        var states = c.focusStates(self)
        states.insert(.editable)
        return AccessibilityElement(id: c.id(of: self), role: .textField, label: placeholder, states: states,
                                    actions: [.activate], frame: c.frame(of: self),
                                    text: AccessibilityText(string: string, caret: caret, selection: selection))
    }

    func performAccessibilityAction(_ name: String, host: ViewHost) -> Bool {
        guard name == AccessibilityAction.activate.name else { return false }
        host.focus(self, ringVisible: true)
        return true
    }
}

extension SegmentedControlNode: AccessibleNode {
    /// A tab list of its segments, the chosen one selected (UISegmentedControl reads each
    /// segment as a button, "selected"; AT-SPI's page tabs say the same).
    func accessibilityElement(_ c: AccessibilityCollector) -> AccessibilityElement? {
        let frame = c.frame(of: self)
        let w = labels.isEmpty ? 0 : frame.width / Double(labels.count)
        let tabs = labels.enumerated().map { i, label in
            AccessibilityElement(id: c.id(of: self) + "#\(i)", role: .tab, label: label,
                                 states: selection.wrappedValue == i ? [.selectable, .selected] : [.selectable],
                                 actions: [.activate], frame: Rect(x: frame.minX + Double(i) * w, y: frame.minY, width: w, height: frame.height))
        }
        return AccessibilityElement(id: c.id(of: self), role: .tabList, states: c.focusStates(self), frame: frame, children: tabs)
    }
}

extension ButtonNode: AccessibleNode {
    /// A button reading its title; activating it is a tap.
    func accessibilityElement(_ c: AccessibilityCollector) -> AccessibilityElement? {
        AccessibilityElement(id: c.id(of: self), role: .button, label: c.joinedLabels(c.elements(of: child)),
                             actions: [.activate], frame: c.frame(of: self))
    }

    func performAccessibilityAction(_ name: String, host: ViewHost) -> Bool {
        guard name == AccessibilityAction.activate.name else { return false }
        action()
        return true
    }
}
