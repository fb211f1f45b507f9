/// Puts a display server's event times on the app clock: the X server stamps each
/// pointer event with its own millisecond clock when the input happened, so a batch of moves
/// read late, after a stalled frame, keeps its real spacing (SDL's own stamps are the time SDL
/// read the queue: one instant for the whole batch).
///
/// A local X server (Xorg, Xvfb, Xwayland) stamps with CLOCK_MONOTONIC in milliseconds: when the
/// caller passes that clock's reading (`monotonic`) and a stamp's age against it is plausible
/// (0…10 s), the age alone places the event, exact from the first one. Otherwise (a remote
/// server, another clock) the server's clock is mapped by an offset: the smallest (app time
/// read − server time) seen so far, from the event that reached the app soonest; learnt from
/// events read late (the first flick after start made during a stall), it was too large until a
/// prompt event lowered it mid-gesture, and the moves between read as one instant: 8,000 pt/s
/// for a 1,200 pt/s flick. A mapped time is never after its read and never before the last one
/// mapped (events stay in order).
/// The server's 32-bit milliseconds wrap after 49.7 days; a step back of more than half the
/// range is a wrap.
public struct ServerClock: Sendable, Equatable {
    private var offset: Double?
    private var lastStamp: UInt32?
    private var wraps: Double = 0
    private var lastMapped = -Double.infinity
    private var onMonotonicClock = false

    public init() {}

    /// The oldest a stamp on the local monotonic clock can be when read (a stall longer than
    /// this is a hung app, not a slow one); an older or future "age" means another clock.
    public static let plausibleAge: Double = 10

    /// The app-clock time of an event the server stamped `stamp` ms, read at app time `now`.
    public mutating func time(stamp: UInt32, now: Double, monotonic: Double? = nil) -> Double {
        if let last = lastStamp, stamp < last, last - stamp > UInt32.max / 2 { wraps += 1 }
        lastStamp = stamp
        if let m = monotonic, m.isFinite, m >= 0 {
            // The age on the server's own (32-bit millisecond) clock, if it is CLOCK_MONOTONIC.
            let reference = UInt32(truncatingIfNeeded: Int64((m * 1000).rounded(.down)))
            let age = Double(reference &- stamp) / 1000
            // Once one stamp was plausibly on this clock, it is: an older one is a long hang
            // (its events placed by their age all the same, not bunched at the read).
            if age <= Self.plausibleAge || (onMonotonicClock && age < 2_147_483.648) {
                onMonotonicClock = true
                let mapped = max(lastMapped, min(now, now - age))
                lastMapped = mapped
                return mapped
            }
        }
        let server = (wraps * 4_294_967_296 + Double(stamp)) / 1000
        let o = now - server
        if offset.map({ o < $0 }) ?? true { offset = o }
        let mapped = max(lastMapped, min(now, server + (offset ?? o)))
        lastMapped = mapped
        return mapped
    }
}
