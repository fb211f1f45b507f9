// KeyboardModel: the on-screen keyboard as a value: shown or hidden (UIKit's keyboard
// animation), its page and shift, the touches on its keys (slide to correct, a second finger,
// long press for accents, backspace repeat) and the edits they make.

/// What the keyboard asks of the focused field. Text goes through the same editing path as a
/// physical keyboard's text input; deletes as its Backspace (Ctrl+Backspace for a word).
public enum KeyboardOutput: Sendable, Equatable {
    case insert(String)
    case deleteBackward
    case deleteWordBackward
    /// Return: the field's submit action ("return", "next" or "done").
    case submit
    /// The iPad's hide-keyboard key.
    case hide
    /// The globe went on to `inputMode` (a composition in progress ends first).
    case inputModeChanged
}

/// What the letter keys type: English, or pinyin composed into simplified or traditional
/// Chinese (iOS's 拼音 – 简体 and 拼音 – 繁體 keyboards).
public enum KeyboardInputMode: String, Sendable, Equatable, CaseIterable {
    case english, pinyin = "pinyin-simplified", traditionalPinyin = "pinyin-traditional"
    /// Letters compose in a candidates' bar instead of typing.
    public var composes: Bool { self != .english }
    /// The modes a language's keyboard goes through with its globe key, its own first:
    /// simplified pinyin in zh-Hans, traditional in zh-Hant, English alone elsewhere.
    public static func modes(forLanguage base: String, region: String?) -> [KeyboardInputMode] {
        guard base == "zh" else { return [.english] }
        return region == "TW" || region == "HK" || region == "MO" || region == "Hant" ? [.traditionalPinyin, .english] : [.pinyin, .english]
    }
}

/// The on-screen keyboard, driven by touches in window pt and by time. It decides
/// which key each touch types and when; the app applies the outputs to the focused field.
public struct KeyboardModel: Sendable, Equatable {
    /// One finger on the keyboard.
    public struct Touch: Sendable, Equatable {
        public enum State: Sendable, Equatable {
            /// On a key; the key under the finger at release types (slide to correct).
            case tracking
            /// Backspace held: `count` repeats so far (the next one's time is `repeatDue`).
            case repeating(count: Int)
            /// A held letter shows its variants; `selected` is under the finger.
            case variants(options: [String], frames: [Rect], selected: Int)
            /// Already typed (a second finger came down): its release types nothing.
            case committed
        }
        public var id: Int64
        /// The key under the finger now, and since when (a long press counts from there).
        public var key: KeyboardKey?
        public var since: Double
        public var state: State
    }

    public private(set) var page = KeyboardPage.letters
    public private(set) var shift = ShiftState.off
    /// The return key's label: the focused field's submit action.
    public var returnLabel = "return"
    public private(set) var layout: KeyboardLayout
    public private(set) var windowSize: Size
    /// 0 hidden … 1 shown, on UIKit's keyboard curve.
    private var presence = AnimatedValue.resting(0)
    public private(set) var isShown = false
    public private(set) var touches: [Touch] = []
    /// The input methods the globe goes through, and the current one.
    public private(set) var inputModes: [KeyboardInputMode] = [.english]
    public private(set) var inputMode = KeyboardInputMode.english
    /// The pinyin being composed (kept here for the drawing and the state dump; the keyboard's
    /// owner, which holds the engine, changes it).
    public var composition = PinyinComposition()
    /// When shift was last tapped (a second tap soon after locks capitals).
    private var lastShiftTap: Double?

    public init(window: Size) {
        windowSize = window
        layout = KeyboardLayout(width: window.width, page: .letters)
    }

    /// The language's input methods (`KeyboardInputMode.modes`); it starts on the first.
    public mutating func setInputModes(_ modes: [KeyboardInputMode]) {
        inputModes = modes.isEmpty ? [.english] : modes
        inputMode = inputModes[0]
        composition = PinyinComposition()
        layout = makeLayout(page)
    }

    private func makeLayout(_ page: KeyboardPage) -> KeyboardLayout {
        // The bar stays in every input method of a keyboard that composes (iOS's predictive
        // bar is there in English too): the globe never changes the keyboard's height.
        KeyboardLayout(width: windowSize.width, page: page, globe: inputModes.count > 1,
                       candidateBar: inputModes.contains { $0.composes })
    }

    // MARK: Showing and hiding

    /// Comes up on letters with shift off (the last visitor's page or caps lock is not the
    /// next one's); the field then says whether its next letter is a capital.
    public mutating func show(at time: Double) {
        guard !isShown else { return }
        isShown = true
        go(to: .letters)
        shift = .off
        lastShiftTap = nil
        touches.removeAll()
        animate(to: 1, at: time)
    }

    public mutating func hide(at time: Double) {
        guard isShown else { return }
        isShown = false
        touches.removeAll()
        animate(to: 0, at: time)
    }

    private mutating func animate(to target: Double, at time: Double) {
        let from = presence.value(at: time)
        transition = TimedAnimation(from: 0, to: 1, startTime: time,
                                    duration: MotionConstants.keyboardDuration, curve: MotionConstants.keyboardCurve)
        presence = .timed(TimedAnimation(from: from, to: target, startTime: time,
                                         duration: MotionConstants.keyboardDuration, curve: MotionConstants.keyboardCurve))
    }

    /// The last show's or hide's progress, 0 to 1 on the keyboard's curve: what moves with
    /// the keyboard (the focused field's scroll) follows this one value, frame for frame.
    public private(set) var transition = TimedAnimation(from: 0, to: 1, startTime: 0, duration: 0, curve: .linear)

    /// How far up it is, 0…1.
    public func presence(at time: Double) -> Double { presence.value(at: time) }

    /// On screen (or on its way in or out).
    public func isVisible(at time: Double) -> Bool { presence.value(at: time) > 0 }

    public func isMoving(at time: Double) -> Bool { presence.settled(at: time).isAnimating }

    /// The keyboard's frame in window pt: full width, its top risen by its height × presence.
    public func frame(at time: Double) -> Rect {
        let h = layout.height
        return Rect(x: 0, y: windowSize.height - h * presence.value(at: time), width: windowSize.width, height: h)
    }

    /// The keyboard's top when fully shown (what content above it makes room for).
    public var shownTop: Double { windowSize.height - layout.height }

    public mutating func resize(window: Size) {
        windowSize = window
        layout = makeLayout(page)
        touches.removeAll()
    }

    // MARK: Page and shift

    /// Capitals for the next letter when the field asks for them (start of a sentence); a
    /// locked shift stays locked.
    public mutating func setAutoCapitalize(_ on: Bool) {
        guard shift != .locked else { return }
        // Pinyin is typed in lower case (iOS's pinyin keyboard does not capitalise).
        shift = on && !inputMode.composes ? .once : .off
    }

    private mutating func go(to page: KeyboardPage) {
        self.page = page
        layout = makeLayout(page)
    }

    private mutating func tapShift(at time: Double) {
        if let last = lastShiftTap, time - last <= KeyboardConstants.doubleTapInterval, shift != .locked {
            shift = .locked
            lastShiftTap = nil
            return
        }
        shift = shift == .off ? .once : .off
        lastShiftTap = time
    }

    /// The text a character key types now: a capital under shift on the letters page.
    private func text(of s: String) -> String {
        // (ß has no one-letter capital: upper-casing it would type two letters.)
        page == .letters && shift != .off && s != "ß" ? s.uppercased() : s
    }

    // MARK: Touches (window pt)

    private func local(_ p: Point, _ time: Double) -> Point {
        let f = frame(at: time)
        return Point(p.x - f.minX, p.y - f.minY)
    }

    /// A finger went down on the keyboard. A finger already on a key types it now (fast
    /// typists overlap: the second touch commits the first). Backspace deletes at once.
    public mutating func touchBegan(id: Int64, at p: Point, time: Double) -> [KeyboardOutput] {
        guard isShown else { return [] }
        // A press whose release never came (a lost event) gives way to the new one, untyped.
        touches.removeAll { $0.id == id }
        var out: [KeyboardOutput] = []
        for i in touches.indices where touches[i].state == .tracking {
            if let k = touches[i].key, k.kind != .backspace { out += commit(k.kind, time: time) }
            touches[i].state = .committed
        }
        let key = layout.key(at: local(p, time))
        var touch = Touch(id: id, key: key, since: time, state: .tracking)
        if key?.kind == .backspace {
            out.append(.deleteBackward)
            touch.state = .repeating(count: 0)
        }
        touches.append(touch)
        return out
    }

    public mutating func touchMoved(id: Int64, to p: Point, time: Double) -> [KeyboardOutput] {
        guard let i = touches.firstIndex(where: { $0.id == id }) else { return [] }
        let q = local(p, time)
        switch touches[i].state {
        case .variants(let options, let frames, _):
            touches[i].state = .variants(options: options, frames: frames, selected: Self.cell(at: q.x, frames))
        case .tracking, .repeating:
            let key = layout.key(at: q)
            if key?.kind != touches[i].key?.kind {
                // Slide to correct: the key under the finger is the one that types; a press
                // that leaves backspace stops deleting.
                touches[i].key = key
                touches[i].since = time
                touches[i].state = .tracking
            }
        case .committed:
            break
        }
        return []
    }

    public mutating func touchEnded(id: Int64, at p: Point, time: Double) -> [KeyboardOutput] {
        _ = touchMoved(id: id, to: p, time: time)
        guard let i = touches.firstIndex(where: { $0.id == id }) else { return [] }
        let touch = touches.remove(at: i)
        switch touch.state {
        case .tracking:
            guard let k = touch.key, k.kind != .backspace else { return [] }
            return commit(k.kind, time: time)
        case .variants(let options, _, let selected):
            return commit(.character(options[selected]), time: time)
        case .repeating, .committed:
            return []
        }
    }

    /// The touch was lost (focus gone, the keyboard hidden): nothing types.
    public mutating func touchCancelled(id: Int64) {
        touches.removeAll { $0.id == id }
    }

    public func hasTouch(_ id: Int64) -> Bool { touches.contains { $0.id == id } }

    /// Every touch ends without typing (focus lost, an idle reset).
    public mutating func cancelAllTouches() { touches.removeAll() }

    /// What a key does when it types.
    private mutating func commit(_ kind: KeyKind, time: Double) -> [KeyboardOutput] {
        switch kind {
        case .character(let s):
            let t = text(of: s)
            if shift == .once { shift = .off }
            return [.insert(t)]
        case .space:
            // UIKit goes back to letters after a space typed on a number page.
            if page != .letters { go(to: .letters) }
            return [.insert(" ")]
        case .shift:
            tapShift(at: time)
            return []
        case .page(let p):
            go(to: p)
            return []
        case .returnKey:
            return [.submit]
        case .hide:
            return [.hide]
        case .nextInputMode:
            let i = inputModes.firstIndex(of: inputMode) ?? 0
            inputMode = inputModes[(i + 1) % inputModes.count]
            if inputMode.composes, shift == .once { shift = .off }
            layout = makeLayout(page)
            return [.inputModeChanged]
        case .backspace:
            return [.deleteBackward]
        }
    }

    // MARK: Time

    /// Backspace repeats and long presses that came due by `time`.
    public mutating func advance(to time: Double) -> [KeyboardOutput] {
        var out: [KeyboardOutput] = []
        for i in touches.indices {
            switch touches[i].state {
            case .repeating(var count):
                while Self.repeatDue(since: touches[i].since, count: count) <= time {
                    out.append(count < Self.characterRepeats ? .deleteBackward : .deleteWordBackward)
                    count += 1
                }
                touches[i].state = .repeating(count: count)
            case .tracking:
                guard page == .letters, let k = touches[i].key, case .character(let s) = k.kind,
                      time - touches[i].since >= KeyboardConstants.longPressDelay,
                      let options = KeyVariants.variants(of: s) else { continue }
                let shown = options.map(text(of:))
                let frames = variantFrames(count: shown.count, over: k.frame)
                touches[i].state = .variants(options: shown, frames: frames, selected: 0)
            case .variants, .committed:
                break
            }
        }
        return out
    }

    /// When something the keyboard does by itself is next due (a repeat, a long press, the
    /// animation's frames), for a loop that sleeps between events.
    public func nextDue(after time: Double) -> Double? {
        if isMoving(at: time) { return time }
        var due: Double?
        for t in touches {
            switch t.state {
            case .repeating(let count):
                let next = Self.repeatDue(since: t.since, count: count)
                due = min(due ?? next, next)
            case .tracking:
                if page == .letters, case .character(let s)? = t.key?.kind, KeyVariants.variants(of: s) != nil {
                    let d = t.since + KeyboardConstants.longPressDelay
                    due = min(due ?? d, d)
                }
            case .variants, .committed: break
            }
        }
        return due
    }

    /// How many single-character repeats come before backspace deletes words.
    static var characterRepeats: Int {
        Int((KeyboardConstants.wordRepeatAfter / KeyboardConstants.repeatInterval).rounded())
    }

    /// When repeat number `count` (from 0) of a backspace held since `since` is due: every
    /// 0.1 s from 0.5 s, then words every 0.25 s (counted, so no time drifts by summing).
    static func repeatDue(since: Double, count: Int) -> Double {
        let k = KeyboardConstants.self
        if count < characterRepeats { return since + k.repeatDelay + Double(count) * k.repeatInterval }
        return since + k.repeatDelay + k.wordRepeatAfter + Double(count - characterRepeats) * k.wordRepeatInterval
    }

    /// The variant cells above a held key: key-sized, in a row starting over the key and
    /// running right, or left from its right edge when they would leave the keyboard.
    private func variantFrames(count: Int, over key: Rect) -> [Rect] {
        let w = key.width, gap = 0.0
        let total = Double(count) * w + Double(count - 1) * gap
        let x0 = key.minX + total <= layout.width ? key.minX : max(0, key.maxX - total)
        let y = key.minY - key.height - KeyboardConstants.calloutSideGrowth
        return (0..<count).map { Rect(x: x0 + Double($0) * (w + gap), y: y, width: w, height: key.height) }
    }

    private static func cell(at x: Double, _ frames: [Rect]) -> Int {
        guard let first = frames.first, let last = frames.last else { return 0 }
        if x <= first.minX { return 0 }
        if x >= last.maxX { return frames.count - 1 }
        return frames.firstIndex { x < $0.maxX } ?? frames.count - 1
    }
}
