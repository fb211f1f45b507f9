// OutputFile: a file the app writes line by line while it runs (a recording, a metrics file, a
// study's tables), which may just as well be a pipe or a FIFO: opening never waits for a
// reader, a slow reader never stalls the frame loop, and a reader that leaves ends the file
// with one message, the lines before it kept, instead of killing the app with SIGPIPE.
import FlingCore
import FlingSDL
import Glibc

/// One file open for writing. Regular files are written at once (each line reaches the kernel
/// before `write` returns, so a killed app keeps it); pipes without blocking, the rest of a
/// line kept in memory until the reader takes it.
@MainActor
final class OutputFile {
    enum Mode { case append, truncate }

    let path: String
    /// What the file is, for messages ("the recording", "the metrics file").
    let what: String
    private var fd: Int32
    /// A pipe, a FIFO or a socket: written without blocking.
    let isPipe: Bool
    private var backlog: [UInt8] = []
    /// Why the file stopped before its end (a full disk, a reader that left): nil while it
    /// is whole. Said once, by `Log.error`, when it happens.
    private(set) var failure: String?

    /// Opens `path`. `lock`: an exclusive flock, refused when another process holds one (two
    /// Flings writing one file would interleave their lines). Throws a message naming the file.
    init(path: String, mode: Mode, what: String, lock: Bool = false, busy: String = "another Fling is writing to it") throws(RunFailure) {
        self.path = path
        self.what = what
        func fail(_ why: String) -> RunFailure {
            RunFailure(message: "\(path): \(what) could not be opened for writing (\(why))", status: 1)
        }
        guard !path.isEmpty else { throw RunFailure(message: "\(what): the path is empty", status: 2) }
        // O_NONBLOCK: a FIFO with no reader is refused at once (ENXIO) instead of waiting in
        // open forever. Truncation comes after the lock, so a refused second writer empties nothing.
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | (mode == .append ? O_APPEND : 0)
        let fd = open(path, flags, 0o644)
        guard fd >= 0 else {
            let why = errno
            var st = stat()
            let isFIFO = why == ENXIO && stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFIFO
            throw fail(isFIFO ? "a FIFO with no reader: start the reader first" : String(cString: strerror(why)))
        }
        var st = stat()
        guard fstat(fd, &st) == 0 else { let why = String(cString: strerror(errno)); Glibc.close(fd); throw fail(why) }
        let type = st.st_mode & S_IFMT
        if type == S_IFDIR { Glibc.close(fd); throw fail("a directory") }
        isPipe = type == S_IFIFO || type == S_IFSOCK
        if lock, flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let why = errno == EWOULDBLOCK ? busy : String(cString: strerror(errno))
            Glibc.close(fd)
            throw fail(why)
        }
        if mode == .truncate, type == S_IFREG, ftruncate(fd, 0) != 0 {
            let why = String(cString: strerror(errno)); Glibc.close(fd); throw fail(why)
        }
        // Only pipes stay non-blocking: a device (/dev/full, a tty) is written as asked.
        if !isPipe { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) }
        self.fd = fd
    }

    /// Writes `text`; false once the file has stopped (`failure` says why).
    @discardableResult
    func write(_ text: String) -> Bool {
        guard fd >= 0 else { return false }
        if isPipe {
            backlog.append(contentsOf: text.utf8)
            drain()
            if fd >= 0, backlog.count > InteractionConstants.pipeBacklogBytes {
                stop("its reader stopped reading: \(backlog.count >> 20) MiB waited")
            }
            return fd >= 0
        }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                stop(String(cString: strerror(errno)))
                return false
            }
            bytes = bytes.dropFirst(n)
        }
        return true
    }

    /// Hands the reader what it will take now, without waiting.
    private func drain() {
        while !backlog.isEmpty, fd >= 0 {
            let n = backlog.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n >= 0 { backlog.removeFirst(n); continue }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return }
            stop(errno == EPIPE ? "its reader went away" : String(cString: strerror(errno)))
        }
    }

    private func stop(_ why: String) {
        guard fd >= 0 else { return }
        let message = "\(path): \(what) stopped (\(why)): what came after is not in it"
        if failure == nil { failure = message; Log.error(message) }
        backlog = []
        Glibc.close(fd)
        fd = -1
    }

    /// The end: a pipe's waiting lines get `InteractionConstants.pipeDrainSeconds` to reach
    /// its reader, then the file is closed.
    func close() {
        guard fd >= 0 else { return }
        if isPipe, !backlog.isEmpty {
            let end = SDLContext.monotonicSeconds() + InteractionConstants.pipeDrainSeconds
            while !backlog.isEmpty, fd >= 0 {
                let left = end - SDLContext.monotonicSeconds()
                guard left > 0 else { break }
                var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&p, 1, Int32(max(1, left * 1000)))
                drain()
            }
            if fd >= 0, !backlog.isEmpty { stop("its reader did not take the last \(backlog.count) bytes") }
        }
        guard fd >= 0 else { return }
        if Glibc.close(fd) != 0, failure == nil {
            failure = "\(path): \(what) stopped (\(String(cString: strerror(errno)))): what came after is not in it"
            Log.error(failure ?? "")
        }
        fd = -1
    }

    deinit { if fd >= 0 { Glibc.close(fd) } }
}

/// Writes `text` to `path`; returns why it failed (the system's errno text), or nil.
func writeFile(_ path: String, _ text: String) -> String? {
    guard let f = fopen(path, "wb") else { return String(cString: strerror(errno)) }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
    let failure = written == bytes.count ? nil : String(cString: strerror(errno))
    if fclose(f) != 0 { return failure ?? String(cString: strerror(errno)) }
    return failure
}
