// TodayDrawing: how the Today scene draws: the list as one layer that fades as a card opens,
// each card at its pose (in its slot, pressed, expanding, pulled, or zooming in iOS 18's style),
// the close button, and the backdrop's fade and dim; the scene's state and input stay in
// TodayScene.swift.
import FlingCore

extension TodayScene {
    // MARK: Drawing

    /// How far the selected card is pulled, 0 … 1 over `pullShrinkDistance`.
    func pullFraction(time: Double) -> Double {
        max(0, min(1, cards.pull.value(at: time) / MotionConstants.cardPullShrinkDistance))
    }

    /// How far the cards cover the list: the selected card's progress (or a card still
    /// flying home), 0 … 1, and 1 from `CardConstants.coversWindowAt` of it on.
    func coverProgress(time: Double) -> Double {
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
    func fadesAsBackdrop(time: Double) -> Bool {
        isModal && cards.outgoing == nil && tabBarHiddenFraction(time: time) >= 1
    }

    package func backdropOpacity(time: Double) -> Double { fadesAsBackdrop(time: time) ? listOpacity(time: time) : 1 }

    package func draw(into dl: inout DisplayList, time: Double) {
        let opacity = fadesAsBackdrop(time: time) ? 1 : listOpacity(time: time)
        let offset = scroll.offset(at: time)
        // The list is a layer: while a card expands over it, it only fades (one tint pass). It
        // is the window's size, white under the tab bar: once the bar has left (a card
        // expanded), it is the whole backdrop, and is that layer (DisplayList.layer), not a
        // second copy of it (8 MB at 1080×1920, rasterised as the card came to rest).
        dl.withOpacity(opacity) { dl in dl.layer(LayerSpec(id: "today-list", bounds: windowRect, background: .white)) { dl in
            dl.clipped(to: bounds) { dl in
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
            }
        } }
        // A card collapsing on its own while another expands.
        if let o = cards.outgoing {
            dl.clipped(to: bounds) { dl in
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
        // A card opening: its photo is about to grow past its list copy. Named so, it is
        // decoded ahead for the size it opens to and copied once for it
        // (ImageStore.growthTargets), not decoded in a frame of the opening (a 1600×1200 JPEG
        // on the main thread) and copied again each time it outgrew the last copy. (Not while
        // only held: every scroll that starts on a card is a press first.)
        if let i = cards.index, cards.phase == .expanding {
            dl.upcomingImages.insert(UpcomingImage(articles[i].image, frame: cardLayout(i, progress: 1, time: time).image, mode: .fill, grows: true), at: 0)
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
    func drawCloseButton(into dl: inout DisplayList) {
        let f = closeButtonFrame
        let glyph = env.layout(MaterialIcon.cancel, .filledIcons(size: CardConstants.closeButtonGlyphSize))
        let origin = Point(f.midX - glyph.size.width / 2, f.midY - glyph.size.height / 2)
        dl.withOpacity(CardConstants.closeButtonOpacity) { dl in dl.text(glyph, at: origin, CardConstants.closeButtonColor) }
    }

    /// Card `i` is drawn out of its slot (open, or flying home): the list leaves its cell
    /// empty, except under the zoom's cross-fade, where the cell shows until the story covers it.
    func isOutOfItsSlot(_ i: Int, time: Double) -> Bool {
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
    func drawZoomCard(_ i: Int, zoom: CardZoomPose, layerID: String, contentOffset: Double, time: Double, into dl: inout DisplayList) {
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
    func pressScale(_ i: Int, time: Double) -> Double {
        cards.pressedIndex == i || (cards.phase == .pressed && cards.index == i) ? cards.pressScale.value(at: time) : 1
    }

    /// Card `i` in its slot (held or not).
    func listPose(_ i: Int, time: Double) -> CardPose {
        CardPose(frame: cardFrame(i, progress: 0, time: time), progress: 0, scale: pressScale(i, time: time))
    }

    /// A card flying home on its own while another expands: the pull it was let go with only
    /// shrinks it.
    func outgoingPose(_ o: CardTransition.Outgoing, time: Double) -> CardPose {
        let p = o.progress.value(at: time)
        return CardPose(frame: cardFrame(o.index, progress: p, time: time), progress: p,
                        scale: pressScale(o.index, time: time) * CardPose.pullScale(pull: o.pull, progress: p))
    }

    /// The selected card, between its slot and the window, pulled as the finger pulls it.
    func selectedPose(_ i: Int, time: Double) -> CardPose {
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
    func drawCard(_ i: Int, pose: CardPose, contentOffset: Double, time: Double, into dl: inout DisplayList) {
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

    func card(_ i: Int) -> ArticleCardHost {
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
}
