/// Tells a tap from a drag: a press becomes a drag once it moves farther than the touch slop
/// (10 pt: a press that moves less is a tap; UIKit's own slop is about the same).
public struct TapClassifier: Equatable, Sendable {
    public enum State: Equatable, Sendable {
        case idle
        /// Down, not yet moved past the slop.
        case pressing(start: Point, startTime: Double)
        /// Moved past the slop: the press is a drag from now on.
        case dragging(start: Point)
    }

    public private(set) var state: State = .idle
    public let slop: Double

    public init(slop: Double = MotionConstants.touchSlop) { self.slop = slop }

    public mutating func press(at p: Point, time: Double) { state = .pressing(start: p, startTime: time) }

    /// Returns true when this move turned the press into a drag. A move that goes nowhere never
    /// does, even with a slop of 0 (`--tune slop=0`): the callers divide by the distance moved.
    @discardableResult
    public mutating func move(to p: Point) -> Bool {
        if case .pressing(let start, _) = state, (p - start).length >= slop, (p - start).length > 0 {
            state = .dragging(start: start)
            return true
        }
        return false
    }

    /// Returns true if the release completes a tap.
    public mutating func release() -> Bool {
        defer { state = .idle }
        if case .pressing = state { return true }
        return false
    }

    public mutating func cancel() { state = .idle }

}
