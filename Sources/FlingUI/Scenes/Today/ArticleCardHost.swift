// ArticleCardHost: one Today card's view tree kept from frame to frame: its host, the pose it
// draws at, its sub-headline fade, and when it is built again.
import FlingCore

/// Card `i`'s `ArticleCardView` and its view host. The tree keeps no state, so it is cheap;
/// it is built again only for a new excerpt (the card opens or closes), panel height or text
/// scale: every card of the list is drawn every frame, and a moving card only changes its
/// pose, so this happens once per card, not per frame (a build costs ~70 allocations).
@MainActor
final class ArticleCardHost {
    let pose = LiveCardPose()
    let subHeadlineOpacity = RenderValue(1)
    private(set) var view: ArticleCardView?
    /// The environment's layout generation the tree was set in.
    private var generation = 0
    private let env: SceneEnvironment
    private(set) lazy var host = ViewHost(env: env) { [unowned self] in self.view.map { $0 as any View } ?? EmptyView() }

    init(env: SceneEnvironment) { self.env = env }

    /// Draws `view`, built again first if it differs from the last one.
    func draw(_ view: ArticleCardView, into dl: inout DisplayList) {
        let size = view.excerptSize
        if self.view != view || host.bounds.size != size || generation != env.layoutGeneration {
            generation = env.layoutGeneration
            self.view = view
            host.invalidate()
            host.update(bounds: Rect(origin: .zero, size: size), time: 0)
        }
        host.draw(into: &dl)
    }
}
