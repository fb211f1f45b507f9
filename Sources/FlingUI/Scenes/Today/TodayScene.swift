// TodayScene: scene 2, the App Store "Today" cards: the card grid and its scroll, routing
// presses to the card transition, each card's pose as it expands, is pulled down and closes
// (its ArticleCardView drawn there), the tab bar and backdrop fade, and its state dump.
import FlingCore

/// Scene 2: App Store "Today" cards (SPEC scene 2, seed 004). A tap expands a card to the
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
    /// Reduce Motion (issue 44): a card opens and closes with a cross-fade, not the zoom.
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
    private var window: Size { geometry.window }
    private var slots: [Rect] { geometry.slots }
    private(set) var topBarHeight = 0.0
    /// Who owns the current pointer.
    private enum Owner { case none, list, expanded, closeButton }
    private var owner = Owner.none

    private(set) lazy var topBarHost = ViewHost(env: env) { [unowned self] in TopBarView(date: self.dateText) }
    /// Where the top bar's tree was laid out (it is drawn moved from there).
    private var topBarBuiltIn: Rect?

    /// The cards and the list's scroll take a new tuning from their next gesture (issue 15).
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

    // MARK: Drawing

    /// How far the selected card is pulled, 0 … 1 over `pullShrinkDistance`.
    private func pullFraction(time: Double) -> Double {
        max(0, min(1, cards.pull.value(at: time) / MotionConstants.cardPullShrinkDistance))
    }

    /// How far the cards cover the list: the selected card's progress (or a card still
    /// flying home), 0 … 1, and 1 from `CardConstants.coversWindowAt` of it on.
    private func coverProgress(time: Double) -> Double {
        var p = cards.index == nil || cards.phase == .pressed ? 0 : cards.progressValue(at: time)
        if let o = cards.outgoing { p = max(p, o.progress.value(at: time)) }
        // Reduce Motion: the list and the tab bar fade as the card fades in over them.
        return max(0, min(1, p / CardConstants.coversWindowAt)) * cards.opacity(at: time)
    }

    /// How much of the list shows: it fades out as a card expands, and shows again (dimmed by
    /// the overlay) under a card pulled down, as the App Store does.
    package func listOpacity(time: Double) -> Double {
        if cardStyle == .zoom {
            // The zoom leaves the list in place under its dim: hidden only while the open
            // story covers it, shown again under a pull.
            // (Not from `coversWindowAt`: the zoom's frame then still leaves a band of the
            // window at its bottom, as far as the cell's bottom is from the window's.)
            let still = cards.pull.value(at: time) == 0 && cards.lateral.value(at: time) == 0
            let covered = coverProgress(time: time) >= 1 && cards.progressValue(at: time) >= 1 - MotionConstants.unitRestDistance
            return covered && still ? 0 : 1
        }
        return max(0, min(1, 1 - coverProgress(time: time) * (1 - pullFraction(time: time))))
    }

    /// How far the tab bar should be slid down out of the window, 0 (in place) … 1 (hidden):
    /// it leaves as a card expands and slides back in step with the collapse. AppController
    /// draws the bar; it can translate it by `TabBar.height * tabBarHiddenFraction(time:)`.
    package func tabBarHiddenFraction(time: Double) -> Double { coverProgress(time: time) }

    /// Expanded (tab bar gone, no card flying home), the list's fade is the whole backdrop's:
    /// AppController fades the backdrop layer, which then holds still while a pull changes the
    /// fade and the dim, both folded into one tinted copy of it.
    private func fadesAsBackdrop(time: Double) -> Bool {
        isModal && cards.outgoing == nil && tabBarHiddenFraction(time: time) >= 1
    }

    package func backdropOpacity(time: Double) -> Double { fadesAsBackdrop(time: time) ? listOpacity(time: time) : 1 }

    package func draw(into dl: inout DisplayList, time: Double) {
        let opacity = fadesAsBackdrop(time: time) ? 1 : listOpacity(time: time)
        let offset = scroll.offset(at: time)
        dl.clipped(to: bounds) { dl in
            // The list is a layer: while a card expands over it, it only fades (one tint pass).
            dl.withOpacity(opacity) { dl in dl.layer(LayerSpec(id: "today-list", bounds: bounds, background: .white)) { dl in
                // The top bar scrolls with the cards (seed: first child of the list's VStack).
                // Its tree depends on nothing that moves (no time, a fixed date): built once for
                // its size and drawn moved with the scroll, not rebuilt every frame.
                let bar = Rect(x: bounds.minX, y: bounds.minY + CardConstants.topBarTop - offset,
                               width: bounds.width, height: topBarHeight - CardConstants.topBarTop)
                if topBarBuiltIn?.size != bar.size {
                    topBarHost.update(bounds: bar, time: 0)
                    topBarBuiltIn = bar
                }
                let built = topBarBuiltIn ?? bar
                dl.transformed(.translate(bar.minX - built.minX, bar.minY - built.minY)) { dl in topBarHost.draw(into: &dl) }
                let reach = bounds.insetBy(dx: 0, dy: -bounds.height * RenderBudgets.prefetchScreens)
                var ahead: [(distance: Double, image: UpcomingImage)] = []
                defer { dl.upcomingImages += ahead.sorted { $0.distance < $1.distance }.map(\.image) }
                for i in slots.indices where !isOutOfItsSlot(i, time: time) {
                    let f = slotFrame(i, time: time)
                    guard f.insetBy(dx: -CardConstants.cullMargin, dy: -CardConstants.cullMargin).intersects(bounds) else {
                        // A screen beyond either edge: its photo is decoded ahead, nearest first.
                        if f.intersects(reach) {
                            ahead.append((f.minY > bounds.maxY ? f.minY - bounds.maxY : bounds.minY - f.maxY,
                                          UpcomingImage(articles[i].image, frame: cardLayout(i, progress: 0, time: time).image, mode: .fill)))
                        }
                        continue
                    }
                    drawCard(i, pose: listPose(i, time: time), contentOffset: 0, time: time, into: &dl)
                }
                // The keyboard selection: a focus ring around the card (iPadOS style).
                if let s = selected, cards.index != s {
                    let ring = CardConstants.focusRingInset
                    dl.add(.strokeRect(slotFrame(s, time: time).insetBy(dx: -ring, dy: -ring), radii: CornerRadii(CardConstants.cornerRadius + ring),
                                       color: SystemColor.blue, lineWidth: CardConstants.focusRingWidth))
                }
            } }
            // A card collapsing on its own while another expands.
            if let o = cards.outgoing {
                if cardStyle == .zoom {
                    let p = o.progress.value(at: time)
                    let zoom = CardZoomPose(slot: slotFrame(o.index, time: time), window: window, progress: p,
                                            pull: o.pull, lateral: o.lateral, anchor: o.anchor)
                    drawZoomCard(o.index, zoom: zoom, layerID: "today-card-home", contentOffset: 0, time: time, into: &dl)
                } else {
                    drawCard(o.index, pose: outgoingPose(o, time: time), contentOffset: 0, time: time, into: &dl)
                }
            }
        }
        // The selected card in the list (held or collapsing) is drawn in the overlay pass so it
        // can grow over the tab bar.
        if let i = cards.index, cards.phase == .pressed {
            dl.clipped(to: bounds) { dl in
                drawCard(i, pose: listPose(i, time: time), contentOffset: 0, time: time, into: &dl)
            }
        }
    }

    package func drawOverlay(into dl: inout DisplayList, time: Double) {
        guard let i = cards.index, cards.phase != .pressed else { return }
        if cardStyle == .zoom {
            let zoom = zoomPose(i, time: time)
            if !zoom.coversWindow, zoom.backdropDim > 0 { dl.add(.dim(windowRect, amount: zoom.backdropDim)) }
            drawZoomCard(i, zoom: zoom, layerID: "today-card", contentOffset: cards.contentOffset(at: time), time: time, into: &dl)
            let opacity = closeButtonOpacity(time: time) * cards.opacity(at: time)
            if opacity > 0 { dl.withOpacity(opacity) { dl in drawCloseButton(into: &dl) } }
            return
        }
        let pose = selectedPose(i, time: time)
        // Pulled down, the card lifts off the dimmed list with a shadow (App Store).
        let lift = pullFraction(time: time) * pose.clampedProgress
        if lift > 0 {
            dl.add(.dim(windowRect, amount: CardConstants.pullDim * lift))
            dl.transformed(pose.transform) { dl in
                dl.add(.shadow(pose.frame, radii: CornerRadii(pose.pullRadius), color: CardConstants.shadowColor.multipliedAlpha(lift),
                               radius: CardConstants.shadowRadius * 2, offset: .zero))
            }
        }
        let fade = cards.opacity(at: time)
        if fade < 1 {
            // Reduce Motion's cross-fade: the card stands still and fades.
            dl.withOpacity(fade) { dl in drawCard(i, pose: pose, contentOffset: cards.contentOffset(at: time), time: time, into: &dl) }
        } else {
            drawCard(i, pose: pose, contentOffset: cards.contentOffset(at: time), time: time, into: &dl)
        }
        let opacity = closeButtonOpacity(time: time) * fade
        if opacity > 0 { dl.withOpacity(opacity) { dl in drawCloseButton(into: &dl) } }
    }

    /// The close button fades in over the second half of the expansion and out with a pull.
    package func closeButtonOpacity(time: Double) -> Double {
        guard cards.index != nil, cards.phase != .pressed else { return 0 }
        let p = cards.progressValue(at: time)
        return max(0, min(1, (p - 0.5) * 2)) * (1 - max(0, min(1, cards.pull.value(at: time) / CardConstants.closeButtonFadePull)))
    }

    /// Seed 004's close button exactly (not the App Store's; see `CardConstants.closeButtonSize`):
    /// white at 70 % opacity, the × cut out of the circle, no shadow.
    private func drawCloseButton(into dl: inout DisplayList) {
        let f = closeButtonFrame
        let glyph = env.layout(MaterialIcon.cancel, .filledIcons(size: CardConstants.closeButtonGlyphSize))
        let origin = Point(f.midX - glyph.size.width / 2, f.midY - glyph.size.height / 2)
        dl.withOpacity(CardConstants.closeButtonOpacity) { dl in dl.text(glyph, at: origin, CardConstants.closeButtonColor) }
    }

    /// Card `i` is drawn out of its slot (open, or flying home): the list leaves its cell
    /// empty, except under the zoom's cross-fade, where the cell shows until the story covers it.
    private func isOutOfItsSlot(_ i: Int, time: Double) -> Bool {
        let progress: AnimatedValue
        if cards.index == i, cards.phase == .pressed { return true }   // drawn held, over the list
        if cards.index == i { progress = cards.progress } else if let o = cards.outgoing, o.index == i { progress = o.progress } else { return false }
        guard cardStyle == .zoom else { return true }
        return progress.value(at: time) >= MotionConstants.zoomCrossFade
    }

    /// The selected card's zoom between its cell and the window, pulled as the finger pulls it.
    package func zoomPose(_ i: Int, time: Double) -> CardZoomPose {
        CardZoomPose(slot: slotFrame(i, time: time), window: window, progress: cards.progressValue(at: time),
                     pull: cards.pull.value(at: time), lateral: cards.lateral.value(at: time), anchor: cards.pullAnchor)
    }

    /// Card `i` zooming (`--card-style zoom`): laid out open for the window, its story scrolled
    /// by `contentOffset`, drawn as a layer cut and scaled into the zoom's frame, faded in over
    /// its cell (and by Reduce Motion's cross-fade).
    private func drawZoomCard(_ i: Int, zoom: CardZoomPose, layerID: String, contentOffset: Double, time: Double, into dl: inout DisplayList) {
        let a = articles[i]
        let card = card(i)
        card.pose.pose = CardPose(frame: windowRect, progress: 1)
        card.pose.zoom = zoom
        card.pose.zoomLayerID = layerID
        let g = cardLayout(i, progress: 1, contentOffset: contentOffset, time: time)
        card.pose.layout = g
        card.subHeadlineOpacity.value = 0
        let isOpen = cards.index == i && (cards.phase == .expanded || cards.phase == .dragging)
        let view = ArticleCardView(category: a.category, headline: a.headline, subHeadline: a.subHeadline, image: a.image,
                                   content: a.content, isShowContent: isOpen, subHeadlineOpacity: card.subHeadlineOpacity,
                                   excerptSize: Size(g.excerpt.textWidth, g.panel.height), pose: card.pose)
        let opacity = zoom.opacity * (cards.index == i ? cards.opacity(at: time) : 1)
        if opacity < 1 {
            dl.withOpacity(opacity) { dl in card.draw(view, into: &dl) }
        } else {
            card.draw(view, into: &dl)
        }
        card.pose.zoom = nil
    }

    /// The press shrink of card `i` (1 unless it is the held one).
    private func pressScale(_ i: Int, time: Double) -> Double {
        cards.pressedIndex == i || (cards.phase == .pressed && cards.index == i) ? cards.pressScale.value(at: time) : 1
    }

    /// Card `i` in its slot (held or not).
    private func listPose(_ i: Int, time: Double) -> CardPose {
        CardPose(frame: cardFrame(i, progress: 0, time: time), progress: 0, scale: pressScale(i, time: time))
    }

    /// A card flying home on its own while another expands: the pull it was let go with only
    /// shrinks it.
    private func outgoingPose(_ o: CardTransition.Outgoing, time: Double) -> CardPose {
        let p = o.progress.value(at: time)
        return CardPose(frame: cardFrame(o.index, progress: p, time: time), progress: p,
                        scale: pressScale(o.index, time: time) * CardPose.pullScale(pull: o.pull, progress: p))
    }

    /// The selected card, between its slot and the window, pulled as the finger pulls it.
    private func selectedPose(_ i: Int, time: Double) -> CardPose {
        let p = cards.progressValue(at: time)
        return CardPose(frame: cardFrame(i, progress: p, time: time), progress: p, pullRadius: cards.pullRadius(at: time),
                        scale: pressScale(i, time: time) * cards.pullScale(at: time), offset: cards.pullOffset(at: time))
    }

    /// Where card `i`'s parts sit at progress `p` with no pull or press (tests and the state
    /// dump use it; drawing applies those on top).
    package func cardLayout(_ i: Int, progress p: Double, contentOffset: Double = 0, time: Double) -> CardLayout {
        let slot = slotFrame(i, time: time)
        return CardLayout(slot: slot, progress: p, contentOffset: contentOffset, in: geometry) { imageHeight in
            excerptLayout(articles[i], width: slot.width, imageHeight: imageHeight)
        }
    }

    /// Card `i` in `pose` (its frame and progress, 0 slot … 1 window, and the press and pull),
    /// its story scrolled by `contentOffset`: its `ArticleCardView`, placed by the pose.
    private func drawCard(_ i: Int, pose: CardPose, contentOffset: Double, time: Double, into dl: inout DisplayList) {
        let a = articles[i]
        let card = card(i)
        card.pose.pose = pose
        card.pose.zoom = nil
        let content = card.pose.contentPose
        let g = cardLayout(i, progress: content.progress, contentOffset: contentOffset, time: time)
        card.pose.layout = g
        // The seed drops the sub-headline once the content shows: it fades out in the first half
        // of the growth and the story rises into its room (CardLayout.storyRise).
        card.subHeadlineOpacity.value = CardLayout.subHeadlineOpacity(progress: content.clampedProgress)
        // Open is open once the card rests (or is pulled) expanded: the spring's swing back
        // below 1 only fades the sub-headline in a little, without a new tree.
        let isOpen = cards.index == i && (cards.phase == .expanded || cards.phase == .dragging)
        card.draw(ArticleCardView(category: a.category, headline: a.headline, subHeadline: a.subHeadline, image: a.image,
                                  content: a.content, isShowContent: isOpen, subHeadlineOpacity: card.subHeadlineOpacity,
                                  excerptSize: Size(g.excerpt.textWidth, g.panel.height), pose: card.pose), into: &dl)
    }

    /// Article `a`'s excerpt in a card `width` pt wide over an image `imageHeight` pt high.
    package func excerptLayout(_ a: Article, width: Double, imageHeight: Double) -> ExcerptLayout {
        excerptLayouts.layout(a, width: width, imageHeight: imageHeight)
    }
    private lazy var excerptLayouts = ExcerptLayoutCache(env: env)

    private var cardHosts: [Int: ArticleCardHost] = [:]

    private func card(_ i: Int) -> ArticleCardHost {
        if let c = cardHosts[i] { return c }
        let c = ArticleCardHost(env: env)
        cardHosts[i] = c
        return c
    }

    /// The root of card `i`'s tree as last built, and how many times it was built (tests: not
    /// again while the card only moves).
    func cardRoot(_ i: Int) -> Node? { cardHosts[i]?.host.root }
    func cardViewHost(_ i: Int) -> ViewHost? { cardHosts[i]?.host }
    func cardBuilds(_ i: Int) -> Int? { cardHosts[i]?.host.builds }

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
