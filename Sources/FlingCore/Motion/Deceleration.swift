// Deceleration: UIKit-style exponential slow-down of a released motion in closed form:
// position, velocity, stop time and when it reaches a given point.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A released motion slowing down exponentially, UIKit-style: the velocity is multiplied by
/// `rate` every millisecond, so v(t) = v₀·r^(1000t) and, in closed form,
/// x(t) = x₀ + v₀·(r^(1000t) − 1)/(1000·ln r). Exactly frame-rate independent.
/// Positions in pt, velocities in pt/s, times in seconds.
public struct Deceleration: Sendable, Equatable {
    public let from: Double
    /// Velocity at `startTime`, pt/s.
    public let initialVelocity: Double
    public let startTime: Double
    /// Velocity factor per millisecond, in 0…1 (0.998 normal, 0.99 fast).
    public let rate: Double
    /// Below this speed (pt/s) the motion stops.
    public let stopVelocity: Double

    public init(from: Double, velocity: Double, startTime: Double,
                rate: Double = MotionConstants.decelerationNormal,
                stopVelocity: Double = MotionConstants.decelerationStopVelocity) {
        self.from = MotionMath.finite(from, or: 0)
        self.initialVelocity = MotionMath.finite(velocity, or: 0)
        self.startTime = MotionMath.finite(startTime, or: 0)
        self.rate = rate.isFinite && rate > 0 && rate < 1 ? rate : MotionConstants.decelerationNormal
        self.stopVelocity = Swift.max(MotionMath.finite(stopVelocity, or: 0), 1e-6)
    }

    /// 1000·ln r, per second (negative): v(t) = v₀·e^(k·t).
    private var k: Double { 1000 * log(rate) }

    /// Seconds from the start until the speed falls below `stopVelocity` (0 if it starts below).
    public var duration: Double {
        let speed = abs(initialVelocity)
        guard speed > stopVelocity else { return 0 }
        return log(stopVelocity / speed) / k
    }

    public var endTime: Double { startTime + duration }

    /// Where the motion stops (pt).
    public var finalValue: Double { position(after: duration) }

    /// Position (pt) at `time` (s): `from` before the start, `finalValue` after the stop.
    public func value(at time: Double) -> Double {
        position(after: elapsed(at: time))
    }

    /// Velocity (pt/s) at `time`; 0 once stopped.
    public func velocity(at time: Double) -> Double {
        let t = elapsed(at: time)
        guard t < duration else { return 0 }
        return initialVelocity * exp(k * t)
    }

    public func isFinished(at time: Double) -> Bool { time >= endTime }

    /// The first time (s) the motion reaches `position` (pt), or nil if it stops before.
    public func time(reaching position: Double) -> Double? {
        let distance = position - from
        if distance == 0 { return startTime }
        guard initialVelocity != 0, (distance > 0) == (initialVelocity > 0) else { return nil }
        // e^(k·t) = 1 + distance·k/v₀ must stay within (0, 1].
        let decay = 1 + distance * k / initialVelocity
        guard decay > 0 else { return nil }
        let t = log(decay) / k
        guard t.isFinite, t <= duration else { return nil }
        return startTime + t
    }

    private func elapsed(at time: Double) -> Double {
        guard !time.isNaN else { return 0 }
        return MotionMath.clamp(time - startTime, 0, duration)
    }

    private func position(after t: Double) -> Double {
        from + initialVelocity * (exp(k * t) - 1) / k
    }
}
