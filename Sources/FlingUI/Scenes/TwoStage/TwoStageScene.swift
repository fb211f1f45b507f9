// TwoStageScene: the two-stage sheet scene (seed 001): a title and a "Show Sheet" button, kept
// above the expanded sheet, that presents the numbers sheet.
import FlingCore

/// Seed 001's demo: a "Show Sheet" button that presents the two-stage sheet holding the
/// numbers 0…30 (policy two-stage unless --sheet-policy says otherwise). The screen is a view
/// tree; the sheet is the presenter's.
@MainActor
package final class TwoStageScene: Scene {
    package let id = SceneID.twoStage
    package let presenter: SheetPresenter
    let env: SceneEnvironment
    private var bounds = Rect.zero
    private var window = Size.zero
    private(set) lazy var host: ViewHost = ViewHost(env: env) { [unowned self] in self.root }

    private var root: TwoStageView {
        builtExpandedTop = expandedTop
        return TwoStageView(expandedTop: expandedTop, show: { [unowned self] in self.show(time: self.host.time) })
    }

    /// Rebuilds the tree when the button's place changed (drawn and hit where the user sees it).
    func updateHost(time: Double) {
        if builtExpandedTop != expandedTop { host.invalidate() }
        host.update(bounds: bounds, time: time)
    }

    package init(env: SceneEnvironment, policy: SheetPolicyKind, window: Size) {
        self.env = env
        self.window = window
        presenter = SheetPresenter(policy: policy, window: window, env: env)
        presenter.accessibilityName = LocalizedStringKey("Numbers")
    }

    /// Where the sheet rests when expanded (its lowest resting detent), in window pt: the
    /// button sits above it, so the expanded sheet never covers it.
    /// (The sheet on screen, else the one the button will show: the tuning panel may have
    /// picked another policy since.)
    private var expandedTop: Double {
        let policy = presenter.sheet.isVisible ? presenter.sheet.policy
            : presenter.policyKind.policy(tuning: .standard, detents: presenter.detents)
        return policy.lowest(height: window.height).1
    }
    /// The expanded top the tree was built with: the button moves when it changes.
    private var builtExpandedTop: Double?

    /// The "Show Sheet" button's frame in window pt.
    package var buttonFrame: Rect {
        updateHost(time: host.time)
        return host.node(identifier: TwoStageView.buttonID)?.frame ?? .zero
    }

    package func layout(in bounds: Rect, window: Size, time: Double) {
        self.bounds = bounds
        self.window = window
        presenter.layout(window: window, time: time)
        host.invalidate()
        host.update(bounds: bounds, time: time)
    }

    /// Modal while the sheet is on screen; once a dismissing sheet has left the window the
    /// button answers again, even while the seed's long dismissal spring finishes.
    package var isModal: Bool { presenter.isVisible && !presenter.isGone(at: host.time) }

    package func show(time: Double) {
        host.cancelPress(time: time)
        presenter.present(NumbersSheet(), time: time)
    }

    package func handlePointer(_ e: PointerEvent) -> Bool {
        if presenter.isVisible && !presenter.isGone(at: e.time) { return presenter.handlePointer(e) }
        updateHost(time: e.time)
        host.handlePointer(e)
        return true
    }

    package func handleWheel(dy: Double, at p: Point, time: Double) { presenter.handleWheel(dy: dy, time: time) }

    package func handleKey(_ key: Key, time: Double) -> Bool {
        if presenter.handleKey(key, time: time) { return true }
        if presenter.isGone(at: time), key.is(.return) || key.is(.space) { show(time: time); return true }
        return false
    }

    package func cancelGestures(time: Double) {
        host.cancelPress(time: time)
        presenter.cancelGestures(time: time)
    }

    package func advance(to time: Double) -> Bool {
        let moving = presenter.advance(to: time)
        return host.advance(to: time) || moving
    }

    package func draw(into dl: inout DisplayList, time: Double) {
        // Nothing on this screen depends on time: the tree is rebuilt only after input or layout.
        updateHost(time: host.time)
        host.draw(into: &dl)
    }

    package func drawOverlay(into dl: inout DisplayList, time: Double) { presenter.draw(into: &dl, time: time) }

    package func stateFields(time: Double) -> [(String, JSONValue)] {
        [("sheet", presenter.stateJSON(time: time, restaurant: nil))]
    }
}

/// Seed 001's presenting view controller: a large title and the "Show Sheet" button, centred
/// in the space between the title and the expanded sheet's top.
struct TwoStageView: View {
    static let buttonID = "showSheet"
    let expandedTop: Double
    let show: @MainActor () -> Void

    var body: some View {
        ZStack(alignment: .top) {
            SystemColor.groupedBackground
            VStack(alignment: .leading, spacing: 0) {
                Text("Two-Stage Sheet")
                    .font(.largeTitle)
                    // One line, as UIKit's large titles (shrunk to fit with larger text).
                    .lineLimit(1)
                    .minimumScaleFactor(ListConstants.largeTitleMinimumScale)
                    .accessibilityAddTraits(.isHeader)
                    .padding(.leading, LayoutMetrics.margin)
                    .frame(height: ListConstants.largeTitleHeight, alignment: .bottomLeading)
                    .padding(.top, ListConstants.navBarHeight)
                Spacer(minLength: 0)
                HStack {
                    Spacer()
                    FilledButton(title: "Show Sheet", action: show)
                        .accessibilityIdentifier(Self.buttonID)
                    Spacer()
                }
                Spacer(minLength: 0)
            }
            .frame(height: expandedTop, alignment: .top)
        }
    }
}
