// Spring: a damped spring's trajectory solved in closed form: value and velocity at any time,
// rest detection, retargeting mid-flight and settle time.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A damped-harmonic-oscillator trajectory solved in closed form (under-, critically and
/// overdamped), so its value at any time is exact and does not depend on the frame rate.
/// Values are in value units (pt for positions), velocities in value units per second,
/// times in seconds on the caller's clock.
public struct Spring: Sendable, Equatable {
    public var parameters: SpringParameters
    /// Where the spring comes to rest. Changing it re-solves from `startTime`; to keep the
    /// motion continuous use `retargeted(to:at:)` instead.
    public var target: Double
    /// Value at `startTime`.
    public let from: Double
    /// Velocity at `startTime`, in value units per second (absolute, not relative to the distance;
    /// convert relative ones with `SpringVelocity`).
    public let initialVelocity: Double
    /// When the motion starts (s). Before it the value is `from`.
    public let startTime: Double
    /// Rest thresholds: distance to the target (value units) and speed (value units per second).
    public var restDistance: Double
    public var restVelocity: Double

    /// - Parameters:
    ///   - from: the value at `startTime`; `to`: the target.
    ///   - velocity: initial velocity in value units per second (pt/s for positions).
    ///   - startTime: seconds, on the same clock later passed to `value(at:)`.
    public init(parameters: SpringParameters, from: Double, to: Double, velocity: Double, startTime: Double,
                restDistance: Double = MotionConstants.restDistance,
                restVelocity: Double = MotionConstants.restVelocity) {
        let from = MotionMath.finite(from, or: 0)
        self.parameters = parameters
        self.from = from
        self.target = MotionMath.finite(to, or: from)
        self.initialVelocity = MotionMath.finite(velocity, or: 0)
        self.startTime = MotionMath.finite(startTime, or: 0)
        self.restDistance = restDistance
        self.restVelocity = restVelocity
    }

    /// The value at `time` (s).
    public func value(at time: Double) -> Double {
        target + state(at: time).displacement
    }

    /// The velocity at `time`, in value units per second.
    public func velocity(at time: Double) -> Double {
        state(at: time).velocity
    }

    /// True when |value − target| < `restDistance` (0.5) and |velocity| < `restVelocity` (2 /s).
    public func isAtRest(at time: Double) -> Bool {
        let s = state(at: time)
        return abs(s.displacement) < restDistance && abs(s.velocity) < restVelocity
    }

    /// A spring with the same value and velocity at `time` heading for `newTarget`.
    public func retargeted(to newTarget: Double, at time: Double) -> Spring {
        let s = state(at: time)
        return Spring(parameters: parameters, from: target + s.displacement, to: newTarget,
                      velocity: s.velocity, startTime: Swift.max(time, startTime),
                      restDistance: restDistance, restVelocity: restVelocity)
    }

    /// Seconds after `startTime` at which the spring first comes to rest, found by scanning
    /// forward in steps of at most 1 ms (finer for stiff springs) and refining the crossing by
    /// bisection; `maximum` (s) if it never rests before then.
    public func settleTime(maximum: Double = MotionConstants.maximumSettleTime) -> Double {
        let maximum = MotionMath.clamp(MotionMath.finite(maximum, or: 0), 0, 1e6)
        if isAtRest(at: startTime) { return 0 }
        let omega = Swift.max(parameters.naturalFrequency, 1e-9)
        // ~60 samples per natural period, never more than 200 000 samples in all.
        let step = Swift.max(Swift.min(1e-3, 0.1 / omega), maximum / 200_000)
        var before = 0.0
        while before < maximum {
            let after = Swift.min(before + step, maximum)
            if isAtRest(at: startTime + after) {
                var low = before, high = after
                for _ in 0..<60 {
                    let mid = (low + high) / 2
                    if isAtRest(at: startTime + mid) { high = mid } else { low = mid }
                }
                return high
            }
            before = after
        }
        return maximum
    }

    /// Mechanical energy relative to the target: ½k·x² + ½m·v².
    func energy(at time: Double) -> Double {
        let p = SpringParameters.sanitized(parameters)
        let s = state(at: time)
        return 0.5 * p.stiffness * s.displacement * s.displacement + 0.5 * p.mass * s.velocity * s.velocity
    }

    /// Displacement from the target and velocity, from the closed-form solution
    /// x(t) = C(t)·x₀ + S(t)·(v₀ + α·x₀), v(t) = C(t)·v₀ − S(t)·(α·v₀ + ω₀²·x₀),
    /// with α = c/2m and (C, S) = e^(−αt)·(cos ωt, sin(ωt)/ω) underdamped, (1, t)·e^(−αt)
    /// critically damped and e^(−αt)·(cosh βt, sinh(βt)/β) overdamped.
    private func state(at time: Double) -> (displacement: Double, velocity: Double) {
        let x0 = from - target
        let v0 = initialVelocity
        let elapsed = time - startTime
        if elapsed.isNaN || elapsed <= 0 { return (x0, v0) }
        if elapsed == .infinity { return (0, 0) }

        let p = SpringParameters.sanitized(parameters)
        let alpha = p.damping / (2 * p.mass)
        let omega0Squared = p.stiffness / p.mass
        let discriminant = omega0Squared - alpha * alpha
        let (c, s) = Self.basis(alpha: alpha, discriminant: discriminant, t: elapsed)
        let x = c * x0 + s * (v0 + alpha * x0)
        let v = c * v0 - s * (alpha * v0 + omega0Squared * x0)
        // Products like huge·0 cannot occur above, but stay defensive: a spring never yields NaN.
        return (MotionMath.finite(x, or: 0), MotionMath.finite(v, or: 0))
    }

    /// The (C, S) pair above, written so that nothing overflows for large t and nothing
    /// cancels near critical damping (sin(ωt)/ω and sinh(βt)/β tend to t as ω, β → 0).
    private static func basis(alpha: Double, discriminant: Double, t: Double) -> (Double, Double) {
        let decay = exp(-alpha * t)
        if discriminant > 0 {
            let omega = discriminant.squareRoot()
            return (decay * cos(omega * t), decay * sin(omega * t) / omega)
        }
        if discriminant == 0 {
            return (decay, decay * t)
        }
        let beta = (-discriminant).squareRoot()
        if beta * t < 1 {
            return (decay * cosh(beta * t), decay * sinh(beta * t) / beta)
        }
        // cosh and sinh would overflow where e^(−αt) underflows: combine the exponents first.
        let slow = exp((beta - alpha) * t), fast = exp((-beta - alpha) * t)
        return ((slow + fast) / 2, (slow - fast) / (2 * beta))
    }
}
