// AccessibilityLink: the windowed app on the AT-SPI bus: the bridge fed with the app's tree
// (read again after a frame changed, at most four times a second while something moves), the
// screen reader's actions handed to the app on the loop's clock, announcements, and a watcher
// thread that wakes the sleeping loop when a client calls.
import Dispatch
import FlingAccessibility
import FlingCore
import FlingSDL
import FlingUI
import Glibc
import Synchronization

@MainActor
final class AccessibilityLink: AccessibilityHost {
    private let app: AppController
    private let display: Display
    private let events: EventSource
    private let now: () -> Double
    private var bridge: ATSPIBridge?
    private var watcher: BusWatcher?
    private var watchedGeneration = -1
    /// Whether the window had the keyboard at the last turn.
    private var windowFocused = true
    /// When the clients were last told about the tree (s, the loop's clock).
    private var lastUpdate = -Double.infinity

    init(app: AppController, display: Display, events: EventSource, now: @escaping () -> Double) {
        self.app = app
        self.display = display
        self.events = events
        self.now = now
        let bridge = ATSPIBridge(appName: "Fling", version: FlingVersion.string, host: self, log: { Log.info($0) })
        self.bridge = bridge
        bridge.start()
        rewatch()
    }

    /// One turn of the loop: answers what the clients asked, and after a frame that changed
    /// something (`changed`), tells them (not more often than `AccessibilityConstants.movingTreeInterval` while
    /// `moving`).
    func service(changed: Bool, moving: Bool) {
        guard let bridge else { return }
        // Alt-Tab back, or away: the window's active state and window:activate/deactivate.
        if events.windowFocused != windowFocused {
            windowFocused = events.windowFocused
            bridge.windowFocusChanged(active: windowFocused)
        }
        // Only when something arrived (the watcher saw it): a frame otherwise asks the buses nothing.
        if watcher?.hasArrivals ?? false { bridge.service() }
        let announcements = app.takeAccessibilityAnnouncements()
        if bridge.isActive {
            if changed { bridge.invalidate() }
            let t = now()
            if bridge.stale, !moving || t - lastUpdate >= AccessibilityConstants.movingTreeInterval {
                bridge.update()
                lastUpdate = t
            }
            for a in announcements { bridge.announce(a) }
        }
        rewatch()
        // What libdbus read on its own (flushing, waiting for a reply) is handled now: the
        // sockets are empty, so the watcher would not wake the loop for it.
        for _ in 0..<4 where bridge.hasQueuedMessages { bridge.service() }
        watcher?.drained()
    }

    /// Something a client asked changed the app: the next frame is drawn, and the kiosk's idle
    /// timer hears of it as it hears a touch.
    var onInput: (() -> Void)?

    func stop() {
        watcher?.stop()
        watcher = nil
        bridge?.stop()
        bridge = nil
    }

    /// A watcher for the buses the bridge is on now.
    private func rewatch() {
        guard let bridge, bridge.generation != watchedGeneration else { return }
        watchedGeneration = bridge.generation
        watcher?.stop()
        let fds = bridge.fileDescriptors
        watcher = fds.isEmpty ? nil : BusWatcher(fds: fds) { EventSource.wakeFromAnotherThread() }
        // What arrived before the new watcher began waiting is read once now.
        bridge.service()
    }

    // MARK: AccessibilityHost

    func accessibilityTree() -> AccessibilityElement {
        app.accessibilityTree(time: now(), active: events.windowFocused)
    }
    func performAccessibilityAction(_ name: String, on id: String) -> Bool {
        onInput?()
        return app.performAccessibilityAction(name, on: id, time: now())
    }
    func setAccessibilityValue(_ value: Double, on id: String) -> Bool {
        onInput?()
        return app.setAccessibilityValue(value, on: id, time: now())
    }
    func setAccessibilityText(_ text: String, on id: String) -> Bool {
        onInput?()
        return app.setAccessibilityText(text, on: id, time: now())
    }
    func setAccessibilityCaret(_ offset: Int, on id: String) -> Bool {
        onInput?()
        return app.setAccessibilityCaret(offset, on: id, time: now())
    }
    func focusAccessibilityElement(_ id: String) -> Bool {
        onInput?()
        return app.focusAccessibilityElement(id, time: now())
    }
    func screenRect(_ r: Rect) -> Rect { display.screenRect(forLayout: r) }
    func windowRect(_ r: Rect) -> Rect { display.windowRect(forLayout: r) }
}

/// Waits on the buses' sockets on a thread of its own and wakes the loop when something
/// arrives; then waits for the loop to have read it (the sockets stay readable until then).
final class BusWatcher: Sendable {
    private let waiting = Atomic<Bool>(false)
    private let drainedSignal = DispatchSemaphore(value: 0)
    /// A byte sent on it stops the thread (the other end is polled with the buses' sockets).
    private let stopPipe: (read: Int32, write: Int32)

    /// Nil when no stop socket can be made (the thread could never be ended).
    init?(fds: [Int32], wake: @escaping @Sendable () -> Void) {
        // A socket pair, not a pipe: the stop byte is sent with MSG_NOSIGNAL, so a thread that
        // has already gone never turns it into a SIGPIPE.
        var p: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &p) == 0 else { return nil }
        stopPipe = (p[0], p[1])
        let stopRead = p[0]
        DispatchQueue(label: "fling.atspi.watch").async { [self] in
            var sockets = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            while true {
                var polled = sockets
                polled.append(pollfd(fd: stopRead, events: Int16(POLLIN), revents: 0))
                let n = poll(&polled, nfds_t(polled.count), -1)
                if n < 0 && errno == EINTR { continue }
                if n < 0 || polled[polled.count - 1].revents != 0 {
                    // Stopped, or poll failed (it cannot with these fds): a failure still wakes the
                    // loop once, to read what came.
                    if n < 0 { waiting.store(true, ordering: .sequentiallyConsistent); wake() }
                    break
                }
                // A socket that closed (its bus went away) is watched no more; the loop is woken
                // to see it, and makes a new watcher for the buses left.
                let broken = Int16(POLLNVAL | POLLHUP | POLLERR)
                sockets = zip(sockets, polled).filter { $0.1.revents & broken == 0 }.map(\.0)
                waiting.store(true, ordering: .sequentiallyConsistent)
                wake()
                drainedSignal.wait()
            }
            close(stopRead)
        }
    }

    /// Something arrived since the loop last read the sockets.
    var hasArrivals: Bool { waiting.load(ordering: .sequentiallyConsistent) }

    /// The loop has read the sockets: the watcher may wait again.
    func drained() {
        if waiting.exchange(false, ordering: .sequentiallyConsistent) { drainedSignal.signal() }
    }

    /// Ends the thread (it closes its end of the stop socket as it goes).
    func stop() {
        var b: UInt8 = 1
        _ = send(stopPipe.write, &b, 1, Int32(MSG_NOSIGNAL))
        close(stopPipe.write)
        drainedSignal.signal()
    }
}
