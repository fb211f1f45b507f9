import FlingCore
@testable import FlingUI
import XCTest

/// The view tree's tap gesture and time-driven views.
final class GestureTests: XCTestCase {
    func testTapGestureFiresOnATapNotOnADrag() { onMain {
        let taps = Captured<Int>()
        taps.value = 0
        let host = makeHost(Size(300, 300)) {
            Color.white.frame(width: 100, height: 100).onTapGesture { taps.value! += 1 }
        }
        host.handlePointer(PointerEvent(id: 0, phase: .began, location: Point(150, 150), time: 0))
        host.handlePointer(PointerEvent(id: 0, phase: .ended, location: Point(152, 151), time: 0.1))
        XCTAssertEqual(taps.value, 1)
        host.handlePointer(PointerEvent(id: 0, phase: .began, location: Point(150, 150), time: 1))
        host.handlePointer(PointerEvent(id: 0, phase: .moved, location: Point(150, 190), time: 1.1))
        host.handlePointer(PointerEvent(id: 0, phase: .ended, location: Point(150, 190), time: 1.2))
        XCTAssertEqual(taps.value, 1, "a press that moved past the slop is no tap")
        host.handlePointer(PointerEvent(id: 0, phase: .began, location: Point(10, 10), time: 2))
        host.handlePointer(PointerEvent(id: 0, phase: .ended, location: Point(10, 10), time: 2.1))
        XCTAssertEqual(taps.value, 1, "outside the view")
    } }

    func testTimelineViewShowsAnAnimatedValueAtTheFramesTime() { onMain {
        let spring = AnimatedValue.resting(0).animated(to: 100, with: .response(0.35, dampingFraction: 1), at: 0)
        let host = makeHost(Size(300, 300)) {
            TimelineView { t in
                Color.white.frame(width: 10, height: 10).offset(x: spring.value(at: t)).accessibilityIdentifier("dot")
            }
        }
        // The offset moves the dot's content (the child) from the laid-out frame.
        @MainActor func shift() -> Double { host.node(identifier: "dot")!.children.first!.frame.minX - host.frame("dot").minX }
        XCTAssertEqual(shift(), 0)
        XCTAssertTrue(host.advance(to: 0.1), "an animating timeline asks for frames")
        host.update(bounds: host.bounds, time: 0.1)
        XCTAssertGreaterThan(shift(), 10)
        XCTAssertLessThan(shift(), 100)
        host.update(bounds: host.bounds, time: 5)
        XCTAssertEqual(shift(), 100, accuracy: 0.5)
    } }
}
