// ArticleExcerptView: the Today card's text column (category, headline, sub-headline) that
// shrinks to fit, and how its sub-headline fades while the card expands.
import FlingCore

/// Seed 004's `ArticleExcerptView` on the view tree: the category (wraps), the headline
/// (≤ 2 lines) and, 5 pt under it, the sub-headline (≤ 3 lines), both shrinking to fit down
/// to 10 % (`minimumScaleFactor(0.1)`) in the height the panel's stack gives them, as
/// SwiftUI shares it out; cut with "…" only at 10 %.
///
/// The seed drops the sub-headline once the content shows (`if !self.isShowContent`); here it
/// fades out over the first half of the card's growth while the story rises into its room
/// (`CardLayout.storyRise`: no empty band under the headline), and is then hidden, keeping
/// its place in the excerpt: dropped from the tree, it would
/// give its height to the headline, which would grow back to full size the moment the card
/// came to rest (and shrink the moment it left), where the App Store's open story keeps the
/// card's header as it was.
///
/// The white 100–150 pt panel behind it is `ArticleCardView`'s `ExcerptPanel`: its bottom
/// corners round with the card's (the seed's `.cornerRadius` on the excerpt), a clip the view
/// tree does not do. The excerpt is laid out in the slot's panel, so the text column keeps the
/// card's width while the card grows; the panel slides it to the story's column by drawing it
/// moved. The fade and the slide change only what is drawn, so an expansion's frames draw
/// one tree, built once.
///
/// The tree is the text column: the panel less the seed's `.padding()` at its sides (the
/// scene places it 16 pt in), and here 16 pt above and below. It fills that through a
/// flexible frame, which offers the stack the same height when it is placed as when it was
/// measured: the stack shares that height out by its texts' flexibility, and offered another
/// (a fixed frame offers its own placed size) it would share it out differently than it
/// was measured.
struct ArticleExcerptView: View, Equatable {
    /// The texts' identifiers (`ExcerptLayoutCache` reads their layout from the tree by them).
    static let categoryID = "excerpt.category", headlineID = "excerpt.headline", subHeadlineID = "excerpt.subHeadline"

    let category: String
    let headline: String
    let subHeadline: String
    /// The card rests open: the sub-headline is hidden.
    let isShowContent: Bool
    /// 1 − the transition's progress (0 past it), set by the scene each frame and read when
    /// the tree draws.
    let subHeadlineOpacity: RenderValue

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text(category.uppercased())
                .font(.subheadline)
                .fontWeight(.bold)
                .foregroundColor(SystemColor.secondaryLabel)
                .accessibilityIdentifier(Self.categoryID)
                .padding(.bottom, CardConstants.categoryGap)

            Text(headline)
                .font(.title)
                .fontWeight(.bold)
                .foregroundColor(SystemColor.label)
                .minimumScaleFactor(CardConstants.excerptMinimumScale)
                .lineLimit(CardConstants.headlineLineLimit)
                .accessibilityIdentifier(Self.headlineID)
                .padding(.bottom, CardConstants.headlineGap)

            Text(subHeadline)
                .font(.subheadline)
                .foregroundColor(SystemColor.secondaryLabel)
                .minimumScaleFactor(CardConstants.excerptMinimumScale)
                .lineLimit(CardConstants.subHeadlineLineLimit)
                .accessibilityIdentifier(Self.subHeadlineID)
                .opacity(subHeadlineOpacity)
                .opacity(isShowContent ? 0 : 1)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .padding(.vertical, CardConstants.excerptPadding)
    }
}
