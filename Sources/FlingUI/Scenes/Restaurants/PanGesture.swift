// PanGesture: a view modifier that passes every press, move and release on a view straight to
// an interaction model in core (sheet, scroll), like a UIPanGestureRecognizer's target.
import FlingCore

/// Every event of a press, as it comes, for an interaction model in core (`SheetModel`,
/// `ScrollInteraction`): seed 001's `UIPanGestureRecognizer` seen from its target, which gets
/// `.began`, each `.changed` and `.ended`. The model does its own touch slop, velocity and
/// hand-off, so this gesture passes the press, each move and the release straight on.
struct PanGesture {
    var began: @MainActor (Point, Double) -> Void
    var changed: @MainActor (Point, Double) -> Void
    /// The press ended (`cancelled`: focus lost or pointer gone; the point is the last one seen).
    var ended: @MainActor (Point, Double, _ cancelled: Bool) -> Void
}

extension View {
    /// Feeds every press on this view (and on children that take no pointer input) to `pan`.
    func panGesture(_ pan: PanGesture) -> some View { modifier(PanGestureModifier(pan: pan)) }
}

struct PanGestureModifier: NodeModifier {
    let pan: PanGesture
    func node(wrapping content: Node, _ context: BuildContext) -> Node {
        if let node = context.reusable(PanGestureNode.self) {
            node.rewrap(content)
            node.pan = pan
            return node
        }
        return PanGestureNode(path: context.path, child: content, pan: pan)
    }
}

@MainActor
final class PanGestureNode: WrapperNode, PointerTarget {
    var pan: PanGesture
    init(path: String, child: Node, pan: PanGesture) {
        self.pan = pan
        super.init(path: path, child: child)
    }

    override var isInteractive: Bool { true }
    private var key: String { storageKey("last") }

    func pressBegan(_ e: PointerEvent, host: ViewHost) -> PressClaim {
        host.storage[key] = e.location
        pan.began(e.location, e.time)
        return .gesture
    }

    func pressMoved(_ e: PointerEvent, host: ViewHost) {
        host.storage[key] = e.location
        pan.changed(e.location, e.time)
    }

    func pressEnded(_ e: PointerEvent, tapped: Bool, host: ViewHost) {
        host.storage[key] = nil
        pan.ended(e.location, e.time, false)
    }

    func pressCancelled(time: Double, host: ViewHost) {
        let last = host.storage.removeValue(forKey: key) as? Point ?? .zero
        pan.ended(last, time, true)
    }
}
