import XCTest
@testable import FlingCore

/// The console's keyboard, decoded as SDL would give it (US layout).
final class EvdevKeyboardTests: XCTestCase {
    private func key(_ code: UInt16, _ value: Int32, _ t: Double = 1) -> EvdevDecoder.RawEvent {
        EvdevDecoder.RawEvent(time: t, type: EvdevDecoder.EV_KEY, code: code, value: value)
    }
    private func type(_ d: inout EvdevKeyboardDecoder, _ codes: [(UInt16, Int32)]) -> [InputEvent] {
        codes.flatMap { d.feed(key($0.0, $0.1)) }
    }

    func testLettersDigitsAndSymbolsWithShiftAndCapsLock() {
        var d = EvdevKeyboardDecoder()
        // "a", shift "A", shift 1 "!", then Caps Lock: "B", shift b "b", "2" unshifted.
        let got = type(&d, [(30, 1), (30, 0), (42, 1), (30, 1), (30, 0), (2, 1), (2, 0), (42, 0),
                            (58, 1), (58, 0), (48, 1), (48, 0), (42, 1), (48, 1), (42, 0), (3, 1)])
        XCTAssertEqual(got, [
            .key(Key(.char("a")), time: 1), .text("a", time: 1),
            .key(Key(.char("a"), .shift), time: 1), .text("A", time: 1),
            .key(Key(.char("1"), .shift), time: 1), .text("!", time: 1),
            .key(Key(.char("b")), time: 1), .text("B", time: 1),
            .key(Key(.char("b"), .shift), time: 1), .text("b", time: 1),
            .key(Key(.char("2")), time: 1), .text("2", time: 1),
        ])
        XCTAssertTrue(d.capsLock)
    }

    func testShortcutsTypeNothingAndTheExitChordArrivesWhole() {
        var d = EvdevKeyboardDecoder()
        // Ctrl+Alt+Shift+Q (the kiosk's exit chord), right-hand Ctrl.
        let got = type(&d, [(97, 1), (56, 1), (54, 1), (16, 1)])
        XCTAssertEqual(got, [.key(Key(.char("q"), [.control, .alt, .shift]), time: 1)])
        XCTAssertEqual(got.first.flatMap { if case .key(let k, _) = $0 { return k } else { return nil } }, Key(spec: KioskConstants.defaultExitChord))
        _ = type(&d, [(16, 0), (54, 0), (56, 0), (97, 0)])
        XCTAssertEqual(d.modifiers, [])
    }

    func testNamedKeysRepeatsReleasesAndTheKeypad() {
        var d = EvdevKeyboardDecoder()
        XCTAssertEqual(type(&d, [(28, 1), (28, 2), (28, 0)]), [.key(Key(.return), time: 1), .key(Key(.return), time: 1)])
        XCTAssertEqual(type(&d, [(15, 1), (1, 1), (103, 1), (59, 1), (88, 1), (96, 1)]),
                       [.key(Key(.tab), time: 1), .key(Key(.escape), time: 1), .key(Key(.up), time: 1),
                        .key(Key(.f(1)), time: 1), .key(Key(.f(12)), time: 1), .key(Key(.return), time: 1)])
        XCTAssertEqual(type(&d, [(57, 1)]), [.key(Key(.space), time: 1), .text(" ", time: 1)])
        // Num Lock on (as the console starts): keypad 8 types 8; off: it is Up, keypad 5 nothing.
        XCTAssertEqual(type(&d, [(72, 1)]), [.key(Key(.char("8")), time: 1), .text("8", time: 1)])
        XCTAssertEqual(type(&d, [(69, 1), (69, 0), (72, 1), (76, 1)]), [.key(Key(.up), time: 1)])
        // Not keys, and keys the app has no use for (a media key): nothing.
        XCTAssertEqual(d.feed(EvdevDecoder.RawEvent(time: 1, type: EvdevDecoder.EV_SYN, code: 0, value: 0)), [])
        XCTAssertEqual(type(&d, [(113, 1)]), [])
    }

    func testTheKernelsLocksAndConsoleSwitches() {
        // Num Lock off at start (EVIOCGLED): keypad 8 is Up; the operators type all the same.
        var d = EvdevKeyboardDecoder(numLock: false, capsLock: false)
        XCTAssertEqual(type(&d, [(72, 1), (72, 0), (78, 1), (78, 0)]),
                       [.key(Key(.up), time: 1), .key(Key(.char("+")), time: 1), .text("+", time: 1)])
        // The console's Caps Lock LED goes on (after its key, as the kernel sends it): letters
        // are capitals, and the LED, not a second toggle, is what counts.
        _ = type(&d, [(58, 1), (58, 0)])
        XCTAssertTrue(d.capsLock)
        _ = d.feed(EvdevDecoder.RawEvent(time: 1, type: EvdevKeyboardDecoder.EV_LED, code: EvdevKeyboardDecoder.LED_CAPSL, value: 1))
        XCTAssertEqual(type(&d, [(30, 1)]), [.key(Key(.char("a")), time: 1), .text("A", time: 1)])
        _ = d.feed(EvdevDecoder.RawEvent(time: 1, type: EvdevKeyboardDecoder.EV_LED, code: EvdevKeyboardDecoder.LED_CAPSL, value: 0))
        XCTAssertEqual(type(&d, [(30, 2)]), [.key(Key(.char("a")), time: 1), .text("a", time: 1)])
        // Ctrl+Alt+F2, Alt+F1 and Alt+Right switch consoles in the kernel: nothing for the app.
        XCTAssertEqual(type(&d, [(30, 0), (29, 1), (56, 1), (60, 1), (60, 0), (29, 0), (59, 1), (106, 1)]), [])
    }

    func testEventsLostToAnOverrunAreReplacedByTheKeysHeldNow() {
        var d = EvdevKeyboardDecoder()
        _ = type(&d, [(42, 1)])   // shift down
        XCTAssertEqual(d.modifiers, .shift)
        // The buffer overran: shift's release was lost, and what follows up to SYN_REPORT too.
        _ = d.feed(EvdevDecoder.RawEvent(time: 1, type: EvdevDecoder.EV_SYN, code: EvdevDecoder.SYN_DROPPED, value: 0))
        XCTAssertEqual(type(&d, [(30, 1)]), [])
        _ = d.feed(EvdevDecoder.RawEvent(time: 1, type: EvdevDecoder.EV_SYN, code: EvdevDecoder.SYN_REPORT, value: 0))
        XCTAssertTrue(d.needsResync)
        // EVIOCGKEY says only Ctrl is down now.
        d.resync(held: [29])
        var expected = EvdevKeyboardDecoder()
        _ = expected.feed(key(29, 1))
        XCTAssertEqual(d, expected)
        XCTAssertEqual(type(&d, [(30, 1)]), [.key(Key(.char("a"), .control), time: 1)])
    }

    func testModifiersOnAnotherKeyboardAndOnlyTheKernelsSwitchesAreDropped() {
        // Ctrl and Alt and Shift held on one keyboard, Q on another: the exit chord.
        var d = EvdevKeyboardDecoder()
        d.otherKeyboards = [.control, .alt, .shift]
        XCTAssertEqual(type(&d, [(16, 1)]), [.key(Key(.char("q"), [.control, .alt, .shift]), time: 1)])
        d.otherKeyboards = []
        XCTAssertEqual(d.modifiers, [])
        // Right Alt (AltGr) with F2, left Alt with Shift and F2, and left Alt with F13 are no
        // console switch in the kernel's keymap: they reach the app.
        XCTAssertEqual(type(&d, [(16, 0), (100, 1), (60, 1), (60, 0), (100, 0)]), [.key(Key(.f(2), .alt), time: 1)])
        XCTAssertEqual(type(&d, [(56, 1), (42, 1), (60, 1), (60, 0), (42, 0), (183, 1)]),
                       [.key(Key(.f(2), [.alt, .shift]), time: 1), .key(Key(.f(13), .alt), time: 1)])
        // Ctrl+Alt+Left is not Decr_Console.
        XCTAssertEqual(type(&d, [(29, 1), (105, 1)]), [.key(Key(.left, [.control, .alt]), time: 1)])
    }
}
