// LayoutDirection: SwiftUI's `\.layoutDirection` environment value, and how a right-to-left
// subtree is placed as the mirror of its left-to-right layout.
import FlingCore

/// Which way a layout runs (SwiftUI's `LayoutDirection`): set once at the root from the
/// user's language (`SceneEnvironment`), read by the views that draw their own insides.
public enum LayoutDirection: String, Sendable, Equatable {
    case leftToRight, rightToLeft
}

/// The placing pass's direction, as SwiftUI mirrors a right-to-left layout: every node is
/// laid out as in a left-to-right one, and each child's frame is then reflected in its
/// parent's: `x' = parent.minX + parent.maxX − child.maxX`. Reflected at every level, the
/// whole subtree ends up the mirror image of its left-to-right layout, so stacks, alignments,
/// padding and offsets all swap leading and trailing without knowing it. Vertical placement
/// is untouched, and so are the glyphs and images drawn in a frame (a view that draws its own
/// insides, such as a slider or a switch, reads `\.layoutDirection` itself).
@MainActor
enum MirroredPlacement {
    /// The direction of the nodes being placed now.
    static var rightToLeft = false
    /// The parent's `minX + maxX` while it places its children in a right-to-left layout
    /// (nil: children keep the x they are given).
    static var axis: Double?

    /// Places a tree's root in `direction`, leaving the pass as it was found (a host placed
    /// while another places, as a sheet's content is, keeps its own direction).
    static func placing<T>(_ direction: LayoutDirection, _ body: () -> T) -> T {
        let outer = (rightToLeft, axis)
        rightToLeft = direction == .rightToLeft
        axis = nil
        defer { (rightToLeft, axis) = outer }
        return body()
    }

    /// Places children in `box` rather than in the node's frame (a part laid out at the
    /// origin and drawn moved, as the Today card's excerpt is): in a right-to-left layout
    /// they are reflected in the box.
    static func placingChildren(in box: Rect, _ body: () -> Void) {
        let outer = axis
        axis = rightToLeft ? box.minX + box.maxX : nil
        defer { axis = outer }
        body()
    }

    /// `rect` as its parent's direction puts it.
    static func reflected(_ rect: Rect) -> Rect {
        guard let axis else { return rect }
        return Rect(x: axis - rect.maxX, y: rect.minY, width: rect.width, height: rect.height)
    }
}

/// A subtree in another direction (`.environment(\.layoutDirection, …)`): it is placed where
/// its parent's direction puts it, and its own children in its direction.
@MainActor
final class LayoutDirectionNode: WrapperNode, SetUpWrapper {
    var direction: LayoutDirection = .leftToRight
    override func placeChildren(in rect: Rect, proposal: ProposedSize) {
        let outer = MirroredPlacement.rightToLeft
        MirroredPlacement.rightToLeft = direction == .rightToLeft
        MirroredPlacement.axis = MirroredPlacement.rightToLeft ? rect.minX + rect.maxX : nil
        defer { MirroredPlacement.rightToLeft = outer }
        child.place(in: rect, proposal: proposal)
    }
}

struct LayoutDirectionModifier: NodeModifier {
    let direction: LayoutDirection
    func node(wrapping content: Node, _ context: BuildContext) -> Node {
        let node = context.wrapper(LayoutDirectionNode.self, around: content)
        node.direction = direction
        return node
    }
    func contentContext(_ context: BuildContext) -> BuildContext { context.with { $0.layoutDirection = direction } }
}

extension View {
    /// Lays this view out in `direction` whatever the language's, as SwiftUI's
    /// `.environment(\.layoutDirection, …)`: for what does not mirror, such as a keyboard's
    /// Latin keys.
    public func environment(_ keyPath: WritableKeyPath<EnvironmentValues, LayoutDirection>,
                            _ direction: LayoutDirection) -> some View {
        modifier(LayoutDirectionModifier(direction: direction))
    }
}
