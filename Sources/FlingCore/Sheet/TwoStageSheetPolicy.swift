/// Seed 001 exactly (the UIKit two-stage sheet): anchors full 130 pt and expanded 400 pt on an
/// 844 pt phone, scaled with the window height; never above full; the release direction is the
/// sign of the velocity (≥ 0 is down). Up: above expanded → full, else expanded. Down: below
/// 1.3 × expanded → dismiss over |0.2·v·0.001| + 1.2 s with a damping-ratio-0.7 spring and
/// initial velocity 0.8, else expanded. Slides take 0.3 s; the first presentation 0.6 s.
public struct TwoStageSheetPolicy: SheetPolicy {
    /// Seed 001 times its moves by UIKit durations, so of the tuning only the touch slop
    /// applies (through the sheet model).
    public var tuning: Tuning
    public init(tuning: Tuning = .standard) { self.tuning = tuning }
    public var kind: SheetPolicyKind { .twoStage }
    public var initialDetent: SheetDetent { .expanded }
    public var pullToHalfDistance: Double? { nil }

    public func topmost(height: Double) -> Double { SheetConstants.twoStageFullTop * (height / SheetConstants.twoStageReferenceHeight) }
    public func lowest(height: Double) -> (SheetDetent, Double) {
        (.expanded, SheetConstants.twoStageExpandedTop * (height / SheetConstants.twoStageReferenceHeight))
    }

    public func presentation(from top: Double, to target: Double, at time: Double) -> AnimatedValue {
        .timed(TimedAnimation(from: top, to: target, startTime: time, duration: SheetConstants.twoStagePresentDuration, curve: .easeInOut))
    }

    /// "The sheet may never go above full." The seed drops a move that would, without
    /// resetting the pan's translation, so the translation keeps accumulating: the drag's raw
    /// position goes on following the finger and the sheet stays pinned at full until the
    /// finger comes back past where it hit the limit (then it is under the finger again).
    public func draggedTop(raw: Double, height: Double) -> Double { max(raw, topmost(height: height)) }

    public func decision(for r: SheetRelease) -> SheetDecision {
        let n = RuleNumber.text
        let expanded = top(of: .expanded, height: r.height)
        if r.velocity >= 0 {
            let line = expanded * SheetConstants.twoStageDismissFactor
            let f = n(SheetConstants.twoStageDismissFactor, 2)
            return r.top > line
                ? SheetDecision(target: .dismissed, rule: "down, top \(n(r.top, 1)) > \(f)·expanded \(n(line, 1))", margin: r.top - line)
                : SheetDecision(target: .expanded, rule: "down, top \(n(r.top, 1)) ≤ \(f)·expanded \(n(line, 1))", margin: line - r.top)
        }
        return r.top < expanded
            ? SheetDecision(target: .full, rule: "up, top \(n(r.top, 1)) < expanded \(n(expanded, 1))", margin: expanded - r.top)
            : SheetDecision(target: .expanded, rule: "up, top \(n(r.top, 1)) ≥ expanded \(n(expanded, 1))", margin: r.top - expanded)
    }

    /// The dismissal's duration for a release velocity (pt/s).
    public static func dismissDuration(velocity: Double) -> Double {
        abs(velocity * SheetConstants.twoStageDismissVelocityFactor) + SheetConstants.twoStageDismissBaseDuration
    }

    public func settle(_ r: SheetRelease, to target: SheetDetent, at time: Double) -> AnimatedValue {
        let to = top(of: target, height: r.height)
        guard target == .dismissed else {
            return .timed(TimedAnimation(from: r.top, to: to, startTime: time, duration: SheetConstants.twoStageSlideDuration, curve: .easeInOut))
        }
        let duration = Self.dismissDuration(velocity: r.velocity)
        let parameters = SpringParameters.uikit(duration: duration, dampingRatio: SheetConstants.twoStageDismissDampingRatio)
        return .spring(Spring(parameters: parameters, from: r.top, to: to,
                              velocity: SpringVelocity.fromUIKit(SheetConstants.twoStageDismissInitialVelocity, from: r.top, to: to),
                              startTime: time))
    }

    /// The seed removes the sheet in the animation's completion, at the end of its duration.
    public func dismissalEnd(_ release: SheetRelease, at time: Double) -> Double? {
        time + Self.dismissDuration(velocity: release.velocity)
    }

    /// The numbers list scrolls under the finger in every detent (its own scroll view).
    public func contentScrolls(in detent: SheetDetent, height: Double) -> Bool { true }
}
