// DeviceReader: an input device read on a thread of its own, so that a stalled
// frame neither delays nor loses its reports; the loop takes the bytes and decodes them.
import Dispatch
import Glibc
import Synchronization

/// Reads a device on a dispatch queue of its own whenever it has input, keeping the bytes
/// (whole events, with the kernel's stamps in them) for the loop to decode. It owns the
/// descriptor from then on: closed when the reading stops, never under a running read.
final class DeviceReader {
    /// What was read and not yet taken, shared with the reading queue.
    private final class Pending: Sendable {
        struct Bytes {
            var bytes: [UInt8] = []
            /// Older events were dropped to stay within `limit` (the loop did not take them).
            var overflowed = false
            /// The device went away (unplugged): the error, until the loop has taken it; and
            /// whether reading ended (nothing more will come).
            var gone: Int32?
            var ended = false
        }
        let state = Mutex(Bytes())
    }
    private let source: any DispatchSourceRead
    private let pending = Pending()
    private let stopped = DispatchSemaphore(value: 0)
    /// Bytes kept for the loop at most.
    static let limit = 1 << 20

    /// `eventSize`: the bytes of one struct input_event (24 on 64-bit Linux), the unit bytes are
    /// dropped in when the loop falls behind.
    init(fd: Int32, eventSize: Int, wake: @escaping @Sendable () -> Void) {
        source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: DispatchQueue(label: "fling.evdev"))
        // (Cancelling is thread-safe; the handler lets go of the source once it is cancelled.)
        nonisolated(unsafe) let reading = source
        source.setEventHandler { [pending] in
            if pending.state.withLock({ $0.ended }) { return }
            var buffer = [UInt8](repeating: 0, count: 4096 / eventSize * eventSize)
            var got = false
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0, errno != EAGAIN, errno != EINTR {
                    // Unplugged (ENODEV) or broken: say so once and stop reading.
                    let e = errno
                    pending.state.withLock { $0.gone = e; $0.ended = true }
                    reading.cancel()
                    got = true
                    break
                }
                guard n > 0 else { break }
                pending.state.withLock { s in
                    s.bytes += buffer[0..<n]
                    // A loop that does not take them (hung): the newest whole events stay.
                    let over = s.bytes.count - DeviceReader.limit
                    if over > 0 {
                        s.bytes.removeFirst((over + eventSize - 1) / eventSize * eventSize)
                        s.overflowed = true
                    }
                }
                got = true
                if n < buffer.count { break }
            }
            if got { wake() }
        }
        source.setCancelHandler { [stopped] in
            close(fd)
            stopped.signal()
        }
        source.resume()
    }

    /// What was read since the last call, whether older bytes were dropped, and the error that
    /// ended the reading (once).
    func take() -> (bytes: [UInt8], overflowed: Bool, gone: Int32?) {
        pending.state.withLock { s in
            if s.bytes.isEmpty && !s.overflowed && s.gone == nil { return ([], false, nil) }
            var out: [UInt8] = []
            swap(&out, &s.bytes)
            defer { s.overflowed = false; s.gone = nil }
            return (out, s.overflowed, s.gone)
        }
    }

    /// Stops reading and closes the device; returns once no read can run any more.
    func stop() {
        source.cancel()
        stopped.wait()
    }
}
