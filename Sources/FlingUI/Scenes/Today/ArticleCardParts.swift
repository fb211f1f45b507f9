// ArticleCardParts: the parts `ArticleCardView` is made of and their nodes: the card's white
// rounded surface (shadow, clip, border), the photo, the excerpt panel and the story text,
// each drawn where the card's `LiveCardPose` puts it this frame.
import FlingCore

extension View {
    /// The card's surface around the view: seed 004's shadow, white rounded card and 1 pt
    /// border (`.cornerRadius(15)`, `.border`, `.shadow`), fading out as the card grows, its
    /// content clipped to the card.
    func cardSurface(_ card: LiveCardPose) -> some View { modifier(CardSurfaceModifier(card: card)) }
}

struct CardSurfaceModifier: NodeModifier {
    let card: LiveCardPose
    func node(wrapping content: Node, _ context: BuildContext) -> Node {
        let node = context.wrapper(CardSurfaceNode.self, around: content)
        node.card = card
        return node
    }
}

@MainActor
final class CardSurfaceNode: WrapperNode, SetUpWrapper {
    var card: LiveCardPose?
    override func draw(into list: inout DisplayList) {
        guard let card, let g = card.layout else { return }
        let pose = card.contentPose
        let f = g.frame, pc = pose.clampedProgress, radius = pose.cornerRadius
        if pc < 1 {
            list.add(.shadow(f, radii: CornerRadii(radius), color: CardConstants.shadowColor.multipliedAlpha(1 - pc),
                             radius: CardConstants.shadowRadius, offset: .zero))
        }
        list.add(.fillRect(f, radii: CornerRadii(radius), color: .white))
        list.clipped(to: f) { child.draw(into: &$0) }
        if pc < 1 {
            list.add(.strokeRect(f, radii: CornerRadii(radius), color: CardConstants.borderColor.multipliedAlpha(1 - pc), lineWidth: 1))
        }
    }
}

/// The card's photo (seed: `Image(…).resizable().scaledToFill()`, `.cornerRadius(15)`): its
/// top corners the card's, its bottom ones only while it reaches the card's bottom.
struct CardImage: SingleNodeView {
    let name: String
    let card: LiveCardPose
    func makeNode(_ context: BuildContext) -> Node {
        let node = context.reusable(CardImageNode.self) ?? CardImageNode(path: context.path)
        node.name = name; node.card = card
        return node
    }
}

@MainActor
final class CardImageNode: Node {
    var name = ""
    var card: LiveCardPose?
    override func draw(into list: inout DisplayList) {
        guard let card, let g = card.layout else { return }
        let radius = card.contentPose.cornerRadius
        let bottom = g.imageBottomRadius(cardRadius: radius)
        list.add(.image(name, frame: g.image, mode: .fill,
                        radii: CornerRadii(topLeft: radius, topRight: radius, bottomRight: bottom, bottomLeft: bottom)))
    }
}

/// The excerpt's white panel over the photo's bottom (seed: the excerpt's `Rectangle`, its
/// bottom corners the card's), with the excerpt laid out once in `size` at the origin and
/// drawn moved to the panel's text column: the card's growth only moves it.
struct ExcerptPanel<Content: View>: SingleNodeView {
    let card: LiveCardPose
    let size: Size
    let content: Content
    init(card: LiveCardPose, size: Size, @ViewBuilder content: () -> Content) {
        self.card = card; self.size = size; self.content = content()
    }
    func makeNode(_ context: BuildContext) -> Node {
        let node = context.wrapper(ExcerptPanelNode.self, around: buildSingleNode(content, context.child(0)))
        node.card = card; node.size = size
        node.rightToLeft = context.environment.layoutDirection == .rightToLeft
        return node
    }
}

@MainActor
final class ExcerptPanelNode: WrapperNode, SetUpWrapper {
    var card: LiveCardPose?
    var size = Size.zero
    /// The column's right edge is the excerpt's in a right-to-left layout: its box is the
    /// left-to-right one reflected in the card.
    var rightToLeft = false
    override func measure(_ proposal: ProposedSize) -> Size { size }
    /// The excerpt is offered its column's size and placed in it at the origin, whatever the
    /// card's frame: it is drawn moved to the panel.
    override func placeChildren(in rect: Rect, proposal: ProposedSize) {
        let offer = ProposedSize(size), box = Rect(origin: .zero, size: size)
        MirroredPlacement.placingChildren(in: box) {
            child.place(in: Alignment.center.place(child.size(for: offer), in: box), proposal: offer)
        }
    }
    override func draw(into list: inout DisplayList) {
        guard let card, let g = card.layout else { return }
        let bottomRadius = g.imageBottomRadius(cardRadius: card.contentPose.cornerRadius)
        // Expanded, 1 pt past the image (white on the white card) so no sliver of photo shows
        // under it; in the list its rounded bottom is the card's.
        let panel = Rect(x: g.panel.minX, y: g.panel.minY, width: g.panel.width, height: g.panel.height + (bottomRadius > 0 ? 0 : 1))
        list.add(.fillRect(panel, radii: CornerRadii(topLeft: 0, topRight: 0, bottomRight: bottomRadius, bottomLeft: bottomRadius),
                           color: .white))
        let x = rightToLeft ? g.frame.minX + g.frame.maxX - g.textX - size.width : g.textX
        list.transformed(.translate(x, g.panel.minY)) { child.draw(into: &$0) }
    }
}

/// The story under the photo (seed: `if isShowContent { Text(content) … }`): it fades in and
/// rises into place as the card grows, set in the window's text column.
struct StoryText: SingleNodeView {
    let content: String
    let card: LiveCardPose
    func makeNode(_ context: BuildContext) -> Node {
        let node = context.reusable(StoryTextNode.self) ?? StoryTextNode(path: context.path)
        node.content = content; node.card = card; node.env = context.scene
        node.rightToLeft = context.environment.layoutDirection == .rightToLeft
        return node
    }
}

@MainActor
final class StoryTextNode: Node {
    var content = ""
    var card: LiveCardPose?
    var env: SceneEnvironment?
    /// Leading is the right edge in a right-to-left layout.
    var rightToLeft = false
    override func draw(into list: inout DisplayList) {
        guard let card, let env, let g = card.layout else { return }
        let pc = card.contentPose.clampedProgress
        guard pc > 0.01 else { return }
        let text = ArticleCardView.storyLayout(content, width: g.contentWidth, env: env, rightToLeftLayout: rightToLeft)
        list.withOpacity(min(1, pc / CardConstants.coversWindowAt)) { $0.text(text, at: Point(g.contentX, g.contentTop), SystemColor.darkGray) }
    }
}
