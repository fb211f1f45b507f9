// ListView: the two-stage sheet's content from seed 001: the table of numbers 0…30, its cells,
// the sheet's shell with grab strip, and `NumbersSheet`, what the presenter shows.
import FlingCore

/// Seed 001's `ListViewController`: a plain table of the numbers 0…30 in default cells.
struct ListView: View {
    let data = Array(0..<TwoStageConstants.numberCount)

    var body: some View {
        VStack(spacing: 0) {
            ForEach(data, id: \.self) { i in
                NumberCell(number: i)
            }
        }
        .padding(.bottom, TwoStageConstants.listBottomPadding)
    }
}

/// A default `UITableViewCell`: the text label at the 20 pt margin, 44 pt high, a separator
/// inset to the text.
struct NumberCell: View {
    let number: Int

    var body: some View {
        HStack {
            Text(number, format: .number).font(.body)
            Spacer()
        }
        .padding(.leading, LayoutMetrics.margin)
        .frame(height: TwoStageConstants.rowHeight)
        .overlay(Divider().padding(.leading, LayoutMetrics.margin), alignment: .bottom)
    }
}

/// Seed 001's `SheetViewController.view`: the grab strip at the top and the container with
/// the list, in a white shell with 20 pt corners. The list's height follows the visible part
/// of the sheet (the seed's `containerHeight`): the model's viewport does that.
struct SheetView: View {
    let scrollOffset: Double

    var body: some View {
        VStack(spacing: 0) {
            HandleBar()
                .frame(height: SheetConstants.handleAreaHeight)
            SheetScrollArea(offset: scrollOffset) {
                ListView()
            }
        }
        .background(RoundedRectangle(cornerRadius: SheetLayoutConstants.twoStageCornerRadius).fill(.white))
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
    }
}

/// The numbers sheet for the presenter.
@MainActor
package final class NumbersSheet: SheetContent {
    package let kind = "numbers"
    package init() {}
    package var scrolledContent: AnyView { AnyView(ListView()) }
    package func sheetView(contentOffset: Double) -> AnyView { AnyView(SheetView(scrollOffset: contentOffset)) }
}
