// FormRedrawTests: the form's tree is rebuilt when its state or size changes, not for each
// frame of a switch's spring or a caret's blink, which only draw again (ViewHost
// .rebuildsForTime, issue 46); and what it draws is exactly what a tree rebuilt every frame
// draws.
import FlingCore
@testable import FlingUI
import XCTest

final class FormRedrawTests: XCTestCase {
    func testASwitchFlipAndABlinkRebuildOnlyForTheChangeAndDrawAsARebuiltTree() { onMain {
        let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in Size(800, 600) })
        let kept = FormScene(env: env), rebuilt = FormScene(env: env)
        rebuilt.host.rebuildsForTime = true
        let bounds = Rect(x: 0, y: 0, width: 1024, height: 685)
        for s in [kept, rebuilt] { s.layout(in: bounds, window: bounds.size, time: 0) }
        let t = kept.stateFields(time: 0).first { $0.0 == "form" }?.1.at("toggle.frame")?.arrayValue?.compactMap(\.doubleValue) ?? []
        XCTAssertEqual(t.count, 4)
        let toggle = Point(t[0] + t[2] / 2, t[1] + t[3] / 2)
        let field = kept.stateFields(time: 0).first { $0.0 == "form" }?.1.at("fields.0.frame")?.arrayValue?.compactMap(\.doubleValue) ?? []
        XCTAssertEqual(field.count, 4)
        let fieldCentre = Point(field[0] + field[2] / 2, field[1] + field[3] / 2)
        // Tap the switch at 0.1 s, then the first field at 1.2 s; draw every frame to 3 s.
        var events: [(Double, PointerEvent.Phase, Point)] = [(0.1, .began, toggle), (0.15, .ended, toggle),
                                                             (1.2, .began, fieldCentre), (1.25, .ended, fieldCentre)]
        let before = kept.host.builds
        var buildsWhileMoving = 0, knobs: [Double] = []
        for frame in 1...180 {
            let time = Double(frame) / 60
            while let e = events.first, e.0 <= time {
                events.removeFirst()
                for s in [kept, rebuilt] { _ = s.handlePointer(PointerEvent(id: 0, phase: e.1, location: e.2, time: e.0)) }
            }
            let b = kept.host.builds
            var a = DisplayList(), r = DisplayList()
            _ = kept.advance(to: time); _ = rebuilt.advance(to: time)
            kept.draw(into: &a, time: time); rebuilt.draw(into: &r, time: time)
            XCTAssertEqual(a.commands, r.commands, "frame \(frame)")
            if time > 0.2 && time < 1.1 { buildsWhileMoving += kept.host.builds - b }
            // The knob: the white circle inside the switch's frame.
            for c in a.commands {
                if case let .fillCircle(center, _, color) = c, color == .white, abs(center.y - toggle.y) < 2, abs(center.x - toggle.x) < t[2] { knobs.append(center.x) }
            }
        }
        XCTAssertEqual(buildsWhileMoving, 0, "the knob's spring draws again without a rebuild")
        XCTAssertLessThanOrEqual(kept.host.builds - before, 6, "rebuilt for the tap, the new field and the focus, not 180 times")
        XCTAssertGreaterThan(rebuilt.host.builds, kept.host.builds + 20, "a tree rebuilt for every frame that moves")
        XCTAssertGreaterThan(Set(knobs).count, 10, "the knob moved frame by frame")
        XCTAssertEqual(knobs.last ?? 0, knobs.max() ?? -1, "and rests on the right, on")
    } }
}
