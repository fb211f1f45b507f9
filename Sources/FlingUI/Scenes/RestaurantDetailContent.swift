import FlingCore

/// The restaurant detail of SPEC scene 1: the "Restaurant Details" title bar, the 300 pt
/// header photo with the name and a red type badge over its lower-left corner, the map-pin
/// and phone rows and the description (rounded body text that wraps).
@MainActor
package final class RestaurantDetailContent: SheetContent {
    package let restaurant: Restaurant
    private let env: SceneEnvironment
    package let kind = "restaurant"
    package let cornerRadius: Double = 10

    package enum Metrics {
        static let padding: Double = 16
        static let titleBarHeight: Double = 22 + 2 * padding
        static let headerHeight: Double = 300
        static let iconSize: Double = 20
        static let iconGap: Double = 10
        static let rowSpacing: Double = 14
        static let bottomPadding: Double = 40
    }

    package init(restaurant: Restaurant, env: SceneEnvironment) {
        self.restaurant = restaurant
        self.env = env
    }

    private var bodyFont: Font { TextStyle.body.font.rounded }
    private func textWidth(_ width: Double) -> Double { width - 2 * Metrics.padding - Metrics.iconSize - Metrics.iconGap }

    private func rows(width: Double) -> [(icon: String?, layout: TextLayout)] {
        let w = textWidth(width)
        let opts = TextOptions(maxWidth: w, lineHeight: 22.0 / 17)
        return [
            // Seed 000: Image(systemName: "map"), the folded map.
            (MaterialIcon.map, env.layout(restaurant.location, bodyFont, opts)),
            (MaterialIcon.phone, env.layout(restaurant.phone, bodyFont, opts)),
            (nil, env.layout(restaurant.description, bodyFont, TextOptions(maxWidth: width - 2 * Metrics.padding, lineHeight: 22.0 / 17))),
        ]
    }

    package func height(forWidth width: Double) -> Double {
        var h = Metrics.titleBarHeight + Metrics.headerHeight + Metrics.padding
        for r in rows(width: width) { h += r.layout.size.height + Metrics.rowSpacing }
        return h + Metrics.bottomPadding
    }

    package func draw(into list: inout DisplayList, origin: Point, width: Double, visible: Rect) {
        let p = Metrics.padding
        var y = origin.y
        let title = env.layout("Restaurant Details", TextStyle.headline.font)
        list.text(title, at: Point(origin.x + p, y + (Metrics.titleBarHeight - title.size.height) / 2), SystemColor.label)
        y += Metrics.titleBarHeight
        // Header: the photo fills the width, clipped; name and type over its lower-left corner.
        let header = Rect(x: origin.x, y: y, width: width, height: Metrics.headerHeight)
        if header.intersects(visible) {
            list.add(.image(restaurant.image, frame: header, mode: .fill, radii: .zero))
            // A soft scrim under the name keeps white text legible on light photos.
            list.add(.verticalGradient(Rect(x: header.minX, y: header.maxY - 150, width: width, height: 150),
                                       top: Color(white: 0, alpha: 0), bottom: Color(white: 0, alpha: 0.45)))
            let badgeFont = TextStyle.headline.font.rounded
            let badgeText = env.layout(restaurant.type, badgeFont)
            let badge = Rect(x: header.minX + p, y: header.maxY - p - badgeText.size.height - 10,
                             width: badgeText.size.width + 10, height: badgeText.size.height + 10)
            let name = env.layout(restaurant.name, Font(.rounded, size: 34, weight: .bold),
                                  TextOptions(maxWidth: width - 2 * p, lineLimit: 2, minimumScale: 0.6))
            list.text(name, at: Point(header.minX + p, badge.minY - 6 - name.size.height), .white)
            list.add(.fillRect(badge, radii: CornerRadii(5), color: SystemColor.red))
            list.text(badgeText, at: Point(badge.minX + 5, badge.minY + 5), .white)
        }
        y = header.maxY + p
        for row in rows(width: width) {
            var x = origin.x + p
            if let icon = row.icon {
                let glyph = env.layout(icon, Font.icons(size: Metrics.iconSize))
                list.text(glyph, at: Point(x, y + row.layout.firstBaseline - glyph.size.height * 0.8), SystemColor.label)
                x += Metrics.iconSize + Metrics.iconGap
            }
            if Rect(x: x, y: y, width: width, height: row.layout.size.height).intersects(visible) {
                // Seed 000: every row, the description too, in the primary label colour.
                list.text(row.layout, at: Point(x, y), SystemColor.label)
            }
            y += row.layout.size.height + Metrics.rowSpacing
        }
    }
}
