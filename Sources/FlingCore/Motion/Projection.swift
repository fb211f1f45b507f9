// Projection: where a released motion would come to rest under UIKit-style deceleration, the
// figure the sheet, card and list release decisions are based on.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a released motion would come to rest under UIKit-style exponential deceleration.
public enum Projection {
    /// Distance (pt) travelled by a release at `velocity` (pt/s) decelerating by the factor
    /// `decelerationRate` per millisecond: (v/1000)·r/(1 − r), the sum of the per-millisecond
    /// steps (1000 pt/s → 499 pt at 0.998, 99 pt at 0.99). Rates outside 0…1 give 0.
    public static func distance(velocity: Double, decelerationRate: Double = MotionConstants.decelerationNormal) -> Double {
        let r = decelerationRate
        guard velocity.isFinite, r.isFinite, r > 0, r < 1 else { return 0 }
        return (velocity / 1000) * r / (1 - r)
    }

    /// The resting point of a release at `position` (pt) with `velocity` (pt/s).
    public static func endPoint(position: Double, velocity: Double,
                                decelerationRate: Double = MotionConstants.decelerationNormal) -> Double {
        position + distance(velocity: velocity, decelerationRate: decelerationRate)
    }
}
