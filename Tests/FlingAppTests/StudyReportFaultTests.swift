// StudyReportFaultTests: `fling report STUDY_DIR` on study folders whose files are damaged,
// re-saved or run twice: every row it cannot read is named with its file and line, nothing
// is misread into the table or the exports, and no output overwrites the study's data.
import FlingCore
import Foundation
import XCTest

/// Participant folders written by hand, as `fling study` writes them: 12 trials (A then B,
/// three tasks, two repetitions) and 16 gestures each.
enum StudyFolderFixture {
    static let trialsHeader = "participant,trial,condition,task,repetition,outcome,time_on_task,expected,rating,expected_outcome"
    static let gesturesHeader = "participant,trial,condition,task,gesture,target,policy,start_detent,outcome,travel,velocity,settle_time,overshoot,accidental_dismissal,missed_dismissal,snap_back,skipped_detent,regrab"
    static let tasks = ["to-full", "dismiss", "card-back"]

    /// The rows of `trials.csv` (without the header): line k + 2 holds trial k + 1.
    static func trialRows(_ p: String, _ n: Int) -> [String] {
        (0..<12).map { i in
            let condition = i < 6 ? "A" : "B", task = tasks[i % 3], repetition = (i % 6) / 3 + 1
            let missed = i == 4 || (n == 2 && i == 1)
            let rating = missed ? 2 : 3 + (i + n) % 5
            let expectedOutcome = missed ? (i == 4 ? "\"half, then full\"" : "half") : ""
            return "\(p),\(i + 1),\(condition),\(task),\(repetition),\(missed ? "gave-up" : "success"),\(2 + (i * 7 + n) % 5).\(100 + i * 37 + n),"
                + "\(missed ? "no" : "yes"),\(rating),\(expectedOutcome)"
        }
    }

    /// The rows of `gestures.csv`: one sheet gesture a trial, two more in trials 2 and 8.
    static func gestureRows(_ p: String, _ n: Int) -> [String] {
        var rows: [String] = [], number = 0
        for i in 0..<12 {
            let condition = i < 6 ? "A" : "B", task = tasks[i % 3]
            let policy = condition == "A" ? "fluid" : "\"tutorial+dismiss.ratio=8,rubberband=0.3\""
            for extra in 0..<(i == 1 || i == 7 ? 3 : 1) {
                number += 1
                let accidental = i == 4 && extra == 0 ? 1 : 0, snap = extra == 1 ? 1 : 0
                let settle = extra == 2 ? "" : "0.\(300 + number * 11 + n)"
                rows.append("\(p),\(i + 1),\(condition),\(task),\(number),sheet,\(policy),half,\(accidental == 1 ? "dismissed" : "full"),"
                    + "-\(400 + number * 3).500,-\(1200 + n * 10 + number).250,\(settle),\(number % 3).\(n)00,\(accidental),0,\(snap),0,\(extra == 2 ? 1 : 0)")
            }
        }
        return rows
    }

    static func trials(_ p: String, _ n: Int) -> String { ([trialsHeader] + trialRows(p, n)).joined(separator: "\n") + "\n" }
    static func gestures(_ p: String, _ n: Int) -> String { ([gesturesHeader] + gestureRows(p, n)).joined(separator: "\n") + "\n" }

    /// A study folder with participants P01 and P02, their files as `fling study` writes them
    /// unless `trials` or `gestures` give another text for one of them.
    static func study(_ name: String, trials: [String: Data] = [:], gestures: [String: Data] = [:]) throws -> URL {
        let parent = FlingRunner.scratch(name)
        for (n, p) in ["P01", "P02"].enumerated() {
            let dir = parent.appendingPathComponent(p)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try (trials[p] ?? Data(Self.trials(p, n + 1).utf8)).write(to: dir.appendingPathComponent("trials.csv"))
            try (gestures[p] ?? Data(Self.gestures(p, n + 1).utf8)).write(to: dir.appendingPathComponent("gestures.csv"))
        }
        return parent
    }

    /// `text` (a file's, header first) with line `number` (1-based) changed by `edit`.
    static func edited(_ text: String, line number: Int, _ edit: (String) -> String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[number - 1] = edit(lines[number - 1])
        return lines.joined(separator: "\n")
    }

    /// One column's fields replaced (unquoted rows only: the rows an edit touches).
    static func replacingField(_ row: String, _ index: Int, with value: String) -> String {
        var fields = row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        fields[index] = value
        return fields.joined(separator: ",")
    }
}

final class StudyReportFaultTests: XCTestCase {
    typealias F = StudyFolderFixture

    /// The report of `dir` with every export written into `out`: (status, stdout, stderr, the
    /// aggregate, trials and gestures CSV as written, nil when not written).
    private func report(_ dir: URL, _ extra: [String] = [], out: URL? = nil) throws -> (FlingRunner.Result, [String?]) {
        let out = out ?? FlingRunner.scratch("report-out")
        let files = ["aggregate.csv", "trials.csv", "gestures.csv"].map { out.appendingPathComponent($0) }
        let r = try FlingRunner.run(["report", dir.path, "--csv", files[0].path, "--trials-csv", files[1].path, "--gestures-csv", files[2].path] + extra)
        return (r, files.map { try? String(contentsOf: $0, encoding: .utf8) })
    }

    private func fields(_ csv: String?) -> [[String]] { CSV.rows(csv ?? "") }

    /// Windows line ends (a folder re-saved by a spreadsheet): the exports had only their
    /// header, because the copied text was split on "\n" and Swift reads "\r\n" as one
    /// Character. They are the same, byte for byte, as the exports of the same data with "\n".
    func testCRLFLineEndsExportEveryRow() throws {
        func crlf(_ s: String) -> Data { Data(s.replacingOccurrences(of: "\n", with: "\r\n").utf8) }
        let plain = try F.study("crlf-plain")
        let windows = try F.study("crlf", trials: ["P01": crlf(F.trials("P01", 1)), "P02": crlf(F.trials("P02", 2))],
                                  gestures: ["P01": crlf(F.gestures("P01", 1)), "P02": crlf(F.gestures("P02", 2))])
        let (a, aFiles) = try report(plain), (b, bFiles) = try report(windows)
        XCTAssertEqual(a.status, 0, a.stderr)
        XCTAssertEqual(b.status, 0, b.stderr)
        XCTAssertTrue(b.stdout.hasPrefix("2 participants, 24 trials, 32 gestures"), b.stdout)
        XCTAssertEqual(b.stdout, a.stdout)
        XCTAssertEqual(fields(bFiles[1]).count, 25, "a header and 24 trials")
        XCTAssertEqual(fields(bFiles[2]).count, 33, "a header and 32 gestures")
        XCTAssertEqual(bFiles, aFiles)
        XCTAssertEqual(aFiles[1], F.trials("P01", 1) + F.trialRows("P02", 2).joined(separator: "\n") + "\n")
    }

    /// A row with a field missing or one too many: it was dropped and the table counted the
    /// rest without a word.
    func testARowWithAMissingOrExtraFieldIsNamedWithItsLine() throws {
        var text = F.edited(F.trials("P01", 1), line: 4) { $0.split(separator: ",", omittingEmptySubsequences: false).dropLast().joined(separator: ",") }
        text = F.edited(text, line: 8) { $0 + ",extra" }
        let dir = try F.study("fields", trials: ["P01": Data(text.utf8)])
        let file = dir.path + "/P01/trials.csv"
        let (r, files) = try report(dir)
        XCTAssertEqual(r.status, 2, r.stdout)
        XCTAssertTrue(r.stderr.contains("\(file):4: 9 fields where the header has 10"), r.stderr)
        XCTAssertTrue(r.stderr.contains("\(file):8: 11 fields where the header has 10"), r.stderr)
        XCTAssertEqual(r.stdout, "", "no table from data that was not all read")
        XCTAssertEqual(files, [nil, nil, nil], "nothing written")
        let (skipped, written) = try report(dir, ["--skip-bad-rows"])
        XCTAssertEqual(skipped.status, 0, skipped.stderr)
        XCTAssertTrue(skipped.stdout.hasPrefix("2 participants, 22 trials, 32 gestures"), skipped.stdout)
        XCTAssertTrue(skipped.stderr.contains("\(file):4: 9 fields where the header has 10"), skipped.stderr)
        XCTAssertTrue(skipped.stderr.contains("2 rows that could not be read are left out"), skipped.stderr)
        XCTAssertEqual(fields(written[1]).count, 23)
    }

    /// One quote never closed read the rest of the file as one field: 0 trials. The row where
    /// it opens is named and the rows after it are read (a line later on is still named with
    /// its own number).
    func testAnUnclosedQuoteIsNamedAndTheRowsAfterItAreRead() throws {
        // (After line 6, whose quoted field would close it.)
        var text = F.edited(F.trials("P01", 1), line: 7) { F.replacingField($0, 3, with: "\"dismiss") }
        text = F.edited(text, line: 10) { F.replacingField($0, 8, with: "nan") }
        let dir = try F.study("quote", trials: ["P01": Data(text.utf8)])
        let file = dir.path + "/P01/trials.csv"
        let (r, _) = try report(dir)
        XCTAssertEqual(r.status, 2, r.stdout)
        XCTAssertTrue(r.stderr.contains("\(file):7: a quoted field is not closed by the end of the file"), r.stderr)
        XCTAssertTrue(r.stderr.contains("\(file):10: rating 'nan'"), r.stderr)
        let (skipped, _) = try report(dir, ["--skip-bad-rows"])
        XCTAssertEqual(skipped.status, 0, skipped.stderr)
        XCTAssertTrue(skipped.stdout.hasPrefix("2 participants, 22 trials"), skipped.stdout)
    }

    /// Columns in another order (a spreadsheet's): read by name, and exported under the
    /// current header, not copied out of line.
    func testReorderedColumnsAreReadAndExportedByName() throws {
        func reordered(_ text: String, _ order: (Int) -> [Int]) -> Data {
            let rows = CSV.rows(text)
            let idx = order(rows[0].count)
            return Data(rows.map { r in idx.map { CSV.field(r[$0]) }.joined(separator: ",") }.joined(separator: "\n").utf8 + [10])
        }
        let plain = try F.study("order-plain")
        let mixed = try F.study("order", trials: ["P01": reordered(F.trials("P01", 1)) { Array((0..<$0).reversed()) }],
                                gestures: ["P02": reordered(F.gestures("P02", 2)) { n in (0..<n).map { ($0 + 5) % n } }])
        let (a, aFiles) = try report(plain), (b, bFiles) = try report(mixed)
        XCTAssertEqual(b.status, 0, b.stderr)
        XCTAssertEqual(b.stdout, a.stdout)
        XCTAssertEqual(bFiles, aFiles)
    }

    /// A trials.csv without the expected_outcome column (an older one): ragged rows under the
    /// current header. The column reads as empty; a file without a column the table needs is
    /// refused with the columns named.
    func testAMissingOptionalColumnReadsEmptyAndAMissingRequiredOneIsNamed() throws {
        func dropping(_ text: String, _ columns: Set<Int>) -> Data {
            Data(CSV.rows(text).map { r in r.indices.filter { !columns.contains($0) }.map { CSV.field(r[$0]) }.joined(separator: ",") }
                .joined(separator: "\n").utf8 + [10])
        }
        let old = try F.study("old-header", trials: ["P01": dropping(F.trials("P01", 1), [9])])
        let (r, files) = try report(old)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("2 participants, 24 trials"), r.stdout)
        let rows = fields(files[1])
        XCTAssertEqual(rows.first?.joined(separator: ","), F.trialsHeader)
        XCTAssertEqual(Set(rows.map(\.count)), [10], "every row under the current header")
        func last(_ row: [String]) -> String { row.count == 10 ? row[9] : "(\(row.count) fields)" }
        XCTAssertEqual(rows.filter { $0.first == "P01" }.map(last), Array(repeating: "", count: 12))
        XCTAssertEqual(rows.filter { $0.first == "P02" && $0.count > 5 && $0[5] == "gave-up" }.map(last), ["half", "half, then full"])

        let broken = try F.study("no-rating", trials: ["P02": dropping(F.trials("P02", 2), [6, 8])])
        let (refused, _) = try report(broken, ["--skip-bad-rows"])
        XCTAssertEqual(refused.status, 2, refused.stdout)
        XCTAssertTrue(refused.stderr.contains("\(broken.path)/P02/trials.csv:1: the header lacks time_on_task, rating"), refused.stderr)
    }

    /// Ratings of nan, inf or 99 went into the mean (52.5 on a 1–7 scale), and so did every
    /// other value out of its range. Each is named with its line; left out, the report is
    /// that of the files without those rows.
    func testValuesOutOfRangeAreNamedAndLeftOutAsIfTheRowsWereNotThere() throws {
        let edits: [(line: Int, column: Int, value: String, says: String)] = [
            (3, 8, "nan", "rating 'nan' is not a whole number from 1 to 7"),
            (4, 8, "inf", "rating 'inf' is not a whole number from 1 to 7"),
            (5, 8, "99", "rating '99' is not a whole number from 1 to 7"),
            (6, 1, "0", "trial '0' is not a positive whole number"),
            (7, 6, "-1", "time_on_task '-1' is not a number of seconds"),
            (9, 7, "maybe", "expected 'maybe' is not yes or no"),
            (10, 6, "nan", "time_on_task 'nan' is not a number of seconds"),
        ]
        var trials = F.trials("P01", 1)
        for e in edits { trials = F.edited(trials, line: e.line) { F.replacingField($0, e.column, with: e.value) } }
        let gestureEdits: [(line: Int, column: Int, value: String, says: String)] = [
            (2, 13, "2", "accidental_dismissal '2' is not 0 or 1"),
            (5, 9, "nan", "travel 'nan' is not a finite number"),
            (7, 11, "1e999", "settle_time '1e999' is not a finite number"),
        ]
        var gestures = F.gestures("P02", 2)
        for e in gestureEdits { gestures = F.edited(gestures, line: e.line) { F.replacingField($0, e.column, with: e.value) } }
        let dir = try F.study("values", trials: ["P01": Data(trials.utf8)], gestures: ["P02": Data(gestures.utf8)])
        let (r, _) = try report(dir)
        XCTAssertEqual(r.status, 2, r.stdout)
        for e in edits { XCTAssertTrue(r.stderr.contains("\(dir.path)/P01/trials.csv:\(e.line): \(e.says)"), "\(e.says): \(r.stderr)") }
        for e in gestureEdits { XCTAssertTrue(r.stderr.contains("\(dir.path)/P02/gestures.csv:\(e.line): \(e.says)"), "\(e.says): \(r.stderr)") }

        let (skipped, skippedFiles) = try report(dir, ["--skip-bad-rows"])
        XCTAssertEqual(skipped.status, 0, skipped.stderr)
        XCTAssertTrue(skipped.stderr.contains("10 rows that could not be read are left out"), skipped.stderr)
        // The same report as from the files without those rows.
        func without(_ text: String, _ lines: [Int]) -> Data {
            Data(text.split(separator: "\n").enumerated().filter { !lines.contains($0.offset + 1) }.map { $0.element + "\n" }.joined().utf8)
        }
        let clean = try F.study("values-clean", trials: ["P01": without(F.trials("P01", 1), edits.map(\.line))],
                                gestures: ["P02": without(F.gestures("P02", 2), gestureEdits.map(\.line))])
        let (expected, expectedFiles) = try report(clean)
        XCTAssertEqual(skipped.stdout, expected.stdout)
        XCTAssertEqual(skippedFiles, expectedFiles)
        let all = try XCTUnwrap(fields(skippedFiles[0]).first { $0[0] == "A" && $0[1] == "all" })
        XCTAssertLessThanOrEqual(Double(all[14]) ?? 99, 7)
    }

    /// 5 MB of random bytes read as 615 trials. A header that is no trials.csv header refuses
    /// the file, even with --skip-bad-rows; a row that is not UTF-8 is named with its line.
    func testRandomBytesAndInvalidUTF8AreRefused() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let noise = Data((0..<5_000_000).map { _ -> UInt8 in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        })
        let dir = try F.study("noise", trials: ["P02": noise])
        for extra in [[], ["--skip-bad-rows"]] {
            let (r, files) = try report(dir, extra)
            XCTAssertEqual(r.status, 2, r.stdout)
            XCTAssertTrue(r.stderr.contains("\(dir.path)/P02/trials.csv:1: not a trials.csv header"), r.stderr)
            XCTAssertEqual(r.stdout, "")
            XCTAssertEqual(files, [nil, nil, nil])
        }
        var bytes = Array(F.trials("P01", 1).utf8)
        let line6 = bytes.indices.filter { bytes[$0] == 10 }[4] + 1
        bytes.insert(contentsOf: [0x64, 0xFF, 0xFE], at: line6 + 6)   // inside trial 5's condition
        let utf = try F.study("utf8", trials: ["P01": Data(bytes)])
        let (r, _) = try report(utf)
        XCTAssertEqual(r.status, 2, r.stdout)
        XCTAssertTrue(r.stderr.contains("\(utf.path)/P01/trials.csv:6: not UTF-8 text"), r.stderr)
    }

    /// Two sessions run on one folder (or one folder copied into the study twice): the same
    /// participant's trial twice, counted twice. Named with both places.
    func testTheSameTrialTwiceIsNamedWithBothLines() throws {
        let rows = F.trialRows("P01", 1)
        let dir = try F.study("twice", trials: ["P01": Data(([F.trialsHeader] + rows + [rows[2]]).joined(separator: "\n").utf8 + [10])])
        let (r, _) = try report(dir)
        XCTAssertEqual(r.status, 2, r.stdout)
        XCTAssertTrue(r.stderr.contains("\(dir.path)/P01/trials.csv:14: participant P01's trial 3 again (first at line 4)"), r.stderr)

        let copied = try F.study("copied")
        let copy = copied.appendingPathComponent("P01-copy")
        try FileManager.default.copyItem(at: copied.appendingPathComponent("P01"), to: copy)
        let (c, _) = try report(copied)
        XCTAssertEqual(c.status, 2, c.stdout)
        XCTAssertTrue(c.stderr.contains("\(copy.path)/trials.csv:2: participant P01's trial 1 again (first at \(copied.path)/P01/trials.csv:2)"), c.stderr)
        XCTAssertTrue(c.stderr.contains("\(copy.path)/gestures.csv:2: participant P01's gesture 1 again (first at \(copied.path)/P01/gestures.csv:2)"), c.stderr)
        // Left out, the copy adds nothing.
        let (skipped, _) = try report(copied, ["--skip-bad-rows"])
        let (plain, _) = try report(try F.study("copied-plain"))
        XCTAssertEqual(skipped.status, 0, skipped.stderr)
        XCTAssertEqual(skipped.stdout, plain.stdout)
    }

    /// `--csv DIR/P01/trials.csv` overwrote a participant's raw data. Any output inside a
    /// participant folder, or that is an input by another name (a link, `..`), or that is
    /// another output, is refused before anything is written.
    func testOutputsNeverOverwriteTheStudysData() throws {
        let dir = try F.study("outputs")
        let p01 = dir.appendingPathComponent("P01")
        let before = try Data(contentsOf: p01.appendingPathComponent("trials.csv"))
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.csv").path, withDestinationPath: "P02/gestures.csv")
        let elsewhere = FlingRunner.scratch("outputs-elsewhere")
        let cases: [([String], String)] = [
            (["--csv", p01.path + "/trials.csv"], "--csv \(p01.path)/trials.csv is a file the study is read from"),
            (["--trials-csv", p01.path + "/new.csv"], "--trials-csv \(p01.path)/new.csv is in the participant folder \(p01.path)"),
            (["--gestures-csv", dir.path + "/P02/../P01/x.csv"], "is in the participant folder \(p01.path)"),
            (["--plot", p01.path + "/plot.png"], "--plot \(p01.path)/plot.png is in the participant folder"),
            (["--csv", dir.path + "/link.csv"], "--csv \(dir.path)/link.csv is \(dir.path)/P02/gestures.csv, a file the study is read from"),
            (["--csv", elsewhere.path + "/a.csv", "--trials-csv", elsewhere.path + "/./a.csv"],
             "--csv and --trials-csv are the same file \(elsewhere.path)/a.csv"),
        ]
        for (args, message) in cases {
            let r = try FlingRunner.run(["report", dir.path] + args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stdout)")
            XCTAssertTrue(r.stderr.contains(message), "\(args): \(r.stderr) should say \(message)")
            XCTAssertEqual(r.stdout, "")
        }
        XCTAssertEqual(try Data(contentsOf: p01.appendingPathComponent("trials.csv")), before)
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("P02/gestures.csv"), encoding: .utf8), F.gestures("P02", 2))
        XCTAssertFalse(FileManager.default.fileExists(atPath: elsewhere.path + "/a.csv"))
        // A participant folder reported on its own is still a participant folder.
        let alone = try FlingRunner.run(["report", p01.path, "--csv", p01.path + "/aggregate.csv"])
        XCTAssertEqual(alone.status, 2, alone.stdout)
        XCTAssertTrue(alone.stderr.contains("is in the participant folder \(p01.path)"), alone.stderr)
        // Beside the folders is where they go.
        let ok = try FlingRunner.run(["report", dir.path, "--csv", dir.path + "/aggregate.csv"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
    }

    /// --skip-bad-rows is a study folder's, as --csv is.
    func testSkipBadRowsIsForAStudyFolder() throws {
        let dir = FlingRunner.scratch("skip-metrics")
        let metrics = dir.appendingPathComponent("m.jsonl")
        try "".write(to: metrics, atomically: true, encoding: .utf8)
        let r = try FlingRunner.run(["report", metrics.path, "--skip-bad-rows"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("--skip-bad-rows") && r.stderr.contains("are for a study folder"), r.stderr)
        let help = try FlingRunner.run(["report", "--help"])
        XCTAssertTrue(help.stdout.contains("--skip-bad-rows"), help.stdout)
    }
}
