import FlingCore

/// The Restaurants list (SPEC scene 1 "The list"): a large title, rows with a rounded
/// thumbnail, the name and "type · location", inset hairline separators; scrolls with
/// momentum and rubber band. Used by `RestaurantsScene`, which adds the sheet on top.
@MainActor
package final class RestaurantListView {
    package let restaurants: [Restaurant]
    private let env: SceneEnvironment
    package private(set) var scroll = ScrollInteraction()
    package private(set) var bounds = Rect.zero
    /// The row under a press that has not become a drag (highlighted).
    package private(set) var pressedRow: Int?
    /// The keyboard selection (issue 5: Up/Down move it, Return opens it).
    package var selected: Int?

    package enum Metrics {
        /// Room for the compact navigation bar above the large title (UINavigationBar: 44 pt).
        static let navBarHeight: Double = 44
        /// The large title block (52 pt, baseline 41 pt into it).
        static let largeTitleHeight: Double = 52
        static let largeTitleBaseline: Double = 41
        static let rowsTop: Double = navBarHeight + largeTitleHeight + 6
        static let rowHeight: Double = LayoutMetrics.rowHeight
        static let thumbnail: Double = LayoutMetrics.thumbnailSize
        static let margin: Double = LayoutMetrics.margin
        static let bottomPadding: Double = 24
        /// Rows stop stretching here on wide kiosks (a readable column, as iPadOS lists do).
        static let maxColumnWidth: Double = 720
    }

    /// The list's scroll takes a new tuning from its next gesture (issue 15).
    package func apply(_ tuning: Tuning) { scroll.apply(tuning) }

    package init(restaurants: [Restaurant], env: SceneEnvironment) {
        self.restaurants = restaurants
        self.env = env
    }

    package var contentHeight: Double {
        Metrics.rowsTop + Double(restaurants.count) * Metrics.rowHeight + Metrics.bottomPadding
    }

    /// The list column: full width on phones, centred on wide windows.
    package var column: Rect {
        let w = min(bounds.width, Metrics.maxColumnWidth)
        return Rect(x: bounds.minX + ((bounds.width - w) / 2).rounded(), y: bounds.minY, width: w, height: bounds.height)
    }

    package func layout(in bounds: Rect, time: Double) {
        self.bounds = bounds
        scroll.model.resize(viewport: bounds.height, content: contentHeight, at: time)
    }

    /// Row `i`'s frame in window pt at `time` (before any sheet-driven shift).
    package func rowFrame(_ i: Int, time: Double) -> Rect {
        let c = column
        return Rect(x: c.minX, y: bounds.minY + Metrics.rowsTop + Double(i) * Metrics.rowHeight - scroll.offset(at: time),
                    width: c.width, height: Metrics.rowHeight)
    }

    package func row(at p: Point, time: Double) -> Int? {
        guard bounds.contains(p) else { return nil }
        let y = p.y - bounds.minY + scroll.offset(at: time) - Metrics.rowsTop
        guard y >= 0 else { return nil }
        let i = Int(y / Metrics.rowHeight)
        return i < restaurants.count && column.contains(Point(p.x, p.y)) ? i : nil
    }

    package func visibleRows(time: Double) -> [Int] {
        let offset = scroll.offset(at: time)
        let first = max(0, Int(((offset - Metrics.rowsTop) / Metrics.rowHeight).rounded(.down)))
        let last = min(restaurants.count - 1, Int(((offset + bounds.height - Metrics.rowsTop) / Metrics.rowHeight).rounded(.down)))
        guard first <= last else { return [] }
        return Array(first...last).filter { rowFrame($0, time: time).intersects(bounds) }
    }

    // MARK: Input

    /// Returns the row tapped, if the event completed a tap on one.
    package func handlePointer(_ e: PointerEvent) -> Int? {
        switch scroll.handle(e) {
        case .pressed(let p): pressedRow = row(at: p, time: e.time)
        case .dragStarted, .released: pressedRow = nil
        case .tapped(let p):
            pressedRow = nil
            return row(at: p, time: e.time)
        case .none: break
        }
        return nil
    }

    package func handleWheel(dy: Double, time: Double) {
        // SDL: positive = away from the user = towards the top of the content.
        scroll.model.scroll(by: -dy * InteractionConstants.wheelNotch, at: time)
    }

    package func cancelGestures(time: Double) {
        scroll.cancel(at: time)
        pressedRow = nil
    }

    /// Up/Down move the selection and keep it in view; Page Up/Down scroll a page.
    package func handleKey(_ key: Key, time: Double) -> Bool {
        if key.is(.down) || key.is(.up) {
            let delta = key.is(.down) ? 1 : -1
            let next = selected.map { $0 + delta } ?? (delta > 0 ? firstFullyVisibleRow(time: time) : restaurants.count - 1)
            selected = max(0, min(restaurants.count - 1, next))
            if let s = selected { scrollIntoView(s, time: time) }
            return true
        }
        if key.is(.pageDown) || key.is(.pageUp) {
            let page = max(Metrics.rowHeight, bounds.height - Metrics.rowHeight)
            scroll.model.scroll(by: key.is(.pageDown) ? page : -page, at: time)
            return true
        }
        if key.is(.home) { scroll.model.setOffset(0, animated: true, at: time); return true }
        if key.is(.end) { scroll.model.setOffset(scroll.model.maxOffset, animated: true, at: time); return true }
        return false
    }

    private func firstFullyVisibleRow(time: Double) -> Int {
        visibleRows(time: time).first { rowFrame($0, time: time).minY >= bounds.minY + Metrics.navBarHeight } ?? 0
    }

    package func scrollIntoView(_ i: Int, time: Double) {
        let top = Metrics.rowsTop + Double(i) * Metrics.rowHeight
        let offset = scroll.model.offset(at: time)
        let visibleTop = offset + Metrics.navBarHeight
        let visibleBottom = offset + bounds.height
        if top < visibleTop {
            scroll.model.setOffset(max(0, top - Metrics.navBarHeight), animated: true, at: time)
        } else if top + Metrics.rowHeight > visibleBottom {
            scroll.model.setOffset(min(scroll.model.maxOffset, top + Metrics.rowHeight - bounds.height), animated: true, at: time)
        }
    }

    package func advance(to time: Double) -> Bool {
        var model = scroll.model
        let moving = model.advance(to: time)
        scroll.model = model
        return moving
    }

    // MARK: Drawing

    package func draw(into list: inout DisplayList, time: Double) {
        let offset = scroll.offset(at: time)
        let c = column
        let titleLayout = env.layout("Restaurants", TextStyle.largeTitle.font)
        list.clipped(to: bounds) { list in
            // Large title (scrolls with the content).
            let titleTop = bounds.minY + Metrics.navBarHeight - offset
            list.text(titleLayout, at: Point(c.minX + Metrics.margin, titleTop + Metrics.largeTitleBaseline - titleLayout.firstBaseline), SystemColor.label)
            for i in visibleRows(time: time) { drawRow(i, into: &list, time: time) }
            drawCompactBar(into: &list, offset: offset)
        }
    }

    private func drawRow(_ i: Int, into list: inout DisplayList, time: Double) {
        let r = restaurants[i]
        let frame = rowFrame(i, time: time)
        let m = Metrics.margin
        if pressedRow == i || selected == i {
            list.fill(Rect(x: bounds.minX, y: frame.minY, width: bounds.width, height: frame.height),
                      pressedRow == i ? SystemColor.gray4 : SystemColor.gray5)
        }
        let thumb = Rect(x: frame.minX + m, y: frame.minY + (frame.height - Metrics.thumbnail) / 2,
                         width: Metrics.thumbnail, height: Metrics.thumbnail)
        list.add(.image(r.image, frame: thumb, mode: .fill, radii: CornerRadii(LayoutMetrics.thumbnailRadius)))
        let textX = thumb.maxX + LayoutMetrics.rowImageTextGap
        let chevronFont = Font.icons(size: 22)
        let chevron = env.layout(MaterialIcon.chevronRight, chevronFont)
        let textWidth = frame.maxX - m - chevron.size.width - 8 - textX
        let name = env.layout(r.name, TextStyle.headline.font, TextOptions(maxWidth: textWidth, lineLimit: 1))
        let detail = env.layout("\(r.type) · \(r.location)", TextStyle.subheadline.font, TextOptions(maxWidth: textWidth, lineLimit: 1))
        // Two lines centred in the row: baselines 22 pt apart (headline over subheadline).
        let nameBaseline = frame.midY - 3
        list.text(name, at: Point(textX, nameBaseline - name.firstBaseline), SystemColor.label)
        list.text(detail, at: Point(textX, nameBaseline + 21 - detail.firstBaseline), SystemColor.secondaryLabel)
        list.text(chevron, at: Point(frame.maxX - m - chevron.size.width + 6, frame.midY - chevron.size.height / 2), SystemColor.gray3)
        if i < restaurants.count - 1 {
            list.add(.hairline(from: Point(textX, frame.maxY - 0.5), to: Point(bounds.maxX, frame.maxY - 0.5), color: SystemColor.separator))
        }
    }

    /// Once the large title has scrolled under the bar, a compact bar with the title fades in
    /// (UINavigationBar's large-title collapse).
    private func drawCompactBar(into list: inout DisplayList, offset: Double) {
        let fade = max(0, min(1, (offset - (Metrics.largeTitleHeight - 8)) / 12))
        guard fade > 0 else { return }
        list.withOpacity(fade) { list in
            let bar = Rect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: Metrics.navBarHeight)
            list.fill(bar, SystemColor.barBackground)
            let title = env.layout("Restaurants", TextStyle.headline.font)
            list.text(title, at: Point((bar.midX - title.size.width / 2).rounded(), bar.midY - title.size.height / 2), SystemColor.label)
            list.add(.hairline(from: Point(bar.minX, bar.maxY), to: Point(bar.maxX, bar.maxY), color: SystemColor.separator))
        }
    }

    /// `shift` moves the list on screen (the sheet's −100 pt); row frames include it.
    package func stateJSON(time: Double, shift: Double = 0) -> [(String, JSONValue)] {
        [("offset", .rounded(scroll.offset(at: time))),
         ("contentHeight", .rounded(contentHeight)),
         ("velocity", .rounded(scroll.model.velocity(at: time))),
         ("rows", .array(visibleRows(time: time).map { i in
             .object([("name", .string(restaurants[i].name)), ("frame", .rect(rowFrame(i, time: time).offsetBy(dx: 0, dy: shift)))])
         })),
         ("selected", selected.map { .int($0) } ?? .null)]
    }
}
