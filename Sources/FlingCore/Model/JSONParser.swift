/// A malformed JSON document: where (1-based line and column) and what.
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String
    public var description: String { "line \(line), column \(column): \(message)" }
}

/// A strict RFC 8259 parser that reports the line and column of the first error
/// (Foundation's decoder does not say where on Linux).
public struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(bytes: Array(text.utf8))
    }

    /// The same, of UTF-8 bytes (the caller has checked they are UTF-8).
    public static func parse(bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the end of the document") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// A document whose top level is an array, checked whole as `parse` does (the same
    /// errors at the same places) but built nowhere: each item's byte range, and for an
    /// object item the kind of the first value of each of `keys` (nil for an item that is not
    /// an object) handed to `visit`. A data file of 100,000 rows is read this way, and each
    /// row built (`parse(bytes:)` of its range) only when it is shown.
    /// A document that is not an array gives no items: `visit` is never called.
    public static func scanArray(bytes: [UInt8], keys: [String],
                                 _ visit: (_ item: Int, _ kinds: [JSONKind]?) -> Void) throws(JSONSyntaxError) -> [Range<Int>]? {
        var p = JSONParser(bytes: bytes)
        p.skipWhitespace()
        guard p.current == UInt8(ascii: "[") else { _ = try parse(bytes: bytes); return nil }
        p.index += 1
        var items: [Range<Int>] = []
        p.skipWhitespace()
        if p.current == UInt8(ascii: "]") { p.index += 1 } else {
            while true {
                p.skipWhitespace()
                let start = p.index
                if p.current == UInt8(ascii: "{") {
                    var kinds = [JSONKind](repeating: .absent, count: keys.count)
                    _ = try p.parseObject(depth: 1, build: false, keys: keys, kinds: &kinds)
                    visit(items.count, kinds)
                } else {
                    _ = try p.parseValue(depth: 1, build: false)
                    visit(items.count, nil)
                }
                items.append(start..<p.index)
                p.skipWhitespace()
                if p.current == UInt8(ascii: ",") { p.index += 1; continue }
                if p.current == UInt8(ascii: "]") { p.index += 1; break }
                throw p.error("',' or ']' was expected in an array")
            }
        }
        p.skipWhitespace()
        guard p.index == p.bytes.count else { throw p.error("unexpected text after the end of the document") }
        return items
    }

    private func error(_ message: String) -> JSONSyntaxError {
        // Column counts characters, not bytes.
        let column = String(decoding: bytes[lineStart..<min(index, bytes.count)], as: UTF8.self).count + 1
        return JSONSyntaxError(line: line, column: column, message: message)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let c = current {
            if c == 0x0A { line += 1; index += 1; lineStart = index }
            else if c == 0x20 || c == 0x09 || c == 0x0D { index += 1 }
            else { break }
        }
    }

    private mutating func parseValue(depth: Int, build: Bool = true) throws(JSONSyntaxError) -> JSONValue {
        guard depth < 256 else { throw error("nesting deeper than 256 levels") }
        guard let c = current else { throw error("unexpected end of the document, a value was expected") }
        switch c {
        case UInt8(ascii: "{"): return try parseObject(depth: depth, build: build)
        case UInt8(ascii: "["): return try parseArray(depth: depth, build: build)
        case UInt8(ascii: "\""): return .string(try parseString(build: build))
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character '\(Character(Unicode.Scalar(c)))', a value was expected")
        }
    }

    private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        for b in word.utf8 {
            guard current == b else { throw error("invalid literal, '\(word)' was expected") }
            index += 1
        }
    }

    private mutating func parseObject(depth: Int, build: Bool) throws(JSONSyntaxError) -> JSONValue {
        var none: [JSONKind] = []
        return try parseObject(depth: depth, build: build, keys: [], kinds: &none)
    }

    /// An object; for a scanned array's item also the kind of each of `keys`' first value.
    private mutating func parseObject(depth: Int, build: Bool, keys: [String], kinds: inout [JSONKind]) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var pairs: [(String, JSONValue)] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return .object(pairs) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("a string key was expected") }
            let key = try parseString(build: true)
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("':' was expected after the key \"\(key)\"") }
            index += 1
            skipWhitespace()
            let kind = keys.isEmpty ? JSONKind.absent : JSONKind(first: current)
            let value = try parseValue(depth: depth + 1, build: build)
            if build { pairs.append((key, value)) }
            // The first of a repeated key counts, as `JSONValue`'s subscript reads it.
            if !keys.isEmpty, let k = keys.firstIndex(of: key), kinds[k] == .absent { kinds[k] = kind }
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            if current == UInt8(ascii: "}") { index += 1; return .object(pairs) }
            throw error("',' or '}' was expected in an object")
        }
    }

    private mutating func parseArray(depth: Int, build: Bool) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            let item = try parseValue(depth: depth + 1, build: build)
            if build { items.append(item) }
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            if current == UInt8(ascii: "]") { index += 1; return .array(items) }
            throw error("',' or ']' was expected in an array")
        }
    }

    /// A string (checked whole; built only when `build`).
    private mutating func parseString(build: Bool) throws(JSONSyntaxError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() {
            guard build else { return }
            scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars); raw.removeAll()
        }
        while true {
            guard let c = current else { throw error("unterminated string") }
            if c == UInt8(ascii: "\"") { index += 1; break }
            if c < 0x20 { throw error("control character in a string (newlines must be written \\n)") }
            if c == UInt8(ascii: "\\") {
                index += 1
                guard let e = current else { throw error("unterminated escape") }
                index += 1
                flush()
                switch e {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800..<0xDC00).contains(code) {
                        // A high surrogate must be followed by an escaped low one (RFC 8259 §7).
                        guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("a high surrogate \\u\(hex4(code)) must be followed by a low surrogate escape \\uDC00…\\uDFFF")
                        }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00..<0xE000).contains(low) else {
                            throw error("a high surrogate \\u\(hex4(code)) must be followed by a low surrogate \\uDC00…\\uDFFF, not \\u\(hex4(low))")
                        }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(code) {
                        throw error("a low surrogate \\u\(hex4(code)) without a high surrogate before it")
                    }
                    guard let s = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    if build { scalars.append(s) }
                default: throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))'")
                }
                continue
            }
            if build { raw.append(c) }
            index += 1
        }
        flush()
        return build ? String(scalars) : ""
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let c = current, let d = hexDigit(c) else { throw error("invalid \\u escape, 4 hex digits expected") }
            v = v * 16 + d
            index += 1
        }
        return v
    }

    private func hex4(_ v: UInt32) -> String {
        let h = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - h.count)) + h
    }

    private func hexDigit(_ c: UInt8) -> UInt32? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(c - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(c - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            var n = 0
            while let c = current, c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") { index += 1; n += 1 }
            return n
        }
        guard digits() > 0 else { throw error("a digit was expected") }
        var isInteger = true
        if current == UInt8(ascii: ".") {
            index += 1; isInteger = false
            guard digits() > 0 else { throw error("a digit was expected after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1; isInteger = false
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("a digit was expected in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let i = Int(text) { return .int(i) }
        guard let d = Double(text) else { throw error("invalid number '\(text)'") }
        guard d.isFinite else { throw error("number '\(text)' is out of range") }
        return .number(d)
    }
}

/// What kind of value a key of a scanned object holds (`JSONParser.scanArray`).
public enum JSONKind: Equatable, Sendable {
    case absent, null, bool, number, string, array, object

    init(first byte: UInt8?) {
        switch byte {
        case UInt8(ascii: "\""): self = .string
        case UInt8(ascii: "{"): self = .object
        case UInt8(ascii: "["): self = .array
        case UInt8(ascii: "t"), UInt8(ascii: "f"): self = .bool
        case UInt8(ascii: "n"): self = .null
        default: self = .number
        }
    }
}
