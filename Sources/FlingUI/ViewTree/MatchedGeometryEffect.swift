// MatchedGeometryEffect: SwiftUI's `matchedGeometryEffect` as the view tree does it: a view
// drawn each frame where its geometry source says it is between two places, without a rebuild.
import FlingCore

/// Where a matched view is drawn this frame, read when the tree draws (as `RenderValue` is):
/// the source moves the view between its two places (a card's slot and the window) while
/// the tree stays built.
@MainActor
protocol MatchedGeometrySource: AnyObject {
    /// The view's drawing, moved and scaled from where it is laid out.
    var matchedTransform: Transform { get }
}

extension View {
    /// Draws the view where `source` places it this frame (SwiftUI's
    /// `.matchedGeometryEffect(id:in:)`, with the source standing for the id's namespace).
    func matchedGeometryEffect(_ source: any MatchedGeometrySource) -> some View {
        modifier(MatchedGeometryModifier(source: source))
    }
}

struct MatchedGeometryModifier: NodeModifier {
    let source: any MatchedGeometrySource
    func node(wrapping content: Node, _ context: BuildContext) -> Node {
        let node = context.wrapper(MatchedGeometryNode.self, around: content)
        node.source = source
        return node
    }
}

@MainActor
final class MatchedGeometryNode: WrapperNode, SetUpWrapper {
    var source: (any MatchedGeometrySource)?
    override func draw(into list: inout DisplayList) {
        list.transformed(source?.matchedTransform ?? .identity) { child.draw(into: &$0) }
    }
}
