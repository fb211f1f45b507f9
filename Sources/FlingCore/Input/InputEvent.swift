/// Everything the app reacts to, already translated from SDL (or from a script).
public enum InputEvent: Equatable, Sendable {
    case pointer(PointerEvent)
    /// Mouse wheel or touchpad scroll; `dy` in notches, positive = away from the user (content
    /// moves down, as SDL reports it). `location` is the pointer position in pt.
    case wheel(dy: Double, location: Point, time: Double)
    case key(Key, time: Double)
    case text(String, time: Double)
    /// The input method's text being composed (not yet committed); "" when it ends.
    case composition(String, time: Double)
    case resize(Size, time: Double)
    /// The middle mouse button pressed at `location` (pt): X11 and Wayland paste the PRIMARY
    /// selection there. `text` is that selection as the platform gave it with the click (so a
    /// recording carries it); nil: the app's own last selection (scripts, headless runs).
    case middleClick(location: Point, text: String?, time: Double)
    /// The window lost focus (or the pointer left it mid-drag): gestures must end cleanly.
    case focusLost(time: Double)
    case quit
}

/// A key, typed. The backend translates its platform's key codes into these (SDL's in
/// `FlingSDL/KeyTranslation.swift`, e.g. "Keypad Enter" → `.return`); scripts name them with
/// SDL's key names (`Key.Code(name:)`). Core never matches key-name strings.
public enum KeyCode: Hashable, Sendable, CustomStringConvertible {
    case escape, `return`, tab, space, backspace, delete, insert
    case up, down, left, right, pageUp, pageDown, home, end
    /// F1…F24.
    case f(Int)
    /// A printable key, letters lowercased ("Q" and "q" are the same key; shift is a modifier).
    case character(Character)

    /// Names as scripts write them (SDL's `SDL_GetKeyName`, matched case-insensitively), with
    /// the keypad's Enter read as Return, as the backend does.
    static let named: [(String, KeyCode)] = [
        ("Escape", .escape), ("Return", .return), ("Enter", .return), ("Keypad Enter", .return),
        ("Tab", .tab), ("Space", .space), ("Backspace", .backspace), ("Delete", .delete),
        ("Insert", .insert), ("Up", .up), ("Down", .down), ("Left", .left), ("Right", .right),
        ("PageUp", .pageUp), ("PageDown", .pageDown), ("Home", .home), ("End", .end),
    ]

    /// The named keys, for messages.
    public static var scriptNames: String { named.map(\.0).joined(separator: ", ") }

    /// A letter key, normalised to lowercase.
    public static func char(_ c: Character) -> KeyCode { .character(Character(c.lowercased())) }

    /// Parses a key name: "Escape", "PageDown", "F5", "Q", "." (case-insensitive).
    public init?(name: String) {
        let lower = name.lowercased()
        if let hit = Self.named.first(where: { $0.0.lowercased() == lower }) { self = hit.1; return }
        if lower.count == 1, let c = lower.first, !c.isWhitespace { self = .character(c); return }
        if lower.hasPrefix("f"), let n = Int(lower.dropFirst()), (1...24).contains(n) { self = .f(n); return }
        return nil
    }

    public var description: String {
        switch self {
        case .f(let n): return "F\(n)"
        case .character(let c): return c.uppercased()
        default: return Self.named.first { $0.1 == self }?.0 ?? "?"
        }
    }
}

/// A key press with its modifiers.
public struct Key: Equatable, Hashable, Sendable, CustomStringConvertible {
    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let shift = Modifiers(rawValue: 1)
        public static let control = Modifiers(rawValue: 2)
        public static let alt = Modifiers(rawValue: 4)
    }

    public var code: KeyCode
    public var modifiers: Modifiers

    public init(_ code: KeyCode, _ modifiers: Modifiers = []) {
        if case .character(let c) = code { self.code = .char(c) } else { self.code = code }
        self.modifiers = modifiers
    }

    /// Parses "ctrl+Q", "shift+Tab", "Escape" (case-insensitive); nil for an unknown key or
    /// modifier.
    public init?(spec: String) {
        var parts = spec.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        // "ctrl++" is the plus key.
        if parts.count >= 2, parts.last == "", parts[parts.count - 2] == "" { parts.removeLast(2); parts.append("+") }
        guard let last = parts.popLast(), !last.isEmpty, let code = KeyCode(name: last) else { return nil }
        var mods: Modifiers = []
        for p in parts {
            switch p.lowercased() {
            case "ctrl", "control": mods.insert(.control)
            case "shift": mods.insert(.shift)
            case "alt": mods.insert(.alt)
            default: return nil
            }
        }
        self.init(code, mods)
    }

    /// Ctrl+V: a text field's paste (a recording writes it as `paste` with the text).
    public static let paste = Key(.char("v"), .control)

    /// This key with exactly these modifiers.
    public func `is`(_ code: KeyCode, _ modifiers: Modifiers = []) -> Bool {
        self == Key(code, modifiers)
    }

    public var description: String {
        var s = ""
        if modifiers.contains(.control) { s += "ctrl+" }
        if modifiers.contains(.alt) { s += "alt+" }
        if modifiers.contains(.shift) { s += "shift+" }
        return s + code.description
    }
}
