import FlingCore
import XCTest

/// When the loops trim their caches: 2 s into a pause, 0.3 s into the pause right
/// after a tab switch, once per pause.
final class IdleTrimScheduleTests: XCTestCase {
    func testAPauseTrimsOnceAfterTwoSeconds() {
        var s = IdleTrimSchedule(scene: "restaurants")
        s.drew(at: 5, scene: "restaurants")
        XCTAssertEqual(s.due(scene: "restaurants"), 5 + KioskConstants.idleTrimDelay)
        s.didTrim(scene: "restaurants")
        XCTAssertNil(s.due(scene: "restaurants"), "once a pause")
        s.drew(at: 9, scene: "restaurants")
        XCTAssertEqual(s.due(scene: "restaurants"), 9 + KioskConstants.idleTrimDelay)
    }

    func testThePauseRightAfterATabSwitchTrimsSooner() {
        var s = IdleTrimSchedule(scene: "restaurants")
        s.drew(at: 1, scene: "restaurants")
        s.drew(at: 3, scene: "today")
        s.drew(at: 3.2, scene: "today")
        XCTAssertEqual(s.due(scene: "today"), 3.2 + KioskConstants.sceneChangeTrimDelay)
        s.didTrim(scene: "today")
        s.drew(at: 4, scene: "today")
        XCTAssertEqual(s.due(scene: "today"), 4 + KioskConstants.idleTrimDelay, "trimmed since the switch")
        // A switch followed by a long gesture: the first pause is long past the switch.
        var t = IdleTrimSchedule(scene: "restaurants")
        t.drew(at: 10, scene: "form")
        t.drew(at: 20, scene: "form")
        XCTAssertEqual(t.due(scene: "form"), 20 + KioskConstants.idleTrimDelay)
    }
}
