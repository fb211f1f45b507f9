import XCTest
@testable import FlingCore
@testable import FlingUI

/// The on-screen keyboard in the app: when it comes up, typing a name with touches
/// only through its keys as the state dump lists them, Next and Done, the focused field kept
/// above it, a touch on it never reaching the scene, an idle reset putting it away.
final class OnScreenKeyboardTests: XCTestCase {
    typealias Driver = InstrumentTests.Driver

    @MainActor static func formApp(_ size: Size, kiosk: Bool = true) -> Driver {
        let app = makeTestApp(first: .form)
        app.keyboard.kioskWithoutKeyboard = kiosk
        app.handle(.resize(size, time: 0))
        return Driver(app)
    }

    @MainActor static func state(_ d: Driver) -> JSONValue { d.app.state(time: d.t, frame: 0, render: nil) }

    @MainActor static func field(_ d: Driver, _ label: String) -> (text: String, frame: Rect) {
        let f = state(d)["form"]?["fields"]?.arrayValue?.first { $0["label"]?.stringValue == label }
        let r = f?["frame"]?.arrayValue?.compactMap(\.doubleValue) ?? [0, 0, 0, 0]
        return (f?["text"]?.stringValue ?? "", Rect(x: r[0], y: r[1], width: r[2], height: r[3]))
    }

    /// Taps with finger `id` at the centre of the key the state dump calls `label`.
    @MainActor static func tapKey(_ d: Driver, _ label: String, id: Int64) {
        let keys = state(d)["keyboard"]?["keys"]?.arrayValue ?? []
        guard let r = keys.first(where: { $0["label"]?.stringValue == label })?["frame"]?.arrayValue?.compactMap(\.doubleValue) else {
            return XCTFail("no key \(label)")
        }
        let p = Point(r[0] + r[2] / 2, r[1] + r[3] / 2)
        d.pointer(.began, p.x, p.y, id: id)
        d.run(until: d.t + 0.05)
        d.pointer(.ended, p.x, p.y, id: id)
        d.run(until: d.t + 0.1)
    }

    @MainActor static func tapField(_ d: Driver, _ label: String, id: Int64 = 1) {
        let f = field(d, label).frame
        // Its left end: on a phone the form runs past the window's right edge.
        d.pointer(.began, f.minX + 10, f.midY, id: id)
        d.pointer(.ended, f.minX + 10, f.midY, id: id)
        d.run(until: d.t + 0.6)
    }

    func testTypingANameWithTouchesOnlyInAKiosk() { MainActor.assumeIsolated {
        let d = Self.formApp(Size(width: 390, height: 844))
        XCTAssertNil(Self.state(d)["keyboard"], "no keyboard before a field is focused")
        Self.tapField(d, "First Name")
        let kb = Self.state(d)["keyboard"]
        XCTAssertEqual(kb?["shown"], .bool(true))
        XCTAssertEqual(kb?["page"]?.stringValue, "letters")
        XCTAssertEqual(kb?["shift"]?.stringValue, "once", "a new field starts with a capital")
        XCTAssertEqual(kb?["return"]?.stringValue, "next")
        XCTAssertEqual(kb?["frame"]?.arrayValue?.compactMap(\.doubleValue), [0, 628, 390, 216])
        for (i, key) in ["a", "d", "a"].enumerated() { Self.tapKey(d, key, id: Int64(10 + i)) }
        XCTAssertEqual(Self.field(d, "First Name").text, "Ada")
        XCTAssertEqual(Self.state(d)["form"]?["title"]?.stringValue, "Hello Ada  ")
        // Its mini-map rectangle turned green (a field with text).
        let rects = Self.state(d)["miniMap"]?["rects"]?.arrayValue ?? []
        XCTAssertEqual(rects.filter { $0["kind"]?.stringValue == "field" && $0["color"]?.stringValue == "green" }.count, 1)
        // Next moves to the next field; backspace edits through the same path as a key.
        Self.tapKey(d, "return", id: 20)
        XCTAssertEqual(Self.state(d)["form"]?["focused"]?.stringValue, "Middle Name")
        Self.tapKey(d, "b", id: 21)
        Self.tapKey(d, "backspace", id: 22)
        XCTAssertEqual(Self.field(d, "Middle Name").text, "")
    }
    }

    func testDoneOnTheLastFieldEndsEditingAndTheKeyboardGoes() { MainActor.assumeIsolated {
        let d = Self.formApp(Size(width: 1024, height: 768))
        Self.tapField(d, "Email")
        XCTAssertEqual(Self.state(d)["keyboard"]?["return"]?.stringValue, "done")
        Self.tapKey(d, "return", id: 5)
        d.run(until: d.t + 0.6)
        XCTAssertNil(Self.state(d)["form"]?["focused"]?.stringValue)
        XCTAssertNil(Self.state(d)["keyboard"], "down and gone")
    } }

    func testOnADesktopOnlyATouchBringsItUp() { MainActor.assumeIsolated {
        let d = Self.formApp(Size(width: 1024, height: 768), kiosk: false)
        Self.tapField(d, "Email", id: 0)   // the mouse
        XCTAssertNotNil(Self.state(d)["form"]?["focused"]?.stringValue)
        XCTAssertNil(Self.state(d)["keyboard"])
        d.key("Escape")
        Self.tapField(d, "Email", id: 3)   // a finger
        XCTAssertEqual(Self.state(d)["keyboard"]?["shown"], .bool(true))
        // A physical key hides it, as on iPad; typing goes on.
        d.app.handle(.text("x", time: d.t))
        d.run(until: d.t + 0.6)
        XCTAssertNil(Self.state(d)["keyboard"])
        XCTAssertEqual(Self.field(d, "Email").text, "x")
        // --keyboard off: never.
        d.key("Escape")
        d.app.keyboard.mode = .off
        Self.tapField(d, "Email", id: 4)
        XCTAssertNil(Self.state(d)["keyboard"])
    } }

    func testTheFocusedFieldEndsAboveTheKeyboard() { MainActor.assumeIsolated {
        // The first three keep Email above the keyboard anyway; the last two must scroll it up.
        for size in [Size(width: 390, height: 844), Size(width: 1080, height: 1920), Size(width: 1920, height: 1080),
                     Size(width: 1024, height: 600), Size(width: 390, height: 520)] {
            let d = Self.formApp(size)
            // The field lowest on screen above the tab bar (tapped where it shows).
            let visible = ContentView.labels.filter { label in
                let f = Self.field(d, label).frame
                return f.height > 0 && f.maxY <= size.height - TabBar.height && f.minX < size.width - 20
            }
            let label = try! XCTUnwrap(visible.max { Self.field(d, $0).frame.maxY < Self.field(d, $1).frame.maxY }, "\(size)")
            Self.tapField(d, label)
            d.run(until: d.t + 1.5)
            let top = Self.state(d)["keyboard"]?["frame"]?.arrayValue?.compactMap(\.doubleValue)[1] ?? 0
            XCTAssertEqual(top, size.height - KeyboardLayout(width: size.width, page: .letters).height, "\(size)")
            XCTAssertLessThanOrEqual(Self.field(d, label).frame.maxY, top, "\(size): \(label) is above the keyboard")
            // It goes: the page springs back within its own length, without a jump.
            d.key("Escape")
            var last = Self.field(d, label).frame.minY
            for _ in 0..<60 {
                d.run(until: d.t + 1.0 / 60)
                let y = Self.field(d, label).frame.minY
                XCTAssertLessThan(abs(y - last), 40, "\(size): no jump as the keyboard goes")
                last = y
            }
        }
    } }

    func testATouchOnTheKeyboardNeverReachesTheScene() { MainActor.assumeIsolated {
        let d = Self.formApp(Size(width: 390, height: 844))
        Self.tapField(d, "First Name")
        // The tab bar lies under the keyboard: a tap there types a space, it does not switch.
        d.pointer(.began, 195, 820, id: 7)
        d.pointer(.ended, 195, 820, id: 7)
        d.run(until: d.t + 0.1)
        XCTAssertEqual(Self.state(d)["scene"]?.stringValue, "form")
        XCTAssertEqual(Self.field(d, "First Name").text, " ")
    } }

    func testAnIdleResetPutsItAwayAndClearsFocus() { MainActor.assumeIsolated {
        let d = Self.formApp(Size(width: 390, height: 844))
        Self.tapField(d, "First Name")
        d.app.resetToHome(time: d.t)
        d.run(until: d.t + 1)
        XCTAssertNil(Self.state(d)["keyboard"])
        XCTAssertNil(Self.state(d)["form"]?["focused"]?.stringValue)
    } }

    func testAKeyboardTouchLeavesTheClockAlone() { MainActor.assumeIsolated {
        let d = Self.formApp(Size(width: 390, height: 844))
        Self.tapField(d, "First Name")
        let keys = Self.state(d)["keyboard"]?["keys"]?.arrayValue ?? []
        let r = keys.first { $0["label"]?.stringValue == "q" }?["frame"]?.arrayValue?.compactMap(\.doubleValue) ?? [0, 0, 0, 0]
        d.pointer(.began, r[0] + 5, r[1] + 5, id: 9)
        d.pointer(.ended, r[0] + 5, r[1] + 5, id: 9)
        XCTAssertFalse(d.app.clock.pressed, "slow motion and pause still work after typing")
        // The same pointer id pressed again after a lost release: the new press types.
        d.pointer(.began, r[0] + 5, r[1] + 5, id: 9)
        d.pointer(.began, r[0] + 5, r[1] + 5, id: 9)
        d.pointer(.ended, r[0] + 5, r[1] + 5, id: 9)
        XCTAssertEqual(Self.field(d, "First Name").text, "Qq")
    } }

    func testAFieldFocusedWithTabKeepsTheKeyboardDown() { MainActor.assumeIsolated {
        let d = Self.formApp(Size(width: 1024, height: 768))
        d.key("Tab")
        d.key("Tab")
        d.key("Tab")
        XCTAssertEqual(Self.state(d)["form"]?["focused"]?.stringValue, "First Name")
        XCTAssertNil(Self.state(d)["keyboard"], "focused by a physical key")
    } }

    func testAPressOnTheKeyboardSlidingAwayIsSwallowed() { MainActor.assumeIsolated {
        let d = Self.formApp(Size(width: 390, height: 844))
        Self.tapField(d, "First Name")
        Self.tapKey(d, "return", id: 30)   // Next: Middle Name
        XCTAssertEqual(Self.state(d)["keyboard"]?["shift"]?.stringValue, "once", "a new empty field starts with a capital")
        d.key("Escape")                    // a physical key: the keyboard slides down
        d.run(until: d.t + 0.1)
        d.pointer(.began, 350, 820, id: 31)   // on the tab bar's Form tab, under the keyboard
        d.pointer(.ended, 350, 820, id: 31)
        d.pointer(.began, 60, 820, id: 32)    // on the Restaurants tab, under the keyboard
        d.pointer(.ended, 60, 820, id: 32)
        XCTAssertEqual(Self.state(d)["scene"]?.stringValue, "form", "the keys still showing took the tap")
    } }

    func testItComesBackOnLettersWithShiftFromTheField() { MainActor.assumeIsolated {
        let d = Self.formApp(Size(width: 1080, height: 1920))
        Self.tapField(d, "First Name")
        Self.tapKey(d, "123", id: 40)
        XCTAssertEqual(Self.state(d)["keyboard"]?["page"]?.stringValue, "numbers")
        let labels = (Self.state(d)["keyboard"]?["keys"]?.arrayValue ?? []).compactMap { $0["label"]?.stringValue }
        XCTAssertTrue(labels.contains("\""), "every character of the page has a key on the iPad layout")
        Self.tapKey(d, "hide", id: 41)
        d.run(until: d.t + 0.6)
        Self.tapField(d, "First Name")
        XCTAssertEqual(Self.state(d)["keyboard"]?["page"]?.stringValue, "letters")
        XCTAssertEqual(Self.state(d)["keyboard"]?["shift"]?.stringValue, "once")
    } }

    /// UIKit scrolls the field up inside the keyboard's animation: frame for frame, the field
    /// has gone the same share of its way as the keyboard has of its own.
    func testTheFieldMovesWithTheKeyboardFrameForFrame() { MainActor.assumeIsolated {
        let d = Self.formApp(Size(width: 1024, height: 600))
        let start = Self.field(d, "Email").frame.minY
        let f = Self.field(d, "Email").frame
        d.pointer(.began, f.minX + 10, f.midY, id: 1)
        d.pointer(.ended, f.minX + 10, f.midY, id: 1)
        var shares: [(keyboard: Double, field: Double)] = []
        for _ in 0..<40 {
            d.run(until: d.t + 1.0 / 60)
            let kb = Self.state(d)["keyboard"]?["frame"]?.arrayValue?.compactMap(\.doubleValue) ?? [0, 600, 0, 342]
            shares.append(((600 - kb[1]) / kb[3], Self.field(d, "Email").frame.minY))
        }
        let end = shares.last!.field
        XCTAssertLessThan(end, start - 100, "it had to rise")
        for (keyboard, y) in shares {
            // (The dump rounds frames to 0.001 pt: a share of a 342 pt travel to about 3e-6.)
            XCTAssertEqual((start - y) / (start - end), keyboard, accuracy: 2e-5)
        }
    } }

    func testAResizeKeepsTheFocusedFieldInView() { MainActor.assumeIsolated {
        let d = Self.formApp(Size(width: 1024, height: 768), kiosk: false)
        Self.tapField(d, "Email", id: 0)
        d.app.handle(.resize(Size(width: 1024, height: 300), time: d.t))
        d.run(until: d.t + 1.5)
        let f = Self.field(d, "Email").frame
        XCTAssertGreaterThanOrEqual(f.minY, 0)
        XCTAssertLessThanOrEqual(f.maxY, 300 - TabBar.height, "the field scrolled back into the smaller window")
    } }

    /// The app's whole state dump without the clock's fields (`time`, `frame`), to compare an
    /// app with one that got there another way.
    @MainActor static func stateWithoutClock(_ d: Driver) -> JSONValue {
        guard case .object(let fields) = state(d) else { return .null }
        return .object(fields.filter { $0.0 != "time" && $0.0 != "frame" })
    }

    /// A phone's form turned into a tablet's (390 → 1024 pt: compact to regular) is another
    /// layout, without the focused field: focus goes, and so must the keyboard, as iOS
    /// dismisses it when its field resigns. It stayed up, over no field, and its next key
    /// typed nothing.
    func testAResizeThatLosesTheFocusedFieldTakesTheKeyboardDown() { MainActor.assumeIsolated {
        let d = Self.formApp(Size(width: 390, height: 844))
        Self.tapField(d, "First Name")
        XCTAssertEqual(Self.state(d)["keyboard"]?["shown"], .bool(true))
        d.app.handle(.resize(Size(width: 1024, height: 768), time: d.t))
        // At once: no field focused, no text input, the keyboard on its way down.
        XCTAssertEqual(Self.state(d)["form"]?["focused"], .null)
        XCTAssertNil(d.app.textInputOwner)
        XCTAssertEqual(Self.state(d)["keyboard"]?["shown"], .bool(false))
        // Where its "a" key is at the new width, as it goes.
        let keys = Self.state(d)["keyboard"]?["keys"]?.arrayValue ?? []
        let a = keys.first { $0["label"]?.stringValue == "a" }?["frame"]?.arrayValue?.compactMap(\.doubleValue) ?? []
        XCTAssertEqual(a.count, 4)
        d.run(until: d.t + 1)
        // Down and gone: the whole app as one opened at 1024 × 768 that nothing touched.
        let fresh = Self.formApp(Size(width: 1024, height: 768))
        fresh.run(until: d.t)
        XCTAssertEqual(Self.stateWithoutClock(d), Self.stateWithoutClock(fresh))
        // A tap where that key was is the form's: it focuses no field, types nothing.
        let p = Point(a.first ?? 0, a.dropFirst().first ?? 0)
        d.pointer(.began, p.x + 5, p.y + 5, id: 8)
        d.pointer(.ended, p.x + 5, p.y + 5, id: 8)
        d.run(until: d.t + 0.1)
        XCTAssertEqual(Self.stateWithoutClock(d), Self.stateWithoutClock(fresh))
    } }

    /// A resize that keeps the layout (a shorter phone window) keeps the focused field, so
    /// the keyboard stays up, at the window's new bottom, and keeps typing into the field.
    func testAResizeThatKeepsTheFocusedFieldKeepsTheKeyboard() { MainActor.assumeIsolated {
        let d = Self.formApp(Size(width: 390, height: 844))
        Self.tapField(d, "First Name")
        d.app.handle(.resize(Size(width: 390, height: 700), time: d.t))
        d.run(until: d.t + 1)
        XCTAssertEqual(Self.state(d)["form"]?["focused"]?.stringValue, "First Name")
        // The keyboard as it is for the field focused in a 390 × 700 window.
        let direct = Self.formApp(Size(width: 390, height: 700))
        Self.tapField(direct, "First Name")
        direct.run(until: d.t)
        XCTAssertEqual(Self.state(d)["keyboard"], Self.state(direct)["keyboard"])
        XCTAssertEqual(Self.state(d)["keyboard"]?["frame"]?.arrayValue?.compactMap(\.doubleValue), [0, 484, 390, 216])
        Self.tapKey(d, "a", id: 12)
        XCTAssertEqual(Self.field(d, "First Name").text, "A")
    } }

    /// The same rule for a screen reader: moving focus from the field to the switch takes the
    /// keyboard down (it stayed up over the switch).
    func testAScreenReaderMovingFocusOffTheFieldTakesTheKeyboardDown() { MainActor.assumeIsolated {
        let d = Self.formApp(Size(width: 390, height: 844))
        Self.tapField(d, "First Name")
        var toggle = ""
        d.app.accessibilityTree(time: d.t).visit { if $0.label == "Twitter Field" { toggle = $0.id } }
        XCTAssertTrue(d.app.focusAccessibilityElement(toggle, time: d.t))
        XCTAssertEqual(Self.state(d)["form"]?["focused"], .null)
        XCTAssertEqual(Self.state(d)["keyboard"]?["shown"], .bool(false))
        d.run(until: d.t + 1)
        XCTAssertNil(Self.state(d)["keyboard"])
    } }
}
