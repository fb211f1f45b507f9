/// Seed 000 exactly: half at H/2, full at 50 pt; from half, a release more than 25 % of H up
/// goes full, more than 30 % down dismisses, otherwise back to half (the finger's travel from
/// where it went down, as the seed's `DragGesture.translation`); from full a drag of the
/// sheet springs back to full; content scrolls only at full, and pulled down more than 120 pt
/// at its top the sheet returns to half. Every move is the seed spring (k 200, c 25, v 10).
public struct TutorialSheetPolicy: SheetPolicy {
    public var tuning: Tuning
    public init(tuning: Tuning = .standard) { self.tuning = tuning }
    public var kind: SheetPolicyKind { .tutorial }
    public var initialDetent: SheetDetent { .half }
    public var pullToHalfDistance: Double? { tuning.tutorialPullToHalf }

    public func topmost(height: Double) -> Double { SheetConstants.fullTop }
    public func lowest(height: Double) -> (SheetDetent, Double) { (.half, height / 2) }

    public func presentation(from top: Double, to target: Double, at time: Double) -> AnimatedValue {
        seedSpring(from: top, to: target, at: time)
    }

    /// The seed adds the translation to the offset with no limit.
    public func draggedTop(raw: Double, height: Double) -> Double { raw }

    /// The thresholds are shares of H, so the rule reads in them: "translation -0.31·H <
    /// -0.25·H"; the margin is in pt, as every policy's (issue 33: it was in H). The
    /// translation is the finger's, from where it went down.
    public func decision(for r: SheetRelease) -> SheetDecision {
        let n = RuleNumber.text
        guard r.startDetent == .half else {
            return SheetDecision(target: r.startDetent, rule: "from \(r.startDetent.rawValue): back to \(r.startDetent.rawValue)", margin: 0)
        }
        let translation = r.fingerTranslation
        let share = translation / max(r.height, 1)
        let up = -tuning.tutorialFullFraction, down = tuning.tutorialDismissFraction
        if translation < -r.height * tuning.tutorialFullFraction {
            return SheetDecision(target: .full, rule: "translation \(n(share, 2))·H < \(n(up, 2))·H", margin: (up - share) * r.height)
        }
        if translation > r.height * tuning.tutorialDismissFraction {
            return SheetDecision(target: .dismissed, rule: "translation \(n(share, 2))·H > \(n(down, 2))·H", margin: (share - down) * r.height)
        }
        return SheetDecision(target: .half, rule: "translation \(n(share, 2))·H within \(n(up, 2))·H…\(n(down, 2))·H",
                             margin: min(share - up, down - share) * r.height)
    }

    public func settle(_ r: SheetRelease, to target: SheetDetent, at time: Double) -> AnimatedValue {
        seedSpring(from: r.top, to: top(of: target, height: r.height), at: time)
    }

    public func contentScrolls(in detent: SheetDetent) -> Bool { detent == .full }
}
