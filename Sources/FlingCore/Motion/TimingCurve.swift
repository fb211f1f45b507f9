// TimingCurve: easing for timed (non-spring) animations: linear or a cubic Bézier, with its
// progress and slope at a time fraction.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Easing for timed (non-spring) animations: linear or a CSS/Core Animation cubic Bézier from
/// (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2).
public enum TimingCurve: Sendable, Equatable {
    case linear, easeIn, easeOut, easeInOut
    case cubicBezier(Double, Double, Double, Double)

    /// Eased progress 0…1 for a time fraction `x` (clamped to 0…1). Bézier curves are solved
    /// for their parameter by Newton's method, falling back to bisection.
    public func progress(_ x: Double) -> Double {
        let x = MotionMath.clamp(x, 0, 1)
        guard let curve = bezier else { return x }
        return curve.y(curve.parameter(forX: x))
    }

    /// d(progress)/dx at the time fraction `x` (clamped to 0…1); multiply by distance/duration
    /// to get a velocity.
    public func slope(_ x: Double) -> Double {
        let x = MotionMath.clamp(x, 0, 1)
        guard let curve = bezier else { return 1 }
        let s = curve.parameter(forX: x)
        let dx = curve.dx(s)
        if dx > 1e-9 { return curve.dy(s) / dx }
        // Vertical tangent of x(s) at an end (e.g. ease-out at 0): use a one-sided difference.
        let h = 1e-6
        let (a, b) = x < 0.5 ? (x, x + h) : (x - h, x)
        return (progress(b) - progress(a)) / h
    }

    private var bezier: CubicBezier? {
        switch self {
        case .linear: return nil
        case .easeIn: return CubicBezier(MotionConstants.easeInCurve)
        case .easeOut: return CubicBezier(MotionConstants.easeOutCurve)
        case .easeInOut: return CubicBezier(MotionConstants.easeInOutCurve)
        case let .cubicBezier(x1, y1, x2, y2): return CubicBezier((x1, y1, x2, y2))
        }
    }
}

/// A unit cubic Bézier in polynomial form: f(s) = ((a·s + b)·s + c)·s for each axis.
private struct CubicBezier {
    let ax, bx, cx, ay, by, cy: Double

    init(_ points: (Double, Double, Double, Double)) {
        // x control points stay in 0…1 so that x(s) is monotonic and the curve is a function.
        let x1 = MotionMath.clamp(MotionMath.finite(points.0, or: 0), 0, 1)
        let x2 = MotionMath.clamp(MotionMath.finite(points.2, or: 1), 0, 1)
        let y1 = MotionMath.finite(points.1, or: 0), y2 = MotionMath.finite(points.3, or: 1)
        cx = 3 * x1; bx = 3 * (x2 - x1) - cx; ax = 1 - cx - bx
        cy = 3 * y1; by = 3 * (y2 - y1) - cy; ay = 1 - cy - by
    }

    func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    func y(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    func dx(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
    func dy(_ s: Double) -> Double { (3 * ay * s + 2 * by) * s + cy }

    /// The s in 0…1 with x(s) = x.
    func parameter(forX x: Double) -> Double {
        let tolerance = 1e-12
        var s = x
        for _ in 0..<8 {
            let error = self.x(s) - x
            if abs(error) < tolerance { return s }
            let derivative = dx(s)
            if abs(derivative) < 1e-9 { break }
            s -= error / derivative
            if s < 0 || s > 1 { break }
        }
        // Newton stalled (flat x'(s)) or left the interval: bisect, x(s) is monotonic.
        var low = 0.0, high = 1.0
        s = x
        for _ in 0..<64 {
            let value = self.x(s)
            if abs(value - x) < tolerance { return s }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }
}
