import XCTest
@testable import FlingCore

final class ScreenScheduleTests: XCTestCase {
    func testParsesHoursAndRefusesWhatIsNot() throws {
        XCTAssertEqual(try ScreenSchedule.parse("07:00-22:00"), ScreenSchedule(on: 420, off: 1320))
        XCTAssertEqual(try ScreenSchedule.parse("22:30-06:05"), ScreenSchedule(on: 1350, off: 365))
        XCTAssertEqual(try ScreenSchedule.parse("00:00-23:59").description, "00:00-23:59")
        for bad in ["", "7:00-22:00", "07:00", "07:00-24:00", "07:60-22:00", "07:00-22:00-23:00", "aa:bb-cc:dd", "07:00–22:00", "+7:00-22:00"] {
            XCTAssertThrowsError(try ScreenSchedule.parse(bad), bad) { e in
                XCTAssertTrue((e as? ScreenSchedule.ParseError)?.message.contains("HH:MM-HH:MM") ?? false, bad)
            }
        }
        XCTAssertThrowsError(try ScreenSchedule.parse("07:00-07:00")) { e in
            XCTAssertEqual((e as? ScreenSchedule.ParseError)?.message, "--screen-schedule 07:00-07:00: starts and ends at the same time; a panel lit all day needs no schedule")
        }
    }

    func testLitWithinTheHoursAndOverMidnight() {
        let day = ScreenSchedule(on: 420, off: 1320)
        XCTAssertEqual([0, 419.99, 420, 1000, 1319.99, 1320, 1439].map { day.lit(atMinute: $0) }, [false, false, true, true, true, false, false])
        let night = ScreenSchedule(on: 1320, off: 360)
        XCTAssertEqual([0, 359, 360, 1000, 1320, 1439].map { night.lit(atMinute: $0) }, [true, true, false, false, true, true])
    }

    func testTheNextChange() {
        let day = ScreenSchedule(on: 420, off: 1320)
        XCTAssertEqual(day.secondsToNextChange(fromMinute: 1320), (1440 - 1320 + 420) * 60)   // dark: lit again at 07:00
        XCTAssertEqual(day.secondsToNextChange(fromMinute: 419.5), 30)
        XCTAssertEqual(day.secondsToNextChange(fromMinute: 420), 900 * 60)                   // lit: dark at 22:00
    }

    func testATouchLightsTheDarkPanelWhileTheKioskIsInUse() {
        let day = ScreenSchedule(on: 420, off: 1320)
        XCTAssertFalse(day.panelLit(atMinute: 1380, now: 500, lastInput: nil, wake: 90))
        XCTAssertTrue(day.panelLit(atMinute: 1380, now: 500, lastInput: 450, wake: 90))
        XCTAssertFalse(day.panelLit(atMinute: 1380, now: 540, lastInput: 450, wake: 90))
        XCTAssertTrue(day.panelLit(atMinute: 600, now: 540, lastInput: nil, wake: 90))
    }
}
