import FlingCore
import Foundation
import Glibc
import XCTest

/// `fling study` and `fling report` on a study folder, through the binary: the
/// schedule a participant gets, three simulated participants whose intents differ by design
/// (scripted headless sessions), the accident counts and the report checked by hand, a killed
/// session resumed, study-file errors with their line.
final class StudyTests: XCTestCase {
    private let study = FlingRunner.packageRoot.appendingPathComponent("studies/example.toml").path

    func testTheScheduleIsABalancedLatinSquareOverParticipantNumbers() throws {
        for (p, first) in [("P01", "A"), ("P02", "B"), ("P03", "A"), ("P14", "B")] {
            let r = try FlingRunner.run(["study", study, "--participant", p, "--dry-run"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let lines = r.stdout.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.first, "participant,trial,condition,task")
            XCTAssertEqual(lines.count, 13, "2 conditions × 2 repetitions × 3 tasks")
            let second = first == "A" ? "B" : "A"
            XCTAssertEqual(lines[1], "\(p),1,\(first),to-full")
            XCTAssertEqual(lines[6], "\(p),6,\(first),card-back")
            XCTAssertEqual(lines[7], "\(p),7,\(second),to-full")
            XCTAssertEqual(lines[12], "\(p),12,\(second),card-back")
        }
        XCTAssertEqual(StudySchedule.williamsSquare(3), [[0, 1, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0], [0, 2, 1], [1, 0, 2]])
        XCTAssertEqual(StudySchedule.williamsSquare(4), [[0, 1, 3, 2], [1, 2, 0, 3], [2, 3, 1, 0], [3, 0, 2, 1]])
    }

    func testStudyFileErrorsNameTheLine() throws {
        let dir = FlingRunner.scratch("study-errors")
        let cases: [(String, String)] = [
            ("[study]\nrepetitions = 0\n", ":2: repetitions must be"),
            ("[[condition]]\nname = \"a\"\npolcy = \"fluid\"\n", ":3: unknown key 'polcy'"),
            ("[[condition]]\nname = \"a\"\npolicy = \"wobbly\"\n", ":3: unknown policy 'wobbly'"),
            ("[[condition]]\nname = \"a\"\npolicy = \"fluid\"\ndetents = \"0.3,huge\"\n", ":4: detents: 'huge' is not medium, large"),
            ("[[condition]]\nname = \"a\"\ncard_style = \"wide\"\n", ":3: card_style: 'wide' is not expand or zoom"),
            ("[[condition]]\nname = \"a\"\npolicy = \"fluid\"\ndetents = \"0.3,large\"\nbackground_interaction = \"upto=0.6\"\n",
             ":5: background_interaction: upto=0.6: not one of the detents (0.3, large)"),
            ("[[condition]]\nname = \"a\"\npolicy = \"fluid\"\n[[task]]\nid = \"t\"\ntext = \"x\"\nstart = \"moon\"\nsuccess = \"a == b\"\n", ":7: unknown start 'moon'"),
            ("[[condition]]\nname = \"a\"\npolicy = \"fluid\"\n[[task]]\nid = \"t\"\ntext = \"x\"\nstart = \"today\"\nsuccess = \"card.phase\"\n", ":8: success:"),
        ]
        for (i, (text, message)) in cases.enumerated() {
            let file = dir.appendingPathComponent("bad\(i).toml")
            try text.write(to: file, atomically: true, encoding: .utf8)
            let r = try FlingRunner.run(["study", file.path, "--participant", "P1", "--dry-run"])
            XCTAssertEqual(r.status, 2, text)
            XCTAssertTrue(r.stderr.contains(file.path + message), "\(r.stderr) should say \(message)")
        }
    }

    func testAStartTheAppCannotReachIsRefusedWithItsLine() throws {
        let dir = FlingRunner.scratch("study-start")
        let file = dir.appendingPathComponent("nowhere.toml"), script = dir.appendingPathComponent("s.txt")
        try "[[condition]]\nname = \"a\"\npolicy = \"fluid\"\n[[task]]\nid = \"t\"\ntext = \"x\"\nstart = \"sheet:Nowhere\"\nsuccess = \"sheet.phase == hidden\"\n"
            .write(to: file, atomically: true, encoding: .utf8)
        try "0.1 quit\n".write(to: script, atomically: true, encoding: .utf8)
        let r = try FlingRunner.run(["study", file.path, "--participant", "P1", "--out", dir.appendingPathComponent("P1").path,
                                     "--headless", "--script", script.path])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains(file.path + ":4: no restaurant 'Nowhere'"), r.stderr)
        // And the study refuses what would show or change the conditions.
        let blind = try FlingRunner.run(["study", study, "--participant", "P1", "--out", dir.appendingPathComponent("P2").path, "--overlay"])
        XCTAssertEqual(blind.status, 2)
        XCTAssertTrue(blind.stderr.contains("--overlay"), blind.stderr)
    }

    /// Every other input the study and its report read: a clear message, exit 2.
    func testBadInputsSayWhatAndWhere() throws {
        let dir = FlingRunner.scratch("study-bad")
        func check(_ args: [String], _ message: String, line: UInt = #line) throws {
            let r = try FlingRunner.run(args)
            XCTAssertEqual(r.status, 2, "\(args)", line: line)
            XCTAssertTrue(r.stderr.contains(message), "\(r.stderr) should say \(message)", line: line)
        }
        try check(["study", dir.appendingPathComponent("none.toml").path, "--participant", "P1", "--dry-run"], "none.toml: study file not found")
        try check(["study", study, "--participant", "../P1", "--dry-run"], "--participant takes letters, digits, - and _")
        try check(["report", dir.path], "no study results (no trials.csv in it or in its folders)")
        let metrics = dir.appendingPathComponent("m.jsonl")
        try "".write(to: metrics, atomically: true, encoding: .utf8)
        try check(["report", metrics.path, "--csv", dir.appendingPathComponent("a.csv").path], "are for a study folder")
        let recording = dir.appendingPathComponent("r.txt")
        try "# fling recording 2\n# study: P1 x\n0.5 tap 10 10\n".write(to: recording, atomically: true, encoding: .utf8)
        try check(["replay", recording.path], "r.txt:2: study: 'P1 x' is not PARTICIPANT RESUME-AT FILE")
        try check(["--keyboard", "sometimes"], "unknown keyboard mode 'sometimes' (auto, on, off)")
    }

    // MARK: Three simulated participants

    /// Where the prompt's buttons are at 390 × 844 (as the state dump lists them; the card
    /// grows down after a "No", so nothing above its choices moves).
    private enum Tap {
        static let giveUp = "323 54", yes = "112 344", no = "277 344"
        static func rating(_ n: Int, afterNo: Bool) -> String { "\(Int(56 + Double(n - 1) * 46.2857)) 444" }
        static let half = "195 540"
    }

    /// One participant's way with a task: the gestures (seconds after the task starts), and
    /// the answers.
    private struct Act { var gestures: [(Double, String)]; var expected: Bool; var rating: Int }

    private static let careful: [String: [(Double, String)]] = [
        "to-full": [(0.3, "drag 195 600 195 150 0.4")],
        "dismiss": [(0.3, "drag 195 500 195 840 0.3")],
        "card-back": [(0.3, "tap 195 320"), (1.5, "drag 195 300 195 600 0.25")],
    ]

    /// P01 does every task carefully; P02 flicks down by accident before bringing the sheet
    /// up (fluid, A, dismisses on that flick; tutorial, B, keeps the sheet at half); P03 pulls
    /// the sheet a little first when asked to dismiss it (it snaps back), and prefers B.
    private static func act(_ participant: String, condition: String, task: String) -> Act {
        var gestures = careful[task] ?? []
        switch (participant, task) {
        case ("P02", "to-full"):
            gestures = [(0.3, "drag 195 500 195 540 0.05"), (2.0, "drag 195 600 195 150 0.4")]
            return condition == "A" ? Act(gestures: gestures, expected: false, rating: 2) : Act(gestures: gestures, expected: true, rating: 5)
        case ("P03", "dismiss"):
            gestures = [(0.3, "drag 195 500 195 560 0.6"), (1.6, "drag 195 500 195 840 0.3")]
        default: break
        }
        let rating = participant == "P01" ? 6 : participant == "P02" ? 5 : (condition == "A" ? 4 : 6)
        return Act(gestures: gestures, expected: true, rating: rating)
    }

    /// The participant's whole session as a script: each task starts 4 s (the study's ready
    /// beat) after the last answer; every trial gives up at +4.5 s if still running, and
    /// answers at +5.5 s.
    private static func script(_ participant: String, schedule: [(condition: String, task: String)], trials: Range<Int>) -> String {
        var lines: [String] = []
        var start = StudyConstants.readyTime + 0.05
        for (i, trial) in schedule.enumerated() where trials.contains(i) {
            let act = act(participant, condition: trial.condition, task: trial.task)
            for (t, command) in act.gestures { lines.append("\(start + t) \(command)") }
            lines.append("\(start + 4.5) tap \(Tap.giveUp)")
            lines.append("\(start + 5.5) tap \(act.expected ? Tap.yes : Tap.no)")
            var last = start + 5.7
            if !act.expected { lines.append("\(last) tap \(Tap.half)"); last += 0.2 }
            lines.append("\(last) tap \(Tap.rating(act.rating, afterNo: !act.expected))")
            start = last + 0.05 + StudyConstants.readyTime + 0.05
        }
        lines.append("\(start) state $OUT/end.json")
        return lines.joined(separator: "\n") + "\n"
    }

    private func schedule(_ p: String) throws -> [(condition: String, task: String)] {
        let r = try FlingRunner.run(["study", study, "--participant", p, "--dry-run"])
        return r.stdout.split(separator: "\n").dropFirst().map { line in
            let f = line.split(separator: ",").map(String.init)
            return (f[2], f[3])
        }
    }

    private func session(_ p: String, into parent: URL, trials: Range<Int>? = nil) throws -> URL {
        let plan = try schedule(p)
        let dir = parent.appendingPathComponent(p)
        let scriptFile = parent.appendingPathComponent("\(p)-\(trials?.lowerBound ?? 0).txt")
        try Self.script(p, schedule: plan, trials: trials ?? plan.indices).replacingOccurrences(of: "$OUT", with: parent.path)
            .write(to: scriptFile, atomically: true, encoding: .utf8)
        let r = try FlingRunner.run(["study", study, "--participant", p, "--out", dir.path, "--headless", "--script", scriptFile.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        return dir
    }

    private func rows(_ file: URL) throws -> [[String: String]] {
        StudyData.records(try String(contentsOf: file, encoding: .utf8))
    }

    func testThreeSimulatedParticipantsAndTheReport() throws {
        let parent = FlingRunner.scratch("study-three")
        for p in ["P01", "P02", "P03"] { _ = try session(p, into: parent) }
        // Every participant: 12 trials in their schedule's order, each row flushed to trials.csv.
        for p in ["P01", "P02", "P03"] {
            let trials = try rows(parent.appendingPathComponent("\(p)/trials.csv"))
            XCTAssertEqual(trials.count, 12, p)
            XCTAssertEqual(trials.map { $0["condition"] ?? "" }.joined(), p == "P02" ? "BBBBBBAAAAAA" : "AAAAAABBBBBB", p)
            for name in ["schedule.csv", "gestures.csv", "metrics.jsonl", "recording-1.txt"] {
                XCTAssertTrue(FileManager.default.fileExists(atPath: parent.appendingPathComponent("\(p)/\(name)").path), "\(p)/\(name)")
            }
        }
        // By hand: P02's flick dismissed the sheet in A (fluid) twice, never in B (tutorial); he
        // gave up those two trials and said it did not do what he expected. P03's small pulls
        // before dismissing are two missed dismissals in each condition.
        let p02 = try rows(parent.appendingPathComponent("P02/trials.csv"))
        XCTAssertEqual(p02.filter { $0["outcome"] == "gave-up" }.map { "\($0["condition"] ?? "")\($0["task"] ?? "")" }, ["Ato-full", "Ato-full"])
        XCTAssertEqual(p02.filter { $0["expected"] == "no" }.map { $0["expected_outcome"] ?? "" }, ["half", "half"])
        let gestures = try ["P01", "P02", "P03"].flatMap { try rows(parent.appendingPathComponent("\($0)/gestures.csv")) }
        func count(_ column: String, _ condition: String) -> Int { gestures.filter { $0[column] == "1" && $0["condition"] == condition }.count }
        XCTAssertEqual(count("accidental_dismissal", "A"), 2)
        XCTAssertEqual(count("accidental_dismissal", "B"), 0)
        XCTAssertEqual(count("missed_dismissal", "A"), 2)
        XCTAssertEqual(count("missed_dismissal", "B"), 2)
        XCTAssertEqual(gestures.filter { $0["accidental_dismissal"] == "1" }.map { $0["participant"] ?? "" }, ["P02", "P02"])
        // Snap-backs (moved, back where it started): P03's small pulls (2 a condition) and, in B,
        // P02's flick that the tutorial sheet did not take (2). No sheet went full → dismissed.
        XCTAssertEqual(count("snap_back", "A"), 2)
        XCTAssertEqual(count("snap_back", "B"), 4)
        XCTAssertEqual(count("skipped_detent", "A") + count("skipped_detent", "B"), 0)
        XCTAssertEqual(Set(gestures.filter { $0["target"] == "sheet" }.map { $0["start_detent"] ?? "" }), ["half"])

        // The report: the aggregate table as CSV, checked by hand.
        let csv = parent.appendingPathComponent("aggregate.csv"), trialsCSV = parent.appendingPathComponent("all-trials.csv")
        let gesturesCSV = parent.appendingPathComponent("all-gestures.csv")
        let r = try FlingRunner.run(["report", parent.path, "--csv", csv.path, "--trials-csv", trialsCSV.path, "--gestures-csv", gesturesCSV.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("3 participants, 36 trials"), r.stdout)
        let table = try rows(csv)
        func row(_ c: String, _ t: String) -> [String: String] { table.first { $0["condition"] == c && $0["task"] == t } ?? [:] }
        // A: 16 of 18 trials succeeded (P02's two gave up); B: all 18.
        XCTAssertEqual(row("A", "all")["trials"], "18")
        XCTAssertEqual(row("A", "all")["success_rate"], "0.889")
        XCTAssertEqual(row("B", "all")["success_rate"], "1.000")
        XCTAssertEqual(row("A", "to-full")["accidental_dismissals"], "2")
        XCTAssertEqual(row("B", "to-full")["accidental_dismissals"], "0")
        XCTAssertEqual(row("A", "dismiss")["missed_dismissals"], "2", "P03, once in each repetition")
        // Ratings: A = (6·6 + 2·2 + 5·4 + 4·6) / 18 = 84/18 = 4.667; B = (6·6 + 5·6 + 6·6) / 18 = 5.667.
        XCTAssertEqual(row("A", "all")["rating_mean"], "4.667")
        XCTAssertEqual(row("B", "all")["rating_mean"], "5.667")
        // "Did what I expected": A 16 of 18, Wilson 95 % [0.672, 0.969]; B 18 of 18 [0.824, 1].
        XCTAssertEqual(row("A", "all")["expected_rate"], "0.889")
        XCTAssertEqual(row("A", "all")["expected_ci_low"], "0.672")
        XCTAssertEqual(row("A", "all")["expected_ci_high"], "0.969")
        XCTAssertEqual(row("B", "all")["expected_ci_low"], "0.824")
        // Paired over participants: B rated higher by P02 and P03, equal for P01: sign test p = 0.5.
        XCTAssertTrue(r.stdout.contains("A vs B, rating (mean): higher in A for 0, in B for 2, equal for 1; p = 0.500"), r.stdout)
        // The tidy exports: one row per trial and per gesture, every participant's.
        XCTAssertEqual(try rows(trialsCSV).count, 36)
        XCTAssertEqual(try rows(gesturesCSV).count, gestures.count)
    }

    /// Plays participant P01 through `file` headless: each trial's gestures (seconds after its
    /// ready beat), then Yes and the rating at `answerAt`; returns the session's folder.
    private func playStudy(_ file: URL, in parent: URL, trials: [(gestures: [(Double, String)], rating: Int)], answerAt: Double,
                           line: UInt = #line) throws -> URL {
        var lines: [String] = [], start = StudyConstants.readyTime + 0.05
        for trial in trials {
            lines += trial.gestures.map { "\(start + $0.0) \($0.1)" }
            lines += ["\(start + answerAt) tap \(Tap.yes)", "\(start + answerAt + 0.2) tap \(Tap.rating(trial.rating, afterNo: false))"]
            start += answerAt + 0.25 + StudyConstants.readyTime + 0.05
        }
        let script = parent.appendingPathComponent("P01.txt")
        try (lines.joined(separator: "\n") + "\n").write(to: script, atomically: true, encoding: .utf8)
        let dir = parent.appendingPathComponent("P01")
        let r = try FlingRunner.run(["study", file.path, "--participant", "P01", "--out", dir.path, "--headless", "--script", script.path])
        XCTAssertEqual(r.status, 0, r.stderr, line: line)
        return dir
    }

    /// Seed 004's expansion against iOS 18's zoom: the card conditions need no sheet policy,
    /// each trial opens its cards in its own style, the gestures say which, and the report
    /// compares them.
    func testACardStyleStudyRunsHeadlessAndItsReportComparesTheStyles() throws {
        let parent = FlingRunner.scratch("study-card-style")
        let file = parent.appendingPathComponent("cards.toml")
        try """
            [study]
            title = "Expand or zoom?"
            timeout = 30

            [[condition]]
            name = "expand"
            card_style = "expand"

            [[condition]]
            name = "zoom"
            card_style = "zoom"

            [[task]]
            id = "card-back"
            text = "Open the first card, then put it back"
            start = "today"
            success = ["card.phase == expanded", "card.phase == collapsed"]
            dismiss = "wanted"
            """.write(to: file, atomically: true, encoding: .utf8)
        let pullBack = [(0.3, "tap 195 320"), (1.5, "drag 195 300 255 640 0.25")]
        let dir = try playStudy(file, in: parent, trials: [(pullBack, 4), (pullBack, 6)], answerAt: 3.5)
        let trials = try rows(dir.appendingPathComponent("trials.csv"))
        XCTAssertEqual(trials.map { "\($0["condition"] ?? ""):\($0["outcome"] ?? "")" }, ["A:success", "B:success"])
        let gestures = try rows(dir.appendingPathComponent("gestures.csv")).filter { $0["target"] == "card" }
        XCTAssertEqual(gestures.map { "\($0["condition"] ?? ""):\($0["policy"] ?? "")" }, ["A:card", "B:card-zoom"])
        let csv = parent.appendingPathComponent("aggregate.csv")
        let report = try FlingRunner.run(["report", parent.path, "--csv", csv.path])
        XCTAssertEqual(report.status, 0, report.stderr)
        let table = try rows(csv)
        func row(_ c: String) -> [String: String] { table.first { $0["condition"] == c && $0["task"] == "all" } ?? [:] }
        XCTAssertEqual(row("A")["rating_mean"], "4.000")
        XCTAssertEqual(row("B")["rating_mean"], "6.000")
        // A bad style names its line and what is accepted.
        try "[[condition]]\nname = \"a\"\ncard_style = \"flip\"\n".write(to: file, atomically: true, encoding: .utf8)
        let bad = try FlingRunner.run(["study", file.path, "--participant", "P02", "--dry-run"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("cards.toml:3: card_style: 'flip' is not expand or zoom"), bad.stderr)
    }

    /// A study of two detent sets, blind: "is a 30 % peek better than half?". The
    /// same slow pull (150 pt in 0.6 s) brings the sheet full from half (A) but only to 0.6
    /// from the 30 % peek (B), where the participant gives up; the report sets them side by side.
    func testADetentSetStudyRunsHeadlessAndItsReportComparesTheSets() throws {
        let parent = FlingRunner.scratch("study-detents")
        let file = parent.appendingPathComponent("detents.toml")
        try """
            [study]
            title = "A 30 % peek or half?"
            repetitions = 1
            timeout = 30

            [[condition]]
            name = "half"
            policy = "fluid"
            detents = "medium,large"

            [[condition]]
            name = "peek"
            policy = "fluid"
            detents = "0.3,0.6,large"
            background_interaction = "upto=0.3"

            [[condition]]
            name = "default"
            policy = "fluid"

            [[task]]
            id = "to-full"
            text = "Bring the sheet up to full"
            start = "sheet:Umi no Kaze"
            success = "sheet.detent == full && sheet.phase == resting"
            dismiss = "unwanted"
            """.write(to: file, atomically: true, encoding: .utf8)
        let plan = try FlingRunner.run(["study", file.path, "--participant", "P01", "--dry-run"])
        XCTAssertEqual(plan.stdout, "participant,trial,condition,task\nP01,1,A,to-full\nP01,2,B,to-full\nP01,3,C,to-full\n")
        let pullUp = [(0.3, "drag 195 600 195 450 0.6"), (4.5, "tap \(Tap.giveUp)")]
        let dir = try playStudy(file, in: parent, trials: [(pullUp, 6), (pullUp, 3), (pullUp, 6)], answerAt: 5.5)
        let trials = try rows(dir.appendingPathComponent("trials.csv"))
        // C, after B, has none of B's detents or background interaction: half, as A.
        XCTAssertEqual(trials.map { "\($0["condition"] ?? ""):\($0["outcome"] ?? "")" }, ["A:success", "B:gave-up", "C:success"])
        let gestures = try rows(dir.appendingPathComponent("gestures.csv")).filter { $0["target"] == "sheet" }
        // Each condition's sheet started from its own smallest detent, and went where the pull sent it.
        XCTAssertEqual(gestures.map { "\($0["condition"] ?? ""):\($0["start_detent"] ?? "")" }, ["A:half", "B:0.3", "C:half"])
        let csv = parent.appendingPathComponent("aggregate.csv")
        let report = try FlingRunner.run(["report", parent.path, "--csv", csv.path])
        XCTAssertEqual(report.status, 0, report.stderr)
        let table = try rows(csv)
        func row(_ c: String) -> [String: String] { table.first { $0["condition"] == c && $0["task"] == "all" } ?? [:] }
        XCTAssertEqual(row("A")["success_rate"], "1.000")
        XCTAssertEqual(row("B")["success_rate"], "0.000")
        XCTAssertEqual(row("A")["rating_mean"], "6.000")
        XCTAssertEqual(row("B")["rating_mean"], "3.000")
    }

    func testAKilledSessionResumesAtTheNextTrial() throws {
        let parent = FlingRunner.scratch("study-resume")
        _ = try session("P01", into: parent, trials: 0..<2)
        XCTAssertEqual(try rows(parent.appendingPathComponent("P01/trials.csv")).count, 2)
        // The second run starts at trial 3 (its script's first task is that trial's).
        let plan = try schedule("P01")
        let script = Self.script("P01", schedule: Array(plan[2...]), trials: 0..<10).replacingOccurrences(of: "$OUT", with: parent.path)
        let file = parent.appendingPathComponent("rest.txt")
        try script.write(to: file, atomically: true, encoding: .utf8)
        let r = try FlingRunner.run(["study", study, "--participant", "P01", "--out", parent.appendingPathComponent("P01").path,
                                     "--headless", "--script", file.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let trials = try rows(parent.appendingPathComponent("P01/trials.csv"))
        XCTAssertEqual(trials.map { $0["trial"] ?? "" }, (1...12).map(String.init))
        XCTAssertTrue(FileManager.default.fileExists(atPath: parent.appendingPathComponent("P01/recording-2.txt").path), "a second recording")
    }

    /// A session cut in the middle of a trial (its gesture written, the trial not finished:
    /// what a SIGKILL leaves) and resumed ends with every file as an uninterrupted run's:
    /// the cut trial's gesture is gone from gestures.csv, metrics.jsonl and metrics-A.jsonl,
    /// and its re-run writes it once.
    func testACutTrialLeavesNoTraceWhenTheSessionResumes() throws {
        let parent = FlingRunner.scratch("study-cut")
        try FileManager.default.createDirectory(at: parent.appendingPathComponent("whole"), withIntermediateDirectories: true)
        let whole = try session("P01", into: parent.appendingPathComponent("whole"))
        let plan = try schedule("P01")
        let cutParent = parent.appendingPathComponent("cut")
        try FileManager.default.createDirectory(at: cutParent, withIntermediateDirectories: true)
        // Trials 1 and 2, then trial 3's gesture, and the run ends before its answer.
        var lines = Self.script("P01", schedule: plan, trials: 0..<3).split(separator: "\n").map(String.init)
        let giveUps = lines.indices.filter { lines[$0].hasSuffix("tap \(Tap.giveUp)") }
        let cutAt = giveUps[2]
        let end = (Double(lines[cutAt].split(separator: " ")[0]) ?? 0) - 1
        lines = Array(lines[..<cutAt]) + ["\(end) quit"]
        let first = cutParent.appendingPathComponent("first.txt"), rest = cutParent.appendingPathComponent("rest.txt")
        try (lines.joined(separator: "\n") + "\n").write(to: first, atomically: true, encoding: .utf8)
        try Self.script("P01", schedule: Array(plan[2...]), trials: 0..<10).replacingOccurrences(of: "$OUT", with: cutParent.path)
            .write(to: rest, atomically: true, encoding: .utf8)
        let dir = cutParent.appendingPathComponent("P01")
        for script in [first, rest] {
            let r = try FlingRunner.run(["study", study, "--participant", "P01", "--out", dir.path, "--headless", "--script", script.path])
            XCTAssertEqual(r.status, 0, r.stderr)
            if script == first {
                // The cut left trial 3's gesture behind in each file a gesture goes to.
                XCTAssertEqual(try rows(dir.appendingPathComponent("gestures.csv")).last?["trial"], "3")
            }
        }
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("gestures.csv"), encoding: .utf8),
                       try String(contentsOf: whole.appendingPathComponent("gestures.csv"), encoding: .utf8))
        // Trials the same, but for time on task: each session's frames fall on its own clock,
        // so a time differs by up to a frame.
        let resumed = try rows(dir.appendingPathComponent("trials.csv")), uncut = try rows(whole.appendingPathComponent("trials.csv"))
        XCTAssertEqual(resumed.map { $0.filter { $0.key != "time_on_task" } }, uncut.map { $0.filter { $0.key != "time_on_task" } })
        for (a, b) in zip(resumed, uncut) {
            XCTAssertEqual(Double(a["time_on_task"] ?? "") ?? -1, Double(b["time_on_task"] ?? "") ?? 1, accuracy: 1.0 / 60 + 0.001)   // (written to 3 decimals)
        }
        // The metrics lines carry each session's own clock: the same gestures, in order.
        func outcomes(_ url: URL) throws -> [String] {
            try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { line in
                let j = try JSONParser.parse(String(line))
                return "\(j.at("target")?.stringValue ?? "") \(j.at("decision.outcome")?.stringValue ?? "")"
            }
        }
        for name in ["metrics.jsonl", "metrics-A.jsonl", "metrics-B.jsonl"] {
            XCTAssertEqual(try outcomes(dir.appendingPathComponent(name)), try outcomes(whole.appendingPathComponent(name)), name)
        }
    }

    /// A replay runs the session its recording names; a start the app cannot reach there is
    /// refused with the study's line, as the live session refuses it (it replayed every trial
    /// as a time-out without a word).
    func testAReplayRefusesAStartItCannotReach() throws {
        let parent = FlingRunner.scratch("study-replay-start")
        let dir = try session("P01", into: parent, trials: 0..<1)
        let copy = dir.appendingPathComponent("study.toml")
        let text = try String(contentsOf: copy, encoding: .utf8)
        try text.replacingOccurrences(of: "sheet:Umi no Kaze", with: "sheet:Nowhere").write(to: copy, atomically: true, encoding: .utf8)
        let r = try FlingRunner.run(["replay", dir.appendingPathComponent("recording-1.txt").path])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("its study \(copy.path):") && r.stderr.contains(": no restaurant 'Nowhere'"), r.stderr)
    }

    /// A folder without a checkpoint (an older Fling's, or files that are no session's) loses
    /// nothing: another participant's rows and a metrics file stay as they were.
    func testAFolderWithoutACheckpointKeepsWhatItHolds() throws {
        let dir = FlingRunner.scratch("study-legacy").appendingPathComponent("P01")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let row = "P09,1,A,to-full,1,success,1.000,yes,5,"
        try "\(StudyWriterHeadersForTests.trials)\n\(row)\n".write(to: dir.appendingPathComponent("trials.csv"), atomically: true, encoding: .utf8)
        try "{\"kept\": true}\n".write(to: dir.appendingPathComponent("metrics.jsonl"), atomically: true, encoding: .utf8)
        let r = try FlingRunner.run(["study", study, "--participant", "P01", "--out", dir.path, "--headless", "--script", "/dev/null"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(try String(contentsOf: dir.appendingPathComponent("trials.csv"), encoding: .utf8).contains(row))
        XCTAssertTrue(try String(contentsOf: dir.appendingPathComponent("metrics.jsonl"), encoding: .utf8).hasPrefix("{\"kept\": true}\n"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("checkpoint").path), "the session left its own")
    }

    /// Two sessions on one folder would both run every trial into the same files (24 rows
    /// for 12 trials): the second is refused, naming the folder and the process that has it.
    func testASecondSessionOnTheFolderIsRefused() throws {
        let dir = FlingRunner.scratch("study-lock").appendingPathComponent("P01")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        // The first session's lock, held by this process as a running session holds it.
        let lock = open(dir.appendingPathComponent(".lock").path, O_RDWR | O_CREAT, 0o644)
        XCTAssertGreaterThanOrEqual(lock, 0)
        defer { close(lock) }
        XCTAssertEqual(flock(lock, LOCK_EX | LOCK_NB), 0)
        _ = "4242\n".withCString { write(lock, $0, 5) }
        let r = try FlingRunner.run(["study", study, "--participant", "P01", "--out", dir.path, "--headless", "--script", "/dev/null"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("\(dir.path): another fling study (process 4242) is running on this folder"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("trials.csv").path), "nothing written")
        // Let go, and the folder is the next session's.
        XCTAssertEqual(flock(lock, LOCK_UN), 0)
        let next = try FlingRunner.run(["study", study, "--participant", "P01", "--out", dir.path, "--headless", "--script", "/dev/null"])
        XCTAssertEqual(next.status, 0, next.stderr)
    }

    /// Options a session would quietly override, files that are not regular files, and a
    /// checkpoint from another participant: each said, nothing run.
    func testWhatASessionCannotUseIsRefused() throws {
        let parent = FlingRunner.scratch("study-refused")
        let own = try FlingRunner.run(["study", study, "--participant", "P01", "--out", parent.appendingPathComponent("a").path,
                                       "--headless", "--script", "/dev/null", "--metrics", parent.appendingPathComponent("m.jsonl").path])
        XCTAssertEqual(own.status, 2)
        XCTAssertTrue(own.stderr.contains("--metrics: a session records into its folder"), own.stderr)
        let twice = try FlingRunner.run(["study", study, "--participant", "P01", "--out", parent.appendingPathComponent("b").path,
                                         "--headless", "--script", "/dev/null", "--size", "390x844", "--size", "400x800"])
        XCTAssertEqual(twice.status, 2)
        XCTAssertTrue(twice.stderr.contains("--size given twice ('390x844', then '400x800')"), twice.stderr)
        // A FIFO where the study file, or a results file, should be: refused at once, not waited on.
        let fifo = parent.appendingPathComponent("study.toml").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let asStudy = try FlingRunner.run(["study", fifo, "--participant", "P01", "--dry-run"], timeout: 20)
        XCTAssertEqual(asStudy.status, 2)
        XCTAssertTrue(asStudy.stderr.contains("\(fifo): study file is a FIFO (named pipe), not a regular file"), asStudy.stderr)
        let folder = parent.appendingPathComponent("c")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("trials.csv").path, 0o644), 0)
        let asTrials = try FlingRunner.run(["study", study, "--participant", "P01", "--out", folder.path, "--headless", "--script", "/dev/null"], timeout: 20)
        XCTAssertEqual(asTrials.status, 2)
        XCTAssertTrue(asTrials.stderr.contains("\(folder.path)/trials.csv: not a regular file"), asTrials.stderr)
        // Another participant's folder.
        let p01 = try session("P01", into: parent, trials: 0..<1)
        let other = try FlingRunner.run(["study", study, "--participant", "P02", "--out", p01.path, "--headless", "--script", "/dev/null"])
        XCTAssertEqual(other.status, 2)
        XCTAssertTrue(other.stderr.contains("\(p01.path): holds P01's session, not P02's"), other.stderr)
    }

    /// The session's recording replays as the same session: its start states and conditions
    /// are not inputs, so the header names the study and the replay runs it again.
    func testASessionsRecordingReplaysTheSameGestures() throws {
        let parent = FlingRunner.scratch("study-replay")
        let dir = try session("P02", into: parent)
        let replayed = parent.appendingPathComponent("replay.jsonl"), state = parent.appendingPathComponent("replay.json")
        let r = try FlingRunner.run(["replay", dir.appendingPathComponent("recording-1.txt").path, "--metrics", replayed.path, "--state", state.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        func outcomes(_ url: URL) throws -> [String] {
            try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { line in
                (try JSONParser.parse(String(line))).at("decision.outcome")?.stringValue ?? ""
            }
        }
        let live = try outcomes(dir.appendingPathComponent("metrics.jsonl"))
        XCTAssertEqual(live.count, 16)
        XCTAssertEqual(try outcomes(replayed), live)
        XCTAssertEqual(try FlingRunner.state(parent, "replay.json").at("study.phase")?.stringValue, "done")
    }
}

/// trials.csv's header as the app writes it.
enum StudyWriterHeadersForTests {
    static let trials = "participant,trial,condition,task,repetition,outcome,time_on_task,expected,rating,expected_outcome"
}
