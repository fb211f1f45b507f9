// FocusController: keyboard focus in a view tree and the text being edited (how focus
// moves): which control has it, Tab order through the controls, keys to the focused control,
// typed and composed text to the focused field with its caret blink, the limit notice, and the
// PRIMARY selection a field offers. ViewHost owns one and forwards to it.
import FlingCore

/// A node that can hold keyboard focus (Tab order is tree order).
@MainActor
protocol Focusable: Node {
    /// A key while focused; true if used.
    func keyPressed(_ key: Key, host: ViewHost) -> Bool
    /// Draws a focus ring (text fields show their caret instead).
    var showsFocusRing: Bool { get }
}

@MainActor
final class FocusController {
    unowned let host: ViewHost

    init(host: ViewHost) { self.host = host }

    /// The focused node's path, and the editing state when it is a text field.
    private(set) var focusedPath: String?
    var editing: TextEditing? {
        didSet { publishSelection() }
    }
    /// Whether the focused control shows its ring: focus taken by the keyboard (Tab) or used
    /// with it shows it; a control focused by a tap keeps it hidden until a key is used, as
    /// iPadOS does with a hardware keyboard.
    private(set) var ringVisible = false
    /// The selection last offered as the PRIMARY selection (X11/Wayland: select to copy).
    private var publishedSelection: String?
    /// What the focused field says under itself after typing or a paste reached its limit
    /// with more to come (the field's path, the words, and how many of the typed or pasted
    /// characters went in: where it stopped); gone with the next edit or the focus.
    private(set) var fieldNotice: (path: String, text: String, kept: Int)?
    /// When the caret last became solid (typing or moving it restarts the blink).
    private var caretEpoch: Double = 0

    var focusedNode: Node? { focusedPath.flatMap { host.node(at: $0) } }

    /// Moves focus to `node` (a text field starts editing with the caret at `caret`, or the end).
    /// `reveal`: scroll it into view (not for a press on it: it is under the finger already,
    /// and a scroll under a finger dragging a slider would move the slider).
    func focus(_ node: Focusable, caret: Int? = nil, ringVisible: Bool = true, reveal: Bool = true) {
        self.ringVisible = ringVisible
        if focusedPath != node.path {
            focusedPath = node.path
            fieldNotice = nil
            editing = (node as? TextFieldNode).map { TextEditing(text: $0.text.wrappedValue, caret: caret) }
        } else if let caret, var e = editing {
            e.move(to: caret)
            editing = e
        }
        restartCaretBlink()
        if reveal { host.scrollToReveal(node) }
        host.markDirty()
    }

    /// The words under a field that refused characters past its limit (short: a form's
    /// field is ~140 pt wide; the field draws "Limit reached" where even this does not fit).
    static func limitNotice(limit: Int, _ env: SceneEnvironment? = nil) -> String {
        let strings = env?.strings ?? .english
        return strings.plural("%@-character limit", other: "%@-character limit", count: limit, [strings.number(limit, grouped: true)])
    }

    func unfocus() {
        guard focusedPath != nil else { return }
        focusedPath = nil
        ringVisible = false
        editing = nil
        fieldNotice = nil
        host.markDirty()
    }

    /// The on-screen keyboard's Next: focus moves to the next text field in tree order;
    /// false (and nothing moves) past the last.
    func focusNextTextField() -> Bool {
        let fields = focusOrder.filter { $0 is TextFieldNode }
        guard let path = focusedPath, let i = fields.firstIndex(where: { $0.path == path }), i + 1 < fields.count else { return false }
        focus(fields[i + 1])
        return true
    }

    /// Whether a text field follows the focused one (the keyboard's return key says "next").
    var hasNextTextField: Bool {
        let fields = focusOrder.filter { $0 is TextFieldNode }
        guard let path = focusedPath, let i = fields.firstIndex(where: { $0.path == path }) else { return false }
        return i + 1 < fields.count
    }

    /// Focusable nodes in tree (Tab) order.
    private var focusOrder: [Focusable] { host.nodes(of: Node.self).compactMap { $0 as? Focusable } }

    /// Whether the tree has anything Tab can focus.
    var hasFocusableControls: Bool { !focusOrder.isEmpty }

    /// Tab with nothing focused: the first control takes focus (Shift+Tab: the last); false
    /// when there is none.
    @discardableResult
    func focusFirst(reverse: Bool) -> Bool {
        let order = focusOrder
        guard let first = reverse ? order.last : order.first else { return false }
        focus(first)
        return true
    }

    /// A key for the tree; true if used. Tab/Shift+Tab move focus through the controls in
    /// tree order; past the last (before the first) focus leaves the tree and the key is not
    /// used, so the app moves on to the next (previous) scene.
    @discardableResult
    func handleKey(_ key: Key) -> Bool {
        guard let focused = focusedNode as? Focusable else { return false }
        defer { host.markDirty() }
        if key.is(.tab) || key.is(.tab, .shift) {
            let order = focusOrder
            guard let i = order.firstIndex(where: { $0.path == focused.path }), !order.isEmpty else { return true }
            let next = key.modifiers.contains(.shift) ? i - 1 : i + 1
            guard order.indices.contains(next) else { unfocus(); return false }
            focus(order[next])
            return true
        }
        if key.is(.escape) { unfocus(); return true }
        let used = focused.keyPressed(key, host: host)
        if used { ringVisible = true }
        return used
    }

    /// A middle click (X11 and Wayland's paste of the PRIMARY selection `text`): over a text
    /// field it focuses the field, puts the caret under the pointer and inserts `text` there.
    func pastePrimarySelection(_ text: String, at p: Point) {
        guard let root = host.currentTree(), let field = root.hitChain(p)?.first(where: { $0 is TextFieldNode }) as? TextFieldNode else { return }
        focus(field, caret: field.caretPosition(atX: p.x))
        guard !text.isEmpty, var e = editing else { return }
        let insertion = e.paste(text)
        commit(e, to: field, insertion: insertion)
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
        host.env.primarySelection.text = text
    }

    /// Typed text (SDL text input) for the focused text field.
    func handleText(_ s: String) {
        guard let field = focusedNode as? TextFieldNode, var e = editing else { return }
        let insertion = e.insert(s)
        commit(e, to: field, insertion: insertion)
    }

    /// The input method's composition (marked text) for the focused field.
    func handleComposition(_ s: String) {
        guard focusedNode is TextFieldNode, var e = editing else { return }
        // Shown in the field like typed text: its control characters dropped as typing drops them.
        e.composition = TextEditing.withoutControls(s)
        editing = e
        restartCaretBlink()
        host.markDirty()
    }

    /// Stores an edit and writes the text back through the field's binding. `insertion`: how
    /// far the text typed or pasted went in (one cut at the limit: the field says so under
    /// itself, as far as it went).
    func commit(_ e: TextEditing, to field: TextFieldNode, insertion: TextEditing.Insertion? = nil) {
        editing = e
        fieldNotice = insertion.flatMap { $0.cut ? (field.path, Self.limitNotice(limit: e.limit, host.env), $0.kept) : nil }
        if field.text.wrappedValue != e.text { field.text.wrappedValue = e.text }
        restartCaretBlink()
        host.markDirty()
    }

    private func restartCaretBlink() { caretEpoch = host.time }

    /// The caret shows solid after any edit, then blinks: on for half a second, off for half.
    var caretVisible: Bool {
        let phase = (host.time - caretEpoch).truncatingRemainder(dividingBy: WidgetMetrics.caretBlinkPeriod)
        return phase < WidgetMetrics.caretBlinkPeriod / 2
    }

    /// When the picture changes by itself next (the caret's blink), if nothing animates.
    func nextRedraw(after t: Double) -> Double? {
        // No caret shows while text is selected: nothing blinks.
        guard let e = editing, !e.hasSelection else { return nil }
        let half = WidgetMetrics.caretBlinkPeriod / 2
        let n = ((t - caretEpoch) / half).rounded(.down) + 1
        return caretEpoch + n * half
    }

    /// The focused text field's identity: when it changes, the platform restarts text input
    /// so that an unfinished composition does not land in the next field.
    var textInputOwner: String? { editing == nil ? nil : focusedPath }

    /// Where the IME's candidate window should sit: at the caret of the focused text field,
    /// in window pt (nil when no field is being edited).
    var textInputRect: Rect? {
        guard editing != nil, let f = focusedNode as? TextFieldNode else { return nil }
        return f.caretRect
    }
}
