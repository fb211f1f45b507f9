// StudyFileFaultTests: study files and participant ids an outside probe found read wrongly in core: each is refused with its line, or counted as documented.
import XCTest
@testable import FlingCore

final class StudyFileFaultTests: XCTestCase {
    /// One condition and one task: what every case adds to or breaks.
    private static let body = """
        [[condition]]
        name = "fluid"
        policy = "fluid"
        [[task]]
        id = "t"
        text = "Go"
        start = "restaurants"
        success = "scene == restaurants"

        """

    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> StudyFile.ParseError? {
        do {
            _ = try StudyFile.parse(text)
            XCTFail("parsed: \(text.debugDescription)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Participant numbers

    /// Only 0–9 count towards a participant's number: "P٢3" (an Arabic-Indic two, then 3)
    /// counted 1, as an id without digits does: both were kept as digits, and `Int` reads only
    /// 0–9, so it read none of "٢3". `fling study` refuses such an id (`foreignDigit`).
    func testOnlyASCIIDigitsCountAndAnotherDigitIsFound() throws {
        XCTAssertEqual(StudySchedule.number(of: "P07"), 7)
        XCTAssertEqual(StudySchedule.number(of: "P٢3"), 3)
        XCTAssertEqual(StudySchedule.number(of: "P²"), 1)
        XCTAssertEqual(StudySchedule.foreignDigit(in: "P٢"), "٢")
        XCTAssertEqual(StudySchedule.foreignDigit(in: "P²1"), "²")
        XCTAssertNil(StudySchedule.foreignDigit(in: "P07-b_c"))
        let study = try StudyFile.parse(Self.body + "[[condition]]\nname = \"tutorial\"\npolicy = \"tutorial\"\n")
        XCTAssertEqual(StudySchedule(study: study, participant: "P2٣").order, StudySchedule(study: study, participant: "P2").order)
    }
}
