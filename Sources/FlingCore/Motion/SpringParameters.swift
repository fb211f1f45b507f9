// SpringParameters: a spring's mass, stiffness and damping, and their conversion from SwiftUI's
// response/damping fraction, Apple's duration/bounce and UIKit's duration/damping ratio.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The physical constants of a damped spring, and the ways the seeds and Apple's APIs name them.
/// Units: mass in arbitrary mass units, stiffness in N/m-like units (force per value unit),
/// damping per second; with mass 1, stiffness is ω₀² (rad²/s²).
public struct SpringParameters: Sendable, Equatable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double

    public init(stiffness: Double, damping: Double, mass: Double = 1) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// SwiftUI `spring(response:dampingFraction:)`: k = (2π/response)², c = 4π·ζ/response, m = 1.
    /// `response` in seconds (the undamped period).
    public static func response(_ response: Double, dampingFraction: Double) -> SpringParameters {
        let response = Swift.max(MotionMath.finite(response, or: 1), 1e-6)
        let zeta = Swift.max(MotionMath.finite(dampingFraction, or: 1), 0)
        let omega = 2 * Double.pi / response
        return SpringParameters(stiffness: omega * omega, damping: 2 * zeta * omega, mass: 1)
    }

    /// Apple's `Spring(duration:bounce:)`: the response is `duration` (seconds); bounce 0 is
    /// critically damped, bounce > 0 gives ζ = 1 − bounce, bounce < 0 gives ζ = 1 / (1 + bounce).
    /// Apple's example: duration 0.5, bounce 0.3 → stiffness 157.9, damping 17.6.
    public static func duration(_ duration: Double, bounce: Double) -> SpringParameters {
        let bounce = MotionMath.clamp(MotionMath.finite(bounce, or: 0), -0.99, 1)
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        return response(duration, dampingFraction: zeta)
    }

    /// UIKit `animate(withDuration:delay:usingSpringWithDamping:…)`: `dampingRatio` is ζ and
    /// `duration` (seconds) is when the motion has visibly ended. UIKit publishes no formula, so
    /// the natural frequency is chosen so that, for a start at rest, the oscillation envelope
    /// has decayed to `MotionConstants.uikitSettleFraction` of the distance at `duration`.
    /// (UIKit's `initialSpringVelocity` goes through `SpringVelocity.fromUIKit`.)
    public static func uikit(duration: Double, dampingRatio: Double) -> SpringParameters {
        let duration = Swift.max(MotionMath.finite(duration, or: 0.5), 1e-3)
        let zeta = Swift.max(MotionMath.finite(dampingRatio, or: 1), MotionConstants.minimumUIKitDampingRatio)
        // A spring with natural frequency ω₀ is the ω₀ = 1 spring with time scaled by ω₀, so
        // its settle time is T₁/ω₀ where T₁ is the settle time at ω₀ = 1.
        let omega = unitSettleTime(dampingRatio: zeta, fraction: MotionConstants.uikitSettleFraction) / duration
        return SpringParameters(stiffness: omega * omega, damping: 2 * zeta * omega, mass: 1)
    }

    /// ζ = c / (2√(k·m)); 0 when the spring is degenerate.
    public var dampingRatio: Double {
        let s = Self.sanitized(self)
        return s.damping / (2 * (s.stiffness * s.mass).squareRoot())
    }

    /// ω₀ = √(k/m), in rad/s.
    public var naturalFrequency: Double {
        let s = Self.sanitized(self)
        return (s.stiffness / s.mass).squareRoot()
    }

    /// Mass, stiffness and damping made usable: a non-positive or non-finite mass becomes 1,
    /// stiffness at least 1e-9, damping at least 0, so no formula divides by zero.
    static func sanitized(_ p: SpringParameters) -> SpringParameters {
        let mass = p.mass.isFinite && p.mass > 0 ? p.mass : 1
        let stiffness = p.stiffness.isFinite && p.stiffness > 1e-9 ? p.stiffness : 1e-9
        let damping = p.damping.isFinite && p.damping > 0 ? p.damping : 0
        return SpringParameters(stiffness: stiffness, damping: damping, mass: mass)
    }

    /// Time (in units of 1/ω₀) after which a spring released at rest from distance 1 stays
    /// within `fraction` of its target.
    static func unitSettleTime(dampingRatio zeta: Double, fraction: Double) -> Double {
        if zeta < 1 {
            // Envelope of the underdamped motion: e^(−ζt) / √(1 − ζ²).
            return log(1 / (fraction * (1 - zeta * zeta).squareRoot())) / zeta
        }
        // Critically and overdamped motions fall monotonically: bisect on the exact solution.
        let spring = Spring(parameters: SpringParameters(stiffness: 1, damping: 2 * zeta),
                            from: 1, to: 0, velocity: 0, startTime: 0)
        var low = 0.0, high = 1.0
        while spring.value(at: high) > fraction && high < 1e6 { high *= 2 }
        for _ in 0..<100 {
            let mid = (low + high) / 2
            if spring.value(at: mid) > fraction { low = mid } else { high = mid }
        }
        return high
    }
}
