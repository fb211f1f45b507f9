// TouchscreenDevices: the console's touch panel found without --input (the first evdev device
// that is a touchscreen: INPUT_PROP_DIRECT and absolute axes, as libinput tells one), and the
// properties udev keeps for a device (its LIBINPUT_CALIBRATION_MATRIX), read from udev's own
// database as libudev reads it.
import FlingCore
import FoundationEssentials
import Glibc

enum TouchscreenDevices {
    /// EVIOCGPROP(len) = _IOR('E', 0x09, len); EVIOCGBIT(EV_ABS, len) = _IOR('E', 0x20 + 3, len).
    static func EVIOCGPROP(bytes: Int) -> UInt { UInt(2 << 30 | bytes << 16 | 0x45 << 8 | 0x09) }
    static func EVIOCGBIT_ABS(bytes: Int) -> UInt { UInt(2 << 30 | bytes << 16 | 0x45 << 8 | 0x23) }
    static let INPUT_PROP_DIRECT = 1
    static let ABS_X = 0x00, ABS_MT_POSITION_X = 0x35

    /// The panel: /dev/input/touchscreen (the udev rule's name) if there is one, else the first
    /// /dev/input/eventN that is a touchscreen; nil when none is (or none can be opened).
    static func find() -> String? {
        if access("/dev/input/touchscreen", R_OK) == 0 { return "/dev/input/touchscreen" }
        guard let dir = opendir("/dev/input") else { return nil }
        var numbers: [Int] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if name.hasPrefix("event"), let n = Int(name.dropFirst(5)) { numbers.append(n) }
        }
        closedir(dir)
        return numbers.sorted().map { "/dev/input/event\($0)" }.first(where: isTouchscreen)
    }

    /// A direct-touch device with absolute positions (a touchpad is indirect, a tablet's pen
    /// is direct too, but reports positions the same way).
    static func isTouchscreen(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var props = [UInt8](repeating: 0, count: 4), abs = [UInt8](repeating: 0, count: 8)
        guard props.withUnsafeMutableBytes({ ioctl(fd, EVIOCGPROP(bytes: $0.count), $0.baseAddress!) }) >= 0,
              abs.withUnsafeMutableBytes({ ioctl(fd, EVIOCGBIT_ABS(bytes: $0.count), $0.baseAddress!) }) >= 0 else { return false }
        func bit(_ b: [UInt8], _ n: Int) -> Bool { b[n / 8] & (1 << UInt8(n % 8)) != 0 }
        return bit(props, INPUT_PROP_DIRECT) && (bit(abs, ABS_MT_POSITION_X) || bit(abs, ABS_X))
    }

    /// Where udev keeps a character device's properties: /run/udev/data/c<major>:<minor>.
    static func udevDataPath(rdev: UInt64) -> String {
        // glibc's gnu_dev_major / gnu_dev_minor.
        let major = ((rdev >> 8) & 0xfff) | ((rdev >> 32) & ~UInt64(0xfff))
        let minor = (rdev & 0xff) | ((rdev >> 12) & ~UInt64(0xff))
        return "/run/udev/data/c\(major):\(minor)"
    }

    /// The "E:KEY=VALUE" lines of udev's record of the device at `path` (a symlink followed);
    /// empty when udev has none (no udev, or a file).
    static func udevProperties(of path: String, database: String? = nil) -> [String: String] {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFCHR else { return [:] }
        let file = database ?? udevDataPath(rdev: UInt64(st.st_rdev))
        guard case .success(let data) = readUserFile(file, regularOnly: true, limit: 1 << 20, kinds: "udev records") else { return [:] }
        return parseUdevRecord(String(decoding: data, as: UTF8.self))
    }

    static func parseUdevRecord(_ text: String) -> [String: String] {
        var out: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("E:") {
            guard let eq = line.firstIndex(of: "=") else { continue }
            out[String(line[line.index(line.startIndex, offsetBy: 2)..<eq])] = String(line[line.index(after: eq)...])
        }
        return out
    }
}
