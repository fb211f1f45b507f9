/// The UX-testing instrument's tunables, each with the reason for its value.
public enum InstrumentConstants {
    /// The opacity of the overlay's label pills (white under coloured labels, black under the
    /// state and the frame graph): body text under a label no longer reads through it.
    public static let labelBackgroundAlpha: Double = 0.94
    /// A touch trail shows the last quarter second of the finger: long enough to read the
    /// flick's direction and speed, short enough not to cover the sheet (Android's pointer
    /// location keeps the whole path; a flick lasts ~0.1–0.3 s).
    public static let trailDuration: Double = 0.25
    /// Show touches: a circle of a fingertip's size (Apple's 44 pt minimum hit target, the
    /// size iOS screen recordings draw).
    public static let touchDiameter: Double = 44
    /// The frame-time graph covers the last 2 s of frames.
    public static let frameGraphSpan: Double = 2
    /// Its budget line: one frame at 60 Hz.
    public static let frameBudget: Double = 1.0 / 60
    /// Its height stands for this many seconds (3 frames): a late frame stands out, a stall
    /// is clipped at the top.
    public static let frameGraphRange: Double = 3.0 / 60
    /// `.` while paused steps one frame at 60 Hz.
    public static let stepSeconds: Double = 1.0 / 60
    /// The release arrow is as long as the distance covered in this time at the release
    /// velocity (1000 pt/s → 100 pt), clamped to `maxArrowLength`.
    public static let arrowSeconds: Double = 0.1
    public static let maxArrowLength: Double = 240
    /// The slow-motion factor F4 toggles when `--slow` was not given (Flutter's timeDilation
    /// and the iOS Simulator's "Slow Animations" use 5 and 10; 5 keeps a spring watchable).
    public static let defaultSlowFactor: Double = 5
    /// `--slow` accepts 1…20.
    public static let slowRange: ClosedRange<Double> = 1...20
}
