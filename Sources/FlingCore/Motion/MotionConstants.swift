/// Every tunable number of the motion core, each with the place it comes from.
/// Units: pt, pt/s, seconds; deceleration rates are per millisecond as in UIKit.
public enum MotionConstants {
    // MARK: Reduce Motion (issue 44)

    /// The cross-fade of a sheet or card appearing or going with Reduce Motion on (s). Source:
    /// UIKit's crossDissolve transition, 0.25 s by default, which iOS uses in place of slides
    /// and zooms with Reduce Motion on.
    public static let reducedMotionFade = 0.25
    /// A move between two resting places (a detent change) instead of a spring (s). Source: Fling
    /// spec (issue 44): short enough to read as a change, long enough to follow; no overshoot.
    public static let reducedMotionMove = 0.2

    // MARK: Springs

    /// A spring is at rest once closer than this to its target, in value units (pt). Source: Fling spec (issue 3).
    public static let restDistance = 0.5
    /// …and slower than this, in value units per second (pt/s). Source: Fling spec (issue 3).
    public static let restVelocity = 2.0
    /// UIKit's spring duration is read as "the envelope has decayed to this fraction of the distance". UIKit publishes no formula; this is Framer Motion's `findSpring` threshold.
    public static let uikitSettleFraction = 0.001
    /// Damping ratios below this make UIKit-style duration springs ring almost forever; clamp. Source: Framer Motion `findSpring` (minDamping 0.05).
    public static let minimumUIKitDampingRatio = 0.05

    /// The sheet's spring: stiffness 200, damping 25, mass 1. Source: seeds 000/003, SwiftUI `interpolatingSpring`.
    public static let sheetSpring = SpringParameters(stiffness: 200, damping: 25, mass: 1)
    /// The sheet spring's initial velocity, relative to the distance (1 = whole distance per second). Source: seeds 000/003.
    public static let sheetSpringRelativeVelocity = 10.0
    /// The card expansion spring: response 0.35 s, damping fraction 0.65. Source: seed 004, SwiftUI `interactiveSpring`.
    /// `Tuning.standard` starts from these two numbers.
    public static let cardResponse = 0.35
    public static let cardDampingFraction = 0.65
    public static let cardSpring = SpringParameters.response(cardResponse, dampingFraction: cardDampingFraction)

    // MARK: Velocity tracking (pointer samples)

    /// Only samples this recent (s, relative to the newest) enter the fit. Source: Android VelocityTracker `HORIZON` (100 ms).
    public static let velocityHorizon = 0.100
    /// At most this many samples enter the fit. Source: Android VelocityTracker `HISTORY_SIZE` (20).
    public static let velocityHistorySize = 20
    /// A gap longer than this (s) means the pointer stopped: older history is dropped. Source: Android `ASSUME_POINTER_STOPPED_TIME` (40 ms).
    public static let velocityStoppedGap = 0.040
    /// Moves closer together than this are one instant to the velocity tracker (the newer
    /// wins). SDL2 stamps events in whole milliseconds, so a batch X delivers late (frames
    /// were slow) arrives with stamps microseconds apart that mean "same millisecond"; fitted
    /// as they are, 10 pt over 27 µs read as a flick at the 8000 pt/s cap after a slow drag
    /// (found by `--record` in a real window, issue 15).
    public static let velocityCoalesceInterval = 0.001

    // MARK: Deceleration and projection

    /// Normal scroll deceleration, velocity factor per millisecond. Source: UIKit `UIScrollView.DecelerationRate.normal`.
    public static let decelerationNormal = 0.998
    /// Fast deceleration (paging-like), per millisecond. Source: UIKit `UIScrollView.DecelerationRate.fast`.
    public static let decelerationFast = 0.99
    /// Release velocities are capped at this (pt/s) before they drive a fling, a sheet or a
    /// card. Source: Android ViewConfiguration's maximum fling velocity (8000 dp/s).
    public static let maximumReleaseVelocity = 8000.0
    /// The tracker's own estimates never exceed this (pt/s), whatever the samples (a glitch of
    /// tens of thousands of pt must not read as millions of pt/s). Source: Fling (issue 11),
    /// above the fastest Android reference case (39 296 px/s) so that those stay exact.
    public static let maximumTrackedVelocity = 50_000.0
    /// A deceleration stops once slower than this (pt/s). Source: Fling spec (issue 3, "~2 pt/s").
    public static let decelerationStopVelocity = 2.0

    // MARK: Rubber band

    /// Rubber-band coefficient: slope of the band at zero overshoot. Source: UIKit's UIScrollView as measured by Grant Paul (2014).
    public static let rubberBandCoefficient = 0.55

    // MARK: Scroll view

    /// Spring back to an end after an overscroll, critically damped. Source: Fling tuning (issue 3), close to UIScrollView's bounce.
    public static let scrollBounceSpring = SpringParameters.response(0.4, dampingFraction: 1)
    /// Mouse-wheel steps: a quick critically damped spring (~0.25 s for a 100 pt step). Source: Fling tuning, like desktop smooth scrolling.
    public static let wheelSpring = SpringParameters.response(0.16, dampingFraction: 1)
    /// Animated `setOffset` (keyboard, scroll-into-view). Source: Fling tuning (issue 3).
    public static let scrollToSpring = SpringParameters.response(0.4, dampingFraction: 1)
    /// A spring is never followed past this many seconds (it snaps to its target). Source: Fling tuning; guards undamped springs.
    public static let maximumSettleTime = 60.0

    // MARK: Timing curves (cubic Bézier control points x1, y1, x2, y2)

    /// Source: Core Animation `kCAMediaTimingFunctionEaseIn` (same as CSS `ease-in`).
    public static let easeInCurve = (0.42, 0.0, 1.0, 1.0)
    /// Source: Core Animation `kCAMediaTimingFunctionEaseOut` (CSS `ease-out`).
    public static let easeOutCurve = (0.0, 0.0, 0.58, 1.0)
    /// Source: Core Animation `kCAMediaTimingFunctionEaseInEaseOut` (CSS `ease-in-out`).
    public static let easeInOutCurve = (0.42, 0.0, 0.58, 1.0)
}
