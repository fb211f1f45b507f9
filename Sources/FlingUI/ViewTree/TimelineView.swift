// TimelineView: a view built for the frame's time (SwiftUI's `TimelineView(.animation)`).
import FlingCore

/// Builds its content for the frame's time: how a view shows an animated value (a spring from
/// core) without storing frames of it. While `paused` is false the host asks the loop for
/// every frame; pause it when nothing moves.
public struct TimelineView<Content: View>: PrimitiveView {
    let paused: Bool
    let content: @MainActor (Double) -> Content
    public init(paused: Bool = false, @ViewBuilder content: @escaping @MainActor (_ time: Double) -> Content) {
        self.paused = paused; self.content = content
    }
    func makeNodes(_ context: BuildContext) -> [Node] {
        var nodes: [Node] = []
        appendNodes(context, to: &nodes)
        return nodes
    }
    func appendNodes(_ context: BuildContext, to nodes: inout [Node]) {
        if !paused { context.host.wantsFrames = true }
        buildNodes(content(context.time), context.child(0), into: &nodes)
    }
}
