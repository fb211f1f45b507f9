/// Touch-panel hygiene for unattended kiosks, before anything else sees a touch:
/// - ghost touches: a down followed by an up within `ghostMaxDuration` at the same point is a
///   controller fault; neither event passes (no tap, no idle-timer reset). A touch down is
///   therefore held until its next event or until `ghostMaxDuration` has passed (`flush`).
/// - stuck fingers: a touch down for `stuckFingerTimeout` without an up is cancelled; its
///   later events are dropped up to and including its up.
/// Mouse events (id 0) pass unchanged: only touch panels have these faults.
public struct TouchFilter: Equatable, Sendable {
    public var ghostMaxDuration = KioskConstants.ghostMaxDuration
    public var ghostMaxDistance = KioskConstants.ghostMaxDistance
    public var stuckTimeout = KioskConstants.stuckFingerTimeout
    /// Downs waiting to see whether an up follows at once.
    public private(set) var held: [PointerEvent] = []
    public struct Touch: Equatable, Sendable { public var since: Double; public var location: Point }
    /// Touches that are down: when they went down, where they are now.
    public private(set) var down: [Int64: Touch] = [:]
    /// Touches released as stuck, whose events are dropped until their up.
    public private(set) var released: Set<Int64> = []
    /// Ghost pairs dropped so far (for the log and tests).
    public private(set) var ghostsDropped = 0
    public private(set) var stuckReleased = 0

    public init() {}

    /// One raw event in; the events that may pass now, in order (a held down and this one at
    /// most).
    public mutating func filter(_ e: PointerEvent) -> UpToTwo<PointerEvent> {
        guard e.id != 0 else { return UpToTwo(e) }
        if released.contains(e.id) {
            if e.phase == .ended || e.phase == .cancelled { released.remove(e.id) }
            return UpToTwo()
        }
        var out = UpToTwo<PointerEvent>()
        if let i = held.firstIndex(where: { $0.id == e.id }) {
            let d = held.remove(at: i)
            if e.phase == .ended, e.time - d.time <= ghostMaxDuration, abs(d.location.x - e.location.x) <= ghostMaxDistance && abs(d.location.y - e.location.y) <= ghostMaxDistance {
                down[e.id] = nil
                ghostsDropped += 1
                return UpToTwo()
            }
            out.append(d)
        }
        switch e.phase {
        case .began:
            down[e.id] = Touch(since: e.time, location: e.location)
            held.append(e)
            return out
        case .ended, .cancelled:
            down[e.id] = nil
        case .moved:
            down[e.id]?.location = e.location
        }
        out.append(e)
        return out
    }

    /// Passes held downs that are older than the ghost window, and cancels stuck touches.
    public mutating func flush(now: Double) -> [PointerEvent] {
        var out: [PointerEvent] = []
        while let d = held.first, now - d.time > ghostMaxDuration {
            out.append(held.removeFirst())
        }
        // (Sorted only when a touch is stuck: this runs on every pass of the loop.)
        guard down.values.contains(where: { now - $0.since >= stuckTimeout }) else { return out }
        for (id, t) in down.sorted(by: { $0.key < $1.key }) where now - t.since >= stuckTimeout && !held.contains(where: { $0.id == id }) {
            down[id] = nil
            released.insert(id)
            stuckReleased += 1
            out.append(PointerEvent(id: id, phase: .cancelled, location: t.location, time: now))
        }
        return out
    }

    /// The earliest time at which `flush` has something to do (for loops that sleep).
    public var nextDeadline: Double? {
        let ghost = held.first.map { $0.time + ghostMaxDuration + 1e-6 }
        let stuck = down.values.reduce(nil) { (earliest: Double?, t) in min(earliest ?? t.since, t.since) }.map { $0 + stuckTimeout }
        switch (ghost, stuck) {
        case let (a?, b?): return min(a, b)
        case let (a?, nil): return a
        case let (nil, b?): return b
        default: return nil
        }
    }
}
