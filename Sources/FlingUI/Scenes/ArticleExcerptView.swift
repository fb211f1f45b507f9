import FlingCore

/// Seed 004's `ArticleExcerptView` on the view tree: the category (wraps), the headline
/// (≤ 2 lines, shrinking to fit), 5 pt, and the sub-headline, which hides as the content
/// shows (seed: `if !self.isShowContent`; here it fades with the transition's progress).
///
/// The white 100–150 pt panel behind it is drawn by `TodayScene`: its bottom corners round
/// with the card's (the seed's `.cornerRadius` on the excerpt), a clip the view tree does not
/// do. The text column keeps the card's width while the card grows (`textWidth`) and slides
/// to the story's column (`leading`).
struct ArticleExcerptView: View, Equatable {
    let category: String
    let headline: String
    let subHeadline: String
    /// Lines of the sub-headline the panel holds (0: none) and its shrink limit.
    let subHeadlineLines: Int
    let subHeadlineMinimumScale: Double
    /// 0 excerpt … 1 full content.
    let showContent: Double
    let textWidth: Double
    let leading: Double

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

                if showContent < 1 && subHeadlineLines > 0 {
                    Text(subHeadline)
                        .font(.subheadline)
                        .foregroundColor(SystemColor.secondaryLabel)
                        .minimumScaleFactor(subHeadlineMinimumScale)
                        .lineLimit(subHeadlineLines)
                        .opacity(1 - showContent)
                }
            }
            .frame(width: textWidth, alignment: .leading)
            .padding(.leading, leading)
            .padding(.top, CardConstants.excerptPadding)

            Spacer(minLength: 0)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}
