// CardZoomPose: where a Today card is drawn in one frame of iOS 18's zoom (`--card-style
// zoom`): the open story, laid out for the window, scaled to the cell's width and cut to a
// rounded frame between the cell and the window, and the pull's shrink and follow on top.

/// One frame of the zoom. The story is laid out once for the whole window (the card fully
/// open) and drawn as a layer: `transform` takes the layer's coordinates (window pt, before
/// the zoom) into its frame, `layerBounds` is as much of it as the frame shows, so the zoom and
/// the pull only scale, move and round one copy of it. At progress 0 the frame is the cell's
/// exactly, whatever the pull; at 1 it is the window's, or the window as a pull holds it.
public struct CardZoomPose: Equatable, Sendable {
    /// The window the story is laid out for.
    public var window: Size
    /// The card's cell (window pt).
    public var slot: Rect
    /// 0 … 1 (the spring may overshoot slightly).
    public var progress: Double
    /// The pull down and the sideways follow (pt), and the point they shrink about.
    public var pull: Double
    public var lateral: Double
    public var anchor: Point

    public init(slot: Rect, window: Size, progress: Double, pull: Double = 0, lateral: Double = 0, anchor: Point = .zero) {
        self.window = window; self.slot = slot
        self.progress = progress; self.pull = pull; self.lateral = lateral; self.anchor = anchor
    }

    public var clampedProgress: Double { max(0, min(1, progress)) }

    /// The pull's shrink (1 → `zoomPullMinimumScale` over `zoomPullShrinkDistance` pt).
    public var pullScale: Double {
        1 - (1 - MotionConstants.zoomPullMinimumScale) * max(0, min(1, pull / MotionConstants.zoomPullShrinkDistance))
    }

    /// Where the open story stands under the pull: the window shrunk about the anchor, then
    /// moved by the finger's travel (the window itself with no pull).
    public var pulledWindow: Rect {
        let m = pullScale
        let w = Rect(origin: .zero, size: window)
        return Rect(x: anchor.x + (w.minX - anchor.x) * m + lateral, y: anchor.y + (w.minY - anchor.y) * m + pull,
                    width: w.width * m, height: w.height * m)
    }

    /// What the pose covers on screen: the cell interpolated to the pulled window, so a card
    /// let go mid-pull flies straight home from where the finger left it, shrinking all the way.
    public var frame: Rect { slot.interpolated(to: pulledWindow, progress) }

    /// The story's scale: the window's width into the frame's.
    public var contentScale: Double { window.width > 0 ? frame.width / window.width : 1 }

    /// The layer's coordinates into the window: scaled into the frame.
    public var transform: Transform {
        let f = frame
        return Transform.translate(f.minX, f.minY).concatenating(Transform.scale(contentScale, about: .zero))
    }

    /// The story's layer: the whole window, rasterised once for the whole zoom.
    public var layerBounds: Rect { Rect(origin: .zero, size: window) }

    /// As much of it as the frame shows, from its top: the frame's depth over the scale (the
    /// copy cuts it, `LayerSpec.visibleHeight`).
    public var visibleHeight: Double {
        let s = contentScale
        return s > 0 ? min(window.height, frame.height / s) : window.height
    }

    /// The part of the layer shown.
    public var shownBounds: Rect { Rect(x: 0, y: 0, width: window.width, height: visibleHeight) }

    /// Corners on screen: the cell's 15 pt, square in the window, rounded again by a pull.
    public var cornerRadius: Double {
        min(CardConstants.cornerRadius, CardConstants.cornerRadius * (1 - clampedProgress) + CardPose.pullRadius(pull: pull))
    }

    /// `cornerRadius` in the layer's coordinates (the copy scales it by `contentScale`).
    public var layerCornerRadius: Double { contentScale > 0 ? cornerRadius / contentScale : 0 }

    /// The cross-fade from the cell: opaque from `zoomCrossFade` of the way on.
    public var opacity: Double { min(1, clampedProgress / MotionConstants.zoomCrossFade) }

    /// The dim over the list behind: in with the zoom, out as a pull shrinks the card.
    public var backdropDim: Double {
        CardConstants.zoomBackdropDim * clampedProgress * (1 - max(0, min(1, pull / MotionConstants.zoomPullShrinkDistance)))
    }

    /// Open and still: the story covers the window as it stands.
    public var coversWindow: Bool { clampedProgress >= 1 && pull == 0 && lateral == 0 }
}
