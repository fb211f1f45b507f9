// StudyReportTool: `fling report STUDY_DIR`: every participant folder's trials and gestures
// read together (strictly: a row that cannot be read is named with its file and line), the
// aggregate table printed (and as --csv), tidy CSVs of all trials and all gestures, and the
// paired comparisons between conditions.
import FlingCore
import FoundationEssentials
import Glibc

@MainActor
struct StudyReportTool {
    let dir: String
    let csv: String?
    let trialsCSV: String?
    let gesturesCSV: String?
    let plot: String?
    let resources: String?
    /// Rows that cannot be read are left out (each said) rather than refusing the report.
    let skipBadRows: Bool

    /// The participant folders: `dir` itself when it holds a trials.csv, else its folders
    /// that do (sorted by name).
    func participantFolders() -> [String] {
        if access(dir + "/trials.csv", R_OK) == 0 { return [dir] }
        return folderEntries(dir).filter { !$0.hasPrefix(".") && access("\(dir)/\($0)/trials.csv", R_OK) == 0 }.map { "\(dir)/\($0)" }
    }

    func run() -> Int32 {
        let folders = participantFolders()
        guard !folders.isEmpty else {
            printError("fling report: \(dir): no study results (no trials.csv in it or in its folders)")
            return 2
        }
        // Before anything is read or written: no output may land on the study's own data.
        if let why = StudyReportOutputs.refusal([("--csv", csv), ("--trials-csv", trialsCSV), ("--gestures-csv", gesturesCSV), ("--plot", plot)],
                                                participantFolders: folders) {
            printError("fling report: \(why)")
            return 2
        }
        let schemas = [StudyCSVSchema.trials(columns: StudyCSVSchema.columns(StudyWriterHeaders.trials)),
                       StudyCSVSchema.gestures(columns: StudyCSVSchema.columns(StudyWriterHeaders.gestures))]
        var reader = StudyDataReader()
        for f in folders {
            for schema in schemas {
                let path = "\(f)/\(schema.file)"
                switch readUserFile(path, regularOnly: true) {
                case .success(let bytes): reader.read(Array(bytes), file: path, as: schema)
                case .failure(let e) where schema.kind == .gestures && e.reason == "not found":
                    // (`fling study` writes both files at its start: a folder without one lost it.)
                    Log.warning("\(path): not found: that participant's gestures are not counted")
                case .failure(let e):
                    printError("fling report: \(path): \(e.reason)")
                    return 2
                }
            }
        }
        let refused = reader.problems.filter(\.wholeFile).count, rows = reader.rowsLeftOut
        if refused > 0 || (rows > 0 && !skipBadRows) {
            for p in reader.problems { printError("fling report: \(p)") }
            if refused > 0 {
                printError("fling report: \(count(refused, "file")) cannot be read as a study's (--skip-bad-rows leaves out rows, never a whole file)")
            }
            if rows > 0 && !skipBadRows {
                printError("fling report: \(count(rows, "row")) cannot be read: nothing is reported (--skip-bad-rows leaves them out and reports the rest)")
            }
            return 2
        }
        for p in reader.problems { Log.warning("\(p) (left out)") }
        if rows > 0 { Log.warning("\(count(rows, "row")) that could not be read \(rows == 1 ? "is" : "are") left out (--skip-bad-rows)") }
        let data = reader.data, summary = data.summary()
        print(table(data, summary), terminator: "")
        if let plot, let status = drawPlot(folders, data: data, to: plot), status != 0 { return status }
        // The tidy files: every folder's rows under the current header, written from what was
        // read (never copied text: a file's own line ends, column order or missing columns
        // stay out of them).
        let outputs: [(String?, () -> String)] = [(csv, { data.summaryCSV(summary) }), (trialsCSV, { schemas[0].csv(data.trials) }),
                                                  (gesturesCSV, { schemas[1].csv(data.gestures) })]
        for (path, text) in outputs {
            guard let path else { continue }
            if let why = writeFile(path, text()) {
                printError("fling report: \(path): could not be written (\(why))")
                return 1
            }
        }
        return 0
    }

    private func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// One decision map per condition from its gestures (every participant's
    /// metrics-LABEL.jsonl) and the rating distributions; the condition names from the first
    /// folder's study.toml copy when there is one.
    func drawPlot(_ folders: [String], data: StudyData, to path: String) -> Int32? {
        let labels = Array(Set(data.trials.compactMap { $0["condition"] })).sorted()
        var conditions: [(label: String, name: String, report: MetricsReport)] = []
        for label in labels {
            var gestures: [GestureMetric] = []
            for f in folders {
                let file = "\(f)/metrics-\(label).jsonl"
                guard case .success(let bytes) = readUserFile(file, regularOnly: true) else { continue }
                do { gestures += try MetricsReport.parse(String(decoding: bytes, as: UTF8.self), file: file).gestures } catch {
                    Log.warning("\(file): \(error.description): its gestures are not on the plot")
                }
            }
            // What decided: the sheet's policy (with its set), or a card study's card style.
            let policy = (data.gestures.first { $0["condition"] == label && $0["target"] == "sheet" }
                ?? data.gestures.first { $0["condition"] == label && $0["target"] == "card" })?["policy"] ?? ""
            conditions.append((label, policy, MetricsReport(gestures: gestures)))
        }
        return StudyPlot.draw(conditions, data: data, to: path, resources: resources)
    }

    /// The aggregate table for a terminal, then the paired comparisons.
    func table(_ data: StudyData, _ summary: [StudySummaryRow]) -> String {
        func n(_ v: Double?, _ digits: Int = 2) -> String { v.map { cFormat("%.\(digits)f", $0) } ?? "–" }
        func pct(_ v: Double) -> String { cFormat("%.0f%%", v * 100) }
        let participants = Set(data.trials.compactMap { $0["participant"] }).count
        var out = "\(participants) participants, \(data.trials.count) trials, \(data.gestures.count) gestures\n\n"
        out += "cond task          trials success  time(s) med   gest/trial accid missed snap skip regrab settle(s) overshoot  rating mean [95% CI]   median  expected [95% Wilson]\n"
        for r in summary {
            let ci = r.ratingCI.map { "[\(n($0.low)), \(n($0.high))]" } ?? "[–]"
            out += "\(r.condition.padded(to: 4)) \(r.task.padded(to: 13)) \(String(r.trials).padded(to: 6)) \(pct(r.successRate).padded(to: 8)) "
            out += "\(n(r.timeOnTaskMean).padded(to: 7)) \(n(r.timeOnTaskMedian).padded(to: 5)) \(n(r.gesturesPerTrial).padded(to: 10)) "
            out += "\(String(r.accidentalDismissals).padded(to: 5)) \(String(r.missedDismissals).padded(to: 6)) \(String(r.snapBacks).padded(to: 4)) "
            out += "\(String(r.skippedDetents).padded(to: 4)) \(String(r.regrabs).padded(to: 6)) \(n(r.settleTimeMean, 3).padded(to: 9)) "
            out += "\(n(r.overshootMean).padded(to: 10)) \(n(r.ratingMean).padded(to: 6)) \(ci.padded(to: 15)) \(n(r.ratingMedian, 1).padded(to: 7)) "
            out += "\(pct(r.expectedRate)) [\(pct(r.expectedCI.low)), \(pct(r.expectedCI.high))]\n"
        }
        let comparisons = data.comparisons()
        if !comparisons.isEmpty {
            out += "\nPaired comparisons over participants (exact two-sided sign test on each participant's value; ties dropped):\n"
            for c in comparisons {
                out += "  \(c.a) vs \(c.b), \(c.measure): higher in \(c.a) for \(c.aHigher), in \(c.b) for \(c.bHigher), equal for \(c.ties); p = \(n(c.p, 3))\n"
            }
        }
        return out
    }
}
