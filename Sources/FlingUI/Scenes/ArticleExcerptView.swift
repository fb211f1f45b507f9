import FlingCore

/// Seed 004's `ArticleExcerptView` on the view tree: the category (wraps), the headline
/// (≤ 2 lines, shrinking to fit), 5 pt, and the sub-headline, which the seed hides once the
/// content shows (`if !self.isShowContent`); here it also fades out while the card expands.
///
/// The white 100–150 pt panel behind it is drawn by `TodayScene`: its bottom corners round
/// with the card's (the seed's `.cornerRadius` on the excerpt), a clip the view tree does not
/// do. The text column keeps the card's width while the card grows (`textWidth`); the scene
/// slides it to the story's column by drawing the tree moved. The fade and the slide change
/// only what is drawn, so an expansion's frames draw one tree, built once (issue 12).
struct ArticleExcerptView: View, Equatable {
    let category: String
    let headline: String
    let subHeadline: String
    /// Lines of the sub-headline the panel holds (0: none) and its shrink limit.
    let subHeadlineLines: Int
    let subHeadlineMinimumScale: Double
    /// The card rests open: the sub-headline is gone.
    let isShowContent: Bool
    /// 1 − the transition's progress (0 past it), set by the scene each frame and read when
    /// the tree draws.
    let subHeadlineOpacity: RenderValue
    let textWidth: Double

    var body: some View {
        HStack(spacing: 0) {
            VStack(alignment: .leading, spacing: 0) {
                Text(category.uppercased())
                    .font(.subheadline)
                    .fontWeight(.bold)
                    .foregroundColor(SystemColor.secondaryLabel)
                    .padding(.bottom, CardConstants.categoryGap)

                Text(headline)
                    .font(.title)
                    .fontWeight(.bold)
                    .foregroundColor(SystemColor.label)
                    .minimumScaleFactor(0.1)
                    .lineLimit(2)
                    .padding(.bottom, CardConstants.headlineGap)

                if !isShowContent && subHeadlineLines > 0 {
                    Text(subHeadline)
                        .font(.subheadline)
                        .foregroundColor(SystemColor.secondaryLabel)
                        .minimumScaleFactor(subHeadlineMinimumScale)
                        .lineLimit(subHeadlineLines)
                        .opacity(subHeadlineOpacity)
                }
            }
            .frame(width: textWidth, alignment: .leading)
            .padding(.top, CardConstants.excerptPadding)

            Spacer(minLength: 0)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}
