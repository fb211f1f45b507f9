/// Puts an input device's own stamps on the app clock: evdev stamps each report with
/// the kernel's clock when the touchscreen sent it, so a batch read late, after a stalled frame,
/// keeps its real spacing. Each stamp's age is read against the same kernel clock when the
/// batch is read (`reference`) and taken off the app's `now`: no offset is kept, so the app
/// clock (SDL's, CLOCK_MONOTONIC_RAW) and the kernel's (CLOCK_MONOTONIC, slewed by NTP) can
/// drift apart for months without the times drifting with them.
public struct DeviceClock: Sendable, Equatable {
    /// An age past this (s) is not believed (a stamp from another clock, a device that
    /// buffered for minutes): the event is taken as read now.
    public static let maximumAge = 5.0

    private var lastMapped = -Double.infinity

    public init() {}

    /// The app-clock time of a report stamped `stamp` (s, the device's clock), read when that
    /// clock said `reference` and the app's said `now`. Never after `now`, never before the
    /// last one mapped (events stay in order).
    public mutating func time(stamp: Double, reference: Double, now: Double) -> Double {
        var age = reference - stamp
        if !age.isFinite || age > Self.maximumAge { age = 0 }
        let mapped = max(lastMapped, min(now, now - max(0, age)))
        lastMapped = mapped
        return mapped
    }
}
