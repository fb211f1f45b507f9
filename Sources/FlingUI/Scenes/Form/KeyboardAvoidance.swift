// KeyboardAvoidance: how the form keeps its focused field above the on-screen keyboard, as
// UIKit's keyboard avoidance does: the room it keeps under the content while the keyboard is
// up, and when that room goes as the keyboard leaves. The on-screen keyboard tells the scene
// where it will cover it (`TextInputScene.keyboardWillCover`: shown, hidden, the window resized); the
// scene's scroll view then reveals the focused field (`ViewTree/ScrollView.swift`, `reveal`).
import FlingCore

/// The room under the form for the keyboard, a value the form scene holds.
struct KeyboardAvoidance: Equatable {
    /// How much of the scene the keyboard covers once up (0 without it): the padding under the
    /// content, so that its scroll view can bring the last field above the keys.
    private(set) var inset = 0.0
    /// The keyboard is going down: its room goes when it has, after the page came back within
    /// its own length with it.
    private(set) var insetGoesAt: Double?

    /// What the scene does about a change of cover.
    enum Change: Equatable {
        /// The keyboard is (or stays) up: the focused field rises above its final top; the
        /// tree is laid out again when the room under it changed.
        case rising(insetChanged: Bool)
        /// The keyboard leaves: the scrolls settle back over the `inset` that will go.
        case leaving(inset: Double)
        /// No keyboard, and none was up.
        case none
    }

    /// The keyboard will cover the scene from `top` down to its `bottom` (nil: it leaves),
    /// moving as `motion` does.
    mutating func keyboardWillCover(from top: Double?, bottom: Double, following motion: TimedAnimation) -> Change {
        insetGoesAt = nil
        if let top {
            let new = max(0, bottom - top)
            defer { inset = new }
            return .rising(insetChanged: new != inset)
        }
        guard inset > 0 else { return .none }
        insetGoesAt = motion.startTime + motion.duration
        return .leaving(inset: inset)
    }

    /// Whether the keyboard is on its way down with its room still kept.
    var isLeaving: Bool { insetGoesAt != nil }

    /// True when the room went at `time` (the tree is laid out again without it).
    mutating func advance(to time: Double) -> Bool {
        guard let end = insetGoesAt, time >= end else { return false }
        insetGoesAt = nil
        inset = 0
        return true
    }
}
