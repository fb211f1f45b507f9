// DecisionRegions: what a sheet policy or the card decides over a grid of (finger travel,
// release velocity), sampled from their own decision code, and the metrics lines grouped into
// the decision map's panels (one per setting and starting detent, one per card tuning).

/// The outcome a policy decides for each (finger travel, release velocity) of a release, for
/// the decision map of `fling report --plot` (the map once drew only fluid's speed ÷
/// distance line, so the releases its projection rule dismissed sat on the "stays" side). The
/// outcome is the policy's own `decision(for:)` (the card's `releaseDecision`), so every rule
/// is in the map and its edges are the rules' real boundaries.
///
/// A release is modelled as the models build it from a straight vertical drag on the sheet's
/// handle or the expanded card: the finger travels `travel` pt (positive down) from where it
/// went down; the sheet (or the card's pull) follows from the edge of the slop circle, so it
/// moves `travel` less the slop; a sheet past full rubber-bands as its policy says.
public struct DecisionRegions: Sendable {
    public enum Rules: Sendable {
        case sheet(any SheetPolicy, start: SheetDetent, height: Double)
        case card(Tuning)
    }

    public var rules: Rules

    public init(_ rules: Rules) { self.rules = rules }

    /// The outcome of a release `travel` pt from the press at `velocity` pt/s (down positive),
    /// in the metrics' vocabulary.
    public func outcome(travel: Double, velocity: Double) -> String {
        switch rules {
        case let .sheet(policy, start, height):
            let slop = policy.tuning.touchSlop
            let moved = travel >= 0 ? max(0, travel - slop) : min(0, travel + slop)
            let startTop = policy.top(of: start, height: height)
            let top = policy.draggedTop(raw: startTop + moved, height: height)
            let release = SheetRelease(startDetent: start, startTop: startTop, top: top, velocity: velocity, height: height,
                                       fingerTranslation: travel)
            return GestureOutcome.sheet(policy.decision(for: release).target)
        case .card(let tuning):
            let pull = max(0, travel - tuning.touchSlop)
            return CardTransition.releaseDecision(pull: pull, velocity: velocity, tuning: tuning).decision.outcome
        }
    }

    /// The outcomes over a grid: `rows` rows of velocity from `velocity.lowerBound` (top) down,
    /// `columns` columns of travel from `travel.lowerBound` (left), each sampled at its centre.
    public func grid(travel: ClosedRange<Double>, velocity: ClosedRange<Double>, columns: Int, rows: Int) -> [[String]] {
        (0..<rows).map { row in
            let v = velocity.lowerBound + (Double(row) + 0.5) / Double(rows) * (velocity.upperBound - velocity.lowerBound)
            return (0..<columns).map { column in
                let x = travel.lowerBound + (Double(column) + 0.5) / Double(columns) * (travel.upperBound - travel.lowerBound)
                return outcome(travel: x, velocity: v)
            }
        }
    }

    /// The tuning a setting or a card's policy name describes: its `key=value` parts (after the
    /// first "+", separated by "+" or ",") over the standard tuning; nil when they do not read.
    public static func tuning(named name: String?) -> Tuning? {
        guard let name else { return .standard }
        guard let plus = name.firstIndex(of: "+") else { return .standard }
        let keys = name[name.index(after: plus)...].split(whereSeparator: { $0 == "+" || $0 == "," }).joined(separator: ",")
        return try? Tuning.parse(keys)
    }
}

/// One panel of the decision map: the gestures one policy (one setting) decided from one
/// starting detent, with the rules that decided them.
public struct DecisionMapPanel: Sendable {
    /// "fluid · from half", "fluid+dismiss.ratio=8 · from full", "card+projection=0.99".
    public var title: String
    /// The rules, or nil when the lines do not say enough to know them (an unknown policy).
    public var regions: DecisionRegions?
    public var gestures: [GestureMetric]
    /// "sheet" or "card".
    public var target: String
    /// The starting detent the panel was drawn from, and whether the lines said so (lines
    /// written before the field existed did not: drawn from the policy's first detent).
    public var startDetent: String?
    public var startKnown: Bool

    /// The finger travel and velocity ranges the panel shows: the gestures with room, and at
    /// least the span where the rules change.
    public func ranges(height: Double) -> (travel: ClosedRange<Double>, velocity: ClosedRange<Double>) {
        let travels = gestures.map { $0.release.y - $0.start.y }
        let maxV = max(target == "card" ? 1500 : 2500, gestures.map { abs($0.vy) }.max() ?? 0) * 1.1
        if target == "card" {
            let maxTravel = max(250, travels.max() ?? 0) * 1.1
            return (0...maxTravel, -maxV...maxV)
        }
        let maxTravel = max(height * 0.6, travels.map(abs).max() ?? 0) * 1.1
        return (-maxTravel...maxTravel, -maxV...maxV)
    }

    /// The sheet and card gestures of `gestures`, one panel per setting (or policy) and
    /// starting detent, in order of first appearance; lists have no panel (no detents).
    public static func panels(_ gestures: [GestureMetric], height: Double) -> [DecisionMapPanel] {
        var out: [DecisionMapPanel] = []
        for g in gestures where g.target == "sheet" || g.target == "card" {
            let key = g.decidedBy
            if let i = out.firstIndex(where: { $0.target == g.target && $0.key == key && $0.startDetent == g.startDetent }) {
                out[i].gestures.append(g)
                continue
            }
            var panel = DecisionMapPanel(title: key, regions: nil, gestures: [g], target: g.target, startDetent: g.startDetent,
                                         startKnown: g.startDetent != nil)
            if g.target == "card" {
                if !key.contains("card") { panel.title = "card (\(key))" }
                // The card's policy name carries the tuning keys it reads.
                panel.regions = DecisionRegions.tuning(named: g.policy).map { DecisionRegions(.card($0)) }
            } else if let (kind, set) = SheetPolicyKind.parse(metricsName: g.policy), let tuning = DecisionRegions.tuning(named: g.setting) {
                let policy = kind.policy(tuning: tuning, detents: set)
                // The policy's rules on the set its line names. A content-sized detent's top is
                // the content's, which the lines do not keep: such a set draws no map, nor does a
                // start the set does not hold, rather than a wrong one.
                let recorded = g.startDetent.map(SheetDetent.init(rawValue:))
                let sized = set.contains(.content)
                let known = !sized && (recorded.map { d in policy.detents(height: height).contains { $0.0 == d } } ?? true)
                let start = known ? recorded ?? policy.initialDetent(height: height) : policy.initialDetent(height: height)
                if known { panel.regions = DecisionRegions(.sheet(policy, start: start, height: height)) }
                panel.title += " · from \(recorded?.rawValue ?? start.rawValue)"
                    + (g.startDetent == nil ? " (start not recorded)" : known ? "" : sized ? " (content-sized: no map)" : " (a detent not in the set: no map)")
            }
            out.append(panel)
        }
        return out
    }

    /// The grouping key (what decided).
    private var key: String { gestures.first?.decidedBy ?? title }
}
