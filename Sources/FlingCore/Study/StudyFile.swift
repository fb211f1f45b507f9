// StudyFile: a UX study as a file: its conditions (a policy and tuning each, shown
// to the participant only as A, B, …), tasks (a start state, a success predicate, the intent),
// repetitions and the prompt, read from a small TOML subset with file:line errors.

/// One study, as read from its file.
public struct StudyFile: Equatable, Sendable {
    public struct Condition: Equatable, Sendable {
        /// The researcher's name for it (never shown to the participant).
        public var name: String
        public var policy: SheetPolicyKind
        public var tuning: Tuning
        /// `--inject-stall`-style freezes (a weak kiosk), e.g. "400@3"; nil: none.
        public var stall: String?
        public var line: Int
        /// The detents a fluid sheet rests on (`detents = "0.3,0.6,large"`), and
        /// whether the list behind it takes touches (`background_interaction = "upto=0.3"`).
        public var detents = SheetDetentSpec.standard
        public var backgroundInteraction = SheetBackgroundInteraction.disabled
        /// How the Today cards open (`card_style = "zoom"`); a condition that sets it may
        /// leave out the sheet's policy (fluid).
        public var cardStyle = CardStyle.expand
    }

    /// What the task wants of a dismissal: a dismissal in a task that does not want one is an
    /// accident; a task that wants one and ends without it missed it.
    public enum DismissIntent: String, Equatable, Sendable { case wanted, unwanted }

    public struct Task: Equatable, Sendable {
        public var id: String
        /// The banner's text.
        public var text: String
        public var start: StudyStart
        /// Stages that must hold in order (each a conjunction over the state dump).
        public var success: [StudyPredicate]
        public var dismiss: DismissIntent
        public var line: Int
    }

    public var title: String
    public var conditions: [Condition]
    public var tasks: [Task]
    public var repetitions: Int
    /// Seconds before a trial ends as timed out.
    public var timeout: Double
    /// The prompt after each trial: always "did it do what you expected?" and a 1–7 rating;
    /// `askExpected`: "what did you expect?" with these outcomes as choices, after a "No".
    public var question: String
    public var expectedChoices: [String]

    /// The label condition `i` has for the participant: "A", "B", …
    public static func label(_ i: Int) -> String { String(UnicodeScalar(UInt8(65 + i % 26))) }

    /// A study file's problem, with where it is.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "\(line): \(message)" }
    }

    public static func parse(_ text: String) throws(ParseError) -> StudyFile {
        let tables = try TOMLSubset.parse(text)
        var title = "Study", repetitions = 1, timeout = 60.0
        var question = "Did it do what you expected?", choices: [String] = []
        var conditions: [Condition] = [], tasks: [Task] = []
        // A second [study] or [[study]] table was merged into the first, key by key.
        var studyLine: Int?
        for t in tables {
            switch t.name {
            case "study":
                if let first = studyLine {
                    throw ParseError(line: t.line, message: "a second study table (the first is on line \(first)): a file holds one [study]")
                }
                studyLine = t.line
                try t.onlyKeys(["title", "repetitions", "timeout", "question", "expected_choices"])
                title = try t.string("title") ?? title
                repetitions = try t.integer("repetitions", in: 1...100) ?? repetitions
                timeout = try t.number("timeout", in: 1...3600) ?? timeout
                question = try t.string("question") ?? question
                choices = try t.strings("expected_choices") ?? []
            case "condition":
                try t.onlyKeys(["name", "policy", "tune", "stall", "detents", "background_interaction", "card_style"])
                let name = try t.requiredString("name")
                var cardStyle = CardStyle.expand
                if let c = try t.string("card_style") {
                    switch CardStyle.parse(c) {
                    case .success(let style): cardStyle = style
                    case .failure(let e): throw ParseError(line: t.line(of: "card_style"), message: "card_style: \(e.message)")
                    }
                }
                let p = t.values["card_style"] != nil ? try t.string("policy") ?? SheetPolicyKind.fluid.rawValue : try t.requiredString("policy")
                guard let policy = SheetPolicyKind(rawValue: p) else {
                    throw ParseError(line: t.line(of: "policy"), message: "unknown policy '\(p)' (fluid, tutorial, two-stage)")
                }
                var tuning = Tuning.standard
                if let tune = try t.string("tune") {
                    do throws(Tuning.ParseError) { tuning = try Tuning.parse(tune) } catch {
                        throw ParseError(line: t.line(of: "tune"), message: "tune: \(error)")
                    }
                }
                let stall = try t.string("stall")
                if let stall, case .failure(let e) = StallInjector.parse(stall) {
                    throw ParseError(line: t.line(of: "stall"), message: "stall: \(e.message)")
                }
                var condition = Condition(name: name, policy: policy, tuning: tuning, stall: stall, line: t.line)
                condition.cardStyle = cardStyle
                if let d = try t.string("detents") {
                    do throws(SheetDetentError) { condition.detents = try SheetDetentSpec.parse(d) } catch {
                        throw ParseError(line: t.line(of: "detents"), message: "detents: \(error.message)")
                    }
                }
                if let b = try t.string("background_interaction") {
                    guard policy == .fluid || b == "disabled" else {
                        throw ParseError(line: t.line(of: "background_interaction"), message: "background_interaction: the \(policy.rawValue) policy's sheet is modal")
                    }
                    do throws(SheetDetentError) { condition.backgroundInteraction = try SheetBackgroundInteraction.parse(b, detents: condition.detents) } catch {
                        throw ParseError(line: t.line(of: "background_interaction"), message: "background_interaction: \(error.message)")
                    }
                }
                conditions.append(condition)
            case "task":
                try t.onlyKeys(["id", "text", "start", "success", "dismiss"])
                let id = try t.requiredString("id")
                let text = try t.requiredString("text")
                let s = try t.requiredString("start")
                guard let start = StudyStart(s) else {
                    throw ParseError(line: t.line(of: "start"), message: "unknown start '\(s)' (\(StudyStart.forms))")
                }
                // One test, or a list of stages.
                let stages: [String]
                if case .strings(let list)? = t.values["success"]?.value { stages = list } else { stages = [try t.requiredString("success")] }
                guard !stages.isEmpty else { throw ParseError(line: t.line(of: "success"), message: "success lists no test") }
                var success: [StudyPredicate] = []
                for stage in stages {
                    do throws(StudyPredicate.ParseError) { success.append(try StudyPredicate.parse(stage)) } catch {
                        throw ParseError(line: t.line(of: "success"), message: "success: \(error.message)")
                    }
                }
                let d = try t.string("dismiss") ?? "unwanted"
                guard let dismiss = DismissIntent(rawValue: d) else {
                    throw ParseError(line: t.line(of: "dismiss"), message: "dismiss must be wanted or unwanted, not '\(d)'")
                }
                guard !tasks.contains(where: { $0.id == id }) else { throw ParseError(line: t.line(of: "id"), message: "a second task '\(id)'") }
                // ("all" names the report's rows over every task.)
                guard id != "all", !id.isEmpty else { throw ParseError(line: t.line(of: "id"), message: "a task's id may not be '\(id)'") }
                tasks.append(Task(id: id, text: text, start: start, success: success, dismiss: dismiss, line: t.line))
            default:
                throw ParseError(line: t.line, message: "unknown table [\(t.name)] (study, [[condition]], [[task]])")
            }
        }
        guard conditions.count >= 1 else { throw ParseError(line: 1, message: "no [[condition]]") }
        guard conditions.count <= 26 else { throw ParseError(line: conditions[26].line, message: "at most 26 conditions (A to Z)") }
        guard !tasks.isEmpty else { throw ParseError(line: 1, message: "no [[task]]") }
        return StudyFile(title: title, conditions: conditions, tasks: tasks, repetitions: repetitions, timeout: timeout,
                         question: question, expectedChoices: choices)
    }
}

/// Where a trial starts: the app brought there (with its normal animations) before the task.
public enum StudyStart: Equatable, Sendable {
    /// The restaurant list at its top, no sheet.
    case restaurants
    /// The sheet of the named restaurant up at half, or at full.
    case sheet(String, full: Bool)
    /// The Today cards at the top, none open.
    case today
    /// Today with card `n` (from 0) open.
    case card(Int)

    static let forms = "restaurants, sheet:NAME, sheet-full:NAME, today, card:N"

    public init?(_ s: String) {
        let parts = s.split(separator: ":", maxSplits: 1).map(String.init)
        switch (parts.first, parts.count) {
        case ("restaurants", 1): self = .restaurants
        case ("today", 1): self = .today
        case ("sheet", 2): self = .sheet(parts[1], full: false)
        case ("sheet-full", 2): self = .sheet(parts[1], full: true)
        case ("card", 2):
            guard let n = Int(parts[1]), n >= 0 else { return nil }
            self = .card(n)
        default: return nil
        }
    }
}

/// A conjunction of `path == value` / `path != value` tests over the state dump
/// (`sheet.detent == full && sheet.phase == resting`).
public struct StudyPredicate: Equatable, Sendable {
    public struct Test: Equatable, Sendable {
        public var path: String
        public var equal: Bool
        /// The value as written (a string, a number, true/false or null).
        public var value: String
    }
    public var tests: [Test]
    public var text: String

    public struct ParseError: Error { public var message: String }

    public static func parse(_ s: String) throws(ParseError) -> StudyPredicate {
        var tests: [Test] = []
        for part in Self.split(s, on: "&&") {
            let p = part.trimmingWhitespace()
            let (op, equal) = Self.split(p, on: "!=").count == 2 ? ("!=", false) : ("==", true)
            let sides = Self.split(p, on: op)
            guard sides.count == 2 else { throw ParseError(message: "'\(p)' is not PATH == VALUE or PATH != VALUE") }
            let path = sides[0].trimmingWhitespace()
            var value = sides[1].trimmingWhitespace()
            if value.count >= 2, value.hasPrefix("'"), value.hasSuffix("'") { value = String(value.dropFirst().dropLast()) }
            guard !path.isEmpty, !value.isEmpty, path.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" }) else {
                throw ParseError(message: "'\(p)' is not PATH == VALUE or PATH != VALUE")
            }
            tests.append(Test(path: path, equal: equal, value: value))
        }
        return StudyPredicate(tests: tests, text: s)
    }

    /// `s` cut at each `separator` (a two-character operator).
    static func split(_ s: String, on separator: String) -> [String] {
        var parts: [String] = [], current = ""
        let sep = Array(separator), chars = Array(s)
        var i = 0
        while i < chars.count {
            if i + sep.count <= chars.count, Array(chars[i..<(i + sep.count)]) == sep {
                parts.append(current); current = ""; i += sep.count
            } else {
                current.append(chars[i]); i += 1
            }
        }
        parts.append(current)
        return parts
    }

    /// Whether every test holds in `state` (a missing path is null).
    public func holds(in state: JSONValue) -> Bool {
        tests.allSatisfy { t in
            let v = state.at(t.path) ?? .null
            let same: Bool
            switch v {
            case .null: same = t.value == "null"
            case .bool(let b): same = t.value == (b ? "true" : "false")
            case .string(let s): same = s == t.value
            default:
                if let d = v.doubleValue, let w = Double(t.value) { same = d == w } else { same = false }
            }
            return same == t.equal
        }
    }
}
