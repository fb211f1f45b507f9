// OnScreenKeyboard: when the on-screen keyboard shows (a field focused by touch, or always in a
// kiosk without a physical keyboard; `--keyboard auto|on|off`), the touches it takes, how its
// keys edit the focused field, how it is drawn over everything, and its state dump.
import FlingCore

/// `--keyboard`: auto (a field focused by touch, or any field in a kiosk with no physical
/// keyboard), on (whenever a field has focus), off (never).
package enum KeyboardMode: String, CaseIterable, Sendable {
    case auto, on, off
}

/// The on-screen keyboard over the app (issue 32). The app hands it every pointer event first
/// (all fingers: a second finger types the next key); a touch that begins on it is its own
/// until lifted and never reaches the scene. Its keys edit the focused field through the same
/// path as a physical keyboard (text input, Backspace, Ctrl+Backspace).
@MainActor
package final class OnScreenKeyboard {
    package var mode = KeyboardMode.auto
    /// A kiosk whose machine has no physical keyboard: any focused field shows the keyboard.
    package var kioskWithoutKeyboard = false
    package private(set) var model: KeyboardModel
    private let env: SceneEnvironment
    /// The focused field the keyboard was last brought up for (nil: none focused).
    private var fieldOwner: String?
    /// The last press anywhere was a finger (not the mouse): a field it focuses gets the keyboard.
    private var lastPressWasTouch = false
    /// A physical key was used since the field was focused (the keyboard then stays down).
    private var physicalKeyUsed = false

    private lazy var keysHost = ViewHost(env: env, followsTextSize: false, followsLanguageDirection: false) { [unowned self] in KeyboardView(model: self.model) }
    private lazy var popupsHost = ViewHost(env: env, followsTextSize: false, followsLanguageDirection: false) { [unowned self] in KeyboardPopupsView(model: self.model) }

    package init(window: Size, env: SceneEnvironment) {
        model = KeyboardModel(window: window)
        self.env = env
    }

    package func resize(window: Size) {
        model.resize(window: window)
        changed()
    }

    private func changed() {
        keysHost.invalidate()
        popupsHost.invalidate()
    }

    // MARK: Following focus

    /// After each event: shows the keyboard for a newly focused field when the mode says so,
    /// hides it when no field is focused, and keeps the return key's label and shift in step.
    /// `byKey`: the event was a physical key (Tab): a field it focuses keeps the keyboard down.
    package func follow(_ scene: Scene, time: Double, byKey: Bool = false) {
        let owner = scene.textInputOwner
        if owner != fieldOwner {
            fieldOwner = owner
            if owner != nil {
                if byKey { physicalKeyUsed = true } else { physicalKeyUsed = false }
                if wantsKeyboard { show(scene, time: time) }
                // Another field: its own text says whether the next letter is a capital.
                if model.isShown { model.setAutoCapitalize(scene.textBeforeCaretEndsSentence); changed() }
            } else {
                hide(scene, time: time)
            }
        }
        if model.isShown {
            let label = scene.hasNextTextField ? "next" : "done"
            if model.returnLabel != label { model.returnLabel = label; changed() }
        }
    }

    private var wantsKeyboard: Bool {
        switch mode {
        case .off: return false
        case .on: return true
        case .auto: return (lastPressWasTouch || kioskWithoutKeyboard) && !physicalKeyUsed
        }
    }

    private func show(_ scene: Scene, time: Double) {
        guard !model.isShown else { return }
        model.show(at: time)
        // UIKit's default autocapitalization: a capital where a sentence starts (an empty
        // field, or after ". ").
        model.setAutoCapitalize(scene.textBeforeCaretEndsSentence)
        changed()
        scene.keyboardWillCover(from: model.shownTop, following: model.transition, time: time)
    }

    package func hide(_ scene: Scene, time: Double) {
        guard model.isShown else { return }
        model.hide(at: time)
        claimed.removeAll()
        changed()
        scene.keyboardWillCover(from: nil, following: model.transition, time: time)
    }

    /// A key on a physical keyboard: it hides the on-screen one, as on iPad (auto mode).
    package func physicalKeyPressed(_ scene: Scene, time: Double) {
        guard mode == .auto else { return }
        physicalKeyUsed = true
        hide(scene, time: time)
    }

    // MARK: Touches

    /// The pointers whose press began on the keyboard: theirs until lifted, even if the
    /// keyboard goes meanwhile (their moves and release never reach the scene).
    private var claimed = Set<Int64>()

    /// Whether `e` is the keyboard's: a press on it while it is on screen (sliding in or out
    /// too: a key seen is never a hole to what is behind), or any event of such a press.
    package func claims(_ e: PointerEvent) -> Bool {
        if e.phase == .began { return model.isVisible(at: e.time) && model.frame(at: e.time).contains(e.location) }
        return claimed.contains(e.id)
    }

    /// Every pointer event, before the scene. True when the keyboard took it (the scene must
    /// not see it).
    package func handlePointer(_ e: PointerEvent, scene: Scene) -> Bool {
        if e.phase == .began { lastPressWasTouch = e.id != 0 }
        guard claims(e) else { return false }
        switch e.phase {
        case .began:
            claimed.insert(e.id)
            // Only keys up and in place type; a press on one sliding away is just swallowed.
            if model.isShown { apply(model.touchBegan(id: e.id, at: e.location, time: e.time), scene: scene, time: e.time) }
        case .moved:
            if model.hasTouch(e.id) { _ = model.touchMoved(id: e.id, to: e.location, time: e.time) }
        case .ended:
            claimed.remove(e.id)
            if model.hasTouch(e.id) { apply(model.touchEnded(id: e.id, at: e.location, time: e.time), scene: scene, time: e.time) }
        case .cancelled:
            claimed.remove(e.id)
            model.touchCancelled(id: e.id)
        }
        changed()
        return true
    }

    /// Focus lost or an idle reset: every touch on the keyboard ends without typing (a held
    /// backspace stops).
    package func cancelTouches() {
        model.cancelAllTouches()
        claimed.removeAll()
        changed()
    }

    /// Repeats and long presses come due; true while the keyboard moves or waits on a timer.
    package func advance(to time: Double, scene: Scene) -> Bool {
        let out = model.advance(to: time)
        if !out.isEmpty { apply(out, scene: scene, time: time); changed() }
        if case .variants? = model.touches.first(where: { if case .variants = $0.state { return true } else { return false } })?.state {
            changed()
        }
        return model.nextDue(after: time) != nil
    }

    package func nextDue(after time: Double) -> Double? { model.nextDue(after: time) }

    /// The keys' edits, through the focused field's own editing path.
    private func apply(_ outputs: [KeyboardOutput], scene: Scene, time: Double) {
        for output in outputs {
            switch output {
            case .insert(let text): scene.handleText(text, time: time)
            case .deleteBackward: _ = scene.handleKey(Key(.backspace), time: time)
            case .deleteWordBackward: _ = scene.handleKey(Key(.backspace, [.control]), time: time)
            case .submit:
                if !scene.focusNextTextField(time: time) { scene.endEditing(time: time) }
            case .hide:
                scene.endEditing(time: time)
            }
        }
        // The next letter after a sentence's end, or in an emptied field, is a capital.
        if outputs.contains(where: { $0 != .submit && $0 != .hide }) {
            model.setAutoCapitalize(scene.textBeforeCaretEndsSentence)
        }
        follow(scene, time: time)
    }

    // MARK: Drawing and the state dump

    /// The keys' tree (tests: it stays left to right in Arabic).
    var keysTree: ViewHost { keysHost }

    package func draw(into list: inout DisplayList, time: Double) {
        guard model.isVisible(at: time) else { return }
        let f = model.frame(at: time)
        let local = Rect(x: 0, y: 0, width: f.width, height: f.height)
        keysHost.update(bounds: local, time: keysHost.time)
        list.transformed(.translate(0, f.minY)) { list in
            list.layer(LayerSpec(id: "keyboard", bounds: local, background: KeyboardConstants.backgroundColor)) { list in
                keysHost.draw(into: &list)
            }
            if !model.touches.isEmpty {
                popupsHost.update(bounds: local, time: popupsHost.time)
                popupsHost.draw(into: &list)
            }
        }
    }

    package func stateJSON(time: Double) -> JSONValue {
        let f = model.frame(at: time)
        func frame(_ r: Rect) -> JSONValue { .array([.rounded(r.minX), .rounded(r.minY), .rounded(r.width), .rounded(r.height)]) }
        return .object([
            ("shown", .bool(model.isShown)),
            ("frame", frame(f)),
            ("page", .string(model.page.rawValue)),
            ("shift", .string(model.shift.rawValue)),
            ("return", .string(model.returnLabel)),
            ("keys", .array(model.layout.keys.map { key in
                .object([("label", .string(key.kind.name)), ("frame", frame(key.frame.offsetBy(dx: f.minX, dy: f.minY)))])
            })),
        ])
    }
}
