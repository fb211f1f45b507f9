/// The feel, in one place: every spring, duration, deceleration, slop and release rule that
/// motion depends on, each with the place it comes from (a seed, UIKit, SwiftUI, Android,
/// FloatingPanel, or Fling's own choice and why). Layout sizes live beside their scenes
/// (`SheetConstants`, `CardConstants`, `WidgetMetrics`); `Tuning.standard` reads its starting
/// values here, and nothing else writes a spring of its own.
/// Units: pt, pt/s, seconds; deceleration rates are per millisecond as in UIKit.
public enum MotionConstants {
    // MARK: At rest

    /// A spring is at rest once closer than this to its target, in value units (pt): under a
    /// pixel at @2x, so the last frame's jump cannot be seen.
    public static let restDistance = 0.5
    /// …and slower than this, in value units per second (pt/s): a pixel every quarter second.
    public static let restVelocity = 2.0
    /// Rest thresholds of the 0…1 values (a card's progress, a press's scale): 0.5 pt over a
    /// ~500 pt transition, the same visual precision as `restDistance` in pt.
    public static let unitRestDistance: Double = 0.001
    public static let unitRestVelocity: Double = 0.004
    /// A spring is never followed past this many seconds (it snaps to its target). Fling's
    /// guard against an undamped spring set through `--tune`.
    public static let maximumSettleTime = 60.0
    /// UIKit's spring duration is read as "the envelope has decayed to this fraction of the
    /// distance". UIKit publishes no formula; this is Framer Motion's `findSpring` threshold.
    public static let uikitSettleFraction = 0.001
    /// Damping ratios below this make UIKit-style duration springs ring almost forever; clamp.
    /// Source: Framer Motion `findSpring` (minDamping 0.05).
    public static let minimumUIKitDampingRatio = 0.05

    // MARK: Touch

    /// A press that moves less than this is a tap; past it, a drag (UIKit's own slop is ~10 pt).
    public static let touchSlop: Double = 10
    /// A switch's thumb follows a drag after this much movement (UISwitch tracks its pan
    /// almost at once; the 10 pt slop would eat half of its 20 pt of travel).
    public static let switchDragSlop: Double = 4

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
    /// (found by `--record` in a real window).
    public static let velocityCoalesceInterval = 0.001
    /// Release velocities are capped at this (pt/s) before they drive a fling, a sheet or a
    /// card. Source: Android ViewConfiguration's maximum fling velocity (8000 dp/s).
    public static let maximumReleaseVelocity = 8000.0
    /// The tracker's own estimates never exceed this (pt/s), whatever the samples (a glitch of
    /// tens of thousands of pt must not read as millions of pt/s); above the fastest Android
    /// reference case (39 296 px/s), so that those stay exact.
    public static let maximumTrackedVelocity = 50_000.0

    // MARK: Deceleration and projection

    /// Normal scroll deceleration, velocity factor per millisecond; also the rate a release is
    /// projected with. Source: UIKit `UIScrollView.DecelerationRate.normal`.
    public static let decelerationNormal = 0.998
    /// Fast deceleration (paging-like), per millisecond. Source: UIKit `UIScrollView.DecelerationRate.fast`.
    public static let decelerationFast = 0.99
    /// A deceleration stops once slower than this (pt/s), as a spring rests (`restVelocity`).
    public static let decelerationStopVelocity = 2.0
    /// Rubber-band coefficient: slope of the band at zero overshoot. Source: UIKit's UIScrollView as measured by Grant Paul (2014).
    public static let rubberBandCoefficient = 0.55

    // MARK: Scroll view

    /// Spring back to an end after an overscroll, critically damped: close to UIScrollView's
    /// bounce by eye, beside the recorded swipes.
    public static let scrollBounceSpring = SpringParameters.response(0.4, dampingFraction: 1)
    /// Mouse-wheel steps: a quick critically damped spring (~0.25 s for a 100 pt step), like
    /// desktop smooth scrolling (GTK, Chromium).
    public static let wheelSpring = SpringParameters.response(0.16, dampingFraction: 1)
    /// Animated `setOffset` (the keyboard, scroll-into-view): the bounce's spring, so a
    /// scroll the app makes moves as one the user ends.
    public static let scrollToSpring = SpringParameters.response(0.4, dampingFraction: 1)

    // MARK: Bottom sheet

    /// The sheet's spring: stiffness 200, damping 25, mass 1. Source: seeds 000/003, SwiftUI `interpolatingSpring`.
    public static let sheetSpring = SpringParameters(stiffness: 200, damping: 25, mass: 1)
    /// The sheet spring's initial velocity, relative to the distance (1 = whole distance per second). Source: seeds 000/003.
    public static let sheetSpringRelativeVelocity = 10.0
    /// Seed 000: from half, a release more than 25 % of the height up goes full…
    public static let tutorialFullFraction: Double = 0.25
    /// …and more than 30 % down dismisses.
    public static let tutorialDismissFraction: Double = 0.3
    /// Seed 000: at full, content pulled down more than 120 pt at its top returns to half.
    public static let tutorialPullToHalf: Double = 120
    /// Fluid: a release whose speed over the distance left to the bottom reaches this (1/s)
    /// dismisses (a flick that would cover the rest in under ~0.18 s; UIKit's sheet behaves so).
    public static let fluidDismissVelocityRatio: Double = 5.5
    /// Fluid: projected ends below the lowest detent by this share of its height dismiss.
    public static let fluidDismissProjectionShare: Double = 0.5
    /// Seed 001: below 1.3 × expanded a downward release dismisses.
    public static let twoStageDismissFactor: Double = 1.3
    /// Seed 001: slides take 0.3 s, the first presentation 0.6 s (UIKit's default ease-in-out).
    public static let twoStageSlideDuration: Double = 0.3
    public static let twoStagePresentDuration: Double = 0.6
    /// Seed 001's dismissal: duration |0.2·v·0.001| + 1.2 s, spring damping 0.7, velocity 0.8.
    public static let twoStageDismissBaseDuration: Double = 1.2
    public static let twoStageDismissVelocityFactor: Double = 0.2 * 0.001
    public static let twoStageDismissDampingRatio: Double = 0.7
    public static let twoStageDismissInitialVelocity: Double = 0.8
    /// The list behind moves up while a sheet shows, with ease-out 0.2 s (seed 000).
    public static let sheetListShiftDuration: Double = 0.2
    /// After a sheet closes, the row that opened it deselects with a fade (UITableView's
    /// `deselectRow(at:animated:)`: about 0.27 s, ease-out; `clearsSelectionOnViewWillAppear`).
    public static let deselectDuration: Double = 0.27

    // MARK: Today cards

    /// The card expansion spring: response 0.35 s, damping fraction 0.65. Source: seed 004, SwiftUI `interactiveSpring`.
    /// `Tuning.standard` starts from these two numbers.
    public static let cardResponse = 0.35
    public static let cardDampingFraction = 0.65
    public static let cardSpring = SpringParameters.response(cardResponse, dampingFraction: cardDampingFraction)
    /// A pressed card shrinks slightly while held, on a quick critically damped spring (App Store).
    public static let cardPressedScale: Double = 0.96
    public static let cardPressSpring = SpringParameters.response(0.2, dampingFraction: 1)
    /// Dragged down at its top, an expanded card shrinks to 0.86 over the first 100 pt…
    public static let cardPullShrinkDistance: Double = 100
    public static let cardPullMinimumScale: Double = 0.86
    /// …and follows the finger by half its movement (with the shrink about the centre, the
    /// card's top edge then tracks the finger closely).
    public static let cardPullFollow: Double = 0.5
    /// Released past this (or projected past it), the card collapses into its slot.
    public static let cardCollapseThreshold: Double = 100
    /// The collapse after a pull converts the finger's pt/s into progress/s over this share
    /// of the window height (roughly the card's travel home), at least `cardMinCollapseDistance`.
    public static let cardCollapseDistanceShare: Double = 0.8
    public static let cardMinCollapseDistance: Double = 200
    /// The spring back to full after a short pull (critically damped, quick).
    public static let cardPullBackSpring = SpringParameters.response(0.3, dampingFraction: 1)
    /// The close button and Esc collapse with SwiftUI's default ease-in-out (0.35 s).
    public static let cardCloseDuration: Double = 0.35
    /// The zoom style (iOS 18's `.zoom` navigation transition, `--card-style zoom`). Pulled
    /// down, the open story shrinks to 60 % over the first 400 pt, about the point the finger
    /// went down, and follows the finger 1:1 in both axes, as iOS 18's does (Apple publishes no
    /// figures; chosen beside screen recordings of the App Store and Photos on iOS 18). The
    /// release rule is the expansion's (`cardCollapseThreshold` and the projection), so a study
    /// comparing the styles compares their look alone.
    public static let zoomPullShrinkDistance: Double = 400
    public static let zoomPullMinimumScale: Double = 0.6
    /// It cross-fades from the cell over the first quarter of the zoom (and back into it over
    /// the last quarter home), the cell shown in place under it.
    public static let zoomCrossFade: Double = 0.25

    // MARK: Controls and the keyboard

    /// A switch's thumb slides with a quick, barely bouncy spring (UISwitch's animation is ~0.25 s).
    public static let switchSpring = SpringParameters.response(0.25, dampingFraction: 0.85)
    /// A segmented control's thumb slides with a quick, critically damped spring (UIKit's ~0.3 s).
    public static let segmentSpring = SpringParameters.response(0.3, dampingFraction: 1)
    /// UIKit's keyboard notifications say 0.25 s and curve 7, a private curve. Core Animation
    /// runs it over 0.5 s whatever the duration says; Apple Developer Forums thread 48088
    /// ("iOS Keyboard show animation curve control points") measured it as the Bézier
    /// (0.380, 0.700, 0.125, 1.000) over 0.5 s, and as a CASpringAnimation (mass 3,
    /// stiffness 1000, damping 500, duration 0.5). That spring is so overdamped it is still
    /// 37 % short at 0.5 s and jumps the rest; the Bézier has no jump, so it is used.
    public static let keyboardDuration: Double = 0.5
    public static let keyboardCurve = TimingCurve.cubicBezier(0.380, 0.700, 0.125, 1.000)

    // MARK: Reduce Motion

    /// The cross-fade of a sheet or card appearing or going with Reduce Motion on (s). Source:
    /// UIKit's crossDissolve transition, 0.25 s by default, which iOS uses in place of slides
    /// and zooms with Reduce Motion on.
    public static let reducedMotionFade = 0.25
    /// A move between two resting places (a detent change) instead of a spring (s): short
    /// enough to read as a change, long enough to follow; no overshoot.
    public static let reducedMotionMove = 0.2

    // MARK: Timing curves (cubic Bézier control points x1, y1, x2, y2)

    /// Source: Core Animation `kCAMediaTimingFunctionEaseIn` (same as CSS `ease-in`).
    public static let easeInCurve = (0.42, 0.0, 1.0, 1.0)
    /// Source: Core Animation `kCAMediaTimingFunctionEaseOut` (CSS `ease-out`).
    public static let easeOutCurve = (0.0, 0.0, 0.58, 1.0)
    /// Source: Core Animation `kCAMediaTimingFunctionEaseInEaseOut` (CSS `ease-in-out`).
    public static let easeInOutCurve = (0.42, 0.0, 0.58, 1.0)
}
