// EvdevInput: touches read from a Linux evdev device or a recorded event stream (`--input`):
// opening and grabbing the device, polling it, and stamping touches with the kernel's times.
import FlingCore
import FoundationEssentials
import Glibc

/// `--input PATH` (kiosks): touches from Linux evdev for `--output fbdev`, where no SDL
/// window reads them, or for a window (KMSDRM above all) whose touches should carry the
/// kernel's times (the release velocity is only as right as its times). PATH is a device (/dev/input/eventN: its axis ranges read with
/// EVIOCGABS, read without blocking) or a regular file holding a recorded event stream
/// (`cat /dev/input/event0 > touch.bin`), played at its own timestamps in a headless run.
/// The decoding is `EvdevDecoder` in core; the mapping `TouchTransform`.
@MainActor
final class EvdevInput {
    let path: String
    let transform: TouchTransform
    private(set) var decoder = EvdevDecoder()
    /// The device's raw ranges (x, y); recorded files: 0…4095 unless --touch-transform says.
    let xRange: ClosedRange<Int32>
    let yRange: ClosedRange<Int32>
    private let fd: Int32
    let isDevice: Bool

    struct Failure: Error { var message: String }

    static let ABS_MT_SLOT: UInt32 = 0x2f
    /// The highest event type the kernel defines (linux/input-event-codes.h).
    static let EV_MAX: UInt16 = 0x1f
    static let ABS_X: UInt32 = 0x00, ABS_Y: UInt32 = 0x01, ABS_MT_POSITION_X: UInt32 = 0x35, ABS_MT_POSITION_Y: UInt32 = 0x36
    /// EVIOCSCLOCKID = _IOW('E', 0xa0, int): which clock the device stamps events with.
    static let EVIOCSCLOCKID = UInt(1 << 30 | 4 << 16 | 0x45 << 8 | 0xa0)
    /// The device's stamps on the app clock, and the kernel clock they are on.
    private var clock = DeviceClock()
    private var stampClock = CLOCK_REALTIME
    /// EVIOCGABS(abs) = _IOR('E', 0x40 + abs, struct input_absinfo): 24 bytes of s32.
    static func EVIOCGABS(_ abs: UInt32) -> UInt { UInt(2 << 30 | 24 << 16 | 0x45 << 8 | (0x40 + abs)) }
    /// EVIOCGMTSLOTS(len) = _IOR('E', 0x0a, len): a code, then that axis's value in every slot.
    static func EVIOCGMTSLOTS(bytes: Int) -> UInt { UInt(2 << 30 | bytes << 16 | 0x45 << 8 | 0x0a) }
    /// EVIOCGRAB = _IOW('E', 0x90, int): this descriptor alone receives the device's events.
    static let EVIOCGRAB = UInt(1 << 30 | 4 << 16 | 0x45 << 8 | 0x90)
    /// In a window: the bytes a reader on its own thread took from the device as they came.
    private var reader: DeviceReader?
    static let defaultRange: ClosedRange<Int32> = 0...4095

    init(path: String, transform given: TouchTransform) throws(Failure) {
        self.path = path
        // The panel's calibration as udev gives it to libinput (LIBINPUT_CALIBRATION_MATRIX),
        // applied before --touch-transform: operators calibrate a kiosk's touch this way.
        var transform = given
        let matrixText = TouchscreenDevices.udevProperties(of: path)["LIBINPUT_CALIBRATION_MATRIX"]
        if let text = matrixText {
            if let m = CalibrationMatrix(property: text) {
                if !m.isIdentity { transform.calibration = m }
            } else {
                Log.warning("evdev: \(path): udev's LIBINPUT_CALIBRATION_MATRIX '\(text)' is not six numbers: ignored")
            }
        }
        self.transform = transform
        var st = stat()
        guard stat(path, &st) == 0 else { throw Failure(message: "\(path): \(String(cString: strerror(errno)))") }
        isDevice = (st.st_mode & S_IFMT) == S_IFCHR
        // A directory opened and read nothing: no touches, and no word, before this check.
        if (st.st_mode & S_IFMT) == S_IFDIR {
            throw Failure(message: "\(path): is a directory, not an input device (/dev/input/eventN) or a recorded event stream")
        }
        // A disk would be read whole as touches; a socket cannot be opened as a file.
        switch st.st_mode & S_IFMT {
        case S_IFBLK: throw Failure(message: "\(path): is a block device (a disk), not an input device (/dev/input/eventN) or a recorded event stream")
        case S_IFSOCK: throw Failure(message: "\(path): is a socket, not an input device (/dev/input/eventN) or a recorded event stream")
        default: break
        }
        // Opening never waits: a FIFO with no writer blocked `open` forever. A recording is
        // then read with blocking reads (a pipe's writer may be slow); a device stays non-blocking.
        let f = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard f >= 0 else {
            throw Failure(message: "\(path): \(String(cString: strerror(errno)))\(errno == EACCES ? " (is the user in the input group?)" : "")")
        }
        if !isDevice { _ = fcntl(f, F_SETFL, fcntl(f, F_GETFL) & ~O_NONBLOCK) }
        fd = f
        if isDevice {
            /// input_absinfo: value, minimum, maximum, fuzz, flat, resolution.
            func absinfo(_ abs: UInt32) -> [Int32]? {
                var info = [Int32](repeating: 0, count: 6)
                let ok = info.withUnsafeMutableBytes { ioctl(f, EvdevInput.EVIOCGABS(abs), $0.baseAddress!) } == 0
                return ok ? info : nil
            }
            func range(_ abs: UInt32) -> ClosedRange<Int32>? {
                guard let info = absinfo(abs), info[2] > info[1] else { return nil }
                return info[1]...info[2]
            }
            guard let x = range(Self.ABS_MT_POSITION_X) ?? range(Self.ABS_X), let y = range(Self.ABS_MT_POSITION_Y) ?? range(Self.ABS_Y) else {
                Glibc.close(f)
                throw Failure(message: "\(path): not a touch device (no ABS_X/ABS_Y or ABS_MT_POSITION axes)")
            }
            xRange = x; yRange = y
            // Where the kernel's state is (it sends only changes): every slot's position, the
            // slot selected, the single-touch position.
            var positions: [(x: Int32, y: Int32)] = []
            if let slotInfo = absinfo(Self.ABS_MT_SLOT), slotInfo[2] >= 0 {
                let count = min(Int(slotInfo[2]) + 1, EvdevDecoder.maxSlots)
                func values(_ code: UInt32) -> [Int32] {
                    var buffer = [Int32](repeating: 0, count: count + 1)
                    buffer[0] = Int32(code)
                    let ok = buffer.withUnsafeMutableBytes { ioctl(f, EvdevInput.EVIOCGMTSLOTS(bytes: $0.count), $0.baseAddress!) } >= 0
                    return ok ? Array(buffer[1...]) : Array(repeating: 0, count: count)
                }
                let xs = values(Self.ABS_MT_POSITION_X), ys = values(Self.ABS_MT_POSITION_Y)
                positions = (0..<count).map { (x: xs[$0], y: ys[$0]) }
                decoder.prime(slot: slotInfo[0], positions: positions,
                              singleTouch: (absinfo(Self.ABS_X)?[0] ?? 0, absinfo(Self.ABS_Y)?[0] ?? 0))
            } else {
                decoder.prime(slot: 0, positions: [], singleTouch: (absinfo(Self.ABS_X)?[0] ?? 0, absinfo(Self.ABS_Y)?[0] ?? 0))
            }
            // Its stamps on CLOCK_MONOTONIC (the default, CLOCK_REALTIME, jumps with the wall
            // clock); mapped onto the app clock either way.
            var monotonic = CLOCK_MONOTONIC
            let clockSet = ioctl(f, EvdevInput.EVIOCSCLOCKID, &monotonic) == 0
            if clockSet { stampClock = CLOCK_MONOTONIC }
            Log.info("evdev: \(path): x \(x), y \(y); touches timed by the kernel (\(clockSet ? "CLOCK_MONOTONIC" : "its default clock"))"
                     + (transform.calibration.map { "; udev's LIBINPUT_CALIBRATION_MATRIX \($0) applied" } ?? ""))
        } else {
            xRange = Self.defaultRange; yRange = Self.defaultRange
        }
    }

    /// Reads what the device has (never blocks) and decodes it. Times are the kernel's stamps
    /// of each report (when the finger moved, however late the loop reads them: a stalled
    /// frame cannot bunch them), put on the app clock by their age on that clock.
    func poll(panel: Size, now: Double) -> [PointerEvent] {
        var out: [PointerEvent] = []
        var ts = timespec()
        clock_gettime(stampClock, &ts)
        let reference = Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
        if let reader {
            let got = reader.take()
            var contacts: [EvdevDecoder.Contact] = []
            if got.overflowed {
                // Older events were dropped, as when the kernel's queue overruns: every contact
                // ends (the decoder resumes at the next report).
                Log.info("evdev: \(path): the loop fell behind; older touch events were dropped")
                contacts += endAllContacts(at: reference)
            }
            contacts += decoder.decode(got.bytes)
            if let e = got.gone {
                // Unplugged mid-touch: after what it sent last, the fingers on it are lifted
                // (cancelled), not left down.
                Log.error("evdev: \(path): \(String(cString: strerror(e))); its touches stop here")
                contacts += endAllContacts(at: reference)
            }
            for c in contacts { out.append(event(c, panel: panel, time: clock.time(stamp: c.time, reference: reference, now: now))) }
            return out
        }
        guard !gone else { return out }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, isDevice, errno != EAGAIN, errno != EINTR {
                // Unplugged: its fingers are lifted, and it is not waited on again (a hung-up
                // descriptor polls ready at once: the loop would spin).
                Log.error("evdev: \(path): \(String(cString: strerror(errno))); its touches stop here")
                gone = true
                for c in endAllContacts(at: reference) { out.append(event(c, panel: panel, time: clock.time(stamp: c.time, reference: reference, now: now))) }
                break
            }
            guard n > 0 else { break }
            for c in decoder.decode(Array(buffer[0..<n])) { out.append(event(c, panel: panel, time: clock.time(stamp: c.time, reference: reference, now: now))) }
            if n < buffer.count { break }
        }
        return out
    }

    /// The device stopped (unplugged) while read directly.
    private var gone = false

    /// Ends every contact down, as the kernel's SYN_DROPPED does.
    private func endAllContacts(at time: Double) -> [EvdevDecoder.Contact] {
        decoder.feed(EvdevDecoder.RawEvent(time: time, type: EvdevDecoder.EV_SYN, code: EvdevDecoder.SYN_DROPPED, value: 0))
    }

    /// The descriptor to wait on for input (nil once the device is gone or a reader owns it).
    var pollDescriptor: Int32? { gone || reader != nil ? nil : fd }

    /// Waits up to `timeout` seconds for the device to have input (once it is gone, just sleeps).
    func wait(_ timeout: Double) {
        guard !gone else { if timeout > 0 { usleep(UInt32(min(timeout, 1) * 1_000_000)) }; return }
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        _ = Glibc.poll(&p, 1, Int32(max(0, timeout) * 1000))
    }

    /// A recorded stream: every contact, times from the first event (headless runs).
    /// Times past the longest recording (a week) are refused with their place in the file: an
    /// event at 2^62 s overflowed the run loop's frame count.
    /// What is not a recording is refused by what it is: a file that fails to read
    /// (/proc/self/mem) played as no touches, exit 0, and text or any other file was decoded
    /// into touches of its bytes. A recording is whole events (the kernel hands a reader whole
    /// ones), each of a type the kernel has (EV_MAX is 0x1f).
    func recorded(panel: Size) throws(Failure) -> [ScheduledInput] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        let notARecording = "not a recorded event stream (cat /dev/input/eventN > FILE)"
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                if isDevice && errno == EAGAIN { break }
                throw Failure(message: "\(path): unreadable (\(String(cString: strerror(errno)))): \(notARecording)")
            }
            guard n > 0 else { break }
            bytes += buffer[0..<n]
        }
        var d = EvdevDecoder()
        guard isDevice || bytes.count % d.eventSize == 0 else {
            throw Failure(message: "\(path): \(bytes.count) bytes, not a whole number of \(d.eventSize)-byte input events: \(notARecording)")
        }
        let raw = d.events(from: bytes)
        if let n = raw.firstIndex(where: { $0.type > Self.EV_MAX }) {
            throw Failure(message: "\(path): event \(n + 1) (byte \(n * d.eventSize)) has type \(raw[n].type), which no input event has (0 to \(Self.EV_MAX)): \(notARecording)")
        }
        guard let t0 = raw.first?.time else { return [] }
        var out: [ScheduledInput] = []
        for (n, e) in raw.enumerated() {
            guard (0...InteractionConstants.maxRecordingTime).contains(e.time - t0) else {
                throw Failure(message: "\(path): event \(n + 1) (byte \(n * d.eventSize)) is \(e.time - t0) s after the first; events go forward and a recording lasts at most \(Int(InteractionConstants.maxRecordingTime)) s (a week)")
            }
            for c in d.feed(e) {
                let p = event(c, panel: panel, time: c.time - t0)
                out.append(ScheduledInput(at: p.time, pointer: p.phase, id: p.id, p.location, sequence: out.count))
            }
        }
        return out
    }

    private func event(_ c: EvdevDecoder.Contact, panel: Size, time: Double) -> PointerEvent {
        let p = transform.panelPoint(x: c.x, y: c.y, deviceX: xRange, deviceY: yRange, panel: panel)
        if c.phase != .moved { Log.debug("evdev: \(path): touch \(c.id) \(c.phase) raw (\(c.x), \(c.y)) -> (\(p.x), \(p.y)) at \(time)") }
        return PointerEvent(id: c.id, phase: c.phase, location: p, time: time)
    }

    /// In a window: the device is read on a thread of its own as reports arrive, so
    /// a stalled frame neither delays nor loses them (the kernel's queue for a client holds a
    /// few hundred events; a 700 ms stall of a 120 Hz panel is more), and the loop is woken by
    /// `wake`. The device is grabbed: SDL (KMSDRM reads the same devices) or the X server must
    /// not deliver the same touches again. Returns whether the grab held.
    @discardableResult
    func readOnItsOwnThread(wake: @escaping @Sendable () -> Void) -> Bool {
        guard isDevice, reader == nil else { return false }
        let grabbed = ioctl(fd, Self.EVIOCGRAB, 1) == 0
        let why = errno
        reader = DeviceReader(fd: fd, eventSize: decoder.eventSize, wake: wake)
        if grabbed {
            Log.info("evdev: \(path): read on its own thread, grabbed from SDL and the display server")
        } else if why == EBUSY {
            Log.error("evdev: \(path): another process holds the device (EVIOCGRAB): Fling gets no touches from it")
        } else {
            Log.info("evdev: \(path): read on its own thread; not grabbed (\(String(cString: strerror(why)))): SDL may deliver its touches too")
        }
        return grabbed
    }

    func closeDevice() {
        // A reader owns the descriptor: it closes it once no read can run.
        if let reader { reader.stop() } else { Glibc.close(fd) }
        reader = nil
    }
}
