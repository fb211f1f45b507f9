// KeyTranslation: SDL keycodes and modifier bits in, typed `Key`s out. The only place that
// knows SDL's key codes; core sees `KeyCode`. A pure function so its table is tested without
// a window (Tests/FlingSDLTests/KeyTranslationTests.swift).
//  [x] the keypad's Enter is Return (core never hears of "Keypad Enter")
//  [x] letters arrive lowercase (SDL's keycodes are; shift is a modifier)
//  [x] F1…F24
//  [x] the keypad's digits and '.': characters with NumLock on, the navigation printed on them
//      with it off (8 ↑, 2 ↓, 4 ←, 6 →, 9 PgUp, 3 PgDn, 7 Home, 1 End, 0 Ins, . Del), as
//      desktops do; + − * / are always characters
//  [ ] media keys, modifier keys alone: dropped (nothing uses them)
//  [ ] shortcuts follow the layout's character (Ctrl+Q is the key that types q), not the
//      scancode: on a Cyrillic layout Ctrl+Q is Ctrl+й
import CSDL2
import FlingCore

public enum KeyTranslation {
    /// The key for SDL keycode `sym` with modifier state `mod` (`SDL_Keymod` bits), or nil for
    /// a key the app has no use for (a modifier alone, a media key).
    public static func key(sym: Int32, mod: UInt16) -> Key? {
        let m = UInt32(mod)
        guard let code = keypad(sym: sym, numLock: m & UInt32(KMOD_NUM.rawValue) != 0) ?? code(sym: sym) else { return nil }
        var mods: Key.Modifiers = []
        if m & UInt32(KMOD_CTRL.rawValue) != 0 { mods.insert(.control) }
        if m & UInt32(KMOD_SHIFT.rawValue) != 0 { mods.insert(.shift) }
        if m & UInt32(KMOD_ALT.rawValue) != 0 { mods.insert(.alt) }
        return Key(code, mods)
    }

    private static let table: [Int32: KeyCode] = {
        var t: [Int32: KeyCode] = [:]
        func put(_ k: SDL_KeyCode, _ c: KeyCode) { t[Int32(bitPattern: k.rawValue)] = c }
        put(SDLK_ESCAPE, .escape); put(SDLK_RETURN, .return); put(SDLK_KP_ENTER, .return)
        put(SDLK_RETURN2, .return); put(SDLK_TAB, .tab); put(SDLK_SPACE, .space)
        put(SDLK_BACKSPACE, .backspace); put(SDLK_DELETE, .delete); put(SDLK_INSERT, .insert)
        put(SDLK_UP, .up); put(SDLK_DOWN, .down); put(SDLK_LEFT, .left); put(SDLK_RIGHT, .right)
        put(SDLK_PAGEUP, .pageUp); put(SDLK_PAGEDOWN, .pageDown); put(SDLK_HOME, .home); put(SDLK_END, .end)
        let fs: [SDL_KeyCode] = [SDLK_F1, SDLK_F2, SDLK_F3, SDLK_F4, SDLK_F5, SDLK_F6, SDLK_F7, SDLK_F8,
                                 SDLK_F9, SDLK_F10, SDLK_F11, SDLK_F12, SDLK_F13, SDLK_F14, SDLK_F15, SDLK_F16,
                                 SDLK_F17, SDLK_F18, SDLK_F19, SDLK_F20, SDLK_F21, SDLK_F22, SDLK_F23, SDLK_F24]
        for (i, f) in fs.enumerated() { put(f, .f(i + 1)) }
        return t
    }()

    private static let keypadKeys: [Int32: (character: Character, navigation: KeyCode?)] = {
        var t: [Int32: (Character, KeyCode?)] = [:]
        func put(_ k: SDL_KeyCode, _ c: Character, _ n: KeyCode?) { t[Int32(bitPattern: k.rawValue)] = (c, n) }
        put(SDLK_KP_0, "0", .insert); put(SDLK_KP_1, "1", .end); put(SDLK_KP_2, "2", .down)
        put(SDLK_KP_3, "3", .pageDown); put(SDLK_KP_4, "4", .left); put(SDLK_KP_5, "5", nil)
        put(SDLK_KP_6, "6", .right); put(SDLK_KP_7, "7", .home); put(SDLK_KP_8, "8", .up)
        put(SDLK_KP_9, "9", .pageUp); put(SDLK_KP_PERIOD, ".", .delete)
        put(SDLK_KP_PLUS, "+", .char("+")); put(SDLK_KP_MINUS, "-", .char("-"))
        put(SDLK_KP_MULTIPLY, "*", .char("*")); put(SDLK_KP_DIVIDE, "/", .char("/"))
        return t
    }()

    /// A keypad key: its character with NumLock on, the navigation printed on it with it off
    /// (keypad 5 then does nothing). Nil for any other key.
    static func keypad(sym: Int32, numLock: Bool) -> KeyCode?? {
        guard let k = keypadKeys[sym] else { return nil }
        return .some(numLock ? .char(k.character) : k.navigation)
    }

    static func code(sym: Int32) -> KeyCode? {
        if let c = table[sym] { return c }
        // Keys that produce a character have their Unicode scalar as keycode (below the
        // scancode mask); control characters are not printable keys.
        let mask: Int32 = 1 << 30  // SDLK_SCANCODE_MASK
        guard sym > 32, sym & mask == 0, sym != 127, let scalar = Unicode.Scalar(UInt32(sym)) else { return nil }
        return .char(Character(scalar))
    }
}
