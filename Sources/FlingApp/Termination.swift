// Termination: SIGINT and SIGTERM in the runs without a window (headless scripts, replay,
// bench, soak). SDL turns them into a quit event, which those loops never read: a script ran
// to its end 74-79 s after the signal and `replay --out` needed SIGKILL. Here the
// signal sets a flag the loop checks each frame; the run stops there, writes what it has, and
// the process exits 128 + the signal, as a shell expects.
import Glibc
import Synchronization

private let caught = Atomic<Int32>(0)

enum Termination {
    /// Takes SIGINT and SIGTERM over from SDL's handlers (call after SDL is initialised).
    /// A second signal gets the default action (SA_RESETHAND): a run slow to stop can still be
    /// ended with Ctrl+C again. A signal ignored when Fling started (a background job of a
    /// non-interactive shell) stays ignored.
    static func install() {
        _ = caught.load(ordering: .sequentiallyConsistent)   // initialised outside the handler
        for s in [SIGINT, SIGTERM] {
            var old = sigaction()
            guard sigaction(s, nil, &old) == 0 else { continue }
            // SIG_IGN is the handler value 1 (SIG_DFL 0).
            if let h = old.__sigaction_handler.sa_handler, unsafeBitCast(h, to: Int.self) == 1 { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in caught.store(sig, ordering: .sequentiallyConsistent) }
            action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
            sigemptyset(&action.sa_mask)
            sigaction(s, &action, nil)
        }
    }

    /// The signal that asked the run to stop, if one did.
    static var signal: Int32? {
        let s = caught.load(ordering: .sequentiallyConsistent)
        return s == 0 ? nil : s
    }

    /// "SIGTERM" for a message.
    static func name(_ s: Int32) -> String { s == SIGINT ? "SIGINT" : s == SIGTERM ? "SIGTERM" : "signal \(s)" }

    /// The exit status after a stop (130 for SIGINT, 143 for SIGTERM), with a line saying so.
    static func exitStatus(_ s: Int32, _ program: String, at what: String) -> Int32 {
        printError("\(program): stopped by \(name(s)) \(what)")
        return 128 + s
    }
}
