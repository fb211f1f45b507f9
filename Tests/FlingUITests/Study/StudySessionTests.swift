import XCTest
@testable import FlingCore
@testable import FlingUI

/// The study session in the app: who gets a pointer when a trial ends under a
/// finger, the prompt's answers, the beat before a task.
final class StudySessionTests: XCTestCase {
    typealias Driver = InstrumentTests.Driver

    @MainActor final class Sink: StudySink {
        var started: [Int] = []
        var finished: [StudyTrialRecord] = []
        func trialStarted(_ trial: StudySchedule.Trial, task: String, at time: Double) { started.append(trial.number) }
        func trialFinished(_ record: StudyTrialRecord) { finished.append(record) }
    }

    static let file = """
        [study]
        timeout = 2
        [[condition]]
        name = "fluid"
        policy = "fluid"
        [[task]]
        id = "never"
        text = "Wait"
        start = "restaurants"
        success = "scene == nowhere"
        """

    @MainActor static func app(_ sink: Sink) throws -> Driver {
        let study = try StudyFile.parse(file)
        let app = makeTestApp()
        let session = StudySession(study: study, schedule: StudySchedule(study: study, participant: "P1"))
        session.sink = sink
        app.study = session
        return Driver(app)
    }

    func testAFingerDownWhenATrialEndsStillReachesTheApp() throws { try MainActor.assumeIsolated {
        let sink = Sink()
        let d = try Self.app(sink)
        d.run(until: 4.2)
        XCTAssertEqual(d.app.study?.phase.name, "task")
        XCTAssertEqual(sink.started, [1])
        // A finger goes down on the list and stays there past the timeout.
        d.pointer(.began, 195, 400, id: 7)
        d.run(until: 6.5)
        XCTAssertEqual(d.app.study?.phase.name, "prompt")
        XCTAssertTrue(d.app.clock.pressed)
        // Its moves and release are still the app's: the press ends there.
        d.pointer(.moved, 195, 420, id: 7)
        d.pointer(.ended, 195, 420, id: 7)
        XCTAssertFalse(d.app.clock.pressed, "the app saw the release")
        // The prompt takes the next touches, and answering finishes the trial.
        let buttons = d.app.study?.buttons(window: d.app.windowSize) ?? []
        for label in ["Yes", "5"] {
            let f = try XCTUnwrap(buttons.first { $0.label == label }?.frame, label)
            d.pointer(.began, f.midX, f.midY, id: 8)
            d.pointer(.ended, f.midX, f.midY, id: 8)
        }
        XCTAssertEqual(sink.finished.map(\.outcome), ["timeout"])
        XCTAssertEqual(sink.finished.first?.rating, 5)
        XCTAssertEqual(d.app.study?.phase, .done)
    } }

    func testAPressThatLeavesItsButtonDoesNotTapIt() throws { try MainActor.assumeIsolated {
        let sink = Sink()
        let d = try Self.app(sink)
        d.run(until: 4.2)
        let giveUp = try XCTUnwrap(d.app.study?.buttons(window: d.app.windowSize).first?.frame)
        d.pointer(.began, giveUp.midX, giveUp.midY, id: 3)
        d.pointer(.ended, giveUp.midX, giveUp.maxY + 200, id: 3)
        XCTAssertEqual(d.app.study?.phase.name, "task")
        d.pointer(.began, giveUp.midX, giveUp.midY, id: 4)
        d.pointer(.ended, giveUp.midX, giveUp.midY, id: 4)
        XCTAssertEqual(d.app.study?.phase.name, "prompt")
    } }

    func testTheTaskStartsOnTheBeat() throws { try MainActor.assumeIsolated {
        let sink = Sink()
        let d = try Self.app(sink)
        d.run(until: 3.9)
        XCTAssertEqual(d.app.study?.phase.name, "starting")
        // A touch while the app is brought to the start is the session's, not the list's.
        d.pointer(.began, 195, 400, id: 2)
        XCTAssertFalse(d.app.clock.pressed)
        d.pointer(.ended, 195, 400, id: 2)
        d.run(until: 4.1)
        XCTAssertEqual(d.app.study?.phase.name, "task")
    } }

    func testStudyFilesWithWindowsLineEndsAndTheirErrors() {
        let crlf = "\u{FEFF}" + Self.file.replacingOccurrences(of: "\n", with: "\r\n")
        XCTAssertEqual(try? StudyFile.parse(crlf), try? StudyFile.parse(Self.file))
        XCTAssertEqual(try? StudyFile.parse("# a comment\r\n" + crlf.dropFirst()).tasks.first?.line, 7)
        func error(_ text: String) -> String {
            do { _ = try StudyFile.parse(text); return "" } catch { return error.description }
        }
        XCTAssertEqual(error(Self.file.replacingOccurrences(of: "id = \"never\"", with: "id = \"all\"")), "7: a task's id may not be 'all'")
        XCTAssertEqual(error("[study]\nexpected_choices = \"half\"\n"), "2: expected_choices must be a [\"list\", \"of\", \"strings\"]")
        XCTAssertEqual(error("[study]\ntitle = \"a\nb\"\n"), "2: a string is in \"double quotes\"")
    }

    func testStatistics() {
        // Wilson 95 %: 16 of 18 is [0.672, 0.969]; 0 of 5 is [0, 0.434].
        let w = StudyStatistics.wilson(16, 18)
        XCTAssertEqual(w.low, 0.672, accuracy: 0.0005)
        XCTAssertEqual(w.high, 0.969, accuracy: 0.0005)
        XCTAssertEqual(StudyStatistics.wilson(0, 5).high, 0.434, accuracy: 0.0005)
        // Exact sign test: 0 of 2 → p = 0.5; 0 of 6 → 2 · (1/64) = 0.03125; 3 of 6 → 1.
        XCTAssertEqual(StudyStatistics.signTest(plus: 0, minus: 2), 0.5)
        XCTAssertEqual(StudyStatistics.signTest(plus: 0, minus: 6), 0.03125)
        XCTAssertEqual(StudyStatistics.signTest(plus: 3, minus: 3), 1)
        // t interval of 4, 6, 4 (mean 4.667, sd 1.155, t(2) = 4.303): ± 2.868.
        let ci = StudyStatistics.meanCI([4, 6, 4])
        XCTAssertEqual(ci?.low ?? 0, 4.6667 - 2.8685, accuracy: 0.001)
    }
}
