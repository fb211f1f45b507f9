/// Every tunable number of the interface outside the motion physics, in one place, each with
/// where it comes from. (Motion constants: `MotionConstants`.)
public enum InteractionConstants {
    /// A press that moves less than this is a tap (issue 5; UIKit's own slop is ~10 pt).
    public static let touchSlop: Double = 10
    /// Pt scrolled per wheel notch (GTK and Chromium use ~50–53 px per notch at 1×).
    public static let wheelNotch: Double = 50
    /// How long a scripted `tap` holds the pointer down (issue 2: up at t + 0.05 s).
    public static let scriptTapDuration: Double = 0.05
    /// Longest single step the loop lets an integrated quantity take (shared/DESIGN.md).
    public static let maxFrameStep: Double = 0.064
}

/// Layout metrics of the iOS screens (shared/SPEC.md and UIKit's standard list metrics).
public enum LayoutMetrics {
    /// Window size by default: an iPhone 14-class portrait screen (issue 2).
    public static let defaultWindowSize = Size(390, 844)
    /// UIKit's default leading margin of list rows and titles.
    public static let margin: Double = 20
    /// Large navigation title block: status-bar space, then the 34 pt title (UINavigationBar).
    public static let largeTitleTop: Double = 58
    public static let largeTitleHeight: Double = 52
    /// A restaurant row: 60 pt thumbnail, 12 pt inner gap (a subtitle cell with image).
    public static let rowHeight: Double = 84
    public static let thumbnailSize: Double = 60
    public static let thumbnailRadius: Double = 8
    public static let rowImageTextGap: Double = 14
    /// The tab bar: 49 pt of bar plus the home-indicator inset of a notched iPhone.
    public static let tabBarHeight: Double = 49
    public static let tabBarBottomInset: Double = 34
}

/// The bottom sheet's numbers (shared/SPEC.md scene 1 and seed 001), with their sources.
public enum SheetConstants {
    /// Seed 000: the full detent puts the sheet's top 50 pt below the window's top.
    public static let fullTop: Double = 50
    /// Seed 000: from half, a release more than 25 % of the height up goes full…
    public static let tutorialFullFraction: Double = 0.25
    /// …and more than 30 % down dismisses.
    public static let tutorialDismissFraction: Double = 0.3
    /// Seed 000: at full, content pulled down more than 120 pt at its top returns to half.
    public static let tutorialPullToHalf: Double = 120
    /// Seed 001's anchors on its 844 pt phone, scaled with the window height.
    public static let twoStageFullTop: Double = 130
    public static let twoStageExpandedTop: Double = 400
    public static let twoStageReferenceHeight: Double = 844
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
    /// Fluid: a release whose speed over the distance left to the bottom reaches this (1/s)
    /// dismisses (a flick that would cover the rest in under ~0.18 s; UIKit's sheet behaves so).
    public static let fluidDismissVelocityRatio: Double = 5.5
    /// Fluid: projected ends below the lowest detent by this share of its height dismiss.
    public static let fluidDismissProjectionShare: Double = 0.5
    /// The dim behind the sheet at the half (or expanded) detent (seed 000: black at 50 %).
    public static let dimOpacity: Double = 0.5
    /// The list behind moves up by this while a sheet shows, with ease-out 0.2 s (seed 000).
    public static let listShift: Double = -100
    public static let listShiftDuration: Double = 0.2
    /// The sheet's fixed top (handlebar) area; everything below it scrolls.
    public static let handleAreaHeight: Double = 20
    /// Sheets stop widening here on wide windows (iPadOS form sheets are about this wide).
    public static let maxWidth: Double = 720
}
