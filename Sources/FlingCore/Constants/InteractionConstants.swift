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
