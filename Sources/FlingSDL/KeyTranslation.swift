// KeyTranslation: SDL keycodes and modifier bits in, typed `Key`s out. The only place that
// knows SDL's key codes; core sees `KeyCode`. A pure function so its table is tested without
// a window (Tests/FlingSDLTests/KeyTranslationTests.swift).
//  [x] the keypad's Enter is Return (core never hears of "Keypad Enter")
//  [x] letters arrive lowercase (SDL's keycodes are; shift is a modifier)
//  [x] F1…F24
//  [ ] the other keypad keys, media keys, modifier keys alone: dropped (nothing uses them)
import CSDL2
import FlingCore

public enum KeyTranslation {
    /// The key for SDL keycode `sym` with modifier state `mod` (`SDL_Keymod` bits), or nil for
    /// a key the app has no use for (a modifier alone, a media key).
    public static func key(sym: Int32, mod: UInt16) -> Key? {
        guard let code = code(sym: sym) else { return nil }
        var mods: Key.Modifiers = []
        let m = UInt32(mod)
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

    static func code(sym: Int32) -> KeyCode? {
        if let c = table[sym] { return c }
        // Keys that produce a character have their Unicode scalar as keycode (below the
        // scancode mask); control characters are not printable keys.
        let mask: Int32 = 1 << 30  // SDLK_SCANCODE_MASK
        guard sym > 32, sym & mask == 0, sym != 127, let scalar = Unicode.Scalar(UInt32(sym)) else { return nil }
        return .char(Character(scalar))
    }
}
