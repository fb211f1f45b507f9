// RunLoops: the app's run loops: windowed (events, advance, draw, present), headless (virtual
// time driven by a script) and framebuffer (the console). What the real-time loops do around
// every frame alike (stalls, the idle trim, the frozen-screen watch) is LoopChores.swift.
import CAllocCounter
import FlingCore
import FlingUI
import FlingSDL
import FoundationEssentials
import Glibc

extension RenderStats: RenderStatsJSON {}

/// A failure while running: message and exit status.
struct RunFailure: Error, CustomStringConvertible {
    var message: String
    var status: Int32
    var description: String { message }
}

/// How a run paces itself, and the kiosk parts every loop shares.
@MainActor
struct RunContext {
    var kiosk: KioskDriver
    /// Windowed: the frame cap from --fps (nil: vsync, or the refresh rate without vsync).
    var fpsCap: Double?
    /// Kiosk mode: hide the cursor unless the mouse moved in the last 3 s.
    var hidesCursor = false
    var systemd = SystemdNotifier()
    /// Frames that go to the console's display (--output fbdev or kms) instead of a window.
    var framebuffer: ConsoleOutput?
    /// `--metrics`: after each loop iteration's advance, its time and, when a frame
    /// was drawn, how long advance + draw took (s).
    var onFrame: ((_ time: Double, _ drawSeconds: Double?) -> Void)?
    /// The window bench: scripted input played in real time, and each present reported
    /// (when its frame began and when the present returned, on the loop's clock).
    var feed: ScriptFeed?
    /// `--inject-stall`: the loop freezes on this schedule.
    var stalls: StallInjector?
    /// A study's condition may be a weak kiosk: the stall schedule it asks for now
    /// (nil: the launch's own).
    var studyStall: (@MainActor () -> String?)?
    /// `--input DEVICE` in a window: touches read by Fling, with the kernel's times.
    var touchDevice: EvdevInput?
    var onPresented: ((_ frameStart: Double, _ presentedAt: Double) -> Void)?
    /// Screen readers see the window over AT-SPI when the desktop's accessibility is on
    /// (`--no-accessibility`: never).
    var accessibility = true
    /// The console's watch on itself: the frozen-screen watchdog, the screen schedule and
    /// the status file.
    var selfWatch: KioskSelfWatch?
}

/// The windowed loop: drain events → advance to now → draw → present.
/// With nothing animating and no input it blocks in SDL_WaitEventTimeout (idle ≈ 0 % CPU),
/// waking for the kiosk's next deadline (idle reset, attract input, held touch).
/// Pacing: vsync at the display's refresh rate; where vsync is absent (software renderer,
/// Xvfb) the refresh rate is the cap; --fps caps only when given.
@MainActor
func runWindowed(app: AppController, display: Display, run: RunContext) {
    let events = EventSource(display: display, log: { Log.info($0) })
    let start = SDLContext.monotonicSeconds()
    func now() -> Double { SDLContext.monotonicSeconds() - start }
    let kiosk = run.kiosk
    let frameBudget: Double? = run.fpsCap.map { 1 / $0 } ?? (display.vsync ? nil : 1 / display.refreshRate)
    Log.info("pacing: \(display.vsync ? "vsync" : "no vsync"), \(Int(display.refreshRate)) Hz, cap \(frameBudget.map { "\(Int((1 / $0).rounded())) fps" } ?? "none")")
    let textInput = TextInput(display: display)
    let a11y = run.accessibility ? AccessibilityLink(app: app, display: display, events: events, now: now) : nil
    a11y?.onInput = { kiosk.assistiveInput(now: now()) }
    defer { a11y?.stop() }
    var readySent = false
    var lastDrawn = 0.0
    var chores = LoopChores(app: app, run: run, memoryReport: getenv("FLING_MEMORY_REPORT") != nil)
    while !app.quitRequested {
        var wait = chores.animating || app.needsDisplay ? 0 : 1.0
        chores.beforeWaiting(&wait, app: app, display: display, run: run, now: now)
        // A focused text field's caret blinks: wake for its next change, no sooner.
        if let blink = app.nextRedraw(after: lastDrawn) { wait = min(wait, max(0, blink - now())) }
        if let d = kiosk.nextDeadline { wait = min(wait, max(0, d - now())) }
        if let d = run.feed?.nextTime { wait = min(wait, max(0, d - now())) }
        if display.presentHeld { wait = min(wait, KioskConstants.heldPresentRetry) }   // Wayland: a frame waits for a buffer
        if let watch = run.selfWatch {
            for d in [watch.frozen?.deadline, watch.nextStatus()] { if let d { wait = min(wait, max(0, d - now())) } }
        }
        // Wake to hide the cursor 3 s after the mouse last moved (only while it shows).
        if run.hidesCursor, let m = events.lastMouseMotion, m + KioskConstants.cursorHideDelay > now() {
            wait = min(wait, m + KioskConstants.cursorHideDelay - now())
        }
        for e in events.events(waitingUpTo: wait, now: now) { kiosk.input(e, now: now()) }
        if Termination.signal != nil { app.quitRequested = true }   // bench --window (the app keeps SDL's quit)
        for p in run.touchDevice?.poll(panel: kiosk.panelSize, now: now()) ?? [] { kiosk.input(.pointer(p), now: now()) }
        for e in run.feed?.due(now: now(), panel: kiosk.panelSize) ?? [] {
            if case .resize(let panel, _) = e { try? display.resize(to: kiosk.rotation.layoutSize(panel: panel)) }
            kiosk.input(e, now: now())
        }
        if app.quitRequested { break }
        textInput.sync(caret: app.textInputRect, owner: app.textInputOwner)
        let t = now()
        kiosk.tick(now: t)
        run.systemd.loopAlive(now: t)
        if run.hidesCursor {
            display.setCursorVisible(events.lastMouseMotion.map { t - $0 < KioskConstants.cursorHideDelay } ?? false)
        }
        let changed = chores.advance(app, to: t)
        let blinkDue = app.nextRedraw(after: lastDrawn).map { t >= $0 } ?? false
        // A screen reader hears what the last frame changed, and what it asked is done.
        a11y?.service(changed: changed, moving: chores.animating)
        if changed || blinkDue {
            lastDrawn = t
            chores.draw(app, on: display, at: t)
            // The overlay's frame-time graph and --metrics' late frames: the frame's work,
            // before a vsync'd present waits for the refresh (which would make every frame read
            // as one refresh period).
            let work = now() - t
            app.recordFrameTime(work, at: t)
            display.present()
            // A frame that waits for a buffer the compositor holds has not reached the screen.
            run.selfWatch?.asked(at: t)
            if !display.presentHeld { run.selfWatch?.shown() }
            app.recordPresent(at: now())
            run.onPresented?(t, now())
            run.onFrame?(t, work)
            if !readySent {
                readySent = true
                run.systemd.send("READY=1")
                // SDL's KMSDRM may set the mode with the first frame's flip and drop that frame:
                // a panel turned by --rotate stayed black until the first touch drew again
                // on a console kiosk. The next frame is drawn and flipped too.
                if display.videoDriver == "kmsdrm" { app.setNeedsDisplay() }
            }
            if let frameBudget {
                let spent = now() - t
                if spent < frameBudget { usleep(UInt32((frameBudget - spent) * 1_000_000)) }
            }
        } else {
            let wasHeld = display.presentHeld
            display.retryHeldPresent()
            if wasHeld, !display.presentHeld { run.selfWatch?.shown() }
            run.onFrame?(t, nil)
        }
        if chores.screenFroze(app: app, run: run, now: now()) { break }
    }
    run.systemd.send("STOPPING=1")
}

/// A script's look at a frame: a screenshot or a state dump.
private enum Probe { case shot(String), state(String) }

/// The headless loop: virtual time advancing exactly 1/fps per frame, all input from the
/// script, frames rendered only where a `shot` or `state` probe needs them (or every frame
/// when benchmarking). Ends after the last command.
@MainActor
func runHeadless(app: AppController, display: Display, script: Script, fps: Double, run: RunContext? = nil,
                 recordedTouches: [ScheduledInput] = [], renderWhileMovingEvery: Int = 0,
                 onFrame: ((_ time: Double, _ moving: Bool) -> Void)? = nil,
                 renderEveryFrame: Bool = false, onFrameRendered: ((Double) -> Void)? = nil) throws(RunFailure) {
    // Script input and recorded evdev touches, in time order (ties: the script first).
    let inputs = (script.expanded(fps: fps) + recordedTouches).enumerated().sorted {
        $0.element.time != $1.element.time ? $0.element.time < $1.element.time : $0.offset < $1.offset
    }.map(\.element)
    let kiosk = run?.kiosk ?? KioskDriver(app: app, config: KioskState.Config(), rotation: .none)
    var next = 0
    var frame = 0
    var lastDrawn = -2
    let epsilon = 1e-9
    // `stall MS`: no frame runs until this time; input inside it waits for the next frame.
    var stalledUntil = -Double.infinity
    while next < inputs.count {
        let t = Double(frame) / fps
        // SIGINT/SIGTERM: the run ends here, as at a quit (the caller says so and exits 128+n).
        if Termination.signal != nil { return }
        var probes: [Probe] = []
        var quit = false
        while next < inputs.count, inputs[next].time <= t + epsilon {
            let input = inputs[next]
            next += 1
            switch input.kind {
            // Script input is the panel's (--rotate): the kiosk driver maps it, as it does real input.
            case let .pointer(phase, id, p):
                kiosk.input(.pointer(PointerEvent(id: id, phase: phase, location: p, time: input.time)), now: input.time)
            case .action(.wheel(let dy, let at)):
                let panel = kiosk.panelSize
                kiosk.input(.wheel(dy: dy, location: at ?? Point(panel.width / 2, panel.height / 2), time: input.time), now: input.time)
            case .action(.key(let k)): kiosk.input(.key(k, time: input.time), now: input.time)
            case .action(.text(let s)): kiosk.input(.text(s, time: input.time), now: input.time)
            case .action(.composition(let s)): kiosk.input(.composition(s, time: input.time), now: input.time)
            case .action(.resize(let s)):
                // resize W H is the panel's size too.
                let layout = kiosk.rotation.layoutSize(panel: s)
                do { try display.resize(to: layout) } catch { throw RunFailure(message: "resize failed: \(error)", status: 1) }
                kiosk.input(.resize(s, time: input.time), now: input.time)
            case .action(.blur): kiosk.input(.focusLost(time: input.time), now: input.time)
            case .action(.middle(let p, let text)): kiosk.input(.middleClick(location: p, text: text, time: input.time), now: input.time)
            case .action(.paste(let text)):
                // The text arrives on the clipboard, as another app put it there, then Ctrl+V.
                app.env.clipboard.text = text
                kiosk.input(.key(Key.paste, time: input.time), now: input.time)
            case .action(.stall(let seconds)): stalledUntil = max(stalledUntil, input.time + seconds)
            case .action(.shot(let path)): probes.append(.shot(path))
            case .action(.state(let path)): probes.append(.state(path))
            case .action(.quit): quit = true
            case .action: break   // pointer actions never arrive here: expanded() turned them into .pointer
            }
            if quit { break }
        }
        kiosk.tick(now: t)
        let started = SDLContext.monotonicSeconds()   // a frame's time: advance + list + render
        let moving = app.advance(to: t)
        if app.quitRequested { quit = true }
        // The soak also draws every n-th frame while something moves (caches see real use).
        let soakFrame = renderWhileMovingEvery > 0 && moving && frame % renderWhileMovingEvery == 0
        var drawSeconds: Double?
        if !probes.isEmpty || renderEveryFrame || soakFrame {
            display.draw(app.displayList(time: t), consecutive: frame == lastDrawn + 1)
            lastDrawn = frame
            let drawTime = SDLContext.monotonicSeconds() - started
            app.recordFrameTime(drawTime, at: t)   // the overlay's frame-time graph
            // Headless, a frame is "presented" when drawn: at its tick plus the real time it took.
            app.recordPresent(at: t + drawTime)
            drawSeconds = drawTime
            onFrameRendered?(drawTime)
            // The framebuffer receives every frame a probe renders.
            if let fb = run?.framebuffer, !fb.show(display) {
                throw RunFailure(message: "the frame could not be read back", status: 1)
            }
        } else {
            // A tick that draws nothing presents nothing: its inputs are not measured (a probe
            // frame later would charge them the whole wait).
            app.forgetUnpresentedInputs()
        }
        for probe in probes {
            switch probe {
            case .shot(let path):
                guard let image = display.readOutput() else { throw RunFailure(message: "\(path): the frame could not be read back", status: 1) }
                do { try PNGFile.write(image, to: path) } catch { throw RunFailure(message: "\(error)", status: 1) }
            case .state(let path):
                var state = app.state(time: t, frame: frame, render: display.renderer.stats)
                if case .object(var fields) = state { fields.append(("kiosk", kiosk.json(now: t))); state = .object(fields) }
                let json = state.serialized + "\n"
                if let why = writeFile(path, json) {
                    throw RunFailure(message: "\(path): the state could not be written (\(why))", status: 1)
                }
            }
        }
        // `moving` false: the loop jumps to the next input from here, and this frame stands
        // for every one it skips.
        onFrame?(t, moving)
        run?.onFrame?(t, drawSeconds)
        if quit { return }
        frame += 1
        // A stall: the next frame is the first at or after its end; what came in meanwhile is
        // delivered there, together, each input with its own time.
        if stalledUntil > Double(frame) / fps {
            frame = max(frame, Int(((stalledUntil - epsilon) * fps).rounded(.up)))
            continue
        }
        // Nothing moves and nothing is due: jump to the next input's frame (a long pause in a
        // script costs nothing, and the result is the same as stepping every frame).
        if !moving && !renderEveryFrame && next < inputs.count {
            // The first frame whose time reaches the input's (the same test as above), or the
            // kiosk's or a study's next deadline if that comes first.
            let target = min(inputs[next].time, kiosk.nextDeadline ?? .infinity, app.studyDeadline ?? .infinity)
            var due = Int(((target - epsilon) * fps).rounded(.up))
            while due > frame && target <= Double(due - 1) / fps + epsilon { due -= 1 }
            frame = max(frame, due)
        }
    }
}

/// The console loop (`--output fbdev` or `kms` without --headless, and KMSDRM without a GPU):
/// real time, touches from evdev, each changed frame drawn by the software renderer and shown
/// on the console's display. fbdev has no vsync, so the loop paces itself at --fps (60 by
/// default); KMS flips on vblank as well, at the mode's refresh rate unless --fps is given.
/// SIGTERM/SIGINT still end it (SDL turns them into a quit event).
@MainActor
func runFramebuffer(app: AppController, display: Display, run: RunContext, input: EvdevInput?, keyboards: EvdevKeyboards?,
                    console: ConsoleMode?, fps: Double, fpsGiven: Bool) {
    guard let fb = run.framebuffer else { return }
    let events = EventSource(display: display)
    let start = SDLContext.monotonicSeconds()
    func now() -> Double { SDLContext.monotonicSeconds() - start }
    let kiosk = run.kiosk
    let frameBudget = 1 / (fpsGiven ? fps : fb.refreshRate ?? fps)
    var readySent = false
    var chores = LoopChores(app: app, run: run)
    let watch = run.selfWatch
    /// The fingers down when a dark panel was touched: they light it and do nothing else, to
    /// their lift (as a dark phone's screen takes its first touch).
    var waking: Set<Int64> = []
    /// A key lit a dark panel: the keyboard types nothing until every key is up.
    var wakingKeys = false
    /// The fingers down on the panel, as last delivered.
    var touching: [Int64: PointerEvent] = [:]
    /// The last frame drawn has not reached the panel yet (a flip that did not complete, a
    /// show that failed): it is offered again soon, not only with the next change.
    var unshown = false
    while !app.quitRequested {
        // A dark panel draws nothing: the loop sleeps, whatever moves (an attract loop would
        // keep it spinning all night).
        let darkBefore = !(watch?.panelLit ?? true)
        var wait = !darkBefore && (chores.animating || app.needsDisplay) ? 0 : 1.0
        if unshown, !darkBefore { wait = min(wait, KioskConstants.unshownFrameRetry) }
        chores.beforeWaiting(&wait, app: app, display: display, run: run, now: now)
        if !darkBefore, let d = kiosk.nextDeadline { wait = min(wait, max(0, d - now())) }
        if let watch {
            for d in [watch.frozen?.deadline, watch.nextStatus(), watch.nextPowerChange(at: now(), lastInput: kiosk.lastVisitorInput)] {
                if let d { wait = min(wait, max(0, d - now())) }
            }
        }
        waitForInput([input?.pollDescriptor].compactMap { $0 } + (keyboards?.descriptors ?? []), timeout: wait)
        for e in events.events(waitingUpTo: 0, now: now) { if case .quit = e { app.quitRequested = true } }
        let inFront = console?.showing ?? true
        let (typed, pressed) = keyboards?.poll(now: now()) ?? ([], false)
        if pressed || !typed.isEmpty { console?.dropTyped() }
        // A key on a dark panel (Shift alone too) lights it, as a touch does, and goes no
        // further, to the release of every key (its repeats type nothing).
        if inFront, pressed, !(watch?.panelLit ?? true) { wakingKeys = true; kiosk.noteVisitorInput(now: now()) }
        for k in typed where inFront {
            if wakingKeys { kiosk.noteVisitorInput(now: now()); continue }
            kiosk.input(k, now: now())
        }
        if wakingKeys, !(keyboards?.anyKeyHeld ?? false) { wakingKeys = false }
        for p in input?.poll(panel: kiosk.panelSize, now: now()) ?? [] {
            // Another console in front: its touches are not Fling's (a finger already down on
            // Fling's was cancelled when it left).
            guard inFront else { continue }
            // A touch on a dark panel lights it and goes no further.
            if !(watch?.panelLit ?? true), p.phase == .began { waking.insert(p.id) }
            if waking.contains(p.id) {
                if p.phase == .ended || p.phase == .cancelled { waking.remove(p.id) }
                kiosk.noteVisitorInput(now: now())
                continue
            }
            if p.phase == .ended || p.phase == .cancelled { touching[p.id] = nil } else { touching[p.id] = p }
            kiosk.input(.pointer(p), now: now())
        }
        if app.quitRequested { break }
        // Another console in front: Fling lets go; back: its frame goes up again at once.
        let lit = watch?.panelLit ?? true
        switch console?.pendingSwitch(beforeRelease: { fb.suspend() }, refused: { fb.resume(display, showing: lit) }) {
        case .back?:
            fb.resume(display, showing: lit)
            // (A schedule that lit the panel while away: its power comes back too.)
            if lit { _ = fb.setPower(true) }
            keyboards?.resyncAll()
            Log.info("console: back on Fling's console" + (lit ? ", frame restored" : "; the panel stays dark (--screen-schedule)"))
        case .away?:
            watch?.pause()
            // The fingers on the panel are cancelled: their lift will not come to Fling.
            for (_, p) in touching.sorted(by: { $0.key < $1.key }) {
                kiosk.input(.pointer(PointerEvent(id: p.id, phase: .cancelled, location: p.location, time: now())), now: now())
            }
            touching = [:]
            waking = []
        case nil:
            break
        }
        let t = now()
        kiosk.tick(now: t)
        run.systemd.loopAlive(now: t)
        // The schedule (or a touch) turns the panel off or on; lit again, the frame goes up whole.
        // (With another console in front the panel is not Fling's: its return sets the power.)
        if let lit = watch?.panelPower(at: t, lastInput: kiosk.lastVisitorInput), console?.showing ?? true {
            if !fb.setPower(lit), !lit {
                Log.info("screen: \(fb.summary): the panel cannot be powered down; it is shown black instead")
                fb.showBlack()
            }
            if lit { app.setNeedsDisplay() } else { watch?.pause() }
        }
        let dark = !(watch?.panelLit ?? true)
        // Started outside the schedule's hours: ready with the panel dark (systemd would wait
        // for a first frame that the schedule holds back, and kill the unit).
        if dark, !readySent { readySent = true; run.systemd.send("READY=1") }
        if chores.advance(app, to: t), !dark {
            chores.draw(app, on: display, at: t)
            if console?.showing ?? true {
                watch?.asked(at: t)
                unshown = !showFrame(fb, display, watch: watch, at: t)
            }
            app.recordPresent(at: now())
            run.onFrame?(t, now() - t)
            if !readySent { readySent = true; run.systemd.send("READY=1") }
            let spent = now() - t
            if spent < frameBudget { usleep(UInt32((frameBudget - spent) * 1_000_000)) }
        } else if unshown, !dark, console?.showing ?? true {
            // The frame drawn last is offered again as it is.
            unshown = !showFrame(fb, display, watch: watch, at: t)
        }
        if dark || !(console?.showing ?? true) { unshown = false }
        if chores.screenFroze(app: app, run: run, now: now()) { break }
    }
    run.systemd.send("STOPPING=1")
}

/// The console loop ended on a frozen screen: the app exits with status 70.
@MainActor var frozenScreen = false

/// Shows the frame `display` drew on the console's output, telling the frozen-screen watch
/// whether it reached the panel; returns whether it did.
@MainActor
private func showFrame(_ fb: ConsoleOutput, _ display: Display, watch: KioskSelfWatch?, at t: Double) -> Bool {
    if let why = watch?.presentBlocked(at: t) {
        watch?.failed(why, at: t)
        return false
    }
    guard fb.show(display) else {
        watch?.failed(fb.lastFailure ?? "the frame was not shown", at: t)
        return false
    }
    watch?.shown()
    return true
}
