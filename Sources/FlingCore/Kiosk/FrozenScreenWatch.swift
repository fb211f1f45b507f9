/// The frozen-screen watchdog (`--frozen-screen SECONDS`): systemd's watchdog learns
/// that the loop runs, not that the panel changes. This one is told each frame the app asks
/// for and each frame the output shows; when a frame was asked for and none has been shown
/// for `limit` seconds (a present that keeps failing: a lost DRM master, a flip that never
/// completes, a compositor that never gives a buffer back), it says frozen, and the loop exits
/// non-zero so that the service restarts the app. Times are the loop's clock, passed in.
public struct FrozenScreenWatch: Equatable, Sendable {
    public enum State: Equatable, Sendable {
        /// Every frame asked for has been shown (or none was asked for).
        case shown
        /// A frame was asked for at this time and none has been shown since.
        case waiting(since: Double)
        /// Nothing shown for longer than the limit, since this time.
        case frozen(since: Double)
    }

    public let limit: Double
    public private(set) var state: State = .shown
    /// What the output last said when it could not show a frame (for the log).
    public private(set) var lastFailure: String?

    public init(limit: Double) { self.limit = limit }

    /// The app asked for a frame at `time` (it drew one, or something moved).
    public mutating func asked(at time: Double) {
        if case .shown = state { state = .waiting(since: time) }
    }

    /// A frame reached the panel.
    public mutating func shown() {
        state = .shown
        lastFailure = nil
    }

    /// The output could not show the frame asked for, and why.
    public mutating func failed(_ why: String, at time: Double) {
        lastFailure = why
        asked(at: time)
    }

    /// Nothing is to be shown (another console is in front, the panel is blanked by its
    /// schedule): the wait starts again from the next frame asked for.
    public mutating func pause() { if case .waiting = state { state = .shown } }

    /// Whether, at `time`, the screen has been frozen for longer than the limit (once it says
    /// so it stays frozen: the app is to exit).
    public mutating func check(at time: Double) -> Bool {
        switch state {
        case .shown: return false
        case .frozen: return true
        case .waiting(let since):
            guard time - since > limit else { return false }
            state = .frozen(since: since)
            return true
        }
    }

    /// When `check` could next say frozen (for the loop's wait), or nil.
    public var deadline: Double? {
        if case .waiting(let since) = state { return since + limit }
        return nil
    }
}
