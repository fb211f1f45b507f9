// CardPose: where a Today card is drawn in one frame: its frame between slot and window, its
// progress, and what the press and the pull do to it (scale, follow, extra corner rounding);
// with the pull's shrink, rounding and follow as functions of the pull and the progress.

/// One Today card's pose: the frame it has at `progress` (0 in its slot … 1 the window), and
/// what a press and a pull add on top of it. The card view is laid out in `frame` and drawn
/// through `transform`; the pull math lives here, so a pose is all a card's drawing needs.
public struct CardPose: Equatable, Sendable {
    /// The slot interpolated to the window at `progress` (`CardGeometry.frame`).
    public var frame: Rect
    /// 0 … 1 (a spring may overshoot slightly past 1).
    public var progress: Double
    /// Corner rounding the pull adds back (pt, `pullRadius(pull:)`).
    public var pullRadius: Double
    /// The press shrink times the pull shrink, about the frame's centre.
    public var scale: Double
    /// How far the card follows the finger down (pt).
    public var offset: Double

    public init(frame: Rect, progress: Double, pullRadius: Double = 0, scale: Double = 1, offset: Double = 0) {
        self.frame = frame; self.progress = progress; self.pullRadius = pullRadius; self.scale = scale; self.offset = offset
    }

    /// `progress` clamped to 0 … 1 (what the fades and the corners follow).
    public var clampedProgress: Double { max(0, min(1, progress)) }

    /// 15 pt in the slot, square in the window, rounded again by a pull.
    public var cornerRadius: Double {
        min(CardConstants.cornerRadius, CardConstants.cornerRadius * (1 - clampedProgress) + pullRadius)
    }

    /// The scale about the frame's centre, then the follow down.
    public var transform: Transform {
        Transform.translate(0, offset).concatenating(Transform.scale(scale, about: frame.center))
    }

    /// The card covers the window: it is drawn as a layer, so that a pull only scales, moves
    /// and rounds one copy of it instead of building and drawing the card again each frame.
    public var coversWindow: Bool { clampedProgress >= 1 }

    /// The pose inside its layer: the pull (scale, follow, rounding) is the layer copy's.
    public var inLayer: CardPose { CardPose(frame: frame, progress: progress) }

    // MARK: The pull

    /// The drag shrink 1 → `pullMinimumScale` over the first `pullShrinkDistance` pt of pull,
    /// blended out as the card collapses so it lands in its slot at scale 1.
    public static func pullScale(pull: Double, progress: Double) -> Double {
        let f = max(0, min(1, pull / MotionConstants.cardPullShrinkDistance))
        let s = 1 - (1 - MotionConstants.cardPullMinimumScale) * f
        return 1 - (1 - s) * max(0, min(1, progress))
    }

    /// Extra corner rounding from the pull (back to 15 pt at `pullShrinkDistance`), in pt.
    public static func pullRadius(pull: Double) -> Double {
        CardConstants.cornerRadius * max(0, min(1, pull / MotionConstants.cardPullShrinkDistance))
    }

    /// Vertical follow of the finger, blended out while collapsing.
    public static func pullOffset(pull: Double, progress: Double) -> Double {
        pull * MotionConstants.cardPullFollow * max(0, min(1, progress))
    }
}
