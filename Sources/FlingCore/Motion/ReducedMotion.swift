// ReducedMotion: what Reduce Motion changes (iOS's setting; GNOME's enable-animations off, or
// --reduce-motion): a sheet or card appears and goes with a short cross-fade where it rests
// instead of sliding or zooming, and a spring between two places becomes a short ease with no
// overshoot. The sheet and card models rewrite their animations with these.

public enum ReducedMotion {
    public static var fadeDuration: Double { MotionConstants.reducedMotionFade }
    public static var moveDuration: Double { MotionConstants.reducedMotionMove }

    /// A fade where the value rests: it holds `value` for the fade's length from `start`.
    public static func fade(holding value: Double, from start: Double) -> AnimatedValue {
        .timed(TimedAnimation(from: value, to: value, startTime: start, duration: fadeDuration, curve: .linear))
    }

    /// Whether `a` is already a fade made by `fade(holding:from:)`.
    public static func isFade(_ a: AnimatedValue) -> Bool {
        if case .timed(let t) = a, t.from == t.to, t.duration == fadeDuration { return true }
        return false
    }

    /// `a` as a short ease to the same target (a spring's overshoot and long tail gone).
    public static func move(_ a: AnimatedValue) -> AnimatedValue {
        guard case .spring(let s) = a else { return a }
        return .timed(TimedAnimation(from: s.from, to: s.target, startTime: s.startTime, duration: moveDuration, curve: .easeInOut))
    }

    /// How far a fade started at `start` has come at `time`, 0…1.
    public static func fadeFraction(_ a: AnimatedValue, at time: Double) -> Double {
        guard case .timed(let t) = a, t.duration > 0 else { return 1 }
        return max(0, min(1, (time - t.startTime) / t.duration))
    }
}

extension AnimatedValue {
    /// When the motion began (nil at rest).
    public var startTime: Double? {
        switch self {
        case .resting: nil
        case .spring(let s): s.startTime
        case .timed(let t): t.startTime
        }
    }
}
