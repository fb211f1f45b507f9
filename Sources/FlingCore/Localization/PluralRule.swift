/// A gettext catalogue's plural rule (its header's `Plural-Forms: nplurals=N; plural=EXPR;`):
/// the C expression over `n` parsed once and evaluated for each count. Arabic's has
/// six forms, Chinese one; English, with no catalogue, two (n != 1).
public struct PluralRule: Equatable, Sendable {
    indirect enum Expression: Equatable, Sendable {
        case n
        case number(Int)
        case not(Expression)
        case binary(String, Expression, Expression)
        case choice(Expression, Expression, Expression)
    }
    public let count: Int
    let expression: Expression

    /// English's (and gettext's default): one, other.
    public static let english = PluralRule(count: 2, expression: .binary("!=", .n, .number(1)))

    init(count: Int, expression: Expression) { self.count = count; self.expression = expression }

    /// Parses a `Plural-Forms` value, e.g. "nplurals=2; plural=(n != 1);".
    public static func parse(_ header: String) -> Result<PluralRule, CatalogError> {
        var count: Int?
        var expression: String?
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces }
            guard pair.count == 2 else { continue }
            if pair[0] == "nplurals" { count = Int(pair[1]) }
            if pair[0] == "plural" { expression = pair[1] }
        }
        guard let count, (1...6).contains(count) else { return .failure(CatalogError("Plural-Forms: nplurals missing or not 1 to 6 (\(header))")) }
        guard let expression else { return .failure(CatalogError("Plural-Forms: no plural= expression (\(header))")) }
        // A real rule is under 150 characters (Arabic's is the longest); a longer one could
        // nest deep enough to exhaust the stack while it is parsed, compared or evaluated.
        guard expression.utf8.count <= maxExpressionLength else {
            return .failure(CatalogError("Plural-Forms: the plural= expression is over \(maxExpressionLength) characters"))
        }
        var parser = Parser(Array(expression.utf8))
        switch parser.parse() {
        case .success(let e): return .success(PluralRule(count: count, expression: e))
        case .failure(let why): return .failure(CatalogError("Plural-Forms: \(why.reason) in \"\(expression)\""))
        }
    }

    static let maxExpressionLength = 256

    /// The form for `n`, from 0 to count − 1 (a rule that says more is held to the last form).
    public func form(for n: Int) -> Int { min(max(0, Self.evaluate(expression, n)), count - 1) }

    static func evaluate(_ e: Expression, _ n: Int) -> Int {
        switch e {
        case .n: return n
        case .number(let v): return v
        case .not(let a): return evaluate(a, n) == 0 ? 1 : 0
        case .choice(let c, let a, let b): return evaluate(c, n) != 0 ? evaluate(a, n) : evaluate(b, n)
        case .binary(let op, let a, let b):
            let x = evaluate(a, n)
            // (|| and && do not evaluate their right side when the left decides, as in C.)
            if op == "||" { return x != 0 || evaluate(b, n) != 0 ? 1 : 0 }
            if op == "&&" { return x != 0 && evaluate(b, n) != 0 ? 1 : 0 }
            let y = evaluate(b, n)
            switch op {
            case "==": return x == y ? 1 : 0
            case "!=": return x != y ? 1 : 0
            case "<": return x < y ? 1 : 0
            case ">": return x > y ? 1 : 0
            case "<=": return x <= y ? 1 : 0
            case ">=": return x >= y ? 1 : 0
            case "+": return x &+ y
            case "-": return x &- y
            case "*": return x &* y
            // Int.min / -1 overflows: a hostile rule gets 0, as a zero divisor does.
            case "/": return y == 0 || (y == -1 && x == .min) ? 0 : x / y
            case "%": return y == 0 || (y == -1 && x == .min) ? 0 : x % y
            default: return 0
            }
        }
    }

    /// C's precedence, lowest first: ?:, ||, &&, == !=, < > <= >=, + -, * / %, !.
    struct Parser {
        let bytes: [UInt8]
        var at = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func parse() -> Result<Expression, CatalogError> {
            let e = ternary()
            skipSpaces()
            if let error { return .failure(error) }
            guard let e, at == bytes.count else { return .failure(CatalogError("unexpected text at character \(at + 1)")) }
            return .success(e)
        }

        private var error: CatalogError?
        private var depth = 0

        private mutating func skipSpaces() { while at < bytes.count, bytes[at] == 32 || bytes[at] == 9 { at += 1 } }
        private mutating func take(_ token: String) -> Bool {
            skipSpaces()
            let t = Array(token.utf8)
            guard at + t.count <= bytes.count, Array(bytes[at..<at + t.count]) == t else { return false }
            // "<" is not the start of "<=", nor "!" of "!=".
            if t.count == 1, at + 1 < bytes.count, bytes[at + 1] == UInt8(ascii: "="), "<>!=".utf8.contains(t[0]) { return false }
            at += t.count
            return true
        }

        private mutating func ternary() -> Expression? {
            depth += 1; defer { depth -= 1 }
            guard depth < 64 else { error = CatalogError("nested too deeply"); return nil }
            guard let c = binary(0) else { return nil }
            guard take("?") else { return c }
            guard let a = ternary(), take(":") else { error = error ?? CatalogError("a ? without its :"); return nil }
            guard let b = ternary() else { return nil }
            return .choice(c, a, b)
        }

        private static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<=", ">=", "<", ">"], ["+", "-"], ["*", "/", "%"]]

        private mutating func binary(_ level: Int) -> Expression? {
            guard level < Self.levels.count else { return unary() }
            guard var left = binary(level + 1) else { return nil }
            while let op = Self.levels[level].first(where: { take($0) }) {
                guard let right = binary(level + 1) else { return nil }
                left = .binary(op, left, right)
            }
            return left
        }

        private mutating func unary() -> Expression? {
            if take("!") { return unary().map { .not($0) } }
            skipSpaces()
            guard at < bytes.count else { error = CatalogError("the expression ends too soon"); return nil }
            if bytes[at] == UInt8(ascii: "n") { at += 1; return .n }
            if bytes[at] == UInt8(ascii: "(") {
                at += 1
                guard let e = ternary() else { return nil }
                guard take(")") else { error = error ?? CatalogError("a ( without its )"); return nil }
                return e
            }
            var v = 0, digits = 0
            while at < bytes.count, (48...57).contains(bytes[at]), digits < 9 { v = v * 10 + Int(bytes[at] - 48); at += 1; digits += 1 }
            guard digits > 0 else { error = CatalogError("unexpected character at \(at + 1)"); return nil }
            return .number(v)
        }
    }
}

/// What is wrong with a catalogue, said for its file.
public struct CatalogError: Error, Equatable, Sendable {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" }).reversed().drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" }).reversed())
    }
}
