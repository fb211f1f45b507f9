import FlingCore
@testable import FlingUI
import XCTest

/// The iOS segmented control (as the tuning panel uses it): tap, a drag released elsewhere, keys,
/// and the thumb's slide.
final class SegmentedControlTests: XCTestCase {
    @MainActor private final class Model { @State var choice = 0 }

    @MainActor private static func host(_ m: Model) -> ViewHost {
        makeHost(Size(400, 100)) {
            SegmentedControl(selection: m.$choice, labels: ["fluid", "tutorial", "two-stage"])
                .frame(width: 300).accessibilityIdentifier("control")
        }
    }

    func testATapSelectsTheSegmentAndTheThumbSlidesThere() { onMain {
        let m = Model()
        let host = Self.host(m)
        let f = host.frame("control")
        XCTAssertEqual(f, Rect(x: 50, y: 34, width: 300, height: 32))
        let node = try! XCTUnwrap(host.nodes(of: SegmentedControlNode.self).first)
        XCTAssertEqual(node.thumbPosition, 0)
        host.handlePointer(PointerEvent(id: 0, phase: .began, location: Point(f.maxX - 10, f.midY), time: 1))
        host.handlePointer(PointerEvent(id: 0, phase: .ended, location: Point(f.maxX - 10, f.midY), time: 1.05))
        XCTAssertEqual(m.choice, 2)
        host.update(bounds: host.bounds, time: 1.1)
        let sliding = try! XCTUnwrap(host.nodes(of: SegmentedControlNode.self).first)
        XCTAssertGreaterThan(sliding.thumbPosition, 0)
        XCTAssertLessThan(sliding.thumbPosition, 2, "the thumb slides, it does not jump")
        host.update(bounds: host.bounds, time: 3)
        XCTAssertEqual(try! XCTUnwrap(host.nodes(of: SegmentedControlNode.self).first).thumbPosition, 2, accuracy: 1e-9)
    } }

    func testAPressReleasedOutsideSelectsNothingAndKeysStep() { onMain {
        let m = Model()
        let host = Self.host(m)
        let f = host.frame("control")
        host.handlePointer(PointerEvent(id: 0, phase: .began, location: Point(f.midX, f.midY), time: 1))
        host.handlePointer(PointerEvent(id: 0, phase: .moved, location: Point(f.midX, f.maxY + 60), time: 1.1))
        host.handlePointer(PointerEvent(id: 0, phase: .ended, location: Point(f.midX, f.maxY + 60), time: 1.2))
        XCTAssertEqual(m.choice, 0, "released off the control: no change (UIKit cancels)")
        host.update(bounds: host.bounds, time: 1.5)
        host.handlePointer(PointerEvent(id: 0, phase: .began, location: Point(f.minX + 5, f.midY), time: 2))
        host.handlePointer(PointerEvent(id: 0, phase: .moved, location: Point(f.midX, f.midY), time: 2.1))
        host.handlePointer(PointerEvent(id: 0, phase: .ended, location: Point(f.midX, f.midY), time: 2.2))
        XCTAssertEqual(m.choice, 1, "released over the middle segment")
        // Focused (Tab from a field before it), Right and Left step, clamped.
        let node = try! XCTUnwrap(host.nodes(of: SegmentedControlNode.self).first)
        XCTAssertTrue(node.keyPressed(Key(.right), host: host))
        XCTAssertEqual(m.choice, 2)
        XCTAssertTrue(node.keyPressed(Key(.right), host: host))
        XCTAssertEqual(m.choice, 2)
        XCTAssertTrue(node.keyPressed(Key(.left), host: host))
        XCTAssertEqual(m.choice, 1)
        XCTAssertFalse(node.keyPressed(Key(.up), host: host))
    } }
}
