// SheetAccessibility: a presented sheet as a screen reader meets it: a modal dialog whose
// grabber is a button with Expand, Collapse and Dismiss (as iOS's sheet grabber and
// FloatingPanel's are), its content's elements, and the detent announced when it settles.
import FlingCore

extension SheetPresenter {
    /// What a detent is called when read ("half height").
    static func words(for detent: SheetDetent?) -> LocalizedStringKey {
        switch detent {
        case .full?: LocalizedStringKey("full height")
        case .half?: LocalizedStringKey("half height")
        case .expanded?: LocalizedStringKey("half height")   // the two-stage sheet's lower detent (400 of 844)
        case .dismissed?, nil: LocalizedStringKey("closed")
        case SheetDetentSpec.content.detent?: LocalizedStringKey("content height")
        // A chosen fraction or height (`--detents`): "height 30%", "height 300 pt".
        case let d?: LocalizedStringKey("height \(Self.heightWords(d))")
        }
    }

    /// A chosen detent's size as read: a fraction as a percentage, a height in pt.
    static func heightWords(_ d: SheetDetent) -> String {
        if d.rawValue.hasSuffix("pt") { return String(d.rawValue.dropLast(2)) + " pt" }
        if let f = Double(d.rawValue) { return String(Int((f * 100).rounded())) + "%" }
        return d.rawValue
    }

    var grabberID: String { "grabber" }

    /// The sheet while it is up (nil when hidden or going): a modal dialog named `label`,
    /// holding the grabber and the content. `focused`: the grabber has keyboard focus (it
    /// does from presentation on, as VoiceOver's focus moves into a presented sheet).
    package func accessibilityElement(prefix: String, label: String, time: Double, focused: Bool) -> AccessibilityElement? {
        guard sheet.isVisible, !sheet.isDismissing, content != nil else { return nil }
        let top = sheet.top(at: time)
        let frame = self.frame(top: top)
        let shown = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: max(0, window.height - top))
        let detent = sheet.detent
        var actions: [AccessibilityAction] = [.activate]
        var states: AccessibilityStates = [.focusable, .expandable]
        if let d = detent {
            if sheet.policy.neighbour(of: d, up: true, height: window.height) != nil { actions.append(.expand) } else { states.insert(.expanded) }
            if sheet.policy.neighbour(of: d, up: false, height: window.height) != nil { actions.append(.collapse) }
        }
        actions.append(.dismiss)
        if focused { states.insert(.focused) }
        let grabber = AccessibilityElement(
            id: prefix + "/" + grabberID, role: .button, label: env.localized("Sheet Grabber"), value: env.localized(Self.words(for: detent)),
            states: states, actions: actions,
            frame: Rect(x: frame.minX, y: top, width: frame.width, height: SheetConstants.handleAreaHeight))
        // The content's tree, moved with the sheet (the host lays it out at the sheet's top = 0).
        host.update(bounds: localBounds, time: host.time)
        // In reading order, top to bottom (the pinned title bar is drawn over the content, after it).
        let content = host.accessibilityElements(prefix: prefix + "/content") { $0.offsetBy(dx: 0, dy: top) }
            .enumerated().sorted { ($0.element.frame.minY, $0.offset) < ($1.element.frame.minY, $1.offset) }.map(\.element)
        // A hidden grabber is not announced (SwiftUI leaves it out): the dialog takes its actions.
        let hidden = dragIndicator == .hidden
        return AccessibilityElement(id: prefix, role: .dialog, label: label, value: env.localized(Self.words(for: detent)),
                                    // Not modal while the page behind takes touches (background interaction).
                                    states: sheet.passesTouchesThrough(at: time) ? [] : [.modal],
                                    actions: hidden ? actions.filter { $0 != .activate } : [.dismiss], frame: shown,
                                    children: hidden ? content : [grabber] + content)
    }

    /// The grabber's (and the dialog's) actions: to the next detent up or down, or away.
    package func performAccessibilityAction(_ name: String, on id: String, prefix: String, time: Double) -> Bool {
        guard isShowing else { return false }
        if id == prefix + "/" + grabberID || id == prefix {
            switch name {
            case AccessibilityAction.expand.name:
                guard let d = sheet.detent, sheet.policy.neighbour(of: d, up: true, height: window.height) != nil else { return false }
                step(up: true, time: time)
            case AccessibilityAction.activate.name:
                // As a tap on iOS's grabber: up to the next detent, or from the top back down.
                guard let d = sheet.detent else { return false }
                step(up: sheet.policy.neighbour(of: d, up: true, height: window.height) != nil, time: time)
            case AccessibilityAction.collapse.name:
                guard let d = sheet.detent, sheet.policy.neighbour(of: d, up: false, height: window.height) != nil else { return false }
                step(up: false, time: time)
            case AccessibilityAction.dismiss.name, AccessibilityAction.close.name: dismiss(time: time)
            default: return false
            }
            return true
        }
        return host.performAccessibilityAction(name, on: id, prefix: prefix + "/content", time: host.time)
    }

    /// Once the sheet comes to rest at another detent than before, "Details, half height"
    /// waits to be announced (UIAccessibility's announcement after a sheet's detent changes);
    /// the presentation itself is not announced: focus moving into the sheet reads it.
    func noteSettledDetent() {
        guard case .resting(let d) = sheet.phase else {
            if !sheet.isVisible { restingDetent = nil }
            return
        }
        if let last = restingDetent, last != d {
            let name = env.localized(accessibilityName), words = env.localized(Self.words(for: d))
            pendingAnnouncements.append(env.localized("\(name), \(words)"))
            // Nobody may be taking them (no screen reader): only the latest few are kept.
            if pendingAnnouncements.count > AccessibilityConstants.announcementsKept { pendingAnnouncements.removeFirst() }
        }
        restingDetent = d
    }

    package func takeAccessibilityAnnouncements() -> [String] {
        defer { pendingAnnouncements.removeAll() }
        return pendingAnnouncements
    }
}
