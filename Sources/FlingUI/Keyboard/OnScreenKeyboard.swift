// OnScreenKeyboard: when the on-screen keyboard shows (a field focused by touch, or always in a
// kiosk without a physical keyboard; `--keyboard auto|on|off`), the touches it takes, how its
// keys edit the focused field, how it is drawn over everything, and its state dump.
import FlingCore

/// `--keyboard`: auto (a field focused by touch, or any field in a kiosk with no physical
/// keyboard), on (whenever a field has focus), off (never).
package enum KeyboardMode: String, CaseIterable, Sendable {
    case auto, on, off
}

/// The on-screen keyboard over the app. The app hands it every pointer event first
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

    private lazy var keysHost = ViewHost(env: env, followsTextSize: false, followsLanguageDirection: false) { [unowned self] in
        KeyboardView(model: self.model, candidates: self.candidateFrames)
    }
    private lazy var popupsHost = ViewHost(env: env, followsTextSize: false, followsLanguageDirection: false) { [unowned self] in KeyboardPopupsView(model: self.model) }

    package init(window: Size, env: SceneEnvironment) {
        model = KeyboardModel(window: window)
        self.env = env
    }

    /// The pinyin engines, by input method (the app's googlepinyin; nil where a machine has
    /// none). Set once at start: the language's input methods are those it can compose.
    package var pinyinEngines: (@MainActor (KeyboardInputMode) -> PinyinEngine?)? {
        didSet { configureInputModes() }
    }
    private var engines: [KeyboardInputMode: PinyinEngine] = [:]

    private func configureInputModes() {
        let region = env.strings.language.split(separator: "_").dropFirst().first.map(String.init)
        var modes: [KeyboardInputMode] = []
        engines = [:]
        for m in KeyboardInputMode.modes(forLanguage: env.strings.base, region: region) {
            if !m.composes { modes.append(m); continue }
            if let e = pinyinEngines?(m) { engines[m] = e; modes.append(m) }
        }
        model.setInputModes(modes)
        changed()
    }

    /// The engine of the current input method, when it composes.
    private var engine: PinyinEngine? { engines[model.inputMode] }

    /// The window changed size: the keys are laid out for it, and a keyboard up tells the
    /// scene where it now covers it (the keyboard is the one that ever tells it).
    package func resize(window: Size, scene: Scene, time: Double) {
        model.resize(window: window)
        changed()
        if model.isShown { scene.textInput?.keyboardWillCover(from: model.shownTop, following: model.transition, time: time) }
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
        let owner = scene.textInput?.textInputOwner
        if owner != fieldOwner {
            // The composition was the last field's marked text, which went with its focus.
            if !model.composition.isEmpty { model.composition = PinyinComposition(); changed() }
            fieldOwner = owner
            if owner != nil {
                if byKey { physicalKeyUsed = true } else { physicalKeyUsed = false }
                if wantsKeyboard { show(scene, time: time) }
                // Another field: its own text says whether the next letter is a capital.
                if model.isShown { model.setAutoCapitalize((scene.textInput?.textBeforeCaretEndsSentence ?? false)); changed() }
            } else {
                hide(scene, time: time)
            }
        }
        if model.isShown {
            let label = (scene.textInput?.hasNextTextField ?? false) ? "next" : "done"
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
        model.setAutoCapitalize((scene.textInput?.textBeforeCaretEndsSentence ?? false))
        changed()
        scene.textInput?.keyboardWillCover(from: model.shownTop, following: model.transition, time: time)
    }

    package func hide(_ scene: Scene, time: Double) {
        guard model.isShown else { return }
        // Letters still composing are typed as they are (nothing tapped is lost).
        typeComposingLetters(scene, time: time)
        model.hide(at: time)
        claimed.removeAll()
        candidatePress = nil
        changed()
        scene.textInput?.keyboardWillCover(from: nil, following: model.transition, time: time)
    }

    /// A key on a physical keyboard: it hides the on-screen one, as on iPad (auto mode).
    package func physicalKeyPressed(_ scene: Scene, time: Double) {
        // The key types after what was composing, which goes into the field as it is.
        typeComposingLetters(scene, time: time)
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
        guard claims(e) else {
            // A press elsewhere (the field, another field, the page) ends the composition with
            // its letters typed into the field still focused, as UIKit unmarks the text.
            if e.phase == .began { typeComposingLetters(scene, time: e.time) }
            return false
        }
        if handleCandidatePress(e, scene: scene) { return true }
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
        candidatePress = nil
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

    /// The keys' edits, through the focused field's own editing path. Composing pinyin, the
    /// letters go to the composition (the field shows it as marked text, as an input
    /// method's): space takes the first candidate, return types the letters as they are,
    /// backspace takes a letter back, and anything else typed takes the first candidate first.
    private func apply(_ outputs: [KeyboardOutput], scene: Scene, time: Double) {
        for output in outputs {
            let composing = !model.composition.isEmpty
            switch output {
            case .insert(let text):
                if let engine, let c = text.first, text.count == 1, c.isASCII, c.isLowercase {
                    // Past the longest spelling the words so far are typed and a new one starts.
                    if !model.composition.append(c, engine: engine) {
                        finishWithFirstCandidate(scene: scene, time: time)
                        _ = model.composition.append(c, engine: engine)
                    }
                    mark(scene, time: time)
                } else if composing, text == " " {
                    choose(0, scene: scene, time: time)
                } else {
                    if composing { finishWithFirstCandidate(scene: scene, time: time) }
                    scene.textInput?.handleText(text, time: time)
                }
            case .deleteBackward, .deleteWordBackward:
                if composing, let engine {
                    model.composition.deleteBackward(engine: engine)
                    mark(scene, time: time)
                } else {
                    _ = scene.handleKey(output == .deleteBackward ? Key(.backspace) : Key(.backspace, [.control]), time: time)
                }
            case .submit:
                if composing {
                    typeComposingLetters(scene, time: time)
                } else if !(scene.textInput?.focusNextTextField(time: time) ?? false) {
                    scene.textInput?.endEditing(time: time)
                }
            case .hide:
                typeComposingLetters(scene, time: time)
                scene.textInput?.endEditing(time: time)
            case .inputModeChanged:
                typeComposingLetters(scene, time: time)
            }
        }
        // The next letter after a sentence's end, or in an emptied field, is a capital.
        if outputs.contains(where: { $0 != .submit && $0 != .hide }) {
            model.setAutoCapitalize((scene.textInput?.textBeforeCaretEndsSentence ?? false))
        }
        follow(scene, time: time)
    }

    // MARK: Pinyin

    /// The composition's marked text in the field (cleared when it ends).
    private func mark(_ scene: Scene, time: Double) {
        scene.textInput?.handleComposition(model.composition.markedText, time: time)
        changed()
    }

    /// Letters still composing are typed as they stand (the keyboard goes, a physical key, a
    /// press elsewhere, 确认, the globe): nothing tapped is lost. Nothing when none compose.
    private func typeComposingLetters(_ scene: Scene, time: Double) {
        guard !model.composition.isEmpty else { return }
        commit(model.composition.commitLetters(), scene: scene, time: time)
    }

    /// The composition ends with `text` typed into the field.
    private func commit(_ text: String, scene: Scene, time: Double) {
        scene.textInput?.handleComposition("", time: time)
        if !text.isEmpty { scene.textInput?.handleText(text, time: time) }
        changed()
    }

    /// Candidate `i` taken: typed once every letter has its word, else the rest compose on.
    private func choose(_ i: Int, scene: Scene, time: Double) {
        guard let engine else { return }
        if let text = model.composition.choose(i, engine: engine) {
            commit(text, scene: scene, time: time)
        } else {
            mark(scene, time: time)
        }
    }

    /// Something else typed while composing: the first candidate (to the last letter), or the
    /// letters as they are where there is none.
    private func finishWithFirstCandidate(scene: Scene, time: Double) {
        guard let engine else { return }
        while !model.composition.isEmpty {
            guard !model.composition.candidates.isEmpty else { return typeComposingLetters(scene, time: time) }
            if let text = model.composition.choose(0, engine: engine) { commit(text, scene: scene, time: time); return }
        }
    }

    /// The candidates on the bar and their frames (keyboard coordinates): as many as fit.
    var candidateFrames: [(text: String, frame: Rect)] {
        guard let bar = model.layout.candidateBar, !model.composition.isEmpty else { return [] }
        let font = KeyboardView.candidateFont(model.layout.idiom)
        let texts = model.composition.candidates.prefix(CandidateBarLayout.maxShown).map(\.text)
        let frames = CandidateBarLayout.frames(widths: texts.map { env.measurer.width(of: $0, font: font) }, in: bar,
                                               padding: KeyboardConstants.candidatePadding)
        return zip(texts, frames).map { ($0, $1) }
    }

    /// The press on the bar's candidates: the one under the finger when it lifts is taken.
    private var candidatePress: (id: Int64, index: Int?)?

    private func handleCandidatePress(_ e: PointerEvent, scene: Scene) -> Bool {
        func candidate(at p: Point) -> Int? {
            let f = model.frame(at: e.time)
            let local = Point(p.x - f.minX, p.y - f.minY)
            return candidateFrames.firstIndex { $0.frame.contains(local) }
        }
        switch e.phase {
        case .began:
            let f = model.frame(at: e.time)
            guard model.isShown, let bar = model.layout.candidateBar,
                  bar.contains(Point(e.location.x - f.minX, e.location.y - f.minY)) else {
                if candidatePress?.id == e.id { candidatePress = nil }
                return false
            }
            claimed.insert(e.id)
            candidatePress = (e.id, candidate(at: e.location))
            return true
        case .moved:
            return candidatePress?.id == e.id
        case .ended:
            guard let press = candidatePress, press.id == e.id else { return false }
            claimed.remove(e.id)
            candidatePress = nil
            if let i = press.index, candidate(at: e.location) == i {
                choose(i, scene: scene, time: e.time)
                follow(scene, time: e.time)
            }
            return true
        case .cancelled:
            guard candidatePress?.id == e.id else { return false }
            claimed.remove(e.id)
            candidatePress = nil
            return true
        }
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
            ("input", .string(model.inputMode.rawValue)),
            ("keys", .array(model.layout.keys.map { key in
                .object([("label", .string(key.kind.name)), ("frame", frame(key.frame.offsetBy(dx: f.minX, dy: f.minY)))])
            })),
        ] + compositionJSON(frame: f, rect: frame))
    }

    /// While pinyin composes: its letters, the marked text and the candidates on the bar.
    private func compositionJSON(frame f: Rect, rect: (Rect) -> JSONValue) -> [(String, JSONValue)] {
        guard !model.composition.isEmpty else { return [] }
        return [("composition", .object([
            ("letters", .string(model.composition.letters)),
            ("marked", .string(model.composition.markedText)),
            ("candidates", .array(candidateFrames.map { c in
                .object([("text", .string(c.text)), ("frame", rect(c.frame.offsetBy(dx: f.minX, dy: f.minY)))])
            })),
        ]))]
    }
}
