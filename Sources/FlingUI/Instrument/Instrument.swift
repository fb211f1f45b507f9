// Instrument: the UX-testing instrument's state and input handling (overlay F2, show touches
// F3, slow motion F4, pause and step, tuning panel F5): trails, releases, frame times, latency.
import FlingCore

/// The UX-testing instrument as the app sees it: the physics overlay (F2), show
/// touches (F3), slow motion (F4), pause and step (Space and `.` with the overlay on) and the
/// tuning panel (F5). It watches input in real time and draws above everything; apart from
/// its own keys and the panel's presses it never takes input and changes no scene state.
@MainActor
package final class Instrument {
    /// The physics overlay: trails, release vector, projection, the sheet's track, the
    /// interaction's state, the frame-time graph.
    package var overlay = false
    /// A soft circle under each finger and the mouse press.
    package var showTouches = false
    /// The slow-motion factor F4 switches on (`--slow N`, else 5).
    package var slowFactorForToggle = InstrumentConstants.defaultSlowFactor
    /// The tuning panel (F5, or its gear button).
    package let panel = TuningPanel()
    /// Whether F2–F5 (and the overlay's pause and step) answer: off in kiosk mode unless the
    /// instrument was asked for at launch (`--kiosk-instrument`, or one of its own options).
    package var keysEnabled = true

    /// What a state dump says of the instrument (so the kiosk lock is testable).
    package func json(slow: Double, paused: Bool) -> JSONValue {
        .object([("overlay", .bool(overlay)), ("showTouches", .bool(showTouches)), ("slow", .rounded(slow)),
                 ("panel", .bool(panel.isVisible)), ("paused", .bool(paused)), ("keys", .bool(keysEnabled))])
    }

    /// One pointer's recent path (real time) and whether it is still down.
    struct Trail {
        var points: [(location: Point, time: Double)]
        var down: Bool
    }
    private(set) var trails: [Int64: Trail] = [:]
    /// The primary pointer's velocity, tracked in real time as the models track theirs.
    private var tracker = VelocityTracker()
    private var trackedID: Int64?
    private var trackedTiming = InputTiming.device

    /// The last release: where, how fast (pt/s, real units) and where the projection ends.
    package struct Release: Equatable {
        package var location: Point
        package var velocity: Point
        package var projected: Point
        package var time: Double
        /// The release's time on the scene clock, as the models stamped their decision (the
        /// clock may since have been paused or slowed, so it cannot be recomputed from `time`).
        package var sceneTime: Double
        /// The dragged sheet's top at the release (nil when no sheet was dragged).
        package var sheetTop: Double? = nil
        /// Where the gesture's times came from (its least trustworthy event's).
        package var velocitySource: InputTiming = .device
        package var projectedSheetTop: Double? { sheetTop.map { $0 + projected.y - location.y } }
    }
    package private(set) var lastRelease: Release?

    /// Frame times (s) the run loop measured, with the real time each frame was drawn.
    private(set) var frameTimes: [(time: Double, seconds: Double)] = []
    /// Input-to-present latency: the times of the inputs no presented frame has
    /// carried yet, and for each presented frame that carried some, when it was presented and
    /// the latency of its oldest input (its worst).
    private var unpresentedInputs: [Double] = []
    private(set) var latencies: [(time: Double, seconds: Double)] = []
    /// The latencies of each input the last presented frame carried (s).
    package private(set) var lastLatencies: [Double] = []

    package init() {}

    /// Sees every event before the scenes, with what it needs of the app read into `context`.
    /// Its keys and presses on the tuning panel are consumed (the scenes never see them); what
    /// they change in the app comes back as commands for the app to apply.
    package func handle(_ event: InputEvent, context: InstrumentContext) -> InstrumentResponse {
        switch event {
        case .pointer, .wheel, .key, .text, .composition:
            // What a user does (not a resize or a focus change): its latency is measured.
            // (Bounded: a headless run that draws no frame for a long script keeps the oldest.)
            if let t = event.time, t.isFinite, unpresentedInputs.count < 4096 { unpresentedInputs.append(t) }
        default: break
        }
        switch event {
        case .pointer(let p):
            if panel.handlePointer(p, context: context) { return panel.response() }
            // Trails and the release vector are only drawn with the overlay or show touches:
            // without them nothing is tracked (no per-frame work on the normal path).
            guard overlay || showTouches else { return .passed }
            let sceneTime = context.clock.scene(at: p.time)
            track(p, projectionRate: context.tuning.projectionRate, sceneTime: sceneTime)
            // A sheet under the finger: where its top was let go, for its projection on the track.
            if p.phase == .ended || p.phase == .cancelled, p.time == lastRelease?.time,
               let sheet = context.sheet, sheet.isDragging {
                lastRelease?.sheetTop = sheet.top(at: sceneTime)
            }
            return .passed
        case let .wheel(dy, location, time):
            return panel.handleWheel(dy: dy, at: location, time: time, context: context) ? panel.response() : .passed
        case let .middleClick(location, _, _):
            // Over the open panel: the panel's (nothing to paste there), not the field under it.
            return InstrumentResponse(consumed: panel.isVisible && panel.frame(window: context.windowSize).contains(location))
        case .key(let key, _):
            return handleKey(key, context: context)
        case .focusLost:
            for id in trails.keys { trails[id]?.down = false }
            return .passed
        default:
            return .passed
        }
    }

    private func handleKey(_ key: Key, context: InstrumentContext) -> InstrumentResponse {
        // Kiosk mode without the instrument at launch: its keys are not the visitor's.
        guard keysEnabled else { return .passed }
        if key.is(.f(2)) { overlay.toggle(); return InstrumentResponse(consumed: true) }
        if key.is(.f(3)) { showTouches.toggle(); return InstrumentResponse(consumed: true) }
        if key.is(.f(4)) {
            // (`--slow 1` leaves F4 its default factor, or F4 would toggle between 1 and 1.)
            let factor = slowFactorForToggle > 1 ? slowFactorForToggle : InstrumentConstants.defaultSlowFactor
            return InstrumentResponse(consumed: true, commands: [.setSlowMotion(context.clock.slowFactor > 1 ? 1 : factor)])
        }
        if key.is(.f(5)) { panel.toggle(env: context.env); return InstrumentResponse(consumed: true) }
        // Pause and step belong to the overlay; a focused control keeps its Space.
        guard overlay, !context.sceneHasKeyboardFocus else { return .passed }
        if key.is(.space) { return InstrumentResponse(consumed: true, commands: [.setPaused(!context.clock.paused)]) }
        if key.is(.character(".")), context.clock.paused { return InstrumentResponse(consumed: true, commands: [.stepFrame]) }
        return .passed
    }

    private func track(_ p: PointerEvent, projectionRate: Double, sceneTime: Double) {
        switch p.phase {
        case .began:
            trails[p.id] = Trail(points: [(p.location, p.time)], down: true)
            if trackedID == nil {
                trackedID = p.id
                trackedTiming = p.timing
                lastRelease = nil   // the previous gesture's vector would read as this one's
                tracker.reset()
                tracker.addPress(time: p.time, position: p.location)
            }
        case .moved:
            trails[p.id]?.points.append((p.location, p.time))
            if p.id == trackedID { tracker.addMove(time: p.time, position: p.location); trackedTiming = trackedTiming.worse(p.timing) }
        case .ended, .cancelled:
            trails[p.id]?.points.append((p.location, p.time))
            trails[p.id]?.down = false
            if p.id == trackedID {
                tracker.addMove(time: p.time, position: p.location)
                let v = tracker.releaseVelocity(at: p.time)
                let projected = Point(Projection.endPoint(position: p.location.x, velocity: v.x, decelerationRate: projectionRate),
                                      Projection.endPoint(position: p.location.y, velocity: v.y, decelerationRate: projectionRate))
                lastRelease = Release(location: p.location, velocity: v, projected: projected, time: p.time, sceneTime: sceneTime,
                                      velocitySource: trackedTiming.worse(p.timing))
                trackedID = nil
            }
        }
    }

    /// A frame was presented at `time` (its present returned): every input it carried is now on
    /// screen.
    package func recordPresent(at time: Double) {
        // (Into the same storage every frame: a drag carries inputs in every one.)
        lastLatencies.removeAll(keepingCapacity: true)
        for t in unpresentedInputs { lastLatencies.append(max(0, time - t)) }
        unpresentedInputs.removeAll(keepingCapacity: true)
        if let worst = lastLatencies.max() { latencies.append((time, worst)) }
        if let i = latencies.firstIndex(where: { $0.time >= time - InstrumentConstants.frameGraphSpan }), i > 0 {
            latencies.removeFirst(i)
        }
    }

    package func forgetUnpresentedInputs() { unpresentedInputs.removeAll(keepingCapacity: true) }

    package func recordFrameTime(_ seconds: Double, at time: Double) {
        frameTimes.append((time, seconds))
        prune(now: time)
    }

    private func prune(now: Double) {
        if let i = frameTimes.firstIndex(where: { $0.time >= now - InstrumentConstants.frameGraphSpan }), i > 0 {
            frameTimes.removeFirst(i)
        } else if let last = frameTimes.last, last.time < now - InstrumentConstants.frameGraphSpan {
            frameTimes.removeAll()
        }
        for (id, trail) in trails {
            let kept = trail.points.filter { $0.time >= now - InstrumentConstants.trailDuration }
            if kept.isEmpty && !trail.down { trails[id] = nil; continue }
            // A finger held still keeps its last point (the circle under it stays).
            trails[id]?.points = kept.isEmpty ? Array(trail.points.suffix(1)) : kept
        }
    }

    /// Ages the trails out; true while something the instrument draws changes by itself.
    package func advance(to time: Double) -> Bool {
        prune(now: time)
        let panelMoving = panel.advance(to: time)
        guard overlay || showTouches else { return panelMoving }
        return panelMoving || trails.values.contains { !$0.down || $0.points.count > 1 }
    }

    /// The pointers down now, for show touches (the mouse press included).
    var activeTouches: [Point] {
        trails.keys.sorted().compactMap { id in trails[id].flatMap { $0.down ? $0.points.last?.location : nil } }
    }
}
