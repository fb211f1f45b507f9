// ReplayFrameSpool: `fling replay`'s output frames, compressed, kept in a temporary file rather
// than in memory until they are written (before, a 60 s recording to an animated PNG held
// 837 MB; five minutes did not finish in 600 s). The file is unlinked at once: it goes when
// the process does, a crash or a signal included.
import FoundationEssentials
import Glibc

final class ReplayFrameSpool {
    private let fd: Int32
    private var end: off_t = 0

    /// A spool in $TMPDIR (or /tmp); a message naming where when it cannot be made.
    init() throws(RunFailure) {
        let dir = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(dir)/fling-replay-XXXXXX".utf8CString)
        let f = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard f >= 0 else {
            throw RunFailure(message: "\(dir): no temporary file for the replay's frames (\(String(cString: strerror(errno))))", status: 1)
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        fd = f
    }

    deinit { close(fd) }

    /// Stores `bytes`; returns where they are.
    func append(_ bytes: [UInt8]) throws(RunFailure) -> (offset: off_t, length: Int) {
        let offset = end
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress! + done, $0.count - done, offset + off_t(done)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw RunFailure(message: "the replay's frames could not be kept in a temporary file (\(String(cString: strerror(errno))))", status: 1)
            }
            done += n
        }
        end += off_t(bytes.count)
        return (offset, bytes.count)
    }

    /// The bytes stored at `offset`.
    func read(offset: off_t, length: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: length)
        var done = 0
        while done < length {
            let n = out.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, length - done, offset + off_t(done)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            done += n
        }
        return out
    }
}
