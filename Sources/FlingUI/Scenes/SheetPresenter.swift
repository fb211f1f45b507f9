import FlingCore

/// Presents one sheet over a scene: routes the pointer (sheet, content or dim), keys, and time;
/// draws the dim and the shell; reports the state dump's "sheet" object.
@MainActor
package final class SheetPresenter {
    /// The policy of the next presented sheet (the tuning panel changes it, issue 15).
    package private(set) var policyKind: SheetPolicyKind
    package private(set) var sheet: SheetModel
    package private(set) var content: SheetContent?
    private var window = Size.zero
    /// The press began on the dim (a tap there dismisses).
    private var pressOnDim = false
    private var pressOnSheet = false

    package init(policy: SheetPolicyKind, window: Size) {
        policyKind = policy
        self.window = window
        sheet = SheetModel(policy: policy, height: window.height)
    }

    /// A new policy (the tuning panel): the next presented sheet follows it (the one up now
    /// keeps the policy it was presented with).
    package func setPolicy(_ kind: SheetPolicyKind) {
        guard kind != policyKind else { return }
        policyKind = kind
    }

    /// The tuning the next gesture uses (issue 15): the sheet up now takes it from its next
    /// gesture, a new sheet from its presentation.
    private var tuning = Tuning.standard
    package func apply(_ tuning: Tuning) {
        self.tuning = tuning
        sheet.apply(tuning)
    }

    package var isVisible: Bool { sheet.isVisible }
    /// True while a sheet is up or on its way up (the list behind moves away).
    package var isShowing: Bool { sheet.isVisible && !sheet.isDismissing }

    package func present(_ content: SheetContent, time: Double) {
        self.content = content
        sheet = SheetModel(policy: policyKind, height: window.height, tuning: tuning)
        sheet.contentLength = content.height(forWidth: SheetShell.frame(in: window, top: 0).width)
        sheet.present(at: time)
    }

    package func dismiss(time: Double) { sheet.dismiss(at: time) }

    package func layout(window: Size, time: Double) {
        let widthChanged = window.width != self.window.width
        self.window = window
        sheet.resize(height: window.height, at: time)
        if widthChanged, let content { sheet.contentLength = content.height(forWidth: SheetShell.frame(in: window, top: 0).width) }
    }

    /// Returns true if the sheet (or its dim) took the event.
    package func handlePointer(_ e: PointerEvent) -> Bool {
        guard sheet.isVisible else { return false }
        let top = sheet.top(at: e.time)
        switch e.phase {
        case .began:
            let frame = SheetShell.frame(in: window, top: top)
            if frame.contains(e.location) && !sheet.isDismissing {
                pressOnSheet = true
                sheet.press(at: e.location, onContent: e.location.y >= top + SheetConstants.handleAreaHeight, time: e.time)
            } else {
                pressOnDim = true
            }
            return true
        case .moved:
            if pressOnSheet { sheet.move(to: e.location, time: e.time) }
            return pressOnSheet || pressOnDim || sheet.isVisible
        case .ended, .cancelled:
            if pressOnSheet {
                sheet.move(to: e.location, time: e.time)
                sheet.release(at: e.location, time: e.time, cancelled: e.phase == .cancelled)
            } else if pressOnDim, e.phase == .ended, !sheet.isPresenting,
                      !SheetShell.frame(in: window, top: top).contains(e.location) {
                // (While the sheet is still coming up, a tap on the dim is a double-click on
                // the row that opened it, not a request to close.)
                sheet.dismiss(at: e.time)
            }
            pressOnSheet = false
            pressOnDim = false
            return true
        }
    }

    package func cancelGestures(time: Double) {
        if pressOnSheet { sheet.release(at: .zero, time: time, cancelled: true) }
        pressOnSheet = false
        pressOnDim = false
    }

    package func handleWheel(dy: Double, time: Double) {
        sheet.scrollContent(by: -dy * InteractionConstants.wheelNotch, at: time)
    }

    /// Esc dismisses; Up/Down and Page Up/Down move between detents.
    package func handleKey(_ key: Key, time: Double) -> Bool {
        guard isShowing else { return false }
        if key.is(.escape) { sheet.dismiss(at: time); return true }
        if key.is(.up) || key.is(.pageUp) { sheet.step(up: true, at: time); return true }
        if key.is(.down) || key.is(.pageDown) { sheet.step(up: false, at: time); return true }
        return sheet.isVisible
    }

    package func advance(to time: Double) -> Bool {
        let moving = sheet.advance(to: time)
        if !sheet.isVisible { content = nil }
        return moving
    }

    package func draw(into list: inout DisplayList, time: Double) {
        guard sheet.isVisible, let content else { return }
        let dim = sheet.dim(at: time)
        if dim > 0 { list.add(.dim(Rect(origin: .zero, size: window), amount: dim)) }
        SheetShell.draw(sheet, content: content, window: window, time: time, into: &list)
    }

    package func stateJSON(time: Double, restaurant: String?) -> JSONValue {
        .object([
            ("phase", .string(sheet.phase.name)),
            ("detent", JSONValue.optional(sheet.detent?.rawValue)),
            ("top", .rounded(sheet.top(at: time))),
            ("velocity", .rounded(sheet.velocity(at: time))),
            ("policy", .string(policyKind.rawValue)),
            ("content", JSONValue.optional(sheet.isVisible ? content?.kind : nil)),
            ("restaurant", JSONValue.optional(sheet.isVisible ? restaurant : nil)),
            ("contentOffset", .rounded(sheet.isVisible ? sheet.content.offset(at: time) : 0)),
            ("dim", .rounded(sheet.dim(at: time))),
        ])
    }
}
