// ViewHost: the runtime of a view tree, and the façade the scenes and widgets talk to: it
// builds and lays out the nodes (NodeReconciler decides which it takes again), keeps their
// storage from build to build, steps their animations, and forwards presses to PointerRouter
// and keys and text to FocusController.
import FlingCore

/// The runtime of a view tree: rebuilds the nodes from the root view whenever state may
/// have changed, lays them out in the host's bounds, and routes input to them (presses through
/// its PointerRouter, keys and text through its FocusController, which keep the pressed node
/// and the focus). It keeps what must outlive a rebuild: scroll positions and widget
/// animations, keyed by structural identity (path).
@MainActor
package final class ViewHost {
    package let env: SceneEnvironment
    /// Its text takes the larger text size (`SceneEnvironment.textScale`); the on-screen
    /// keyboard's keys and the instrument's panel do not, as iOS's keyboard does not.
    package let followsTextSize: Bool
    private let content: @MainActor () -> any View
    package private(set) var time: Double = 0
    package private(set) var bounds: Rect = .zero
    private(set) var root: Node?
    private var dirty = true

    /// Keyboard focus and text editing (FocusController): the host forwards to it.
    private(set) lazy var focusController = FocusController(host: self)
    package var focusedPath: String? { focusController.focusedPath }
    package var editing: TextEditing? {
        get { focusController.editing }
        set { focusController.editing = newValue }
    }
    package var fieldNotice: (path: String, text: String, kept: Int)? { focusController.fieldNotice }
    package var focusRingVisible: Bool { focusController.ringVisible }
    package var hasFocus: Bool { focusController.focusedPath != nil }
    var focusedNode: Node? { focusController.focusedNode }
    var caretVisible: Bool { focusController.caretVisible }
    package var textInputOwner: String? { focusController.textInputOwner }
    package var textInputRect: Rect? { focusController.textInputRect }
    package var hasFocusableControls: Bool { focusController.hasFocusableControls }
    func focus(_ node: Focusable, caret: Int? = nil, ringVisible: Bool = true, reveal: Bool = true) {
        focusController.focus(node, caret: caret, ringVisible: ringVisible, reveal: reveal)
    }
    package func unfocus() { focusController.unfocus() }
    package var hasNextTextField: Bool { focusController.hasNextTextField }
    package func focusNextTextField(time t: Double) -> Bool { advanceClock(t); return focusController.focusNextTextField() }
    /// Window y below which the content is covered (the on-screen keyboard's top): scroll
    /// views reveal what they reveal above it.
    package var coveredBelow: Double?
    /// Every scroll view is about to lose `inset` pt of content at its bottom (the keyboard
    /// went): offsets past the new end spring back now.
    package func settleScrolls(losingBottom inset: Double, following motion: TimedAnimation, time t: Double) {
        advanceClock(t)
        for scroll in nodes(of: ScrollNode.self) { scroll.settle(losingBottom: inset, following: motion, host: self) }
    }

    /// Scrolls the focused control into view (above `coveredBelow`), moving with `motion`
    /// (0 to 1: the keyboard's) when given, else with the scroll view's own spring.
    package func revealFocused(following motion: TimedAnimation? = nil, time t: Double) {
        advanceClock(t)
        guard let node = currentTree().flatMap({ _ in focusedNode }) else { return }
        scrollToReveal(node, following: motion)
    }
    @discardableResult
    package func focusFirst(reverse: Bool) -> Bool { focusController.focusFirst(reverse: reverse) }
    @discardableResult
    package func handleKey(_ key: Key, time t: Double) -> Bool { advanceClock(t); return focusController.handleKey(key) }
    package func handleText(_ s: String, time t: Double) { advanceClock(t); focusController.handleText(s) }
    package func handleComposition(_ s: String, time t: Double) { advanceClock(t); focusController.handleComposition(s) }
    package func pastePrimarySelection(_ text: String, at p: Point, time t: Double) { advanceClock(t); focusController.pastePrimarySelection(text, at: p) }
    func commit(_ e: TextEditing, to field: TextFieldNode, insertion: TextEditing.Insertion? = nil) {
        focusController.commit(e, to: field, insertion: insertion)
    }
    package func nextRedraw(after t: Double) -> Double? { focusController.nextRedraw(after: t) }
    static func limitNotice(limit: Int) -> String { FocusController.limitNotice(limit: limit) }

    /// The host's clock moves on to an input's time (never back).
    func advanceClock(_ t: Double) { time = max(time, t) }
    /// Something changed: the next look at the tree rebuilds it.
    func markDirty() { dirty = true }
    /// The current tree, rebuilt first if stale.
    func currentTree() -> Node? { current() }

    /// The paths of built nodes, reused from build to build.
    var paths = PathTable()
    /// Per-node state that outlives rebuilds (scroll positions, widget animations).
    var storage = NodeStorage()
    /// The last value each `onPreferenceChange` saw.
    var lastObserved = NodeStorage()

    /// The direction its tree is laid out in: the language's (right-to-left in Arabic), or
    /// left-to-right for a host that keeps it whatever the language (the Latin keyboard).
    package var layoutDirection: LayoutDirection { followsLanguageDirection ? env.layoutDirection : .leftToRight }
    private let followsLanguageDirection: Bool

    package init(env: SceneEnvironment, followsTextSize: Bool = true, followsLanguageDirection: Bool = true,
                 content: @escaping @MainActor () -> any View) {
        self.env = env
        self.followsTextSize = followsTextSize
        self.followsLanguageDirection = followsLanguageDirection
        self.content = content
    }

    // MARK: Building and layout

    /// Marks the tree stale: the next look at it rebuilds it.
    package func invalidate() { dirty = true }

    /// Whether a new time alone rebuilds the tree: true for a tree whose content reads the
    /// time or animations of its own while it is built. False where everything that moves
    /// with time is in `storage` or a TimelineView: then a change of state or size, a scroll
    /// that moves and a TimelineView that animates rebuild it, and a widget's animation (a
    /// switch's knob, a segmented control's thumb) or a caret's blink only draws it again
    /// (each frame of a switch's spring rebuilt the whole form, 2.8 ms against the
    /// 0.25 ms Qt Quick spends on it).
    package var rebuildsForTime = true

    /// The current tree, laid out in `bounds` at `time` (rebuilt if anything changed).
    @discardableResult
    package func update(bounds newBounds: Rect, time newTime: Double) -> Bool {
        if newBounds != bounds || (newTime != time && rebuildsForTime) { dirty = true }
        bounds = newBounds; time = newTime
        guard dirty || root == nil else { return false }
        rebuild()
        return true
    }

    /// `onPreferenceChange` actions may change state that changes layout: the tree is built
    /// again until the preferences settle, at most this many times in one frame.
    private static let maxPreferencePasses = 3

    private func rebuild() {
        for _ in 0..<Self.maxPreferencePasses {
            buildOnce()
            if !observersChanged { break }
        }
        pruneStorage()
    }

    private var observersChanged = false
    /// A TimelineView that animates is in the tree: the host asks for every frame.
    var wantsFrames = false

    /// How many times the tree was built (tests: a tree kept is not built again).
    private(set) var builds = 0

    private func buildOnce() {
        builds += 1
        dirty = false
        wantsFrames = false
        // The last tree's nodes, by path, for the new tree to take again; kept through
        // placing, where geometry readers and preference readers build their content.
        let nested = reconciler.beginBuild(replacing: root)
        var environment = EnvironmentValues()
        if followsTextSize { environment.textScale = env.textScale }
        environment.layoutDirection = layoutDirection
        let context = BuildContext(path: "", environment: environment, host: self)
        let tree = buildSingleNode(content(), context.child(0))
        let proposal = ProposedSize(bounds.size)
        MirroredPlacement.placing(layoutDirection) {
            tree.place(in: Alignment.center.place(tree.size(for: proposal), in: bounds), proposal: proposal)
        }
        // Done before the preference observers' actions: one that reads the tree again builds
        // anew from this tree, with nothing of the last one left to take.
        reconciler.endBuild(nested: nested)
        root = tree
        // A focused view that is gone (its `if` turned false) loses focus.
        if let f = focusedPath, node(at: f) == nil { unfocus() }
        if let field = focusedNode as? TextFieldNode, var e = editing {
            e.sync(text: field.text.wrappedValue)
            editing = e
        }
        var observers: [PreferenceObserverNode] = []
        tree.visit { if let o = $0 as? PreferenceObserverNode { observers.append(o) } }
        observersChanged = false
        for o in observers where o.observe(host: self) { observersChanged = true }
    }

    /// Which nodes a build takes from the last tree (and the spares no build took).
    private let reconciler = NodeReconciler()

    /// The node of exactly `type` at `path` in the replaced tree, or a spare (NodeReconciler).
    func takeReusable<T: Node>(at path: String, _ type: T.Type) -> T? { reconciler.take(at: path, type) }

    /// How many nodes were recycled from spares (tests).
    var recycled: Int { reconciler.recycled }

    /// Forgets the state of views that are gone (keys are a path, or a path and "#…").
    private func pruneStorage() {
        guard let root, !storage.isEmpty || !lastObserved.isEmpty else { return }
        livePaths.removeAll(keepingCapacity: true)
        root.visit { livePaths.insert($0.path) }
        var gone: [String] = []
        for key in storage.rawKeys {
            // Searched as bytes: `String.contains(_: String)` is Foundation's, which bridges
            // to NSString and allocates for every key of every build.
            let path = key.utf8.contains(UInt8(ascii: "#")) ? ownerPath(of: key) : key
            if !livePaths.contains(path) { gone.append(key) }
        }
        for key in gone { storage.removeRaw(key) }
        if ownerPaths.count > 0 {
            let stale = ownerPaths.keys.filter { !storage.containsRaw($0) }
            for key in stale { ownerPaths.removeValue(forKey: key) }
        }
        for key in Array(lastObserved.rawKeys) where !livePaths.contains(key) { lastObserved.removeRaw(key) }
    }

    /// The path a "path#part" storage key belongs to, cut once per key (a slider's grab lives
    /// through its drag: cutting it in every frame's build made a string each time).
    private func ownerPath(of key: String) -> String {
        if let p = ownerPaths[key] { return p }
        let p = String(key.prefix { $0 != "#" })
        ownerPaths[key] = p
        return p
    }
    private var ownerPaths: [String: String] = [:]

    /// The paths of the tree, collected by `pruneStorage` (kept to reuse its storage).
    private var livePaths = Set<String>()

    private func current() -> Node? {
        if dirty || root == nil { rebuild() }
        return root
    }

    func node(at path: String) -> Node? {
        var found: Node?
        root?.visit { if found == nil, $0.path == path { found = $0 } }
        return found
    }

    /// Every node of a type, in tree order (state dumps, tests).
    func nodes<T: Node>(of type: T.Type) -> [T] {
        var out: [T] = []
        current()?.visit { if let n = $0 as? T { out.append(n) } }
        return out
    }

    /// The node a `.accessibilityIdentifier` names.
    func node(identifier: String) -> Node? {
        var found: Node?
        current()?.visit { if found == nil, $0.identifier == identifier { found = $0 } }
        return found
    }

    /// The tree's value for a preference key (what an `onPreferenceChange` at the root would
    /// see), read on demand.
    func preferenceValue<K: PreferenceKey>(_ key: K.Type) -> K.Value? {
        current()?.preferences().value(key)
    }

    func draw(into list: inout DisplayList) {
        guard let root = current() else { return }
        root.draw(into: &list)
        if focusRingVisible, let f = focusedNode as? Focusable, f.showsFocusRing { FocusRing.draw(around: f.frame, into: &list) }
    }

    // MARK: Pointer (PointerRouter)

    /// Presses and the wheel, routed to the tree's targets (PointerRouter).
    private(set) lazy var pointerRouter = PointerRouter(host: self)
    /// A pointer event of the primary pointer; true if the tree took it.
    @discardableResult
    package func handlePointer(_ e: PointerEvent) -> Bool { advanceClock(e.time); return pointerRouter.handle(e) }
    /// Ends a press without a tap (focus lost, pointer gone).
    package func cancelPress(time t: Double) { pointerRouter.cancel(time: t) }
    package var isPressing: Bool { pointerRouter.isPressing }
    /// Wheel notches over the tree: the innermost scroll view under the pointer scrolls.
    package func handleWheel(dy: Double, at p: Point, time t: Double) { advanceClock(t); pointerRouter.wheel(dy: dy, at: p, time: t) }

    // MARK: Animation

    /// Steps scroll momentum and widget animations; true while anything moves.
    package func advance(to t: Double) -> Bool {
        time = max(time, t)
        let animations = storage.advanceAnimations(to: t)
        if wantsFrames || animations.movesLayout || (animations.moving && rebuildsForTime) { dirty = true }
        return wantsFrames || animations.moving
    }

    /// Scrolls every scroll view around `node` so that it is visible.
    func scrollToReveal(_ node: Node, following motion: TimedAnimation? = nil) {
        guard let root else { return }
        var chain: [ScrollNode] = []
        func find(_ n: Node, _ ancestors: [ScrollNode]) -> Bool {
            if n === node { chain = ancestors; return true }
            let next = (n as? ScrollNode).map { ancestors + [$0] } ?? ancestors
            return n.children.contains { find($0, next) }
        }
        _ = find(root, [])
        for scroll in chain { scroll.reveal(node.frame, following: motion, host: self) }
    }
}

/// The iPadOS keyboard focus ring: a rounded blue outline just outside the focused control.
enum FocusRing {
    static func draw(around r: Rect, into list: inout DisplayList) {
        let o = WidgetMetrics.focusRingOutset
        let ring = Rect(x: r.minX - o, y: r.minY - o, width: r.width + 2 * o, height: r.height + 2 * o)
        list.add(.strokeRect(ring, radii: CornerRadii(min(ring.height / 2, WidgetMetrics.focusRingRadius)),
                             color: SystemColor.blue, lineWidth: WidgetMetrics.focusRingWidth))
    }
}

extension View {
    /// Names a view for tests and state dumps (SwiftUI's `accessibilityIdentifier`).
    public func accessibilityIdentifier(_ identifier: String) -> some View {
        modifier(IdentifierModifier(identifier: identifier))
    }
}

struct IdentifierModifier: NodeModifier {
    let identifier: String
    func node(wrapping content: Node, _ context: BuildContext) -> Node {
        content.identifier = identifier
        return content
    }
}
