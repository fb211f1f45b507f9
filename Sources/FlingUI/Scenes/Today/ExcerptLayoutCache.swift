// ExcerptLayoutCache: the Today cards' excerpt layouts, read from the excerpt's own view tree
// laid out in its panel, kept per text, width and panel height.
import FlingCore

/// Sets each card's excerpt once per text, width and panel height, as the card draws it: read
/// from an `ArticleExcerptView` tree laid out in the panel (so the two cannot differ). Starts
/// over when the text scale changes (the environment's layout generation) or when full.
@MainActor
package final class ExcerptLayoutCache {
    private let env: SceneEnvironment
    private struct Key: Hashable {
        var category: String, headline: String, subHeadline: String
        var width: Double, panelHeight: Double
    }
    private var layouts: [Key: ExcerptLayout] = [:]
    private var generation = 0

    package init(env: SceneEnvironment) { self.env = env }

    /// Article `a`'s excerpt in a card `width` pt wide over an image `imageHeight` pt high.
    package func layout(_ a: Article, width: Double, imageHeight: Double) -> ExcerptLayout {
        let pad = CardConstants.excerptPadding
        let textWidth = ExcerptLayout.textWidth(cardWidth: width)
        let panelHeight = ExcerptLayout.panelHeight(imageHeight: imageHeight)
        if generation != env.layoutGeneration || layouts.count >= CardConstants.excerptLayoutCacheLimit {
            layouts.removeAll(keepingCapacity: true)
            generation = env.layoutGeneration
        }
        let key = Key(category: a.category, headline: a.headline, subHeadline: a.subHeadline, width: width, panelHeight: panelHeight)
        if let e = layouts[key] { return e }
        let view = ArticleExcerptView(category: a.category, headline: a.headline, subHeadline: a.subHeadline,
                                      isShowContent: false, subHeadlineOpacity: RenderValue(1))
        let host = ViewHost(env: env) { view }
        host.update(bounds: Rect(origin: .zero, size: Size(textWidth, panelHeight)), time: 0)
        func text(_ id: String) -> (layout: TextLayout, top: Double)? {
            (host.node(identifier: id) as? TextNode).map { ($0.drawnLayout, $0.frame.minY) }
        }
        let category = text(ArticleExcerptView.categoryID), headline = text(ArticleExcerptView.headlineID)
        let sub = text(ArticleExcerptView.subHeadlineID)
        let empty = env.layout("", TextStyle.subheadline.font)   // (the tree always has both)
        let e = ExcerptLayout(panelHeight: panelHeight, textWidth: textWidth,
                              category: category?.layout ?? empty, headline: headline?.layout ?? empty, sub: sub?.layout,
                              categoryY: category?.top ?? pad, headlineY: headline?.top ?? pad, subY: sub?.top ?? pad)
        layouts[key] = e
        return e
    }
}
