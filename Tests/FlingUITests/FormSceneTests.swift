import FlingCore
@testable import FlingUI
import XCTest

/// Scene 3 in-process: the seed's tree, its preferences, and the mini-map drawn from them.
final class FormSceneTests: XCTestCase {
    @MainActor static func scene(_ size: Size = Size(1024, 685)) -> FormScene {
        let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in nil })
        let s = FormScene(env: env)
        s.layout(in: Rect(origin: .zero, size: size), window: size, time: 0)
        return s
    }

    @MainActor static func state(_ s: FormScene, _ t: Double = 0) -> [String: JSONValue] {
        Dictionary(s.stateFields(time: t), uniquingKeysWith: { a, _ in a })
    }

    @MainActor static func miniMapColors(_ s: FormScene) -> [String] {
        guard case .object(let mm)? = state(s)["miniMap"], case .array(let rects)? = mm.first(where: { $0.0 == "rects" })?.1 else { return [] }
        return rects.compactMap { r -> String? in
            guard case .object(let o) = r, case .string(let kind)? = o.first(where: { $0.0 == "kind" })?.1,
                  case .string(let color)? = o.first(where: { $0.0 == "color" })?.1 else { return nil }
            return "\(kind):\(color)"
        }
    }

    @MainActor static func textFields(_ s: FormScene) -> [Rect] { s.host.nodes(of: TextFieldNode.self).map(\.frame) }

    /// Every rectangle the mini-map drew is a shown preference's frame, in reverse order,
    /// scaled by the seed's factor (form width / (area width − 10)) and offset into the area
    /// (plus its 5 pt padding). Returns the factor.
    @MainActor @discardableResult
    static func assertMiniMapIsThePreferencesScaled(_ s: FormScene, file: StaticString = #filePath, line: UInt = #line) -> Double {
        let form = s.collected.first { $0.vtype == .formContainer }!.bounds.global
        let area = s.collected.first { $0.vtype == .miniMapArea }!.bounds.global
        let factor = form.width / (area.width - 10)
        let shown = s.collected.reversed().filter { $0.show() }.map(\.bounds.global)
        var drawn: [Rect] = []
        s.host.node(identifier: MiniMap.identifier)?.visit { if let shape = $0 as? ShapeNode { drawn.append(shape.frame) } }
        XCTAssertEqual(drawn.count, shown.count, "one rectangle per shown preference", file: file, line: line)
        for (r, p) in zip(drawn, shown) {
            XCTAssertEqual(r.minX, (p.minX - form.minX) / factor + area.minX + 5, accuracy: 1e-9, file: file, line: line)
            XCTAssertEqual(r.minY, (p.minY - form.minY) / factor + area.minY + 5, accuracy: 1e-9, file: file, line: line)
            XCTAssertEqual(r.width, p.width / factor, accuracy: 1e-9, file: file, line: line)
            XCTAssertEqual(r.height, p.height / factor, accuracy: 1e-9, file: file, line: line)
        }
        return factor
    }

    func testPreferencesAreCollectedChildrenFirstSiblingsInOrder() { onMain {
        let s = Self.scene()
        let kinds = s.collected.map(\.vtype.kind)
        XCTAssertEqual(kinds, ["miniMapArea", "title",
                               "field", "fieldContainer", "field", "fieldContainer", "field", "fieldContainer",
                               "field", "fieldContainer", "formContainer"])
    } }

    func testMiniMapDrawsInReverseWithTheSeedsArithmetic() { onMain {
        let s = Self.scene()
        XCTAssertEqual(Self.miniMapColors(s), ["fieldContainer:gray", "field:red", "fieldContainer:gray", "field:red",
                                               "fieldContainer:gray", "field:red", "fieldContainer:gray", "field:red", "title:purple"])
        // factor = form width / (mini-map width − 10); a rect's origin is
        // (minX − form minX) / factor + mini-map x, plus the 5 pt padding.
        let form = s.collected.first { $0.vtype == .formContainer }!.bounds.global
        let area = s.collected.first { $0.vtype == .miniMapArea }!.bounds.global
        let title = s.collected.first { $0.vtype == .title }!.bounds.global
        let factor = form.width / (area.width - 10)
        let expected = Rect(x: (title.minX - form.minX) / factor + area.minX + 5, y: (title.minY - form.minY) / factor + area.minY + 5,
                            width: title.width / factor, height: title.height / factor)
        let drawn = s.host.node(identifier: MiniMap.identifier)!
        var rects: [Rect] = []
        drawn.visit { if let shape = $0 as? ShapeNode { rects.append(shape.frame) } }
        XCTAssertEqual(rects.last!.minX, expected.minX, accuracy: 1e-9)
        XCTAssertEqual(rects.last!.minY, expected.minY, accuracy: 1e-9)
        XCTAssertEqual(rects.last!.width, expected.width, accuracy: 1e-9)
        XCTAssertEqual(area.width, 200)
        Self.assertMiniMapIsThePreferencesScaled(s)
    } }

    func testTypingTurnsAFieldRedYellowGreenInTheSameFrame() { onMain {
        let s = Self.scene()
        tap(s, Self.textFields(s)[0].center, at: 0.1)
        XCTAssertTrue(s.hasKeyboardFocus)
        // Text input (and the IME's candidate window) sits at the caret: 7 pt into the empty field.
        let field = Self.textFields(s)[0]
        XCTAssertEqual(s.textInputRect, Rect(x: field.minX + 7, y: field.minY, width: 2, height: field.height))
        var colors: [String] = []
        for (i, ch) in ["A", "d", "a"].enumerated() {
            s.handleText(ch, time: 0.2 + Double(i) * 0.1)
            // The first field's mini-rect is the last field drawn (reverse order).
            colors.append(Self.miniMapColors(s)[7])
        }
        XCTAssertEqual(colors, ["field:yellow", "field:yellow", "field:green"])
        XCTAssertEqual(s.content.fieldValues[0], "Ada")
        guard case .object(let form)? = Self.state(s)["form"] else { return XCTFail("no form state") }
        XCTAssertEqual(form.first { $0.0 == "title" }?.1, .string("Hello Ada  "))
        XCTAssertEqual(form.first { $0.0 == "focused" }?.1, .string("First Name"))
        XCTAssertEqual(form.first { $0.0 == "caret" }?.1, .int(3))
    } }

    func testToggleAddsTheTwitterFieldAndItsRects() { onMain {
        let s = Self.scene()
        XCTAssertEqual(Self.textFields(s).count, 4)
        let sw = s.host.nodes(of: SwitchNode.self)[0].frame
        tap(s, sw.center, at: 0.1)
        XCTAssertTrue(s.content.twitterFieldPreset)
        XCTAssertEqual(Self.textFields(s).count, 5)
        XCTAssertEqual(Self.miniMapColors(s).count, 11)
        XCTAssertEqual(s.collected.filter { $0.vtype == .fieldContainer }.count, 5)
    } }

    func testSliderDragWidensTheSecondRowAndItsRects() { onMain {
        let s = Self.scene()
        let email = {
            s.layout(in: Rect(x: 0, y: 0, width: 1024, height: 685), window: Size(1024, 685), time: 1.1)
            return s.collected.filter { $0.vtype == .fieldContainer }[3].bounds.global.width
        }
        let before = email()
        XCTAssertEqual(before, 360, "row 2 is as wide as the slider's 360")
        let slider = s.host.nodes(of: SliderNode.self)[0]
        let thumb = slider.thumbCenter
        let travel = slider.frame.width - 28
        _ = s.handlePointer(PointerEvent(id: 0, phase: .began, location: thumb, time: 1))
        _ = s.handlePointer(PointerEvent(id: 0, phase: .moved, location: Point(thumb.x + travel / 2, thumb.y), time: 1.1))
        XCTAssertEqual(s.content.length, 450, accuracy: 1e-9)
        XCTAssertEqual(email(), 450, accuracy: 1e-9, "the row follows in the same frame, before the release")
        _ = s.handlePointer(PointerEvent(id: 0, phase: .ended, location: Point(thumb.x + travel / 2, thumb.y), time: 1.2))
    } }

    func testATapOnTheEmptyPageEndsEditing() { onMain {
        let s = Self.scene()
        tap(s, Self.textFields(s)[0].center, at: 0.1)
        XCTAssertTrue(s.hasKeyboardFocus)
        tap(s, Point(900, 600), at: 0.5)
        XCTAssertFalse(s.hasKeyboardFocus)
    } }

    func testOnAShortPhoneTheFormScrollsAndFocusingRevealsTheField() { onMain {
        // Compact, and shorter than the stacked form: Email starts below the window.
        let size = Size(390, 500)
        let s = Self.scene(size)
        XCTAssertGreaterThan(Self.textFields(s)[3].maxY, 500, "Email starts below the window")
        XCTAssertTrue(Self.textFields(s).allSatisfy { $0.minX >= 0 && $0.maxX <= 390 }, "nothing off screen sideways")
        // Tab through the fields: focus reveals each one.
        tap(s, Self.textFields(s)[0].center, at: 0.1)
        for i in 0..<3 { XCTAssertTrue(s.handleKey(Key(.tab), time: 0.2 + Double(i) * 0.1)) }
        var t = 0.5
        while s.advance(to: t) { t += 1 / 60 }
        s.layout(in: Rect(origin: .zero, size: size), window: size, time: t)
        let shown = Self.textFields(s)[3]
        XCTAssertGreaterThanOrEqual(shown.minY, 0)
        XCTAssertLessThanOrEqual(shown.maxY, 500)
        s.handleText("ada@example.org", time: t)
        XCTAssertEqual(s.content.fieldValues[3], "ada@example.org")
    } }

    /// A 20 MB clipboard pasted with Ctrl+V goes in up to the field's limit, cut between two
    /// characters, and the field says so as typing past the limit does; the state dump says
    /// it too, and after how many of the pasted characters the paste stopped.
    func testATwentyMegabytePasteGoesInUpToTheLimitAndSaysWhereItStopped() { MainActor.assumeIsolated {
        typealias K = OnScreenKeyboardTests
        let d = K.formApp(Size(width: 1024, height: 768), kiosk: false)
        K.tapField(d, "Email", id: 0)
        d.app.handle(.text("Ada ", time: d.t))
        // Each "é" an e and a combining accent: a cut inside one would leave a bare "e".
        let accented = "e\u{301}"
        d.app.env.clipboard.text = String(repeating: accented, count: 7_000_000)
        XCTAssertEqual(d.app.env.clipboard.text?.utf8.count, 21_000_000)
        d.key("ctrl+V")
        let limit = InteractionConstants.maxFieldCharacters, room = limit - 4
        XCTAssertEqual(K.field(d, "Email").text, "Ada " + String(repeating: accented, count: room))
        XCTAssertEqual(K.state(d)["form"]?["caret"], .int(limit))
        XCTAssertEqual(K.state(d)["form"]?["notice"], .object([("field", .string("Email")), ("text", .string("10,000-character limit")),
                                                                ("kept", .int(room))]))
        // A letter typed past the limit says the same, stopped at once.
        d.app.handle(.text("x", time: d.t))
        XCTAssertEqual(K.state(d)["form"]?["notice"], .object([("field", .string("Email")), ("text", .string("10,000-character limit")),
                                                                ("kept", .int(0))]))
        // An edit takes the notice away (Backspace takes the last accent, as on iOS).
        d.key("Backspace")
        XCTAssertNil(K.state(d)["form"]?["notice"])
        XCTAssertEqual(K.field(d, "Email").text, "Ada " + String(repeating: accented, count: room - 1) + "e")
    } }

    /// A script's `paste` replays in-process as in the binary: the text on the clipboard,
    /// then Ctrl+V (the in-process feeder dropped it: a recorded paste replayed as nothing).
    func testAScriptsPasteReplaysInProcess() { MainActor.assumeIsolated {
        let app = makeSampleApp(first: .form)
        app.handle(.resize(Size(width: 1024, height: 768), time: 0))
        let email = app.state(time: 0, frame: 0, render: nil)["form"]?["fields"]?.arrayValue?
            .first { $0["label"]?.stringValue == "Email" }?["frame"]?.arrayValue?.compactMap(\.doubleValue) ?? [0, 0, 0, 0]
        let states = playScript("0.1 tap \(email[0] + 10) \(email[1] + email[3] / 2)\n0.5 paste Ada  Lovelace\n0.6 state s\n", app: app)
        let fields = states.at("s", "form.fields")?.arrayValue ?? []
        XCTAssertEqual(fields.first { $0["label"]?.stringValue == "Email" }?["text"]?.stringValue, "Ada  Lovelace")
        XCTAssertEqual(app.env.clipboard.text, "Ada  Lovelace")
    } }
}
