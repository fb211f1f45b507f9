// RestaurantList: the Restaurants list's view tree: large title and only the rows near the
// viewport, the compact navigation bar that fades in, and its material and translate modifiers.
import FlingCore

/// Seed 000's `ContentView` list: `NavigationView { List { ForEach(restaurants) {
/// BasicImageRow(restaurant:) } }.navigationBarTitle("Restaurants") }`, at a scroll offset
/// that `ScrollInteraction` owns. The rows keep a readable column on wide windows (iPadOS).
///
/// Like SwiftUI's `List`, it builds only the rows in `rows` (those near the viewport): rows
/// have a fixed height, so the rows above and below are spacers of the same height.
struct RestaurantList: View {
    static let listID = "restaurantList"
    static func rowID(_ i: Int) -> String { "row-\(i)" }
    /// A row's second line.
    static func detail(_ r: Restaurant) -> String { "\(r.type) · \(r.location)" }
    static func rowIndex(_ id: String) -> Int? { id.hasPrefix("row-") ? Int(id.dropFirst(4)) : nil }

    let restaurants: RestaurantRows

    /// How far the compact bar (title and material) has faded in at a scroll offset: from
    /// when the large title is within 8 pt of the bar, over 12 pt (UINavigationBar's collapse).
    static func compactBarFade(_ offset: Double) -> Double {
        max(0, min(1, (offset - (ListConstants.largeTitleHeight - ListConstants.compactBarFadeStart)) / ListConstants.compactBarFadeDistance))
    }
    /// A row's "type · location" line, what a screen reader reads for it and its identifier.
    @MainActor struct RowText {
        var detail: String, spoken: String, id: String
        init(_ r: Restaurant, row: Int, strings: Localization) {
            detail = RestaurantList.detail(r); spoken = RestaurantList.spoken(r, strings); id = RestaurantList.rowID(row)
        }
    }
    /// Each row's strings (the list view makes them once, when the row is first built).
    let rowText: @MainActor (Int) -> RowText
    /// "Name, Type, Place", as VoiceOver reads a subtitle cell (with the language's commas).
    static func spoken(_ r: Restaurant, _ strings: Localization) -> String {
        LocalizedStringKey("\(r.name), \(r.type), \(r.location)").resolved(strings)
    }
    let offset: Double
    let listBounds: Rect
    /// The column the rows fill (window pt).
    let column: Rect
    let pressedRow: Int?
    let selection: @MainActor (Int) -> Double
    /// The rows built (all of them for the content's height).
    var rows: Range<Int>
    /// A row's height and the text scale its lines are set at (larger text).
    var rowHeight = LayoutMetrics.rowHeight
    var textScale = 1.0
    /// How far the rows have moved since this tree was built (drawn translated, not rebuilt).
    var drift: @MainActor () -> Double = { 0 }

    /// The large title and the rows, as wide as the column.
    var columnContent: some View {
        VStack(alignment: .leading, spacing: 0) {
            // UINavigationBar's large title: under the 44 pt bar, baseline 41 pt into its block.
            Text("Restaurants")
                .font(.largeTitle)
                // One line, as UIKit's large titles (shrunk to fit with larger text).
                .lineLimit(1)
                .minimumScaleFactor(ListConstants.largeTitleMinimumScale)
                .accessibilityAddTraits(.isHeader)
                .padding(.leading, LayoutMetrics.margin)
                .firstBaseline(at: ListConstants.navBarHeight + ListConstants.largeTitleBaseline)
                .frame(height: RestaurantListController.Metrics.rowsTop, alignment: .topLeading)

            Color.clear.frame(height: Double(rows.lowerBound) * rowHeight)

            ForEach(rows) { i in
                let text = rowText(i)
                BasicImageRow(restaurant: restaurants[i], detail: text.detail, pressed: pressedRow == i,
                              selection: selection(i), listBounds: listBounds, showsSeparator: i < restaurants.count - 1,
                              rowHeight: rowHeight, textScale: textScale)
                    // One element, read as VoiceOver reads a subtitle cell: "Name, Type, Place".
                    .accessibilityElement(children: .ignore)
                    .accessibilityLabel(text.spoken)
                    .accessibilityRole(.listItem)
                    .accessibilityIdentifier(text.id)
            }

            Color.clear.frame(height: Double(restaurants.count - rows.upperBound) * rowHeight
                              + ListConstants.bottomPadding)
        }
        .frame(width: column.width)
        .accessibilityElement(children: .contain)
        .accessibilityRole(.list)
        .accessibilityLabel("Restaurants")
        .accessibilityIdentifier(Self.listID)
    }

    var body: some View {
        ZStack(alignment: .topLeading) {
            columnContent
                .fixedSize(horizontal: false, vertical: true)
                .offset(x: column.minX - listBounds.minX, y: -offset)
                .translatedWhenDrawn(drift)
                .frame(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity, alignment: .topLeading)
                .navigationBarMaterial(fade: Self.compactBarFade(offset))

            // The large title is the list's header for a screen reader; its compact copy is not read.
            CompactNavigationBar(title: "Restaurants", offset: offset)
                .accessibilityHidden(true)
        }
        .clipped()
    }
}

/// Once the large title has scrolled under the bar, a compact bar with the title fades in
/// (UINavigationBar's large-title collapse), over the material the list draws under it
/// (`navigationBarMaterial`).
private struct CompactNavigationBar: View {
    let title: LocalizedStringKey
    let offset: Double

    private var fade: Double { RestaurantList.compactBarFade(offset) }

    var body: some View {
        if fade > 0 {
            Text(title)
                .font(.headline)
                .frame(maxWidth: .infinity)
                .frame(height: ListConstants.navBarHeight)
                .overlay(Canvas { list, f in
                    // The bar's shadow line: the first pixel row below the bar.
                    list.add(.hairline(from: Point(f.minX, f.maxY), to: Point(f.maxX, f.maxY), color: SystemColor.separator))
                })
                .opacity(fade)
                .allowsHitTesting(false)
        }
    }
}

extension View {
    /// UINavigationBar's material over the top `ListConstants.navBarHeight` pt of this view:
    /// what the view drew there, blurred where it lies (nothing is drawn twice), under the
    /// material's tint, faded in by `fade`.
    func navigationBarMaterial(fade: Double) -> some View {
        modifier(NavigationBarMaterial(fade: fade))
    }

    /// Draws this view moved down by `dy()`, read when drawn: a scroll that only moves the
    /// content redraws the same laid-out tree instead of building it again.
    func translatedWhenDrawn(_ dy: @escaping @MainActor () -> Double) -> some View {
        modifier(TranslatedWhenDrawn(dy: dy))
    }
}

struct NavigationBarMaterial: NodeModifier {
    let fade: Double
    func node(wrapping content: Node, _ context: BuildContext) -> Node {
        let node = context.wrapper(NavigationBarMaterialNode.self, around: content)
        node.fade = fade
        return node
    }
}

@MainActor
final class NavigationBarMaterialNode: WrapperNode, SetUpWrapper {
    var fade = 0.0
    override func draw(into list: inout DisplayList) {
        child.draw(into: &list)
        guard fade > 0 else { return }
        let bar = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: ListConstants.navBarHeight)
        list.withOpacity(fade) { list in
            list.add(.backdropBlur(bar, sigma: ListConstants.materialBlur))
            list.fill(bar, ListConstants.materialTint)
        }
    }
}

struct TranslatedWhenDrawn: NodeModifier {
    let dy: @MainActor () -> Double
    func node(wrapping content: Node, _ context: BuildContext) -> Node {
        let node = context.wrapper(TranslatedWhenDrawnNode.self, around: content)
        node.dy = dy
        return node
    }
}

@MainActor
final class TranslatedWhenDrawnNode: WrapperNode, SetUpWrapper {
    var dy: @MainActor () -> Double = { 0 }
    override func draw(into list: inout DisplayList) {
        list.transformed(.translate(0, dy())) { child.draw(into: &$0) }
    }
}
