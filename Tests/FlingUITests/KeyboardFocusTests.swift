// KeyboardFocusTests: the switch and the slider take keyboard focus from a tap (ending a text
// field's editing), and Tab reaches every control from a fresh start, then the next scene.
import FlingCore
@testable import FlingUI
import XCTest

final class KeyboardFocusTests: XCTestCase {
    @MainActor private static func form(_ size: Size = Size(1024, 685)) -> FormScene {
        let s = FormScene(env: SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in nil }))
        s.layout(in: Rect(origin: .zero, size: size), window: size, time: 0)
        return s
    }

    @MainActor private static func ringDrawn(_ s: FormScene) -> Bool {
        var list = DisplayList()
        s.host.draw(into: &list)
        return list.commands.contains {
            if case let .strokeRect(_, _, color, width) = $0 { return color == SystemColor.blue && width == WidgetMetrics.focusRingWidth }
            return false
        }
    }

    func testATapOnTheSwitchEndsEditingAndSpaceThenFlipsIt() { onMain {
        let s = Self.form()
        tap(s, s.host.nodes(of: TextFieldNode.self)[0].frame.center, at: 0.1)
        XCTAssertNotNil(s.host.editing)
        let sw = s.host.nodes(of: SwitchNode.self)[0]
        tap(s, sw.frame.center, at: 0.5)
        XCTAssertNil(s.host.editing, "the field's editing ended")
        XCTAssertEqual(s.host.focusedPath, sw.path)
        XCTAssertTrue(s.content.twitterFieldPreset, "the tap flipped it")
        XCTAssertFalse(Self.ringDrawn(s), "a tap shows no focus ring (iPadOS)")
        XCTAssertTrue(s.handleKey(Key(.space), time: 1))
        XCTAssertFalse(s.content.twitterFieldPreset, "Space flips it back")
        XCTAssertTrue(Self.ringDrawn(s), "a key shows the ring")
    } }

    func testATapOnTheSliderFocusesItForTheArrowKeys() { onMain {
        let s = Self.form()
        let slider = s.host.nodes(of: SliderNode.self)[0]
        tap(s, slider.thumbCenter, at: 0.1)
        XCTAssertEqual(s.host.focusedPath, slider.path)
        let before = s.content.length
        XCTAssertTrue(s.handleKey(Key(.right), time: 0.5))
        XCTAssertGreaterThan(s.content.length, before)
    } }

    func testTabFromAFreshStartReachesEveryControlThenTheNextScene() { MainActor.assumeIsolated {
        let app = makeTestApp(first: .form)
        guard let form = app.scene as? FormScene else { return XCTFail("not the form") }
        var reached: [String] = []
        var t = 0.1
        while app.scene.id == .form, reached.count < 20 {
            app.handle(.key(Key(.tab), time: t)); t += 0.1
            if let path = form.host.focusedPath, let node = form.host.node(at: path) { reached.append(String(describing: type(of: node))) }
        }
        // The seed's tree order: the switch and the slider above the name fields and Email.
        XCTAssertEqual(reached, ["SwitchNode", "SliderNode", "TextFieldNode", "TextFieldNode", "TextFieldNode", "TextFieldNode"])
        XCTAssertEqual(app.scene.id, .restaurants, "past the last control, Tab goes on to the next scene")
        // Shift+Tab from a fresh start in the form: the last control.
        app.handle(.key(Key(.tab, .shift), time: t))
        XCTAssertEqual(app.scene.id, .form)
        app.handle(.key(Key(.tab, .shift), time: t + 0.1))
        XCTAssertTrue(form.host.focusedPath.flatMap { form.host.node(at: $0) } is TextFieldNode)
    } }

    func testCtrlTabSwitchesScenesEvenFromAFocusedField() { MainActor.assumeIsolated {
        let app = makeTestApp(first: .form)
        app.handle(.key(Key(.tab), time: 0.1))
        XCTAssertTrue(app.scene.hasKeyboardFocus)
        app.handle(.key(Key(.tab, .control), time: 0.2))
        XCTAssertEqual(app.scene.id, .restaurants)
        app.handle(.key(Key(.tab, [.control, .shift]), time: 0.3))
        XCTAssertEqual(app.scene.id, .form)
    } }
}
