/// The numbers of the Restaurants list, the restaurant sheet's layout, the Two-Stage scene and
/// the tab bar (nothing inline in scene code), each with where it comes from. The
/// sheet's motion and thresholds are in `SheetConstants`, the cards' in `CardConstants`.

/// The Restaurants list: UIKit's plain table with a large title.
public enum ListConstants {
    /// Room for the compact navigation bar above the large title (UINavigationBar: 44 pt).
    public static let navBarHeight: Double = 44
    /// The large title block (UINavigationBar: 52 pt, the 34 pt title's baseline 41 pt into it).
    public static let largeTitleHeight: Double = LayoutMetrics.largeTitleHeight
    public static let largeTitleBaseline: Double = 41
    /// Between the large title block and the first row (UITableView's plain-style top inset).
    public static let rowsTopGap: Double = 6
    /// Below the last row, so it clears the home indicator when scrolled to the end.
    public static let bottomPadding: Double = 24
    /// Rows stop stretching here on wide kiosks (a readable column, as iPadOS lists do).
    public static let maxColumnWidth: Double = 720
    /// The disclosure chevron: Material's chevron_right at 22 pt, 8 pt before it, its glyph
    /// box drawn 6 pt right so the visible stroke sits on the margin (UITableViewCell's).
    public static let chevronSize: Double = 22
    public static let chevronGap: Double = 8
    public static let chevronInset: Double = 6
    /// A subtitle cell's two lines: the headline's baseline 3 pt above the row's middle,
    /// the subheadline's 21 pt below it (UITableViewCell.subtitle at default sizes).
    public static let nameBaselineAboveMiddle: Double = 3
    public static let detailBaselineGap: Double = 21
    /// A large title stays on one line, shrinking to at most this scale with larger text
    /// (UINavigationBar's large titles do not wrap).
    public static let largeTitleMinimumScale = 0.5
    /// The compact bar fades in over 12 pt once the large title is within 8 pt of being
    /// scrolled under it (UINavigationBar's large-title collapse).
    public static let compactBarFadeStart: Double = 8
    public static let compactBarFadeDistance: Double = 12
    /// The compact bar's material (UIKit's `.systemChromeMaterial`, light): the rows under it
    /// blurred (a Gaussian of 10 pt deviation) under a near-white tint. UIKit publishes no
    /// numbers; these match a UINavigationBar over a list by eye (the bar was once a
    /// plain 94 % white wash the rows showed through sharp).
    public static let materialBlur: Double = 10
    public static let materialTint = Color(hex: 0xF9F9F9, alpha: 0.8)
}

/// The restaurant sheet's layout (seed 000's `RestaurantDetailView`) and the shell around any
/// sheet content.
public enum SheetLayoutConstants {
    /// Seed 000's `HandleBar`: `Rectangle().frame(width: 50, height: 5).cornerRadius(10)`.
    public static let handleWidth: Double = 50
    public static let handleHeight: Double = 5
    public static let handleRadius: Double = 10
    /// A soft dark halo under the handlebar: at full the handle sits over the
    /// dimmed list, often on a row's text; the halo darkens what is right around it so the
    /// light handle reads and the text under it does not compete. Not in the seed.
    public static let handleHaloColor = Color(white: 0, alpha: 0.7)
    public static let handleHaloRadius: Double = 8
    /// The handlebar sits above the white card with the `VStack`'s default 8 pt between them
    /// (seed 000), the bottom of the sheet's 20 pt handle area (`SheetConstants.handleAreaHeight`).
    public static let handleToCard: Double = 8
    public static var handleTop: Double { SheetConstants.handleAreaHeight - handleToCard - handleHeight }
    /// Seed 000: `.cornerRadius(10)` on the white scroll view; seed 001: `cornerRadius = 20`.
    public static let restaurantCornerRadius: Double = 10
    public static let twoStageCornerRadius: Double = 20
    /// The sheet is drawn this far past the window's bottom, so that a rubber-banded or
    /// springing sheet never shows a gap below it.
    public static let overshootBelow: Double = 200
    /// Seed 000's `HeaderView`: the photo 300 pt high; the type badge's `.padding(5)` and
    /// `.cornerRadius(5)`; the name largeTitle rounded bold (34 pt), at most 2 lines and
    /// shrinking to 60 % before it would truncate (long names on narrow windows).
    public static let headerHeight: Double = 300
    public static let badgePadding: Double = 5
    public static let badgeRadius: Double = 5
    public static let nameLineLimit = 2
    public static let nameMinimumScale: Double = 0.6
    /// A scrim under the name keeps white text legible on light photos: black from 0 to 45 %
    /// over the photo's lower 150 pt (what iOS's Photos and Maps cards do).
    public static let scrimHeight: Double = 150
    public static let scrimOpacity: Double = 0.45
    /// Seed 000's `DetailInfoView`: the icon, then `.padding(.trailing, 10)`; body text rounded,
    /// 22 pt lines (UIFont body's leading at 17 pt).
    public static let iconSize: Double = 20
    public static let iconGap: Double = 10
    public static let bodyLineHeight: Double = 22.0 / 17
    /// Below the description: the home indicator's inset (34 pt), so the last line clears it
    /// (the seed needed `.padding(.bottom, 100)`: its scroll view was taller than the screen).
    public static let bottomPadding: Double = LayoutMetrics.tabBarBottomInset
}

/// Seed 001's demo screen and its list content.
public enum TwoStageConstants {
    /// The "Show Sheet" button: a filled iOS button (UIButton.Configuration.filled, large):
    /// 20 pt each side of the label, 50 pt high, radius 12, 20 % darker while pressed.
    public static let buttonPadding: Double = 20
    public static let buttonHeight: Double = 50
    public static let buttonRadius: Double = 12
    public static let buttonPressedDarkening: Double = 0.2
    /// Seed 001's list: the numbers 0…30 in default UITableViewCells, 44 pt high.
    public static let numberCount = 31
    public static let rowHeight: Double = 44
    /// Below the last row: the home indicator's inset, so row 30 clears it.
    public static let listBottomPadding: Double = LayoutMetrics.tabBarBottomInset
}

/// The iOS tab bar's items (UITabBarItem in a 49 pt bar).
public enum TabBarConstants {
    /// Items share the width on phones; on wide windows they keep this width, centred (iPadOS).
    public static let maxItemWidth: Double = 160
    /// The icon (26 pt glyph) 4 pt below the bar's top…
    public static let iconSize: Double = 26
    public static let iconTop: Double = 4
    /// …the title 10 pt medium, its baseline 43 pt below the bar's top.
    public static let titleSize: Double = 10
    public static let titleBaseline: Double = 43
}

/// The form scene (seed 002) at compact widths: the layout a SwiftUI app switches
/// to on `horizontalSizeClass == .compact`. The regular layout is the seed's own and keeps its
/// literals (200, 30, 540…) in the seed's code, line for line.
public enum FormLayoutConstants {
    /// Narrower than this the form is compact. It is the width the seed's regular layout
    /// needs, measured (FormCompactTests checks it against the laid-out tree): the mini-map's
    /// 30 + 200 + 30, the HStack's 8, the 540 pt row of name fields, 8 and the trailing
    /// Spacer's minimum 8. From 824 pt on the regular form fits without scrolling sideways
    /// (1024 × 768, 1920 × 1080, a 1080 pt portrait kiosk); below it (a 390 pt phone, a 768 pt
    /// portrait tablet or a 2× kiosk of 540 pt) its Last Name field would lie off screen.
    public static let compactBreakpoint: Double = 824
    /// The compact form's side margins (UIKit's layout margins on an iPhone: 16 pt).
    public static let compactMargin: Double = 16
    /// Below the compact form, so its last field does not end on the tab bar's edge.
    public static let compactBottomPadding: Double = 16
    /// The mini-map band above the compact form: the gray area centred in it, this much above
    /// and below the area (the standard 20 pt between iOS content groups).
    public static let bandPadding: Double = 20
    /// The seed's mini-map scales the form by its width over the area's width minus 10 pt (its
    /// `.padding(5)` on each side). The compact area is as wide as makes that factor 3: at
    /// the full width it would be a full-size copy of the form; a third is the largest
    /// miniature that leaves the form most of a phone's screen (a 358 pt form, a 129 pt area)
    /// and keeps the fields' 34 pt boxes 11 pt high, their red/yellow/green readable.
    public static let miniMapScale: Double = 1.0 / 3
    public static let miniMapInset: Double = 10
    /// The area's height: the tallest compact form at a third (title on two lines, the
    /// Twitter field on: about 630 pt, 210 pt in miniature) plus the 10 pt of padding.
    public static let miniMapAreaHeight: Double = 220
    /// The compact title ("Hello First Middle Last", title bold) wraps to two lines and then
    /// shrinks, down to half size, before anything is cut (the seed's one line ran off a
    /// phone's screen after "He"). Today's headlines do the same (`CardConstants`).
    public static let titleLineLimit = 2
    public static let titleMinimumScale: Double = 0.5
}
