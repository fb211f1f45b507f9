// CardLayout: where a Today card's parts sit at a progress: its frame, the image, the excerpt
// panel and its text's left edge, the sub-headline, and the story text's place and width.

/// Card parts at progress `p` (0 slot … 1 window) with the story scrolled by `contentOffset`,
/// before any press or pull (the pose's transform applies those on top). The image grows from
/// the slot's height to 70 % of the window, the excerpt panel stays at its bottom, the text
/// slides to the story's column and the story rises into place under the image.
public struct CardLayout: Equatable, Sendable {
    public var frame: Rect
    public var image: Rect
    public var panel: Rect
    public var excerpt: ExcerptLayout
    /// The excerpt's text left edge (it moves to the story's column as the card expands).
    public var textX: Double
    /// The story text's top-left and width (the window's text column).
    public var contentX: Double, contentTop: Double, contentWidth: Double
    /// The sub-headline's frame (nil when no line of it fits).
    public var subHeadline: Rect?
}

extension CardLayout {
    /// Card parts for `slot` in `geometry`'s window; `excerpt` sets the excerpt over an image
    /// of the height it is given.
    public init(slot: Rect, progress p: Double, contentOffset: Double, in geometry: CardGeometry,
                excerpt makeExcerpt: (_ imageHeight: Double) -> ExcerptLayout) {
        let f = CardGeometry.frame(slot: slot, window: geometry.windowRect, progress: p)
        let pc = max(0, min(1, p))
        let imageHeight = slot.height + (geometry.expandedImageHeight - slot.height) * p
        let image = Rect(x: f.minX, y: f.minY - contentOffset, width: f.width, height: imageHeight)
        let excerpt = makeExcerpt(imageHeight)
        let panel = Rect(x: image.minX, y: image.maxY - excerpt.panelHeight, width: image.width, height: excerpt.panelHeight)
        let column = geometry.textColumn
        let textX = f.minX + CardConstants.excerptPadding + ((f.width - column.width) / 2 - CardConstants.excerptPadding) * pc
        let subHeadline = excerpt.sub.map { Rect(x: textX, y: panel.minY + excerpt.subY, width: $0.size.width, height: $0.size.height) }
        self.init(frame: f, image: image, panel: panel, excerpt: excerpt, textX: textX, contentX: f.minX + (f.width - column.width) / 2,
                  contentTop: image.maxY + CardConstants.storyInset + (1 - pc) * CardConstants.storySlide - pc * Self.storyRise(excerpt),
                  contentWidth: column.width, subHeadline: subHeadline)
    }

    /// How far the open story rises into the panel once the sub-headline is gone: from
    /// `storyInset` under the panel to `storyInset` under the headline.
    public static func storyRise(_ excerpt: ExcerptLayout) -> Double {
        max(0, excerpt.panelHeight - (excerpt.headlineY + excerpt.headline.size.height))
    }

    /// The sub-headline's opacity at progress `p`: gone by `subHeadlineFadeEnd`, before the
    /// rising story reaches it.
    public static func subHeadlineOpacity(progress p: Double) -> Double {
        max(0, 1 - max(0, min(1, p)) / CardConstants.subHeadlineFadeEnd)
    }

    /// The image's bottom corners round only while it reaches the card's bottom: `radius`
    /// there, square once the story shows under it.
    public func imageBottomRadius(cardRadius radius: Double) -> Double {
        let gap = frame.maxY - image.maxY
        return radius * max(0, min(1, 1 - gap / max(1, radius)))
    }
}
