// ConsoleMode: the Linux console put in graphics mode while Fling draws to the framebuffer:
// its text and blinking cursor no longer draw over the frame. Text mode comes back
// on every exit Fling sees, a crash included (a handler for the fatal signals). A switch to
// another console (chvt, Ctrl+Alt+Fn) is handed over as X does it (VT_PROCESS): Fling stops
// writing while the other console shows and puts its frame back the moment its own returns.
// The keyboard is read from evdev while the kernel's console reads it too (so that its console
// switches work): the tty's line discipline is made raw, so Ctrl+C, Ctrl+Z and Ctrl+\ typed
// at the kiosk are bytes, not signals that end or stop it, and nothing is echoed; what piles
// up there is dropped (`dropTyped`).
import Glibc
import Synchronization

/// The kernel's `struct vt_mode` (linux/vt.h).
private struct VTMode {
    var mode: Int8 = 0, waitv: Int8 = 0, relsig: Int16 = 0, acqsig: Int16 = 0, frsig: Int16 = 0
}

/// Set by the VT signals, read by the loop (async-signal-safe stores).
private let vtReleaseAsked = Atomic<Bool>(false)
private let vtAcquired = Atomic<Bool>(false)

/// The virtual terminal Fling drew over, switched to graphics mode (KDSETMODE KD_GRAPHICS).
@MainActor
final class ConsoleMode {
    nonisolated static let KDSETMODE: UInt = 0x4B3A, KDGETMODE: UInt = 0x4B3B
    nonisolated static let KD_TEXT: Int32 = 0, KD_GRAPHICS: Int32 = 1
    nonisolated static let VT_GETMODE: UInt = 0x5601, VT_SETMODE: UInt = 0x5602, VT_GETSTATE: UInt = 0x5603, VT_RELDISP: UInt = 0x5605
    nonisolated static let VT_AUTO: Int8 = 0, VT_PROCESS: Int8 = 1, VT_ACKACQ: Int32 = 2

    /// What a console switch means for the frame.
    enum Switch: Equatable { case away, back }

    /// The console's descriptor for the crash handler (-1: none taken).
    nonisolated(unsafe) private static var crashFD: Int32 = -1
    nonisolated(unsafe) private static var crashMode: Int32 = 0
    nonisolated(unsafe) private static var crashTermios: termios?

    private let fd: Int32
    private let ownsFD: Bool
    private let previous: Int32
    /// The tty's line discipline as found (nil: not a tty, or left alone).
    private var previousTermios: termios?
    private var restored = false
    private var handsOver = false
    /// False while another console shows: nothing may be written to the framebuffer.
    private(set) var showing = true

    private init(fd: Int32, ownsFD: Bool, previous: Int32) {
        self.fd = fd; self.ownsFD = ownsFD; self.previous = previous
    }

    /// Takes the console: standard input when it is the virtual terminal Fling runs on (a
    /// unit's TTYPath= with StandardInput=tty-fail makes it the controlling tty), else
    /// /dev/tty0 (the one showing; root or CAP_SYS_TTY_CONFIG only). nil, with the reason
    /// logged, when there is none to take.
    static func take() -> ConsoleMode? {
        var mode: Int32 = 0
        var fd: Int32 = -1
        var owns = false
        if ioctl(0, KDGETMODE, &mode) == 0 {
            fd = 0
        } else {
            let f = open("/dev/tty0", O_RDWR | O_CLOEXEC | O_NOCTTY)
            if f >= 0, ioctl(f, KDGETMODE, &mode) == 0 {
                fd = f; owns = true
            } else {
                let why = f >= 0 ? "not a virtual terminal" : String(cString: strerror(errno))
                if f >= 0 { close(f) }
                Log.warning("console: not taken (standard input is not a virtual terminal; /dev/tty0: \(why)): console text and its cursor may draw over the frame; run from a VT, or give the unit TTYPath=/dev/tty1 with StandardInput=tty-fail")
                return nil
            }
        }
        guard ioctl(fd, KDSETMODE, KD_GRAPHICS) == 0 else {
            Log.warning("console: could not switch to graphics mode (\(String(cString: strerror(errno)))): console text may draw over the frame")
            if owns { close(fd) }
            return nil
        }
        let c = ConsoleMode(fd: fd, ownsFD: owns, previous: mode)
        crashFD = fd
        crashMode = mode
        _ = crashTermios   // (first touched here, not in the handler)
        var t = termios()
        if tcgetattr(fd, &t) == 0 {
            var raw = t
            raw.c_lflag &= ~tcflag_t(ISIG | ICANON | ECHO | IEXTEN)
            raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT)
            if tcsetattr(fd, TCSANOW, &raw) == 0 {
                c.previousTermios = t
                crashTermios = t
                _ = tcflush(fd, TCIFLUSH)
            }
        }
        for s in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGQUIT, SIGHUP] { signal(s, restoreAndDie) }
        // Console switches by signal: SIGUSR1 asks Fling to let go, SIGUSR2 gives it back.
        // (The flags are touched first: a lazy global's first use must not be in a handler.)
        _ = vtReleaseAsked.load(ordering: .sequentiallyConsistent)
        _ = vtAcquired.load(ordering: .sequentiallyConsistent)
        signal(SIGUSR1) { _ in vtReleaseAsked.store(true, ordering: .sequentiallyConsistent) }
        signal(SIGUSR2) { _ in vtAcquired.store(true, ordering: .sequentiallyConsistent) }
        var vt = VTMode(mode: VT_PROCESS, relsig: Int16(SIGUSR1), acqsig: Int16(SIGUSR2))
        if ioctl(fd, VT_SETMODE, &vt) == 0 {
            c.handsOver = true
            // Started (or restarted) while another console is in front: nothing is written
            // until Fling's own comes back (its acquire signal).
            var state: (active: UInt16, signal: UInt16, state: UInt16) = (0, 0, 0)
            var st = stat()
            if ioctl(fd, VT_GETSTATE, &state) == 0, fstat(fd, &st) == 0, fd == 0 {
                let own = UInt16(truncatingIfNeeded: st.st_rdev & 0xFF)   // /dev/ttyN: minor N
                if own != state.active {
                    c.showing = false
                    Log.info("console: tty\(own) is not in front (tty\(state.active) is): Fling draws when it comes back")
                }
            }
        } else {
            Log.warning("console: switches to another console not handed over (VT_SETMODE: \(String(cString: strerror(errno)))): Fling's frames may draw over it")
        }
        // Ctrl-Z at the console would stop Fling over a console nobody could see.
        signal(SIGTSTP, SIG_IGN)
        Log.info("console: \(fd == 0 ? "standard input" : "/dev/tty0") switched to graphics mode while Fling draws")
        return c
    }

    /// A console switch since the last call: `.away` (Fling has let go; write nothing until
    /// `.back`) or `.back` (its console shows again: the whole frame must be written).
    /// `beforeRelease` runs before the switch is let through (a KMS output drops the DRM
    /// master there, so the other console's kernel framebuffer can set its mode), and
    /// `refused` when there was no switch to let through after all (it takes the master back).
    func pendingSwitch(beforeRelease: () -> Void = {}, refused: () -> Void = {}) -> Switch? {
        guard handsOver, !restored else { return nil }
        if vtReleaseAsked.exchange(false, ordering: .sequentiallyConsistent) {
            beforeRelease()
            // Only a switch the kernel has pending is let go (a stray SIGUSR1 gets EINVAL and
            // must not blank the kiosk).
            guard ioctl(fd, Self.VT_RELDISP, 1) == 0 else {
                refused()
                return nil
            }
            showing = false
            return .away
        }
        if vtAcquired.exchange(false, ordering: .sequentiallyConsistent) {
            _ = ioctl(fd, Self.VT_RELDISP, Self.VT_ACKACQ)
            _ = ioctl(fd, Self.KDSETMODE, Self.KD_GRAPHICS)
            showing = true
            return .back
        }
        return nil
    }

    /// Drops what the keyboard typed into the console's tty (nobody reads it there; it must not
    /// reach a shell that takes the console after Fling).
    func dropTyped() { _ = tcflush(fd, TCIFLUSH) }

    /// Text mode (or whatever it was) again, and console switches the kernel's own.
    func restore() {
        guard !restored else { return }
        restored = true
        if var t = previousTermios {
            _ = tcflush(fd, TCIFLUSH)
            _ = tcsetattr(fd, TCSANOW, &t)
            Self.crashTermios = nil
        }
        if handsOver {
            // A switch asked for while Fling was quitting goes through (VT_SETMODE would
            // cancel it and the user's chvt would wait).
            if vtReleaseAsked.exchange(false, ordering: .sequentiallyConsistent) { _ = ioctl(fd, Self.VT_RELDISP, 1) }
            var vt = VTMode(mode: Self.VT_AUTO)
            _ = ioctl(fd, Self.VT_SETMODE, &vt)
        }
        _ = ioctl(fd, Self.KDSETMODE, previous)
        Self.crashFD = -1
        if ownsFD { close(fd) }
    }
}

/// A fatal signal: the console gets its mode back, then the signal does what it would have.
private func restoreAndDie(_ sig: Int32) {
    let fd = ConsoleMode.crashFDForSignal
    if fd >= 0 {
        var vt = VTMode(mode: ConsoleMode.VT_AUTO)
        _ = ioctl(fd, ConsoleMode.VT_SETMODE, &vt)
        _ = ioctl(fd, ConsoleMode.KDSETMODE, ConsoleMode.crashModeForSignal)
        if var t = ConsoleMode.crashTermiosForSignal { _ = tcflush(fd, TCIFLUSH); _ = tcsetattr(fd, TCSANOW, &t) }
    }
    signal(sig, SIG_DFL)
    raise(sig)
}

extension ConsoleMode {
    nonisolated static var crashFDForSignal: Int32 { crashFD }
    nonisolated static var crashModeForSignal: Int32 { crashMode }
    nonisolated static var crashTermiosForSignal: termios? { crashTermios }
}
