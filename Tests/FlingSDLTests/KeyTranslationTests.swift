import FlingCore
@testable import FlingSDL
import XCTest

/// The backend's key table, by SDL's raw keycode numbers (SDL_keycode.h): printable keys are
/// their Unicode scalar; the others are their scancode | 1<<30.
final class KeyTranslationTests: XCTestCase {
    func sdl(_ scancode: Int32) -> Int32 { scancode | 1 << 30 }

    func testTheTable() {
        let cases: [(Int32, UInt16, Key?)] = [
            (27, 0, Key(.escape)),
            (13, 0, Key(.return)),
            (sdl(88), 0, Key(.return)),             // SDLK_KP_ENTER: "Keypad Enter" is Return
            (9, 0x0001, Key(.tab, .shift)),         // KMOD_LSHIFT
            (32, 0, Key(.space)),
            (8, 0, Key(.backspace)),
            (127, 0, Key(.delete)),
            (sdl(82), 0, Key(.up)), (sdl(81), 0, Key(.down)),
            (sdl(80), 0, Key(.left)), (sdl(79), 0, Key(.right)),
            (sdl(75), 0, Key(.pageUp)), (sdl(78), 0, Key(.pageDown)),
            (sdl(74), 0, Key(.home)), (sdl(77), 0, Key(.end)),
            (sdl(58), 0, Key(.f(1))), (sdl(61), 0, Key(.f(4))), (sdl(69), 0, Key(.f(12))), (sdl(104), 0, Key(.f(13))),
            (Int32(UInt8(ascii: "q")), 0x0040, Key(.character("q"), .control)),          // KMOD_LCTRL
            (Int32(UInt8(ascii: "q")), 0x0080 | 0x0200 | 0x0002, Key(.character("q"), [.control, .alt, .shift])),
            (Int32(UInt8(ascii: ".")), 0, Key(.character("."))),
            (sdl(225), 0x0001, nil),                // SDLK_LSHIFT alone
            (sdl(127), 0, nil),                     // SDLK_MUTE
        ]
        for (sym, mod, want) in cases {
            XCTAssertEqual(KeyTranslation.key(sym: sym, mod: mod), want, "sym \(sym) mod \(mod)")
        }
    }
}
