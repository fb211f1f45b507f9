// ShowSheetButton: the filled blue "Show Sheet" button of the two-stage scene and the node that
// takes its tap and darkens it while pressed.
import FlingCore

/// A filled iOS button (UIButton, `.filled` style): white headline on blue, darker while held;
/// the action runs on a tap (released within the touch slop, as `touchUpInside` near the button).
struct FilledButton: View {
    let title: LocalizedStringKey
    let action: @MainActor () -> Void

    var body: some View {
        Text(title)
            .font(.headline)
            .foregroundColor(.white)
            .fixedSize()   // a button's title does not wrap
            .padding(.horizontal, TwoStageConstants.buttonPadding)
            .frame(height: TwoStageConstants.buttonHeight)
            .background(RoundedRectangle(cornerRadius: TwoStageConstants.buttonRadius).fill(SystemColor.blue))
            .modified { node, context in
                ButtonNode(path: context.path, child: node, action: action,
                           pressed: context.host.storage[ButtonNode.pressedKey(context.path)] ?? false)
            }
    }
}

/// Takes a tap, and darkens its content while pressed.
@MainActor
final class ButtonNode: WrapperNode, PointerTarget {
    let action: @MainActor () -> Void
    /// Held while pressed; the host keeps it under the node's path (nodes are rebuilt after each event).
    let pressed: Bool
    static func pressedKey(_ path: String) -> StorageKey<Bool> { StorageKey(raw: path + "#pressed") }
    init(path: String, child: Node, action: @escaping @MainActor () -> Void, pressed: Bool) {
        self.action = action
        self.pressed = pressed
        super.init(path: path, child: child)
    }
    override var isInteractive: Bool { true }
    private var key: StorageKey<Bool> { storageKey("pressed") }

    override func draw(into list: inout DisplayList) {
        child.draw(into: &list)
        if pressed {
            list.add(.fillRect(frame, radii: CornerRadii(TwoStageConstants.buttonRadius),
                               color: Color(white: 0, alpha: TwoStageConstants.buttonPressedDarkening)))
        }
    }

    func pressBegan(_ e: PointerEvent, host: ViewHost) -> PressClaim { host.storage[key] = true; return .tap }
    func pressMoved(_ e: PointerEvent, host: ViewHost) {}
    func pressEnded(_ e: PointerEvent, tapped: Bool, host: ViewHost) {
        host.storage[key] = nil
        if tapped { action() }
    }
    func pressCancelled(time: Double, host: ViewHost) { host.storage[key] = nil }
}
