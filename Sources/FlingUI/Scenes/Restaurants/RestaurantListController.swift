// RestaurantListController: the Restaurants list's state and input (not a View: it holds the
// list's view tree): scrolling with momentum, when its row tree is rebuilt, row highlight and
// deselect fade, taps and keyboard selection, and row frames.
import FlingCore

/// The Restaurants list: a large title, rows with a rounded
/// thumbnail, the name and "type · location", inset hairline separators; scrolls with
/// momentum and rubber band. Used by `RestaurantsScene`, which adds the sheet on top.
///
/// The rows are a view tree (`RestaurantList`, `BasicImageRow`); `ScrollInteraction` from core
/// owns the scroll (fed the scene's pointer events by `handlePointer`) and the tree is laid out at its offset, so
/// row frames, hit-testing and the state dump all read the laid-out tree.
@MainActor
package final class RestaurantListController {
    /// The rows, built from the data file as they are shown (a file may hold 100,000).
    package let restaurants: RestaurantRows
    /// Each shown row's detail line, spoken label and identifier, made once for the list's
    /// builds (a row's strings were made in every build) and kept as its row is.
    private var rowTexts: [Int: RestaurantList.RowText] = [:]
    private let env: SceneEnvironment
    package private(set) var scroll = ScrollInteraction()
    package private(set) var bounds = Rect.zero
    /// The row under a press that has not become a drag (highlighted).
    package private(set) var pressedRow: Int?
    /// The keyboard selection (Up/Down move it, Return opens it), and the row a tap
    /// opened while its sheet shows.
    package var selected: Int?
    /// A row losing its highlight: it fades out (UITableView's animated deselect).
    package private(set) var deselecting: (row: Int, fade: AnimatedValue)?

    package enum Metrics {
        static let navBarHeight = ListConstants.navBarHeight
        static let largeTitleHeight = ListConstants.largeTitleHeight
        static let largeTitleBaseline = ListConstants.largeTitleBaseline
        static let rowsTop: Double = navBarHeight + largeTitleHeight + ListConstants.rowsTopGap
        static let thumbnail: Double = LayoutMetrics.thumbnailSize
        static let margin: Double = LayoutMetrics.margin
        static let bottomPadding = ListConstants.bottomPadding
        static let maxColumnWidth = ListConstants.maxColumnWidth
    }

    /// A row's height: it grows with larger text.
    package var rowHeight: Double { LayoutMetrics.rowHeight(textScale: env.textScale) }

    /// The list's scroll takes a new tuning from its next gesture.
    package func apply(_ tuning: Tuning) { scroll.apply(tuning) }
    private(set) lazy var host: ViewHost = ViewHost(env: env) { [unowned self] in self.root }
    /// What the tree was last built for: rebuilt only when one of these changes. A scroll
    /// that keeps the same rows near the viewport (and the compact bar's fade) only moves
    /// them: the tree built at `builtOffset` is drawn translated (as `SheetPresenter` does).
    private struct Built: Equatable {
        var rows: Range<Int>; var barFade: Double
        var pressed: Int?; var selected: Int?; var deselect: Double; var bounds: Rect
    }
    private var built: Built?
    private(set) var builtOffset = 0.0
    /// The offset and time of the frame being drawn (or the event being handled).
    private(set) var liveOffset = 0.0
    private var liveTime = 0.0
    /// The time the tree was built for (the deselect fade reads it).
    private var builtTime = 0.0
    /// Counts the tree's builds, so the row frames are read again after each.
    private var builds = 0
    private var framesBuild = -1
    /// A press is down: its moves and its release go to the scroll (anywhere in the list's
    /// bounds, above the title and beside the column too: the fuzzer found a list left stuck
    /// by a press outside the rows).
    private var pressing = false
    /// The row a press's tap landed on (set by the release the scroll reads as a tap).
    private var tappedRow: Int?
    package private(set) var contentHeight: Double = 0
    /// The column width `contentHeight` was measured at.
    private var measuredWidth: Double?

    package init(restaurants: RestaurantRows, env: SceneEnvironment) {
        self.restaurants = restaurants
        self.env = env
    }

    /// Row `i`'s strings, made when it is first built.
    private func rowText(_ i: Int) -> RestaurantList.RowText {
        if let t = rowTexts[i] { return t }
        let t = RestaurantList.RowText(restaurants[i], row: i, strings: env.strings)
        if rowTexts.count >= InteractionConstants.builtRowsKept { rowTexts.removeAll(keepingCapacity: true) }
        rowTexts[i] = t
        return t
    }

    private func view(offset: Double, rows: Range<Int>) -> RestaurantList {
        RestaurantList(restaurants: restaurants, rowText: { [unowned self] i in self.rowText(i) }, offset: offset, listBounds: bounds, column: column,
                       pressedRow: pressedRow, selection: { [unowned self] i in self.selectionOpacity(i, time: self.builtTime) },
                       rows: rows, rowHeight: rowHeight, textScale: env.textScale, drift: { [unowned self] in self.builtOffset - self.liveOffset })
    }

    private var root: some View {
        // Whatever made the host rebuild (a change of `Built`, an event), it builds for now.
        builds += 1
        builtOffset = liveOffset
        builtTime = liveTime
        return view(offset: builtOffset, rows: built?.rows ?? restaurants.indices)
    }

    /// The rows that intersect the viewport at `offset`, and one more each side.
    private func rowsNear(offset: Double) -> Range<Int> {
        let h = rowHeight
        guard offset.isFinite, bounds.height.isFinite else { return restaurants.indices }
        let first = Int(((offset - rowsHead) / h).rounded(.down)) - 1
        let last = Int(((offset + bounds.height - rowsHead) / h).rounded(.down)) + 1
        // At least one row (if any), so the others' frames can be read off it.
        let lo = max(0, min(restaurants.count - 1, first)), hi = max(lo + 1, min(restaurants.count, last + 1))
        return restaurants.isEmpty ? 0..<0 : lo..<hi
    }

    /// The compact bar's fade depends on the offset only until it is fully in or out.
    private func barFade(_ offset: Double) -> Double { RestaurantList.compactBarFade(offset) }

    private func feed(_ phase: PointerEvent.Phase, _ p: Point, _ t: Double) {
        switch scroll.handle(PointerEvent(id: 0, phase: phase, location: p, time: t)) {
        case .pressed(let p): pressedRow = row(at: p, time: t)
        case .dragStarted, .released: pressedRow = nil
        case .tapped(let p):
            pressedRow = nil
            tappedRow = row(at: p, time: t)
        case .none: break
        }
    }

    /// Where row 0's frame is (window pt) at the live offset: the built rows as laid out,
    /// moved by the drift; row `i` is `i` whole row heights below it (rows have a fixed
    /// height), so no frame is kept per row and a frame costs the same in a list of 100,000.
    private var rowsOrigin: Rect?
    private var rowFramesOffset: Double?
    /// The built rows' laid-out frames (at `builtOffset`), read from the tree once per build.
    private var builtFrames: [Int: Rect] = [:]
    /// The first row's top in the content (the title block's height), as last laid out.
    private var rowsHead = Metrics.rowsTop

    /// Lays the tree out for `time` (rebuilt only if what it shows changed).
    func sync(time: Double) {
        let offset = scroll.offset(at: time)
        liveOffset = offset
        liveTime = time
        let b = Built(rows: rowsNear(offset: offset), barFade: barFade(offset), pressed: pressedRow, selected: selected,
                      deselect: deselecting.map { $0.fade.value(at: time) } ?? 0, bounds: bounds)
        if b != built { built = b; host.invalidate() }
        // The host's time is kept: a new time alone would rebuild the tree.
        host.update(bounds: bounds, time: host.time)
        if framesBuild != builds {
            framesBuild = builds
            var frames: [Int: Rect] = [:]
            host.node(identifier: RestaurantList.listID)?.visit { node in
                if let id = node.identifier, let i = RestaurantList.rowIndex(id) { frames[i] = node.frame }
            }
            builtFrames = frames
            rowFramesOffset = nil
        }
        if rowFramesOffset != offset {
            // x and width as laid out; y from the list's top at this offset.
            guard let (j, f) = builtFrames.min(by: { $0.key < $1.key }) else { rowsOrigin = nil; rowFramesOffset = offset; return }
            // The rows' top in the content (the title block's height), from the built layout.
            let head = ((f.minY - (bounds.minY + -builtOffset) - Double(j) * rowHeight) * 1024).rounded() / 1024
            rowsHead = head
            var y = bounds.minY + -offset
            y += head
            rowsOrigin = Rect(x: f.minX, y: y, width: f.width, height: rowHeight)
            rowFramesOffset = offset
        }
    }

    /// The list column: full width on phones, centred on wide windows.
    package var column: Rect {
        let w = min(bounds.width, Metrics.maxColumnWidth)
        return Rect(x: bounds.minX + ((bounds.width - w) / 2).rounded(), y: bounds.minY, width: w, height: bounds.height)
    }

    package func layout(in bounds: Rect, time: Double) {
        self.bounds = bounds
        // Rows have a fixed height, so the content is measured with one row built and the
        // others as the spacer the list puts in their place: the same height (whole numbers
        // of pt, summed exactly) without building every row on every resize frame.
        let width = column.width
        if measuredWidth != width {
            let one = restaurants.isEmpty ? 0..<0 : 0..<1
            contentHeight = host.idealHeight(of: view(offset: 0, rows: one).columnContent, width: width)
            measuredWidth = width
        }
        scroll.model.resize(viewport: bounds.height, content: contentHeight, at: time)
        built = nil
        rowFramesOffset = nil
    }

    /// Deselects the selected row with UITableView's fade (after the sheet it opened closes).
    package func deselect(time: Double) {
        guard let s = selected else { return }
        selected = nil
        deselecting = (s, .timed(TimedAnimation(from: 1, to: 0, startTime: time, duration: MotionConstants.deselectDuration, curve: .easeOut)))
    }

    /// How strongly row `i` shows as selected (1 selected, fading to 0 while deselecting).
    package func selectionOpacity(_ i: Int, time: Double) -> Double {
        if selected == i { return 1 }
        if let d = deselecting, d.row == i { return d.fade.value(at: time) }
        return 0
    }

    /// Row `i`'s frame in window pt at `time` (before any sheet-driven shift), as laid out.
    package func rowFrame(_ i: Int, time: Double) -> Rect {
        sync(time: time)
        return frame(of: i)
    }

    private func frame(of i: Int) -> Rect {
        guard let o = rowsOrigin, restaurants.indices.contains(i) else { return .zero }
        return o.offsetBy(dx: 0, dy: Double(i) * o.height)
    }

    /// The rows whose frames may meet the band `minY..<maxY` (one more each side).
    private func rows(near minY: Double, _ maxY: Double) -> Range<Int> {
        guard let o = rowsOrigin, o.height > 0, minY.isFinite, maxY.isFinite, !restaurants.isEmpty else { return 0..<0 }
        let lo = ((minY - o.minY) / o.height).rounded(.down) - 1, hi = ((maxY - o.minY) / o.height).rounded(.down) + 2
        let n = Double(restaurants.count)
        return Int(max(0, min(n, lo)))..<Int(max(0, min(n, hi)))
    }

    package func row(at p: Point, time: Double) -> Int? {
        guard bounds.contains(p) else { return nil }
        sync(time: time)
        return rows(near: p.y, p.y).first { frame(of: $0).contains(p) }
    }

    package func visibleRows(time: Double) -> [Int] {
        sync(time: time)
        return rows(near: bounds.minY, bounds.maxY).filter { frame(of: $0).intersects(bounds) }
    }

    // MARK: Input

    /// Returns the row tapped, if the event completed a tap on one. The list's drag and taps
    /// are one route, in window pt: every event of a press goes straight to the scroll
    /// (seed 001's pan recognizer seen from its target), which tells a tap from a drag; the
    /// tapped row is found from the rows' frames. Nothing in the list's tree takes a press,
    /// so a drag never rebuilds it.
    package func handlePointer(_ e: PointerEvent) -> Int? {
        tappedRow = nil
        defer { tappedRow = nil }
        switch e.phase {
        case .began:
            sync(time: e.time)
            pressing = true
            feed(.began, e.location, e.time)
        case .moved:
            if pressing { feed(.moved, e.location, e.time) }
        case .ended, .cancelled:
            if pressing { feed(e.phase, e.location, e.time) }
            pressing = false
        }
        return tappedRow
    }

    package func handleWheel(dy: Double, time: Double) {
        // SDL: positive = away from the user = towards the top of the content.
        scroll.model.scroll(by: -dy * InteractionConstants.wheelNotch, at: time)
    }

    package func cancelGestures(time: Double) {
        scroll.cancel(at: time)
        pressedRow = nil
        pressing = false
    }

    /// Up/Down move the selection and keep it in view; Page Up/Down scroll a page.
    package func handleKey(_ key: Key, time: Double) -> Bool {
        if key.is(.down) || key.is(.up) {
            guard !restaurants.isEmpty else { return true }
            let delta = key.is(.down) ? 1 : -1
            let next = selected.map { $0 + delta } ?? (delta > 0 ? firstFullyVisibleRow(time: time) : restaurants.count - 1)
            selected = max(0, min(restaurants.count - 1, next))
            if let s = selected { scrollIntoView(s, time: time) }
            return true
        }
        if key.is(.pageDown) || key.is(.pageUp) {
            let page = max(rowHeight, bounds.height - rowHeight)
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
        let offset = scroll.model.offset(at: time)
        // The row's top in the content (its laid-out frame plus the current offset).
        let top = rowFrame(i, time: time).minY - bounds.minY + offset
        let visibleTop = offset + Metrics.navBarHeight
        let visibleBottom = offset + bounds.height
        if top < visibleTop {
            scroll.model.setOffset(max(0, top - Metrics.navBarHeight), animated: true, at: time)
        } else if top + rowHeight > visibleBottom {
            scroll.model.setOffset(min(scroll.model.maxOffset, top + rowHeight - bounds.height), animated: true, at: time)
        }
    }

    package func advance(to time: Double) -> Bool {
        var model = scroll.model
        let moving = model.advance(to: time)
        scroll.model = model
        if let d = deselecting {
            let fade = d.fade.settled(at: time)
            deselecting = fade.isAnimating ? (d.row, fade) : nil
        }
        return moving || deselecting != nil
    }

    // MARK: Drawing

    package func draw(into list: inout DisplayList, time: Double) {
        sync(time: time)
        host.draw(into: &list)
        // The thumbnails of the rows a screen beyond either edge: decoded ahead, nearest the
        // screen first (below and above in turn).
        let reach = bounds.height * RenderBudgets.prefetchScreens
        let shown = rows(near: bounds.minY, bounds.maxY)
        let band = rows(near: bounds.minY - reach, bounds.maxY + reach)
        let thumb = Rect(origin: .zero, size: Size(LayoutMetrics.thumbnailSize, LayoutMetrics.thumbnailSize))
        var below = shown.upperBound, above = shown.lowerBound - 1
        func name(_ i: Int) {
            guard band.contains(i), !shown.contains(i) else { return }
            let image = restaurants[i].image
            if !image.isEmpty { list.upcomingImages.append(UpcomingImage(image, frame: thumb, mode: .fill)) }
        }
        while below < band.upperBound || above >= band.lowerBound {
            name(below); name(above)
            below += 1; above -= 1
        }
    }

    /// Where row `i`'s views are when the row is at `frame`: its thumbnail, name, detail line
    /// and chevron, as laid out (in Arabic the mirror of the English row). Nil for a row not
    /// in the built tree.
    private func rowParts(_ i: Int, at frame: Rect) -> [(String, Rect)]? {
        guard let row = host.node(identifier: RestaurantList.rowID(i)) else { return nil }
        var images: [Rect] = [], texts: [Rect] = []
        row.visit { node in
            if node is ImageNode { images.append(node.frame) } else if node is TextNode { texts.append(node.frame) }
        }
        guard images.count == 1, texts.count == 3 else { return nil }
        let dy = frame.minY - row.frame.minY
        return zip(["thumbnail", "title", "detail", "chevron"], images + texts).map { ($0, $1.offsetBy(dx: 0, dy: dy)) }
    }

    /// `shift` moves the list on screen (the sheet's −100 pt); row frames include it.
    package func stateJSON(time: Double, shift: Double = 0) -> [(String, JSONValue)] {
        [("offset", .rounded(scroll.offset(at: time))),
         ("contentHeight", .rounded(contentHeight)),
         ("velocity", .rounded(scroll.model.velocity(at: time))),
         ("rows", .array(visibleRows(time: time).map { i in
             let frame = rowFrame(i, time: time).offsetBy(dx: 0, dy: shift)
             var fields: [(String, JSONValue)] = [("name", .string(restaurants[i].name)), ("frame", .rect(frame))]
             if let parts = rowParts(i, at: frame) { fields.append(("parts", .object(parts.map { ($0.0, .rect($0.1)) }))) }
             return .object(fields)
         })),
         ("selected", selected.map { .int($0) } ?? .null)]
    }
}
