// MotionMath: small numeric guards (finite values, clamping) that keep NaN and infinity out of
// the motion types.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small numeric guards shared by the motion types (namespaced to stay out of the rest of FlingCore).
enum MotionMath {
    /// `value` if it is finite, else `fallback`: keeps NaN and infinity out of every trajectory.
    static func finite(_ value: Double, or fallback: Double) -> Double {
        value.isFinite ? value : fallback
    }

    /// `value` limited to `low…high`; NaN becomes `low`.
    static func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
        guard !value.isNaN else { return low }
        return Swift.min(Swift.max(value, low), high)
    }
}
