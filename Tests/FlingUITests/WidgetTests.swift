import FlingCore
@testable import FlingUI
import XCTest

/// The form widgets driven by pointer and keys through a host, with whole states asserted.
final class WidgetTests: XCTestCase {
    @MainActor private final class Model {
        @State var name = ""
        @State var other = ""
        @State var on = false
        @State var value = 0.0
    }

    @MainActor private static func form(_ m: Model, clipboard: Clipboard = MemoryClipboard()) -> ViewHost {
        makeHost(Size(400, 300), clipboard: clipboard) {
            VStack(spacing: 20) {
                TextField("Name", text: m.$name).frame(width: 200).accessibilityIdentifier("name")
                TextField("Other", text: m.$other).frame(width: 200).accessibilityIdentifier("other")
                Toggle(isOn: m.$on) { Text("On") }.frame(width: 200).accessibilityIdentifier("toggle")
                Slider(value: m.$value, in: 0...100).frame(width: 228).accessibilityIdentifier("slider")
            }
        }
    }

    @MainActor private static func drag(_ host: ViewHost, from a: Point, to b: Point, at t: Double, steps: Int = 10) {
        host.handlePointer(PointerEvent(id: 0, phase: .began, location: a, time: t))
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            host.handlePointer(PointerEvent(id: 0, phase: .moved, location: Point(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f),
                                            time: t + 0.01 * Double(i)))
        }
        host.handlePointer(PointerEvent(id: 0, phase: .ended, location: b, time: t + 0.01 * Double(steps)))
    }

    func testTapFocusesTypingEditsAndEscapeUnfocuses() { onMain {
        let m = Model()
        let host = Self.form(m)
        let field = host.frame("name")
        tap(host, field.center, at: 0)
        XCTAssertTrue(host.hasFocus)
        XCTAssertEqual(host.editing, TextEditing(text: "", caret: 0))
        host.handleText("Ada", time: 0.1)
        XCTAssertEqual(m.name, "Ada")
        host.handleKey(Key(.backspace), time: 0.2)
        XCTAssertEqual(m.name, "Ad")
        XCTAssertEqual(host.editing, TextEditing(text: "Ad", caret: 2))
        host.handleKey(Key(.escape), time: 0.3)
        XCTAssertFalse(host.hasFocus)
        XCTAssertNil(host.editing)
        // Keys go nowhere without focus (the app then uses Tab to switch scenes).
        XCTAssertFalse(host.handleKey(Key(.tab), time: 0.4))
    } }

    func testTapPlacesTheCaretWhereItLands() { onMain {
        let m = Model()
        m.name = "abcdef"
        let host = Self.form(m)
        let field = host.frame("name")
        // Body text is 17 pt: 8.5 pt per character; the text starts 7 pt in.
        tap(host, Point(field.minX + 7 + 8.5 * 2 + 1, field.midY), at: 0)
        XCTAssertEqual(host.editing?.head, 2)
    } }

    func testTabMovesFocusInTreeOrderAndLeavesPastTheLast() { onMain {
        let m = Model()
        let host = Self.form(m)
        tap(host, host.frame("name").center, at: 0)
        let name = host.focusedPath
        host.handleKey(Key(.tab), time: 0.1)
        XCTAssertNotEqual(host.focusedPath, name)
        XCTAssertTrue(host.focusedNode is TextFieldNode)
        host.handleKey(Key(.tab), time: 0.2)
        XCTAssertTrue(host.focusedNode is SwitchNode)
        host.handleKey(Key(.space), time: 0.3)
        XCTAssertTrue(m.on)
        host.handleKey(Key(.tab), time: 0.4)
        XCTAssertTrue(host.focusedNode is SliderNode)
        host.handleKey(Key(.right), time: 0.5)
        XCTAssertEqual(m.value, 5)
        XCTAssertFalse(host.handleKey(Key(.tab), time: 0.6), "past the last control Tab is not used: the app moves on")
        XCTAssertNil(host.focusedPath, "focus left the tree")
        XCTAssertTrue(host.focusFirst(reverse: true), "Shift+Tab from nothing: the last control")
        XCTAssertTrue(host.focusedNode is SliderNode)
        XCTAssertTrue(host.focusFirst(reverse: false))
        XCTAssertEqual(host.focusedPath, name)
    } }

    func testClipboardCopyCutPaste() { onMain {
        let m = Model()
        let clipboard = MemoryClipboard()
        let host = Self.form(m, clipboard: clipboard)
        tap(host, host.frame("name").center, at: 0)
        host.handleText("Grace Hopper", time: 0.1)
        host.handleKey(Key(.char("A"), .control), time: 0.2)
        host.handleKey(Key(.char("C"), .control), time: 0.3)
        XCTAssertEqual(clipboard.text, "Grace Hopper")
        XCTAssertEqual(m.name, "Grace Hopper", "copy leaves the text")
        for _ in 0..<6 { host.handleKey(Key(.left, .shift), time: 0.4) }
        host.handleKey(Key(.end), time: 0.45)
        for _ in 0..<6 { host.handleKey(Key(.left, .shift), time: 0.5) }
        host.handleKey(Key(.char("X"), .control), time: 0.6)
        XCTAssertEqual(clipboard.text, "Hopper")
        XCTAssertEqual(m.name, "Grace ")
        clipboard.text = "Ada\nLovelace"
        host.handleKey(Key(.char("V"), .control), time: 0.7)
        XCTAssertEqual(m.name, "Grace Ada Lovelace", "a pasted newline becomes a space in a one-line field")
    } }

    func testAPastePastTheLimitStopsThereAndTheFieldSaysSo() { onMain {
        let m = Model()
        let clipboard = MemoryClipboard()
        let host = Self.form(m, clipboard: clipboard)
        tap(host, host.frame("name").center, at: 0)
        host.handleText("Ada ", time: 0.1)
        clipboard.text = String(repeating: "x", count: InteractionConstants.maxFieldCharacters)
        host.handleKey(Key(.char("V"), .control), time: 0.2)
        XCTAssertEqual(m.name.count, InteractionConstants.maxFieldCharacters)
        XCTAssertEqual(host.fieldNotice?.text, "10,000-character limit")
        XCTAssertEqual(host.fieldNotice?.kept, InteractionConstants.maxFieldCharacters - 4, "where the paste stopped")
        XCTAssertEqual(host.fieldNotice?.path, host.focusedPath)
        @MainActor func notices() -> [TextRun] {
            var list = DisplayList()
            host.draw(into: &list)
            return list.commands.compactMap {
                if case .text(let run) = $0, run.layout.lines.contains(where: { $0.text == "10,000-character limit" || $0.text == "Limit reached" }) { run } else { nil }
            }
        }
        let shown = notices()
        XCTAssertEqual(shown.count, 1)
        XCTAssertEqual(shown.first?.color, SystemColor.red)
        XCTAssertGreaterThanOrEqual(shown.first?.origin.y ?? 0, host.frame("name").maxY, "under the field, not over its text")
        // Typing that fits (a Backspace, then a letter) takes the notice away.
        host.handleText("y", time: 0.3)
        XCTAssertEqual(host.fieldNotice?.kept, 0)
        host.handleKey(Key(.backspace), time: 0.4)
        host.handleText("z", time: 0.5)
        XCTAssertNil(host.fieldNotice)
        XCTAssertTrue(notices().isEmpty)
        XCTAssertEqual(m.name.suffix(2), "xz")
        // Refused again, then Esc: the notice goes with the focus.
        clipboard.text = String(repeating: "y", count: 20_000)
        host.handleKey(Key(.char("V"), .control), time: 0.6)
        XCTAssertEqual(host.fieldNotice?.kept, 0)
        host.handleKey(Key(.escape), time: 0.7)
        XCTAssertNil(host.fieldNotice, "gone with the focus")
    } }

    func testMouseDragSelectsInAFocusedField() { onMain {
        let m = Model()
        m.name = "abcdef"
        let host = Self.form(m)
        let f = host.frame("name")
        tap(host, f.center, at: 0)
        let x0 = f.minX + 7
        Self.drag(host, from: Point(x0 + 8.5, f.midY), to: Point(x0 + 8.5 * 4, f.midY), at: 1)
        XCTAssertEqual(host.editing?.selection, 1..<4)
        XCTAssertEqual(host.editing?.selectedText, "bcd")
    } }

    func testATapOutsideEndsEditing() { onMain {
        let m = Model()
        let host = Self.form(m)
        tap(host, host.frame("name").center, at: 0)
        tap(host, Point(5, 5), at: 1)
        XCTAssertFalse(host.hasFocus)
    } }

    func testCompositionShowsWithoutChangingTheText() { onMain {
        let m = Model()
        let host = Self.form(m)
        tap(host, host.frame("name").center, at: 0)
        host.handleComposition("nihao", time: 0.1)
        XCTAssertEqual(m.name, "")
        XCTAssertEqual(host.editing?.composition, "nihao")
        host.handleText("你好", time: 0.2)
        XCTAssertEqual(m.name, "你好")
        XCTAssertEqual(host.editing?.composition, "")
        // An input method's marked text with a control character: dropped as typing drops it.
        host.handleComposition("ni\u{1B}[2Jhao", time: 0.3)
        XCTAssertEqual(host.editing?.composition, "ni[2Jhao")
    } }

    func testCaretBlinksTwiceASecondAndTypingMakesItSolid() { onMain {
        let m = Model()
        let host = Self.form(m)
        tap(host, host.frame("name").center, at: 10)
        // Focused on the tap's release at 10.05: solid until 10.55, off until 11.05.
        XCTAssertEqual(host.nextRedraw(after: 10.05), 10.55)
        host.update(bounds: host.bounds, time: 10.7)
        XCTAssertFalse(host.caretVisible)
        XCTAssertEqual(host.nextRedraw(after: 10.7), 11.05)
        host.handleText("x", time: 10.8)
        XCTAssertTrue(host.caretVisible)
        XCTAssertEqual(host.nextRedraw(after: 10.8), 11.3)
        host.unfocus()
        XCTAssertNil(host.nextRedraw(after: 11), "no focused field, no wake-ups")
    } }

    func testToggleFlipsOnTapAndLandsWhereTheThumbIsLetGo() { onMain {
        let m = Model()
        let host = Self.form(m)
        let sw = host.nodes(of: SwitchNode.self)[0].frame
        XCTAssertEqual(sw.size, Size(51, 31))
        tap(host, sw.center, at: 0)
        XCTAssertTrue(m.on)
        // The thumb slides: mid-way after 50 ms, at the end once the spring rests.
        host.update(bounds: host.bounds, time: 0.1)
        let mid = host.nodes(of: SwitchNode.self)[0].position
        XCTAssertGreaterThan(mid, 0.2); XCTAssertLessThan(mid, 1.05)
        var t = 0.1
        while host.advance(to: t) { t += 1 / 60 }
        XCTAssertEqual(host.nodes(of: SwitchNode.self)[0].position, 1)
        // Dragging the thumb 7 pt back (of 20 pt of travel), not past the middle: stays on.
        Self.drag(host, from: Point(sw.maxX - 15, sw.midY), to: Point(sw.maxX - 22, sw.midY), at: 2)
        XCTAssertTrue(m.on)
        // Past the middle: off.
        Self.drag(host, from: Point(sw.maxX - 15, sw.midY), to: Point(sw.minX, sw.midY), at: 3)
        XCTAssertFalse(m.on)
    } }

    func testSliderThumbTracksTheFingerAndTheTrackJumps() { onMain {
        let m = Model()
        let host = Self.form(m)
        let s = host.frame("slider")
        // 228 wide, a 28 pt thumb: 200 pt of travel for 0…100.
        XCTAssertEqual(s.width, 228)
        Self.drag(host, from: Point(s.minX + 14 + 3, s.midY), to: Point(s.minX + 14 + 3 + 50, s.midY), at: 0)
        XCTAssertEqual(m.value, 25, accuracy: 1e-9, "grabbed 3 pt off centre, moved 50 pt: 1:1")
        tap(host, Point(s.minX + 14 + 150, s.midY), at: 1)
        XCTAssertEqual(m.value, 75, accuracy: 1e-9)
        Self.drag(host, from: Point(s.minX + 14 + 150, s.midY), to: Point(s.maxX + 500, s.midY), at: 2)
        XCTAssertEqual(m.value, 100, "clamped to the range")
    } }
}
