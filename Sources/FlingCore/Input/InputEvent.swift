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
    /// The window lost focus (or the pointer left it mid-drag): gestures must end cleanly.
    case focusLost(time: Double)
    case quit
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

    /// The SDL key name (`SDL_GetKeyName`), e.g. "Escape", "Return", "Down", "Tab", "Q".
    public var name: String
    public var modifiers: Modifiers

    public init(name: String, modifiers: Modifiers = []) { self.name = name; self.modifiers = modifiers }

    /// Parses "ctrl+Q", "shift+Tab", "Escape" (modifier names are case-insensitive).
    public init?(spec: String) {
        var parts = spec.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        guard let last = parts.popLast(), !last.isEmpty else { return nil }
        var mods: Modifiers = []
        for p in parts {
            switch p.lowercased() {
            case "ctrl", "control": mods.insert(.control)
            case "shift": mods.insert(.shift)
            case "alt": mods.insert(.alt)
            default: return nil
            }
        }
        self.init(name: last, modifiers: mods)
    }

    /// Case-insensitive match on the name ("q" and "Q" are the same key).
    public func `is`(_ name: String, _ modifiers: Modifiers = []) -> Bool {
        self.name.lowercased() == name.lowercased() && self.modifiers == modifiers
    }

    public var description: String {
        var s = ""
        if modifiers.contains(.control) { s += "ctrl+" }
        if modifiers.contains(.alt) { s += "alt+" }
        if modifiers.contains(.shift) { s += "shift+" }
        return s + name
    }
}
