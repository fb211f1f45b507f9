/// Puts SDL's event stamps on the app clock, for weeks of uptime (kiosks).
///
/// SDL2 stamps events with a 32-bit millisecond tick that wraps after 49.7 days; an offset
/// measured once at start-up then makes every later event look 49.7 days old (or new), so
/// the velocity tracker sees nonsense and releases snap instead of animating. Here each stamp
/// is read as an age relative to the current 64-bit tick (modulo 2³², so the wrap does not
/// matter), and that age is taken back from the app clock's `now`. Nothing is measured once,
/// so the two clocks may drift apart (a suspend that stops one and not the other) without
/// consequence; an age beyond `maxAge` (an event queued before a suspend) counts as `maxAge`.
public enum EventClock {
    /// Events older than this when read count as this old: a batch read after a stall or a
    /// suspend keeps its order and spacing within the window, and never predates it by hours.
    public static let maxAge: Double = 1.0

    /// The app-clock time of an event stamped `stamp` (SDL's 32-bit ms tick), read when SDL's
    /// tick was `ticksNow` (SDL_GetTicks64) and the app clock said `now`.
    public static func time(stamp: UInt32, ticksNow: UInt64, now: Double) -> Double {
        let nowLow = UInt32(truncatingIfNeeded: ticksNow)
        // Age in ms modulo 2³²; a stamp a little ahead of the tick read (another thread
        // stamped after we read the tick) shows as a huge age and is taken as 0.
        let age = nowLow &- stamp
        let ageSeconds = age > UInt32.max / 2 ? 0 : Double(age) / 1000
        return now - min(ageSeconds, maxAge)
    }
}
