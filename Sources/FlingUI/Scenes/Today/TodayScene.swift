// TodayScene: scene 2, the App Store "Today" cards: the card grid and its scroll, routing
// presses to the card transition, the styles' and tuning's adoption, and its state dump. How it
// draws (each card's pose, the list's fade, the close button) is TodayDrawing.swift.
import FlingCore

/// Scene 2: App Store "Today" cards (seed 004). A tap expands a card to the
/// window with a matched-geometry spring; the close button or Esc collapses it; pulled down
/// at its top it shrinks under the finger and, released far or fast enough, flies home.
@MainActor
package final class TodayScene: Scene {
    package let id = SceneID.today
    package let articles: [Article]
    let env: SceneEnvironment
    private let dateText: String
    package private(set) var scroll = ScrollInteraction()
    package private(set) var cards = CardTransition()
    /// Reduce Motion: a card opens and closes with a cross-fade, not the zoom.
    package var reduceMotion: Bool {
        get { cards.reduceMotion }
        set { cards.reduceMotion = newValue }
    }
    /// How a card opens (`--card-style`): seed 004's expansion or iOS 18's zoom. Set while
    /// no card is open (a change applies from the next one).
    package var cardStyle: CardStyle {
        get { cards.style }
        set {
            requestedStyle = newValue
            adoptRequestedStyle()
        }
    }
    /// The style asked for while a card was out of its slot: taken once it is home.
    private var requestedStyle = CardStyle.expand
    private func adoptRequestedStyle() {
        if cards.style != requestedStyle, cards.phase == .collapsed || cards.phase == .pressed, cards.outgoing == nil {
            cards.style = requestedStyle
        }
    }
    /// The cards' slots, the list's height and the window they expand to (pure layout).
    package private(set) var geometry = CardGeometry()
    var bounds: Rect { geometry.bounds }
    var window: Size { geometry.window }
    var slots: [Rect] { geometry.slots }
    private(set) var topBarHeight = 0.0
    /// Who owns the current pointer.
    private enum Owner { case none, list, expanded, closeButton }
    private var owner = Owner.none

    private(set) lazy var topBarHost = ViewHost(env: env) { [unowned self] in TopBarView(date: self.dateText) }
    /// Where the top bar's tree was laid out (it is drawn moved from there).
    var topBarBuiltIn: Rect?

    /// The cards and the list's scroll take a new tuning from their next gesture.
    package func apply(_ tuning: Tuning) {
        scroll.apply(tuning)
        cards.apply(tuning)
    }

    package init(articles: [Article], env: SceneEnvironment, dateText: String) {
        self.articles = articles
        self.env = env
        self.dateText = dateText
    }

    // MARK: Layout

    private var dateLayout: TextLayout {
        let f = TextStyle.caption.font
        return env.layout(dateText.uppercased(), f.withSize(f.size * env.textScale))
    }
    private var todayLayout: TextLayout { env.layout(env.localized("Today"), Font(size: CardConstants.largeTitleSize * env.textScale, weight: .heavy)) }

    /// Card `a`'s height in the one-column list, from its image's (`CardGeometry.cardHeight`).
    package func cardHeight(_ a: Article) -> Double { CardGeometry.cardHeight(imageHeight: env.imageSize(a.image)?.height) }

    package func layout(in bounds: Rect, window: Size, time: Double) {
        topBarHeight = CardConstants.topBarTop + dateLayout.size.height + CardConstants.topBarGap + todayLayout.size.height
        geometry = CardGeometry(bounds: bounds, window: window, topBarHeight: topBarHeight, count: articles.count) {
            cardHeight(articles[$0])
        }
        scroll.model.resize(viewport: bounds.height, content: geometry.contentHeight, at: time)
        cards.collapseDistance = geometry.collapseDistance
        syncContent(time: time)
    }

    /// Slot `i` on screen (window pt) at `time`.
    package func slotFrame(_ i: Int, time: Double) -> Rect { geometry.slotFrame(i, scrollOffset: scroll.offset(at: time)) }

    package var windowRect: Rect { geometry.windowRect }

    package func cardFrame(_ i: Int, progress p: Double, time: Double) -> Rect {
        CardGeometry.frame(slot: slotFrame(i, time: time), window: windowRect, progress: p)
    }

    private func contentLayout(_ a: Article) -> TextLayout {
        ArticleCardView.storyLayout(a.content, width: geometry.textColumn.width, env: env)
    }

    private var expandedImageHeight: Double { geometry.expandedImageHeight }

    private func syncContent(time: Double) {
        guard let i = cards.index else { return }
        // The open story starts under the headline, where the sub-headline was (CardLayout).
        let rise = CardLayout.storyRise(excerptLayout(articles[i], width: slots[i].width, imageHeight: expandedImageHeight))
        let length = expandedImageHeight + CardConstants.storyInset - rise + contentLayout(articles[i]).size.height
            + CardConstants.storyBottomPadding
        cards.resizeContent(viewport: window.height, content: length, at: time)
    }

    // MARK: Input

    package var isModal: Bool { cards.phase == .expanding || cards.phase == .expanded || cards.phase == .dragging }

    private func card(at p: Point, time: Double) -> Int? {
        guard bounds.contains(p) else { return nil }
        return slots.indices.first { slotFrame($0, time: time).contains(p) }
    }

    package var closeButtonFrame: Rect {
        let s = CardConstants.closeButtonSize
        // Trailing: top left in a right-to-left language, as the App Store puts it there.
        let x = env.layoutDirection == .rightToLeft ? CardConstants.closeButtonTrailing : window.width - CardConstants.closeButtonTrailing - s
        return Rect(x: x, y: CardConstants.closeButtonTop, width: s, height: s)
    }

    private var closeButtonHitFrame: Rect {
        closeButtonFrame.insetBy(dx: -CardConstants.closeButtonHitSlop, dy: -CardConstants.closeButtonHitSlop)
    }

    package func handlePointer(_ e: PointerEvent) -> Bool {
        let t = e.time
        if e.phase == .began {
            if isModal {
                owner = closeButtonHitFrame.contains(e.location) ? .closeButton : .expanded
            } else {
                owner = .list
            }
        }
        switch owner {
        case .none: return false
        case .closeButton:
            if e.phase == .ended {
                if closeButtonHitFrame.contains(e.location) { close(time: t) }
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
                    scrollSlotIntoView(i, time: t, animated: cards.progressValue(at: t) < 1 - MotionConstants.unitRestDistance)
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
                if cards.phase == .collapsing, let i = cards.index, drawnFrame(i, time: t).contains(p) {
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

    /// Where the open card is drawn now (a zooming one moved by its pull), for catching it.
    private func drawnFrame(_ i: Int, time: Double) -> Rect {
        cardStyle == .zoom ? zoomPose(i, time: time).frame : cardFrame(i, progress: cards.progressValue(at: time), time: time)
    }

    /// Opens card `i` as a tap would (a study's start state), its slot scrolled into view.
    package func open(card i: Int, time: Double) {
        guard articles.indices.contains(i), !isModal else { return }
        scrollSlotIntoView(i, time: time)
        cards.expand(card: i, at: time)
    }

    package func close(time: Double) {
        guard let i = cards.index else { return }
        // While the list still shows (closed mid-expansion) it scrolls smoothly; the card,
        // whose frame follows its slot, glides along instead of jumping.
        scrollSlotIntoView(i, time: time, animated: cards.progressValue(at: time) < 1 - MotionConstants.unitRestDistance)
        cards.close(at: time)
    }

    /// The list reappears with the card's slot in view (a resize may have moved it away).
    private func scrollSlotIntoView(_ i: Int, time: Double, animated: Bool = false) {
        let slot = slots[i]
        let offset = scroll.model.offset(at: time)
        let margin = CardConstants.scrollIntoViewMargin
        if slot.minY < offset + margin || slot.maxY > offset + bounds.height - margin {
            let target = max(0, min(scroll.model.maxOffset, slot.midY - bounds.height / 2))
            scroll.model.setOffset(target, animated: animated, at: time)
        }
    }

    /// The list back to its top, selection cleared (the kiosk idle reset).
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

    /// Card `i` takes the keyboard's selection (a screen reader's focus), scrolled into view.
    func select(card i: Int, time: Double) {
        guard articles.indices.contains(i), !isModal else { return }
        selected = i
        scrollSlotIntoView(i, time: time, animated: true)
    }

    package func handleKey(_ key: Key, time: Double) -> Bool {
        if !isModal && cards.phase != .collapsing {
            if key.is(.down) || key.is(.up) {
                let next = selected.map { $0 + (key.is(.down) ? 1 : -1) } ?? 0
                selected = max(0, min(articles.count - 1, next))
                if let s = selected { scrollSlotIntoView(s, time: time, animated: true) }
                return true
            }
            if key.is(.return) || key.is(.space), let s = selected {
                scroll.cancel(at: time)
                owner = .none
                cards.expand(card: s, at: time)
                syncContent(time: time)
                return true
            }
        }
        if isModal {
            if key.is(.escape) { close(time: time); return true }
            if key.is(.down) || key.is(.pageDown) || key.is(.up) || key.is(.pageUp) {
                let step = key.is(.pageDown) || key.is(.pageUp) ? window.height * CardConstants.pageScrollShare : CardConstants.keyScrollStep
                cards.content.scroll(by: key.is(.down) || key.is(.pageDown) ? step : -step, at: time)
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
        let moving = cards.advance(to: time) || listMoving
        adoptRequestedStyle()
        return moving
    }

    /// The excerpts as set per card width, and each card's view host (built when first drawn).
    lazy var excerptLayouts = ExcerptLayoutCache(env: env)
    var cardHosts: [Int: ArticleCardHost] = [:]

    // MARK: State

    /// The pull's shrink of the open card in its style.
    private func pullScale(time: Double) -> Double {
        if cardStyle == .zoom, let i = cards.index, cards.phase != .pressed { return zoomPose(i, time: time).pullScale }
        return cards.pullScale(at: time)
    }

    /// The zoom's frame on screen (the pull's shrink and follow applied), its story's scale in
    /// it and the finger's sideways follow.
    private func zoomFields(time: Double) -> [(String, JSONValue)] {
        guard cardStyle == .zoom, let i = cards.index, cards.phase != .pressed else { return [] }
        let z = zoomPose(i, time: time)
        return [("zoom", .object([("frame", .rect(z.frame)), ("contentScale", .rounded(z.contentScale)),
                                  ("lateral", .rounded(z.lateral)), ("opacity", .rounded(z.opacity))]))]
    }

    package func stateFields(time: Double) -> [(String, JSONValue)] {
        let p = cards.progressValue(at: time)
        let card = CardSnapshot(cards, at: time)
        let rows: [JSONValue] = slots.indices.filter { slotFrame($0, time: time).intersects(bounds) }.map { i in
            .object([("name", .string(articles[i].headline)), ("frame", .rect(slotFrame(i, time: time)))])
        }
        let frame: JSONValue = cards.index.map { .rect(cardFrame($0, progress: cards.phase == .pressed ? 0 : p, time: time)) } ?? .null
        let pressScale = cards.index != nil && cards.phase == .pressed ? cards.pressScale.value(at: time) : 1
        // Every card's excerpt texts as set (the lines drawn and the font size they shrank to).
        let excerpts: [JSONValue] = slots.indices.map { i in
            let e = excerptLayout(articles[i], width: slots[i].width, imageHeight: slots[i].height)
            func text(_ l: TextLayout?) -> JSONValue {
                .object([("lines", .array((l?.lines ?? []).map { .string($0.text) })), ("size", .rounded(l?.font.size ?? 0))])
            }
            return .object([("headline", text(e.headline)), ("subHeadline", text(e.sub))])
        }
        return [
            ("list", .object([
                ("offset", .rounded(scroll.offset(at: time))), ("contentHeight", .rounded(geometry.contentHeight)),
                ("velocity", .rounded(scroll.model.velocity(at: time))), ("rows", .array(rows)),
                ("opacity", .rounded(listOpacity(time: time))),
                ("date", .string(dateText)),
                ("selected", selected.map { .int($0) } ?? .null),
                ("excerpts", .array(excerpts)),
            ])),
            ("card", .object([
                ("phase", .string(card.phase.rawValue)),
                ("index", card.index.map { .int($0) } ?? .null),
                ("frame", frame),
                ("progress", .rounded(card.progress)),
                ("scale", .rounded(pullScale(time: time) * pressScale)),
                ("contentOffset", .rounded(card.contentOffset)),
                ("pull", .rounded(card.pull)),
                ("style", .string(cardStyle.rawValue)),
            ] + (card.rule.map { [("rule", .string($0))] } ?? []) + zoomFields(time: time))),
        ]
    }
}
