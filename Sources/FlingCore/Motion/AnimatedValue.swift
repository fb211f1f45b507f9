/// One animatable value: at rest, driven by a spring, or driven by a timed curve.
/// What the UI stores per animated property; every read takes the time (s).
public enum AnimatedValue: Sendable, Equatable {
    case resting(Double)
    case spring(Spring)
    case timed(TimedAnimation)

    /// The value at `time` (s), in value units.
    public func value(at time: Double) -> Double {
        switch self {
        case let .resting(value): return value
        case let .spring(spring): return spring.value(at: time)
        case let .timed(animation): return animation.value(at: time)
        }
    }

    /// The velocity at `time`, in value units per second.
    public func velocity(at time: Double) -> Double {
        switch self {
        case .resting: return 0
        case let .spring(spring): return spring.velocity(at: time)
        case let .timed(animation): return animation.velocity(at: time)
        }
    }

    /// Where the value ends up.
    public var target: Double {
        switch self {
        case let .resting(value): return value
        case let .spring(spring): return spring.target
        case let .timed(animation): return animation.to
        }
    }

    /// `.resting(target)` once the spring rests or the curve has finished (the value snaps
    /// exactly to the target so the loop can go idle), else `self`.
    public func settled(at time: Double) -> AnimatedValue {
        switch self {
        case .resting: return self
        case let .spring(spring): return spring.isAtRest(at: time) ? .resting(spring.target) : self
        case let .timed(animation): return animation.isFinished(at: time) ? .resting(animation.to) : self
        }
    }

    public var isAnimating: Bool {
        if case .resting = self { return false }
        return true
    }

    /// A spring from the current value and velocity at `time` to `newTarget`: continuous in
    /// position and velocity whatever the value was doing.
    /// `restDistance`/`restVelocity` are in the value's own units (the defaults are for pt;
    /// a 0…1 progress needs far smaller ones, or it stops short of its overshoot).
    public func animated(to newTarget: Double, with parameters: SpringParameters, at time: Double,
                         restDistance: Double = MotionConstants.restDistance,
                         restVelocity: Double = MotionConstants.restVelocity) -> AnimatedValue {
        .spring(Spring(parameters: parameters, from: value(at: time), to: newTarget,
                       velocity: velocity(at: time), startTime: time,
                       restDistance: restDistance, restVelocity: restVelocity))
    }
}
