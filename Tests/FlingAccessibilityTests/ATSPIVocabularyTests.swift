@testable import FlingAccessibility
import FlingCore
import XCTest

/// The bridge's pieces that need no bus: which events are sent for the registry's registrations,
/// the state words, the roles, and the text a field hands out by offset.
final class ATSPIVocabularyTests: XCTestCase {
    func testEventsFollowTheRegistrySpelling() { MainActor.assumeIsolated {
        let host = TreeHost()
        let bridge = ATSPIBridge(appName: "Fling", version: "0", host: host, log: { _ in })
        typealias E = ATSPIBridge.Event
        let caret = E.object("TextCaretMoved", detail: "", detail1: 3)
        let announcement = E.object("Announcement", detail: "")
        let activate = E.window("Activate", detail: "")
        XCTAssertEqual(caret.registrationName, "object:text-caret-moved")
        XCTAssertEqual(E.object("StateChanged", detail: "focused").registrationName, "object:state-changed:focused")
        // Nobody registered: only what keeps a client's cache true goes out.
        bridge.registeredEvents = []
        XCTAssertEqual([caret, announcement, activate, .focus].map(bridge.isWanted), [false, false, false, false])
        XCTAssertTrue(bridge.isWanted(E.object("StateChanged", detail: "checked")))
        XCTAssertTrue(bridge.isWanted(E.object("PropertyChange", detail: "accessible-name")))
        XCTAssertFalse(bridge.isWanted(E.object("PropertyChange", detail: "accessible-value")))
        // Orca 43's registrations, as the registry lists them.
        bridge.registeredEvents = ["Object:TextCaretMoved:", "Window:Activate:", "Focus::"]
        XCTAssertEqual([caret, announcement, activate, .focus].map(bridge.isWanted), [true, false, true, true])
        bridge.registeredEvents = ["Object::"]
        XCTAssertEqual([caret, announcement, activate].map(bridge.isWanted), [true, true, false])
        bridge.registeredEvents = ["Object:PropertyChange:AccessibleValue"]
        XCTAssertTrue(bridge.isWanted(E.object("PropertyChange", detail: "accessible-value")))
    } }

    func testStateWordsAndRoles() { MainActor.assumeIsolated {
        let grabber = AccessibilityElement(id: "g", role: .button, states: [.focusable, .focused, .expandable], frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let states = ATSPI.states(of: grabber, showing: true)
        XCTAssertEqual(Set(states), [.enabled, .sensitive, .visible, .showing, .focusable, .focused, .expandable, .collapsed])
        let (lo, hi) = ATSPI.words(states)
        XCTAssertEqual(lo, 1 << 8 | 1 << 24 | 1 << 30 | 1 << 25 | 1 << 11 | 1 << 12 | 1 << 9 | 1 << 5)
        XCTAssertEqual(hi, 0)
        let toggle = AccessibilityElement(id: "t", role: .toggle, states: [.checked, .disabled])
        let t = ATSPI.states(of: toggle, showing: false)
        XCTAssertEqual(Set(t), [.visible, .checked, .checkable])
        XCTAssertEqual(ATSPI.words(t).1, 1 << 9, "checkable (41) is in the second word")
        XCTAssertEqual([ATSPI.role(.window), ATSPI.role(.textField), ATSPI.role(.listItem), ATSPI.role(.notification)], [23, 61, 32, 101])
        XCTAssertEqual(ATSPI.interfaces(of: AccessibilityElement(id: "s", role: .slider, actions: [.increment],
                                                                 range: AccessibilityRange(minimum: 0, maximum: 1, step: 0.1, current: 0))),
                       [ATSPI.accessible, ATSPI.component, ATSPI.action, ATSPI.value])
    } }

    func testTextByScalarOffsets() {
        let s = "Ada 🇬🇧 Lovelace"
        XCTAssertEqual(ATSPIBridge.slice(s, 0, 3), "Ada")
        XCTAssertEqual(ATSPIBridge.slice(s, 4, 6), "🇬🇧", "a flag is two scalars")
        XCTAssertEqual(ATSPIBridge.slice(s, 7, -1), "Lovelace")
        XCTAssertEqual(ATSPIBridge.slice(s, 20, 30), "")
        XCTAssertEqual(ATSPIBridge.word(in: s, at: 9), 7..<15)
        XCTAssertEqual(ATSPIBridge.word(in: s, at: 3), 3..<4)
        XCTAssertEqual(ATSPIBridge.range(in: s, at: 1, unit: 0, granularity: false), 1..<2)
        XCTAssertEqual(ATSPIBridge.range(in: s, at: 1, unit: 3, granularity: true), 0..<15, "one line")
    }

    func testChineseArabicAndEmojiByScalarOffsets() {
        // AT-SPI offsets count characters (scalars), as a screen reader reads them.
        let s = "陈记茶餐厅 مطعم 👨‍👩‍👧"
        XCTAssertEqual(ATSPIBridge.slice(s, 0, 5), "陈记茶餐厅")
        XCTAssertEqual(ATSPIBridge.slice(s, 6, 10), "مطعم")
        XCTAssertEqual(ATSPIBridge.word(in: s, at: 7), 6..<10)
        XCTAssertEqual(ATSPIBridge.slice(s, 11, -1), "👨‍👩‍👧", "the family is five scalars")
        let typed = ATSPIBridge.textEdit(from: "مطع", to: "مطعم", caret: 4)
        XCTAssertEqual([String(typed.offset), typed.inserted], ["3", "م"])
    }

    func testHyphenation() {
        XCTAssertEqual(["StateChanged", "AccessibleName", "Focused", "", "TextCaretMoved"].map(ATSPIBridge.hyphenated),
                       ["state-changed", "accessible-name", "focused", "", "text-caret-moved"])
    }
}
