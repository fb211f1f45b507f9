// ArticleCardView: seed 004's card on the view tree: the photo with the excerpt over its
// bottom and the story under it, on a rounded white surface, a layer while it covers the
// window, drawn where its matched geometry (slot … window, press, pull) puts it.
import FlingCore

/// Seed 004's `ArticleCardView`: the image (`scaledToFill`, as tall as the card in the list,
/// 70 % of the window expanded), `ArticleExcerptView` over its bottom, the story (`content`,
/// shown as the card opens) under it, all on a white card with the seed's 15 pt corners, 1 pt
/// border and shadow, both fading out as it grows.
///
/// The seed expands the card with `matchedGeometryEffect` between the list's card and a
/// full-window one; here the card's `LiveCardPose` is that geometry: the scene sets the pose
/// (its frame between slot and window, the press and the pull) and the parts' layout each
/// frame, and the tree, built once per card, draws from it. Covering the window, the card is
/// a layer (`.drawingGroup`) that a pull only scales, moves and rounds (nothing is built or
/// drawn again).
struct ArticleCardView: View, Equatable {
    let category: String
    let headline: String
    let subHeadline: String
    let image: String
    let content: String
    /// The card rests open: the sub-headline is hidden (seed: `isShowContent`).
    let isShowContent: Bool
    /// The sub-headline's fade as the card grows (set each frame).
    let subHeadlineOpacity: RenderValue
    /// The excerpt's text column: the slot's width less the padding, the panel's height (it
    /// keeps the slot's width while the card grows; the panel moves it to the story's column).
    let excerptSize: Size
    /// Where the card is this frame.
    let pose: LiveCardPose

    var body: some View {
        ZStack(alignment: .topLeading) {
            CardImage(name: image, card: pose)
            ExcerptPanel(card: pose, size: excerptSize) {
                ArticleExcerptView(category: category, headline: headline, subHeadline: subHeadline,
                                   isShowContent: isShowContent, subHeadlineOpacity: subHeadlineOpacity)
            }
            StoryText(content: content, card: pose)
        }
        .cardSurface(pose)
        .drawingGroup(pose)
        .matchedGeometryEffect(pose)
    }

    /// The story set in the expanded text column (seed: `.font(.system(.body, design: .rounded))`).
    static func storyLayout(_ content: String, width: Double, env: SceneEnvironment,
                            rightToLeftLayout: Bool = false) -> TextLayout {
        // (Larger text: the story grows with the text size; it scrolls.)
        let font = TextStyle.body.font.rounded
        return env.layout(content, font.withSize(font.size * env.textScale), TextOptions(maxWidth: width, lineHeight: CardConstants.storyLineHeight, rightToLeftLayout: rightToLeftLayout))
    }
}
