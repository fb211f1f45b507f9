// EventSource: SDL events in, InputEvents out (panel pt coordinates, app-clock timestamps).
// Mouse (left button) and touch fingers become one pointer stream; mouse events that SDL
// synthesised from touches (which == SDL_TOUCH_MOUSEID) are dropped so nothing is handled twice.
// Weeks of uptime, kiosks:
//  [x] event stamps survive SDL's 32-bit tick wrap (49.7 days) and a suspend (EventClock)
//  [x] finger events are taken whatever their window id: under KMSDRM it is 0, and no mouse
//      events are synthesised from touches (we never relied on either)
//  [x] positions are the panel's (the window as mounted); the app maps them for --rotate
//  [x] the time the mouse last moved, so kiosk mode can show the cursor only then
//  [x] X11: mouse events carry the X server's own time (for the release velocity), read from the raw X event SDL
//      hands over first (SDL_SYSWMEVENT) and mapped by ServerClock; touch, and other
//      platforms, keep SDL's stamps (when SDL read its queue). Each PointerEvent's `timing`
//      says which; those SDL read in a batch after the loop was busy are spread over that
//      time (PollTimeSpreader), not left at one instant.
import CInputTime
import CSDL2
import FlingCore
import Glibc

@MainActor
public final class EventSource {
    private let display: Display
    private var mouseDown = false
    /// App-clock time of the last real mouse motion (kiosk: the cursor shows while it moves).
    public private(set) var lastMouseMotion: Double?
    /// Where the last pointer event's time came from: the X server's clock, or SDL's stamp
    /// (when SDL read the event).
    public private(set) var pointerTiming = InputTiming.poll
    /// When the last read of events ended (the loop was busy from then until the next).
    private var lastReadEnd: Double?
    private var spreader = PollTimeSpreader()
    private var serverClock = ServerClock()
    /// The X server's time of the core event SDL is about to translate (its raw event first).
    private var pendingServerStamp: UInt32?
    /// The last mouse event's time from the server's clock.
    private var lastServerTime: Double?
    private let log: (String) -> Void
    private var timingLogged = false

    public init(display: Display, log: @escaping (String) -> Void = { _ in }) {
        self.display = display
        self.log = log
        if let driver = SDL_GetCurrentVideoDriver(), String(cString: driver) == "x11" {
            SDL_EventState(UInt32(SDL_SYSWMEVENT.rawValue), SDL_ENABLE)
        }
    }

    /// Whether the window has the keyboard (true until the system says it lost it: a kiosk
    /// without a window manager is never told it has it).
    public private(set) var windowFocused = true
    /// X keycodes that were down when the window last took focus and have not been released
    /// since, and whether the next SDL key press comes from one of them.
    private var heldAtFocus: Set<Int> = []
    private var dropsNextKeyDown = false

    /// Wakes a loop waiting in `events(waitingUpTo:)` from another thread (an evdev reader):
    /// an SDL user event, which translates to nothing.
    public nonisolated static func wakeFromAnotherThread() {
        var e = SDL_Event()
        e.type = SDL_USEREVENT.rawValue
        _ = SDL_PushEvent(&e)
    }

    /// Waits up to `timeout` seconds for the first event (0 = just poll), then drains the queue.
    /// Pointer events carry the X server's time where it has one, else SDL's stamp (on the app
    /// clock, 1 ms resolution: when SDL pumped the system queue), and a batch SDL pumped at
    /// once is spread over the time it piled up in (`spreadBatch`); each says which
    /// (`PointerEvent.timing`).
    public func events(waitingUpTo timeout: Double, now: () -> Double) -> [InputEvent] {
        var out: [InputEvent] = []
        let entered = now()
        defer { lastReadEnd = now() }
        var e = SDL_Event()
        func time(_ e: SDL_Event) -> Double {
            EventClock.time(stamp: e.common.timestamp, ticksNow: SDL_GetTicks64(), now: now())
        }
        func take(_ e: SDL_Event) {
            if e.type == SDL_SYSWMEVENT.rawValue {
                let stamp = withUnsafePointer(to: e) { fling_x11_pointer_event_time($0) }
                if stamp != 0 { pendingServerStamp = UInt32(truncatingIfNeeded: stamp) }
                noteServerKeys(e)
                return
            }
            translate(e, eventTime(e, poll: time(e), now: now), into: &out)
        }
        if timeout > 0 {
            if SDL_WaitEventTimeout(&e, Int32((timeout * 1000).rounded(.up))) != 0 { take(e) }
        }
        while SDL_PollEvent(&e) != 0 { take(e) }
        dropsNextKeyDown = false   // (SDL's key event comes in the same read as the X one)
        spreadBatch(&out, readAt: entered)
        return out
    }

    /// Pointer events SDL stamped when it read its queue on entry (they arrived while the loop
    /// was busy, since the last read ended) get times spread over that window; those that
    /// arrived during the wait keep their stamps, unless three or more share one stamp: a
    /// backlog read at once during the wait (the process was stopped or starved there: a flick
    /// made during a 400 ms SIGSTOP under weston read 0), spread up to that stamp.
    private func spreadBatch(_ out: inout [InputEvent], readAt entered: Double) {
        guard let since = lastReadEnd else {
            for e in out { if case .pointer(let p) = e, p.timing == .poll { spreader.observe([p]) } }
            return
        }
        var pollTimes: [Double] = []
        for e in out { if case .pointer(let p) = e, p.timing == .poll { pollTimes.append(p.time) } }
        guard !pollTimes.isEmpty else { return }
        // The latest run of three or more stamps within a read's tolerance (they are in order).
        var readAt = entered
        var runStart = 0
        for i in pollTimes.indices {
            if pollTimes[i] - pollTimes[runStart] > Self.sameReadTolerance { runStart = i }
            if i - runStart + 1 >= 3 { readAt = max(readAt, pollTimes[i]) }
        }
        var indices: [Int] = []
        var batch: [PointerEvent] = []
        var oneByOne: [PointerEvent] = []
        for (i, e) in out.enumerated() {
            guard case .pointer(let p) = e, p.timing == .poll else { continue }
            if p.time <= readAt + Self.sameReadTolerance { indices.append(i); batch.append(p) } else { oneByOne.append(p) }
        }
        if !batch.isEmpty {
            for (i, p) in zip(indices, spreader.spread(batch, since: since, readAt: readAt)) { out[i] = .pointer(p) }
        }
        spreader.observe(oneByOne)
    }

    /// SDL's stamps are whole milliseconds, taken just after the read began (an event that came
    /// 2 ms into the wait is no part of the batch).
    private static let sameReadTolerance = 0.0015

    /// A mouse event's time: the X server's when its raw event came just before it; SDL's stamp
    /// otherwise. A mouse event without one among server-timed ones (SDL makes some itself)
    /// takes the last server time, so that a gesture's times never go back.
    private func eventTime(_ e: SDL_Event, poll: Double, now: () -> Double) -> Double {
        let mouse = e.type == SDL_MOUSEMOTION.rawValue || e.type == SDL_MOUSEBUTTONDOWN.rawValue || e.type == SDL_MOUSEBUTTONUP.rawValue
        let finger = e.type == SDL_FINGERDOWN.rawValue || e.type == SDL_FINGERMOTION.rawValue || e.type == SDL_FINGERUP.rawValue
        guard mouse || finger else { return poll }
        defer { pendingServerStamp = nil }
        guard mouse else { pointerTiming = .poll; return poll }
        guard let stamp = pendingServerStamp else {
            if let last = lastServerTime, poll - last < 0.5 { return last }
            pointerTiming = .poll
            return poll
        }
        pointerTiming = .server
        if !timingLogged {
            timingLogged = true
            log("input: mouse events are timed by the X server's clock; touch SDL reads by when it read them (--input DEVICE: by the kernel)")
        }
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        let t = serverClock.time(stamp: stamp, now: now(), monotonic: Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9)
        lastServerTime = t
        return t
    }

    private func translate(_ e: SDL_Event, _ time: Double, into out: inout [InputEvent]) {
        switch SDL_EventType(e.type) {
        case SDL_QUIT:
            out.append(.quit)
        case SDL_MOUSEBUTTONDOWN where e.button.which != fling_SDL_TOUCH_MOUSEID() && e.button.button == UInt8(SDL_BUTTON_LEFT):
            mouseDown = true
            out.append(.pointer(PointerEvent(id: 0, phase: .began, location: display.toPoints(x: e.button.x, y: e.button.y), time: time, timing: pointerTiming)))
        case SDL_MOUSEBUTTONDOWN where e.button.which != fling_SDL_TOUCH_MOUSEID() && e.button.button == UInt8(SDL_BUTTON_MIDDLE):
            // X11 and Wayland paste the PRIMARY selection with a middle click: read with it.
            out.append(.middleClick(location: display.toPoints(x: e.button.x, y: e.button.y), text: SDLPrimarySelection.current(), time: time))
        case SDL_MOUSEBUTTONUP where e.button.which != fling_SDL_TOUCH_MOUSEID() && e.button.button == UInt8(SDL_BUTTON_LEFT):
            guard mouseDown else { return }
            mouseDown = false
            out.append(.pointer(PointerEvent(id: 0, phase: .ended, location: display.toPoints(x: e.button.x, y: e.button.y), time: time, timing: pointerTiming)))
        case SDL_MOUSEMOTION where e.motion.which != fling_SDL_TOUCH_MOUSEID():
            lastMouseMotion = time
            guard mouseDown else { return }
            out.append(.pointer(PointerEvent(id: 0, phase: .moved, location: display.toPoints(x: e.motion.x, y: e.motion.y), time: time, timing: pointerTiming)))
        case SDL_MOUSEWHEEL where e.wheel.which != fling_SDL_TOUCH_MOUSEID():
            var dy = Double(e.wheel.preciseY)
            if e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue { dy = -dy }
            var mx: Int32 = 0, my: Int32 = 0
            SDL_GetMouseState(&mx, &my)
            out.append(.wheel(dy: dy, location: display.toPoints(x: mx, y: my), time: time))
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            let phase: PointerEvent.Phase = e.type == SDL_FINGERDOWN.rawValue ? .began : e.type == SDL_FINGERUP.rawValue ? .ended : .moved
            // Finger coordinates are normalised 0…1 over the window (under KMSDRM, with window
            // id 0, over the touch device, which a kiosk's fullscreen window covers).
            let panel = display.panelSize
            let p = Point(Double(e.tfinger.x) * panel.width, Double(e.tfinger.y) * panel.height)
            out.append(.pointer(PointerEvent(id: 1 + Int64(e.tfinger.fingerId), phase: phase, location: p, time: time, timing: pointerTiming)))
        case SDL_KEYDOWN:
            // A key already held when the window took focus (Ctrl+Q still down from the Fling
            // before) reaches SDL as a fresh press when X repeats it: it is no press of this
            // run's, and quit on it would end a new Fling at once. It counts again once released.
            guard !dropsNextKeyDown else { dropsNextKeyDown = false; return }
            // Keys the app has no use for (a modifier alone, media keys) are dropped.
            guard let key = KeyTranslation.key(sym: e.key.keysym.sym, mod: e.key.keysym.mod) else { return }
            out.append(.key(key, time: time))
        case SDL_TEXTINPUT:
            let text = withUnsafeBytes(of: e.text.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            out.append(.text(text, time: time))
        case SDL_TEXTEDITING:
            // The IME's composition so far (empty when it ends).
            let text = withUnsafeBytes(of: e.edit.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            out.append(.composition(text, time: time))
        case SDL_TEXTEDITING_EXT:
            // A composition too long for SDL_TEXTEDITING's buffer; SDL allocated the text.
            guard let raw = e.editExt.text else { return }
            out.append(.composition(String(cString: raw), time: time))
            SDL_free(raw)
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(e.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED:
                display.refreshWindowMetrics()
                out.append(.resize(display.panelSize, time: time))
            case SDL_WINDOWEVENT_FOCUS_GAINED:
                windowFocused = true
            case SDL_WINDOWEVENT_FOCUS_LOST:
                windowFocused = false
                mouseDown = false
                out.append(.focusLost(time: time))
            case SDL_WINDOWEVENT_EXPOSED:
                display.invalidateWindow()
                // Redraw only: an event of any kind marks the frame dirty, and a resize to
                // the same size changes nothing.
                out.append(.resize(display.panelSize, time: time))
            default: break
            }
        default:
            break
        }
    }

    /// The X server's word on keys: KeymapNotify (sent as the window takes focus) lists the
    /// keys down then; a KeyPress of one of them before its release is that old hold (X's
    /// auto-repeat, which SDL reports as a fresh press since it never saw the first), so the
    /// SDL key event made from it is dropped.
    private func noteServerKeys(_ e: SDL_Event) {
        var keys = [UInt8](repeating: 0, count: 32)
        if withUnsafePointer(to: e, { p in keys.withUnsafeMutableBufferPointer { fling_x11_keymap_notify(p, $0.baseAddress) } }) == 1 {
            heldAtFocus = []
            for code in 8..<256 where keys[code >> 3] & (1 << (code & 7)) != 0 { heldAtFocus.insert(code) }
            return
        }
        var pressed: Int32 = 0
        let code = Int(withUnsafePointer(to: e) { fling_x11_key_event($0, &pressed) })
        guard code != 0 else { return }
        if pressed == 0 { heldAtFocus.remove(code) } else if heldAtFocus.contains(code) { dropsNextKeyDown = true }
    }
}
