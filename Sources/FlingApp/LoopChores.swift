// LoopChores: what the real-time loops (the window's and the console's) do around every frame
// alike: a stall injected on schedule (`--inject-stall`, or a study's weak-kiosk condition),
// the idle trim of the renderer's caches once nothing was drawn for a while, systemd's
// watchdog kept fed while the loop sleeps, the frame step (advance, then draw only what must
// be), and the frozen-screen watch's status after the frame. The loops themselves keep what
// differs (events, the present, pacing, the console's panel).
import CAllocCounter
import FlingCore
import FlingUI
import FlingSDL
import Glibc

@MainActor
struct LoopChores {
    private var trim: IdleTrimSchedule
    private var stalls: StallInjector?
    private var study = StudyStalls()
    private let memoryReport: Bool
    /// Something moved in the last step (the loop does not wait while it does).
    private(set) var animating = true
    private var wasAnimating = true

    init(app: AppController, run: RunContext, memoryReport: Bool = false) {
        trim = IdleTrimSchedule(scene: app.scene.id.rawValue)
        stalls = run.stalls
        self.memoryReport = memoryReport
    }

    /// Before the loop waits up to `wait` s for input: a stall due now runs; an idle loop
    /// (`wait` > 0) trims the caches once due; `wait` comes down to the next trim, stall and
    /// watchdog beat.
    mutating func beforeWaiting(_ wait: inout Double, app: AppController, display: Display, run: RunContext,
                                now: () -> Double) {
        study.update(&stalls, run: run, now: now())
        if let length = stalls?.due(at: now()) { injectStall(length) { run.systemd.loopAlive(now: now()) } }
        // Idle: the caches shrink to what is on screen once nothing was drawn for a while.
        if wait > 0, let due = trim.due(scene: app.scene.id.rawValue) {
            if now() >= due {
                trim.didTrim(scene: app.scene.id.rawValue)
                if memoryReport { printMemoryReport(display, when: "before the idle trim") }
                display.renderer.trimForIdle(); fling_heap_release()
                if memoryReport { printMemoryReport(display, when: "after the idle trim") }
            } else { wait = min(wait, due - now()) }
        }
        if let w = run.systemd.watchdogInterval { wait = min(wait, w) }   // a sleeping loop still feeds it
        if let next = stalls?.next { wait = min(wait, max(0, next - now())) }   // a stall on time, idle or not
    }

    /// The frame step every loop takes: the app advanced to `t`; true when the frame must be
    /// drawn: something changed, moves, or motion just ended (that frame shows the exact
    /// resting state, and as one that does not continue an animation it gets photos baked
    /// sharp again).
    mutating func advance(_ app: AppController, to t: Double) -> Bool {
        wasAnimating = animating
        animating = app.advance(to: t)
        return app.needsDisplay || animating || wasAnimating
    }

    /// Draws the frame at `t` (the idle trim counts from the last one drawn).
    mutating func draw(_ app: AppController, on display: Display, at t: Double) {
        trim.drew(at: t, scene: app.scene.id.rawValue)
        if app.scale != display.scale { app.scale = display.scale; app.env.invalidateLayouts() }
        display.draw(app.displayList(time: t), consecutive: animating && wasAnimating)
    }

    /// After the frame: the frozen-screen watch writes its status; true when the screen froze
    /// and the loop must end (the app then exits with status 70).
    func screenFroze(app: AppController, run: RunContext, now: Double) -> Bool {
        guard let watch = run.selfWatch else { return false }
        // (Frozen is said first: the status file's last error then says it too.)
        let frozen = watch.isFrozen(at: now)
        watch.writeStatus(at: now, scene: app.scene.id.rawValue, lastInput: run.kiosk.lastVisitorInput)
        if frozen { frozenScreen = true }
        return frozen
    }
}

/// `--inject-stall`: the loop does nothing for `seconds` (input piles up unread, as
/// behind a slow frame on a weak board), except tell systemd's watchdog it is alive every
/// 0.5 s (`alive`): a stall on purpose must not get a kiosk restarted. (SIGTERM is seen when
/// the stall ends.)
@MainActor
func injectStall(_ seconds: Double, alive: () -> Void) {
    Log.info("stall: \(Int((seconds * 1000).rounded())) ms (--inject-stall)")
    var left = seconds
    while left > 0 {
        let step = min(left, 0.5)
        usleep(UInt32(step * 1_000_000))
        left -= step
        alive()
    }
}


/// The stall schedule a study's trial asks for, taken up when it changes (a condition that is
/// a weak kiosk stalls from its trial's start; the others keep the launch's schedule).
struct StudyStalls {
    private var asked: String??

    @MainActor
    mutating func update(_ stalls: inout StallInjector?, run: RunContext, now: Double) {
        guard let ask = run.studyStall else { return }
        let want = ask()
        if case .some(let previous) = asked, previous == want { return }
        asked = .some(want)
        if let want, case .success(let s) = StallInjector.parse(want, start: now) { stalls = s } else { stalls = run.stalls }
    }
}
