// SystemdNotify: sd_notify without libsystemd: READY=1 once the first frame is up and watchdog
// pings from the loop, so systemd can restart a hung kiosk.
import FlingCore
import FoundationEssentials
import Glibc
#if canImport(Glibc)
import Glibc
#endif

/// sd_notify(3) without libsystemd: one datagram to $NOTIFY_SOCKET (a path, or an abstract
/// socket when it starts with "@"). Under a unit with `Type=notify` and `WatchdogSec=`, Fling
/// says READY=1 once its first frame is up and WATCHDOG=1 from its loop at half the interval
/// (WATCHDOG_USEC), so a hung loop gets the service restarted. Outside systemd it does nothing.
@MainActor
final class SystemdNotifier {
    private let socketPath: String?
    /// Seconds between WATCHDOG=1 pings; nil when no watchdog is configured.
    let watchdogInterval: Double?
    private var lastPing = -Double.infinity

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        var interval: Double?
        if let us = environment["WATCHDOG_USEC"].flatMap(Double.init), us > 0 {
            // WATCHDOG_PID, when set, must be ours (sd_watchdog_enabled's rule).
            if let pid = environment["WATCHDOG_PID"].flatMap(Int32.init), pid != getpid() { interval = nil }
            else { interval = us / 1e6 * KioskConstants.watchdogFraction }
        }
        watchdogInterval = socketPath == nil ? nil : interval
    }

    var enabled: Bool { socketPath != nil }

    /// Feeds the watchdog if it is due (call once per loop iteration, with the app clock).
    func loopAlive(now: Double) {
        guard let interval = watchdogInterval, now - lastPing >= interval else { return }
        lastPing = now
        send("WATCHDOG=1")
    }

    /// Sends a state string ("READY=1", "STOPPING=1"…). Returns false if it could not.
    @discardableResult
    func send(_ state: String) -> Bool {
        guard let path = socketPath else { return false }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }   // abstract namespace
        let capacity = MemoryLayout.size(ofValue: addr.sun_path)
        guard bytes.count < capacity else { return false }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        let sent = state.utf8CString.withUnsafeBufferPointer { msg in
            withUnsafePointer(to: &addr) { p in
                p.withMemoryRebound(to: sockaddr.self, capacity: 1) { sendto(fd, msg.baseAddress, msg.count - 1, Int32(MSG_NOSIGNAL), $0, length) }
            }
        }
        return sent >= 0
    }
}
