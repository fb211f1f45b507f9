/// Puts a display server's event times on the app clock (issue 28): the X server stamps each
/// pointer event with its own millisecond clock when the input happened, so a batch of moves
/// read late, after a stalled frame, keeps its real spacing (SDL's own stamps are the time SDL
/// read the queue: one instant for the whole batch).
///
/// The server's clock is mapped by an offset: the smallest (app time read − server time) seen
/// so far, from the event that reached the app soonest. A late batch cannot move it; a mapped
/// time is never after its read and never before the last one mapped (events stay in order).
/// The server's 32-bit milliseconds wrap after 49.7 days; a step back of more than half the
/// range is a wrap.
public struct ServerClock: Sendable, Equatable {
    private var offset: Double?
    private var lastStamp: UInt32?
    private var wraps: Double = 0
    private var lastMapped = -Double.infinity

    public init() {}

    /// The app-clock time of an event the server stamped `stamp` ms, read at app time `now`.
    public mutating func time(stamp: UInt32, now: Double) -> Double {
        if let last = lastStamp, stamp < last, last - stamp > UInt32.max / 2 { wraps += 1 }
        lastStamp = stamp
        let server = (wraps * 4_294_967_296 + Double(stamp)) / 1000
        let o = now - server
        if offset.map({ o < $0 }) ?? true { offset = o }
        let mapped = max(lastMapped, min(now, server + (offset ?? o)))
        lastMapped = mapped
        return mapped
    }
}
