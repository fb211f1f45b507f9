/// `fling report`: a metrics file (one JSON line per gesture) read back and summed up —
/// gestures, outcomes by policy, release-velocity percentiles, late frames.
public struct MetricsReport: Equatable, Sendable {
    public var gestures: [GestureMetric]

    /// A line that is not a gesture: file:line and why.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var file: String, line: Int, message: String
        public var description: String { "\(file):\(line): \(message)" }
    }

    /// Where the file was cut (a last line without its line end that is not a gesture: a crash
    /// or a full disk mid-write): that line, left out; nil for a whole file.
    public var cutAtLine: Int?

    public init(gestures: [GestureMetric], cutAtLine: Int? = nil) { self.gestures = gestures; self.cutAtLine = cutAtLine }

    /// Reads a metrics file; blank lines are skipped, anything else must be a gesture.
    public static func parse(_ text: String, file: String) throws(ParseError) -> MetricsReport {
        var out: [GestureMetric] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (i, raw) in lines.enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw[...]
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            // The last line, unended: a file cut mid-write keeps every whole line before it.
            let cut = i == lines.count - 1
            let value: JSONValue
            do { value = try JSONParser.parse(String(line)) } catch {
                if cut { return MetricsReport(gestures: out, cutAtLine: i + 1) }
                throw ParseError(file: file, line: i + 1, message: "not JSON: \(error.message) (column \(error.column))")
            }
            do { out.append(try GestureMetric(json: value)) } catch {
                if cut { return MetricsReport(gestures: out, cutAtLine: i + 1) }
                throw ParseError(file: file, line: i + 1, message: error.message)
            }
        }
        return MetricsReport(gestures: out)
    }

    /// Outcome counts per policy (per setting and policy in a `--compare` file: before, its
    /// settings of one policy were counted together), in order of first appearance.
    public var outcomesByPolicy: [(policy: String, outcomes: [(String, Int)])] {
        var policies: [String] = []
        var counts: [String: [(String, Int)]] = [:]
        for g in gestures {
            let key = g.decidedBy
            if counts[key] == nil { policies.append(key); counts[key] = [] }
            if let i = counts[key]?.firstIndex(where: { $0.0 == g.decision.outcome }) {
                counts[key]?[i].1 += 1
            } else {
                counts[key]?.append((g.decision.outcome, 1))
            }
        }
        return policies.map { ($0, counts[$0] ?? []) }
    }

    /// The summary `fling report` prints.
    public var summary: String {
        var lines: [String] = []
        let frames = gestures.reduce(0) { $0 + $1.frames }, late = gestures.reduce(0) { $0 + $1.lateFrames }
        lines.append("gestures: \(gestures.count)")
        lines.append("")
        lines.append("outcomes by policy")
        for (policy, outcomes) in outcomesByPolicy {
            let total = outcomes.reduce(0) { $0 + $1.1 }
            let parts = outcomes.map { "\($0.0) \($0.1) (\(Self.percent($0.1, total)))" }
            lines.append("  \(policy.padding(toLength: 10)) \(parts.joined(separator: ", "))")
        }
        lines.append("")
        lines.append("release speed (pt/s)     p50      p90      p99      max")
        var targets: [String] = []
        for g in gestures where !targets.contains(g.target) { targets.append(g.target) }
        for target in ["all"] + targets {
            let speeds = gestures.filter { target == "all" || $0.target == target }.map { ($0.vx * $0.vx + $0.vy * $0.vy).squareRoot() }
            let cols = [0.5, 0.9, 0.99, 1].map { Statistics.percentile(speeds, $0).map { $0.text(places: 0) } ?? "-" }
            lines.append("  \(target.padding(toLength: 20)) " + cols.map { $0.leftPadding(toLength: 8) }.joined(separator: " "))
        }
        lines.append("")
        lines.append("frames: \(frames), late: \(late) (\(Self.percent(late, frames)))")
        return lines.joined(separator: "\n")
    }

    static func percent(_ n: Int, _ of: Int) -> String {
        of == 0 ? "0 %" : "\((100 * Double(n) / Double(of)).text(places: 0)) %"
    }
}

extension GestureMetric {
    /// What decided, as the report groups lines: the policy, or with `--compare` the setting
    /// ("fluid+dismiss.ratio=8"), and its policy when that is not the setting's own (a card's
    /// or a list's gesture in a sheet setting: "fluid+dismiss.ratio=8 · card").
    public var decidedBy: String {
        guard let setting else { return policy }
        let settingPolicy = setting.split(separator: "+", maxSplits: 1).first.map(String.init) ?? setting
        // A sheet's policy on a chosen set ("fluid[0.3,large]") is still the setting's own.
        let own = SheetPolicyKind.parse(metricsName: policy).map { $0.kind.rawValue } ?? policy
        return settingPolicy == own ? setting : "\(setting) · \(policy)"
    }
}

extension String {
    func padding(toLength n: Int) -> String { count >= n ? self : self + String(repeating: " ", count: n - count) }
    func leftPadding(toLength n: Int) -> String { count >= n ? self : String(repeating: " ", count: n - count) + self }
}
