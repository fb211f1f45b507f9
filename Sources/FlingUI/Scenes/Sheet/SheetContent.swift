// SheetContent: what a presented sheet shows (the protocol the presenter draws), plus the
// handlebar, the model-scrolled content area and measuring a view's ideal height.
import FlingCore

/// What a sheet shows: the seed's own view for the whole sheet (handlebar included), built in
/// the sheet's coordinates (its top at y = 0) with the content scrolled by the model's offset.
/// The presenter moves it with the model's top (the seed's `.offset(y:)`), so while only the
/// position changes the view, and the layer it is drawn into, stay the same.
@MainActor
package protocol SheetContent: AnyObject {
    /// "restaurant" or "numbers" (the state dump's sheet.content).
    var kind: String { get }
    /// The part the sheet model scrolls (everything below the handle area), at the top of its
    /// scroll: measured for the model's content length.
    var scrolledContent: AnyView { get }
    /// The whole sheet with its content scrolled by `contentOffset`.
    func sheetView(contentOffset: Double) -> AnyView
}

/// Seed 000's `HandleBar`: a 50 × 5 pt rounded rectangle in systemGray5, with a soft dark
/// halo so that it reads over the dimmed list at full (not in the seed).
/// Hidden by `.presentationDragIndicator(.hidden)` (its place kept: the area still drags).
struct HandleBar: SingleNodeView {
    func makeNode(_ context: BuildContext) -> Node {
        let size = (SheetLayoutConstants.handleWidth, SheetLayoutConstants.handleHeight)
        guard context.environment.dragIndicatorVisible else {
            return buildSingleNode(Color.clear.frame(width: size.0, height: size.1), context)
        }
        return buildSingleNode(RoundedRectangle(cornerRadius: SheetLayoutConstants.handleRadius)
            .fill(SystemColor.gray5)
            .frame(width: size.0, height: size.1)
            .shadow(color: SheetLayoutConstants.handleHaloColor, radius: SheetLayoutConstants.handleHaloRadius,
                    cornerRadius: SheetLayoutConstants.handleRadius), context)
    }
}

/// SwiftUI's `Visibility` for `presentationDragIndicator`.
package enum DragIndicatorVisibility: String, Sendable, CaseIterable { case visible, hidden }

struct DragIndicatorModifier: NodeModifier {
    let visible: Bool
    func node(wrapping content: Node, _ context: BuildContext) -> Node { content }
    func contentContext(_ context: BuildContext) -> BuildContext { context.with { $0.dragIndicatorVisible = visible } }
}

extension View {
    /// Shows or hides the sheet's grabber (SwiftUI's `presentationDragIndicator`).
    func presentationDragIndicator(_ visibility: DragIndicatorVisibility) -> some View {
        modifier(DragIndicatorModifier(visible: visibility == .visible))
    }
}

/// Content longer than its frame, moved by a scroll offset the sheet model owns (the model
/// hands one drag off between the sheet and its content, so the scroll is not a `ScrollView`
/// of its own). The content takes its ideal height and is clipped to the frame offered.
struct SheetScrollArea<Content: View>: View {
    let offset: Double
    /// Pt at the top where the scrolled content is never drawn (under a pinned bar whose
    /// rounded corners must show what is behind the card, not the content).
    var hiddenTop = 0.0
    let content: Content
    init(offset: Double, hiddenTop: Double = 0, @ViewBuilder content: () -> Content) {
        self.offset = offset
        self.hiddenTop = hiddenTop
        self.content = content()
    }
    var body: some View {
        content
            .fixedSize(horizontal: false, vertical: true)
            .offset(y: -offset)
            .frame(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity, alignment: .top)
            .clipped(excludingTop: hiddenTop)
    }
}

extension ViewHost {
    /// The height `view` takes at `width` (its ideal height for that width), e.g. a sheet's
    /// scrolled content, without placing it.
    func idealHeight(of view: any View, width: Double) -> Double {
        var environment = EnvironmentValues()
        if followsTextSize { environment.textScale = env.textScale }
        let context = BuildContext(path: "measure", environment: environment, host: self)
        return buildSingleNode(view, context).size(for: ProposedSize(width: width, height: nil)).height
    }
}
