/// The App Store "Today" card transition as a value. Everything it knows is one `State`:
/// which card is selected, one progress value (0 in its slot … 1 full window) that drives
/// every property in step, the press shrink, the pull-down of an expanded card, its scroll,
/// the finger on it and a card still flying home while another grows.
public struct CardTransition: Equatable, Sendable {
    /// The state dump's names for the states.
    public enum Phase: String, Sendable {
        case collapsed, pressed, expanding, expanded, dragging, collapsing
    }

    /// A card held in the list: it shrinks while held.
    public struct Held: Equatable, Sendable {
        public var card: Int
        /// 1 → `MotionConstants.cardPressedScale`.
        public var scale: AnimatedValue
        public init(card: Int, scale: AnimatedValue) { self.card = card; self.scale = scale }
    }

    /// A finger on the expanded card: tap or drag, its velocity, and who took it.
    public struct Touch: Equatable, Sendable {
        public var classifier: TapClassifier
        public var tracker = VelocityTracker()
        public var lastY: Double
        /// The content scroll took this gesture (a drag up at the top, or content not at its top).
        public var scrolling = false
        /// Where and when the finger went down (for the decision record).
        public var start: GestureMetric.Sample
        /// The zoom's sideways follow when this drag began (a card caught springing back
        /// goes on from where it is).
        public var lateralOrigin = 0.0
        public init(lastY: Double, slop: Double = MotionConstants.touchSlop, start: GestureMetric.Sample? = nil) {
            self.lastY = lastY
            classifier = TapClassifier(slop: slop)
            self.start = start ?? GestureMetric.Sample(t: 0, x: 0, y: lastY)
        }
    }

    /// A card still collapsing into its slot while another one expands.
    public struct Outgoing: Equatable, Sendable {
        public var index: Int
        public var progress: AnimatedValue
        /// The pull it had when it was let go (pt).
        public var pull: Double
        /// The zoom's sideways follow and shrink anchor it had (`Open.lateral`, `Open.anchor`).
        public var lateral: Double
        public var anchor: Point
        public init(index: Int, progress: AnimatedValue, pull: Double, lateral: Double = 0, anchor: Point = .zero) {
            self.index = index; self.progress = progress; self.pull = pull; self.lateral = lateral; self.anchor = anchor
        }
    }

    /// What every state of a card out of its slot carries: which card, its story's scroll,
    /// and a card still flying home while this one grows.
    public struct Open: Equatable, Sendable {
        public var card: Int
        public var content: ScrollModel
        public var outgoing: Outgoing?
        /// The zoom style's sideways follow of the finger (pt, right positive; 0 in the
        /// expansion style, whose pull is vertical only).
        public var lateral: AnimatedValue
        /// Where the finger went down on a zooming card pulled down: it shrinks about that point,
        /// so what is under the finger stays under it.
        public var anchor: Point
        public init(card: Int, content: ScrollModel, outgoing: Outgoing? = nil, lateral: AnimatedValue = .resting(0), anchor: Point = .zero) {
            self.card = card; self.content = content; self.outgoing = outgoing; self.lateral = lateral; self.anchor = anchor
        }
    }

    public enum State: Equatable, Sendable {
        /// The list; nothing selected.
        case collapsed
        /// A card of the list is held.
        case pressed(Held)
        /// Growing to the window (the card spring); `pull` lets go of a pull it was caught with.
        case expanding(Open, progress: AnimatedValue, pull: AnimatedValue, touch: Touch?)
        /// Full window (progress 1); `pull` may still spring back from a short pull.
        case expanded(Open, pull: AnimatedValue, touch: Touch?)
        /// Pulled down at its top by `pull` pt, under the finger.
        case dragging(Open, pull: Double, touch: Touch)
        /// Flying home; another card of the list may be held meanwhile.
        case collapsing(Open, progress: AnimatedValue, pull: AnimatedValue, held: Held?)

        /// The open card (nil in the list); set, it is written back into the same state.
        public var open: Open? {
            get {
                switch self {
                case .collapsed, .pressed: nil
                case .expanding(let o, _, _, _), .expanded(let o, _, _), .dragging(let o, _, _), .collapsing(let o, _, _, _): o
                }
            }
            set {
                guard let o = newValue else { return }
                switch self {
                case .collapsed, .pressed: break
                case let .expanding(_, progress, pull, touch): self = .expanding(o, progress: progress, pull: pull, touch: touch)
                case let .expanded(_, pull, touch): self = .expanded(o, pull: pull, touch: touch)
                case let .dragging(_, pull, touch): self = .dragging(o, pull: pull, touch: touch)
                case let .collapsing(_, progress, pull, held): self = .collapsing(o, progress: progress, pull: pull, held: held)
                }
            }
        }
    }

    public private(set) var state: State = .collapsed {
        // Reduce Motion: the zoom is rewritten as a cross-fade as it is set.
        didSet { if reduceMotion { state = Self.reducingMotion(state) } }
    }

    /// Reduce Motion: a card opens and closes with a short cross-fade in place of
    /// the zoom (it stands full-window, or where it was, while it fades).
    public var reduceMotion = false

    static func reducingMotion(_ state: State) -> State {
        switch state {
        case let .expanding(open, progress, pull, touch) where !ReducedMotion.isFade(progress):
            return .expanding(open, progress: ReducedMotion.fade(holding: 1, from: progress.startTime ?? 0), pull: pull, touch: touch)
        case let .collapsing(open, progress, pull, held) where !ReducedMotion.isFade(progress):
            let start = progress.startTime ?? 0
            return .collapsing(open, progress: ReducedMotion.fade(holding: progress.value(at: start), from: start), pull: pull, held: held)
        default:
            return state
        }
    }

    /// How opaque the open card is drawn (and how far it covers the list): 1, except while
    /// Reduce Motion fades it in as it opens or out as it closes.
    public func opacity(at t: Double) -> Double {
        guard reduceMotion else { return 1 }
        switch state {
        case .expanding(_, let p, _, _): return ReducedMotion.fadeFraction(p, at: t)
        case .collapsing(_, let p, _, _): return 1 - ReducedMotion.fadeFraction(p, at: t)
        default: return 1
        }
    }

    /// How the card opens (`--card-style`): seed 004's expansion or iOS 18's zoom. The zoom's
    /// pull follows the finger sideways too. Configuration, not state: set before a card opens.
    public var style = CardStyle.expand

    /// Distance (pt) the card's frame travels from full window to its slot; set by the scene
    /// (converts the release velocity into progress per second). Configuration, not state.
    public var collapseDistance: Double = 400

    /// The card spring, the pull's projection, the slop and the story's scroll (tunable live).
    /// Configuration, not state: a change applies from the next press or release.
    public private(set) var tuning: Tuning = .standard

    /// The last release decision of a pulled card ("collapse" or "stay", for `--metrics`) and how
    /// many there have been; settle time and overshoot join it when the motion rests.
    public var lastDecision: GestureDecision? { decisions.last }
    public var decisionCount: Int { decisions.count }
    private var decisions = DecisionLog()

    public init(tuning: Tuning = .standard) { self.tuning = tuning }
    public init(state: State, collapseDistance: Double = 400, tuning: Tuning = .standard) {
        self.state = state; self.collapseDistance = collapseDistance; self.tuning = tuning
    }

    /// Changes the tuning from the next press (the story's scroll from its next release).
    public mutating func apply(_ tuning: Tuning) {
        self.tuning = tuning
        var c = content
        c.apply(tuning)
        content = c
    }

    // MARK: Reading the state

    public var phase: Phase {
        switch state {
        case .collapsed: .collapsed
        case .pressed: .pressed
        case .expanding: .expanding
        case .expanded: .expanded
        case .dragging: .dragging
        case .collapsing: .collapsing
        }
    }

    /// The selected card (nil when none); a held card of the list is selected.
    public var index: Int? {
        if case .pressed(let h) = state { return h.card }
        return state.open?.card
    }

    /// 0 … 1 (a spring may overshoot slightly past 1, as SwiftUI's matched geometry does).
    public var progress: AnimatedValue {
        switch state {
        case .collapsed, .pressed: .resting(0)
        case .expanding(_, let p, _, _), .collapsing(_, let p, _, _): p
        case .expanded, .dragging: .resting(1)
        }
    }

    /// The held card's press shrink (1 when none is held).
    public var pressScale: AnimatedValue { held?.scale ?? .resting(1) }

    /// Which card is held (it may differ from a card still collapsing).
    public var pressedIndex: Int? { held?.card }

    private var held: Held? {
        switch state {
        case .pressed(let h): h
        case .collapsing(_, _, _, let h): h
        default: nil
        }
    }

    /// How far the expanded card is pulled down, in pt (≥ 0).
    public var pull: AnimatedValue {
        switch state {
        case .collapsed, .pressed: .resting(0)
        case .expanding(_, _, let p, _), .expanded(_, let p, _), .collapsing(_, _, let p, _): p
        case .dragging(_, let p, _): .resting(p)
        }
    }

    public var outgoing: Outgoing? { state.open?.outgoing }

    /// The zoom style's sideways follow of the finger (pt; resting 0 otherwise).
    public var lateral: AnimatedValue { state.open?.lateral ?? .resting(0) }

    /// Where a zooming card shrinks about while pulled.
    public var pullAnchor: Point { state.open?.anchor ?? .zero }

    /// The selected card's scroll (an empty one when none is selected; writes then go nowhere).
    public var content: ScrollModel {
        get { state.open?.content ?? ScrollModel() }
        set { state.open?.content = newValue }
    }

    private var touch: Touch? {
        switch state {
        case .expanding(_, _, _, let t), .expanded(_, _, let t): t
        case .dragging(_, _, let t): t
        default: nil
        }
    }

    // MARK: Derived

    public func progressValue(at t: Double) -> Double { progress.value(at: t) }

    /// The pull's shrink now (`CardPose.pullScale`): 1 → 0.86 over the first 100 pt, blended
    /// out as the card collapses.
    public func pullScale(at t: Double) -> Double {
        CardPose.pullScale(pull: pull.value(at: t), progress: progress.value(at: t))
    }

    /// The pull's extra corner rounding now, in pt (`CardPose.pullRadius`).
    public func pullRadius(at t: Double) -> Double { CardPose.pullRadius(pull: pull.value(at: t)) }

    /// The pull's follow of the finger now, in pt (`CardPose.pullOffset`).
    public func pullOffset(at t: Double) -> Double {
        CardPose.pullOffset(pull: pull.value(at: t), progress: progress.value(at: t))
    }

    /// The selected card's scroll as drawn. Collapsing, the story scrolls back to its top in
    /// the same animation as the progress (the scroll is frozen where the collapse began), so the card
    /// lands showing its own photo and title, with no jump at the end.
    public func contentOffset(at t: Double) -> Double {
        guard case let .collapsing(open, progress, _, _) = state else { return content.offset(at: t) }
        let content = open.content
        let from = Self.startValue(progress)
        guard from > 0 else { return 0 }
        // Squared: most of the way back by mid-flight, so the photo and title are in view
        // while the card still covers most of the window.
        let f = max(0, min(1, progress.value(at: t) / from))
        return content.offset(at: t) * f * f
    }

    private static func startValue(_ v: AnimatedValue) -> Double {
        switch v {
        case .resting(let x): x
        case .spring(let s): s.from
        case .timed(let a): a.from
        }
    }

    /// The scroll stopped where it is (a collapse scrolls it back from there).
    private func frozenContent(at t: Double) -> ScrollModel {
        var c = content
        c.setOffset(c.offset(at: t), animated: false, at: t)
        return c
    }

    public func isAnimating(at t: Double) -> Bool {
        progress.isAnimating || pressScale.isAnimating || pull.isAnimating || lateral.isAnimating || outgoing != nil || content.isMoving(at: t)
    }

    private static func pressSpring(_ v: AnimatedValue, to target: Double, at t: Double) -> AnimatedValue {
        v.animated(to: target, with: MotionConstants.cardPressSpring, at: t,
                   restDistance: MotionConstants.unitRestDistance, restVelocity: MotionConstants.unitRestVelocity)
    }

    // MARK: List interaction (collapsed)

    /// A press on card `i` in the list: it shrinks while held.
    public mutating func press(card i: Int, at t: Double) {
        switch state {
        case .collapsed:
            state = .pressed(Held(card: i, scale: Self.pressSpring(.resting(1), to: MotionConstants.cardPressedScale, at: t)))
        case let .collapsing(open, p, pull, h):
            let scale = Self.pressSpring(h?.scale ?? .resting(1), to: MotionConstants.cardPressedScale, at: t)
            state = .collapsing(open, progress: p, pull: pull, held: Held(card: i, scale: scale))
        default: break
        }
    }

    /// The press turned into a scroll (or was cancelled): the card un-shrinks.
    public mutating func releasePress(at t: Double) {
        switch state {
        case .pressed: state = .collapsed
        case let .collapsing(open, p, pull, _):
            state = .collapsing(open, progress: p, pull: pull, held: nil)
        default: break
        }
    }

    /// Expands card `i` (a tap). A card still collapsing keeps collapsing on its own; tapping
    /// the collapsing card itself reverses it from where it is, with its velocity.
    public mutating func expand(card i: Int, at t: Double) {
        decisions.forgetSettle()
        var progress = progress, pull = pull, outgoing = outgoing
        var lateral = lateral, anchor = pullAnchor
        var content = index == i ? content : ScrollModel(tuning: tuning)
        if case .collapsing(let open, _, _, _) = state, open.card == i {
            // Caught on its way home: the story stays scrolled where it is drawn now.
            content.setOffset(contentOffset(at: t), animated: false, at: t)
        }
        if case .collapsing(let open, _, _, _) = state, open.card != i {
            outgoing = Outgoing(index: open.card, progress: progress, pull: pull.value(at: t),
                                lateral: open.lateral.value(at: t), anchor: open.anchor)
            progress = .resting(0)
            pull = .resting(0)
            lateral = .resting(0)
            anchor = .zero
            content = ScrollModel(tuning: tuning)
        }
        // A card caught while flying home after a pull lets go of the pull as it grows back.
        pull = pull.animated(to: 0, with: MotionConstants.cardPullBackSpring, at: t)
        progress = progress.animated(to: 1, with: tuning.cardSpring, at: t,
                                     restDistance: MotionConstants.unitRestDistance, restVelocity: MotionConstants.unitRestVelocity)
        if lateral != .resting(0) { lateral = lateral.animated(to: 0, with: MotionConstants.cardPullBackSpring, at: t) }
        state = .expanding(Open(card: i, content: content, outgoing: outgoing, lateral: lateral, anchor: anchor),
                           progress: progress, pull: pull, touch: touch)
    }

    // MARK: Expanded interaction

    /// Collapses with ease-in-out (close button, Esc).
    public mutating func close(at t: Double) {
        guard phase == .expanded || phase == .expanding || phase == .dragging, var open = state.open else { return }
        decisions.forgetSettle()
        let p = progress.value(at: t)
        let progress = AnimatedValue.timed(TimedAnimation(from: p, to: 0, startTime: t,
                                                          duration: MotionConstants.cardCloseDuration * max(0.3, min(1, p)), curve: .easeInOut))
        open.content = frozenContent(at: t)
        state = .collapsing(open, progress: progress, pull: pull, held: nil)
    }

    /// A press on the expanded card.
    public mutating func pressExpanded(at p: Point, time t: Double) {
        var touch = Touch(lastY: p.y, slop: tuning.touchSlop, start: GestureMetric.Sample(t: t, x: p.x, y: p.y))
        decisions.forgetSettle()
        touch.classifier.press(at: p, time: t)
        touch.tracker.addPress(time: t, position: p)
        var content = content
        if content.isMoving(at: t) { content.beginDrag(at: t); touch.scrolling = true }
        guard phase == .expanding || phase == .expanded else { return }
        setTouch(touch, content: content)
    }

    public mutating func moveExpanded(to p: Point, time t: Double) {
        guard var touch, var open = state.open, touch.classifier.state != .idle else { return }
        touch.tracker.addMove(time: t, position: p)
        var content = content
        var dy = p.y - touch.lastY
        var dragging: Double? = nil
        if case .dragging(_, let amount, _) = state { dragging = amount }
        if case .pressing(let start, _) = touch.classifier.state {
            guard touch.classifier.move(to: p) else { setTouch(touch, content: content); return }
            let d = p - start
            dy = d.y - d.y * touch.classifier.slop / max(d.length, touch.classifier.slop)
            // Down at the top pulls the card; anything else scrolls its content.
            // The direction is the whole movement's (the remainder past the slop may be 0).
            if !touch.scrolling && d.y > 0 && content.offset(at: t) <= 0 && phase == .expanded {
                dragging = pull.value(at: t)
                touch.lateralOrigin = lateral.value(at: t)
                // Caught mid-spring-back, it keeps shrinking about the point it had.
                if style == .zoom, pull.settled(at: t) == .resting(0), open.lateral.settled(at: t) == .resting(0) {
                    open.anchor = Point(touch.start.x, touch.start.y)
                }
            } else if !touch.scrolling {
                content.beginDrag(at: t)
                touch.scrolling = true
            }
        }
        touch.lastY = p.y
        if let before = dragging {
            let next = max(0, before + dy)
            if next == 0 && dy < 0 {
                // Pushed back up past the start: the rest scrolls the content.
                content.beginDrag(at: t)
                touch.scrolling = true
                content.drag(by: -(before + dy), at: t)
                open.content = content
                if open.lateral != .resting(0) { open.lateral = open.lateral.animated(to: 0, with: MotionConstants.cardPullBackSpring, at: t) }
                state = .expanded(open, pull: .resting(0), touch: touch)
            } else {
                open.content = content
                if style == .zoom {
                    // The zoom follows the finger in both axes, shrinking about where it went down.
                    open.lateral = .resting(touch.lateralOrigin + p.x - touch.start.x)
                }
                state = .dragging(open, pull: next, touch: touch)
            }
            return
        } else if touch.scrolling {
            content.drag(by: -dy, at: t)
        }
        setTouch(touch, content: content)
    }

    /// Writes the finger and the scroll back into an expanding or expanded state.
    private mutating func setTouch(_ touch: Touch?, content: ScrollModel) {
        switch state {
        case .expanding(var open, let progress, let pull, _):
            open.content = content
            state = .expanding(open, progress: progress, pull: pull, touch: touch)
        case .expanded(var open, let pull, _):
            open.content = content
            state = .expanded(open, pull: pull, touch: touch)
        case .dragging(var open, let pull, let old):
            open.content = content
            state = .dragging(open, pull: pull, touch: touch ?? old)
        default: break
        }
    }

    /// Where the release of a card pulled down `amount` pt at `v` pt/s (down positive) goes,
    /// and the pull it projects to: past the collapse threshold, or projected past it, the
    /// card collapses into its slot; otherwise it stays expanded. The decision map of `fling
    /// report` samples this, so its boundary is the one the card decides by.
    public static func releaseDecision(pull amount: Double, velocity v: Double, tuning: Tuning) -> (projected: Double, decision: GestureMetric.Decision) {
        let projected = amount + Projection.distance(velocity: max(0, v), decelerationRate: tuning.projectionRate)
        let limit = MotionConstants.cardCollapseThreshold
        let n = RuleNumber.text
        if amount > limit {
            return (projected, .init(outcome: GestureOutcome.collapsed, rule: "pull \(n(amount, 1)) pt > \(n(limit, 1)) pt", margin: amount - limit))
        }
        if projected > limit {
            return (projected, .init(outcome: GestureOutcome.collapsed, rule: "projected pull \(n(projected, 1)) pt > \(n(limit, 1)) pt",
                                     margin: projected - limit))
        }
        return (projected, .init(outcome: GestureOutcome.expanded, rule: "projected pull \(n(projected, 1)) pt ≤ \(n(limit, 1)) pt",
                                 margin: limit - projected))
    }

    /// The card's rules under `tuning`, as the metrics name them: "card", or with the tuning
    /// keys the card reads when they are not the standard ones ("card+projection=0.99").
    /// The zoom style is "card-zoom": a study's report keeps the two styles' releases apart.
    public static func policyName(_ tuning: Tuning, style: CardStyle = .expand) -> String {
        let keys = Tuning.keys.filter { Tuning.cardKeys.contains($0.name) && tuning[$0] != Tuning.standard[$0] }
        return ([style == .zoom ? "card-zoom" : "card"] + keys.map { "\($0.name)=\(tuning[$0].exactText)" }).joined(separator: "+")
    }

    /// Release (or cancel, ignoring velocity). Returns true if the press was a tap.
    @discardableResult
    public mutating func releaseExpanded(at p: Point, time t: Double, cancelled: Bool = false) -> Bool {
        guard var touch, touch.classifier.state != .idle else { return false }
        let wasTap = touch.classifier.release() && !cancelled
        let velocity = touch.tracker.releaseVelocity(at: t)
        let v = cancelled ? 0 : velocity.y
        var content = content
        if case .dragging(var open, let amount, _) = state {
            let (projected, rule) = Self.releaseDecision(pull: amount, velocity: v, tuning: tuning)
            defer {
                let decision = GestureDecision(
                    target: "card", policy: Self.policyName(tuning, style: style), startDetent: GestureOutcome.expanded,
                    start: touch.start, release: GestureMetric.Sample(t: t, x: p.x, y: p.y),
                    vx: cancelled ? 0 : velocity.x, vy: v,
                    projected: Point(p.x + Projection.distance(velocity: cancelled ? 0 : velocity.x, decelerationRate: tuning.projectionRate), projected),
                    decision: rule)
                // The card's own motion: the progress spring home (in pt over the collapse
                // distance) or the pull's spring back.
                let settle: (time: Double, overshoot: Double)?
                switch state {
                case .collapsing(_, let progress, _, _):
                    let s = GestureDecision.settling(progress, from: t)
                    settle = (s.time, s.overshoot * collapseDistance)
                case .expanded(_, let pull, _):
                    settle = GestureDecision.settling(pull, from: t)
                default: settle = nil
                }
                decisions.record(decision, settle: settle)
            }
            if rule.outcome == GestureOutcome.collapsed {
                // The spring starts at the finger's speed: pt/s over the distance the card
                // travels to its slot, in progress units (collapse is toward 0).
                let dpdt = -max(0, v) / max(1, collapseDistance)
                let progress = AnimatedValue.spring(Spring(parameters: tuning.cardSpring, from: 1, to: 0,
                                                           velocity: dpdt, startTime: t,
                                                           restDistance: MotionConstants.unitRestDistance, restVelocity: MotionConstants.unitRestVelocity))
                open.content = frozenContent(at: t)
                // The pull (and the zoom's sideways follow) is held as it was let go; the
                // progress blends it out on the way home.
                open.lateral = .resting(open.lateral.value(at: t))
                state = .collapsing(open, progress: progress, pull: .resting(amount), held: nil)
            } else {
                // The spring starts at the finger's speed (the pull's own rate: down is more pull).
                let pull = AnimatedValue.spring(Spring(parameters: MotionConstants.cardPullBackSpring, from: amount, to: 0, velocity: v, startTime: t))
                let dx = open.lateral.value(at: t)
                if dx != 0 {
                    open.lateral = .spring(Spring(parameters: MotionConstants.cardPullBackSpring, from: dx, to: 0,
                                                  velocity: cancelled ? 0 : velocity.x, startTime: t))
                }
                state = .expanded(open, pull: pull, touch: nil)
            }
            return wasTap
        }
        if touch.scrolling { content.endDrag(velocity: -v, at: t) }
        setTouch(nil, content: content)
        return wasTap
    }

    // MARK: Time

    public mutating func advance(to t: Double) -> Bool {
        var outgoing = outgoing
        if let o = outgoing, !o.progress.settled(at: t).isAnimating { outgoing = nil }
        var content = content
        let contentMoving = content.advance(to: t)
        // The open card's scroll stepped and the card flying home gone once it is home.
        func advanced(_ open: Open) -> Open {
            Open(card: open.card, content: content, outgoing: outgoing, lateral: open.lateral.settled(at: t), anchor: open.anchor)
        }
        switch state {
        case .collapsed: break
        case .pressed(var h):
            h.scale = h.scale.settled(at: t)
            state = .pressed(h)
        case let .expanding(open, progress, pull, touch):
            let progress = progress.settled(at: t), pull = pull.settled(at: t)
            state = progress.isAnimating
                ? .expanding(advanced(open), progress: progress, pull: pull, touch: touch)
                : .expanded(advanced(open), pull: pull, touch: touch)
        case let .expanded(open, pull, touch):
            let settled = pull.settled(at: t)
            if pull.isAnimating && !settled.isAnimating { publishSettle() }
            state = .expanded(advanced(open), pull: settled, touch: touch)
        case let .dragging(open, pull, touch):
            state = .dragging(advanced(open), pull: pull, touch: touch)
        case let .collapsing(open, progress, pull, held):
            let progress = progress.settled(at: t)
            let held = held.map { Held(card: $0.card, scale: $0.scale.settled(at: t)) }
            if progress.isAnimating {
                state = .collapsing(advanced(open), progress: progress, pull: pull.settled(at: t), held: held)
            } else {
                // Home: a card held meanwhile stays held (it is a press in the list now).
                state = held.map { .pressed($0) } ?? .collapsed
                publishSettle()
            }
        }
        return isAnimating(at: t) || contentMoving
    }

    private mutating func publishSettle() { decisions.publishSettle() }

    /// The expanded card's scroll viewport and content length.
    public mutating func resizeContent(viewport: Double, content length: Double, at t: Double) {
        if viewport != content.viewportLength || length != content.contentLength {
            content.resize(viewport: viewport, content: length, at: t)
        }
    }
}
