/// Seed 000 exactly: half at H/2, full at 50 pt; from half, a release more than 25 % of H up
/// goes full, more than 30 % down dismisses, otherwise back to half; from full a drag of the
/// sheet springs back to full; content scrolls only at full, and pulled down more than 120 pt
/// at its top the sheet returns to half. Every move is the seed spring (k 200, c 25, v 10).
public struct TutorialSheetPolicy: SheetPolicy {
    public var tuning: Tuning
    public init(tuning: Tuning = .standard) { self.tuning = tuning }
    public var kind: SheetPolicyKind { .tutorial }
    public var initialDetent: SheetDetent { .half }
    public var pullToHalfDistance: Double? { tuning.tutorialPullToHalf }

    public func detents(height: Double) -> [(SheetDetent, Double)] {
        [(.full, SheetConstants.fullTop), (.half, height / 2)]
    }

    public func presentation(from top: Double, to target: Double, at time: Double) -> AnimatedValue {
        seedSpring(from: top, to: target, at: time)
    }

    /// The seed adds the translation to the offset with no limit.
    public func draggedTop(raw: Double, height: Double) -> Double { raw }

    public func target(for r: SheetRelease) -> SheetDetent {
        guard r.startDetent == .half else { return r.startDetent }
        if r.translation < -r.height * tuning.tutorialFullFraction { return .full }
        if r.translation > r.height * tuning.tutorialDismissFraction { return .dismissed }
        return .half
    }

    public func settle(_ r: SheetRelease, to target: SheetDetent, at time: Double) -> AnimatedValue {
        seedSpring(from: r.top, to: top(of: target, height: r.height), at: time)
    }

    public func contentScrolls(in detent: SheetDetent) -> Bool { detent == .full }
}
