// StudyCSVTests: the strict reader of a study's trials.csv and gestures.csv (whole results
// compared: records with their lines, problems with their lines and reasons), its export under
// the current header, and the report's aggregates over 10,000 participants, the same as
// filtering every group.
import XCTest
@testable import FlingCore

final class StudyCSVTests: XCTestCase {
    /// The writer's headers (FlingApp's StudyWriterHeaders), as a study folder has them.
    static let trialsHeader = "participant,trial,condition,task,repetition,outcome,time_on_task,expected,rating,expected_outcome"
    static let gesturesHeader = "participant,trial,condition,task,gesture,target,policy,start_detent,outcome,travel,velocity,settle_time,overshoot,accidental_dismissal,missed_dismissal,snap_back,skipped_detent,regrab"
    let trials = StudyCSVSchema.trials(columns: StudyCSVSchema.columns(trialsHeader))
    let gestures = StudyCSVSchema.gestures(columns: StudyCSVSchema.columns(gesturesHeader))

    private func read(_ text: String, _ schema: StudyCSVSchema? = nil) -> StudyCSVResult {
        StudyCSVReader.read(Array(text.utf8), as: schema ?? trials)
    }

    private func trial(_ line: Int, _ values: String) -> StudyCSVRecord {
        let v = CSV.rows(values)[0]
        return StudyCSVRecord(line: line, fields: Dictionary(uniqueKeysWithValues: zip(StudyCSVSchema.columns(Self.trialsHeader), v)))
    }

    private func problem(_ line: Int, _ reason: String) -> StudyCSVProblem { StudyCSVProblem(line: line, reason: reason) }

    func testEachRecordIsReadByNameWithTheLineItStartsOn() {
        let text = """
            \(Self.trialsHeader)
            P01,1,A,to-full,1,success,2.500,yes,6,

            P01,2,A,dismiss,1,gave-up,4.000,no,2,"half,
            then ""full\"\"\"
            P01,3,B,to-full,1,timeout,60.000,yes,7,
            """
        XCTAssertEqual(read(text), StudyCSVResult(records: [
            trial(2, "P01,1,A,to-full,1,success,2.500,yes,6,"),
            StudyCSVRecord(line: 4, fields: trial(0, "P01,2,A,dismiss,1,gave-up,4.000,no,2,").fields.merging(["expected_outcome": "half,\nthen \"full\""]) { $1 }),
            trial(6, "P01,3,B,to-full,1,timeout,60.000,yes,7,"),
        ]))
    }

    /// A file re-saved with Windows or old Mac line ends, with a byte-order mark, reads as the
    /// file as written.
    func testLineEndsAndAByteOrderMarkDoNotChangeWhatIsRead() {
        let text = "\(Self.trialsHeader)\nP01,1,A,to-full,1,success,2.500,yes,6,\nP01,2,A,dismiss,1,gave-up,4.000,no,2,\"half\nthen\"\n\n"
        let expected = read(text)
        XCTAssertEqual(expected.records.map(\.line), [2, 3])
        XCTAssertEqual(read(text.replacingOccurrences(of: "\n", with: "\r\n")).records.map(\.line), [2, 3])
        XCTAssertEqual(read("\u{FEFF}" + text).records, expected.records)
        var crlf = read(text.replacingOccurrences(of: "\n", with: "\r\n"))
        XCTAssertEqual(crlf.records[1].fields["expected_outcome"], "half\r\nthen", "a field's own line end is kept")
        crlf.records[1].fields["expected_outcome"] = "half\nthen"
        XCTAssertEqual(crlf, expected)
        var cr = read(text.replacingOccurrences(of: "\n", with: "\r"))
        cr.records[1].fields["expected_outcome"] = "half\nthen"
        XCTAssertEqual(cr, expected)
    }

    /// Every row that cannot be read is given back with its line and why; the others are read.
    func testRowsThatCannotBeReadAreNamedWithTheirLines() {
        let good = "P01,1,A,to-full,1,success,2.500,yes,6,"
        var lines = [Self.trialsHeader, good]
        func row(_ s: String) { lines.append(s) }
        row("P01,2,A,dismiss,1,success,2.5,yes,6")                 // 3: a field short
        row("P01,3,A,dismiss,1,success,2.5,yes,6,,")               // 4: one too many
        row("P01,4,A,dis\"miss,1,success,2.5,yes,6,")              // 5
        row("P01,5,A,\"dismiss\"x,1,success,2.5,yes,6,")           // 6
        row("P01,6,A,dismiss,1,success,2.5,yes,nan,")              // 7
        row("P01,7,A,dismiss,1,success,2.5,yes,99,")               // 8
        row("P01,8,A,dismiss,1,success,inf,maybe,0,")              // 9: three wrong
        row("P01,0,A,dismiss,1,success,2.5,yes,3,")                // 10
        row("P01,9,,dismiss,1,won,-0.5,yes,3,")                    // 11
        row(good)                                                  // 12: trial 1 again
        row("P01,10,A,dismiss,x,success,2.5,yes,3,")               // 13
        XCTAssertEqual(read(lines.joined(separator: "\n")), StudyCSVResult(records: [trial(2, good)], problems: [
            problem(3, "9 fields where the header has 10"),
            problem(4, "11 fields where the header has 10"),
            problem(5, "a quote inside a field that does not start with one"),
            problem(6, "text after a quoted field's closing quote"),
            problem(7, "rating 'nan' is not a whole number from 1 to 7"),
            problem(8, "rating '99' is not a whole number from 1 to 7"),
            problem(9, "time_on_task 'inf' is not a number of seconds (finite, 0 or more); expected 'maybe' is not yes or no; rating '0' is not a whole number from 1 to 7"),
            problem(10, "trial '0' is not a positive whole number"),
            problem(11, "condition is empty; outcome 'won' is not one of success, timeout, gave-up; time_on_task '-0.5' is not a number of seconds (finite, 0 or more)"),
            problem(12, "participant P01's trial 1 again (first at line 2)"),
            problem(13, "repetition 'x' is not a positive whole number"),
        ]))
        // Bytes that are not UTF-8.
        var bytes = Array("\(Self.trialsHeader)\n\(good)\nP01,2,A,".utf8) + [0xC3, 0x28] + Array(",1,success,2.5,yes,6,\n".utf8)
        bytes += Array("P01,3,A,to-full,1,success,2.5,yes,6,\n".utf8)
        XCTAssertEqual(StudyCSVReader.read(bytes, as: trials), StudyCSVResult(
            records: [trial(2, good), trial(4, "P01,3,A,to-full,1,success,2.5,yes,6,")], problems: [problem(3, "not UTF-8 text (in task)")]))
    }

    /// An unclosed quote took the rest of the file into one field. It costs its own row: the
    /// rows after it are read, with their own lines.
    func testAnUnclosedQuoteCostsOnlyItsRow() {
        let text = [Self.trialsHeader, "P01,1,A,to-full,1,success,2.5,yes,6,", "P01,2,A,\"to-full,1,success,2.5,yes,6,",
                    "P01,3,A,to-full,1,success,2.5,yes,6,", "P01,4,A,to-full,1,success,2.5,yes,6,\"half, then \"full\"",
                    "P01,5,A,to-full,1,success,2.5,yes,6,"].joined(separator: "\n") + "\n"
        let r = read(text)
        XCTAssertEqual(r.records.map(\.line), [2, 4, 6])
        XCTAssertEqual(r.problems, [
            problem(3, "text after a quoted field's closing quote (on line 5)"),
            problem(5, "text after a quoted field's closing quote"),
        ])
        let unclosed = read([Self.trialsHeader, "P01,1,A,\"to-full,1,success,2.5,yes,6,", "P01,2,A,to-full,1,success,2.5,yes,6,"].joined(separator: "\n"))
        XCTAssertEqual(unclosed.records.map(\.line), [3])
        XCTAssertEqual(unclosed.problems, [problem(2, "a quoted field is not closed by the end of the file")])
    }

    /// Columns by name: another order reads the same records; an older file without an
    /// optional column reads it as empty; one without a column the table needs is refused
    /// whole, and so is a file that is no study file at all.
    func testHeaders() {
        let reversed = StudyCSVSchema.columns(Self.trialsHeader).reversed()
        let row = "P01,1,A,to-full,1,success,2.500,yes,6,"
        let flipped = reversed.joined(separator: ",") + "\n" + CSV.rows(row)[0].reversed().joined(separator: ",") + "\n"
        XCTAssertEqual(read(flipped), read(Self.trialsHeader + "\n" + row + "\n"))
        let older = read("participant,trial,condition,task,repetition,outcome,time_on_task,expected,rating\nP01,1,A,to-full,1,success,2.500,yes,6\n")
        XCTAssertEqual(older, StudyCSVResult(records: [trial(2, row)]))
        let extra = read("note," + Self.trialsHeader + "\nhi," + row + "\n")
        XCTAssertEqual(extra.records.first?.fields["note"], "hi", "a column of the file's own is kept, and not checked")

        func refused(_ text: String, _ line: Int, _ reason: String, _ schema: StudyCSVSchema? = nil, file: StaticString = #filePath, l: UInt = #line) {
            XCTAssertEqual(read(text, schema), StudyCSVResult(fileProblem: problem(line, reason)), file: file, line: l)
        }
        refused("participant,trial,condition,task,outcome,expected\nP01,1,A,t,success,yes\n", 1, "the header lacks time_on_task, rating")
        refused(Self.trialsHeader + "\n", 1, "the header lacks gesture, settle_time, overshoot, accidental_dismissal, missed_dismissal, snap_back, skipped_detent, regrab",
                gestures)
        refused("", 1, "not a trials.csv header (the file is empty)")
        refused("\n\n", 1, "not a trials.csv header (the file is empty)")
        refused("\n\nhello,world\n", 3, "not a trials.csv header (it has none of participant, trial, condition, task, outcome, time_on_task, expected, rating)")
        refused("participant,trial,trial\n", 1, "the header names trial twice")
        refused("a\"b\n", 1, "not a trials.csv header (a quote inside a field that does not start with one)")
        XCTAssertEqual(StudyCSVReader.read([0xFF, 0xFE, 0x0A, 0x41], as: trials), StudyCSVResult(fileProblem: problem(1, "not a trials.csv header (not UTF-8 text)")))
        // Random bytes are refused whole, never read as rows.
        var state: UInt64 = 42
        let noise = (0..<100_000).map { _ -> UInt8 in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        let r = StudyCSVReader.read(noise, as: trials)
        XCTAssertEqual(r.records, [])
        XCTAssertEqual(r.problems, [])
        XCTAssertNotNil(r.fileProblem)
        // A header only: no trials, nothing wrong.
        XCTAssertEqual(read(Self.trialsHeader + "\r\n"), StudyCSVResult())
    }

    /// The gestures' checks: 0/1 flags, finite numbers or empty.
    func testGestureValues() {
        let good = "P01,1,A,to-full,1,sheet,\"tutorial+dismiss.ratio=8,rubberband=0.3\",half,full,-400.500,-1200.250,,2.100,0,0,1,0,0"
        let text = [Self.gesturesHeader, good,
                    "P01,1,A,to-full,2,sheet,fluid,half,full,nan,-1200.250,0.3,2.100,0,0,1,0,0",
                    "P01,1,A,to-full,3,sheet,fluid,half,full,1,-1200.250,0.3,1e999,0,2,1,0,",
                    "P01,1,A,to-full,1,sheet,fluid,half,full,1,2,0.3,1,0,0,1,0,0"].joined(separator: "\n")
        let r = read(text, gestures)
        XCTAssertEqual(r.records.map(\.line), [2])
        XCTAssertEqual(r.records.first?.fields["policy"], "tutorial+dismiss.ratio=8,rubberband=0.3")
        XCTAssertEqual(r.records.first?.fields["settle_time"], "")
        XCTAssertEqual(r.problems, [
            problem(3, "travel 'nan' is not a finite number"),
            problem(4, "overshoot '1e999' is not a finite number; missed_dismissal '2' is not 0 or 1; regrab '' is not 0 or 1"),
            problem(5, "participant P01's gesture 1 again (first at line 2)"),
        ])
    }

    /// The export is the writer's own text for the same rows, whatever order, line ends or
    /// columns the files had.
    func testTheExportIsWrittenUnderTheCurrentHeader() {
        let rows = ["P01,1,A,to-full,1,success,2.500,yes,6,", "P01,2,A,dismiss,1,gave-up,4.000,no,2,\"half, then \"\"full\"\"\""]
        let text = ([Self.trialsHeader] + rows).joined(separator: "\n") + "\n"
        let reversed = CSV.rows(text).map { $0.reversed().map(CSV.field).joined(separator: ",") }.joined(separator: "\r\n")
        XCTAssertEqual(trials.csv(read(reversed).records.map(\.fields)), text)
        let older = read("participant,trial,condition,task,outcome,time_on_task,expected,rating\nP01,1,A,to-full,success,2.500,yes,6\n")
        XCTAssertEqual(trials.csv(older.records.map(\.fields)), Self.trialsHeader + "\nP01,1,A,to-full,,success,2.500,yes,6,\n")
    }

    /// Files read together: a participant's trial in two files (a folder copied into the
    /// study) is named with both places and counted once.
    func testATrialInTwoFilesIsNamedWithBoth() {
        let text = Self.trialsHeader + "\nP01,1,A,to-full,1,success,2.500,yes,6,\nP01,2,A,to-full,1,success,2.500,yes,6,\n"
        var reader = StudyDataReader()
        reader.read(Array(text.utf8), file: "s/P01/trials.csv", as: trials)
        reader.read(Array(text.replacingOccurrences(of: "P01,1,", with: "P02,1,").utf8), file: "s/P02/trials.csv", as: trials)
        reader.read(Array("hello\n".utf8), file: "s/P03/trials.csv", as: trials)
        XCTAssertEqual(reader.data.trials.count, 3)
        XCTAssertEqual(reader.problems, [
            StudyDataReader.Problem(file: "s/P02/trials.csv", line: 3, reason: "participant P01's trial 2 again (first at s/P01/trials.csv:3)"),
            StudyDataReader.Problem(file: "s/P03/trials.csv", line: 1, reason: "not a trials.csv header (it has none of participant, trial, condition, task, outcome, time_on_task, expected, rating)", wholeFile: true),
        ])
        XCTAssertEqual(reader.rowsLeftOut, 1)
        XCTAssertEqual(reader.problems.first?.description, "s/P02/trials.csv:3: participant P01's trial 2 again (first at s/P01/trials.csv:3)")
    }

    // MARK: Many participants

    /// What a generated participant's files add up to, per condition.
    struct Totals { var successes = 0, ratings = 0, accidents = 0 }

    /// A participant's files as `fling study` writes them, varied by `k`: 12 trials (A then B,
    /// or B then A), 16 gestures; and what they add up to.
    static func participant(_ k: Int, into totals: inout [String: Totals]) -> (trials: String, gestures: String) {
        let p = "P\(k)", tasks = ["to-full", "dismiss", "card-back"]
        var t = trialsHeader + "\n", g = gesturesHeader + "\n", number = 0
        for i in 0..<12 {
            let c = (i < 6) == (k % 2 == 1) ? "A" : "B", task = tasks[i % 3]
            let success = (i + k) % 9 != 0, rating = 1 + (i * 3 + k) % 7
            t += "\(p),\(i + 1),\(c),\(task),\((i % 6) / 3 + 1),\(success ? "success" : "gave-up"),\(2 + (i * 7 + k) % 5).\((k * 13 + i) % 1000),"
                + "\((i + k) % 4 == 0 ? "no" : "yes"),\(rating),\n"
            totals[c, default: Totals()].successes += success ? 1 : 0
            totals[c, default: Totals()].ratings += rating
            for extra in 0..<((i + k) % 3 == 0 ? 2 : 1) {
                number += 1
                let accident = (number + k) % 11 == 0
                g += "\(p),\(i + 1),\(c),\(task),\(number),sheet,fluid,half,full,-\(400 + number).5,-\(1200 + k % 100).25,"
                    + "\(extra == 1 ? "" : "0.\(300 + number)"),\(number % 3).1,\(accident ? 1 : 0),0,\(extra),0,0\n"
                totals[c, default: Totals()].accidents += accident ? 1 : 0
            }
        }
        return (t, g)
    }

    /// 10,000 participants (120,000 trials, 160,000 gestures) read and summed up: the report
    /// filtered every participant's rows out of all of them (1,000 took 37 s); it now gathers
    /// each group once. The totals are checked against counts made while writing the files.
    func testTenThousandParticipants() {
        var reader = StudyDataReader()
        var totals: [String: Totals] = [:]
        for k in 1...10_000 {
            let (t, g) = Self.participant(k, into: &totals)
            reader.read(Array(t.utf8), file: "P\(k)/trials.csv", as: trials)
            reader.read(Array(g.utf8), file: "P\(k)/gestures.csv", as: gestures)
        }
        XCTAssertEqual(reader.problems, [])
        XCTAssertEqual(reader.data.trials.count, 120_000)
        XCTAssertEqual(reader.data.gestures.count, 160_000)
        let summary = reader.data.summary()
        XCTAssertEqual(summary.map { "\($0.condition) \($0.task)" }, ["A to-full", "A dismiss", "A card-back", "A all", "B to-full", "B dismiss", "B card-back", "B all"])
        for c in ["A", "B"] {
            let rows = summary.filter { $0.condition == c }
            let all = rows.first { $0.task == "all" }
            XCTAssertEqual(all?.trials, 60_000)
            XCTAssertEqual(all?.successes, totals[c]?.successes)
            XCTAssertEqual(all?.accidentalDismissals, totals[c]?.accidents)
            XCTAssertEqual(all?.ratingMean ?? 0, Double(totals[c]?.ratings ?? 0) / 60_000, accuracy: 1e-9)
            XCTAssertEqual(rows.filter { $0.task != "all" }.map(\.trials).reduce(0, +), 60_000)
            XCTAssertEqual(all.map { $0.gesturesPerTrial * Double($0.trials) }?.rounded(), 80_000)
        }
        let comparisons = reader.data.comparisons()
        XCTAssertEqual(comparisons.map(\.measure), ["rating (mean)", "accidental dismissals per trial", "did what I expected (rate)"])
        for c in comparisons { XCTAssertEqual(c.aHigher + c.bHigher + c.ties, 10_000, c.measure) }
    }

    /// The grouped summary and comparisons are, number for number, what filtering every group
    /// out of all rows gave (the code they replace, below), on data with every kind of row.
    func testTheAggregatesAreThoseOfFilteringEachGroup() {
        var data = StudyData(), totals: [String: Totals] = [:]
        for k in 1...40 {
            let (t, g) = Self.participant(k, into: &totals)
            data.trials += StudyCSVReader.read(Array(t.utf8), as: trials).records.map(\.fields)
            data.gestures += StudyCSVReader.read(Array(g.utf8), as: gestures).records.map(\.fields)
        }
        // A third condition some participants lack, a task named "all", rows without a
        // condition or a task, a gesture of no trial: StudyData is public, and its callers may
        // build it by hand.
        data.trials.append(["participant": "P1", "trial": "99", "condition": "C", "task": "all", "time_on_task": "1.5", "rating": "3", "expected": "yes", "outcome": "success"])
        data.trials.append(["participant": "P2", "trial": "98", "condition": "C", "time_on_task": "2.5", "rating": "5", "outcome": "timeout"])
        data.trials.append(["participant": "P3", "trial": "97", "task": "to-full", "rating": "4"])
        data.gestures.append(["participant": "P1", "trial": "99", "condition": "C", "accidental_dismissal": "1", "settle_time": "0.25"])
        data.gestures.append(["participant": "P2", "trial": "98", "condition": "A", "snap_back": "1", "overshoot": "3"])
        data.gestures.append(["participant": "P9", "trial": "1000", "condition": "A", "regrab": "1"])
        func described(_ rows: [StudySummaryRow]) -> [String] {
            rows.map { r in
                "\(r.condition) \(r.task) \(r.trials) \(r.successes) \(r.timeOnTaskMean) \(r.timeOnTaskMedian) \(r.gesturesPerTrial) "
                    + "\(r.accidentalDismissals) \(r.missedDismissals) \(r.snapBacks) \(r.skippedDetents) \(r.regrabs) \(String(describing: r.settleTimeMean)) "
                    + "\(String(describing: r.overshootMean)) \(r.ratingMean) \(r.ratingMedian) \(String(describing: r.ratingCI)) \(r.expectedYes) \(r.expectedCI)"
            }
        }
        XCTAssertEqual(described(data.summary()), described(Self.filteredSummary(data)))
        XCTAssertEqual(data.comparisons(), Self.filteredComparisons(data))
        XCTAssertEqual(data.summary().count, 12, "A, B and C's every row, 'all' twice for a task of that name")
    }

    /// The summary as it was: every group filtered out of all the rows.
    static func filteredSummary(_ d: StudyData) -> [StudySummaryRow] {
        func number(_ r: [String: String], _ k: String) -> Double? { r[k].flatMap(Double.init) }
        let conditions = Array(Set(d.trials.compactMap { $0["condition"] })).sorted()
        var tasks: [String] = []
        for t in d.trials { if let id = t["task"], !tasks.contains(id) { tasks.append(id) } }
        var rows: [StudySummaryRow] = []
        for c in conditions {
            for task in tasks + ["all"] {
                let ts = d.trials.filter { $0["condition"] == c && (task == "all" || $0["task"] == task) }
                guard !ts.isEmpty else { continue }
                let keys = Set(ts.map { "\($0["participant"] ?? "")#\($0["trial"] ?? "")" })
                let gs = d.gestures.filter { keys.contains("\($0["participant"] ?? "")#\($0["trial"] ?? "")") }
                func count(_ k: String) -> Int { gs.filter { $0[k] == "1" }.count }
                let times = ts.compactMap { number($0, "time_on_task") }
                let ratings = ts.compactMap { number($0, "rating") }
                var perParticipant: [String: [Double]] = [:]
                for t in ts { if let r = number(t, "rating") { perParticipant[t["participant"] ?? "", default: []].append(r) } }
                let participantMeans = perParticipant.keys.sorted().compactMap { perParticipant[$0].map(StudyStatistics.mean) }
                let settles = gs.compactMap { number($0, "settle_time") }
                let overshoots = gs.compactMap { number($0, "overshoot") }
                let yes = ts.filter { $0["expected"] == "yes" }.count
                rows.append(StudySummaryRow(
                    condition: c, task: task, trials: ts.count, successes: ts.filter { $0["outcome"] == "success" }.count,
                    timeOnTaskMean: StudyStatistics.mean(times), timeOnTaskMedian: StudyStatistics.median(times),
                    gesturesPerTrial: Double(gs.count) / Double(ts.count),
                    accidentalDismissals: count("accidental_dismissal"), missedDismissals: count("missed_dismissal"),
                    snapBacks: count("snap_back"), skippedDetents: count("skipped_detent"), regrabs: count("regrab"),
                    settleTimeMean: settles.isEmpty ? nil : StudyStatistics.mean(settles),
                    overshootMean: overshoots.isEmpty ? nil : StudyStatistics.mean(overshoots),
                    ratingMean: StudyStatistics.mean(ratings), ratingMedian: StudyStatistics.median(ratings),
                    ratingCI: StudyStatistics.meanCI(participantMeans).map { (max(1, $0.low), min(7, $0.high)) }, expectedYes: yes,
                    expectedCI: StudyStatistics.wilson(yes, ts.count)))
            }
        }
        return rows
    }

    /// The comparisons as they were: every participant's rows filtered out of all of them.
    static func filteredComparisons(_ d: StudyData) -> [StudyComparison] {
        let conditions = Array(Set(d.trials.compactMap { $0["condition"] })).sorted()
        let participants = Array(Set(d.trials.compactMap { $0["participant"] })).sorted()
        func perParticipant(_ c: String, _ value: ([[String: String]], [[String: String]]) -> Double?) -> [String: Double] {
            var r: [String: Double] = [:]
            for p in participants {
                let ts = d.trials.filter { $0["participant"] == p && $0["condition"] == c }
                let gs = d.gestures.filter { $0["participant"] == p && $0["condition"] == c }
                if !ts.isEmpty, let v = value(ts, gs) { r[p] = v }
            }
            return r
        }
        let measures: [(String, ([[String: String]], [[String: String]]) -> Double?)] = [
            ("rating (mean)", { ts, _ in
                let r = ts.compactMap { $0["rating"].flatMap(Double.init) }
                return r.isEmpty ? nil : StudyStatistics.mean(r)
            }),
            ("accidental dismissals per trial", { ts, gs in Double(gs.filter { $0["accidental_dismissal"] == "1" }.count) / Double(ts.count) }),
            ("did what I expected (rate)", { ts, _ in Double(ts.filter { $0["expected"] == "yes" }.count) / Double(ts.count) }),
        ]
        var out: [StudyComparison] = []
        for i in conditions.indices {
            for j in conditions.indices where j > i {
                for (name, value) in measures {
                    let a = perParticipant(conditions[i], value), b = perParticipant(conditions[j], value)
                    var plus = 0, minus = 0, ties = 0
                    for p in participants {
                        guard let x = a[p], let y = b[p] else { continue }
                        if x > y { plus += 1 } else if y > x { minus += 1 } else { ties += 1 }
                    }
                    out.append(StudyComparison(measure: name, a: conditions[i], b: conditions[j], aHigher: plus, bHigher: minus,
                                               ties: ties, p: StudyStatistics.signTest(plus: plus, minus: minus)))
                }
            }
        }
        return out
    }
}
