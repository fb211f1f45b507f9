import FlingCore

/// `fling replay --compare`: where the settings decided the same gestures differently.
enum ReplayComparison {
    /// One line per gesture whose outcome differs between settings, e.g.
    /// "gesture 2 (sheet, released at 1.25 s): fluid → full, tutorial → half".
    static func differences(_ runs: [(label: String, gestures: [GestureMetric])]) -> String {
        guard let first = runs.first else { return "" }
        let count = runs.map(\.gestures.count).max() ?? 0
        var lines: [String] = []
        for i in 0..<count {
            let outcomes = runs.map { i < $0.gestures.count ? $0.gestures[i].decision.outcome : "—" }
            guard Set(outcomes).count > 1 else { continue }
            let g = i < first.gestures.count ? first.gestures[i] : runs.compactMap { i < $0.gestures.count ? $0.gestures[i] : nil }.first
            let what = g.map { "\($0.target), released at \(MetricsReport.fixed($0.release.t, 2)) s" } ?? ""
            let parts = zip(runs, outcomes).map { "\($0.0.label) → \($0.1)" }
            lines.append("gesture \(i + 1) (\(what)): \(parts.joined(separator: ", "))")
        }
        let names = runs.map(\.label).joined(separator: ", ")
        if lines.isEmpty { return "\(names): every gesture decided alike (\(count) gestures)" }
        return "\(names): \(lines.count) of \(count) gestures decided differently\n" + lines.joined(separator: "\n")
    }
}
