// TOMLSubset: the small part of TOML a study file uses: [table] and [[array of tables]]
// headers, key = "string" | number | true/false | ["list", "of", "strings"], # comments;
// every table and key keeps its line for error messages.

/// One table of a TOML-subset file, with the line of its header and of each key.
struct TOMLTable {
    enum Value: Equatable {
        case string(String), number(Double), bool(Bool), strings([String])
    }
    var name: String
    var line: Int
    var values: [String: (value: Value, line: Int)] = [:]

    func line(of key: String) -> Int { values[key]?.line ?? line }

    func onlyKeys(_ allowed: [String]) throws(StudyFile.ParseError) {
        for (key, v) in values where !allowed.contains(key) {
            throw StudyFile.ParseError(line: v.line, message: "unknown key '\(key)' in [\(name)] (\(allowed.joined(separator: ", ")))")
        }
    }

    func string(_ key: String) throws(StudyFile.ParseError) -> String? {
        guard let v = values[key] else { return nil }
        guard case .string(let s) = v.value else { throw StudyFile.ParseError(line: v.line, message: "\(key) must be a \"string\"") }
        return s
    }

    func strings(_ key: String) throws(StudyFile.ParseError) -> [String]? {
        guard let v = values[key] else { return nil }
        switch v.value {
        case .strings(let a): return a
        default: throw StudyFile.ParseError(line: v.line, message: "\(key) must be a [\"list\", \"of\", \"strings\"]")
        }
    }

    func number(_ key: String, in range: ClosedRange<Double>) throws(StudyFile.ParseError) -> Double? {
        guard let v = values[key] else { return nil }
        guard case .number(let d) = v.value, range.contains(d) else {
            throw StudyFile.ParseError(line: v.line, message: "\(key) must be a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return d
    }

    func integer(_ key: String, in range: ClosedRange<Int>) throws(StudyFile.ParseError) -> Int? {
        guard let d = try number(key, in: Double(range.lowerBound)...Double(range.upperBound)) else { return nil }
        guard d == d.rounded() else { throw StudyFile.ParseError(line: line(of: key), message: "\(key) must be a whole number") }
        return Int(d)
    }

    /// A string the table must have.
    func requiredString(_ key: String) throws(StudyFile.ParseError) -> String {
        if let v = try string(key) { return v }
        throw StudyFile.ParseError(line: line, message: "[\(name)] lacks \(key) = \"…\"")
    }
}

enum TOMLSubset {
    static func parse(_ text: String) throws(StudyFile.ParseError) -> [TOMLTable] {
        var tables: [TOMLTable] = []
        var lineNumber = 0
        // Any line end (a Windows file's CRLF is one Character) but a vertical tab or a form
        // feed, which no editor counts as one (they are control characters, below), and no
        // byte-order mark.
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        for raw in body.split(omittingEmptySubsequences: false, whereSeparator: { $0.isNewline && $0 != "\u{0B}" && $0 != "\u{0C}" }) {
            lineNumber += 1
            // A NUL or another control character went into the values, and from a task's id
            // into schedule.csv and every results file: a study file is text (tabs are fine).
            if let c = raw.unicodeScalars.first(where: { $0.value < 0x20 && $0 != "\t" }) {
                let hex = String(c.value, radix: 16, uppercase: true)
                let name = c.value == 0 ? "a NUL byte" : "a control character"
                throw .init(line: lineNumber, message: "\(name) (U+\(String(repeating: "0", count: 4 - hex.count) + hex)) in the line: a study file is text (was a binary file given?)")
            }
            let line = stripComment(String(raw)).trimmingWhitespace()
            if line.isEmpty { continue }
            if line.hasPrefix("[") {
                let array = line.hasPrefix("[[")
                guard line.hasSuffix(array ? "]]" : "]") else { throw .init(line: lineNumber, message: "a table header ends with \(array ? "]]" : "]")") }
                let name = String(line.dropFirst(array ? 2 : 1).dropLast(array ? 2 : 1)).trimmingWhitespace()
                guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0 == "_" }) else { throw .init(line: lineNumber, message: "a table's name is letters") }
                if !array, tables.contains(where: { $0.name == name }) { throw .init(line: lineNumber, message: "a second [\(name)]") }
                tables.append(TOMLTable(name: name, line: lineNumber))
                continue
            }
            guard let eq = line.firstIndex(of: "=") else { throw .init(line: lineNumber, message: "expected key = value") }
            let key = String(line[..<eq]).trimmingWhitespace()
            let valueText = String(line[line.index(after: eq)...]).trimmingWhitespace()
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { throw .init(line: lineNumber, message: "a key is letters, digits and _") }
            guard !tables.isEmpty else { throw .init(line: lineNumber, message: "\(key) is outside any [table]") }
            guard tables[tables.count - 1].values[key] == nil else { throw .init(line: lineNumber, message: "a second \(key)") }
            tables[tables.count - 1].values[key] = (try value(valueText, line: lineNumber), lineNumber)
        }
        return tables
    }

    /// The line without a # comment (a # inside a string stays).
    static func stripComment(_ s: String) -> String {
        var inString = false, out = ""
        for c in s {
            if c == "\"" { inString.toggle() }
            if c == "#" && !inString { break }
            out.append(c)
        }
        return out
    }

    static func value(_ s: String, line: Int) throws(StudyFile.ParseError) -> TOMLTable.Value {
        if s == "true" { return .bool(true) }
        if s == "false" { return .bool(false) }
        if s.hasPrefix("\"") { return .string(try string(s, line: line)) }
        if s.hasPrefix("[") {
            guard s.hasSuffix("]") else { throw .init(line: line, message: "a list ends with ] on its line") }
            let inner = String(s.dropFirst().dropLast()).trimmingWhitespace()
            if inner.isEmpty { return .strings([]) }
            var items: [String] = [], current = "", inString = false
            for c in inner {
                if c == "\"" { inString.toggle() }
                if c == "," && !inString { items.append(current); current = ""; continue }
                current.append(c)
            }
            items.append(current)
            var strings: [String] = []
            for item in items {
                let t = item.trimmingWhitespace()
                if t.isEmpty { continue }   // a trailing comma
                strings.append(try string(t, line: line))
            }
            return .strings(strings)
        }
        if let d = Double(s), d.isFinite { return .number(d) }
        throw .init(line: line, message: "'\(s)' is not a \"string\", a number, true, false or a [list]")
    }

    static func string(_ s: String, line: Int) throws(StudyFile.ParseError) -> String {
        guard s.count >= 2, s.hasPrefix("\""), s.hasSuffix("\"") else { throw .init(line: line, message: "a string is in \"double quotes\"") }
        let inner = String(s.dropFirst().dropLast())
        guard !inner.contains("\"") else { throw .init(line: line, message: "a string holds no \" (no escapes in study files)") }
        return inner
    }
}
