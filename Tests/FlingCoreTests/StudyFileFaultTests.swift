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

    // MARK: One study table

    /// A second [study] or [[study]] was merged into the first key by key (its title kept, the
    /// other's repetitions taken): one study per file, the second refused with its line.
    func testASecondStudyTableIsAnErrorWithItsLine() {
        for (first, second) in [("[study]", "[[study]]"), ("[[study]]", "[[study]]"), ("[[study]]", "[study]")] {
            let text = "\(first)\ntitle = \"One\"\n\(Self.body)\(second)\nrepetitions = 3\n"
            let e = error(text)
            XCTAssertEqual(e?.line, 11, "\(first) then \(second): \(String(describing: e))")
            XCTAssertTrue(e?.message.hasPrefix("a second ") ?? false, "\(first) then \(second): \(String(describing: e))")
        }
        // One, either way, still reads.
        for header in ["[study]", "[[study]]"] {
            XCTAssertEqual(try StudyFile.parse("\(header)\ntitle = \"One\"\n\(Self.body)").title, "One")
        }
    }

    // MARK: Control characters

    /// A NUL byte went into the task's id and from there into schedule.csv; so did every other
    /// C0 control character. Only the tab is text.
    func testNULAndOtherControlCharactersAreErrorsWithTheirLine() {
        for c in ["\u{0}", "\u{1}", "\u{7}", "\u{1B}", "\u{1F}", "\u{0B}", "\u{0C}"] {
            let text = Self.body.replacingOccurrences(of: "id = \"t\"", with: "id = \"t\(c)x\"")
            let e = error(text)
            XCTAssertEqual(e?.line, 5, "\(c.debugDescription): \(String(describing: e))")
            XCTAssertTrue(e?.message.contains("a study file is text") ?? false, "\(c.debugDescription): \(String(describing: e))")
        }
        XCTAssertEqual(error(Self.body.replacingOccurrences(of: "id = \"t\"", with: "id = \"t\u{0}\""))?.message,
                       "a NUL byte (U+0000) in the line: a study file is text (was a binary file given?)")
        // In a comment too: nothing of a binary file is read as text.
        XCTAssertEqual(error("# a\u{0}b\n" + Self.body)?.line, 1)
        // A tab, and CRLF line ends, are text.
        let tabbed = try? StudyFile.parse(Self.body.replacingOccurrences(of: "id = \"t\"", with: "id =\t\"t\""))
        XCTAssertEqual(tabbed?.tasks.first?.id, "t")
        let crlf = try? StudyFile.parse(Self.body.replacingOccurrences(of: "\n", with: "\r\n"))
        XCTAssertEqual(crlf?.tasks.first?.id, "t")
    }
}
