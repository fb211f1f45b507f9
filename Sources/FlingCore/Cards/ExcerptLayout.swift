// ExcerptLayout: how a Today card's excerpt is set in its panel: the panel's height, the text
// column's width, the category, headline and sub-headline as laid out, and their tops.

/// The seed's `ArticleExcerptView` as laid out: a white panel 100–150 pt high (as high as the
/// image allows) at the image's bottom, its text padded 16 pt: the category (wraps), the
/// headline (≤ 2 lines), 5 pt, the sub-headline (≤ 3 lines), the two sharing the height left
/// and shrinking to fit it, as SwiftUI lays the seed's `VStack` out.
public struct ExcerptLayout: Equatable, Sendable {
    public var panelHeight: Double
    /// The text column's width (the slot's, kept while the card grows).
    public var textWidth: Double
    public var category: TextLayout
    public var headline: TextLayout
    public var sub: TextLayout?
    /// Tops from the panel's top.
    public var categoryY: Double, headlineY: Double, subY: Double

    public init(panelHeight: Double, textWidth: Double, category: TextLayout, headline: TextLayout, sub: TextLayout?,
                categoryY: Double, headlineY: Double, subY: Double) {
        self.panelHeight = panelHeight; self.textWidth = textWidth
        self.category = category; self.headline = headline; self.sub = sub
        self.categoryY = categoryY; self.headlineY = headlineY; self.subY = subY
    }

    /// The panel over an image `imageHeight` pt high: 100–150 pt, as high as the image.
    public static func panelHeight(imageHeight: Double) -> Double {
        max(CardConstants.excerptMinHeight, min(CardConstants.excerptMaxHeight, imageHeight))
    }

    /// The text column in a card `width` pt wide (the seed's `.padding()` each side).
    public static func textWidth(cardWidth width: Double) -> Double { width - 2 * CardConstants.excerptPadding }
}
