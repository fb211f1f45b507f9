/// Scroll physics for one axis, as a value: drag with rubber band past the ends, fling with
/// exponential deceleration, spring back from an overscroll, wheel steps and programmatic
/// scrolling. Every motion is stored as closed-form segments, so `offset(at:)` is a pure
/// function of time and the result does not depend on the frame rate; `advance(to:)` only
/// moves the phase along. Offsets in pt (0 = top), velocities in pt/s (positive = offset
/// increasing), times in seconds.
public struct ScrollModel: Sendable, Equatable {
    /// The state dump's names for the states.
    public enum Phase: String, Sendable {
        case idle, dragging, decelerating, bouncing, animating
    }

    /// A spring that snaps exactly to its target at a precomputed rest time, so when it ends
    /// does not depend on when frames happen to sample it.
    public struct Settling: Sendable, Equatable {
        public let spring: Spring
        public let restTime: Double

        public init(_ spring: Spring) {
            self.spring = spring
            restTime = spring.startTime + spring.settleTime(maximum: MotionConstants.maximumSettleTime)
        }

        func value(at time: Double) -> Double { time >= restTime ? spring.target : spring.value(at: time) }
        func velocity(at time: Double) -> Double { time >= restTime ? 0 : spring.velocity(at: time) }
    }

    /// What the offset is doing: everything the model knows besides its lengths and tuning.
    public enum State: Sendable, Equatable {
        /// At rest at this offset.
        case idle(Double)
        /// Following the pointer; `raw` is the offset without the rubber band.
        case dragging(raw: Double)
        /// A fling; if it runs past an end, `bounce` (starting at the crossing) takes over.
        case decelerating(Deceleration, bounce: Settling?)
        /// Springing back to an end from an overscroll (or a fling's bounce once it began).
        case bouncing(Settling)
        /// A wheel step or an animated `setOffset`.
        case animating(Settling)
    }

    /// Visible length (pt). Setting it directly does not re-plan a running motion; use `resize`.
    public var viewportLength: Double
    /// Content length (pt). Setting it directly does not re-plan a running motion; use `resize`.
    public var contentLength: Double
    public private(set) var state: State = .idle(0)

    public var phase: Phase {
        switch state {
        case .idle: .idle
        case .dragging: .dragging
        case .decelerating: .decelerating
        case .bouncing: .bouncing
        case .animating: .animating
        }
    }

    /// The rubber band's coefficient and the fling's deceleration rate come from here.
    public private(set) var tuning: Tuning

    public init(viewport: Double = 0, content: Double = 0, tuning: Tuning = .standard, state: State = .idle(0)) {
        viewportLength = Self.length(viewport)
        contentLength = Self.length(content)
        self.tuning = tuning
        self.state = state
    }

    /// Changes the tuning: the next release decelerates at its rate, drags band with its
    /// coefficient (a drag in progress keeps what the finger holds where it is).
    public mutating func apply(_ tuning: Tuning) {
        guard tuning != self.tuning else { return }
        if case .dragging = state {
            let shown = offset(at: 0)
            self.tuning = tuning
            state = .dragging(raw: unbanded(shown))
        } else {
            self.tuning = tuning
        }
    }

    /// The largest resting offset: max(0, content − viewport), pt.
    public var maxOffset: Double {
        MotionMath.finite(Swift.max(0, contentLength - viewportLength), or: 0)
    }

    // MARK: Reading

    /// The offset (pt) at `time`: 0 is the top, negative inside the top rubber band, above
    /// `maxOffset` inside the bottom one.
    public func offset(at time: Double) -> Double {
        switch state {
        case let .idle(offset): return offset
        case let .dragging(raw): return banded(raw)
        case let .decelerating(deceleration, bounce):
            if let bounce, time >= bounce.spring.startTime { return bounce.value(at: time) }
            return deceleration.value(at: time)
        case let .bouncing(settling), let .animating(settling): return settling.value(at: time)
        }
    }

    /// The velocity (pt/s, positive = offset increasing) at `time`; 0 while dragging (the
    /// pointer, not the model, moves the content then).
    public func velocity(at time: Double) -> Double {
        switch state {
        case .idle, .dragging: return 0
        case let .decelerating(deceleration, bounce):
            if let bounce, time >= bounce.spring.startTime { return bounce.velocity(at: time) }
            return deceleration.velocity(at: time)
        case let .bouncing(settling), let .animating(settling): return settling.velocity(at: time)
        }
    }

    /// True while an animated motion (fling, bounce, wheel, animated set) is still running.
    /// A drag is driven by input events, so it does not count.
    public func isMoving(at time: Double) -> Bool {
        switch state {
        case .idle, .dragging: return false
        case let .decelerating(deceleration, bounce): return time < (bounce?.restTime ?? deceleration.endTime)
        case let .bouncing(settling), let .animating(settling): return time < settling.restTime
        }
    }

    // MARK: Dragging

    /// Grabs the content where it is at `time`, mid-flight included, without a jump.
    public mutating func beginDrag(at time: Double) {
        state = .dragging(raw: unbanded(offset(at: time)))
    }

    /// The pointer moved by `delta` pt (positive = finger moved up, offset increases). Past an
    /// end the movement is rubber-banded against the viewport length; the raw offset is kept,
    /// so moving back un-bands consistently. Grabs first if no drag is in progress.
    public mutating func drag(by delta: Double, at time: Double) {
        if phase != .dragging { beginDrag(at: time) }
        guard case let .dragging(raw) = state, delta.isFinite else { return }
        state = .dragging(raw: raw + delta)
    }

    /// Release with the pointer velocity (pt/s, positive = offset increasing). Inside the range
    /// it decelerates (rate 0.998/ms) and bounces off an end it runs past; released inside a
    /// rubber band it springs back to the end, unless the fling carries it back into the range.
    public mutating func endDrag(velocity: Double, at time: Double) {
        let offset = offset(at: time)
        release(from: offset, velocity: MotionMath.finite(velocity, or: 0), at: time)
    }

    // MARK: Wheel and programmatic scrolling

    /// Mouse wheel / touchpad: animates by `delta` pt toward a clamped target with a quick
    /// critically damped spring; successive steps accumulate onto the pending target. Ignored
    /// while dragging.
    public mutating func scroll(by delta: Double, at time: Double) {
        guard phase != .dragging, delta.isFinite else { return }
        let current = offset(at: time)
        if case let .animating(settling) = state {
            let target = clamped(settling.spring.target + delta)
            state = .animating(Settling(Spring(parameters: MotionConstants.wheelSpring, from: current, to: target,
                                               velocity: velocity(at: time), startTime: time)))
            return
        }
        // Any other motion (fling, bounce) is stopped by the wheel, like a touch would.
        let target = clamped(current + delta)
        animate(from: current, to: target, velocity: 0, parameters: MotionConstants.wheelSpring, at: time)
    }

    /// Sets the offset (clamped to 0…maxOffset), jumping or with a spring that starts from the
    /// current offset and velocity.
    public mutating func setOffset(_ offset: Double, animated: Bool, at time: Double) {
        let target = clamped(MotionMath.finite(offset, or: 0))
        guard animated else {
            state = .idle(target)
            return
        }
        let current = self.offset(at: time)
        let speed = phase == .dragging ? 0 : velocity(at: time)
        animate(from: current, to: target, velocity: speed, parameters: MotionConstants.scrollToSpring, at: time)
    }

    // MARK: Time and size

    /// Moves the phase on once a segment has ended (to idle when everything has). Returns true
    /// while something animates, i.e. while the loop must keep rendering.
    @discardableResult
    public mutating func advance(to time: Double) -> Bool {
        switch state {
        case .idle, .dragging:
            break
        case let .decelerating(deceleration, bounce):
            if let bounce, time >= bounce.spring.startTime {
                state = .bouncing(bounce)
                return advance(to: time)
            }
            if bounce == nil, deceleration.isFinished(at: time) { settle(at: deceleration.finalValue) }
        case let .bouncing(settling), let .animating(settling):
            if time >= settling.restTime { settle(at: settling.spring.target) }
        }
        return isMoving(at: time)
    }

    /// The viewport or content changed (e.g. window resize): keeps the offset, clamping it when
    /// it is now out of range; a running motion is re-planned against the new ends.
    public mutating func resize(viewport: Double, content: Double, at time: Double) {
        let offset = offset(at: time), speed = velocity(at: time)
        viewportLength = Self.length(viewport)
        contentLength = Self.length(content)
        switch state {
        case .idle:
            settle(at: clamped(offset))
        case .dragging:
            // Keep what the finger holds where it is; the release springs back if need be.
            state = .dragging(raw: unbanded(offset))
        case let .decelerating(_, bounce):
            if let bounce, time >= bounce.spring.startTime {
                startBounce(from: offset, to: clamped(bounce.spring.target), velocity: speed, at: time)
            } else {
                release(from: offset, velocity: speed, at: time)
            }
        case let .bouncing(settling):
            startBounce(from: offset, to: clamped(settling.spring.target), velocity: speed, at: time)
        case let .animating(settling):
            animate(from: offset, to: clamped(settling.spring.target), velocity: speed,
                    parameters: settling.spring.parameters, at: time)
        }
    }

    // MARK: Planning

    private mutating func release(from offset: Double, velocity: Double, at time: Double) {
        let end = clamped(offset)
        let deceleration = Deceleration(from: offset, velocity: velocity, startTime: time, rate: tuning.projectionRate)
        if offset != end {
            // In a rubber band: spring back, unless the fling heads into the range far enough
            // to pass the end (then it scrolls on, as UIScrollView does).
            let passes = offset < end ? deceleration.finalValue > end : deceleration.finalValue < end
            guard passes else {
                startBounce(from: offset, to: end, velocity: velocity, at: time)
                return
            }
        } else if deceleration.duration == 0 {
            settle(at: offset)
            return
        }
        let bound = velocity > 0 ? maxOffset : 0
        let overruns = velocity > 0 ? deceleration.finalValue > bound : deceleration.finalValue < bound
        var bounce: Settling?
        if overruns {
            // Rounding can put the crossing a hair past the stop; then bounce from the stop.
            let crossing = deceleration.time(reaching: bound) ?? deceleration.endTime
            bounce = Settling(Spring(parameters: MotionConstants.scrollBounceSpring, from: bound, to: bound,
                                     velocity: deceleration.velocity(at: crossing), startTime: crossing))
        }
        state = .decelerating(deceleration, bounce: bounce)
    }

    private mutating func startBounce(from offset: Double, to end: Double, velocity: Double, at time: Double) {
        state = .bouncing(Settling(Spring(parameters: MotionConstants.scrollBounceSpring, from: offset, to: end,
                                          velocity: velocity, startTime: time)))
    }

    private mutating func animate(from offset: Double, to target: Double, velocity: Double,
                                  parameters: SpringParameters, at time: Double) {
        let spring = Spring(parameters: parameters, from: offset, to: target, velocity: velocity, startTime: time)
        if spring.isAtRest(at: time) && offset == target {
            settle(at: target)
        } else {
            state = .animating(Settling(spring))
        }
    }

    private mutating func settle(at offset: Double) {
        state = .idle(offset)
    }

    // MARK: Geometry

    /// `offset` within the content's range.
    public func clamped(_ offset: Double) -> Double {
        MotionMath.clamp(offset, 0, maxOffset)
    }

    /// Raw (finger) offset → displayed offset, rubber-banded past either end.
    private func banded(_ raw: Double) -> Double {
        let c = tuning.rubberBand
        if raw < 0 { return RubberBand.offset(overshoot: raw, dimension: viewportLength, coefficient: c) }
        if raw > maxOffset { return maxOffset + RubberBand.offset(overshoot: raw - maxOffset, dimension: viewportLength, coefficient: c) }
        return raw
    }

    /// Displayed offset → raw offset; the inverse of `banded`.
    private func unbanded(_ offset: Double) -> Double {
        let c = tuning.rubberBand
        if offset < 0 { return RubberBand.overshoot(forOffset: offset, dimension: viewportLength, coefficient: c) }
        if offset > maxOffset {
            return maxOffset + RubberBand.overshoot(forOffset: offset - maxOffset, dimension: viewportLength, coefficient: c)
        }
        return offset
    }

    private static func length(_ value: Double) -> Double {
        Swift.max(MotionMath.finite(value, or: 0), 0)
    }
}
