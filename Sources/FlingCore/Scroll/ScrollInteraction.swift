/// A vertical scroll view driven by one pointer: tells taps from drags, tracks velocity, and
/// feeds `ScrollModel`. A press on moving content stops it (and does not count as a tap),
/// as UIScrollView does.
public struct ScrollInteraction: Sendable {
    public var model: ScrollModel
    public private(set) var classifier = TapClassifier()
    private var tracker = VelocityTracker()
    private var lastY = 0.0
    private var pressPoint = Point.zero
    private var pressTime = 0.0
    /// The last fling decision (for `--metrics`) and how many there have been. A scroll's motion is
    /// planned in closed form at the release, so its settle time and overshoot are known
    /// then; a press before it rests clears them (the motion was interrupted).
    public private(set) var lastDecision: GestureDecision?
    public private(set) var decisionCount = 0
    private var pressStoppedMotion = false
    public private(set) var isDragging = false

    public enum Outcome: Equatable, Sendable {
        case none
        /// A press began at this point (rows highlight).
        case pressed(Point)
        /// The press became a scroll drag (highlights clear).
        case dragStarted
        /// A press and release within the touch slop.
        case tapped(Point)
        /// A drag ended (or was cancelled); the content now decelerates or settles.
        case released
    }

    /// The model carries the tuning; the slop is read from it at each press.
    public init(model: ScrollModel = ScrollModel()) {
        self.model = model
        classifier = TapClassifier(slop: model.tuning.touchSlop)
    }

    public init(tuning: Tuning) { self.init(model: ScrollModel(tuning: tuning)) }

    public var tuning: Tuning { model.tuning }

    /// Changes the tuning from the next gesture on (one in progress finishes with the old).
    public mutating func apply(_ tuning: Tuning) {
        if classifier.state == .idle { model.apply(tuning) } else { pendingTuning = tuning }
    }

    private var pendingTuning: Tuning?

    private mutating func adoptPendingTuning() {
        if let t = pendingTuning { model.apply(t); pendingTuning = nil }
    }

    public mutating func handle(_ e: PointerEvent) -> Outcome {
        switch e.phase {
        case .began:
            pressStoppedMotion = model.isMoving(at: e.time)
            if pressStoppedMotion { model.beginDrag(at: e.time) }
            tracker.addPress(time: e.time, position: e.location)
            classifier = TapClassifier(slop: model.tuning.touchSlop)
            classifier.press(at: e.location, time: e.time)
            if let d = lastDecision, let settle = d.settleTime, e.time < d.release.t + settle {
                lastDecision?.settleTime = nil
                lastDecision?.overshoot = nil
            }
            pressPoint = e.location
            pressTime = e.time
            lastY = e.location.y
            isDragging = false
            return pressStoppedMotion ? .none : .pressed(e.location)
        case .moved:
            guard classifier.state != .idle else { return .none }
            tracker.addMove(time: e.time, position: e.location)
            if case .pressing(let start, _) = classifier.state, classifier.move(to: e.location) {
                if !pressStoppedMotion { model.beginDrag(at: e.time) }
                isDragging = true
                // Follow 1:1 from where the finger crossed the slop circle: no jump by the
                // slop, and nothing of the move beyond it is lost.
                let d = e.location - start
                let crossing = start + d * (classifier.slop / max(d.length, classifier.slop))
                model.drag(by: crossing.y - e.location.y, at: e.time)
                lastY = e.location.y
                return .dragStarted
            }
            if isDragging {
                model.drag(by: lastY - e.location.y, at: e.time)
                lastY = e.location.y
            }
            return .none
        case .ended:
            guard classifier.state != .idle else { return .none }
            defer { adoptPendingTuning() }
            let wasTap = classifier.release()
            if isDragging || pressStoppedMotion {
                let velocity = isDragging ? tracker.releaseVelocity(at: e.time) : .zero
                let v = velocity.y
                let offset = model.offset(at: e.time)
                model.endDrag(velocity: -v, at: e.time)
                if isDragging { record(release: e, velocity: velocity, offset: offset) }
                isDragging = false
                return .released
            }
            return wasTap ? .tapped(e.location) : .none
        case .cancelled:
            cancel(at: e.time)
            return .released
        }
    }

    /// Ends any gesture in progress without a tap; the content settles.
    public mutating func cancel(at time: Double) {
        if isDragging || pressStoppedMotion { model.endDrag(velocity: 0, at: time) }
        classifier.cancel()
        isDragging = false
        pressStoppedMotion = false
        adoptPendingTuning()
    }

    public func offset(at time: Double) -> Double { model.offset(at: time) }

    /// What the release started, read back from the model's closed-form plan.
    private mutating func record(release e: PointerEvent, velocity: Point, offset: Double) {
        let n = RuleNumber.text
        let t = e.time
        let speed = abs(velocity.y)
        let stop = MotionConstants.decelerationStopVelocity
        var projected = offset
        let decision: GestureMetric.Decision
        var restTime = t
        // A velocity rule's margin in pt, as every rule's: the speed to spare,
        // projected as a release projects.
        func pt(_ speedMargin: Double) -> Double { Projection.distance(velocity: speedMargin, decelerationRate: model.tuning.projectionRate) }
        switch model.state {
        case let .decelerating(dec, bounce):
            projected = dec.finalValue
            restTime = bounce?.restTime ?? dec.endTime
            decision = bounce == nil
                ? .init(outcome: GestureOutcome.fling, rule: "velocity \(n(speed, 0)) pt/s > \(n(stop, 0)) pt/s, stops at offset \(n(projected, 1))", margin: pt(speed - stop))
                : .init(outcome: GestureOutcome.bounce, rule: "projected offset \(n(projected, 1)) past the end \(n(bounce?.spring.target ?? 0, 1))",
                        margin: abs(projected - (bounce?.spring.target ?? 0)))
        case let .bouncing(settling), let .animating(settling):
            projected = settling.spring.target
            restTime = settling.restTime
            decision = .init(outcome: GestureOutcome.bounce, rule: "released \(n(abs(offset - projected), 1)) pt past the end", margin: abs(offset - projected))
        case .idle, .dragging:
            decision = .init(outcome: GestureOutcome.stay, rule: "velocity \(n(speed, 0)) pt/s ≤ \(n(stop, 0)) pt/s", margin: pt(stop - speed))
        }
        // How far past an end the motion goes (sampled at 1 ms over the closed form).
        var past = 0.0
        var s = t
        while s <= restTime {
            let o = model.offset(at: s)
            past = max(past, -o, o - model.maxOffset)
            s += 0.001
        }
        lastDecision = GestureDecision(
            target: "list", policy: "scroll",
            start: GestureMetric.Sample(t: pressTime, x: pressPoint.x, y: pressPoint.y),
            release: GestureMetric.Sample(t: t, x: e.location.x, y: e.location.y), vx: velocity.x, vy: velocity.y,
            projected: Point(e.location.x + Projection.distance(velocity: velocity.x, decelerationRate: model.tuning.projectionRate), projected),
            decision: decision, settleTime: restTime - t, overshoot: past)
        decisionCount += 1
    }

}
