// PhysicalKeyboard: whether a physical keyboard is attached (the kernel's input device list),
// so a kiosk without one brings up the on-screen keyboard for any focused field.
// (No Foundation here: its String(contentsOfFile:) and components(separatedBy:) linked ICU's
// 30 MB of data back into the binary.)

enum PhysicalKeyboard {
    /// A device the kernel lists with a keyboard handler that repeats keys and has letter
    /// keys: EV_KEY and EV_REP set in its event types (a power button or a touchscreen's
    /// buttons have the handler but neither repeat nor letters). A headless run has no
    /// keyboard of its own (scripts type with `text`/`key` or the on-screen keys).
    static func isAttached(headless: Bool, devices path: String = "/proc/bus/input/devices") -> Bool {
        guard !headless, case .success(let data) = readUserFile(path, kinds: "device lists") else { return false }
        return String(decoding: data, as: UTF8.self).split(separator: "\n\n").contains { isKeyboard(String($0)) }
    }

    static func isKeyboard(_ block: String) -> Bool {
        var handlers = "", ev: UInt64 = 0, keys = ""
        for line in block.split(separator: "\n") {
            if line.hasPrefix("H: Handlers=") { handlers = String(line.dropFirst(12)) }
            if line.hasPrefix("B: EV=") { ev = UInt64(line.dropFirst(6), radix: 16) ?? 0 }
            if line.hasPrefix("B: KEY=") { keys = String(line.dropFirst(7)) }
        }
        let evKey: UInt64 = 1 << 1, evRep: UInt64 = 1 << 20
        guard handlers.split(separator: " ").contains("kbd"), ev & evKey != 0, ev & evRep != 0 else { return false }
        // KEY_Q..KEY_P are codes 16..25: the lowest word of the bitmask (printed last) has them.
        guard let low = keys.split(separator: " ").last, let bits = UInt64(low, radix: 16) else { return false }
        return bits & (0x3FF << 16) == (0x3FF << 16)
    }
}
