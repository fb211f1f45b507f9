/// Seed 001 exactly (the UIKit two-stage sheet): anchors full 130 pt and expanded 400 pt on an
/// 844 pt phone, scaled with the window height; never above full; the release direction is the
/// sign of the velocity (≥ 0 is down). Up: above expanded → full, else expanded. Down: below
/// 1.3 × expanded → dismiss over |0.2·v·0.001| + 1.2 s with a damping-ratio-0.7 spring and
/// initial velocity 0.8, else expanded. Slides take 0.3 s; the first presentation 0.6 s.
///
/// On a chosen set (`--sheet-policy two-stage --detents …`) the seed's rule reads one detent
/// at a time, which on its own two is the seed exactly: up goes to the nearest detent at or
/// above the release (the highest when above them all); down dismisses below 1.3 × the lowest
/// detent's top (at most halfway from it to the bottom), and otherwise goes to the next detent
/// below the release (the lowest when below them all).
public struct TwoStageSheetPolicy: SheetPolicy {
    /// Seed 001 times its moves by UIKit durations, so of the tuning only the touch slop
    /// applies (through the sheet model).
    public var tuning: Tuning
    /// A chosen set (nil: the seed's own 130 and 400 of 844).
    public var resting: SheetDetentSet?
    public init(tuning: Tuning = .standard, detents: [SheetDetentSpec]? = nil) {
        self.tuning = tuning
        resting = detents.map(SheetDetentSet.init)
    }
    public var kind: SheetPolicyKind { .twoStage }
    public var initialDetent: SheetDetent { .expanded }
    public func initialDetent(height: Double) -> SheetDetent { lowest(height: height).0 }
    public var pullToHalfDistance: Double? { nil }
    public var detentSet: [SheetDetentSpec]? { resting?.specs }
    public var contentHeight: Double? {
        get { resting?.contentHeight }
        set { resting?.contentHeight = newValue }
    }

    public func topmost(height: Double) -> Double {
        resting?.topmost(height: height) ?? SheetConstants.twoStageFullTop * (height / SheetConstants.twoStageReferenceHeight)
    }
    public func lowest(height: Double) -> (SheetDetent, Double) {
        resting?.lowest(height: height) ?? (.expanded, SheetConstants.twoStageExpandedTop * (height / SheetConstants.twoStageReferenceHeight))
    }
    public func top(of detent: SheetDetent, height: Double) -> Double {
        if let resting { return resting.top(of: detent, height: height) }
        if detent == .dismissed { return height }
        return detent == .full ? topmost(height: height) : lowest(height: height).1
    }
    public func detents(height: Double) -> [(SheetDetent, Double)] {
        resting?.detents(height: height) ?? [(.full, topmost(height: height)), lowest(height: height)]
    }
    public func nextTop(above top: Double, height: Double) -> Double? {
        resting?.nextTop(above: top, height: height) ?? detents(height: height).map(\.1).filter { $0 < top - 1e-9 }.max()
    }

    public func presentation(from top: Double, to target: Double, at time: Double) -> AnimatedValue {
        .timed(TimedAnimation(from: top, to: target, startTime: time, duration: MotionConstants.twoStagePresentDuration, curve: .easeInOut))
    }

    /// "The sheet may never go above full." The seed drops a move that would, without
    /// resetting the pan's translation, so the translation keeps accumulating: the drag's raw
    /// position goes on following the finger and the sheet stays pinned at full until the
    /// finger comes back past where it hit the limit (then it is under the finger again).
    public func draggedTop(raw: Double, height: Double) -> Double { max(raw, topmost(height: height)) }

    public func decision(for r: SheetRelease) -> SheetDecision {
        guard resting != nil else { return seedDecision(for: r) }
        let n = RuleNumber.text
        let set = detents(height: r.height)   // highest first
        let (lowestDetent, lowestTop) = lowest(height: r.height)
        if r.velocity >= 0 {
            // 1.3 × the lowest's top, as the seed's, but never past halfway from it to the
            // bottom: a low detent's sheet can still be pulled away.
            let line = min(lowestTop * MotionConstants.twoStageDismissFactor, lowestTop + (r.height - lowestTop) / 2)
            if r.top > line {
                return SheetDecision(target: .dismissed, rule: "down, top \(n(r.top, 1)) > dismissal line \(n(line, 1))", margin: r.top - line)
            }
            // The next one below (the lowest when none is): from a detent's own top, down goes on.
            let below = set.first { $0.1 > r.top + 1e-9 } ?? (lowestDetent, lowestTop)
            return SheetDecision(target: below.0, rule: "down, top \(n(r.top, 1)) ≤ dismissal line \(n(line, 1)): \(below.0.rawValue) below",
                                 margin: line - r.top)
        }
        let above = set.last { $0.1 <= r.top + 1e-9 } ?? set[0]
        return SheetDecision(target: above.0, rule: "up, top \(n(r.top, 1)): \(above.0.rawValue) at or above", margin: abs(r.top - above.1))
    }

    /// Seed 001's own rule on its own two detents.
    private func seedDecision(for r: SheetRelease) -> SheetDecision {
        let n = RuleNumber.text
        let expanded = top(of: .expanded, height: r.height)
        if r.velocity >= 0 {
            let line = expanded * MotionConstants.twoStageDismissFactor
            let f = n(MotionConstants.twoStageDismissFactor, 2)
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
        abs(velocity * MotionConstants.twoStageDismissVelocityFactor) + MotionConstants.twoStageDismissBaseDuration
    }

    public func settle(_ r: SheetRelease, to target: SheetDetent, at time: Double) -> AnimatedValue {
        let to = top(of: target, height: r.height)
        guard target == .dismissed else {
            return .timed(TimedAnimation(from: r.top, to: to, startTime: time, duration: MotionConstants.twoStageSlideDuration, curve: .easeInOut))
        }
        let duration = Self.dismissDuration(velocity: r.velocity)
        let parameters = SpringParameters.uikit(duration: duration, dampingRatio: MotionConstants.twoStageDismissDampingRatio)
        return .spring(Spring(parameters: parameters, from: r.top, to: to,
                              velocity: SpringVelocity.fromUIKit(MotionConstants.twoStageDismissInitialVelocity, from: r.top, to: to),
                              startTime: time))
    }

    /// The seed removes the sheet in the animation's completion, at the end of its duration.
    public func dismissalEnd(_ release: SheetRelease, at time: Double) -> Double? {
        time + Self.dismissDuration(velocity: release.velocity)
    }

    /// The numbers list scrolls under the finger in every detent (its own scroll view).
    public func contentScrolls(in detent: SheetDetent, height: Double) -> Bool { true }
}
