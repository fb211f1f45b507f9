// StudySchedule: which condition a participant meets when: a balanced Latin square
// (Williams design) over participant numbers, then each condition's tasks and repetitions.

/// One participant's trials, in order.
public struct StudySchedule: Equatable, Sendable {
    public struct Trial: Equatable, Sendable {
        /// 1-based, in the order run.
        public var number: Int
        /// The condition's index in the study file, and its label for the participant.
        public var condition: Int
        public var label: String
        public var task: Int
        public var repetition: Int
    }
    public var participant: String
    public var order: [Int]
    public var trials: [Trial]

    /// The balanced Latin square (Williams 1949) for `n` conditions: every condition comes
    /// first equally often and follows every other equally often (first-order carry-over
    /// balanced). Its first row is 0, 1, n−1, 2, n−2, …; row r adds r to each (mod n). With an
    /// odd n those n rows are followed by their mirrors (2n rows).
    public static func williamsSquare(_ n: Int) -> [[Int]] {
        guard n > 1 else { return [[0]] }
        var first: [Int] = [0]
        var lo = 1, hi = n - 1
        while first.count < n {
            first.append(lo); lo += 1
            if first.count < n { first.append(hi); hi -= 1 }
        }
        var rows = (0..<n).map { r in first.map { ($0 + r) % n } }
        if n % 2 == 1 { rows += rows.map { Array($0.reversed()) } }
        return rows
    }

    /// A participant's number: the ASCII digits 0–9 in their id (P07 → 7); ids without digits
    /// count 1. Only 0–9: `Int` reads no other digit, so "P٢" (an Arabic-Indic two) counted 1
    /// while "P2" counted 2, and the square's rows were silently unbalanced. `fling study`
    /// refuses an id with another digit (`foreignDigit`).
    public static func number(of participant: String) -> Int {
        Int(String(participant.filter { $0.isASCII && $0.isNumber }.prefix(9))) ?? 1
    }

    /// The first character of `participant` that is a digit (`Character.isNumber`) but not one
    /// of 0–9, which would not count towards its number; nil when there is none.
    public static func foreignDigit(in participant: String) -> Character? {
        participant.first { $0.isNumber && !$0.isASCII }
    }

    /// The schedule of `participant`: their row of the square (number − 1, wrapping), each
    /// condition's block of every task in file order, `repetitions` times.
    public init(study: StudyFile, participant: String) {
        self.participant = participant
        let square = Self.williamsSquare(study.conditions.count)
        order = square[(max(1, Self.number(of: participant)) - 1) % square.count]
        var trials: [Trial] = []
        for c in order {
            for rep in 1...study.repetitions {
                for t in study.tasks.indices {
                    trials.append(Trial(number: trials.count + 1, condition: c, label: StudyFile.label(c), task: t, repetition: rep))
                }
            }
        }
        self.trials = trials
    }

    /// `participant,trial,condition,task` (conditions as the participant sees them).
    public func csv(_ study: StudyFile) -> String {
        var out = "participant,trial,condition,task\n"
        for t in trials { out += "\(CSV.field(participant)),\(t.number),\(t.label),\(CSV.field(study.tasks[t.task].id))\n" }
        return out
    }
}

/// CSV fields as RFC 4180 writes them: quoted when they hold a comma, a quote or a newline.
public enum CSV {
    public static func field(_ s: String) -> String {
        guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
        var out = "\""
        for c in s { out += c == "\"" ? "\"\"" : String(c) }
        return out + "\""
    }

    /// The rows of a CSV text (quoted fields with commas, quotes and newlines in them read back).
    public static func rows(_ text: String) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], field = "", quoted = false
        var chars = Array(text)[...]
        while let c = chars.popFirst() {
            if quoted {
                if c == "\"" {
                    if chars.first == "\"" { field.append("\""); chars.removeFirst() } else { quoted = false }
                } else { field.append(c) }
            } else if c == "\"" { quoted = true }
            else if c == "," { row.append(field); field = "" }
            else if c == "\n" || c == "\r\n" { row.append(field); rows.append(row); row = []; field = "" }
            else if c != "\r" { field.append(c) }
        }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }
}
