/// A value moving from `from` to `to` over `duration` seconds along a timing curve.
/// Values in value units (pt for positions), times in seconds.
public struct TimedAnimation: Sendable, Equatable {
    public var from: Double
    public var to: Double
    /// When the animation starts (s); before it the value is `from`.
    public var startTime: Double
    /// Length in seconds; 0 (or less) jumps to `to` at `startTime`.
    public var duration: Double
    public var curve: TimingCurve

    public init(from: Double, to: Double, startTime: Double, duration: Double, curve: TimingCurve) {
        self.from = MotionMath.finite(from, or: 0)
        self.to = MotionMath.finite(to, or: self.from)
        self.startTime = MotionMath.finite(startTime, or: 0)
        self.duration = Swift.max(MotionMath.finite(duration, or: 0), 0)
        self.curve = curve
    }

    /// The value at `time` (s).
    public func value(at time: Double) -> Double {
        guard let x = fraction(at: time) else { return isFinished(at: time) ? to : from }
        return from + (to - from) * curve.progress(x)
    }

    /// The velocity at `time`, in value units per second; 0 outside the animation.
    public func velocity(at time: Double) -> Double {
        guard let x = fraction(at: time), x > 0, x < 1 else { return 0 }
        return MotionMath.finite((to - from) * curve.slope(x) / duration, or: 0)
    }

    public func isFinished(at time: Double) -> Bool {
        time >= startTime + duration
    }

    /// Elapsed fraction 0…1, or nil before the start, after the end or for a zero duration.
    private func fraction(at time: Double) -> Double? {
        guard duration > 0, time.isFinite, time >= startTime, time < startTime + duration else { return nil }
        return (time - startTime) / duration
    }
}
