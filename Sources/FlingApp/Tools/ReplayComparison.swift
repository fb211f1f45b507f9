// ReplayComparison: `fling replay --compare`'s text listing of the presses that the compared
// settings decided differently.
import FlingCore

/// `fling replay --compare`: where the settings decided the same presses differently.
enum ReplayComparison {
    /// Gestures are matched by their press (the same recorded down event in every run); one
    /// line per press whose outcome differs, e.g.
    /// "gesture 2 (pressed at 8.29 s): fluid → sheet dismissed, tutorial → sheet half".
    /// A run where the press decided nothing (it fell on something else) shows "—".
    static func differences(_ runs: [(label: String, gestures: [GestureMetric])]) -> String {
        var presses: [Double] = []
        for run in runs {
            for g in run.gestures where !presses.contains(where: { abs($0 - g.start.t) < 1e-6 }) { presses.append(g.start.t) }
        }
        presses.sort()
        var lines: [String] = []
        for (i, t) in presses.enumerated() {
            let hits = runs.map { run in run.gestures.first { abs($0.start.t - t) < 1e-6 } }
            let targets = Set(hits.compactMap { $0?.target })
            let outcomes = hits.map { g in g.map { targets.count > 1 ? "\($0.target) \($0.decision.outcome)" : $0.decision.outcome } ?? "—" }
            guard Set(outcomes).count > 1 else { continue }
            let what = targets.count == 1 ? "\(targets.first ?? ""), " : ""
            let parts = zip(runs, outcomes).map { "\($0.0.label) → \($0.1)" }
            lines.append("gesture \(i + 1) (\(what)pressed at \(t.text(places: 2)) s): \(parts.joined(separator: ", "))")
        }
        let names = runs.map(\.label).joined(separator: ", ")
        if lines.isEmpty { return "\(names): every gesture decided alike (\(presses.count) gestures)" }
        return "\(names): \(lines.count) of \(presses.count) gestures decided differently\n" + lines.joined(separator: "\n")
    }
}
