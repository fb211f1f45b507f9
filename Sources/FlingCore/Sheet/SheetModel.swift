/// A bottom sheet as a value: its phase, its content's scroll, and pure transitions driven by
/// pointer input, keys and time. The app draws it; tests drive it directly.
///
/// One drag can hand off between the content and the sheet (the fluid policy): pulling down
/// scrolls the content to its top first and then moves the sheet; pushing up moves the sheet
/// to its highest detent first and then scrolls the content.
public struct SheetModel: Sendable, Equatable {
    public enum Phase: Equatable, Sendable {
        case hidden
        case presenting(AnimatedValue, target: SheetDetent)
        case resting(SheetDetent)
        case dragging(Drag)
        case settling(AnimatedValue, target: SheetDetent)
        /// `until`: the policy's completion time, when it fixes one.
        case dismissing(AnimatedValue, until: Double?)

        public var name: String {
            switch self {
            case .hidden: "hidden"
            case .presenting: "presenting"
            case .resting: "resting"
            case .dragging: "dragging"
            case .settling: "settling"
            case .dismissing: "dismissing"
            }
        }
    }

    /// A drag in progress.
    public struct Drag: Equatable, Sendable {
        /// The detent the sheet rested at or was heading to when grabbed.
        public var startDetent: SheetDetent
        public var startTop: Double
        /// The sheet's unconstrained position (before clamping or rubber band).
        public var rawTop: Double
        /// Whether the press began on the scrollable content (else on the handle area).
        public var onContent: Bool
        /// Seed 000's pull-to-half fired: the rest of this drag is ignored.
        public var consumed: Bool
        /// Where the sheet was heading when a press caught it mid-flight (nil: it was at rest).
        /// A press that never becomes a drag lets it carry on there.
        public var caughtHeading: SheetDetent? = nil
        /// The finger's vertical travel inside the touch slop before the sheet began to follow
        /// (pt, signed), when the content was at its top: seed 000's 120 pt pull counts it.
        public var slopTravel: Double = 0
    }

    public private(set) var phase: Phase = .hidden {
        // Reduce Motion: every animation the policies plan is rewritten as it is set.
        didSet { if reduceMotion { phase = Self.reducingMotion(phase) } }
    }

    /// Reduce Motion: the sheet appears and goes by fading where it rests, and
    /// moves between detents with a short ease instead of a spring. The finger still moves it.
    public var reduceMotion = false

    /// A phase with Reduce Motion's animations (a phase already rewritten is kept).
    static func reducingMotion(_ phase: Phase) -> Phase {
        switch phase {
        case let .presenting(a, target) where !ReducedMotion.isFade(a):
            return .presenting(ReducedMotion.fade(holding: a.target, from: a.startTime ?? 0), target: target)
        case let .dismissing(a, _) where !ReducedMotion.isFade(a):
            let start = a.startTime ?? 0
            return .dismissing(ReducedMotion.fade(holding: a.value(at: start), from: start), until: nil)
        case let .settling(a, target):
            return .settling(ReducedMotion.move(a), target: target)
        default:
            return phase
        }
    }

    /// How opaque the sheet and its dim are drawn: 1, except while Reduce Motion fades it in
    /// as it appears or out as it goes.
    public func opacity(at time: Double) -> Double {
        guard reduceMotion else { return 1 }
        switch phase {
        case .presenting(let a, _): return ReducedMotion.fadeFraction(a, at: time)
        case .dismissing(let a, _): return 1 - ReducedMotion.fadeFraction(a, at: time)
        default: return 1
        }
    }
    /// The policy, carrying the numbers it, the sheet's scroll and its slop use (tunable live).
    public var policy: any SheetPolicy { policyValue.base }
    public var tuning: Tuning { policy.tuning }
    private var policyValue: PolicyValue
    /// A tuning given during a gesture: it applies when that gesture ends.
    private var pendingTuning: Tuning?
    /// Window height in pt.
    public private(set) var height: Double
    /// The content below the handle area; its viewport is the visible part of the sheet.
    public var content: ScrollModel
    public var contentLength: Double = 0 {
        didSet { if contentLength != oldValue { contentChanged() } }
    }

    /// A content-sized detent follows its content: the policy learns the new height, and a
    /// sheet resting there moves to it with the sheet's spring (a description that grows),
    /// never a jump.
    private mutating func contentChanged() {
        var base = policyValue.base
        guard base.detentSet?.contains(.content) == true else { return }
        let t = settledTime
        let before = top(at: t), v = velocity(at: t)
        base.contentHeight = SheetConstants.handleAreaHeight + contentLength
        policyValue.base = base
        let content = SheetDetentSpec.content.detent
        let after = policy.top(of: content, height: height)
        switch phase {
        case .resting(content) where abs(after - before) > 1e-9:
            phase = .settling(.spring(Spring(parameters: tuning.sheetSpring, from: before, to: after, velocity: 0, startTime: t)), target: content)
        case .presenting(let a, content), .settling(let a, content):
            // On its way there: it goes on, from where it is at its speed, to the new height.
            phase = .settling(retarget(a, from: before, velocity: v, to: after, at: t), target: content)
        default: break
        }
    }
    /// When the content last changed or the sheet last advanced: what a change of content
    /// moves from (an idle window advances rarely: an input's time is given with it).
    private var settledTime = 0.0

    /// The content's new length at `time` (another restaurant, a wider window): a
    /// content-sized sheet moves to it from where it is then.
    public mutating func setContentLength(_ length: Double, at time: Double) {
        settledTime = max(settledTime, time)
        contentLength = length
    }
    /// Whether the page behind takes touches, and up to which detent it stays undimmed.
    public var backgroundInteraction = SheetBackgroundInteraction.disabled
    /// SwiftUI's `interactiveDismissDisabled` (UIKit's `isModalInPresentation`): a pull past
    /// the lowest detent rubber-bands and springs back; a tap on the dim does nothing. Only
    /// `dismiss(at:)` (Esc, Close) closes it.
    public var interactiveDismissDisabled = false

    /// The top at or below which the page behind is undimmed and takes touches (nil: never).
    private var undimmedTop: Double? {
        switch backgroundInteraction {
        case .disabled: return nil
        case .enabled: return policy.topmost(height: height)
        case .enabledUpThrough(let d): return policy.top(of: d, height: height)
        }
    }

    /// A press outside the sheet goes to the page behind: it is up, not going, and at or
    /// below the undimmed detent.
    public func passesTouchesThrough(at time: Double) -> Bool {
        guard isVisible, let limit = undimmedTop else { return false }
        if isDismissing { return true }
        // Where it rests or is heading (a fling up from a small detent takes the page behind
        // at once, under the dim fading in), and where it is now.
        let heading = detent.map { policy.top(of: $0, height: height) } ?? top(at: time)
        return heading >= limit - 0.5 && top(at: time) >= limit - 0.5
    }

    /// The last release decision (for `--metrics`), and how many there have been: a consumer that
    /// remembers the count can tell a new one. Its settle time and overshoot are filled in
    /// when the motion that followed comes to rest.
    public var lastDecision: GestureDecision? { decisions.last }
    public var decisionCount: Int { decisions.count }
    private var decisions = DecisionLog()

    /// The finger of the press in progress (SheetDragTrack).
    private var finger = SheetDragTrack()

    public init(policy: SheetPolicyKind, height: Double, tuning: Tuning = .standard,
                detents: [SheetDetentSpec] = SheetDetentSpec.standard) {
        self.policyValue = PolicyValue(base: policy.policy(tuning: tuning, detents: detents))
        self.height = height
        content = ScrollModel(tuning: tuning)
        finger.classifier = TapClassifier(slop: tuning.touchSlop)
    }

    /// The policy with the tuning it carries.
    public init(policy: any SheetPolicy, height: Double) {
        self.init(policy: policy.kind, height: height, tuning: policy.tuning, detents: policy.detentSet ?? SheetDetentSpec.standard)
    }

    /// Changes the tuning from the next gesture on (one in progress finishes with the old).
    public mutating func apply(_ tuning: Tuning) {
        if finger.classifier.state == .idle { adopt(tuning) } else { pendingTuning = tuning }
    }

    private mutating func adopt(_ t: Tuning) {
        policyValue.base.tuning = t
        pendingTuning = nil
        content.apply(t)
    }

    private mutating func adoptPendingTuning() {
        if let t = pendingTuning { adopt(t) }
    }

    // MARK: Derived state

    public var isVisible: Bool { phase != .hidden }

    public func top(at time: Double) -> Double {
        switch phase {
        case .hidden: height
        case .presenting(let a, _), .settling(let a, _), .dismissing(let a, _): a.value(at: time)
        case .resting(let d): policy.top(of: d, height: height)
        case .dragging(let d): shownTop(raw: d.rawTop)
        }
    }

    /// The top for a drag's raw position. However far off the window the finger goes, the
    /// sheet stays within one window height above its top detent and never below the bottom
    /// edge (hidden), so whatever follows starts from a sane place.
    private func shownTop(raw: Double) -> Double {
        let top = policy.draggedTop(raw: raw, height: height)
        if interactiveDismissDisabled {
            // Below the lowest detent it resists as above the highest (UIKit's refused dismissal).
            let lowest = policy.lowest(height: height).1
            if top > lowest {
                return onScreen(lowest + RubberBand.offset(overshoot: top - lowest, dimension: height, coefficient: tuning.rubberBand))
            }
        }
        return onScreen(top)
    }

    /// `top` limited to one window height above the top detent … the bottom edge.
    private func onScreen(_ top: Double) -> Double {
        min(height, max(policy.topmost(height: height) - height, top))
    }

    /// The velocity an animation hands on when something interrupts it (Esc, a key, a tap on
    /// the dim): capped like a release velocity, so a fast settle from far away cannot start a
    /// dismissal that lasts a minute.
    private func handoffVelocity(at time: Double) -> Double {
        let cap = MotionConstants.maximumReleaseVelocity
        return max(-cap, min(cap, velocity(at: time)))
    }

    /// The sheet's velocity in pt/s, positive downward (0 while dragged or resting).
    public func velocity(at time: Double) -> Double {
        switch phase {
        case .presenting(let a, _), .settling(let a, _), .dismissing(let a, _): a.velocity(at: time)
        default: 0
        }
    }

    /// The detent it rests at or is heading to; nil when hidden or dismissing.
    public var detent: SheetDetent? {
        switch phase {
        case .hidden, .dismissing: nil
        case .presenting(_, let t), .settling(_, let t): t == .dismissed ? nil : t
        case .resting(let d): d
        case .dragging(let d): d.startDetent
        }
    }

    /// The dim's opacity: 50 % at the lowest detent and above, fading with the sheet below it.
    public func dim(at time: Double) -> Double {
        guard isVisible else { return 0 }
        // Full at every detent: measured from the detent lowest on screen, which in a window
        // under ~100 pt is full (50 pt from the top), not half (the fuzzer found the
        // dim at 0.375 or 0 at rest there). (No floor of 1 pt on the span: in a window under
        // 2 pt tall that left the dim short.)
        // (Its two detents asked directly: `detents` builds a list, and this runs every frame.)
        let top = top(at: time)
        if let limit = undimmedTop {
            // Undimmed at or below the detent; above it the dim fades in up to the next one
            // (found without building the list: this runs every frame of a drag).
            guard top < limit, let next = policy.nextTop(above: limit, height: height) else { return 0 }
            return SheetConstants.dimOpacity * max(0, min(1, (limit - top) / (limit - next)))
        }
        let lowestTop = max(policy.topmost(height: height), policy.lowest(height: height).1)
        let span = height - lowestTop
        let progress = span > 0 ? (height - top) / span : (top <= lowestTop + 1e-9 ? 1 : 0)
        return SheetConstants.dimOpacity * max(0, min(1, progress))
    }

    public func isAnimating(at time: Double) -> Bool {
        switch phase {
        case .presenting, .settling, .dismissing: true
        case .dragging: false
        case .resting, .hidden: content.isMoving(at: time)
        }
    }

    // MARK: Transitions

    /// Slides the sheet in from the bottom edge to the policy's first detent.
    public mutating func present(at time: Double) {
        let first = policy.initialDetent(height: height)
        let target = policy.top(of: first, height: height)
        content = ScrollModel(viewport: max(0, height - target - SheetConstants.handleAreaHeight), content: contentLength, tuning: tuning)
        phase = .presenting(policy.presentation(from: height, to: target, at: time), target: first)
    }

    /// Other content in the sheet where it is (a tap on another row behind it, as Maps does):
    /// its scroll starts at the top.
    public mutating func replaceContent(length: Double, at time: Double) {
        setContentLength(length, at: time)
        content = ScrollModel(viewport: content.viewportLength, content: length, tuning: tuning)
    }

    /// Closes with the policy's own dismissal (Esc, a tap on the dim).
    public mutating func dismiss(at time: Double) {
        guard isVisible, !isDismissing else { return }
        let release = SheetRelease(startDetent: detent ?? policy.initialDetent(height: height), startTop: top(at: time),
                                   top: top(at: time), velocity: handoffVelocity(at: time), height: height)
        finger.classifier.cancel()
        adoptPendingTuning()
        startDismissal(release, at: time)
    }

    private mutating func startDismissal(_ release: SheetRelease, at time: Double) {
        decisions.forgetSettle()
        phase = .dismissing(policy.settle(release, to: .dismissed, at: time), until: policy.dismissalEnd(release, at: time))
    }

    /// Records a release decision and plans its settle figures from the motion just started.
    private mutating func record(_ r: SheetRelease, _ d: SheetDecision, at p: Point, time: Double, vx: Double) {
        let projected = Point(p.x + Projection.distance(velocity: vx, decelerationRate: tuning.projectionRate), policy.projectedTop(r))
        let decision = GestureDecision(
            target: "sheet", policy: policy.metricsName, startDetent: r.startDetent.rawValue,
            start: GestureMetric.Sample(t: finger.pressTime, x: finger.pressPoint.x, y: finger.pressPoint.y),
            release: GestureMetric.Sample(t: time, x: p.x, y: p.y), vx: vx, vy: r.velocity, projected: projected,
            decision: GestureMetric.Decision(outcome: GestureOutcome.sheet(d.target), rule: d.rule, margin: d.margin))
        let settle: (time: Double, overshoot: Double)?
        switch phase {
        case .settling(let a, _), .dismissing(let a, nil): settle = GestureDecision.settling(a, from: time)
        case .dismissing(let a, let until?): settle = GestureDecision.settling(a, from: time, until: until)
        default: settle = nil
        }
        decisions.record(decision, settle: settle)
    }

    /// The motion after the last decision came to rest: its figures join the record.
    private mutating func publishSettle() { decisions.publishSettle() }

    public var isDismissing: Bool { if case .dismissing = phase { return true } else { return false } }
    public var isPresenting: Bool { if case .presenting = phase { return true } else { return false } }

    /// Moves to a neighbouring detent (keyboard).
    public mutating func step(up: Bool, at time: Double) {
        guard let current = detent, !isDragging, let next = policy.neighbour(of: current, up: up, height: height) else { return }
        let t = top(at: time)
        let release = SheetRelease(startDetent: current, startTop: t, top: t, velocity: handoffVelocity(at: time), height: height)
        decisions.forgetSettle()
        phase = .settling(policy.settle(release, to: next, at: time), target: next)
    }

    /// Straight to `target`, animated as a step is (a study's start at the highest detent).
    public mutating func settle(to target: SheetDetent, at time: Double) {
        guard let current = detent, !isDragging, current != target else { return }
        let t = top(at: time)
        let release = SheetRelease(startDetent: current, startTop: t, top: t, velocity: handoffVelocity(at: time), height: height)
        decisions.forgetSettle()
        phase = .settling(policy.settle(release, to: target, at: time), target: target)
    }

    public var isDragging: Bool { if case .dragging = phase { return true } else { return false } }

    /// Ends animations that finished; returns true while anything moves.
    public mutating func advance(to time: Double) -> Bool {
        settledTime = max(settledTime, time)
        switch phase {
        case .presenting(let a, let target), .settling(let a, let target):
            if !a.settled(at: time).isAnimating {
                phase = target == .dismissed ? .hidden : .resting(target)
                publishSettle()
            }
        case .dismissing(let a, let until):
            // Destroyed, not hidden: the content goes with it.
            if !a.settled(at: time).isAnimating && time >= (until ?? time) {
                phase = .hidden; content = ScrollModel(tuning: tuning); contentLength = 0
                publishSettle()
            }
        default: break
        }
        syncViewport(at: time)
        var c = content
        let contentMoving = c.advance(to: time)
        content = c
        return isAnimating(at: time) || contentMoving
    }

    /// The window changed size: detents move with it, animations retarget without a jump.
    public mutating func resize(height newHeight: Double, at time: Double) {
        guard newHeight != height else { return }
        decisions.forgetSettle()
        let v = velocity(at: time)
        let old = top(at: time)
        height = newHeight
        // Where it is, unless the window shrank past it: then from the new window's edge
        // (it was off screen, so nothing visibly jumps).
        let current = onScreen(old)
        switch phase {
        case .presenting(let a, let target), .settling(let a, let target):
            phase = .settling(retarget(a, from: current, velocity: v, to: policy.top(of: target, height: height), at: time), target: target)
            _ = a
        case .dismissing(let a, let until):
            phase = .dismissing(retarget(a, from: current, velocity: v, to: height, at: time), until: until)
        case .dragging(var d):
            // Keep the finger's grip: the drag continues from the same top. Inside the rubber
            // band the shown top is banded: un-band it against the new height.
            let limit = policy.topmost(height: height), lowest = policy.lowest(height: height).1
            if current < limit && policy.draggedTop(raw: limit - 1, height: height) != limit - 1 {
                d.rawTop = limit - RubberBand.overshoot(forOffset: limit - current, dimension: height, coefficient: tuning.rubberBand)
            } else if interactiveDismissDisabled, current > lowest {
                // (The refused dismissal's band below the lowest detent, likewise.)
                d.rawTop = lowest + RubberBand.overshoot(forOffset: current - lowest, dimension: height, coefficient: tuning.rubberBand)
            } else {
                d.rawTop = current
            }
            phase = .dragging(d)
        default: break
        }
        syncViewport(at: time)
    }

    private func retarget(_ a: AnimatedValue, from current: Double, velocity v: Double, to newTarget: Double, at time: Double) -> AnimatedValue {
        switch a {
        case .spring(let s) where s.value(at: time) == current: return .spring(s.retargeted(to: newTarget, at: time))
        case .spring(let s):
            // Brought back on screen: the same spring from there, at a capped velocity.
            let cap = MotionConstants.maximumReleaseVelocity
            return .spring(Spring(parameters: s.parameters, from: current, to: newTarget, velocity: max(-cap, min(cap, v)),
                                  startTime: time, restDistance: s.restDistance, restVelocity: s.restVelocity))
        case .timed(let t):
            let remaining = max(0.05, t.startTime + t.duration - time)
            return .timed(TimedAnimation(from: current, to: newTarget, startTime: time, duration: remaining, curve: t.curve))
        case .resting: return .resting(newTarget)
        }
    }

    /// The content's viewport is the visible part of the sheet below the handle area, so its
    /// end can be reached in every detent (and the two-stage content tracks the drag).
    private mutating func syncViewport(at time: Double) {
        guard isVisible else { return }
        let viewport = max(0, height - max(top(at: time), policy.topmost(height: height)) - SheetConstants.handleAreaHeight)
        if viewport != content.viewportLength || contentLength != content.contentLength {
            content.resize(viewport: viewport, content: contentLength, at: time)
        }
    }

    // MARK: Pointer

    /// A press on the sheet (`onContent`: below the handle area). Returns true if the sheet
    /// takes the pointer. A press on a moving sheet grabs it where it is.
    public mutating func press(at p: Point, onContent: Bool, time: Double) {
        finger.press(at: p, time: time, slop: tuning.touchSlop, onContent: onContent)
        switch phase {
        case .presenting(_, let target), .settling(_, let target):
            decisions.forgetSettle()
            let t = top(at: time)
            let start = target == .dismissed ? policy.lowest(height: height).0 : target
            phase = .dragging(Drag(startDetent: start, startTop: t, rawTop: t, onContent: onContent, consumed: false,
                                   caughtHeading: target))
        default:
            if content.isMoving(at: time) {
                // A touch on moving content stops it, as in any scroll view.
                content.beginDrag(at: time)
                finger.contentDragging = true
            }
        }
    }

    public mutating func move(to p: Point, time: Double) {
        guard finger.classifier.state != .idle else { return }
        finger.tracker.addMove(time: time, position: p)
        var dy = p.y - finger.lastY
        if case .pressing(let start, _) = finger.classifier.state {
            guard finger.classifier.move(to: p) else {
                // Within the slop: a grabbed sheet already follows; otherwise wait.
                if case .dragging = phase { finger.lastX = p.x; applyDrag(dy, time: time); finger.lastY = p.y }
                return
            }
            if !isDragging {
                guard case .resting(let d) = phase else { return }
                let t = top(at: time)
                // Start 1:1 from the slop circle (no jump, nothing lost).
                let delta = p - start
                dy = delta.y - delta.y * finger.classifier.slop / max(delta.length, finger.classifier.slop)
                phase = .dragging(Drag(startDetent: d, startTop: t, rawTop: t, onContent: finger.pressOnContent, consumed: false,
                                       slopTravel: content.offset(at: time) <= 0 ? delta.y - dy : 0))
            }
        }
        finger.lastY = p.y
        finger.lastX = p.x
        applyDrag(dy, time: time)
    }

    /// Distributes a finger movement `dy` (positive down) between the content and the sheet.
    private mutating func applyDrag(_ dyIn: Double, time: Double) {
        guard case .dragging(var d) = phase, !d.consumed else { return }
        var dy = dyIn
        let scrollsContent = d.onContent && policy.contentScrolls(in: d.startDetent, height: height)
        let topmost = policy.topmost(height: height)
        if scrollsContent {
            if dy > 0 {
                // Pulling down: the content returns to its top first (only while the sheet is
                // at or above where it started), then the sheet follows.
                let offset = content.offset(at: time)
                if offset > 0 && d.rawTop <= d.startTop + 0.001 {
                    let used = min(dy, offset)
                    beginContentDrag(time)
                    content.drag(by: -used, at: time)
                    dy -= used
                }
                d.rawTop += dy
            } else if dy < 0 {
                // Pushing up: the sheet rises to its highest detent first, then the content scrolls.
                let room = max(0, d.rawTop - topmost)
                let used = max(dy, -room)
                d.rawTop += used
                dy -= used
                if dy < 0 {
                    beginContentDrag(time)
                    content.drag(by: -dy, at: time)
                }
            }
        } else {
            d.rawTop += dy
        }
        // Seed 000: pulled far enough below full with the content at its top → back to half.
        // Only a pull that began at rest at full counts, measured from where it began.
        // (On a chosen set: at the highest detent, one down.)
        // (The set is resolved only once the pull is that far, not on every move of a drag.)
        if let pull = policy.pullToHalfDistance, d.caughtHeading == nil, d.onContent,
           d.rawTop - max(topmost, d.startTop) + d.slopTravel > pull,
           case let resting = policy.detents(height: height), resting.count > 1, d.startDetent == resting[0].0,
           policy.contentScrolls(in: d.startDetent, height: height) {
            let highest = resting[0].0, next = resting[1].0
            d.consumed = true
            let t = shownTop(raw: d.rawTop)
            let release = SheetRelease(startDetent: highest, startTop: d.startTop, top: t, velocity: 0, height: height)
            endContentDrag(velocity: 0, time: time)
            phase = .settling(policy.settle(release, to: next, at: time), target: next)
            // Decided mid-drag, not at a release: the record's release is this moment.
            let v = finger.tracker.releaseVelocity(at: time)
            let pulled = d.rawTop - max(topmost, d.startTop) + d.slopTravel
            let n = RuleNumber.text
            record(SheetRelease(startDetent: highest, startTop: d.startTop, top: t, velocity: v.y, height: height),
                   SheetDecision(target: next, rule: "pull \(n(pulled, 1)) pt > \(n(pull, 1)) pt at \(highest.rawValue)", margin: pulled - pull),
                   at: Point(finger.lastX, finger.lastY), time: time, vx: v.x)
            return
        }
        phase = .dragging(d)
    }

    private mutating func beginContentDrag(_ time: Double) {
        if !finger.contentDragging { content.beginDrag(at: time); finger.contentDragging = true }
    }

    private mutating func endContentDrag(velocity: Double, time: Double) {
        if finger.contentDragging { content.endDrag(velocity: velocity, at: time); finger.contentDragging = false }
    }

    /// The finger lifted (or the gesture was cancelled: `cancelled` ignores its velocity).
    /// Returns true if the press was a tap (no drag).
    @discardableResult
    public mutating func release(at p: Point, time: Double, cancelled: Bool = false) -> Bool {
        guard finger.classifier.state != .idle else { return false }
        defer { adoptPendingTuning() }
        let wasTap = finger.classifier.release() && !cancelled
        let velocity = finger.tracker.releaseVelocity(at: time)
        let v = cancelled ? 0 : velocity.y
        let vxAtRelease = velocity.x
        // A cancel carries no position of its own: the finger was last where it moved.
        let p = cancelled ? Point(finger.lastX, finger.lastY) : p
        guard case .dragging(let d) = phase else {
            endContentDrag(velocity: 0, time: time)
            return wasTap
        }
        if d.consumed { return false }
        let t = top(at: time)
        if wasTap, let heading = d.caughtHeading {
            // A tap on a moving sheet only stops it for a moment: it carries on where it was going.
            endContentDrag(velocity: 0, time: time)
            let release = SheetRelease(startDetent: d.startDetent, startTop: d.startTop, top: t, velocity: 0, height: height)
            if heading == .dismissed { startDismissal(release, at: time) } else {
                phase = .settling(policy.settle(release, to: heading, at: time), target: heading)
            }
            return false
        }
        let sheetMoved = abs(t - policy.top(of: d.startDetent, height: height)) > 0.5
        if finger.contentDragging && !sheetMoved {
            // The content was scrolled: it gets the fling; the sheet stays.
            endContentDrag(velocity: -v, time: time)
            phase = .resting(d.startDetent)
            return false
        }
        endContentDrag(velocity: 0, time: time)
        let release = SheetRelease(startDetent: d.startDetent, startTop: d.startTop, top: t, velocity: v, height: height,
                                   fingerTranslation: d.caughtHeading == nil ? p.y - finger.pressPoint.y : nil)
        var decision = policy.decision(for: release)
        if interactiveDismissDisabled, decision.target == .dismissed {
            // Refused: back to the lowest detent, said as the rule that sent it there.
            let lowest = policy.lowest(height: height).0
            decision = SheetDecision(target: lowest, rule: "dismissal disabled: back to \(lowest.rawValue)", margin: 0)
        }
        let target = decision.target
        if target == .dismissed {
            startDismissal(release, at: time)
        } else {
            phase = .settling(policy.settle(release, to: target, at: time), target: target)
        }
        record(release, decision, at: p, time: time, vx: cancelled ? 0 : vxAtRelease)
        return false
    }

    /// Wheel / touchpad scrolling of the content. Below the top detent the wheel follows the
    /// policy, as a drag on the content does: seed 000 (tutorial) scrolls nothing at half;
    /// fluid first takes the sheet up to full, as iOS does with a scroll in a medium detent.
    public mutating func scrollContent(by delta: Double, at time: Double) {
        guard isVisible, !isDismissing else { return }
        if let d = detent, !isDragging, policy.neighbour(of: d, up: true, height: height) != nil {
            switch policy.kind {
            case .tutorial:
                return
            case .fluid:
                if delta > 0 { step(up: true, at: time) }
                return
            case .twoStage:
                break   // seed 001's list scrolls in every detent
            }
        }
        syncViewport(at: time)
        content.scroll(by: delta, at: time)
    }
}
