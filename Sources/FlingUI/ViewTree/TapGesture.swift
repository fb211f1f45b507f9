// TapGesture: SwiftUI's `onTapGesture` on the view tree, and the node that runs its action on
// a tap. (Drags reach the scenes through their own routes, one per gesture: a sheet drag to
// the sheet's model, a scroll to its scroll model, a card to its transition.)
import FlingCore

extension View {
    /// Runs `action` on a tap (a press released within the touch slop).
    public func onTapGesture(perform action: @escaping @MainActor () -> Void) -> some View {
        modified { TapGestureNode(path: $1.path, child: $0, action: action) }
    }
}

@MainActor
final class TapGestureNode: WrapperNode, PointerTarget {
    let action: @MainActor () -> Void

    init(path: String, child: Node, action: @escaping @MainActor () -> Void) {
        self.action = action
        super.init(path: path, child: child)
    }

    override var isInteractive: Bool { true }

    func pressBegan(_ e: PointerEvent, host: ViewHost) -> PressClaim { .tap }
    func pressMoved(_ e: PointerEvent, host: ViewHost) {}
    func pressEnded(_ e: PointerEvent, tapped: Bool, host: ViewHost) { if tapped { action() } }
    func pressCancelled(time: Double, host: ViewHost) {}
}
