// BasicImageRow: one restaurant row (thumbnail, name, "type · location"), its highlight and
// separator, and the `firstBaseline(at:)` modifier that places its text.
import FlingCore

// Seed 000's list (`ContentView`: a plain `List` of `BasicImageRow`s under the large title
// "Restaurants"), drawn as UIKit draws it: a subtitle cell with a rounded thumbnail, the name
// over "type · location", a disclosure chevron, separators inset to the text.

extension View {
    /// Places text so that its first baseline is `y` below the top of this view's frame
    /// (UIKit's `firstBaselineAnchor` constraint, which table cells use to set their lines).
    func firstBaseline(at y: Double) -> some View { modifier(FirstBaseline(y: y)) }
}

struct FirstBaseline: NodeModifier {
    let y: Double
    func node(wrapping content: Node, _ context: BuildContext) -> Node {
        let node = context.wrapper(FirstBaselineNode.self, around: content)
        node.baselineY = y
        return node
    }
}

@MainActor
final class FirstBaselineNode: WrapperNode, SetUpWrapper {
    var baselineY = 0.0
    private func top(_ size: Size) -> Double { baselineY - (child.baseline(last: false, size: size) ?? 0) }
    override func measure(_ p: ProposedSize) -> Size {
        let s = child.size(for: p)
        return Size(s.width, max(0, top(s)) + s.height)
    }
    override func placeChildren(in rect: Rect, proposal: ProposedSize) {
        let s = child.size(for: proposal)
        child.place(in: Rect(x: rect.minX, y: rect.minY + top(s), width: s.width, height: s.height), proposal: proposal)
    }
}

/// One restaurant row (seed 000's `BasicImageRow`).
struct BasicImageRow: View {
    let restaurant: Restaurant
    /// "type · location" (made once per restaurant, not in every build).
    let detail: String
    /// Pressed (gray4) or selected (gray5 at this opacity, fading when deselected).
    let pressed: Bool
    let selection: Double
    /// The list's bounds: the highlight spans them, past the centred column on wide windows
    /// (the separator stays in the column).
    let listBounds: Rect
    let showsSeparator: Bool
    /// Taller with larger text, its lines further apart.
    var rowHeight = LayoutMetrics.rowHeight
    var textScale = 1.0

    var body: some View {
        HStack(spacing: LayoutMetrics.rowImageTextGap) {
            Image(restaurant.image)
                .resizable()
                .scaledToFill()
                .cornerRadius(LayoutMetrics.thumbnailRadius)
                .frame(width: LayoutMetrics.thumbnailSize, height: LayoutMetrics.thumbnailSize)

            ZStack(alignment: .topLeading) {
                Text(restaurant.name)
                    .font(.headline)
                    .lineLimit(1)
                    .firstBaseline(at: nameBaseline)
                Text(detail)
                    .font(.subheadline)
                    .foregroundColor(SystemColor.secondaryLabel)
                    .lineLimit(1)
                    .firstBaseline(at: nameBaseline + ListConstants.detailBaselineGap * textScale)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)

            Text(MaterialIcon.chevronRight)
                .font(Font.icons(size: ListConstants.chevronSize))
                .foregroundColor(SystemColor.gray3)
        }
        .padding(.leading, LayoutMetrics.margin)
        .padding(.trailing, LayoutMetrics.margin - ListConstants.chevronInset)
        .frame(height: rowHeight)
        .background(Highlight(pressed: pressed, selection: selection, listBounds: listBounds))
        .overlay(showsSeparator ? AnyView(Separator()) : AnyView(EmptyView()), alignment: .bottomLeading)
    }

    /// The name's baseline: the two lines centred in the row (at any text scale).
    private var nameBaseline: Double {
        rowHeight / 2 - ListConstants.nameBaselineAboveMiddle * textScale - ListConstants.detailBaselineGap * (textScale - 1) / 2
    }
}

/// The row's highlight, across the whole window width (UITableView's selected background).
private struct Highlight: View {
    let pressed: Bool
    let selection: Double
    let listBounds: Rect
    var body: some View {
        Canvas(self) { highlight, list, frame in
            let bounds = highlight.listBounds
            let row = Rect(x: bounds.minX, y: frame.minY, width: bounds.width, height: frame.height)
            if highlight.pressed {
                list.fill(row, SystemColor.gray4)
            } else if highlight.selection > 0 {
                list.withOpacity(highlight.selection) { $0.fill(row, SystemColor.gray5) }
            }
        }
        .allowsHitTesting(false)
    }
}

/// A hairline from the text's leading edge to the row's trailing edge: the window's on a phone,
/// the centred column's on a wide window (it once ran to the window's edge, 600 pt past
/// the column at 1920 wide).
private struct Separator: View {
    var body: some View {
        Canvas(()) { _, list, frame, direction in   // (captures nothing: no allocation per build)
            // Inset at the leading edge: the right one in Arabic, where the text ends.
            let inset = LayoutMetrics.margin + LayoutMetrics.thumbnailSize + LayoutMetrics.rowImageTextGap
            let (from, to) = direction == .rightToLeft ? (frame.minX, frame.maxX - inset) : (frame.minX + inset, frame.maxX)
            list.add(.hairline(from: Point(from, frame.maxY - 0.5), to: Point(to, frame.maxY - 0.5), color: SystemColor.separator))
        }
        .allowsHitTesting(false)
    }
}
