/// Seed 000 exactly: half at H/2, full at 50 pt; from half, a release more than 25 % of H up
/// goes full, more than 30 % down dismisses, otherwise back to half (the finger's travel from
/// where it went down, as the seed's `DragGesture.translation`); from full a drag of the
/// sheet springs back to full; content scrolls only at full, and pulled down more than 120 pt
/// at its top the sheet returns to half. Every move is the seed spring (k 200, c 25, v 10).
///
/// On a chosen set (`--detents`) the seed's rules read one detent at a time: from any detent
/// but the highest, more than 25 % of H up goes to the next one up, more than 30 % down to the
/// next one down (from the lowest: dismisses), otherwise back; from the highest a drag springs
/// back; content scrolls only at the highest, and pulled down 120 pt there the sheet goes one
/// down. On half and full that is the seed exactly.
public struct TutorialSheetPolicy: SheetPolicy {
    public var tuning: Tuning
    public var resting: SheetDetentSet
    public init(tuning: Tuning = .standard, detents: [SheetDetentSpec] = SheetDetentSpec.standard) {
        self.tuning = tuning
        resting = SheetDetentSet(detents)
    }
    public var kind: SheetPolicyKind { .tutorial }
    public var initialDetent: SheetDetent { .half }
    public func initialDetent(height: Double) -> SheetDetent { lowest(height: height).0 }
    public var detentSet: [SheetDetentSpec]? { resting.specs == SheetDetentSpec.standard ? nil : resting.specs }
    public var contentHeight: Double? {
        get { resting.contentHeight }
        set { resting.contentHeight = newValue }
    }
    public var pullToHalfDistance: Double? { tuning.tutorialPullToHalf }

    public func topmost(height: Double) -> Double { resting.topmost(height: height) }
    public func lowest(height: Double) -> (SheetDetent, Double) { resting.lowest(height: height) }
    public func top(of detent: SheetDetent, height: Double) -> Double { resting.top(of: detent, height: height) }
    public func detents(height: Double) -> [(SheetDetent, Double)] { resting.detents(height: height) }
    public func nextTop(above top: Double, height: Double) -> Double? { resting.nextTop(above: top, height: height) }

    public func presentation(from top: Double, to target: Double, at time: Double) -> AnimatedValue {
        seedSpring(from: top, to: target, at: time)
    }

    /// The seed adds the translation to the offset with no limit.
    public func draggedTop(raw: Double, height: Double) -> Double { raw }

    /// The thresholds are shares of H, so the rule reads in them: "translation -0.31·H <
    /// -0.25·H"; the margin is in pt, as every policy's (it was once in H). The
    /// translation is the finger's, from where it went down.
    public func decision(for r: SheetRelease) -> SheetDecision {
        let n = RuleNumber.text
        let all = detents(height: r.height)
        let startTop = top(of: r.startDetent, height: r.height)
        guard let i = all.firstIndex(where: { $0.0 == r.startDetent }) ?? all.firstIndex(where: { abs($0.1 - startTop) < 1e-9 }), i > 0 else {
            return SheetDecision(target: r.startDetent, rule: "from \(r.startDetent.rawValue): back to \(r.startDetent.rawValue)", margin: 0)
        }
        let above = all[i - 1].0, below: SheetDetent = i + 1 < all.count ? all[i + 1].0 : .dismissed
        let translation = r.fingerTranslation
        let share = translation / max(r.height, 1)
        let up = -tuning.tutorialFullFraction, down = tuning.tutorialDismissFraction
        if translation < -r.height * tuning.tutorialFullFraction {
            return SheetDecision(target: above, rule: "translation \(n(share, 2))·H < \(n(up, 2))·H", margin: (up - share) * r.height)
        }
        if translation > r.height * tuning.tutorialDismissFraction {
            return SheetDecision(target: below, rule: "translation \(n(share, 2))·H > \(n(down, 2))·H", margin: (share - down) * r.height)
        }
        return SheetDecision(target: r.startDetent, rule: "translation \(n(share, 2))·H within \(n(up, 2))·H…\(n(down, 2))·H",
                             margin: min(share - up, down - share) * r.height)
    }

    public func settle(_ r: SheetRelease, to target: SheetDetent, at time: Double) -> AnimatedValue {
        seedSpring(from: r.top, to: top(of: target, height: r.height), at: time)
    }

    /// Only at the highest detent (the seed: at full).
    public func contentScrolls(in detent: SheetDetent, height: Double) -> Bool {
        abs(top(of: detent, height: height) - topmost(height: height)) < 1e-9
    }
}
