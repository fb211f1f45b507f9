// Termination: SIGINT and SIGTERM in the runs without a window (headless scripts, replay,
// bench, soak). SDL turns them into a quit event, which those loops never read: a script ran
// to its end 74-79 s after the signal and `replay --out` needed SIGKILL (issue 29). Here the
// signal sets a flag the loop checks each frame; the run stops there, writes what it has, and
// the process exits 128 + the signal, as a shell expects.
import Glibc
import Synchronization

private let caught = Atomic<Int32>(0)

enum Termination {
    /// Takes SIGINT and SIGTERM over from SDL's handlers (call after SDL is initialised).
    static func install() {
        _ = caught.load(ordering: .sequentiallyConsistent)   // initialised outside the handler
        for s in [SIGINT, SIGTERM] {
            Glibc.signal(s) { sig in caught.store(sig, ordering: .sequentiallyConsistent) }
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
