// StudyCSVReader: a study's trials.csv and gestures.csv read strictly, by bytes: columns by the
// header's names, every value checked against its range, and every row that cannot be read
// given back with the line it starts on and why, so nothing is dropped unsaid or misread.

/// What a study file's columns must hold, which of them the report cannot do without, and the
/// header its rows are written back under.
public struct StudyCSVSchema: Equatable, Sendable {
    /// What one column's values must be.
    public enum Value: Equatable, Sendable {
        /// Anything.
        case text
        /// Anything but empty.
        case name
        /// 1, 2, 3, …
        case positiveInteger
        /// A whole number on the prompt's 1–7 scale.
        case rating
        /// A finite number ≥ 0.
        case seconds
        /// "yes" or "no".
        case yesNo
        /// "0" or "1".
        case flag
        /// A finite number, or empty where there is none.
        case number
        /// One of these names.
        case oneOf([String])
    }

    public enum Kind: Equatable, Sendable { case trials, gestures }

    public var kind: Kind
    /// The file's name ("trials.csv"), for messages.
    public var file: String { kind == .trials ? "trials.csv" : "gestures.csv" }
    /// The current header, in order: exports are written under it.
    public var columns: [String]
    /// Each column's values (a column not named here is text).
    public var values: [String: Value]
    /// The columns the table needs: a header without one refuses the file. Any other column of
    /// `columns` that a file lacks (an older file's) reads as empty.
    public var required: [String]
    /// The numbered column that, with the participant, names one row ("trial", "gesture"): the
    /// same pair twice is the same thing counted twice.
    public var key: String?

    public init(_ kind: Kind, columns: [String], values: [String: Value], required: [String], key: String?) {
        self.kind = kind
        self.columns = columns
        self.values = values
        self.required = required
        self.key = key
    }

    /// A comma-separated header as `fling study` writes it, as columns.
    public static func columns(_ header: String) -> [String] { header.split(separator: ",").map(String.init) }

    /// trials.csv under the header `columns` (the writer's).
    public static func trials(columns: [String]) -> StudyCSVSchema {
        StudyCSVSchema(
            .trials, columns: columns,
            values: ["participant": .name, "trial": .positiveInteger, "condition": .name, "task": .name, "repetition": .positiveInteger,
                     "outcome": .oneOf(["success", "timeout", "gave-up"]), "time_on_task": .seconds, "expected": .yesNo, "rating": .rating],
            required: ["participant", "trial", "condition", "task", "outcome", "time_on_task", "expected", "rating"], key: "trial")
    }

    /// gestures.csv under the header `columns` (the writer's).
    public static func gestures(columns: [String]) -> StudyCSVSchema {
        var values: [String: Value] = ["participant": .name, "trial": .positiveInteger, "condition": .name, "gesture": .positiveInteger]
        for c in ["travel", "velocity", "settle_time", "overshoot"] { values[c] = .number }
        for c in flags { values[c] = .flag }
        return StudyCSVSchema(.gestures, columns: columns, values: values,
                              required: ["participant", "trial", "condition", "gesture", "settle_time", "overshoot"] + flags, key: "gesture")
    }

    static let flags = ["accidental_dismissal", "missed_dismissal", "snap_back", "skipped_detent", "regrab"]

    /// `records` as CSV under `columns`, one line each (a column a record lacks is empty): the
    /// same text the writer writes for the same rows.
    public func csv(_ records: [[String: String]]) -> String {
        var out = columns.map(CSV.field).joined(separator: ",") + "\n"
        for r in records { out += columns.map { CSV.field(r[$0] ?? "") }.joined(separator: ",") + "\n" }
        return out
    }

    /// Why `value` is not one of `column`'s (whose values are `kind`), or nil when it is.
    static func problem(_ column: String, _ value: String, _ kind: Value) -> String? {
        func shown() -> String { "'" + (value.count > 40 ? String(value.prefix(40)) + "…" : value) + "'" }
        switch kind {
        case .text: return nil
        case .name: return value.isEmpty ? "\(column) is empty" : nil
        case .positiveInteger: return Int(value).map { $0 > 0 } == true ? nil : "\(column) \(shown()) is not a positive whole number"
        case .rating: return Int(value).map { (1...7).contains($0) } == true ? nil : "\(column) \(shown()) is not a whole number from 1 to 7"
        case .seconds: return Double(value).map { $0.isFinite && $0 >= 0 } == true ? nil : "\(column) \(shown()) is not a number of seconds (finite, 0 or more)"
        case .yesNo: return value == "yes" || value == "no" ? nil : "\(column) \(shown()) is not yes or no"
        case .flag: return value == "0" || value == "1" ? nil : "\(column) \(shown()) is not 0 or 1"
        case .number: return value.isEmpty || Double(value)?.isFinite == true ? nil : "\(column) \(shown()) is not a finite number"
        case .oneOf(let names): return names.contains(value) ? nil : "\(column) \(shown()) is not one of \(names.joined(separator: ", "))"
        }
    }
}

/// One row read: the line it starts on and its values by column name.
public struct StudyCSVRecord: Equatable, Sendable {
    public var line: Int
    public var fields: [String: String]
    public init(line: Int, fields: [String: String]) {
        self.line = line
        self.fields = fields
    }
}

/// Why a row (or the whole file) cannot be read, at the 1-based line where it starts.
public struct StudyCSVProblem: Equatable, Sendable {
    public var line: Int
    public var reason: String
    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }
}

/// One file read: its rows, and the rows that cannot be read (left out of `records`).
public struct StudyCSVResult: Equatable, Sendable {
    public var records: [StudyCSVRecord] = []
    public var problems: [StudyCSVProblem] = []
    /// The file cannot be read at all (no header, or not this kind of file's): then it has no
    /// records and no row problems.
    public var fileProblem: StudyCSVProblem?
    public init(records: [StudyCSVRecord] = [], problems: [StudyCSVProblem] = [], fileProblem: StudyCSVProblem? = nil) {
        self.records = records
        self.problems = problems
        self.fileProblem = fileProblem
    }
}

public enum StudyCSVReader {
    /// `bytes` (a whole file) read as `schema`'s file. RFC 4180 CSV, with "\n", "\r\n" or "\r"
    /// ending lines (a re-saved file's) and a UTF-8 byte-order mark allowed before the header;
    /// blank lines are passed over.
    public static func read(_ bytes: [UInt8], as schema: StudyCSVSchema) -> StudyCSVResult {
        var parser = CSVRecordParser(bytes: bytes)
        var result = StudyCSVResult()
        func refuse(_ line: Int, _ why: String) -> StudyCSVResult { StudyCSVResult(fileProblem: StudyCSVProblem(line: line, reason: why)) }
        let notHeader = "not a \(schema.file) header"
        guard let first = parser.next() else { return refuse(1, "\(notHeader) (the file is empty)") }
        if let error = first.error { return refuse(first.line, "\(notHeader) (\(error))") }
        var header: [String] = []
        let bom = first.count > 0 && bytes[first.fields[0].range].starts(with: [0xEF, 0xBB, 0xBF])
        for i in 0..<first.count {
            guard let name = first.value(i, in: bytes, droppingPrefix: i == 0 && bom ? 3 : 0) else {
                return refuse(first.line, "\(notHeader) (not UTF-8 text)")
            }
            header.append(name)
        }
        var seen = Set<String>()
        if let twice = header.first(where: { !seen.insert($0).inserted }) {
            return refuse(first.line, "the header names \(twice) twice")
        }
        let lacking = schema.required.filter { !seen.contains($0) }
        if lacking.count == schema.required.count {
            return refuse(first.line, "\(notHeader) (it has none of \(schema.required.joined(separator: ", ")))")
        }
        if !lacking.isEmpty { return refuse(first.line, "the header lacks \(lacking.joined(separator: ", "))") }
        // Columns of the current header that this (older) file lacks read as empty.
        let absent = schema.columns.filter { !seen.contains($0) }
        // What each of the file's columns holds, and its place in the schema (a row's wrong
        // values are said in the schema's order, whatever the file's).
        let kinds = header.map { schema.values[$0] ?? .text }
        let order = header.map { schema.columns.firstIndex(of: $0) ?? schema.columns.count }
        var firstLine: [String: [Int: Int]] = [:]   // participant → number → line

        while let raw = parser.next() {
            func problem(_ why: String) { result.problems.append(StudyCSVProblem(line: raw.line, reason: why)) }
            if let error = raw.error { problem(error); continue }
            guard raw.count == header.count else {
                problem("\(raw.count) field\(raw.count == 1 ? "" : "s") where the header has \(header.count)")
                continue
            }
            var fields: [String: String] = [:]
            fields.reserveCapacity(header.count + absent.count)
            var notText: String?
            var wrong: [(order: Int, why: String)] = []
            for i in header.indices {
                guard let value = raw.value(i, in: bytes) else {
                    notText = header[i]
                    break
                }
                if kinds[i] != .text, let why = StudyCSVSchema.problem(header[i], value, kinds[i]) { wrong.append((order[i], why)) }
                fields[header[i]] = value
            }
            if let notText { problem("not UTF-8 text (in \(notText))"); continue }
            guard wrong.isEmpty else {
                problem(wrong.sorted { $0.order < $1.order }.map(\.why).joined(separator: "; "))
                continue
            }
            if let key = schema.key, let participant = fields["participant"], let n = fields[key].flatMap({ Int($0) }) {
                if let earlier = firstLine[participant]?[n] {
                    problem("participant \(participant)'s \(key) \(n) again (first at line \(earlier))")
                    continue
                }
                firstLine[participant, default: [:]][n] = raw.line
            }
            for name in absent { fields[name] = "" }
            result.records.append(StudyCSVRecord(line: raw.line, fields: fields))
        }
        return result
    }
}

/// One record as it stands in the bytes: the line it starts on and where each field's bytes
/// are (inside its quotes, if quoted), or why it is not a record.
struct CSVRawRecord {
    struct Field {
        var range: Range<Int>
        /// Quoted, with each quote in it written twice.
        var escaped: Bool
    }

    var line: Int
    var fields: [Field] = []
    var error: String?

    var count: Int { fields.count }

    /// Field `i`'s text, or nil when it is not UTF-8.
    func value(_ i: Int, in bytes: [UInt8], droppingPrefix prefix: Int = 0) -> String? {
        let f = fields[i]
        let range = f.range.lowerBound + prefix..<f.range.upperBound
        guard f.escaped else { return String(validating: bytes[range], as: UTF8.self) }
        var unescaped: [UInt8] = []
        unescaped.reserveCapacity(range.count)
        var j = range.lowerBound
        while j < range.upperBound {
            unescaped.append(bytes[j])
            j += bytes[j] == CSVRecordParser.quote ? 2 : 1
        }
        return String(validating: unescaped, as: UTF8.self)
    }
}

/// RFC 4180 records out of bytes. After a record that is not one, reading goes on at the line
/// after the one it started on: an unclosed quote costs its own row, not the rest of the file.
struct CSVRecordParser {
    let bytes: [UInt8]
    private(set) var index = 0
    private(set) var line = 1

    init(bytes: [UInt8]) { self.bytes = bytes }

    static let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")

    /// The length of the line end at `i` (0: none there).
    private func lineEnd(at i: Int) -> Int {
        guard i < bytes.count else { return 0 }
        if bytes[i] == Self.lf { return 1 }
        if bytes[i] == Self.cr { return i + 1 < bytes.count && bytes[i + 1] == Self.lf ? 2 : 1 }
        return 0
    }

    /// The next record, or nil at the end; blank lines are passed over.
    mutating func next() -> CSVRawRecord? {
        let n = bytes.count
        while index < n {
            let start = index
            var record = CSVRawRecord(line: line)
            var sawQuote = false, unclosed = false
            fields: while true {
                if index < n && bytes[index] == Self.quote {
                    sawQuote = true
                    index += 1
                    let from = index
                    var escaped = false, closed = false
                    while index < n {
                        let c = bytes[index]
                        if c == Self.quote {
                            if index + 1 < n && bytes[index + 1] == Self.quote {
                                escaped = true
                                index += 2
                                continue
                            }
                            closed = true
                            break
                        }
                        if c == Self.lf || (c == Self.cr && !(index + 1 < n && bytes[index + 1] == Self.lf)) { line += 1 }
                        index += 1
                    }
                    guard closed else {
                        record.error = "a quoted field is not closed by the end of the file"
                        unclosed = true
                        break fields
                    }
                    record.fields.append(CSVRawRecord.Field(range: from..<index, escaped: escaped))
                    index += 1
                    if index == n { break fields }
                    if bytes[index] == Self.comma {
                        index += 1
                        continue fields
                    }
                    let end = lineEnd(at: index)
                    if end > 0 {
                        index += end
                        line += 1
                        break fields
                    }
                    record.error = bytes[index] == Self.quote ? "a quote after a quoted field's closing quote" : "text after a quoted field's closing quote"
                    break fields
                }
                let from = index
                while index < n {
                    let c = bytes[index]
                    if c == Self.comma || c == Self.quote || c == Self.lf || c == Self.cr { break }
                    index += 1
                }
                if index < n && bytes[index] == Self.quote {
                    record.error = "a quote inside a field that does not start with one"
                    break fields
                }
                record.fields.append(CSVRawRecord.Field(range: from..<index, escaped: false))
                if index == n { break fields }
                if bytes[index] == Self.comma {
                    index += 1
                    continue fields
                }
                index += lineEnd(at: index)
                line += 1
                break fields
            }
            if var error = record.error {
                // (Where a quote opened on an earlier line went wrong, when that is further on.)
                if line > record.line && !unclosed { error += " (on line \(line))" }
                // Read on from the line after this record's first.
                index = start
                line = record.line
                while index < n && lineEnd(at: index) == 0 { index += 1 }
                if index < n {
                    index += lineEnd(at: index)
                    line += 1
                }
                return CSVRawRecord(line: record.line, error: error)
            }
            if record.fields.count == 1 && record.fields[0].range.isEmpty && !sawQuote { continue }
            return record
        }
        return nil
    }
}

/// Every participant's files read into one StudyData, with each problem's file and line; a
/// participant's trial (or gesture) that an earlier file already held is a problem too (one
/// folder copied into the study twice would count it twice).
public struct StudyDataReader: Sendable {
    public struct Problem: Equatable, Sendable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var reason: String
        /// The whole file is refused (its header), not one row.
        public var wholeFile: Bool
        public var description: String { "\(file):\(line): \(reason)" }

        public init(file: String, line: Int, reason: String, wholeFile: Bool = false) {
            self.file = file
            self.line = line
            self.reason = reason
            self.wholeFile = wholeFile
        }
    }

    public private(set) var data = StudyData()
    /// In the order read.
    public private(set) var problems: [Problem] = []
    private var firstAt: [StudyCSVSchema.Kind: [String: [Int: Origin]]] = [:]   // kind → participant → number → where
    private struct Origin: Sendable { var file: String; var line: Int }

    public init() {}

    /// The rows left out (not counting refused files).
    public var rowsLeftOut: Int { problems.filter { !$0.wholeFile }.count }

    /// Adds `bytes`, a whole file read as `schema`'s (`file` names it in problems).
    public mutating func read(_ bytes: [UInt8], file: String, as schema: StudyCSVSchema) {
        let result = StudyCSVReader.read(bytes, as: schema)
        if let p = result.fileProblem { problems.append(Problem(file: file, line: p.line, reason: p.reason, wholeFile: true)) }
        // Each file's own problems and its repeats of other files' rows, in line order.
        var repeats: [Problem] = []
        var kept: [[String: String]] = []
        kept.reserveCapacity(result.records.count)
        for r in result.records {
            if let key = schema.key, let participant = r.fields["participant"], let n = r.fields[key].flatMap({ Int($0) }) {
                if let earlier = firstAt[schema.kind]?[participant]?[n] {
                    repeats.append(Problem(file: file, line: r.line,
                                           reason: "participant \(participant)'s \(key) \(n) again (first at \(earlier.file):\(earlier.line))"))
                    continue
                }
                firstAt[schema.kind, default: [:]][participant, default: [:]][n] = Origin(file: file, line: r.line)
            }
            kept.append(r.fields)
        }
        let rows = result.problems.map { Problem(file: file, line: $0.line, reason: $0.reason, wholeFile: false) } + repeats
        problems += rows.sorted { $0.line < $1.line }
        if schema.kind == .trials { data.trials += kept } else { data.gestures += kept }
    }
}
