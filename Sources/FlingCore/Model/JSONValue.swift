/// A JSON value with ordered object keys, so state dumps come out in a stable order.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case let (.bool(x), .bool(y)): x == y
        case let (.int(x), .int(y)): x == y
        case let (.number(x), .number(y)): x == y
        case let (.string(x), .string(y)): x == y
        case let (.array(x), .array(y)): x == y
        case let (.object(x), .object(y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let pairs) = self { return pairs.first { $0.0 == key }?.1 }
        return nil
    }

    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    public var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    public var doubleValue: Double? {
        switch self {
        case .int(let i): Double(i)
        case .number(let d): d
        default: nil
        }
    }
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }

    /// The value at a dotted path of keys and array indices ("list.offset",
    /// "list.rows.0.frame.1"); nil where the path leaves the value. (The tests read state
    /// dumps this way.)
    public func at(_ path: String) -> JSONValue? {
        var v: JSONValue? = self
        for part in path.split(separator: ".") {
            if let i = Int(part), let a = v?.arrayValue { v = i < a.count ? a[i] : nil } else { v = v?[String(part)] }
        }
        return v
    }

    /// The number at a dotted path, NaN when there is none (so a comparison with it fails).
    public func number(_ path: String) -> Double { at(path)?.doubleValue ?? .nan }

    /// A number rounded to 1e-3 (state dumps): keeps dumps readable and stable across builds.
    public static func rounded(_ d: Double) -> JSONValue {
        guard d.isFinite else { return .null }
        return .number(d.dumpRounded)
    }

    public static func optional(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }

    /// Compact serialisation on one line, keys in insertion order.
    public var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .number(let d): out += JSONValue.format(d)
        case .string(let s): JSONValue.quote(s, into: &out)
        case .array(let items):
            out += "["
            for (i, v) in items.enumerated() { if i > 0 { out += ", " }; v.write(to: &out) }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (i, (k, v)) in pairs.enumerated() {
                if i > 0 { out += ", " }
                JSONValue.quote(k, into: &out); out += ": "; v.write(to: &out)
            }
            out += "}"
        }
    }

    static func format(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) + ".0" }
        return String(d)
    }

    static func quote(_ s: String, into out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        out += "\""
    }
}
