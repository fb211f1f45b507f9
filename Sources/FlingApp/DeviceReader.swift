// DeviceReader: an input device read on a thread of its own (issue 28), so that a stalled
// frame neither delays nor loses its reports; the loop takes the bytes and decodes them.
import Dispatch
import Glibc
import Synchronization

/// Reads a device on a dispatch queue of its own whenever it has input, keeping the bytes
/// (whole events, with the kernel's stamps in them) for the loop to decode.
final class DeviceReader {
    /// The bytes read and not yet taken, shared with the reading queue.
    private final class Pending: Sendable {
        let bytes = Mutex<[UInt8]>([])
    }
    private let source: any DispatchSourceRead
    private let pending = Pending()
    /// Bytes kept for the loop at most (struct input_event is 24 bytes on 64-bit Linux).
    static let limit = 1 << 20

    init(fd: Int32, wake: @escaping @Sendable () -> Void) {
        source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: DispatchQueue(label: "fling.evdev"))
        source.setEventHandler { [pending] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            var got = false
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                guard n > 0 else { break }
                pending.bytes.withLock { bytes in
                    bytes += buffer[0..<n]
                    // A loop that never takes them (hung): the newest 1 MB of whole events stay.
                    let over = bytes.count - DeviceReader.limit
                    if over > 0 { bytes.removeFirst((over + 23) / 24 * 24) }
                }
                got = true
                if n < buffer.count { break }
            }
            if got { wake() }
        }
        source.resume()
    }

    /// What was read since the last call.
    func take() -> [UInt8] {
        pending.bytes.withLock { bytes in
            defer { bytes.removeAll(keepingCapacity: true) }
            return bytes
        }
    }

    func stop() { source.cancel() }
}
