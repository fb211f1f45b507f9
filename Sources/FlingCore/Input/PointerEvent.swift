/// One pointer stream for mouse and touch: every gesture reads the same events whatever made them.
public struct PointerEvent: Equatable, Sendable {
    public enum Phase: String, Sendable { case began, moved, ended, cancelled }

    /// Which physical pointer: 0 for the mouse, a finger id otherwise.
    public var id: Int64
    public var phase: Phase
    /// Location in window pt.
    public var location: Point
    /// Seconds on the app clock.
    public var time: Double
    /// Where `time` came from.
    public var timing: InputTiming

    public init(id: Int64, phase: Phase, location: Point, time: Double, timing: InputTiming = .device) {
        self.id = id; self.phase = phase; self.location = location; self.time = time; self.timing = timing
    }
}

/// Lets exactly one pointer drive gestures: a second finger that goes down while the first is
/// still down is ignored until the first is lifted, in every scene.
public struct PrimaryPointerFilter: Sendable {
    public private(set) var activeID: Int64?

    public init() {}

    /// Returns the event if it belongs to the primary pointer, nil if it must be ignored.
    public mutating func filter(_ event: PointerEvent) -> PointerEvent? {
        switch event.phase {
        case .began:
            guard activeID == nil else { return nil }
            activeID = event.id
            return event
        case .moved:
            return event.id == activeID ? event : nil
        case .ended, .cancelled:
            guard event.id == activeID else { return nil }
            activeID = nil
            return event
        }
    }

    /// Ends the active pointer (focus lost, pointer left the window): a cancelled event for it.
    public mutating func cancelActive(at location: Point, time: Double) -> PointerEvent? {
        guard let id = activeID else { return nil }
        activeID = nil
        return PointerEvent(id: id, phase: .cancelled, location: location, time: time)
    }
}
