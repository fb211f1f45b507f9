/// Initial-velocity unit conversions, all in one place. `Spring` takes absolute velocities
/// (value units per second, pt/s for positions); the APIs the seeds use speak relative ones.
public enum SpringVelocity {
    /// SwiftUI `interpolatingSpring(…, initialVelocity:)`: relative to the distance, so 1 means
    /// "the whole distance per second". Returns value units per second (pt/s).
    public static func fromRelative(_ relative: Double, from: Double, to: Double) -> Double {
        MotionMath.finite(relative * (to - from), or: 0)
    }

    /// UIKit `initialSpringVelocity`: the same relative unit (1 = the whole distance per second).
    /// Returns value units per second (pt/s).
    public static func fromUIKit(_ v: Double, from: Double, to: Double) -> Double {
        fromRelative(v, from: from, to: to)
    }

    /// The inverse: an absolute velocity (value units per second) as a fraction of the distance
    /// per second; 0 when the distance is 0.
    public static func relative(_ velocity: Double, from: Double, to: Double) -> Double {
        let distance = to - from
        guard distance != 0, distance.isFinite else { return 0 }
        return MotionMath.finite(velocity / distance, or: 0)
    }
}
