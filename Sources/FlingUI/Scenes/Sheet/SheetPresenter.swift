// SheetPresenter: how one bottom sheet is shown over a scene: the fading dim, the sheet moved
// to its model's top, its drag, taps and keys routed to `SheetModel`, its state dump.
import FlingCore

/// Presents one sheet over a scene, as seed 000's `ContentView` does with its `ZStack`: the
/// dim (`BlankView(bgColor: .black).opacity(0.5)`, here fading with the sheet), then the
/// sheet's own view moved to the model's top (the seed's `.offset(y:)`). The sheet's view is a
/// view tree in the sheet's coordinates that only draws; the sheet's drag (the seed's
/// `DragGesture` on it, seed 001's pan recognizer) is the presenter's: every press, move and
/// release goes, in window pt, straight to `SheetModel`, which decides everything (detents,
/// hand-off, springs). Reports the state dump's "sheet" object.
@MainActor
package final class SheetPresenter {
    /// The policy of the next presented sheet (the tuning panel changes it).
    package private(set) var policyKind: SheetPolicyKind
    package private(set) var sheet: SheetModel
    package private(set) var content: SheetContent?
    let env: SceneEnvironment
    private(set) var window = Size.zero
    /// The press began on the dim (a tap there dismisses).
    private var pressOnDim = false
    private var pressOnSheet = false
    /// Where the press or its last move left the finger (window pt).
    private var lastMove = Point(0, 0)
    private(set) lazy var host = ViewHost(env: env) { [unowned self] in self.root }
    /// The content offset the tree was last built with: while only the sheet's position
    /// changes, the tree is not rebuilt (drawn again as it is, into the same layer).
    private var builtOffset = 0.0

    package init(policy: SheetPolicyKind, window: Size, env: SceneEnvironment) {
        policyKind = policy
        self.window = window
        self.env = env
        sheet = SheetModel(policy: policy, height: window.height)
    }

    /// A new policy (the tuning panel): the next presented sheet follows it (the one up now
    /// keeps the policy it was presented with).
    package func setPolicy(_ kind: SheetPolicyKind) {
        guard kind != policyKind else { return }
        policyKind = kind
    }

    /// The detents a fluid sheet rests on (`--detents`): the next presented sheet takes them.
    package var detents = SheetDetentSpec.standard
    /// Whether the page behind takes touches (`--background-interaction`): the next sheet.
    package var backgroundInteraction = SheetBackgroundInteraction.disabled
    /// `--drag-indicator`: the grabber drawn or not (its area drags either way).
    package var dragIndicator = DragIndicatorVisibility.visible { didSet { host.invalidate() } }
    /// `--interactive-dismiss disabled`: a pull or a tap on the dim never closes the sheet.
    package var interactiveDismissDisabled = false

    /// The tuning the next gesture uses: the sheet up now takes it from its next
    /// gesture, a new sheet from its presentation.
    private var tuning = Tuning.standard
    package func apply(_ tuning: Tuning) {
        self.tuning = tuning
        sheet.apply(tuning)
    }

    /// Reduce Motion: sheets fade in and out where they rest and ease between detents.
    package var reduceMotion = false {
        didSet { sheet.reduceMotion = reduceMotion }
    }

    package var isVisible: Bool { sheet.isVisible }
    /// True while a sheet is up or on its way up (the list behind moves away).
    package var isShowing: Bool { sheet.isVisible && !sheet.isDismissing }
    /// A dismissing sheet that has left the window (it may still be finishing its animation:
    /// seed 001's 1.2 s + |0.2·v·0.001| spring) no longer stands between the user and the scene.
    package func isGone(at time: Double) -> Bool {
        !sheet.isVisible || (sheet.isDismissing && sheet.top(at: time) >= window.height - MotionConstants.restDistance)
    }

    // MARK: The view

    /// The sheet's column: full width on phones, centred and capped on wide windows.
    package func frame(top: Double) -> Rect {
        let w = min(window.width, SheetConstants.maxWidth)
        return Rect(x: ((window.width - w) / 2).rounded(), y: top, width: w,
                    height: max(0, window.height - top) + SheetLayoutConstants.overshootBelow)
    }

    /// The sheet in its own coordinates: a fixed extent (a full window plus the overshoot
    /// below) so that moving it never changes what its layer holds.
    var localBounds: Rect {
        let f = frame(top: 0)
        return Rect(x: f.minX, y: 0, width: f.width, height: window.height + SheetLayoutConstants.overshootBelow)
    }

    private var root: AnyView {
        guard let content else { return AnyView(EmptyView()) }
        return AnyView(content.sheetView(contentOffset: builtOffset).presentationDragIndicator(dragIndicator))
    }

    // MARK: Presenting

    package func present(_ content: SheetContent, time: Double) {
        cancelGestures(time: time)
        self.content = content
        builtOffset = 0
        sheet = SheetModel(policy: policyKind, height: window.height, tuning: tuning, detents: detents)
        // (The seeds' sheets are modal: the page behind is theirs to dim.)
        sheet.backgroundInteraction = policyKind == .fluid ? backgroundInteraction : .disabled
        sheet.interactiveDismissDisabled = interactiveDismissDisabled
        sheet.reduceMotion = reduceMotion
        sheet.contentLength = contentLength(content)
        sheet.present(at: time)
        host.invalidate()
    }

    /// Other content in the sheet up now, where it rests (background interaction: a tap on
    /// another row behind it).
    package func replaceContent(_ content: SheetContent, time: Double) {
        guard sheet.isVisible else { return present(content, time: time) }
        self.content = content
        builtOffset = 0
        sheet.replaceContent(length: contentLength(content), at: time)
        host.invalidate()
    }

    /// Whether a press at `p` goes to the page behind the sheet (outside it, with background
    /// interaction at or below its detent).
    package func passesThrough(_ p: Point, time: Double) -> Bool {
        sheet.passesTouchesThrough(at: time) && !frame(top: sheet.top(at: time)).contains(p)
    }

    private func contentLength(_ content: SheetContent) -> Double {
        host.idealHeight(of: content.scrolledContent, width: localBounds.width)
    }

    package func dismiss(time: Double) { sheet.dismiss(at: time) }
    /// To the next detent up or down, animated (as Up/Down do).
    package func step(up: Bool, time: Double) { sheet.step(up: up, at: time) }
    /// Straight to the highest detent of its set (a study's `sheet-full:` start).
    package func stepToTop(time: Double) { sheet.settle(to: sheet.policy.detents(height: window.height)[0].0, at: time) }

    package func layout(window: Size, time: Double) {
        let widthChanged = window.width != self.window.width
        self.window = window
        sheet.resize(height: window.height, at: time)
        if widthChanged, let content { sheet.setContentLength(contentLength(content), at: time) }
        host.invalidate()
    }

    // MARK: Input

    /// Returns true if the sheet (or its dim) took the event. A press on the sheet is its drag,
    /// one route in window pt: press, each move and the release go straight to the model
    /// (nothing in the sheet's tree takes a press, so the tree is neither asked nor rebuilt).
    package func handlePointer(_ e: PointerEvent) -> Bool {
        guard sheet.isVisible else { return false }
        let top = sheet.top(at: e.time)
        switch e.phase {
        case .began:
            lastMove = e.location
            if frame(top: top).contains(e.location) && !sheet.isDismissing {
                pressOnSheet = true
                // Below the handle area the drag may scroll the content first (the model's hand-off).
                sheet.press(at: e.location, onContent: e.location.y - top >= SheetConstants.handleAreaHeight, time: e.time)
            } else {
                pressOnDim = true
            }
            return true
        case .moved:
            if pressOnSheet { sheet.move(to: e.location, time: e.time); lastMove = e.location }
            return pressOnSheet || pressOnDim || sheet.isVisible
        case .ended, .cancelled:
            if pressOnSheet {
                // The release's place is a move only if the finger got there after its last
                // move: an up where the last move left it, 10-25 ms later, read as the finger
                // stopping, and the fit at that still sample took a flick's speed down to a
                // fraction, or to 0. A cancel ends where the pointer was last seen.
                if e.phase == .cancelled || e.location != lastMove { sheet.move(to: e.location, time: e.time) }
                sheet.release(at: e.location, time: e.time, cancelled: e.phase == .cancelled)
            } else if pressOnDim, e.phase == .ended, !sheet.isPresenting, !sheet.interactiveDismissDisabled,
                      !frame(top: top).contains(e.location) {
                // Seed 000: `BlankView(...).onTapGesture { self.showDetail = false }`. (While
                // the sheet is still coming up, a tap on the dim is a double-click on the row
                // that opened it, not a request to close.)
                sheet.dismiss(at: e.time)
            }
            pressOnSheet = false
            pressOnDim = false
            return true
        }
    }

    /// Focus lost or the pointer gone mid-drag: the sheet settles as if released still.
    package func cancelGestures(time: Double) {
        if pressOnSheet { sheet.release(at: lastMove, time: time, cancelled: true) }
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
        noteSettledDetent()
        if !sheet.isVisible, content != nil {
            content = nil
            pressOnSheet = false
        }
        return moving
    }

    /// Announcements waiting for the screen reader (SheetAccessibility), and the detent the
    /// sheet last came to rest at.
    var pendingAnnouncements: [String] = []
    /// What the sheet is called when its detent is announced ("Details, half height").
    package var accessibilityName = LocalizedStringKey("Details")
    var restingDetent: SheetDetent?

    // MARK: Drawing

    package func draw(into list: inout DisplayList, time: Double) {
        guard sheet.isVisible, content != nil else { return }
        // (Reduce Motion fades the sheet and its dim in and out where it rests.)
        let fade = sheet.opacity(at: time)
        let dim = sheet.dim(at: time) * fade
        if dim > 0 { list.add(.dim(Rect(origin: .zero, size: window), amount: dim)) }
        let top = sheet.top(at: time)
        guard top < window.height, fade > 0 else { return }
        let offset = sheet.content.offset(at: time)
        if offset != builtOffset { builtOffset = offset; host.invalidate() }
        host.update(bounds: localBounds, time: host.time)
        // One layer in the sheet's own coordinates, moved by a transform: while only its
        // position changes, its commands stay the same and it is composited, not redrawn.
        func sheetLayer(_ list: inout DisplayList) {
            list.transformed(.translate(0, top)) { list in
                list.layer(LayerSpec(id: "sheet", bounds: localBounds, background: .clear)) { list in
                    host.draw(into: &list)
                }
            }
        }
        if fade < 1 { list.withOpacity(fade) { sheetLayer(&$0) } } else { sheetLayer(&list) }
    }

    // MARK: State dump

    package func stateJSON(time: Double, restaurant: String?) -> JSONValue {
        // A chosen set (`--detents`): each detent's name and top, highest first.
        let policy = sheet.isVisible ? sheet.policy : policyKind.policy(tuning: tuning, detents: detents)
        let chosen: [(String, JSONValue)] = policy.detentSet == nil ? [] : [("detents", .array(policy.detents(height: window.height).map {
            .object([("name", .string($0.0.rawValue)), ("top", .rounded($0.1))])
        }))]
        // The snapshot's fields (phase, detent, top, velocity, contentOffset, dim, rule), with
        // what the presenter knows besides after the velocity.
        var fields = SheetSnapshot(sheet, at: time).jsonFields
        fields.insert(contentsOf: [
            // The sheet on screen decides with its own policy; hidden, the next one's.
            ("policy", .string((sheet.isVisible ? sheet.policy.kind : policyKind).rawValue)),
            ("content", JSONValue.optional(sheet.isVisible ? content?.kind : nil)),
            ("restaurant", JSONValue.optional(sheet.isVisible ? restaurant : nil)),
        ], at: 4)
        return .object(fields + chosen + (sheet.backgroundInteraction == .disabled ? [] : [("backgroundInteraction", .string(sheet.backgroundInteraction.text))])
          + (interactiveDismissDisabled ? [("interactiveDismiss", .string("disabled"))] : [])
          + (dragIndicator == .hidden ? [("dragIndicator", .string("hidden"))] : []))
    }
}
