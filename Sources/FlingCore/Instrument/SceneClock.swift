/// The animation clock of slow motion and pause, by the rule "slow motion divides the
/// animation clock, not input time".
///
/// Real time (the run loop's, the event stamps) maps to scene time (what the models see) by a
/// piecewise-linear function whose slope is the current rate:
/// - 1 while a pointer is pressed: a drag follows the finger 1:1 and the models' velocity
///   trackers see real-time deltas, so a release velocity is in real pt/s and the release
///   decision is the one the tester would get at full speed;
/// - 1/N otherwise with slow motion N: the released sheet's spring, a list's momentum, a card's
///   expansion play N times longer on screen (their scene-time trajectories are unchanged);
/// - 0 while paused; `step` moves scene time on by one frame.
/// With N = 1 and no pause ever, scene time *is* real time (bit for bit: runs without the
/// instrument are unchanged).
public struct SceneClock: Equatable, Sendable {
    /// Slow motion factor N ≥ 1 (1 = real time).
    public private(set) var slowFactor: Double = 1
    public private(set) var paused = false
    /// A pointer is down (time runs at the real rate).
    public private(set) var pressed = false
    /// The point the current segment starts at: scene(anchorReal) = anchorScene.
    private var anchorReal = 0.0
    private var anchorScene = 0.0
    /// The latest real time a frame was advanced to. Events arrive stamped a little in the past
    /// (SDL's stamp), after frames were drawn at the old rate: a new segment starts no earlier
    /// than this, so scene time never runs backwards on screen.
    private var latestReal = -Double.infinity

    public init(slowFactor: Double = 1) { self.slowFactor = max(1, slowFactor) }

    /// Scene seconds per real second right now.
    public var rate: Double { pressed ? 1 : paused ? 0 : 1 / slowFactor }

    /// True while scene time equals real time exactly.
    public var isIdentity: Bool { rate == 1 && anchorReal == anchorScene }

    /// Scene time at real time `real` on the current segment.
    public func scene(at real: Double) -> Double {
        if isIdentity { return real }
        return anchorScene + (real - anchorReal) * rate
    }

    /// Real time at which the current segment reaches scene time `scene` (nil while paused).
    public func real(at scene: Double) -> Double? {
        if isIdentity { return scene }
        guard rate > 0 else { return nil }
        return anchorReal + (scene - anchorScene) / rate
    }

    /// A frame is being advanced to real time `real`.
    public mutating func observe(_ real: Double) { latestReal = max(latestReal, real) }

    /// Starts a new segment at `real`, or at the latest frame if that is later (the mapping
    /// stays continuous and never goes back).
    private mutating func reanchor(at stamp: Double) {
        let real = max(stamp, latestReal)
        let s = scene(at: real)
        anchorReal = real
        anchorScene = s
    }

    public mutating func setSlowFactor(_ n: Double, at real: Double) {
        reanchor(at: real)
        slowFactor = max(1, n)
    }

    public mutating func setPaused(_ p: Bool, at real: Double) {
        reanchor(at: real)
        paused = p
    }

    public mutating func setPressed(_ p: Bool, at real: Double) {
        guard p != pressed else { return }
        reanchor(at: real)
        pressed = p
    }

    /// Moves scene time on by `seconds` at once (one frame while paused).
    public mutating func step(_ seconds: Double, at real: Double) {
        reanchor(at: real)
        anchorScene += seconds
    }
}
