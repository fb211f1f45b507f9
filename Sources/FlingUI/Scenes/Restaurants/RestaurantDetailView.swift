// RestaurantDetailView: the restaurant sheet's views from seed 000 (pinned title bar, photo
// header with scrim, info rows) and `RestaurantSheet`, which the presenter shows.
import FlingCore

// Seed 000's `RestaurantDetailView.swift`, view for view. Differences, each asked for or
// forced: the TitleBar stays pinned under the handlebar while the rest scrolls under it (as
// on iOS), so the scroll view holds an invisible copy that keeps its place; the scroll
// offset comes from the sheet model (one drag hands off between sheet and content); a scrim
// under the name keeps it legible on light photos; the seed's `.padding(.bottom, 100)` hack
// is a home-indicator inset (the viewport is the visible part of the sheet); SF Symbols are
// Material Icons (`map`, `phone`).

/// Seed 000's `TitleBar`.
struct TitleBar: View {
    var body: some View {
        HStack {
            Text("Restaurant Details")
                .font(.headline)
                .foregroundColor(SystemColor.label)
                .accessibilityAddTraits(.isHeader)

            Spacer()
        }
        .padding()
    }
}

/// Seed 000's `HeaderView`: the photo 300 pt high, the name and the type badge over its
/// lower-left corner.
struct HeaderView: View {
    let restaurant: Restaurant

    var body: some View {
        Image(restaurant.image)
            .resizable()
            .scaledToFill()
            .frame(height: SheetLayoutConstants.headerHeight)
            .clipped()
            .overlay(Scrim())
            .overlay(
                HStack {
                    VStack(alignment: .leading) {
                        Spacer()
                        Text(restaurant.name)
                            .foregroundColor(.white)
                            .font(Font(.rounded, size: TextStyle.largeTitle.font.size, weight: .bold))
                            .lineLimit(SheetLayoutConstants.nameLineLimit)
                            .minimumScaleFactor(SheetLayoutConstants.nameMinimumScale)

                        Text(restaurant.type)
                            .font(TextStyle.headline.font.rounded)
                            .padding(SheetLayoutConstants.badgePadding)
                            .foregroundColor(.white)
                            .background(RoundedRectangle(cornerRadius: SheetLayoutConstants.badgeRadius).fill(SystemColor.red))
                    }
                    .layoutPriority(1)   // the name takes the width it needs; see DetailInfoView
                    Spacer()
                }
                .padding()
            )
    }
}

/// Black from clear to `scrimOpacity` over the photo's lower part (not in the seed).
private struct Scrim: View {
    var body: some View {
        Canvas { list, frame in
            let h = min(frame.height, SheetLayoutConstants.scrimHeight)
            list.add(.verticalGradient(Rect(x: frame.minX, y: frame.maxY - h, width: frame.width, height: h),
                                       top: .clear, bottom: Color(white: 0, alpha: SheetLayoutConstants.scrimOpacity)))
        }
        .allowsHitTesting(false)
    }
}

/// Seed 000's `DetailInfoView`: an optional icon, then the text (body, rounded), wrapping.
struct DetailInfoView: View {
    let icon: String?
    let info: String

    var body: some View {
        HStack {
            if let icon {
                Text(icon)
                    .font(Font.icons(size: SheetLayoutConstants.iconSize))
                    .frame(width: SheetLayoutConstants.iconSize)   // one column for both icons
                    .padding(.trailing, SheetLayoutConstants.iconGap)
                    .accessibilityHidden(true)   // a glyph of the icon font: the text says it all
            }
            Text(info)
                .font(TextStyle.body.font.rounded)
                .lineSpacing(multiple: SheetLayoutConstants.bodyLineHeight)
                // The text wraps at the row's width; the Spacer only pushes short text left
                // (without the priority the stack would share the width between the two).
                .layoutPriority(1)

            Spacer()
        }.padding(.horizontal)
    }
}

/// What seed 000's `ScrollView` holds (an implicit `VStack`, 8 pt apart).
struct RestaurantDetailScrollContent: View {
    let restaurant: Restaurant

    var body: some View {
        VStack {
            TitleBar().opacity(0)   // its place: the TitleBar itself is pinned above the scroll
                .accessibilityHidden(true)

            HeaderView(restaurant: self.restaurant)

            DetailInfoView(icon: MaterialIcon.map, info: self.restaurant.location)
                .padding(.top)
            DetailInfoView(icon: MaterialIcon.phone, info: self.restaurant.phone)
            DetailInfoView(icon: nil, info: self.restaurant.description)
                .padding(.top)
                .padding(.bottom, SheetLayoutConstants.bottomPadding)
        }
    }
}

/// Seed 000's `RestaurantDetailView`: the handlebar on the dim, then the white scroll view
/// with rounded top corners. The sheet's top is the top of its 20 pt handle area.
struct RestaurantDetailView: View {
    let restaurant: Restaurant
    let scrollOffset: Double

    var body: some View {
        VStack(spacing: SheetLayoutConstants.handleToCard) {
            HandleBar()

            ZStack(alignment: .top) {
                SheetScrollArea(offset: scrollOffset, hiddenTop: SheetLayoutConstants.restaurantCornerRadius) {
                    RestaurantDetailScrollContent(restaurant: restaurant)
                }
                TitleBar()
                    // White with the card's rounded top corners (a square white bar once
                    // covered them at every size and detent), square at its bottom edge.
                    .background(ZStack {
                        RoundedRectangle(cornerRadius: SheetLayoutConstants.restaurantCornerRadius).fill(.white)
                        Color.white.padding(.top, SheetLayoutConstants.restaurantCornerRadius)
                    })
                    // Content under the pinned bar: a hairline marks its edge (UIKit's
                    // scroll-edge appearance).
                    .overlay(scrollOffset > 0 ? AnyView(Divider()) : AnyView(EmptyView()), alignment: .bottom)
                    .accessibilityIdentifier("titleBar")
            }
            .background(RoundedRectangle(cornerRadius: SheetLayoutConstants.restaurantCornerRadius).fill(.white))
            .accessibilityIdentifier("card")
        }
        .padding(.top, SheetLayoutConstants.handleTop)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
    }
}

/// The restaurant sheet's content for the presenter.
@MainActor
package final class RestaurantSheet: SheetContent {
    package let restaurant: Restaurant
    package let kind = "restaurant"

    package init(restaurant: Restaurant) { self.restaurant = restaurant }

    package var scrolledContent: AnyView { AnyView(RestaurantDetailScrollContent(restaurant: restaurant)) }

    package func sheetView(contentOffset: Double) -> AnyView {
        AnyView(RestaurantDetailView(restaurant: restaurant, scrollOffset: contentOffset))
    }
}
