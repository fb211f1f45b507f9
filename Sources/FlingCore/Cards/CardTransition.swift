/// The App Store "Today" card transition as a value: which card is selected, one progress
/// value (0 in its slot … 1 full window) that drives every property in step, the press
/// shrink, the pull-down shrink of an expanded card, and the expanded card's scroll.
public struct CardTransition: Sendable {
    public enum Phase: String, Sendable {
        case collapsed, pressed, expanding, expanded, dragging, collapsing
    }

    public private(set) var phase: Phase = .collapsed
    /// The selected card (nil when none).
    public private(set) var index: Int?
    /// 0 … 1 (a spring may overshoot slightly past 1, as SwiftUI's matched geometry does).
    public private(set) var progress: AnimatedValue = .resting(0)
    /// The press shrink of a held card in the list (1 or 0.96).
    public private(set) var pressScale: AnimatedValue = .resting(1)
    /// How far the expanded card is pulled down, in pt (≥ 0).
    public private(set) var pull: AnimatedValue = .resting(0)
    /// A card still collapsing into its slot while another one expands.
    public private(set) var outgoing: (index: Int, progress: AnimatedValue, pull: Double)?
    /// The expanded card's scroll.
    public var content = ScrollModel()

    private var tracker = VelocityTracker()
    private var lastY = 0.0
    private var classifier = TapClassifier()
    /// The content scroll took this gesture (a drag up at the top, or content not at its top).
    private var scrolling = false

    public init() {}

    // MARK: Derived

    public func progressValue(at t: Double) -> Double { progress.value(at: t) }

    /// The drag shrink 1 → 0.86 over the first 100 pt of pull, blended out as the card
    /// collapses so it lands in its slot at scale 1.
    public func pullScale(at t: Double) -> Double {
        Self.pullScale(pull: pull.value(at: t), progress: progress.value(at: t))
    }

    public static func pullScale(pull: Double, progress: Double) -> Double {
        let f = max(0, min(1, pull / CardConstants.pullShrinkDistance))
        let s = 1 - (1 - CardConstants.pullMinimumScale) * f
        return 1 - (1 - s) * max(0, min(1, progress))
    }

    /// Extra corner rounding from the pull (back to 15 pt at 100 pt), in pt.
    public func pullRadius(at t: Double) -> Double {
        CardConstants.cornerRadius * max(0, min(1, pull.value(at: t) / CardConstants.pullShrinkDistance))
    }

    /// Vertical follow of the finger, blended out while collapsing.
    public func pullOffset(at t: Double) -> Double {
        pull.value(at: t) * CardConstants.pullFollow * max(0, min(1, progress.value(at: t)))
    }

    public func isAnimating(at t: Double) -> Bool {
        progress.isAnimating || pressScale.isAnimating || pull.isAnimating || outgoing != nil || content.isMoving(at: t)
    }

    /// The expanded card's frame at `p`: its slot interpolated to the window.
    public static func frame(slot: Rect, window: Rect, progress p: Double) -> Rect {
        slot.interpolated(to: window, p)
    }

    // MARK: List interaction (collapsed)

    /// A press on card `i` in the list: it shrinks while held.
    public mutating func press(card i: Int, at t: Double) {
        guard phase == .collapsed || phase == .collapsing else { return }
        if phase == .collapsed { index = i; phase = .pressed }
        pressScale = pressScale.animated(to: CardConstants.pressedScale, with: CardConstants.pressSpring, at: t,
                                         restDistance: CardConstants.unitRestDistance, restVelocity: CardConstants.unitRestVelocity)
        pressedIndex = i
    }

    /// Which card is held (it may differ from a card still collapsing).
    public private(set) var pressedIndex: Int?

    /// The press turned into a scroll (or was cancelled): the card un-shrinks.
    public mutating func releasePress(at t: Double) {
        pressScale = pressScale.animated(to: 1, with: CardConstants.pressSpring, at: t,
                                         restDistance: CardConstants.unitRestDistance, restVelocity: CardConstants.unitRestVelocity)
        pressedIndex = nil
        if phase == .pressed { phase = .collapsed; index = nil }
    }

    /// Expands card `i` (a tap). A card still collapsing keeps collapsing on its own; tapping
    /// the collapsing card itself reverses it from where it is, with its velocity.
    public mutating func expand(card i: Int, at t: Double) {
        pressScale = pressScale.animated(to: 1, with: CardConstants.pressSpring, at: t,
                                         restDistance: CardConstants.unitRestDistance, restVelocity: CardConstants.unitRestVelocity)
        pressedIndex = nil
        if phase == .collapsing, let current = index, current != i {
            outgoing = (current, progress, pull.value(at: t))
            progress = .resting(0)
            pull = .resting(0)
        }
        if index != i { content = ScrollModel() }
        index = i
        phase = .expanding
        // A card caught while flying home after a pull lets go of the pull as it grows back.
        pull = pull.animated(to: 0, with: CardConstants.pullBackSpring, at: t)
        progress = progress.animated(to: 1, with: MotionConstants.cardSpring, at: t,
                                     restDistance: CardConstants.unitRestDistance, restVelocity: CardConstants.unitRestVelocity)
    }

    // MARK: Expanded interaction

    /// Collapses with ease-in-out (close button, Esc).
    public mutating func close(at t: Double) {
        guard phase == .expanded || phase == .expanding || phase == .dragging else { return }
        let p = progress.value(at: t)
        phase = .collapsing
        classifier.cancel()
        progress = .timed(TimedAnimation(from: p, to: 0, startTime: t, duration: CardConstants.closeDuration * max(0.3, min(1, p)),
                                         curve: .easeInOut))
    }

    /// A press on the expanded card.
    public mutating func pressExpanded(at p: Point, time t: Double) {
        guard phase == .expanded || phase == .expanding else { return }
        classifier.press(at: p, time: t)
        tracker.addPress(time: t, position: p)
        lastY = p.y
        scrolling = false
        if content.isMoving(at: t) { content.beginDrag(at: t); scrolling = true }
    }

    public mutating func moveExpanded(to p: Point, time t: Double) {
        guard classifier.state != .idle else { return }
        tracker.addMove(time: t, position: p)
        var dy = p.y - lastY
        if case .pressing(let start, _) = classifier.state {
            guard classifier.move(to: p) else { return }
            let d = p - start
            dy = d.y - d.y * classifier.slop / max(d.length, classifier.slop)
            // Down at the top pulls the card; anything else scrolls its content.
            // The direction is the whole movement's (the remainder past the slop may be 0).
            if !scrolling && d.y > 0 && content.offset(at: t) <= 0 && phase == .expanded {
                phase = .dragging
                pull = .resting(pull.value(at: t))
            } else if !scrolling {
                content.beginDrag(at: t)
                scrolling = true
            }
        }
        lastY = p.y
        if phase == .dragging {
            let before = pull.value(at: t)
            let next = max(0, before + dy)
            pull = .resting(next)
            if next == 0 && dy < 0 {
                // Pushed back up past the start: the rest scrolls the content.
                let rest = before + dy
                phase = .expanded
                content.beginDrag(at: t)
                scrolling = true
                content.drag(by: -rest, at: t)
            }
        } else if scrolling {
            content.drag(by: -dy, at: t)
        }
    }

    /// Release (or cancel, ignoring velocity). Returns true if the press was a tap.
    @discardableResult
    public mutating func releaseExpanded(at p: Point, time t: Double, cancelled: Bool = false) -> Bool {
        guard classifier.state != .idle else { return false }
        let wasTap = classifier.release() && !cancelled
        let v = cancelled ? 0 : tracker.releaseVelocity(at: t).y
        if phase == .dragging {
            let amount = pull.value(at: t)
            let projected = amount + Projection.distance(velocity: max(0, v))
            if amount > CardConstants.collapseThreshold || projected > CardConstants.collapseThreshold {
                phase = .collapsing
                // The spring starts at the finger's speed: pt/s over the distance the card
                // travels to its slot, in progress units (collapse is toward 0).
                let dpdt = -max(0, v) / max(1, collapseDistance)
                progress = .spring(Spring(parameters: MotionConstants.cardSpring, from: progress.value(at: t), to: 0,
                                          velocity: dpdt, startTime: t,
                                          restDistance: CardConstants.unitRestDistance, restVelocity: CardConstants.unitRestVelocity))
            } else {
                phase = .expanded
                pull = .spring(Spring(parameters: CardConstants.pullBackSpring, from: amount, to: 0, velocity: -v, startTime: t))
            }
        } else if scrolling {
            content.endDrag(velocity: -v, at: t)
        }
        scrolling = false
        return wasTap
    }

    /// Distance (pt) the card's frame travels from full window to its slot; set by the scene
    /// (converts the release velocity into progress per second).
    public var collapseDistance: Double = 400

    // MARK: Time

    public mutating func advance(to t: Double) -> Bool {
        progress = progress.settled(at: t)
        pressScale = pressScale.settled(at: t)
        pull = pull.settled(at: t)
        if let o = outgoing, !o.progress.settled(at: t).isAnimating { outgoing = nil }
        switch phase {
        case .expanding where !progress.isAnimating:
            phase = .expanded
        case .collapsing where !progress.isAnimating:
            phase = .collapsed
            index = nil
            pull = .resting(0)
            content = ScrollModel()
        default: break
        }
        var c = content
        let contentMoving = c.advance(to: t)
        content = c
        return isAnimating(at: t) || contentMoving
    }

    /// The expanded card's scroll viewport and content length.
    public mutating func resizeContent(viewport: Double, content length: Double, at t: Double) {
        if viewport != content.viewportLength || length != content.contentLength {
            content.resize(viewport: viewport, content: length, at: t)
        }
    }
}
