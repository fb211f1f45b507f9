import FlingCore

/// Seed 001's demo: a "Show Sheet" button that presents the two-stage sheet holding the
/// numbers 0…30 (policy two-stage unless --sheet-policy says otherwise).
@MainActor
package final class TwoStageScene: Scene {
    package let id = SceneID.twoStage
    package let presenter: SheetPresenter
    private let env: SceneEnvironment
    private var bounds = Rect.zero
    private var pressedButton = false

    package init(env: SceneEnvironment, policy: SheetPolicyKind, window: Size) {
        self.env = env
        presenter = SheetPresenter(policy: policy, window: window)
    }

    package var buttonFrame: Rect {
        let label = env.layout("Show Sheet", TextStyle.body.font)
        let w = label.size.width + 40, h = 50.0
        return Rect(x: bounds.midX - w / 2, y: bounds.midY - h / 2, width: w, height: h)
    }

    package func layout(in bounds: Rect, window: Size, time: Double) {
        self.bounds = bounds
        presenter.layout(window: window, time: time)
    }

    package var isModal: Bool { presenter.isVisible }

    package func show(time: Double) {
        pressedButton = false
        presenter.present(NumbersContent(env: env), time: time)
    }

    package func handlePointer(_ e: PointerEvent) -> Bool {
        if presenter.isVisible { return presenter.handlePointer(e) }
        switch e.phase {
        case .began: pressedButton = buttonFrame.contains(e.location)
        case .ended:
            if pressedButton && buttonFrame.insetBy(dx: -20, dy: -20).contains(e.location) { show(time: e.time) }
            pressedButton = false
        case .cancelled: pressedButton = false
        case .moved: break
        }
        return true
    }

    package func handleWheel(dy: Double, at p: Point, time: Double) { presenter.handleWheel(dy: dy, time: time) }

    package func handleKey(_ key: Key, time: Double) -> Bool {
        if presenter.handleKey(key, time: time) { return true }
        if !presenter.isVisible, key.is(.return) || key.is(.space) { show(time: time); return true }
        return false
    }

    package func cancelGestures(time: Double) {
        pressedButton = false
        presenter.cancelGestures(time: time)
    }

    package func advance(to time: Double) -> Bool { presenter.advance(to: time) }

    package func draw(into dl: inout DisplayList, time: Double) {
        dl.fill(bounds, SystemColor.groupedBackground)
        let title = env.layout("Two-Stage Sheet", TextStyle.largeTitle.font)
        dl.text(title, at: Point(bounds.minX + LayoutMetrics.margin, bounds.minY + 44 + 41 - title.firstBaseline), SystemColor.label)
        let b = buttonFrame
        dl.add(.fillRect(b, radii: CornerRadii(12), color: pressedButton ? SystemColor.blue.mixed(with: .black, 0.2) : SystemColor.blue))
        let label = env.layout("Show Sheet", TextStyle.headline.font)
        dl.text(label, at: Point((b.midX - label.size.width / 2).rounded(), b.midY - label.size.height / 2), .white)
    }

    package func drawOverlay(into dl: inout DisplayList, time: Double) { presenter.draw(into: &dl, time: time) }

    package func stateFields(time: Double) -> [(String, JSONValue)] {
        [("sheet", presenter.stateJSON(time: time, restaurant: nil))]
    }
}
