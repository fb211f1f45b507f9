/// A vertical scroll view driven by one pointer: tells taps from drags, tracks velocity, and
/// feeds `ScrollModel`. A press on moving content stops it (and does not count as a tap),
/// as UIScrollView does.
public struct ScrollInteraction: Sendable {
    public var model: ScrollModel
    public private(set) var classifier = TapClassifier()
    private var tracker = VelocityTracker()
    private var lastY = 0.0
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
                let v = isDragging ? tracker.releaseVelocity(at: e.time).y : 0
                model.endDrag(velocity: -v, at: e.time)
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

}
