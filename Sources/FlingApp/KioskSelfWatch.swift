// KioskSelfWatch: a kiosk that watches itself (unattended, in a fleet), driven by the console loop: the
// frozen-screen watchdog (a frame asked for and none shown for `--frozen-screen` seconds:
// exit 70, so that systemd restarts the app), the screen schedule (`--screen-schedule`: the
// panel powered down outside its hours, lit by a touch), and the status file for a fleet
// (`--status-file`, KioskStatus's formats, replaced atomically).
import FlingCore
import FlingUI
import FoundationEssentials
import Glibc

@MainActor
final class KioskSelfWatch {
    private(set) var frozen: FrozenScreenWatch?
    let schedule: ScreenSchedule?
    /// How long a touch lights a panel its schedule blanks: the idle reset's time, so the
    /// panel goes dark when the kiosk goes back home.
    let wake: Double
    let statusPath: String?
    /// What shows the frames, for the status file.
    let output: String
    /// When the app started, on the monotonic clock (uptime must not jump with the wall
    /// clock: a board without a real-time clock steps it when NTP first answers).
    private let startedMonotonic = KioskSelfWatch.monotonicClock()
    private(set) var framesPresented = 0
    /// Whether the panel is lit now (false: its schedule blanks it).
    private(set) var panelLit = true
    private var written: (at: Double, scene: String, input: Double?, error: String?, lit: Bool, frames: Bool)?
    private var statusFailed = false

    init(frozenLimit: Double?, schedule: ScreenSchedule?, wake: Double, statusPath: String?, output: String) {
        frozen = frozenLimit.flatMap { $0 > 0 ? FrozenScreenWatch(limit: $0) : nil }
        self.schedule = schedule
        self.wake = wake
        self.statusPath = statusPath
        self.output = output
    }

    static func wallClock() -> Double { clock(CLOCK_REALTIME) }
    static func monotonicClock() -> Double { clock(CLOCK_MONOTONIC) }
    private static func clock(_ id: clockid_t) -> Double {
        var ts = timespec()
        clock_gettime(id, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Minutes since local midnight (the system's time zone: TZ, else /etc/localtime).
    static func localMinute() -> Double {
        var t = time(nil)
        var parts = tm()
        guard localtime_r(&t, &parts) != nil else { return 0 }
        return Double(parts.tm_hour * 60 + parts.tm_min) + Double(parts.tm_sec) / 60
    }

    // MARK: The frozen-screen watchdog

    /// FLING_TEST_BLOCK_PRESENT_AFTER=SECONDS (the kiosk VM's check of the watchdog): from that
    /// time on, no frame reaches the panel, as when a present is stuck or the DRM master lost.
    var blockPresentAfter: Double?

    /// Why this frame must not be shown (the test's blocked present), or nil.
    func presentBlocked(at t: Double) -> String? {
        guard let after = blockPresentAfter, t >= after else { return nil }
        return "the present is blocked (FLING_TEST_BLOCK_PRESENT_AFTER=\(cFormat("%g", after)))"
    }

    func asked(at t: Double) { frozen?.asked(at: t) }
    func shown() { frozen?.shown(); framesPresented += 1 }
    func failed(_ why: String, at t: Double) { frozen?.failed(why, at: t) }
    /// Nothing is to be shown for now (another console in front, the panel dark).
    func pause() { frozen?.pause() }

    /// Whether the screen has been frozen past the limit at `t` (said in the log once).
    func isFrozen(at t: Double) -> Bool {
        guard var f = frozen, f.check(at: t) else { return false }
        if case .frozen(let since) = f.state, frozen?.state != f.state {
            Log.error("frozen screen: a frame was asked for \(cFormat("%.1f", t - since)) s ago and none has been shown since"
                      + (f.lastFailure.map { " (\($0))" } ?? "") + ": exiting with status \(KioskConstants.frozenScreenStatus) so that the service restarts Fling")
        }
        frozen = f
        return true
    }

    // MARK: The screen schedule

    /// The panel's power at `t` (the run's clock) after the visitor's last input; a change
    /// is said in the log and returned.
    func panelPower(at t: Double, lastInput: Double?) -> Bool? {
        guard let schedule else { return nil }
        let minute = Self.localMinute()
        let lit = schedule.panelLit(atMinute: minute, now: t, lastInput: lastInput, wake: wake)
        guard lit != panelLit else { return nil }
        panelLit = lit
        if lit {
            Log.info(schedule.lit(atMinute: minute) ? "screen: lit (--screen-schedule \(schedule))" : "screen: lit by a touch outside \(schedule)")
        } else {
            Log.info("screen: dark until \(schedule.description.split(separator: "-")[0]) or a touch (--screen-schedule \(schedule))")
        }
        return lit
    }

    /// When the panel's power can next change on its own (its schedule's next hour, a touch's
    /// light running out), for the loop's wait.
    func nextPowerChange(at t: Double, lastInput: Double?) -> Double? {
        guard let schedule else { return nil }
        var next = t + schedule.secondsToNextChange(fromMinute: Self.localMinute())
        if panelLit, let lastInput, lastInput + wake > t { next = min(next, lastInput + wake) }
        return next
    }

    // MARK: The status file

    /// Writes the status file when it is due: every `KioskConstants.statusInterval`, and at
    /// once when the scene, the last input, the last error or the panel's power changed, or the
    /// first frame was shown.
    func writeStatus(at t: Double, scene: String, lastInput: Double?) {
        guard let path = statusPath else { return }
        let error = Log.lastError, anyFrame = framesPresented > 0
        if let w = written, t - w.at < KioskConstants.statusInterval, w.scene == scene, w.input == lastInput,
           w.error == error, w.lit == panelLit, w.frames == anyFrame { return }
        written = (t, scene, lastInput, error, panelLit, anyFrame)
        // Wall-clock times as of now: the start an uptime ago, the last input its age ago on
        // the loop's clock `t`.
        let now = Self.wallClock(), uptime = Self.monotonicClock() - startedMonotonic
        let status = KioskStatus(version: FlingVersion.string, startedAt: now - uptime, now: now, scene: scene,
                                 lastInputAt: lastInput.map { now - max(0, t - $0) }, framesPresented: framesPresented,
                                 lastError: error, residentBytes: Self.residentBytes(), output: output, panelLit: panelLit)
        if let problem = Self.replaceAtomically(path, with: status.text(forPath: path)) {
            if !statusFailed { Log.warning("\(path): the status file could not be written (\(problem)); trying again every \(Int(KioskConstants.statusInterval)) s") }
            statusFailed = true
        } else {
            if statusFailed { Log.info("\(path): the status file is written again") }
            statusFailed = false
        }
    }

    /// The next time the status file is due on its own.
    func nextStatus() -> Double? {
        guard statusPath != nil, let w = written else { return nil }
        return w.at + KioskConstants.statusInterval
    }

    /// Resident memory in bytes (/proc/self/statm's second field, in pages).
    static func residentBytes() -> Int {
        let fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return 0 }
        let fields = String(decoding: buffer[0..<n], as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// `text` written beside `path` and renamed over it (a reader never sees half a file, as
    /// node_exporter's textfile collector asks); the reason it failed, or nil.
    static func replaceAtomically(_ path: String, with text: String) -> String? {
        let temporary = path + ".tmp"
        if let problem = writeFile(temporary, text) {
            unlink(temporary)
            return problem
        }
        guard rename(temporary, path) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(temporary)
            return why
        }
        return nil
    }
}
