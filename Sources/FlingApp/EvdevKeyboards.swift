// EvdevKeyboards: the keyboards of a console kiosk read by Fling itself: on the KMS
// dumb buffers and on fbdev no SDL video driver reads them. Every evdev device with letter
// keys and autorepeat, found at start and again every few seconds (a technician plugs one in),
// read without blocking and not grabbed (the kernel's own Ctrl+Alt+Fn console switches must
// keep working; ConsoleMode keeps the typing from turning into signals on Fling's tty). Each
// keyboard has its own EvdevKeyboardDecoder (a keyboard unplugged with Shift held leaves no
// Shift behind), started from the device's lock LEDs and resynchronised after an overrun.
import FlingCore
import Glibc

@MainActor
final class EvdevKeyboards {
    private struct Device {
        var path: String
        var fd: Int32
        /// Splits the bytes into whole events.
        var events = EvdevDecoder()
        var keys: EvdevKeyboardDecoder
    }
    private var devices: [Device] = []
    private var lastScan = -Double.infinity
    /// Devices looked at that are not keyboards (by device number and the node's creation, as
    /// a number freed by an unplug is given to the next device): not opened again at each
    /// rescan (that would wake a runtime-suspended USB device every few seconds).
    private struct NodeID: Hashable { var device: UInt64; var seconds: Int; var nanoseconds: Int }
    private var notKeyboards: Set<NodeID> = []

    init(now: Double) { rescanIfDue(now: now) }

    /// The descriptors to wait on.
    var descriptors: [Int32] { devices.map(\.fd) }

    /// Whether a key is held on any keyboard.
    var anyKeyHeld: Bool { devices.contains { !$0.keys.held.isEmpty } }

    /// _IOR('E', nr, len), the evdev ioctls that read state.
    static func EVIOC(_ nr: Int, bytes: Int) -> UInt { UInt(2 << 30 | bytes << 16 | 0x45 << 8 | nr) }
    /// EVIOCGBIT(ev, len): EV_KEY is 1, EV_REP 20 (bits of ev 0).
    static func EVIOCGBIT(_ ev: Int, bytes: Int) -> UInt { EVIOC(0x20 + ev, bytes: bytes) }
    static func EVIOCGKEY(bytes: Int) -> UInt { EVIOC(0x18, bytes: bytes) }
    static func EVIOCGLED(bytes: Int) -> UInt { EVIOC(0x19, bytes: bytes) }

    /// The bits an evdev state ioctl fills, as the set of their numbers (empty if it fails).
    static func bits(_ fd: Int32, _ request: (Int) -> UInt, count: Int) -> Set<UInt16> {
        var b = [UInt8](repeating: 0, count: (count + 7) / 8)
        guard b.withUnsafeMutableBytes({ ioctl(fd, request($0.count), $0.baseAddress!) }) >= 0 else { return [] }
        return Set((0..<count).filter { b[$0 / 8] & (1 << UInt8($0 % 8)) != 0 }.map { UInt16($0) })
    }

    /// A keyboard: key events with autorepeat and the letters Q to P (KEY_Q…KEY_P, 16…25), as
    /// PhysicalKeyboard tells one (a power button or a touchscreen's buttons have neither).
    static func isKeyboard(_ fd: Int32) -> Bool {
        var types = [UInt8](repeating: 0, count: 4), keys = [UInt8](repeating: 0, count: 96)
        guard types.withUnsafeMutableBytes({ ioctl(fd, EVIOCGBIT(0, bytes: $0.count), $0.baseAddress!) }) >= 0,
              keys.withUnsafeMutableBytes({ ioctl(fd, EVIOCGBIT(1, bytes: $0.count), $0.baseAddress!) }) >= 0 else { return false }
        func bit(_ b: [UInt8], _ n: Int) -> Bool { b[n / 8] & (1 << UInt8(n % 8)) != 0 }
        return bit(types, 1) && bit(types, 20) && (16...25).allSatisfy { bit(keys, $0) }
    }

    /// Looks for keyboards not yet open, at most every `KioskConstants.keyboardRescanInterval`.
    func rescanIfDue(now: Double) {
        guard now - lastScan >= KioskConstants.keyboardRescanInterval else { return }
        lastScan = now
        guard let dir = opendir("/dev/input") else { return }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if name.hasPrefix("event") { names.append("/dev/input/" + name) }
        }
        closedir(dir)
        for path in names.sorted() where !devices.contains(where: { $0.path == path }) {
            var st = stat()
            guard stat(path, &st) == 0 else { continue }
            let node = NodeID(device: UInt64(st.st_rdev), seconds: st.st_ctim.tv_sec, nanoseconds: st.st_ctim.tv_nsec)
            guard !notKeyboards.contains(node) else { continue }
            let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else { continue }
            guard Self.isKeyboard(fd) else { notKeyboards.insert(node); Glibc.close(fd); continue }
            let leds = Self.bits(fd, { Self.EVIOCGLED(bytes: $0) }, count: 16)
            let keys = EvdevKeyboardDecoder(numLock: leds.contains(EvdevKeyboardDecoder.LED_NUML),
                                            capsLock: leds.contains(EvdevKeyboardDecoder.LED_CAPSL))
            devices.append(Device(path: path, fd: fd, keys: keys))
            Log.info("evdev: keyboard \(path) read by Fling (US layout)")
        }
    }

    /// What the keyboards have typed since the last call, stamped `now`, and whether a key went
    /// down at all (a modifier alone types nothing, but still lights a dark panel).
    func poll(now: Double) -> (events: [InputEvent], pressed: Bool) {
        rescanIfDue(now: now)
        var out: [InputEvent] = []
        var pressed = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        var gone: [Int] = []
        for i in devices.indices {
            while true {
                let n = buffer.withUnsafeMutableBytes { read(devices[i].fd, $0.baseAddress, $0.count) }
                if n < 0, errno != EAGAIN, errno != EINTR {
                    Log.info("evdev: keyboard \(devices[i].path): \(String(cString: strerror(errno))); no longer read")
                    gone.append(i)
                    break
                }
                guard n > 0 else { break }
                for e in devices[i].events.events(from: Array(buffer[0..<n])) where !devices[i].keys.needsResync {
                    var stamped = e
                    stamped.time = now
                    if e.type == EvdevDecoder.EV_KEY, e.value == 1 { pressed = true }
                    devices[i].keys.otherKeyboards = modifiers(besides: i)
                    out += devices[i].keys.feed(stamped)
                }
                // Events were lost: what is still queued is older than the keys held now (the
                // kernel drops the queued key events when it is asked), so it is read no more.
                if devices[i].keys.needsResync {
                    Log.info("evdev: keyboard \(devices[i].path): events lost (SYN_DROPPED); the keys held read again")
                    resync(i)
                    break
                }
            }
        }
        for i in gone.reversed() { Glibc.close(devices[i].fd); devices.remove(at: i) }
        return (out, pressed)
    }

    /// The modifiers held on the keyboards other than `index`.
    private func modifiers(besides index: Int) -> Key.Modifiers {
        devices.indices.reduce(into: []) { m, j in if j != index { m.formUnion(devices[j].keys.own) } }
    }

    /// The keys held and the locks, read again from the device.
    private func resync(_ i: Int) {
        let fd = devices[i].fd
        var leds = Self.bits(fd, { Self.EVIOCGLED(bytes: $0) }, count: 16)
        let held = Self.bits(fd, { Self.EVIOCGKEY(bytes: $0) }, count: 256)
        var keys = EvdevKeyboardDecoder(numLock: leds.contains(EvdevKeyboardDecoder.LED_NUML),
                                        capsLock: leds.remove(EvdevKeyboardDecoder.LED_CAPSL) != nil)
        keys.resync(held: held)
        devices[i].keys = keys
    }

    /// Every keyboard's keys and locks read again: releases while another console was in front
    /// may not have come (another reader grabbed the device).
    func resyncAll() { for i in devices.indices { resync(i) } }

    func close() {
        for d in devices { Glibc.close(d.fd) }
        devices = []
    }
}

/// Waits up to `timeout` seconds until one of `descriptors` has input (or just sleeps).
func waitForInput(_ descriptors: [Int32], timeout: Double) {
    guard !descriptors.isEmpty else {
        if timeout > 0 { usleep(UInt32(min(timeout, 1) * 1_000_000)) }
        return
    }
    var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    _ = poll(&fds, nfds_t(fds.count), Int32(max(0, timeout) * 1000))
}
