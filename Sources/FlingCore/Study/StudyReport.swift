// StudyReport: a study's results across participants: per condition and task the
// success rate, time on task, gestures, accidents, snap-backs, re-grabs, settle and overshoot,
// ratings with a 95 % interval, "did what I expected" with Wilson intervals, and a paired
// sign test between conditions, as a table and as CSV.

/// The rows of every participant's trials.csv and gestures.csv, read by header name.
public struct StudyData: Sendable {
    public var trials: [[String: String]] = []
    public var gestures: [[String: String]] = []
    public init() {}

    /// Adds one CSV file's rows (its first row is the header).
    public static func records(_ text: String) -> [[String: String]] {
        let rows = CSV.rows(text)
        guard let header = rows.first else { return [] }
        return rows.dropFirst().filter { $0.count == header.count }.map { Dictionary(zip(header, $0), uniquingKeysWith: { first, _ in first }) }
    }
}

/// One aggregate row: a condition and a task (or "all").
public struct StudySummaryRow: Equatable, Sendable {
    public var condition: String
    public var task: String
    public var trials: Int
    public var successes: Int
    public var timeOnTaskMean: Double
    public var timeOnTaskMedian: Double
    public var gesturesPerTrial: Double
    public var accidentalDismissals: Int
    public var missedDismissals: Int
    public var snapBacks: Int
    public var skippedDetents: Int
    public var regrabs: Int
    public var settleTimeMean: Double?
    public var overshootMean: Double?
    public var ratingMean: Double
    public var ratingMedian: Double
    public var ratingCI: (low: Double, high: Double)?
    public var expectedYes: Int
    public var expectedCI: (low: Double, high: Double)

    public var successRate: Double { trials > 0 ? Double(successes) / Double(trials) : 0 }
    public var expectedRate: Double { trials > 0 ? Double(expectedYes) / Double(trials) : 0 }

    public static func == (a: Self, b: Self) -> Bool {
        a.condition == b.condition && a.task == b.task && a.trials == b.trials && a.successes == b.successes
            && a.accidentalDismissals == b.accidentalDismissals && a.expectedYes == b.expectedYes && a.ratingMean == b.ratingMean
    }
}

/// A paired comparison of two conditions over participants.
public struct StudyComparison: Equatable, Sendable {
    public var measure: String
    public var a: String, b: String
    /// Participants whose per-participant value was higher in A, higher in B, equal.
    public var aHigher: Int, bHigher: Int, ties: Int
    /// The exact two-sided sign test's p (ties dropped).
    public var p: Double
}

public enum StudyStatistics {
    public static func mean(_ v: [Double]) -> Double { v.isEmpty ? 0 : v.reduce(0, +) / Double(v.count) }

    public static func median(_ v: [Double]) -> Double { Statistics.percentile(v, 0.5) ?? 0 }

    /// The two-sided 97.5 % point of Student's t with `df` degrees of freedom (table to 30,
    /// then the normal's 1.96).
    static func t975(_ df: Int) -> Double {
        let table: [Double] = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
                               2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
                               2.045, 2.042]
        // (Past 30, 1.96 + 2.4/df is within 0.003 of the true value.)
        return df >= 1 && df <= 30 ? table[df - 1] : 1.96 + 2.4 / Double(df)
    }

    /// The mean's 95 % interval by Student's t (nil for fewer than two values).
    public static func meanCI(_ v: [Double]) -> (low: Double, high: Double)? {
        guard v.count >= 2 else { return nil }
        let m = mean(v)
        let sd = (v.map { ($0 - m) * ($0 - m) }.reduce(0, +) / Double(v.count - 1)).squareRoot()
        let h = t975(v.count - 1) * sd / Double(v.count).squareRoot()
        return (m - h, m + h)
    }

    /// Wilson's 95 % score interval for `k` of `n` (better than the normal interval at small
    /// n and near 0 or 1, where study rates live).
    public static func wilson(_ k: Int, _ n: Int) -> (low: Double, high: Double) {
        guard n > 0 else { return (0, 1) }
        let z = 1.959964, p = Double(k) / Double(n), nn = Double(n)
        let centre = (p + z * z / (2 * nn)) / (1 + z * z / nn)
        let half = z / (1 + z * z / nn) * (p * (1 - p) / nn + z * z / (4 * nn * nn)).squareRoot()
        return (max(0, centre - half), min(1, centre + half))
    }

    /// The exact two-sided sign test: `plus` of `plus + minus` non-tied pairs went one way.
    public static func signTest(plus: Int, minus: Int) -> Double {
        let n = plus + minus
        guard n > 0 else { return 1 }
        let k = min(plus, minus)
        var tail = 0.0, c = 1.0   // C(n, 0)
        for i in 0...k {
            if i > 0 { c = c * Double(n - i + 1) / Double(i) }
            tail += c
        }
        return min(1, 2 * tail / pow2(n))
    }

    static func pow2(_ n: Int) -> Double { var r = 1.0; for _ in 0..<n { r *= 2 }; return r }
}

extension StudyData {
    private func number(_ r: [String: String], _ k: String) -> Double? { r[k].flatMap(Double.init) }

    /// A trial's key as the gestures name it (participant and trial number).
    private static func trialKey(_ r: [String: String]) -> String { "\(r["participant"] ?? "")#\(r["trial"] ?? "")" }

    /// One aggregate row's trials: a condition, and a task or every task (nil).
    private struct Group: Hashable {
        var condition: String
        var task: String?
    }

    /// What the table takes from one trial row (each value read once, as the rows always were).
    private struct TrialValues {
        var participant: String
        var time: Double?, rating: Double?
        var success: Bool, expectedYes: Bool

        init(_ r: [String: String]) {
            participant = r["participant"] ?? ""
            time = r["time_on_task"].flatMap(Double.init)
            rating = r["rating"].flatMap(Double.init)
            success = r["outcome"] == "success"
            expectedYes = r["expected"] == "yes"
        }
    }

    /// What the table takes from one gesture row.
    private struct GestureValues {
        var accidental: Bool, missed: Bool, snapBack: Bool, skipped: Bool, regrab: Bool
        var settle: Double?, overshoot: Double?

        init(_ r: [String: String]) {
            accidental = r["accidental_dismissal"] == "1"
            missed = r["missed_dismissal"] == "1"
            snapBack = r["snap_back"] == "1"
            skipped = r["skipped_detent"] == "1"
            regrab = r["regrab"] == "1"
            settle = r["settle_time"].flatMap(Double.init)
            overshoot = r["overshoot"].flatMap(Double.init)
        }
    }

    /// The aggregate rows: every condition × task, then every condition over all tasks.
    public func summary() -> [StudySummaryRow] {
        // Each group's trials and gestures gathered in one pass over each, in file order (so
        // every sum adds in the order it always has), not filtered out of all rows once per
        // group: a study of thousands of participants takes seconds.
        var tasks: [String] = [], seenTasks = Set<String>()
        var groupTrials: [Group: [TrialValues]] = [:]
        var groupsOfKey: [String: [Group]] = [:]
        for t in trials {
            if let id = t["task"], seenTasks.insert(id).inserted { tasks.append(id) }
            guard let c = t["condition"] else { continue }
            // (A task named "all" is the condition's every task, as its row always was.)
            var groups = [Group(condition: c, task: nil)]
            if let id = t["task"], id != "all" { groups.append(Group(condition: c, task: id)) }
            let key = Self.trialKey(t), values = TrialValues(t)
            for g in groups {
                groupTrials[g, default: []].append(values)
                if groupsOfKey[key]?.contains(g) != true { groupsOfKey[key, default: []].append(g) }
            }
        }
        var groupGestures: [Group: [GestureValues]] = [:]
        for g in gestures {
            guard let groups = groupsOfKey[Self.trialKey(g)] else { continue }
            let values = GestureValues(g)
            for group in groups { groupGestures[group, default: []].append(values) }
        }
        let conditions = Set(groupTrials.keys.map(\.condition)).sorted()
        var rows: [StudySummaryRow] = []
        for c in conditions {
            for task in tasks + ["all"] {
                let group = Group(condition: c, task: task == "all" ? nil : task)
                guard let ts = groupTrials[group], !ts.isEmpty else { continue }
                let gs = groupGestures[group] ?? []
                func count(_ flag: (GestureValues) -> Bool) -> Int { gs.filter(flag).count }
                let times = ts.compactMap(\.time)
                let ratings = ts.compactMap(\.rating)
                // The interval is over participants (each one's mean rating), not trials: one
                // person's trials are not independent of each other.
                var perParticipant: [String: [Double]] = [:]
                for t in ts { if let r = t.rating { perParticipant[t.participant, default: []].append(r) } }
                let participantMeans = perParticipant.keys.sorted().compactMap { perParticipant[$0].map(StudyStatistics.mean) }
                let settles = gs.compactMap(\.settle)
                let overshoots = gs.compactMap(\.overshoot)
                let yes = ts.filter(\.expectedYes).count
                rows.append(StudySummaryRow(
                    condition: c, task: task, trials: ts.count, successes: ts.filter(\.success).count,
                    timeOnTaskMean: StudyStatistics.mean(times), timeOnTaskMedian: StudyStatistics.median(times),
                    gesturesPerTrial: Double(gs.count) / Double(ts.count),
                    accidentalDismissals: count(\.accidental), missedDismissals: count(\.missed),
                    snapBacks: count(\.snapBack), skippedDetents: count(\.skipped), regrabs: count(\.regrab),
                    settleTimeMean: settles.isEmpty ? nil : StudyStatistics.mean(settles),
                    overshootMean: overshoots.isEmpty ? nil : StudyStatistics.mean(overshoots),
                    ratingMean: StudyStatistics.mean(ratings), ratingMedian: StudyStatistics.median(ratings),
                    // (Clipped to the 1–7 scale: with few participants a t interval runs past it.)
                    ratingCI: StudyStatistics.meanCI(participantMeans).map { (max(1, $0.low), min(7, $0.high)) }, expectedYes: yes, expectedCI: StudyStatistics.wilson(yes, ts.count)))
            }
        }
        return rows
    }

    /// Paired sign tests between each two conditions, over participants: the mean rating, the
    /// accidental dismissals per trial, the "did what I expected" rate.
    public func comparisons() -> [StudyComparison] {
        let conditions = Array(Set(trials.compactMap { $0["condition"] })).sorted()
        let participants = Array(Set(trials.compactMap { $0["participant"] })).sorted()
        // Each participant's trials and gestures in each condition, gathered once (in file order).
        struct Cell: Hashable { var participant: String, condition: String }
        var cellTrials: [Cell: [[String: String]]] = [:], cellGestures: [Cell: [[String: String]]] = [:]
        for t in trials { if let p = t["participant"], let c = t["condition"] { cellTrials[Cell(participant: p, condition: c), default: []].append(t) } }
        for g in gestures { if let p = g["participant"], let c = g["condition"] { cellGestures[Cell(participant: p, condition: c), default: []].append(g) } }
        var out: [StudyComparison] = []
        func perParticipant(_ c: String, _ value: ([[String: String]], [[String: String]]) -> Double?) -> [String: Double] {
            var r: [String: Double] = [:]
            for p in participants {
                let cell = Cell(participant: p, condition: c)
                let ts = cellTrials[cell] ?? [], gs = cellGestures[cell] ?? []
                if !ts.isEmpty, let v = value(ts, gs) { r[p] = v }
            }
            return r
        }
        let measures: [(String, ([[String: String]], [[String: String]]) -> Double?)] = [
            ("rating (mean)", { ts, _ in
                let r = ts.compactMap { self.number($0, "rating") }
                return r.isEmpty ? nil : StudyStatistics.mean(r)
            }),
            ("accidental dismissals per trial", { ts, gs in Double(gs.filter { $0["accidental_dismissal"] == "1" }.count) / Double(ts.count) }),
            ("did what I expected (rate)", { ts, _ in Double(ts.filter { $0["expected"] == "yes" }.count) / Double(ts.count) }),
        ]
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

    public static let csvHeader = "condition,task,trials,success_rate,time_on_task_mean,time_on_task_median,gestures_per_trial,accidental_dismissals,missed_dismissals,snap_backs,skipped_detents,regrabs,settle_time_mean,overshoot_mean,rating_mean,rating_median,rating_ci_low,rating_ci_high,expected_rate,expected_ci_low,expected_ci_high"

    /// The aggregate table as CSV (numbers to 3 decimals; an empty field where undefined);
    /// `rows`: the summary when it is already made.
    public func summaryCSV(_ rows: [StudySummaryRow]? = nil) -> String {
        func n(_ v: Double?) -> String { v.map { cFormat("%.3f", $0) } ?? "" }
        var out = Self.csvHeader + "\n"
        for r in rows ?? summary() {
            let fields: [String] = [
                CSV.field(r.condition), CSV.field(r.task), "\(r.trials)", n(r.successRate), n(r.timeOnTaskMean), n(r.timeOnTaskMedian),
                n(r.gesturesPerTrial), "\(r.accidentalDismissals)", "\(r.missedDismissals)", "\(r.snapBacks)", "\(r.skippedDetents)",
                "\(r.regrabs)", n(r.settleTimeMean), n(r.overshootMean), n(r.ratingMean), n(r.ratingMedian), n(r.ratingCI?.low),
                n(r.ratingCI?.high), n(r.expectedRate), n(r.expectedCI.low), n(r.expectedCI.high),
            ]
            out += fields.joined(separator: ",") + "\n"
        }
        return out
    }
}
