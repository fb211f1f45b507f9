import FlingCore

/// How a widget takes a press.
enum PressClaim {
    /// The whole gesture, drags included (slider thumb, toggle thumb, selecting text).
    case gesture
    /// Only a tap: an enclosing scroll view takes the press over once it moves past the
    /// touch slop (text fields to focus, buttons).
    case tap
}

/// A node that takes pointer input. Nodes are rebuilt after every event, so the host finds
/// the pressed node again by its path for each event of a gesture (pointer capture).
@MainActor
protocol PointerTarget: Node {
    func pressBegan(_ e: PointerEvent, host: ViewHost) -> PressClaim
    func pressMoved(_ e: PointerEvent, host: ViewHost)
    /// The press ended; `tapped` if it never moved past the touch slop.
    func pressEnded(_ e: PointerEvent, tapped: Bool, host: ViewHost)
    func pressCancelled(time: Double, host: ViewHost)
}

/// A node that can hold keyboard focus (Tab order is tree order).
@MainActor
protocol Focusable: Node {
    /// A key while focused; true if used.
    func keyPressed(_ key: Key, host: ViewHost) -> Bool
    /// Draws a focus ring (text fields show their caret instead).
    var showsFocusRing: Bool { get }
}

/// The runtime of a view tree: rebuilds the nodes from the root view whenever state may
/// have changed, lays them out in the host's bounds, and routes input to them. It keeps what
/// must outlive a rebuild: focus, the text being edited, the pressed node, scroll positions
/// and widget animations, all keyed by structural identity (path).
@MainActor
package final class ViewHost {
    package let env: SceneEnvironment
    private let content: @MainActor () -> any View
    package private(set) var time: Double = 0
    package private(set) var bounds: Rect = .zero
    private(set) var root: Node?
    private var dirty = true

    /// The focused node's path, and the editing state when it is a text field.
    package private(set) var focusedPath: String?
    package var editing: TextEditing? {
        didSet { publishSelection() }
    }
    /// Whether the focused control shows its ring: focus taken by the keyboard (Tab) or used
    /// with it shows it; a control focused by a tap keeps it hidden until a key is used, as
    /// iPadOS does with a hardware keyboard.
    package private(set) var focusRingVisible = false
    /// The selection last offered as the PRIMARY selection (X11/Wayland: select to copy).
    private var publishedSelection: String?
    /// What the focused field says under itself after typing or a paste went past its limit
    /// (the field's path, the words, and how many characters did not fit); gone with the next
    /// edit or the focus.
    package var fieldNotice: (path: String, text: String, dropped: Int)?
    /// When the caret last became solid (typing or moving it restarts the blink).
    private var caretEpoch: Double = 0

    private enum Press {
        case nothing(start: Point)
        case gesture(path: String)
        case tap(path: String, scroll: String?, classifier: TapClassifier)
        /// `direct`: the press began on the scroll view itself (not on a widget inside it),
        /// so a tap there is a tap on nothing.
        case scroll(path: String, direct: TapClassifier?)
    }
    private var press: Press?
    /// The type of the pressed node: if another kind of view takes its path mid-press (a row
    /// removed under the finger), the press is cancelled instead of sent to a stranger.
    private var pressedType: ObjectIdentifier?

    /// The paths of built nodes, reused from build to build.
    var paths = PathTable()
    /// Per-node state that outlives rebuilds (scroll positions, widget animations).
    var storage: [String: Any] = [:]
    /// The last value each `onPreferenceChange` saw.
    var lastObserved: [String: Any] = [:]

    package init(env: SceneEnvironment, content: @escaping @MainActor () -> any View) {
        self.env = env
        self.content = content
    }

    // MARK: Building and layout

    /// Marks the tree stale: the next look at it rebuilds it.
    package func invalidate() { dirty = true }

    /// The current tree, laid out in `bounds` at `time` (rebuilt if anything changed).
    @discardableResult
    package func update(bounds newBounds: Rect, time newTime: Double) -> Bool {
        if newBounds != bounds || newTime != time { dirty = true }
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
        let context = BuildContext(path: "", environment: EnvironmentValues(), host: self)
        let tree = buildSingleNode(content(), context.child(0))
        let proposal = ProposedSize(bounds.size)
        tree.place(in: Alignment.center.place(tree.size(for: proposal), in: bounds), proposal: proposal)
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
        for key in storage.keys {
            // Searched as bytes: `String.contains(_: String)` is Foundation's, which bridges
            // to NSString and allocates for every key of every build.
            let path = key.utf8.contains(UInt8(ascii: "#")) ? ownerPath(of: key) : key
            if !livePaths.contains(path) { gone.append(key) }
        }
        for key in gone { storage.removeValue(forKey: key) }
        if ownerPaths.count > 0 {
            let stale = ownerPaths.keys.filter { storage[$0] == nil }
            for key in stale { ownerPaths.removeValue(forKey: key) }
        }
        for key in lastObserved.keys where !livePaths.contains(key) { lastObserved.removeValue(forKey: key) }
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

    // MARK: Pointer

    /// A pointer event of the primary pointer; true if the tree took it.
    @discardableResult
    package func handlePointer(_ e: PointerEvent) -> Bool {
        time = max(time, e.time)
        defer { dirty = true }
        switch e.phase {
        case .began:
            guard let root = current() else { return false }
            let chain = (root.hitChain(e.location) ?? []).compactMap { $0 as? PointerTarget }
            let scroll = chain.first { $0 is ScrollNode }
            guard let target = chain.first else { press = .nothing(start: e.location); return false }
            pressedType = ObjectIdentifier(type(of: target))
            // A press on a control (switch, slider, segments) gives it keyboard focus, which
            // ends a text field's editing, as a tap outside the field does.
            if let control = target as? Focusable, !(control is TextFieldNode) { focus(control, ringVisible: false, reveal: false) }
            if target is ScrollNode {
                var classifier = TapClassifier()
                classifier.press(at: e.location, time: e.time)
                press = .scroll(path: target.path, direct: classifier)
                _ = target.pressBegan(e, host: self)
                return true
            }
            switch target.pressBegan(e, host: self) {
            case .gesture: press = .gesture(path: target.path)
            case .tap:
                var classifier = TapClassifier()
                classifier.press(at: e.location, time: e.time)
                press = .tap(path: target.path, scroll: scroll?.path, classifier: classifier)
                if let scroll { _ = scroll.pressBegan(e, host: self) }
            }
            return true
        case .moved:
            switch press {
            case .gesture(let path): target(path)?.pressMoved(e, host: self)
            case .scroll(let path, var direct):
                _ = direct?.move(to: e.location)
                press = .scroll(path: path, direct: direct)
                target(path)?.pressMoved(e, host: self)
            case .tap(let path, let scroll, var classifier):
                let dragging = classifier.move(to: e.location)
                press = .tap(path: path, scroll: scroll, classifier: classifier)
                if dragging, let scroll {
                    // The press became a scroll: the widget lets go.
                    target(path)?.pressCancelled(time: e.time, host: self)
                    press = .scroll(path: scroll, direct: nil)
                    target(scroll)?.pressMoved(e, host: self)
                } else {
                    target(path)?.pressMoved(e, host: self)
                }
            case .nothing, nil: return false
            }
            return true
        case .ended:
            defer { press = nil }
            switch press {
            case .gesture(let path): target(path)?.pressEnded(e, tapped: false, host: self)
            case .scroll(let path, var direct):
                target(path)?.pressEnded(e, tapped: false, host: self)
                // A tap on a scroll view's empty content ends editing, as a tap on nothing.
                if direct?.release() == true { unfocus() }
            case .tap(let path, let scroll, var classifier):
                let tapped = classifier.release()
                if let scroll { target(scroll)?.pressEnded(e, tapped: tapped, host: self) }
                target(path)?.pressEnded(e, tapped: tapped, host: self)
            case .nothing(let start):
                // A tap on nothing ends editing (iOS: a tap outside the field).
                if (e.location - start).length < InteractionConstants.touchSlop { unfocus() }
                return false
            case nil: return false
            }
            return true
        case .cancelled:
            cancelPress(time: e.time)
            return true
        }
    }

    /// Ends a press without a tap (focus lost, pointer gone).
    package func cancelPress(time t: Double) {
        switch press {
        case .gesture(let path), .scroll(let path, _): target(path)?.pressCancelled(time: t, host: self)
        case .tap(let path, let scroll, _):
            target(path)?.pressCancelled(time: t, host: self)
            if let scroll { target(scroll)?.pressCancelled(time: t, host: self) }
        case .nothing, nil: break
        }
        press = nil
        dirty = true
    }

    package var isPressing: Bool { press != nil }

    private func target(_ path: String) -> PointerTarget? {
        _ = current()
        guard let node = node(at: path) as? PointerTarget else { return nil }
        guard ObjectIdentifier(type(of: node)) == pressedType || node is ScrollNode else {
            // Another kind of view took the pressed one's place: the press ends here.
            press = nil
            return nil
        }
        return node
    }

    /// Wheel notches over the tree: the innermost scroll view under the pointer scrolls.
    package func handleWheel(dy: Double, at p: Point, time t: Double) {
        time = max(time, t)
        guard let root = current() else { return }
        if let scroll = root.hitChain(p)?.first(where: { $0 is ScrollNode }) as? ScrollNode {
            scroll.wheel(dy: dy, time: t, host: self)
            dirty = true
        }
    }

    // MARK: Focus and keys

    var focusedNode: Node? { focusedPath.flatMap { node(at: $0) } }

    /// Moves focus to `node` (a text field starts editing with the caret at `caret`, or the end).
    /// `reveal`: scroll it into view (not for a press on it: it is under the finger already,
    /// and a scroll under a finger dragging a slider would move the slider).
    func focus(_ node: Focusable, caret: Int? = nil, ringVisible: Bool = true, reveal: Bool = true) {
        focusRingVisible = ringVisible
        if focusedPath != node.path {
            focusedPath = node.path
            fieldNotice = nil
            editing = (node as? TextFieldNode).map { TextEditing(text: $0.text.wrappedValue, caret: caret) }
        } else if let caret, var e = editing {
            e.move(to: caret)
            editing = e
        }
        restartCaretBlink()
        if reveal { scrollToReveal(node) }
        dirty = true
    }

    /// The words under a field that refused characters past its limit (short: a form's
    /// field is ~140 pt wide; the field draws "Limit reached" where even this does not fit).
    static func limitNotice(limit: Int) -> String {
        "\(grouped(limit))-character limit"
    }

    /// 12345 → "12,345".
    static func grouped(_ n: Int) -> String {
        var digits = String(n), out = ""
        while digits.count > 3 { out = "," + digits.suffix(3) + out; digits.removeLast(3) }
        return digits + out
    }

    package func unfocus() {
        guard focusedPath != nil else { return }
        focusedPath = nil
        focusRingVisible = false
        editing = nil
        fieldNotice = nil
        dirty = true
    }

    /// Focusable nodes in tree (Tab) order.
    private var focusOrder: [Focusable] { nodes(of: Node.self).compactMap { $0 as? Focusable } }

    package var hasFocus: Bool { focusedPath != nil }

    /// Whether the tree has anything Tab can focus.
    package var hasFocusableControls: Bool { !focusOrder.isEmpty }

    /// Tab with nothing focused: the first control takes focus (Shift+Tab: the last); false
    /// when there is none.
    @discardableResult
    package func focusFirst(reverse: Bool) -> Bool {
        let order = focusOrder
        guard let first = reverse ? order.last : order.first else { return false }
        focus(first)
        return true
    }

    /// A key for the tree; true if used. Tab/Shift+Tab move focus through the controls in
    /// tree order; past the last (before the first) focus leaves the tree and the key is not
    /// used, so the app moves on to the next (previous) scene.
    @discardableResult
    package func handleKey(_ key: Key, time t: Double) -> Bool {
        time = max(time, t)
        guard let focused = focusedNode as? Focusable else { return false }
        defer { dirty = true }
        if key.is(.tab) || key.is(.tab, .shift) {
            let order = focusOrder
            guard let i = order.firstIndex(where: { $0.path == focused.path }), !order.isEmpty else { return true }
            let next = key.modifiers.contains(.shift) ? i - 1 : i + 1
            guard order.indices.contains(next) else { unfocus(); return false }
            focus(order[next])
            return true
        }
        if key.is(.escape) { unfocus(); return true }
        let used = focused.keyPressed(key, host: self)
        if used { focusRingVisible = true }
        return used
    }

    /// A middle click (X11 and Wayland's paste of the PRIMARY selection `text`): over a text
    /// field it focuses the field, puts the caret under the pointer and inserts `text` there.
    package func pastePrimarySelection(_ text: String, at p: Point, time t: Double) {
        time = max(time, t)
        guard let root = current(), let field = root.hitChain(p)?.first(where: { $0 is TextFieldNode }) as? TextFieldNode else { return }
        focus(field, caret: field.caretPosition(atX: p.x))
        guard !text.isEmpty, var e = editing else { return }
        let dropped = e.insert(String(text.map { $0.isNewline ? " " : $0 }))
        commit(e, to: field, dropped: dropped)
    }

    /// A non-empty selection in the edited field becomes the PRIMARY selection (X11 and Wayland
    /// users select to copy); an emptied one leaves it as it was, as GTK and Qt fields do.
    private func publishSelection() {
        // A collapsed selection forgets what was offered: selecting the same text again (after
        // another app took the PRIMARY selection) offers it again.
        guard let e = editing, e.hasSelection else { publishedSelection = nil; return }
        let text = e.selectedText
        guard text != publishedSelection else { return }
        publishedSelection = text
        env.primarySelection.text = text
    }

    /// Typed text (SDL text input) for the focused text field.
    package func handleText(_ s: String, time t: Double) {
        time = max(time, t)
        guard let field = focusedNode as? TextFieldNode, var e = editing else { return }
        let dropped = e.insert(s)
        commit(e, to: field, dropped: dropped)
    }

    /// The input method's composition (marked text) for the focused field.
    package func handleComposition(_ s: String, time t: Double) {
        time = max(time, t)
        guard focusedNode is TextFieldNode, var e = editing else { return }
        // Shown in the field like typed text: its control characters dropped as typing drops them.
        e.composition = TextEditing.withoutControls(s)
        editing = e
        restartCaretBlink()
        dirty = true
    }

    /// Stores an edit and writes the text back through the field's binding. `dropped`:
    /// characters typed or pasted that did not fit (the field says so under itself).
    func commit(_ e: TextEditing, to field: TextFieldNode, dropped: Int = 0) {
        editing = e
        fieldNotice = dropped > 0 ? (field.path, Self.limitNotice(limit: e.limit), dropped) : nil
        if field.text.wrappedValue != e.text { field.text.wrappedValue = e.text }
        restartCaretBlink()
        dirty = true
    }

    private func restartCaretBlink() { caretEpoch = time }

    /// The caret shows solid after any edit, then blinks: on for half a second, off for half.
    var caretVisible: Bool {
        let phase = (time - caretEpoch).truncatingRemainder(dividingBy: WidgetMetrics.caretBlinkPeriod)
        return phase < WidgetMetrics.caretBlinkPeriod / 2
    }

    /// When the picture changes by itself next (the caret's blink), if nothing animates.
    package func nextRedraw(after t: Double) -> Double? {
        // No caret shows while text is selected: nothing blinks.
        guard let e = editing, !e.hasSelection else { return nil }
        let half = WidgetMetrics.caretBlinkPeriod / 2
        let n = ((t - caretEpoch) / half).rounded(.down) + 1
        return caretEpoch + n * half
    }

    /// The focused text field's identity: when it changes, the platform restarts text input
    /// so that an unfinished composition does not land in the next field.
    package var textInputOwner: String? { editing == nil ? nil : focusedPath }

    /// Where the IME's candidate window should sit: at the caret of the focused text field,
    /// in window pt (nil when no field is being edited).
    package var textInputRect: Rect? {
        guard editing != nil, let f = focusedNode as? TextFieldNode else { return nil }
        return f.caretRect
    }

    // MARK: Animation

    /// Steps scroll momentum and widget animations; true while anything moves.
    package func advance(to t: Double) -> Bool {
        time = max(time, t)
        var moving = wantsFrames
        // Only what changed is written back, after the loop: writing into the dictionary
        // while iterating it copied it, and each write boxed the value again, every frame.
        var changed: [(String, Any)] = []
        for (path, value) in storage {
            if let old = value as? ScrollState {
                var s = old
                if s.advance(to: t) { moving = true }
                if s != old { changed.append((path, s)) }
            } else if let a = value as? AnimatedValue {
                let settled = a.settled(at: t)
                if settled.isAnimating { moving = true }
                if settled != a { changed.append((path, settled)) }
            }
        }
        for (path, value) in changed { storage[path] = value }
        if moving { dirty = true }
        return moving
    }

    /// Scrolls every scroll view around `node` so that it is visible.
    private func scrollToReveal(_ node: Node) {
        guard let root else { return }
        var chain: [ScrollNode] = []
        func find(_ n: Node, _ ancestors: [ScrollNode]) -> Bool {
            if n === node { chain = ancestors; return true }
            let next = (n as? ScrollNode).map { ancestors + [$0] } ?? ancestors
            return n.children.contains { find($0, next) }
        }
        _ = find(root, [])
        for scroll in chain { scroll.reveal(node.frame, host: self) }
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
