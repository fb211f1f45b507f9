import FlingCore
import XCTest

/// Where a layout rect is seen on a turned panel (a screen reader's extents under --rotate).
final class PanelRectTests: XCTestCase {
    func testARowOnEachTurnOfThePanel() {
        let layout = Size(390, 844), row = Rect(x: 0, y: 102, width: 390, height: 84)
        XCTAssertEqual(Rotation.none.panelRect(fromLayout: row, layout: layout), row)
        // 90° clockwise: the layout's top edge is the panel's right edge.
        XCTAssertEqual(Rotation.quarter.panelRect(fromLayout: row, layout: layout), Rect(x: 658, y: 0, width: 84, height: 390))
        XCTAssertEqual(Rotation.half.panelRect(fromLayout: row, layout: layout), Rect(x: 0, y: 658, width: 390, height: 84))
        XCTAssertEqual(Rotation.threeQuarters.panelRect(fromLayout: row, layout: layout), Rect(x: 102, y: 0, width: 84, height: 390))
    }

    func testATouchInsideTheRectMapsBackInsideIt() {
        let layout = Size(390, 844), button = Rect(x: 132.5, y: 223, width: 125, height: 50)
        for r in [Rotation.none, .quarter, .half, .threeQuarters] {
            let seen = r.panelRect(fromLayout: button, layout: layout)
            let touch = r.layoutPoint(fromPanel: Point(seen.midX, seen.midY), panel: r.panelSize(layout: layout))
            XCTAssertEqual(touch, Point(button.midX, button.midY), "\(r)")
        }
    }
}
