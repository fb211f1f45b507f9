// PrimarySelectionTests: X11 and Wayland's PRIMARY selection: selecting text
// in a field offers it, and a middle click over a field pastes it at the click.
import FlingCore
@testable import FlingUI
import XCTest

final class PrimarySelectionTests: XCTestCase {
    func testSelectingOffersThePrimarySelectionAndAMiddleClickPastesIt() { MainActor.assumeIsolated {
        let app = makeTestApp(first: .form)
        app.handle(.resize(Size(1024, 768), time: 0))   // every field on screen
        guard let form = app.scene as? FormScene else { return XCTFail("not the form") }
        let fields = form.host.nodes(of: TextFieldNode.self)
        app.handle(.pointer(PointerEvent(id: 0, phase: .began, location: fields[0].frame.center, time: 0.1)))
        app.handle(.pointer(PointerEvent(id: 0, phase: .ended, location: fields[0].frame.center, time: 0.15)))
        app.handle(.text("Ada", time: 0.2))
        XCTAssertNil(app.env.primarySelection.text, "typing selects nothing")
        app.handle(.key(Key(.left, .shift), time: 0.3))
        app.handle(.key(Key(.left, .shift), time: 0.4))
        XCTAssertEqual(app.env.primarySelection.text, "da")
        // The app's own selection, pasted into the second field at its start.
        let second = form.host.nodes(of: TextFieldNode.self)[1].frame
        app.handle(.middleClick(location: Point(second.minX + 1, second.midY), text: nil, time: 0.5))
        XCTAssertEqual(form.host.nodes(of: TextFieldNode.self)[1].text.wrappedValue, "da")
        XCTAssertEqual(form.host.focusedPath, form.host.nodes(of: TextFieldNode.self)[1].path)
        // Another app's selection comes with the click; a newline becomes a space.
        let third = form.host.nodes(of: TextFieldNode.self)[2].frame
        app.handle(.middleClick(location: third.center, text: "Love\nlace", time: 0.6))
        XCTAssertEqual(form.host.nodes(of: TextFieldNode.self)[2].text.wrappedValue, "Love lace")
        // Over no field a middle click does nothing.
        app.handle(.middleClick(location: Point(2, 2), text: "x", time: 0.7))
        XCTAssertEqual(form.host.nodes(of: TextFieldNode.self).map(\.text.wrappedValue).filter { $0.contains("x") }, [])
    } }

    func testTheScriptVerbCarriesThePastedTextSpacesKept() throws {
        let s = try Script.parse("0.5 middle 10 20 hello  world\n0.6 middle 5% 6\n", file: "t", window: Size(100, 100))
        XCTAssertEqual(s.commands.map(\.action), [.middle(Point(10, 20), text: "hello  world"), .middle(Point(5, 6), text: nil)])
        XCTAssertThrowsError(try Script.parse("0.5 middle 10\n", file: "t"))
    }
}
