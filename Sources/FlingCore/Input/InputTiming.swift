/// Where a pointer event's time came from: the release velocity is only as right as
/// the times it is fitted to. Metrics lines name it (`velocitySource`) and so does the overlay.
public enum InputTiming: String, Sendable, Equatable, CaseIterable {
    /// The device's own clock: evdev's kernel stamps, a script's or a recording's times.
    case device
    /// The display server's clock (an X11 event's time, mapped by ServerClock).
    case server
    /// When the app read it (SDL's stamp): right to about a frame.
    case poll
    /// Read in a batch after the loop was busy for longer than a stall (`stallGap`): its
    /// time was spread over the stall by PollTimeSpreader, an estimate.
    case estimated

    /// The least trustworthy of two (a gesture's source is that of its worst sample).
    public func worse(_ other: InputTiming) -> InputTiming { rank >= other.rank ? self : other }

    private var rank: Int {
        switch self {
        case .device: 0
        case .server: 1
        case .poll: 2
        case .estimated: 3
        }
    }
}

/// Poll-timed pointer events read in one batch arrived at unknown moments between the end of
/// the previous read and this one, while the loop was busy (a frame, a stall): stamped with
/// the read time they all read as one instant, and a flick read through a 150 ms stall as
/// 0. They get the best times their order and the device's pace allow:
/// - after an ordinary frame, spread evenly over the busy window, the last at the read;
/// - after a stall (a window longer than `stallGap`), at the pace the device kept before the
///   stall (a touchscreen reports at a steady rate while the finger moves, so the batch is
///   what the finger did, at that rate): ending at the read, so that the next frames' events
///   follow on, or, when the batch ends in a lift, starting where the stall began (the
///   previous read: a flick lifts as it moves); evenly over the window if they do not fit;
///   marked `.estimated`.
/// The pace is learnt from ordinary batches of one moving pointer and from one pointer's moves
/// read one by one (`observe`).
public struct PollTimeSpreader: Sendable, Equatable {
    /// A busy window longer than this (s) is a stall: three frames at 60 Hz.
    public static let stallGap = 0.050
    /// The device's pace before any is measured (s between reports): 120 Hz.
    public static let defaultPace = 1.0 / 120

    /// Seconds between the device's reports, averaged over ordinary batches and moves read
    /// one by one.
    public private(set) var pace = PollTimeSpreader.defaultPace
    /// Per pointer, the stamp of its last move read one by one (real to the millisecond; a
    /// time `spread` made up is no measure of the pace).
    private var lastStamp: [Int64: Double] = [:]

    /// Poll-stamped events SDL read one by one while the loop waited (their stamps are right to
    /// the millisecond): the gaps between one pointer's consecutive moves are the device's pace.
    /// (A loop waiting between moves, as it does while a drag redraws, reads most of them so; a
    /// pace learnt only from batches stayed at its guess, and a flick through a stall read
    /// twice its speed.) A press, a lift or a spread batch starts the pointer's count afresh.
    public mutating func observe(_ events: [PointerEvent]) {
        for e in events {
            guard e.phase == .moved else { lastStamp[e.id] = nil; continue }
            if let last = lastStamp[e.id], e.time > last, e.time - last < Self.stallGap { learn(e.time - last) }
            lastStamp[e.id] = e.time
        }
    }

    private mutating func learn(_ interval: Double) {
        pace += 0.2 * (max(0.002, min(0.05, interval)) - pace)
    }

    public init() {}

    /// `events` (one batch, in order), read together at `readAt` after the loop was busy since
    /// `since`: the same events with their times and timing (`.poll`, `.estimated`). Non-finite
    /// or reversed windows leave them as they are.
    public mutating func spread(_ events: [PointerEvent], since: Double, readAt: Double) -> [PointerEvent] {
        guard !events.isEmpty, since.isFinite, readAt.isFinite, readAt > since else { return events }
        let window = readAt - since
        let k = Double(events.count)
        let stalled = window > Self.stallGap
        var out = events
        let start = since
        let lifted = events.contains { $0.phase == .ended || $0.phase == .cancelled }
        if stalled, start + k * pace <= readAt {
            // Ending in a lift: from the start of the stall (the previous read; a flick lifts as
            // it moves: placed at the read, a lone lift would read as a finger that stopped).
            // Otherwise ending at the read, so that what the next frames read follows on.
            let first = lifted ? start + pace : readAt - pace * (k - 1)
            for i in out.indices { out[i].time = first + pace * Double(i); out[i].timing = .estimated }
        } else {
            let from = stalled ? start : since
            for i in out.indices { out[i].time = from + (readAt - from) * Double(i + 1) / k; out[i].timing = stalled ? .estimated : .poll }
            // An ordinary batch of a moving pointer shows the device's pace (two reports in a
            // 16.7 ms frame: 8.3 ms); a lone event in a frame says only that it is slower.
            // (One pointer's only: two fingers' reports interleave.)
            if !stalled, events.contains(where: { $0.phase == .moved }), Set(events.map(\.id)).count == 1 { learn(window / k) }
        }
        for e in events { lastStamp[e.id] = nil }
        return out
    }
}
