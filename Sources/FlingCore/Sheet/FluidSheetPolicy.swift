/// Fling's own policy, better than both seeds: the release picks the detent nearest to the
/// projected end point (position + the release velocity projected at 0.998/ms, as UIKit's
/// scroll views decelerate); it dismisses when the velocity over the distance left to the
/// bottom reaches 5.5/s, or when the projection lands below the lowest detent by half its
/// height. Springs start with the finger's velocity; past the highest detent the sheet
/// rubber-bands. It rests on any set of detents (`--detents`, SwiftUI's
/// `presentationDetents`): half and full unless told otherwise, presented at the smallest.
public struct FluidSheetPolicy: SheetPolicy {
    public var tuning: Tuning
    /// The detents it rests on (`--detents`), resolved for each window height.
    public var resting: SheetDetentSet
    public var detentSpecs: [SheetDetentSpec] { resting.specs }
    /// The sheet's content height with its handle area (the `content` detent's).
    public var contentHeight: Double? {
        get { resting.contentHeight }
        set { resting.contentHeight = newValue }
    }
    public init(tuning: Tuning = .standard, detents: [SheetDetentSpec] = SheetDetentSpec.standard) {
        self.tuning = tuning
        resting = SheetDetentSet(detents)
    }
    public var kind: SheetPolicyKind { .fluid }
    public var initialDetent: SheetDetent { .half }
    public func initialDetent(height: Double) -> SheetDetent { lowest(height: height).0 }
    public var detentSet: [SheetDetentSpec]? { detentSpecs == SheetDetentSpec.standard ? nil : detentSpecs }
    public var pullToHalfDistance: Double? { nil }

    public func topmost(height: Double) -> Double { resting.topmost(height: height) }
    public func lowest(height: Double) -> (SheetDetent, Double) { resting.lowest(height: height) }
    public func top(of detent: SheetDetent, height: Double) -> Double { resting.top(of: detent, height: height) }
    public func detents(height: Double) -> [(SheetDetent, Double)] { resting.detents(height: height) }
    public func nextTop(above top: Double, height: Double) -> Double? { resting.nextTop(above: top, height: height) }

    public func presentation(from top: Double, to target: Double, at time: Double) -> AnimatedValue {
        seedSpring(from: top, to: target, at: time)
    }

    /// Above full the sheet resists like a scroll view's rubber band (against the height).
    public func draggedTop(raw: Double, height: Double) -> Double {
        let limit = topmost(height: height)
        guard raw < limit else { return raw }
        return limit - RubberBand.offset(overshoot: limit - raw, dimension: height, coefficient: tuning.rubberBand)
    }

    public func projectedEnd(_ r: SheetRelease) -> Double { projectedTop(r) }

    public func decision(for r: SheetRelease) -> SheetDecision {
        let n = RuleNumber.text
        let remaining = max(1, r.height - r.top)
        let ratio = r.velocity / remaining
        if ratio >= tuning.dismissRatio {
            // The margin in pt, as every rule's: how much farther from the bottom the sheet
            // could have been at this speed and still dismissed.
            return SheetDecision(target: .dismissed, rule: "velocity/distance \(n(ratio, 2)) ≥ \(n(tuning.dismissRatio, 2))",
                                 margin: r.velocity / tuning.dismissRatio - remaining)
        }
        let projected = projectedEnd(r)
        let (_, lowestTop) = lowest(height: r.height)
        let line = lowestTop + (r.height - lowestTop) * MotionConstants.fluidDismissProjectionShare
        if projected > line {
            return SheetDecision(target: .dismissed, rule: "projected top \(n(projected, 1)) > dismiss line \(n(line, 1))",
                                 margin: projected - line)
        }
        let all = detents(height: r.height)
        guard let nearest = all.min(by: { abs($0.1 - projected) < abs($1.1 - projected) }) else {
            return SheetDecision(target: .half, rule: "no detents", margin: 0)
        }
        // Room: to the nearest boundary, halfway to another detent or the dismiss line.
        var margin = line - projected
        for other in all where other.0 != nearest.0 {
            margin = min(margin, (abs(other.1 - projected) - abs(nearest.1 - projected)) / 2)
        }
        return SheetDecision(target: nearest.0, rule: "projected top \(n(projected, 1)) nearest \(nearest.0.rawValue) (\(n(nearest.1, 1)))",
                             margin: margin)
    }

    /// The seed's spring constants, started at the finger's release velocity (no jump in speed).
    public func settle(_ r: SheetRelease, to target: SheetDetent, at time: Double) -> AnimatedValue {
        .spring(Spring(parameters: tuning.sheetSpring, from: r.top, to: top(of: target, height: r.height),
                       velocity: r.velocity, startTime: time))
    }

    /// Content scrolls in every detent; at the edges the drag hands off to the sheet.
    public func contentScrolls(in detent: SheetDetent, height: Double) -> Bool { true }
}
