import FlingCore
@testable import FlingUI
import XCTest

/// Scene 3 in-process: the seed's tree, its preferences, and the mini-map drawn from them.
final class FormSceneTests: XCTestCase {
    @MainActor private static func scene(_ size: Size = Size(1024, 685)) -> FormScene {
        let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in nil })
        let s = FormScene(env: env)
        s.layout(in: Rect(origin: .zero, size: size), window: size, time: 0)
        return s
    }

    @MainActor private static func state(_ s: FormScene, _ t: Double = 0) -> [String: JSONValue] {
        Dictionary(s.stateFields(time: t), uniquingKeysWith: { a, _ in a })
    }

    @MainActor private static func miniMapColors(_ s: FormScene) -> [String] {
        guard case .object(let mm)? = state(s)["miniMap"], case .array(let rects)? = mm.first(where: { $0.0 == "rects" })?.1 else { return [] }
        return rects.compactMap { r -> String? in
            guard case .object(let o) = r, case .string(let kind)? = o.first(where: { $0.0 == "kind" })?.1,
                  case .string(let color)? = o.first(where: { $0.0 == "color" })?.1 else { return nil }
            return "\(kind):\(color)"
        }
    }

    @MainActor private static func textFields(_ s: FormScene) -> [Rect] { s.host.nodes(of: TextFieldNode.self).map(\.frame) }

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

    func testOnAPhoneTheFormScrollsAndFocusingRevealsTheField() { onMain {
        let s = Self.scene(Size(390, 761))
        let last = Self.textFields(s)[2]
        XCTAssertGreaterThan(last.maxX, 390, "Last Name starts off screen")
        // Tab through the fields: focus reveals each one.
        tap(s, Self.textFields(s)[0].center, at: 0.1)
        XCTAssertTrue(s.handleKey(Key(.tab), time: 0.2))
        XCTAssertTrue(s.handleKey(Key(.tab), time: 0.3))
        var t = 0.3
        while s.advance(to: t) { t += 1 / 60 }
        s.layout(in: Rect(x: 0, y: 0, width: 390, height: 761), window: Size(390, 761), time: t)
        let shown = Self.textFields(s)[2]
        XCTAssertGreaterThanOrEqual(shown.minX, 0)
        XCTAssertLessThanOrEqual(shown.maxX, 390)
        s.handleText("Lovelace", time: t)
        XCTAssertEqual(s.content.fieldValues[2], "Lovelace")
    } }
}
