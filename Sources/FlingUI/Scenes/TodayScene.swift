import FlingCore

/// Scene 2: App Store "Today" cards (SPEC scene 2, seed 004). A tap expands a card to the
/// window with a matched-geometry spring; the close button or Esc collapses it; pulled down
/// at its top it shrinks under the finger and, released far or fast enough, flies home.
@MainActor
package final class TodayScene: Scene {
    package let id = SceneID.today
    package let articles: [Article]
    private let env: SceneEnvironment
    private let dateText: String
    private var scroll = ScrollInteraction()
    package private(set) var cards = CardTransition()
    private var bounds = Rect.zero
    private var window = Size.zero
    /// Card slots in content coordinates (before scrolling), one per article.
    private var slots: [Rect] = []
    private var contentHeight = 0.0
    private var topBarHeight = 0.0
    /// Who owns the current pointer.
    private enum Owner { case none, list, expanded, closeButton }
    private var owner = Owner.none

    package init(articles: [Article], env: SceneEnvironment, dateText: String) {
        self.articles = articles
        self.env = env
        self.dateText = dateText
    }

    // MARK: Layout

    private var dateLayout: TextLayout { env.layout(dateText.uppercased(), TextStyle.caption.font) }
    private var todayLayout: TextLayout { env.layout("Today", Font(size: 34, weight: .heavy)) }
    private static let topBarTop: Double = 20
    private static let avatarSize: Double = 40

    package func cardHeight(_ a: Article) -> Double {
        let h = env.imageSize(a.image)?.height ?? 900
        return min(h / CardConstants.imageHeightDivisor, CardConstants.maxCardHeight)
    }

    package func layout(in bounds: Rect, window: Size, time: Double) {
        self.bounds = bounds
        self.window = window
        topBarHeight = Self.topBarTop + dateLayout.size.height + 2 + todayLayout.size.height
        let pad = CardConstants.sidePadding
        let columns = bounds.width > CardConstants.wideWindow
            ? max(1, Int((bounds.width - pad) / (CardConstants.minColumnWidth + pad))) : 1
        let columnWidth = (bounds.width - pad * Double(columns + 1)) / Double(columns)
        var columnY = [Double](repeating: topBarHeight + CardConstants.spacing, count: columns)
        slots = articles.map { a in
            // Masonry: each card goes to the shortest column.
            let c = columnY.indices.min { columnY[$0] < columnY[$1] } ?? 0
            let r = Rect(x: pad + Double(c) * (columnWidth + pad), y: columnY[c], width: columnWidth, height: cardHeight(a))
            columnY[c] += r.height + CardConstants.spacing
            return r
        }
        contentHeight = (columnY.max() ?? 0) - CardConstants.spacing + pad
        scroll.model.resize(viewport: bounds.height, content: contentHeight, at: time)
        cards.collapseDistance = max(200, window.height * 0.8)
        syncContent(time: time)
    }

    /// Slot `i` on screen (window pt) at `time`.
    package func slotFrame(_ i: Int, time: Double) -> Rect {
        slots[i].offsetBy(dx: bounds.minX, dy: bounds.minY - scroll.offset(at: time))
    }

    package var windowRect: Rect { Rect(origin: .zero, size: window) }

    package func cardFrame(_ i: Int, progress p: Double, time: Double) -> Rect {
        CardTransition.frame(slot: slotFrame(i, time: time), window: windowRect, progress: p)
    }

    /// The expanded text column: the window less 16 pt each side, at most 700 pt, centred.
    private var textColumn: (x: Double, width: Double) {
        let w = min(window.width - 32, CardConstants.maxTextWidth)
        return ((window.width - w) / 2, w)
    }

    private func contentLayout(_ a: Article) -> TextLayout {
        env.layout(a.content, TextStyle.body.font.rounded, TextOptions(maxWidth: textColumn.width, lineHeight: 24.0 / 17))
    }

    private var expandedImageHeight: Double { window.height * CardConstants.expandedImageShare }

    private func syncContent(time: Double) {
        guard let i = cards.index else { return }
        let length = expandedImageHeight + 16 + contentLayout(articles[i]).size.height + 50
        cards.resizeContent(viewport: window.height, content: length, at: time)
    }

    // MARK: Input

    package var isModal: Bool { cards.phase == .expanding || cards.phase == .expanded || cards.phase == .dragging }

    private func card(at p: Point, time: Double) -> Int? {
        guard bounds.contains(p) else { return nil }
        return slots.indices.first { slotFrame($0, time: time).contains(p) }
    }

    private var closeButtonFrame: Rect {
        let s = CardConstants.closeButtonSize
        return Rect(x: window.width - 16 - s, y: CardConstants.closeButtonTop, width: s, height: s)
    }

    package func handlePointer(_ e: PointerEvent) -> Bool {
        let t = e.time
        if e.phase == .began {
            if isModal {
                owner = closeButtonFrame.insetBy(dx: -12, dy: -12).contains(e.location) ? .closeButton : .expanded
            } else {
                owner = .list
            }
        }
        switch owner {
        case .none: return false
        case .closeButton:
            if e.phase == .ended {
                if closeButtonFrame.insetBy(dx: -12, dy: -12).contains(e.location) { close(time: t) }
                owner = .none
            } else if e.phase == .cancelled { owner = .none }
        case .expanded:
            switch e.phase {
            case .began: cards.pressExpanded(at: e.location, time: t)
            case .moved: cards.moveExpanded(to: e.location, time: t)
            case .ended, .cancelled:
                cards.moveExpanded(to: e.location, time: t)
                let before = cards.phase
                cards.releaseExpanded(at: e.location, time: t, cancelled: e.phase == .cancelled)
                if before == .dragging, cards.phase == .collapsing, let i = cards.index {
                    scrollSlotIntoView(i, time: t, animated: cards.progressValue(at: t) < 0.999)
                }
                owner = .none
            }
        case .list:
            switch scroll.handle(e) {
            case .pressed(let p):
                // A collapsing card can be caught where it is (no jump): tap it to reverse.
                if cards.phase != .collapsing, let i = card(at: p, time: t) { cards.press(card: i, at: t) }
            case .dragStarted:
                cards.releasePress(at: t)
            case .tapped(let p):
                if cards.phase == .collapsing, let i = cards.index,
                   cardFrame(i, progress: cards.progressValue(at: t), time: t).contains(p) {
                    cards.expand(card: i, at: t)
                } else if let i = card(at: p, time: t) {
                    cards.expand(card: i, at: t)
                } else {
                    cards.releasePress(at: t)
                }
                syncContent(time: t)
            case .released:
                cards.releasePress(at: t)
            case .none: break
            }
            if e.phase == .ended || e.phase == .cancelled {
                if cards.phase == .pressed { cards.releasePress(at: t) }
                owner = .none
            }
        }
        return true
    }

    package func close(time: Double) {
        guard let i = cards.index else { return }
        // While the list still shows (closed mid-expansion) it scrolls smoothly; the card,
        // whose frame follows its slot, glides along instead of jumping.
        scrollSlotIntoView(i, time: time, animated: cards.progressValue(at: time) < 0.999)
        cards.close(at: time)
    }

    /// The list reappears with the card's slot in view (a resize may have moved it away).
    private func scrollSlotIntoView(_ i: Int, time: Double, animated: Bool = false) {
        let slot = slots[i]
        let offset = scroll.model.offset(at: time)
        if slot.minY < offset + 20 || slot.maxY > offset + bounds.height - 20 {
            let target = max(0, min(scroll.model.maxOffset, slot.midY - bounds.height / 2))
            scroll.model.setOffset(target, animated: animated, at: time)
        }
    }

    /// The list back to its top, selection cleared (the kiosk idle reset, issue 14).
    package func scrollToTop(time: Double) {
        guard !isModal else { return }
        scroll.cancel(at: time)
        selected = nil
        scroll.model.setOffset(0, animated: true, at: time)
    }

    package func handleWheel(dy: Double, at p: Point, time: Double) {
        if isModal {
            cards.content.scroll(by: -dy * InteractionConstants.wheelNotch, at: time)
        } else {
            scroll.model.scroll(by: -dy * InteractionConstants.wheelNotch, at: time)
        }
    }

    /// The keyboard selection (Up/Down move it, Return opens it).
    package private(set) var selected: Int?

    package func handleKey(_ key: Key, time: Double) -> Bool {
        if !isModal && cards.phase != .collapsing {
            if key.is("Down") || key.is("Up") {
                let next = selected.map { $0 + (key.is("Down") ? 1 : -1) } ?? 0
                selected = max(0, min(articles.count - 1, next))
                if let s = selected { scrollSlotIntoView(s, time: time, animated: true) }
                return true
            }
            if key.is("Return") || key.is("Keypad Enter") || key.is("Space"), let s = selected {
                scroll.cancel(at: time)
                owner = .none
                cards.expand(card: s, at: time)
                syncContent(time: time)
                return true
            }
        }
        if isModal {
            if key.is("Escape") { close(time: time); return true }
            if key.is("Down") || key.is("PageDown") || key.is("Up") || key.is("PageUp") {
                let step = key.is("PageDown") || key.is("PageUp") ? window.height * 0.8 : 60
                cards.content.scroll(by: key.is("Down") || key.is("PageDown") ? step : -step, at: time)
                return true
            }
            return true
        }
        return false
    }

    package func cancelGestures(time: Double) {
        switch owner {
        case .list: scroll.cancel(at: time); cards.releasePress(at: time)
        case .expanded: cards.releaseExpanded(at: .zero, time: time, cancelled: true)
        default: break
        }
        owner = .none
    }

    package func advance(to time: Double) -> Bool {
        var m = scroll.model
        let listMoving = m.advance(to: time)
        scroll.model = m
        syncContent(time: time)
        return cards.advance(to: time) || listMoving
    }

    // MARK: Drawing

    /// How much of the list shows: it fades out as a card expands.
    package func listOpacity(time: Double) -> Double {
        var p = cards.index == nil || cards.phase == .pressed ? 0 : cards.progressValue(at: time)
        if let o = cards.outgoing { p = max(p, o.progress.value(at: time)) }
        return max(0, min(1, 1 - p))
    }

    package func draw(into dl: inout DisplayList, time: Double) {
        let opacity = listOpacity(time: time)
        let offset = scroll.offset(at: time)
        dl.clipped(to: bounds) { dl in
            dl.withOpacity(opacity) { dl in
                let y0 = bounds.minY + Self.topBarTop - offset
                let date = dateLayout, today = todayLayout
                dl.text(date, at: Point(bounds.minX + CardConstants.sidePadding, y0), SystemColor.secondaryLabel)
                let todayTop = y0 + date.size.height + 2
                dl.text(today, at: Point(bounds.minX + CardConstants.sidePadding, todayTop), SystemColor.label)
                // The avatar sits on the last text baseline (seed: HStack(alignment: .lastTextBaseline)).
                let s = Self.avatarSize
                let avatar = Rect(x: bounds.maxX - CardConstants.sidePadding - s, y: todayTop + today.lastBaseline - s, width: s, height: s)
                dl.add(.image("avatar.png", frame: avatar, mode: .fill, radii: CornerRadii(s / 2)))
                dl.add(.strokeCircle(center: avatar.center, radius: s / 2, color: SystemColor.gray, lineWidth: 1))
                for i in slots.indices where i != cards.index && i != cards.outgoing?.index {
                    let f = slotFrame(i, time: time)
                    guard f.insetBy(dx: -30, dy: -30).intersects(bounds) else { continue }
                    drawCard(i, progress: 0, pullScale: 1, pullRadius: 0, pullOffset: 0, contentOffset: 0, time: time, into: &dl)
                }
                // The keyboard selection: a focus ring around the card (iPadOS style).
                if let s = selected, cards.index != s {
                    dl.add(.strokeRect(slotFrame(s, time: time).insetBy(dx: -4, dy: -4), radii: CornerRadii(CardConstants.cornerRadius + 4),
                                       color: SystemColor.blue, lineWidth: 3))
                }
            }
            // A card collapsing on its own while another expands.
            if let o = cards.outgoing {
                drawCard(o.index, progress: o.progress.value(at: time),
                         pullScale: CardTransition.pullScale(pull: o.pull, progress: o.progress.value(at: time)),
                         pullRadius: 0, pullOffset: 0, contentOffset: 0, time: time, into: &dl)
            }
        }
        // The selected card in the list (held or collapsing) is drawn in the overlay pass so it
        // can grow over the tab bar.
        if let i = cards.index, cards.phase == .pressed {
            dl.clipped(to: bounds) { dl in
                drawCard(i, progress: 0, pullScale: 1, pullRadius: 0, pullOffset: 0, contentOffset: 0, time: time, into: &dl)
            }
        }
    }

    package func drawOverlay(into dl: inout DisplayList, time: Double) {
        guard let i = cards.index, cards.phase != .pressed else { return }
        let p = cards.progressValue(at: time)
        // Pulled down, the card lifts off a dimmed backdrop with a shadow (App Store).
        let lift = max(0, min(1, cards.pull.value(at: time) / CardConstants.pullShrinkDistance)) * max(0, min(1, p))
        if lift > 0 {
            dl.fill(windowRect, Color(white: 0, alpha: 0.25 * lift))
            let f = cardFrame(i, progress: p, time: time)
            let t = Transform.translate(0, cards.pullOffset(at: time)).concatenating(.scale(cards.pullScale(at: time), about: f.center))
            dl.transformed(t) { dl in
                dl.add(.shadow(f, radii: CornerRadii(cards.pullRadius(at: time)), color: CardConstants.shadowColor.multipliedAlpha(lift),
                               radius: CardConstants.shadowRadius * 2, offset: .zero))
            }
        }
        drawCard(i, progress: p, pullScale: cards.pullScale(at: time), pullRadius: cards.pullRadius(at: time),
                 pullOffset: cards.pullOffset(at: time), contentOffset: cards.content.offset(at: time), time: time, into: &dl)
        // The close button fades in with the expansion.
        let buttonOpacity = max(0, min(1, (p - 0.5) * 2)) * (1 - max(0, min(1, cards.pull.value(at: time) / 60)))
        if buttonOpacity > 0 {
            dl.withOpacity(buttonOpacity) { dl in
                let f = closeButtonFrame
                // Material's "cancel" is a filled circle with the × cut out; its circle is 20/24 em.
                let glyph = env.layout(MaterialIcon.cancel, Font.icons(size: f.width * 24 / 20))
                dl.text(glyph, at: Point(f.midX - glyph.size.width / 2, f.midY - glyph.size.height / 2), Color(white: 1, alpha: 0.7))
            }
        }
    }

    /// One card at progress `p` (0 slot … 1 window): frame, image height, radius, border,
    /// shadow, sub-headline and content all follow `p`.
    private func drawCard(_ i: Int, progress p: Double, pullScale: Double, pullRadius: Double, pullOffset: Double,
                          contentOffset: Double, time: Double, into dl: inout DisplayList) {
        let a = articles[i]
        let slot = slotFrame(i, time: time)
        let f = CardTransition.frame(slot: slot, window: windowRect, progress: p)
        let pc = max(0, min(1, p))
        let press = cards.pressedIndex == i || (cards.phase == .pressed && cards.index == i) ? cards.pressScale.value(at: time) : 1
        let scale = press * pullScale
        var transform = Transform.scale(scale, about: f.center)
        transform = Transform.translate(0, pullOffset).concatenating(transform)
        let radius = min(CardConstants.cornerRadius, CardConstants.cornerRadius * (1 - pc) + pullRadius)
        let imageHeight = slot.height + (expandedImageHeight - slot.height) * p
        dl.transformed(transform) { dl in
            if pc < 1 {
                dl.add(.shadow(f, radii: CornerRadii(radius), color: CardConstants.shadowColor.multipliedAlpha(1 - pc),
                               radius: CardConstants.shadowRadius, offset: .zero))
            }
            dl.add(.fillRect(f, radii: CornerRadii(radius), color: .white))
            dl.clipped(to: f) { dl in
                let top = f.minY - contentOffset
                let image = Rect(x: f.minX, y: top, width: f.width, height: imageHeight)
                // The image's bottom corners round only while it reaches the card's bottom.
                let gap = f.maxY - image.maxY
                let bottomRadius = radius * max(0, min(1, 1 - gap / max(1, radius)))
                let radii = CornerRadii(topLeft: radius, topRight: radius, bottomRight: bottomRadius, bottomLeft: bottomRadius)
                dl.add(.image(a.image, frame: image, mode: .fill, radii: radii))
                // Expanded, the excerpt's text lines up with the centred text column.
                let textX = f.minX + 16 + ((f.width - textColumn.width) / 2 - 16) * pc
                drawExcerpt(a, imageFrame: image, width: slot.width, textX: textX, progress: pc, bottomRadius: bottomRadius, into: &dl)
                if pc > 0.01 {
                    let text = contentLayout(a)
                    let col = textColumn
                    dl.withOpacity(pc) { dl in
                        dl.text(text, at: Point(f.minX + (f.width - col.width) / 2, image.maxY + 16 + (1 - pc) * 40), SystemColor.darkGray)
                    }
                }
            }
            if pc < 1 {
                dl.add(.strokeRect(f, radii: CornerRadii(radius), color: CardConstants.borderColor.multipliedAlpha(1 - pc), lineWidth: 1))
            }
        }
    }

    /// The white excerpt panel over the bottom of the image: category, headline (≤ 2 lines,
    /// shrinking to fit) and sub-headline (≤ 3 lines, fading out as the card expands).
    private func drawExcerpt(_ a: Article, imageFrame: Rect, width: Double, textX: Double, progress p: Double,
                             bottomRadius: Double, into dl: inout DisplayList) {
        let pad = 16.0
        let textWidth = width - 2 * pad
        let category = env.layout(a.category.uppercased(), TextStyle.subheadline.font.withWeight(.bold), TextOptions(maxWidth: textWidth, lineLimit: 1))
        let headline = env.layout(a.headline, TextStyle.title.font.withWeight(.bold), TextOptions(maxWidth: textWidth, lineLimit: 2, minimumScale: 0.1))
        let sub = env.layout(a.subHeadline, TextStyle.subheadline.font, TextOptions(maxWidth: textWidth, lineLimit: 3, minimumScale: 0.1))
        let withoutSub = pad + category.size.height + 4 + headline.size.height + pad
        let natural = withoutSub + 4 + sub.size.height
        let listHeight = max(CardConstants.excerptMinHeight, min(CardConstants.excerptMaxHeight, natural))
        // The panel gives up the sub-headline's room as it fades out.
        let height = listHeight + (min(listHeight, withoutSub) - listHeight) * p
        let panel = Rect(x: imageFrame.minX, y: imageFrame.maxY - height, width: imageFrame.width, height: height)
        dl.add(.fillRect(panel, radii: CornerRadii(topLeft: 0, topRight: 0, bottomRight: bottomRadius, bottomLeft: bottomRadius), color: .white))
        var y = panel.minY + pad
        dl.text(category, at: Point(textX, y), SystemColor.secondaryLabel)
        y += category.size.height + 4
        dl.text(headline, at: Point(textX, y), SystemColor.label)
        y += headline.size.height + 4
        if p < 1 {
            dl.withOpacity(1 - p) { dl in dl.text(sub, at: Point(textX, y), SystemColor.secondaryLabel) }
        }
    }

    // MARK: State

    package func stateFields(time: Double) -> [(String, JSONValue)] {
        let p = cards.progressValue(at: time)
        let rows: [JSONValue] = slots.indices.filter { slotFrame($0, time: time).intersects(bounds) }.map { i in
            .object([("name", .string(articles[i].headline)), ("frame", .rect(slotFrame(i, time: time)))])
        }
        let frame: JSONValue = cards.index.map { .rect(cardFrame($0, progress: cards.phase == .pressed ? 0 : p, time: time)) } ?? .null
        let pressScale = cards.index != nil && cards.phase == .pressed ? cards.pressScale.value(at: time) : 1
        return [
            ("list", .object([
                ("offset", .rounded(scroll.offset(at: time))), ("contentHeight", .rounded(contentHeight)),
                ("velocity", .rounded(scroll.model.velocity(at: time))), ("rows", .array(rows)),
                ("opacity", .rounded(listOpacity(time: time))),
                ("selected", selected.map { .int($0) } ?? .null),
            ])),
            ("card", .object([
                ("phase", .string(cards.phase.rawValue)),
                ("index", cards.index.map { .int($0) } ?? .null),
                ("frame", frame),
                ("progress", .rounded(cards.index == nil ? 0 : p)),
                ("scale", .rounded(cards.pullScale(at: time) * pressScale)),
                ("contentOffset", .rounded(cards.content.offset(at: time))),
            ])),
        ]
    }
}
