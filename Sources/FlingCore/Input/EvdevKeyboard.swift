/// A Linux evdev keyboard decoded without touching a device: on the console without
/// SDL's KMSDRM (the KMS dumb buffers, fbdev) nothing else reads the keyboard. EV_KEY events
/// in (press 1, autorepeat 2, release 0, with the kernel's key codes from
/// linux/input-event-codes.h), the app's input out, as SDL gives it: a `.key` for every press
/// and repeat (letters lowercased, shift a modifier), and a `.text` for a printable key typed
/// without Ctrl or Alt, in the US layout (the kernel's codes are positions; the console's own
/// keymap is not read). Caps Lock shifts letters; the keypad's digits follow
/// Num Lock as KeyTranslation's do, its operators type whatever Num Lock says.
///
/// The kernel's console still reads the same keyboard (it is not grabbed, so its console
/// switches keep working): its Caps and Num Lock are the ones that count, and their LEDs
/// (EV_LED) say them. A lock key toggles the lock here too, and the LED's event, which the
/// kernel sends when the state changes, sets it (a keyboard without LEDs keeps the toggle).
/// Left Alt with F1–F12 (Ctrl too or not) and with Left/Right switches consoles in the kernel's
/// default keymap: those reach the app as nothing.
/// SYN_DROPPED (the kernel's buffer overran): events up to the next SYN_REPORT are discarded
/// and `needsResync` asks for the keys held now (EVIOCGKEY), as the kernel documents.
public struct EvdevKeyboardDecoder: Equatable, Sendable {
    /// The modifiers held: this keyboard's and the other keyboards' (`otherKeyboards`), merged
    /// as the kernel and SDL merge them (Ctrl on one keyboard, Q on another).
    public var modifiers: Key.Modifiers { own.union(otherKeyboards) }
    /// The modifiers held on this keyboard.
    public private(set) var own: Key.Modifiers = []
    /// The modifiers held on the other keyboards, given before each event.
    public var otherKeyboards: Key.Modifiers = []
    private var leftShift = false, rightShift = false, leftControl = false, rightControl = false, leftAlt = false, rightAlt = false
    public private(set) var capsLock = false
    public private(set) var numLock = true
    /// The keys down (codes), modifiers included.
    public private(set) var held: Set<UInt16> = []
    /// Events are being discarded after SYN_DROPPED, up to the next SYN_REPORT.
    public private(set) var dropping = false
    /// The events lost to SYN_DROPPED end here: the keys held now must be given (`resync`).
    public private(set) var needsResync = false

    public static let EV_LED: UInt16 = 0x11, LED_NUML: UInt16 = 0, LED_CAPSL: UInt16 = 1

    /// Num Lock and Caps Lock as the device's LEDs say at start (EVIOCGLED).
    public init(numLock: Bool = true, capsLock: Bool = false) {
        self.numLock = numLock; self.capsLock = capsLock
    }

    /// The keys held now (EVIOCGKEY), after events were lost: the modifiers follow them, and a
    /// key released in the gap is no longer held. Nothing is typed.
    public mutating func resync(held now: Set<UInt16>) {
        held = now
        leftShift = now.contains(42); rightShift = now.contains(54)
        leftControl = now.contains(29); rightControl = now.contains(97)
        leftAlt = now.contains(56); rightAlt = now.contains(100)
        updateModifiers()
        needsResync = false
    }

    /// The printable keys: code → (unshifted, shifted).
    static let printable: [UInt16: (Character, Character)] = {
        var t: [UInt16: (Character, Character)] = [:]
        let rows: [(UInt16, String, String)] = [
            (2, "1234567890-=", "!@#$%^&*()_+"),
            (16, "qwertyuiop[]", "QWERTYUIOP{}"),
            (30, "asdfghjkl;'`", "ASDFGHJKL:\"~"),
            (43, "\\zxcvbnm,./", "|ZXCVBNM<>?"),
        ]
        for (first, plain, shifted) in rows {
            for (i, (p, s)) in zip(plain, shifted).enumerated() { t[first + UInt16(i)] = (p, s) }
        }
        return t
    }()

    /// Keys with a name: code → key.
    static let named: [UInt16: KeyCode] = {
        var t: [UInt16: KeyCode] = [1: .escape, 14: .backspace, 15: .tab, 28: .return, 96: .return,
                                    102: .home, 103: .up, 104: .pageUp, 105: .left, 106: .right, 107: .end,
                                    108: .down, 109: .pageDown, 110: .insert, 111: .delete]
        for i in 0..<10 { t[59 + UInt16(i)] = .f(i + 1) }   // F1…F10
        t[87] = .f(11); t[88] = .f(12)
        for i in 0..<12 { t[183 + UInt16(i)] = .f(13 + i) }   // F13…F24
        return t
    }()

    /// The keypad: code → (character with Num Lock, the navigation printed on it without).
    static let keypad: [UInt16: (Character, KeyCode?)] = [
        71: ("7", .home), 72: ("8", .up), 73: ("9", .pageUp), 75: ("4", .left), 76: ("5", nil), 77: ("6", .right),
        79: ("1", .end), 80: ("2", .down), 81: ("3", .pageDown), 82: ("0", .insert), 83: (".", .delete),
    ]
    /// The keypad's operators: they type whatever Num Lock says.
    static let keypadOperators: [UInt16: Character] = [55: "*", 74: "-", 78: "+", 98: "/"]

    /// One event in; what the app receives for it (nothing for a modifier, a release, a key
    /// the app has no use for, or an event that is not a key).
    public mutating func feed(_ e: EvdevDecoder.RawEvent) -> [InputEvent] {
        if e.type == EvdevDecoder.EV_SYN {
            if e.code == EvdevDecoder.SYN_DROPPED { dropping = true }
            else if e.code == EvdevDecoder.SYN_REPORT, dropping { dropping = false; needsResync = true }
            return []
        }
        guard !dropping else { return [] }
        if e.type == Self.EV_LED {
            if e.code == Self.LED_NUML { numLock = e.value != 0 }
            if e.code == Self.LED_CAPSL { capsLock = e.value != 0 }
            return []
        }
        guard e.type == EvdevDecoder.EV_KEY else { return [] }
        let down = e.value != 0
        if down { held.insert(e.code) } else { held.remove(e.code) }
        switch e.code {
        case 42: leftShift = down; updateModifiers(); return []
        case 54: rightShift = down; updateModifiers(); return []
        case 29: leftControl = down; updateModifiers(); return []
        case 97: rightControl = down; updateModifiers(); return []
        case 56: leftAlt = down; updateModifiers(); return []
        case 100: rightAlt = down; updateModifiers(); return []
        case 58: if e.value == 1 { capsLock.toggle() }; return []
        case 69: if e.value == 1 { numLock.toggle() }; return []
        default: break
        }
        guard down else { return [] }
        if let code = Self.named[e.code] {
            if isConsoleSwitch(code) { return [] }
            return [.key(Key(code, modifiers), time: e.time)]
        }
        if let character = Self.keypadOperators[e.code] { return typed(character, shifted: character, at: e.time) }
        if let (character, navigation) = Self.keypad[e.code] {
            guard numLock else { return navigation.map { [.key(Key($0, modifiers), time: e.time)] } ?? [] }
            return typed(character, shifted: character, at: e.time)
        }
        if let (plain, shifted) = Self.printable[e.code] { return typed(plain, shifted: shifted, at: e.time) }
        if e.code == 57 {   // space: the key SDL names Space, and a space typed
            let key: InputEvent = .key(Key(.space, modifiers), time: e.time)
            return modifiers.isDisjoint(with: [.control, .alt]) ? [key, .text(" ", time: e.time)] : [key]
        }
        return []
    }

    private func typed(_ plain: Character, shifted: Character, at time: Double) -> [InputEvent] {
        let key: InputEvent = .key(Key(.char(plain), modifiers), time: time)
        guard modifiers.isDisjoint(with: [.control, .alt]) else { return [key] }
        // Caps Lock shifts letters only; shift with it gives lowercase again.
        let shift = modifiers.contains(.shift) != (capsLock && plain.isLetter)
        return [key, .text(String(shift ? shifted : plain), time: time)]
    }

    /// The kernel's console switches: Console_1…12 on left Alt (+ Ctrl) + F1…F12,
    /// Decr/Incr_Console on left Alt + Left/Right (linux/drivers/tty/vt/defkeymap.map).
    private func isConsoleSwitch(_ code: KeyCode) -> Bool {
        guard leftAlt, !rightAlt, !modifiers.contains(.shift) else { return false }
        switch code {
        case .f(let n): return (1...12).contains(n)
        case .left, .right: return !modifiers.contains(.control)
        default: return false
        }
    }

    private mutating func updateModifiers() {
        var m: Key.Modifiers = []
        if leftShift || rightShift { m.insert(.shift) }
        if leftControl || rightControl { m.insert(.control) }
        if leftAlt || rightAlt { m.insert(.alt) }
        own = m
    }
}
