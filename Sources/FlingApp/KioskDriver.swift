// KioskDriver: the layer every run loop sends real input through: panel-to-layout mapping, the
// touch filter and the kiosk state machine; also the hint shown when no display opens.
import FlingCore
import FlingUI
import FoundationEssentials
import Glibc

/// Everything between real input and the app in a run: panel coordinates mapped to
/// layout coordinates (`--rotate`, the one place this happens), the touch filter (ghosts,
/// stuck fingers), and the kiosk state (idle reset, attract loop, ways out). Every run loop
/// sends its input through `input` and calls `tick` once per iteration.
@MainActor
final class KioskDriver {
    let rotation: Rotation
    private(set) var state: KioskState
    private(set) var touches = TouchFilter()
    private let app: AppController
    /// Set when a kiosk way out (chord, corner press) asked to quit.
    private(set) var quitRequested = false
    /// `--record`: sees every real input as it arrives, before any mapping.
    var recorder: SessionRecorder?
    /// `--metrics`: every input the app receives (layout coordinates, filtered).
    var observer: ((InputEvent) -> Void)?
    /// The latest time the run reached (its last tick or input): where a recording ends.
    private(set) var lastTime = 0.0
    /// When a visitor last touched the panel (or pressed a key), on the run's clock; nil: not
    /// yet. The attract loop's inputs are not a visitor's.
    private(set) var lastVisitorInput: Double?

    init(app: AppController, config: KioskState.Config, rotation: Rotation, start: Double = 0) {
        self.app = app
        self.rotation = rotation
        state = KioskState(config: config, start: start)
    }

    /// The panel's size in pt (the layout size, turned).
    var panelSize: Size { rotation.panelSize(layout: app.windowSize) }

    /// A real input in panel coordinates.
    func input(_ e: InputEvent, now: Double) {
        recorder?.record(e)
        lastTime = max(lastTime, now)
        switch e {
        case .pointer(let p) where p.phase == .began: lastVisitorInput = now
        case .key, .text, .wheel: lastVisitorInput = now
        default: break
        }
        switch e {
        case .pointer(let p):
            var q = p
            q.location = rotation.layoutPoint(fromPanel: p.location, panel: panelSize)
            for f in touches.filter(q) { apply(state.input(.pointer(f), now: now)) }
        case let .wheel(dy, location, time):
            apply(state.input(.wheel(dy: dy, location: rotation.layoutPoint(fromPanel: location, panel: panelSize), time: time), now: now))
        case let .middleClick(location, text, time):
            apply(state.input(.middleClick(location: rotation.layoutPoint(fromPanel: location, panel: panelSize), text: text, time: time), now: now))
        case .resize(let panel, let time):
            apply(state.input(.resize(rotation.layoutSize(panel: panel), time: time), now: now))
        default:
            apply(state.input(e, now: now))
        }
    }

    /// A visitor's touch that does nothing but light a dark panel (`--screen-schedule`): the
    /// kiosk is in use again, nothing else happens.
    func noteVisitorInput(now: Double) {
        lastTime = max(lastTime, now)
        lastVisitorInput = now
    }

    /// A screen reader acted for the visitor (AccessibilityLink).
    func assistiveInput(now: Double) {
        lastTime = max(lastTime, now)
        apply(state.assistiveInput(time: now))
    }

    /// Time passes: held touches released, stuck ones cancelled, idle reset and attract input.
    func tick(now: Double) {
        lastTime = max(lastTime, now)
        for f in touches.flush(now: now) { apply(state.input(.pointer(f), now: now)) }
        apply(state.tick(now: now))
    }

    /// The next time `tick` has work (loops that sleep or skip frames).
    var nextDeadline: Double? {
        switch (touches.nextDeadline, state.nextDeadline()) {
        case let (a?, b?): min(a, b)
        case let (a, b): a ?? b
        }
    }

    private func apply(_ commands: some Sequence<KioskState.Command>) {
        for c in commands {
            switch c {
            case .pass(let e):
                observer?(e)
                app.handle(e)
            case .resetToHome(let t):
                Log.info("kiosk: reset to home at \(t)")
                app.resetToHome(time: t)
            case .quit:
                Log.info("kiosk: leaving on the exit chord or corner press")
                quitRequested = true
                app.quitRequested = true
            }
        }
    }

    /// The state dump's "kiosk" object.
    func json(now: Double) -> JSONValue {
        .object([("idleFor", .rounded(state.idleFor(at: now))), ("attract", .bool(state.attractPlaying)),
                 ("rotation", .int(rotation.degrees)), ("resets", .int(state.resets)),
                 ("ghostsDropped", .int(touches.ghostsDropped)), ("stuckReleased", .int(touches.stuckReleased))])
    }
}

/// Why no display could be opened, with what to do about it (KMSDRM included, for kiosks).
func noDisplayHint(environment: [String: String] = ProcessInfo.processInfo.environment,
                   drmDevices: () -> [String] = { (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri"))?.filter { $0.hasPrefix("card") } ?? [] }) -> String {
    if environment["SDL_VIDEODRIVER"]?.lowercased() == "kmsdrm" {
        let cards = drmDevices()
        if cards.isEmpty {
            return "SDL_VIDEODRIVER=kmsdrm: no DRM device (/dev/dri/card*): this machine has no GPU/KMS driver loaded; use --output fbdev, or run under X/Wayland"
        }
        return "SDL_VIDEODRIVER=kmsdrm: the DRM device (/dev/dri/\(cards.joined(separator: ", "))) could not be opened: add the user to the video and input groups, and make sure no X/Wayland session holds the display"
    }
    return "no display available: set DISPLAY (X11) or WAYLAND_DISPLAY, use SDL_VIDEODRIVER=kmsdrm on a console, or run with --headless"
}
