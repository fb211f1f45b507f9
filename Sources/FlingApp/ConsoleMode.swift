// ConsoleMode: the Linux console put in graphics mode while Fling draws to the framebuffer
// (issue 27): its text and blinking cursor no longer draw over the frame. Text mode comes back
// on every exit Fling sees, a crash included (a handler for the fatal signals).
import Glibc

/// The virtual terminal Fling drew over, switched to graphics mode (KDSETMODE KD_GRAPHICS).
@MainActor
final class ConsoleMode {
    nonisolated static let KDSETMODE: UInt = 0x4B3A, KDGETMODE: UInt = 0x4B3B
    nonisolated static let KD_TEXT: Int32 = 0, KD_GRAPHICS: Int32 = 1

    /// The console's descriptor for the crash handler (-1: none taken).
    nonisolated(unsafe) private static var crashFD: Int32 = -1
    nonisolated(unsafe) private static var crashMode: Int32 = 0

    private let fd: Int32
    private let ownsFD: Bool
    private let previous: Int32
    private var restored = false

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
                Log.info("console: not taken (standard input is not a virtual terminal; /dev/tty0: \(why)): console text and its cursor may draw over the frame; run from a VT, or give the unit TTYPath=/dev/tty1 with StandardInput=tty-fail")
                return nil
            }
        }
        guard ioctl(fd, KDSETMODE, KD_GRAPHICS) == 0 else {
            Log.info("console: could not switch to graphics mode (\(String(cString: strerror(errno)))): console text may draw over the frame")
            if owns { close(fd) }
            return nil
        }
        let c = ConsoleMode(fd: fd, ownsFD: owns, previous: mode)
        crashFD = fd
        crashMode = mode
        for s in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGQUIT, SIGHUP] { signal(s, restoreAndDie) }
        // Ctrl-Z at the console would stop Fling over a console nobody could see.
        signal(SIGTSTP, SIG_IGN)
        Log.info("console: \(fd == 0 ? "standard input" : "/dev/tty0") switched to graphics mode while Fling draws")
        return c
    }

    /// Text mode (or whatever it was) again.
    func restore() {
        guard !restored else { return }
        restored = true
        _ = ioctl(fd, Self.KDSETMODE, previous)
        Self.crashFD = -1
        if ownsFD { close(fd) }
    }
}

/// A fatal signal: the console gets its mode back, then the signal does what it would have.
private func restoreAndDie(_ sig: Int32) {
    let fd = ConsoleMode.crashFDForSignal
    if fd >= 0 { _ = ioctl(fd, ConsoleMode.KDSETMODE, ConsoleMode.crashModeForSignal) }
    signal(sig, SIG_DFL)
    raise(sig)
}

extension ConsoleMode {
    nonisolated static var crashFDForSignal: Int32 { crashFD }
    nonisolated static var crashModeForSignal: Int32 { crashMode }
}
