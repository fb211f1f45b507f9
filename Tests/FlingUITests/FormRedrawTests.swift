// FormRedrawTests: the form's tree is rebuilt when its state or size changes, not for each
// frame of a switch's spring or a caret's blink, which only draw again (ViewHost
// .rebuildsForTime); and what it draws is exactly what a tree rebuilt every frame
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

    func testASliderDraggedByAFastMouseIsBuiltOnceAFrameNotOnceAMove() { onMain {
        // A 125 Hz mouse: two moves a frame. Each move used to rebuild the tree the move
        // before had dirtied, and the frame built it again: three builds a frame.
        let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in Size(800, 600) })
        let form = FormScene(env: env)
        let bounds = Rect(x: 0, y: 0, width: 1024, height: 685)
        form.layout(in: bounds, window: bounds.size, time: 0)
        @MainActor func slider() -> (value: Double, frame: [Double]) {
            let s = form.stateFields(time: 0).first { $0.0 == "form" }?.1
            return (s?.at("slider.value")?.doubleValue ?? -1, s?.at("slider.frame")?.arrayValue?.compactMap(\.doubleValue) ?? [])
        }
        let f = slider().frame
        XCTAssertEqual(f.count, 4)
        let y = f[1] + f[3] / 2, x0 = f[0] + 20
        _ = form.handlePointer(PointerEvent(id: 0, phase: .began, location: Point(x0, y), time: 0.1))
        var values: [Double] = []
        let before = form.host.builds
        for frame in 1...20 {
            let time = 0.1 + Double(frame) / 60
            for k in 0..<2 {
                _ = form.handlePointer(PointerEvent(id: 0, phase: .moved, location: Point(x0 + Double(frame * 2 + k) * 3, y), time: time - 0.008 * Double(1 - k)))
            }
            _ = form.advance(to: time)
            var list = DisplayList()
            form.draw(into: &list, time: time)
            values.append(slider().value)
        }
        XCTAssertLessThanOrEqual(form.host.builds - before, 20, "one build a frame, not one a move")
        XCTAssertEqual(values.count, 20)
        XCTAssertTrue(zip(values, values.dropFirst()).allSatisfy { $0.0 < $0.1 }, "the value follows every frame: \(values)")
        _ = form.handlePointer(PointerEvent(id: 0, phase: .ended, location: Point(x0 + 123, y), time: 0.5))
    } }
}
