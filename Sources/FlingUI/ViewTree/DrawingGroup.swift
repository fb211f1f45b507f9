// DrawingGroup: SwiftUI's `.drawingGroup()` on the view tree: what a view draws marked as a
// display-list layer (rasterised once, then copied), as its source says in each frame.
import FlingCore

/// Whether, and as which layer, a view is drawn this frame (read when the tree draws): nil
/// draws it directly.
@MainActor
protocol DrawingGroupSource: AnyObject {
    var drawingGroup: LayerSpec? { get }
}

extension View {
    /// Draws the view as the layer `source` names this frame (`DisplayList.layer`; SwiftUI's
    /// `.drawingGroup()`), or directly while it names none.
    func drawingGroup(_ source: any DrawingGroupSource) -> some View {
        modifier(DrawingGroupModifier(source: source))
    }
}

struct DrawingGroupModifier: NodeModifier {
    let source: any DrawingGroupSource
    func node(wrapping content: Node, _ context: BuildContext) -> Node {
        let node = context.wrapper(DrawingGroupNode.self, around: content)
        node.source = source
        return node
    }
}

@MainActor
final class DrawingGroupNode: WrapperNode, SetUpWrapper {
    var source: (any DrawingGroupSource)?
    override func draw(into list: inout DisplayList) {
        if let spec = source?.drawingGroup {
            list.layer(spec) { child.draw(into: &$0) }
        } else {
            child.draw(into: &list)
        }
    }
}
