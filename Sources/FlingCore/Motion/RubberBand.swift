/// UIScrollView's rubber band: how far content follows a drag past its end.
public enum RubberBand {
    /// Displayed overshoot (pt) for a raw overshoot `x` (pt) against a dimension `d` (pt, e.g.
    /// the viewport length): f(x) = (1 − 1/(|x|·c/d + 1))·d with the sign of x. f(0) = 0, slope
    /// `coefficient` at 0, monotonic, always below d. A non-positive dimension gives 0.
    public static func offset(overshoot x: Double, dimension d: Double,
                              coefficient: Double = MotionConstants.rubberBandCoefficient) -> Double {
        guard x.isFinite, d.isFinite, d > 0, coefficient.isFinite, coefficient > 0 else { return 0 }
        let magnitude = (1 - 1 / (abs(x) * coefficient / d + 1)) * d
        return x < 0 ? -magnitude : magnitude
    }

    /// The inverse of `offset`: the raw overshoot that displays as `offset` (pt). Offsets at or
    /// beyond ±d are clamped just below d so the result stays finite.
    public static func overshoot(forOffset offset: Double, dimension d: Double,
                                 coefficient: Double = MotionConstants.rubberBandCoefficient) -> Double {
        guard offset.isFinite, d.isFinite, d > 0, coefficient.isFinite, coefficient > 0 else { return 0 }
        let fraction = Swift.min(abs(offset) / d, 1 - 1e-9)
        let magnitude = d * fraction / (coefficient * (1 - fraction))
        return offset < 0 ? -magnitude : magnitude
    }
}
