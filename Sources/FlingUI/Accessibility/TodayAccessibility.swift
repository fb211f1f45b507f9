// TodayAccessibility: the Today scene for a screen reader: the date and title, each card a
// button read as "category, headline", and the expanded story as a dialog with its Close
// button focused; closing it gives focus back to the card.
import FlingCore

extension TodayScene: SceneAccessibility {
    static let accessibilityPrefix = "today"
    static func cardID(_ i: Int) -> String { accessibilityPrefix + "/card-\(i)" }
    static let storyID = accessibilityPrefix + "/story"
    static let closeID = storyID + "/close"

    package func accessibilityElements(time: Double) -> [AccessibilityElement] {
        if isModal, let i = cards.index { return [story(i, time: time)] }
        // The top bar's tree is built once and drawn moved with the scroll (TodayScene.draw).
        let bar = Rect(x: bounds.minX, y: bounds.minY + CardConstants.topBarTop - scroll.offset(at: time),
                       width: bounds.width, height: topBarHeight - CardConstants.topBarTop)
        // (Built for another size, it is built for this one; drawing builds it again for its own.)
        if topBarHost.bounds.size != bar.size || topBarHost.currentTree() == nil { topBarHost.update(bounds: bar, time: 0) }
        let built = topBarHost.bounds
        var elements = topBarHost.accessibilityElements(prefix: Self.accessibilityPrefix + "/bar") {
            $0.offsetBy(dx: bar.minX - built.minX, dy: bar.minY - built.minY)
        }
        for (i, a) in articles.enumerated() {
            var states: AccessibilityStates = [.focusable]
            if selected == i { states.insert(.focused) }
            elements.append(AccessibilityElement(id: Self.cardID(i), role: .button, label: env.localized("\(a.category), \(a.headline)"),
                                                 value: a.subHeadline, states: states, actions: [.activate], frame: slotFrame(i, time: time)))
        }
        return elements
    }

    /// The open card: a modal dialog named by its headline, its texts, and Close.
    private func story(_ i: Int, time: Double) -> AccessibilityElement {
        let a = articles[i]
        let frame = windowRect
        let close = AccessibilityElement(id: Self.closeID, role: .button, label: env.localized("Close"), states: [.focusable, .focused],
                                         actions: [.activate], frame: closeButtonFrame)
        let image = geometry.expandedImageHeight
        let texts = [
            AccessibilityElement(id: Self.storyID + "/category", role: .staticText, label: a.category,
                                 frame: Rect(x: frame.minX, y: frame.minY, width: frame.width, height: image / 4)),
            AccessibilityElement(id: Self.storyID + "/headline", role: .header, label: a.headline,
                                 frame: Rect(x: frame.minX, y: frame.minY + image / 4, width: frame.width, height: image / 2)),
            AccessibilityElement(id: Self.storyID + "/subheadline", role: .staticText, label: a.subHeadline,
                                 frame: Rect(x: frame.minX, y: frame.minY + image * 3 / 4, width: frame.width, height: image / 4)),
            AccessibilityElement(id: Self.storyID + "/content", role: .staticText, label: a.content,
                                 frame: Rect(x: frame.minX, y: frame.minY + image - cards.contentOffset(at: time), width: frame.width,
                                             height: max(0, frame.height - image))),
        ]
        return AccessibilityElement(id: Self.storyID, role: .dialog, label: a.headline, states: [.modal], actions: [.close],
                                    frame: frame, children: texts + [close])
    }

    package func performAccessibilityAction(_ name: String, on id: String, time: Double) -> Bool {
        if id == Self.closeID || id == Self.storyID {
            guard isModal, name == AccessibilityAction.activate.name || name == AccessibilityAction.close.name
                    || name == AccessibilityAction.dismiss.name else { return false }
            close(time: time)
            return true
        }
        guard name == AccessibilityAction.activate.name, !isModal,
              let i = articles.indices.first(where: { Self.cardID($0) == id }) else { return false }
        // Focus comes back to this card when the story closes.
        select(card: i, time: time)
        open(card: i, time: time)
        return true
    }

    package func focusAccessibilityElement(_ id: String, time: Double) -> Bool {
        guard !isModal, let i = articles.indices.first(where: { Self.cardID($0) == id }) else { return false }
        select(card: i, time: time)
        return true
    }
}
