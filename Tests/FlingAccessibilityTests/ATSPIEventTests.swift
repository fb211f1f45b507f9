@testable import FlingAccessibility
import FlingCore
import XCTest

/// What the bridge tells clients when the tree changes, as the list of events (read through
/// the bridge's sink instead of a bus), for the changes a screen reader must hear of.
final class ATSPIEventTests: XCTestCase {
    private static func window(_ children: [AccessibilityElement]) -> AccessibilityElement {
        AccessibilityElement(id: "window", role: .window, label: "Fling", states: [.active], frame: Rect(x: 0, y: 0, width: 390, height: 844),
                             children: children)
    }
    private static func row(_ i: Int, focused: Bool) -> AccessibilityElement {
        AccessibilityElement(id: "row-\(i)", role: .listItem, label: "Cafe \(i)", states: focused ? [.focusable, .focused] : [.focusable],
                             frame: Rect(x: 0, y: Double(i) * 84, width: 390, height: 84))
    }

    /// The events from `old` to `new`, one line each.
    @MainActor private static func events(from old: AccessibilityElement, to new: AccessibilityElement, registered: [String] = ["Object::", "Focus::"]) -> [String] {
        let host = TreeHost(old)
        let bridge = ATSPIBridge(appName: "Fling", version: "0", host: host, log: { _ in })
        bridge.registeredEvents = registered
        var out: [String] = []
        bridge.eventSink = { event, path, _ in
            let id = bridge.id(ofPath: path) ?? path
            var line = event.registrationName
            if case let .object(_, _, d1, d2, any) = event {
                line += " \(d1)"
                if d2 != 0 { line += " \(d2)" }
                switch any {
                case .string(let s): line += " '\(s)'"
                case .reference(let r): line += " <\(r)>"
                case .double(let d): line += " \(d)"
                case .int: break
                }
            }
            out.append(line + " from " + id)
        }
        bridge.readTree()
        host.tree = new
        bridge.invalidate()
        bridge.refresh()
        return out
    }

    func testFocusMovingFromRowToRowIsSaidOnceEachWay() { MainActor.assumeIsolated {
        let old = Self.window([Self.row(0, focused: true), Self.row(1, focused: false)])
        let new = Self.window([Self.row(0, focused: false), Self.row(1, focused: true)])
        XCTAssertEqual(Self.events(from: old, to: new), [
            "object:state-changed:focused 0 from row-0",
            "object:state-changed:focused 1 from row-1",
            "focus:focus from row-1",
        ])
    } }

    func testASheetReplacingTheListIsChildrenRemovedAndAddedAndFocusInIt() { MainActor.assumeIsolated {
        let old = Self.window([Self.row(0, focused: true)])
        let grabber = AccessibilityElement(id: "grabber", role: .button, label: "Sheet Grabber", value: "half height",
                                           states: [.focusable, .focused, .expandable], frame: Rect(x: 0, y: 422, width: 390, height: 20))
        let dialog = AccessibilityElement(id: "sheet", role: .dialog, label: "Cafe 0", states: [.modal],
                                          frame: Rect(x: 0, y: 422, width: 390, height: 422), children: [grabber])
        XCTAssertEqual(Self.events(from: old, to: Self.window([dialog])), [
            "object:children-changed:remove 0 <row-0> from window",
            "object:children-changed:add 0 <sheet> from window",
            "object:state-changed:focused 1 from grabber",
            "focus:focus from grabber",
        ])
    } }

    func testExpandingSaysExpandedAndCollapsedAndTheNewDescription() { MainActor.assumeIsolated {
        func grabber(_ expanded: Bool) -> AccessibilityElement {
            AccessibilityElement(id: "grabber", role: .button, label: "Sheet Grabber", value: expanded ? "full height" : "half height",
                                 states: expanded ? [.focusable, .focused, .expandable, .expanded] : [.focusable, .focused, .expandable],
                                 frame: Rect(x: 0, y: 50, width: 390, height: 20))
        }
        XCTAssertEqual(Self.events(from: Self.window([grabber(false)]), to: Self.window([grabber(true)])), [
            "object:property-change:accessible-description 0 'full height' from grabber",
            "object:state-changed:expanded 1 from grabber",
            "object:state-changed:collapsed 0 from grabber",
        ])
    } }

    func testTypingSendsTheCharacterTypedAndTheCaret() { MainActor.assumeIsolated {
        func field(_ text: String) -> AccessibilityElement {
            let n = text.unicodeScalars.count
            return AccessibilityElement(id: "field", role: .textField, label: "First Name", states: [.focusable, .focused, .editable],
                                        frame: Rect(x: 0, y: 0, width: 300, height: 34), text: AccessibilityText(string: text, caret: n, selection: n..<n))
        }
        XCTAssertEqual(Self.events(from: Self.window([field("Ad")]), to: Self.window([field("Ada")])), [
            "object:text-changed:insert 2 1 'a' from field",
            "object:text-caret-moved 3 from field",
        ])
        // Nobody listens to text: only what keeps caches true goes.
        XCTAssertEqual(Self.events(from: Self.window([field("Ad")]), to: Self.window([field("Ada")]), registered: []), [])
    } }

    func testAnElementScrolledOutOfTheWindowIsNoLongerShowing() { MainActor.assumeIsolated {
        var moved = Self.row(1, focused: false)
        moved.frame.origin.y = 900
        XCTAssertEqual(Self.events(from: Self.window([Self.row(1, focused: false)]), to: Self.window([moved])), [
            "object:state-changed:showing 0 from row-1",
        ])
    } }

    func testAnElementThatLeavesAndComesBackIsANewObject() { MainActor.assumeIsolated {
        let host = TreeHost(Self.window([Self.row(0, focused: true)]))
        let bridge = ATSPIBridge(appName: "Fling", version: "0", host: host, log: { _ in })
        var removed: [String] = []
        bridge.eventSink = { event, _, child in
            if case .object("ChildrenChanged", "remove", _, _, _) = event { removed.append(child) }
        }
        bridge.readTree()
        let first = bridge.path(of: "row-0")
        host.tree = Self.window([])
        bridge.invalidate(); bridge.refresh()
        XCTAssertEqual(removed, [first], "the remove names the object the client knew")
        XCTAssertNil(bridge.id(ofPath: first), "gone: its path answers that it is")
        host.tree = Self.window([Self.row(0, focused: true)])
        bridge.invalidate(); bridge.refresh()
        XCTAssertNotEqual(bridge.path(of: "row-0"), first, "back: a new object, nothing cached of the old")
    } }

    func testTheRegistrysSignalsAreFollowedWithoutACall() { MainActor.assumeIsolated {
        let bridge = ATSPIBridge(appName: "Fling", version: "0", host: TreeHost(Self.window([])), log: { _ in })
        func signal(_ member: String, _ client: String, _ event: String) -> DBusMessage? {
            DBusMessage.signal(path: ATSPI.registryPath, interface: "org.a11y.atspi.Registry", member: member)?.write { w in
                w.string(client); w.string(event)
                if member == "EventListenerRegistered" { w.array("s") { _ in } }
            }
        }
        for (client, event) in [(":1.5", "Object:StateChanged:Focused"), (":1.5", "Object:TextCaretMoved"), (":1.7", "Window:Activate")] {
            if let m = signal("EventListenerRegistered", client, event) { bridge.follow(registrySignal: m) }
        }
        if let again = signal("EventListenerRegistered", ":1.5", "Object:TextCaretMoved") { bridge.follow(registrySignal: again) }
        XCTAssertEqual(bridge.registeredEvents, ["Object:StateChanged:Focused", "Object:TextCaretMoved", "Window:Activate"])
        // Deregistering "Object:" drops every object registration of that client, as the registry does.
        if let m = signal("EventListenerDeregistered", ":1.5", "Object:") { bridge.follow(registrySignal: m) }
        XCTAssertEqual(bridge.registeredEvents, ["Window:Activate"])
        if let m = signal("EventListenerDeregistered", ":1.7", "") { bridge.follow(registrySignal: m) }
        XCTAssertEqual(bridge.registeredEvents, [])
    } }

    func testTheSmallestEditBetweenTwoTexts() {
        XCTAssertEqual(ATSPIBridge.textEdit(from: "Ada", to: "Adam").offset, 3)
        let e = ATSPIBridge.textEdit(from: "Hello world", to: "Hello, world")
        XCTAssertEqual([String(e.offset), e.deleted, e.inserted], ["5", "", ","])
        let f = ATSPIBridge.textEdit(from: "abc", to: "")
        XCTAssertEqual([String(f.offset), f.deleted, f.inserted], ["0", "abc", ""])
        // Repeated characters: the caret says which one changed.
        let backspace = ATSPIBridge.textEdit(from: "aab", to: "ab", caret: 0)
        XCTAssertEqual([String(backspace.offset), backspace.deleted], ["0", "a"])
        let typed = ATSPIBridge.textEdit(from: "ab", to: "aab", caret: 1)
        XCTAssertEqual([String(typed.offset), typed.inserted], ["0", "a"])
        let atEnd = ATSPIBridge.textEdit(from: "aa", to: "aaa", caret: 3)
        XCTAssertEqual([String(atEnd.offset), atEnd.inserted], ["2", "a"])
    }
}
