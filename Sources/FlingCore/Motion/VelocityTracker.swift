/// Pointer velocity from timestamped positions, the way Android's default tracker does it:
/// an unweighted quadratic least-squares fit (LSQ2) of position against time over the samples
/// of the last 100 ms (at most 20), evaluated at the newest sample, per axis.
/// Times in seconds, positions in pt, velocities in pt/s.
public struct VelocityTracker: Sendable, Equatable {
    private struct Sample: Sendable, Equatable {
        var time: Double
        var position: Point
    }

    /// The kept samples, a ring held inline (a tracker lives in value-typed gesture states
    /// that are copied as they change: an array there was copied on every move): `count` of
    /// them, the oldest at `first`. Never more than `MotionConstants.velocityHistorySize`.
    /// (Its size is `MotionConstants.velocityHistorySize`, written out as a type must; a test
    /// checks the two agree.)
    private var ring = InlineArray<20, Sample>(repeating: Sample(time: 0, position: .zero))
    static var ringSize: Int { InlineArray<20, Sample>.count }
    private var first = 0
    private var count = 0
    /// The newest sample is the press's: a move however soon after it is a move, not the
    /// same instant.
    private var newestIsPress = false

    public init() {}

    /// Samples currently kept: at most 20, none from before the last stop.
    public var sampleCount: Int { count }

    /// The `i`th kept sample, oldest first.
    private func sample(_ i: Int) -> Sample { ring[(first + i) % ring.count] }

    private var newest: Sample? { count > 0 ? sample(count - 1) : nil }

    public static func == (a: VelocityTracker, b: VelocityTracker) -> Bool {
        guard a.count == b.count else { return false }
        for i in 0..<a.count where a.sample(i) != b.sample(i) { return false }
        return true
    }

    public mutating func reset() {
        first = 0
        count = 0
        newestIsPress = false
    }

    /// A press (down) starts a fresh history.
    public mutating func addPress(time: Double, position: Point) {
        reset()
        addMove(time: time, position: position)
        newestIsPress = count == 1
    }

    /// A move to `position` (pt) at `time` (s). Non-finite input is ignored.
    public mutating func addMove(time: Double, position: Point) {
        guard time.isFinite, position.x.isFinite, position.y.isFinite else { return }
        if let last = newest {
            if time - last.time > MotionConstants.velocityStoppedGap || time < last.time {
                // The pointer stopped (or the clock went back): what came before says nothing now.
                reset()
            } else if time == last.time || (time - last.time < MotionConstants.velocityCoalesceInterval && !newestIsPress) {
                // Two events at one instant (SDL's stamps are whole ms; a batch read late has
                // them µs apart): keep the newer. (A press keeps its own sample: the first move
                // after it, however soon, is a move.) After a stop the first move is no press:
                // two moves read in one poll there were two samples µs apart, a nudge of 60 pt
                // read as 8,000 pt/s.
                count -= 1
            }
        }
        let kept = min(MotionConstants.velocityHistorySize, ring.count)
        if count == kept {
            first = (first + 1) % ring.count
            count -= 1
        }
        ring[(first + count) % ring.count] = Sample(time: time, position: position)
        count += 1
        newestIsPress = false
    }

    /// The velocity (pt/s) at the newest sample, or nil when there is no estimate: fewer than
    /// two samples in the horizon, or a `releaseTime` (the up event's time, s) more than 40 ms
    /// after the last move. The release contributes only its time, never a position.
    public func velocity(releaseTime: Double? = nil) -> Point? {
        guard let newest else { return nil }
        if let releaseTime, releaseTime - newest.time > MotionConstants.velocityStoppedGap { return nil }

        // Newest first, on the stack: times, x and y of the samples within the horizon.
        let n = ring.count
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * n) { buffer -> Point? in
            guard let base = buffer.baseAddress else { return nil }
            var used = 0
            for i in stride(from: count - 1, through: 0, by: -1) {
                let s = sample(i)
                let age = newest.time - s.time
                if age > MotionConstants.velocityHorizon || used == MotionConstants.velocityHistorySize { break }
                base[used] = -age   // 0 at the newest sample, so the fit's linear term is the velocity there
                base[n + used] = s.position.x
                base[2 * n + used] = s.position.y
                used += 1
            }
            let times = UnsafeBufferPointer(start: base, count: used)
            let xs = UnsafeBufferPointer(start: base + n, count: used)
            let ys = UnsafeBufferPointer(start: base + 2 * n, count: used)
            guard used >= 2, let vx = Self.slope(times: times, values: xs), let vy = Self.slope(times: times, values: ys) else { return nil }
            return Point(Self.sane(vx, values: xs), Self.sane(vy, values: ys))
        }
    }

    /// The fit's slope made sane for any input: a parabola through a jump of
    /// thousands of pt can point against the way the finger went, by millions of pt/s. A
    /// slope whose sign disagrees with the net movement over the fitted samples reads as 0
    /// (the finger stopped; a parabola's overshoot past a stop is no flick), and every
    /// estimate is capped at `MotionConstants.maximumTrackedVelocity`. `values` newest first.
    static func sane(_ slope: Double, values: UnsafeBufferPointer<Double>) -> Double {
        var v = slope
        if let newest = values.first, let oldest = values.last {
            let net = newest - oldest
            if net != 0 && v != 0 && (v > 0) != (net > 0) { v = 0 }
        }
        let cap = MotionConstants.maximumTrackedVelocity
        return MotionMath.finite(max(-cap, min(cap, v)), or: 0)
    }

    /// The first-order coefficient at t = 0 of the least-squares polynomial through the points:
    /// a line for two points, a parabola for three or more (a line if the parabola is singular).
    static func slope(times t: UnsafeBufferPointer<Double>, values x: UnsafeBufferPointer<Double>) -> Double? {
        let n = Double(t.count)
        var st = 0.0, st2 = 0.0, st3 = 0.0, st4 = 0.0, sx = 0.0, stx = 0.0, st2x = 0.0
        for (ti, xi) in zip(t, x) {
            let t2 = ti * ti
            st += ti; st2 += t2; st3 += t2 * ti; st4 += t2 * t2
            sx += xi; stx += ti * xi; st2x += t2 * xi
        }
        // Centred sums of squares and products (the normal equations with the mean removed).
        let stt = st2 - st * st / n
        let stxC = stx - st * sx / n
        guard stt > 0 else { return nil }
        let linear = stxC / stt
        guard t.count >= 3 else { return MotionMath.finite(linear, or: 0) }

        let stt2 = st3 - st * st2 / n
        let st2x2 = st4 - st2 * st2 / n
        let st2xC = st2x - st2 * sx / n
        let denominator = stt * st2x2 - stt2 * stt2
        guard abs(denominator) > 1e-12 * abs(stt * st2x2) else { return MotionMath.finite(linear, or: 0) }
        let b = (stxC * st2x2 - st2xC * stt2) / denominator
        return MotionMath.finite(b, or: 0)
    }
}

extension VelocityTracker {
    /// The velocity a release hands on (pt/s): the estimate, 0 when there is none, each axis
    /// capped at `MotionConstants.maximumReleaseVelocity` (a glitch must not fling to the end).
    public func releaseVelocity(at time: Double) -> Point {
        guard let v = velocity(releaseTime: time) else { return .zero }
        let cap = MotionConstants.maximumReleaseVelocity
        return Point(max(-cap, min(cap, v.x)), max(-cap, min(cap, v.y)))
    }
}
