/// Linux evdev touch input, decoded without touching a device (`--input`, kiosks): bytes of
/// `struct input_event` in, touch contacts out. The app reads the device (or a recorded
/// stream) and feeds the bytes here; tests feed recorded streams.
///
/// - Multi-touch protocol B: ABS_MT_SLOT selects a slot, ABS_MT_TRACKING_ID ≥ 0 starts a
///   contact in it and −1 ends it, ABS_MT_POSITION_X/Y move it; SYN_REPORT commits a frame.
/// - Single-touch fallback (devices without MT): ABS_X/ABS_Y and BTN_TOUCH, one contact.
/// - SYN_DROPPED: the kernel's buffer overran and events were lost. Everything up to the next
///   SYN_REPORT is discarded (the kernel's documented recovery), every contact is cancelled,
///   and a slot counts again only from its next new tracking id: a finger held through the
///   overrun is ignored until it is lifted, rather than jumping or staying down forever.
public struct EvdevDecoder: Equatable, Sendable {
    public static let EV_SYN: UInt16 = 0, EV_KEY: UInt16 = 1, EV_ABS: UInt16 = 3
    public static let SYN_REPORT: UInt16 = 0, SYN_DROPPED: UInt16 = 3
    public static let BTN_TOUCH: UInt16 = 0x14a
    public static let ABS_X: UInt16 = 0, ABS_Y: UInt16 = 1
    public static let ABS_MT_SLOT: UInt16 = 0x2f, ABS_MT_POSITION_X: UInt16 = 0x35, ABS_MT_POSITION_Y: UInt16 = 0x36
    public static let ABS_MT_TRACKING_ID: UInt16 = 0x39

    /// One decoded `struct input_event`.
    public struct RawEvent: Equatable, Sendable {
        public var time: Double
        public var type: UInt16
        public var code: UInt16
        public var value: Int32
        public init(time: Double, type: UInt16, code: UInt16, value: Int32) {
            self.time = time; self.type = type; self.code = code; self.value = value
        }
    }

    /// A contact change in raw device units.
    public struct Contact: Equatable, Sendable {
        /// 1 + the slot (single-touch: 1): stable small ids, as SDL gives fingers.
        public var id: Int64
        public var phase: PointerEvent.Phase
        public var x: Int32
        public var y: Int32
        /// The SYN_REPORT's time (seconds, the device's clock).
        public var time: Double
    }

    /// sizeof(struct input_event): 24 on 64-bit Linux (and 32-bit with a 64-bit time_t),
    /// 16 on 32-bit Linux with a 32-bit time_t.
    public let eventSize: Int

    private struct Slot: Equatable, Sendable {
        var tracking: Int32 = -1
        var x: Int32 = 0, y: Int32 = 0
        /// Down as far as the app knows (a began was sent, no end yet).
        var reported = false
        var moved = false
    }
    private var slots: [Slot] = Array(repeating: Slot(), count: 1)
    private var slot = 0
    private var sawMT = false
    // Single touch.
    private var stX: Int32 = 0, stY: Int32 = 0, stTouch = false, stReported = false, stMoved = false
    private var dropping = false
    private var pending: [UInt8] = []
    /// Reports discarded after SYN_DROPPED so far.
    public private(set) var dropsRecovered = 0

    public static let maxSlots = 16

    public init(eventSize: Int = MemoryLayout<Int>.size == 8 ? 24 : 16) { self.eventSize = eventSize }

    /// Splits bytes into events (a partial event waits for the next call).
    public mutating func events(from bytes: [UInt8]) -> [RawEvent] {
        pending += bytes
        var out: [RawEvent] = []
        let half = eventSize == 24 ? 8 : 4
        var o = 0
        func uint(_ at: Int, _ n: Int) -> UInt64 {
            var v: UInt64 = 0
            for k in 0..<n { v |= UInt64(pending[at + k]) << UInt64(8 * k) }
            return v
        }
        while o + eventSize <= pending.count {
            let sec = Int64(bitPattern: half == 8 ? uint(o, 8) : UInt64(bitPattern: Int64(Int32(truncatingIfNeeded: uint(o, 4)))))
            let usec = Int64(bitPattern: half == 8 ? uint(o + 8, 8) : uint(o + 4, 4))
            let b = o + 2 * half
            out.append(RawEvent(time: Double(sec) + Double(usec) / 1e6, type: UInt16(uint(b, 2)), code: UInt16(uint(b + 2, 2)),
                                value: Int32(bitPattern: UInt32(uint(b + 4, 4)))))
            o += eventSize
        }
        pending.removeFirst(o)
        return out
    }

    /// Bytes in, contact changes out.
    public mutating func decode(_ bytes: [UInt8]) -> [Contact] {
        var out: [Contact] = []
        for e in events(from: bytes) { out += feed(e) }
        return out
    }

    /// One event in; the contact changes a SYN_REPORT commits.
    public mutating func feed(_ e: RawEvent) -> [Contact] {
        if dropping {
            if e.type == Self.EV_SYN && e.code == Self.SYN_REPORT { dropping = false; dropsRecovered += 1 }
            return []
        }
        switch (e.type, e.code) {
        case (Self.EV_SYN, Self.SYN_DROPPED):
            dropping = true
            return cancelAll(time: e.time)
        case (Self.EV_SYN, Self.SYN_REPORT):
            return commit(time: e.time)
        case (Self.EV_ABS, Self.ABS_MT_SLOT):
            sawMT = true
            slot = Int(max(0, min(Int32(Self.maxSlots - 1), e.value)))
            while slots.count <= slot { slots.append(Slot()) }
        case (Self.EV_ABS, Self.ABS_MT_TRACKING_ID):
            sawMT = true
            slots[slot].tracking = e.value
        case (Self.EV_ABS, Self.ABS_MT_POSITION_X):
            sawMT = true
            slots[slot].x = e.value; slots[slot].moved = true
        case (Self.EV_ABS, Self.ABS_MT_POSITION_Y):
            sawMT = true
            slots[slot].y = e.value; slots[slot].moved = true
        case (Self.EV_ABS, Self.ABS_X): stX = e.value; stMoved = true
        case (Self.EV_ABS, Self.ABS_Y): stY = e.value; stMoved = true
        case (Self.EV_KEY, Self.BTN_TOUCH): stTouch = e.value != 0
        default: break
        }
        return []
    }

    /// The device's state when it was opened, as the kernel holds it (EVIOCGABS values and
    /// EVIOCGMTSLOTS): the kernel sends an axis only when its value changes, per slot, so a new
    /// touch at the x of that slot's last touch comes without ABS_MT_POSITION_X (and a touch in
    /// the slot already selected without ABS_MT_SLOT). Without this, the first touch after
    /// opening a panel that had been touched before read x = 0 there (found in a Debian 12
    /// guest). Fingers already down stay unreported until their next new touch.
    public mutating func prime(slot current: Int32, positions: [(x: Int32, y: Int32)], singleTouch: (x: Int32, y: Int32)) {
        let count = min(Self.maxSlots, max(positions.count, Int(current) + 1, 1))
        slots = (0..<count).map { i in
            var s = Slot()
            if i < positions.count { s.x = positions[i].x; s.y = positions[i].y }
            return s
        }
        slot = Int(max(0, min(Int32(count - 1), current)))
        stX = singleTouch.x; stY = singleTouch.y
    }

    private mutating func commit(time: Double) -> [Contact] {
        var out: [Contact] = []
        if sawMT {
            for i in slots.indices {
                var s = slots[i]
                let id = Int64(i + 1)
                if s.tracking >= 0 && !s.reported {
                    s.reported = true
                    out.append(Contact(id: id, phase: .began, x: s.x, y: s.y, time: time))
                } else if s.tracking < 0 && s.reported {
                    s.reported = false
                    out.append(Contact(id: id, phase: .ended, x: s.x, y: s.y, time: time))
                } else if s.reported && s.moved {
                    out.append(Contact(id: id, phase: .moved, x: s.x, y: s.y, time: time))
                }
                s.moved = false
                slots[i] = s
            }
        } else {
            if stTouch && !stReported {
                stReported = true
                out.append(Contact(id: 1, phase: .began, x: stX, y: stY, time: time))
            } else if !stTouch && stReported {
                stReported = false
                out.append(Contact(id: 1, phase: .ended, x: stX, y: stY, time: time))
            } else if stReported && stMoved {
                out.append(Contact(id: 1, phase: .moved, x: stX, y: stY, time: time))
            }
            stMoved = false
        }
        return out
    }

    private mutating func cancelAll(time: Double) -> [Contact] {
        var out: [Contact] = []
        for i in slots.indices {
            if slots[i].reported { out.append(Contact(id: Int64(i + 1), phase: .cancelled, x: slots[i].x, y: slots[i].y, time: time)) }
            // Forget the contact: it counts again only from a new tracking id.
            slots[i] = Slot(tracking: -1, x: slots[i].x, y: slots[i].y, reported: false, moved: false)
        }
        if stReported { out.append(Contact(id: 1, phase: .cancelled, x: stX, y: stY, time: time)) }
        stReported = false
        stTouch = false
        return out
    }

    /// Encodes events as the kernel would (tests and recordings).
    public static func encode(_ events: [RawEvent], eventSize: Int = 24) -> [UInt8] {
        var out: [UInt8] = []
        func put(_ v: UInt64, _ n: Int) { for k in 0..<n { out.append(UInt8(truncatingIfNeeded: v >> UInt64(8 * k))) } }
        for e in events {
            let sec = e.time.rounded(.down), usec = ((e.time - sec) * 1e6).rounded()
            let half = eventSize == 24 ? 8 : 4
            put(UInt64(bitPattern: Int64(sec)), half); put(UInt64(bitPattern: Int64(usec)), half)
            put(UInt64(e.type), 2); put(UInt64(e.code), 2); put(UInt64(UInt32(bitPattern: e.value)), 4)
        }
        return out
    }
}

/// Raw touch units to panel pt, like LVGL's evdev driver: the axis ranges (the device's
/// ABS_X/ABS_Y or ABS_MT_POSITION_X/Y ranges, or a calibration), then invert (on the raw
/// axes), then swap, then scale to the panel.
public struct TouchTransform: Equatable, Sendable {
    public var swapXY = false
    public var invertX = false
    public var invertY = false
    /// Calibration: the raw values at the panel's edges; nil = the device's reported range.
    public var xRange: ClosedRange<Int32>?
    public var yRange: ClosedRange<Int32>?
    /// The device's LIBINPUT_CALIBRATION_MATRIX (udev), applied as libinput applies it: to the
    /// position normalised to 0…1, before the flags above.
    public var calibration: CalibrationMatrix?
    public init() {}

    public func panelPoint(x: Int32, y: Int32, deviceX: ClosedRange<Int32>, deviceY: ClosedRange<Int32>, panel: Size) -> Point {
        func norm(_ v: Int32, _ r: ClosedRange<Int32>) -> Double {
            let span = Double(r.upperBound) - Double(r.lowerBound)
            guard span > 0 else { return 0 }
            return max(0, min(1, (Double(v) - Double(r.lowerBound)) / span))
        }
        var nx = norm(x, xRange ?? deviceX), ny = norm(y, yRange ?? deviceY)
        if let m = calibration {
            (nx, ny) = (max(0, min(1, m.a * nx + m.b * ny + m.c)), max(0, min(1, m.d * nx + m.e * ny + m.f)))
        }
        if invertX { nx = 1 - nx }
        if invertY { ny = 1 - ny }
        if swapXY { swap(&nx, &ny) }
        return Point(nx * panel.width, ny * panel.height)
    }
}

extension ScheduledInput {
    /// A pointer input at `time` (recorded evdev touches merged into a headless run).
    public init(at time: Double, pointer phase: PointerEvent.Phase, id: Int64, _ p: Point, sequence: Int = 0) {
        self.init(time: time, kind: .pointer(phase, id: id, p), sequence: sequence)
    }
}

/// libinput's calibration matrix (the udev property LIBINPUT_CALIBRATION_MATRIX, "a b c d e f"):
/// a touch at (x, y), normalised to 0…1 on the device, lands at (a·x + b·y + c, d·x + e·y + f).
/// Operators set it in a udev rule to turn a panel's touches with its mounting (cage and
/// every libinput compositor read it; Fling's own evdev reader does too).
public struct CalibrationMatrix: Equatable, Sendable, CustomStringConvertible {
    public var a, b, c, d, e, f: Double
    public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f
    }

    /// Six finite numbers separated by spaces (libinput's own format); nil for anything else.
    public init?(property: String) {
        let parts = property.split(whereSeparator: { $0 == " " || $0 == "\t" })
        let v = parts.compactMap { Double($0) }.filter(\.isFinite)
        guard parts.count == 6, v.count == 6 else { return nil }
        self.init(v[0], v[1], v[2], v[3], v[4], v[5])
    }

    /// The identity: touches as the device reports them.
    public var isIdentity: Bool { self == CalibrationMatrix(1, 0, 0, 0, 1, 0) }

    public var description: String {
        [a, b, c, d, e, f].map { $0 == $0.rounded() ? String(Int($0)) : String($0) }.joined(separator: " ")
    }
}
