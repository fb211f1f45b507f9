// KioskOptions: the kiosk command-line options (--kiosk, --rotate, --output, --input, …) as one
// value, and the parsing and validation of each one's value.
import FlingCore
import Glibc

/// The kiosk options as one value. `AppOptions` declares them (--kiosk,
/// --display, --idle-reset, --attract, --rotate, --output, --fb-mode, --input,
/// --touch-transform, --exit-chord); each `parse…` function here validates one option's value
/// and throws a `UsageError` that names it.
struct KioskOptions: Sendable {
    /// --kiosk: fullscreen, cursor hidden, Ctrl+Q off, idle reset on.
    var kiosk = false
    /// --display N: the display (monitor) index for the window, 0-based.
    var display: Int?
    /// --idle-reset SECONDS (0 = off); default 90 in kiosk mode or with --attract.
    var idleReset: Double?
    /// --attract FILE: a script played in a loop while idle.
    var attract: String?
    /// --rotate 0|90|180|270: the panel's mounting.
    var rotation: Rotation = .none
    /// --output: frames go to a Linux framebuffer or a KMS display instead of a window.
    var output: OutputChoice?
    /// --output fbdev[:PATH]: the framebuffer's path (default /dev/fb0).
    var fbdev: String? { if case .fbdev(let path) = output { return path }; return nil }
    /// --fb-mode WxHxBPP: the layout of PATH when it is a regular file.
    var fbMode: FramebufferFormat?
    /// --input PATH: touches from an evdev device (or a recorded event stream).
    var input: String?
    /// --touch-transform SPEC: evdev swap/invert/calibration (see usage).
    var touchTransform = TouchTransform()
    /// --exit-chord KEYS: the key chord that leaves kiosk mode.
    var exitChord: Key?
    /// --frozen-screen SECONDS (0: off; default 15 s for a kiosk on the console): a frame asked for and none
    /// shown for this long exits with status 70, for the service to restart the app.
    var frozenScreen: Double?
    /// --screen-schedule HH:MM-HH:MM: the hours the panel is lit.
    var screenSchedule: ScreenSchedule?
    /// --status-file PATH: a status file for a fleet (`*.prom`: Prometheus' text format).
    var statusFile: String?

    /// Checks across options, after all are read.
    func validate(headless: Bool) throws(UsageError) {
        if fbMode != nil && fbdev == nil { throw UsageError(message: "--fb-mode needs --output fbdev:PATH") }
        if fbdev != nil && display != nil { throw UsageError(message: "--display is for windows; --output fbdev draws to a framebuffer") }
        // The kiosk's watch on itself runs in the live loops, never headless.
        if headless && screenSchedule != nil { throw UsageError(message: "--screen-schedule powers a kiosk's panel; not with --headless") }
        if headless && statusFile != nil { throw UsageError(message: "--status-file is kept by a running kiosk; not with --headless") }
        if case .kms = output {
            if display != nil { throw UsageError(message: "--display is for windows; --output kms shows frames on a KMS display (kms:/dev/dri/cardN picks the card)") }
            if headless { throw UsageError(message: "--output kms shows frames on a display; a headless run writes them only to a framebuffer file (--output fbdev:PATH --fb-mode WxHxBPP)") }
        }
        // (An empty path was said as "fling: : No such file or directory".)
        if input == "" { throw UsageError(message: "--input: the path is empty (a device, /dev/input/eventN, or with --headless a recorded event stream)") }
        // In a window (or on fbdev) --input is a device Fling reads; a recording plays headless.
        var st = stat()
        if let path = input, !headless, stat(path, &st) == 0, (st.st_mode & S_IFMT) != S_IFCHR {
            throw UsageError(message: "\(path): a recorded event stream plays only with --headless; in a window or on fbdev --input reads a device")
        }
    }

    /// The idle-reset time in effect: given, or 90 s in kiosk mode or with an attract loop.
    var effectiveIdleReset: Double? {
        if let idleReset { return idleReset > 0 ? idleReset : nil }
        return kiosk || attract != nil ? KioskConstants.defaultIdleReset : nil
    }

    var effectiveExitChord: Key? { exitChord ?? Key(spec: KioskConstants.defaultExitChord) }

    /// The frozen-screen limit in effect: given (0: none), or the default for a kiosk on the
    /// console (in a window a compositor may hold frames back for its own reasons: an output
    /// it turned off).
    func effectiveFrozenScreen(console: Bool) -> Double? {
        if let frozenScreen { return frozenScreen > 0 ? frozenScreen : nil }
        return kiosk && console ? KioskConstants.frozenScreenLimit : nil
    }

    static func parseFrozenScreen(_ v: String) throws(UsageError) -> Double {
        let r = KioskConstants.frozenScreenRange
        guard let s = Double(v), s.isFinite, s == 0 || r.contains(s) else {
            throw UsageError(message: "--frozen-screen takes seconds, \(Int(r.lowerBound)) to \(Int(r.upperBound)), or 0 (never) (got '\(v)')")
        }
        return s
    }

    static func parseScreenSchedule(_ v: String) throws(UsageError) -> ScreenSchedule {
        do { return try ScreenSchedule.parse(v) } catch { throw UsageError(message: error.message) }
    }

    static func parseStatusFile(_ v: String) throws(UsageError) -> String {
        guard !v.isEmpty else { throw UsageError(message: "--status-file: the path is empty") }
        var st = stat()
        if stat(v, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR {
            throw UsageError(message: "--status-file \(v): is a directory; give a file's path (e.g. \(v)/fling.prom)")
        }
        return v
    }

    static func parseDisplay(_ v: String) throws(UsageError) -> Int {
        guard let n = Int(v), n >= 0, n < 64 else { throw UsageError(message: "--display takes a display index 0, 1, … (got '\(v)')") }
        return n
    }

    static func parseIdleReset(_ v: String) throws(UsageError) -> Double {
        guard let s = Double(v), s.isFinite, s >= 0, s <= 86_400 else {
            throw UsageError(message: "--idle-reset takes seconds, 0 (never) to 86400 (got '\(v)')")
        }
        return s
    }

    static func parseRotation(_ v: String) throws(UsageError) -> Rotation {
        guard let d = Int(v), let r = Rotation(rawValue: d) else { throw UsageError(message: "--rotate takes 0, 90, 180 or 270 (got '\(v)')") }
        return r
    }

    /// Where --output sends frames.
    enum OutputChoice: Equatable, Sendable {
        /// A Linux framebuffer device, or a regular file standing in for one.
        case fbdev(String)
        /// A KMS display's dumb buffers, on this card (nil: the first with a connected display).
        case kms(String?)
    }

    /// `fbdev`, `fbdev:PATH`, `kms` or `kms:PATH`.
    static func parseOutput(_ v: String) throws(UsageError) -> OutputChoice {
        if v == "fbdev" { return .fbdev("/dev/fb0") }
        if v.hasPrefix("fbdev:"), v.count > 6 { return .fbdev(String(v.dropFirst(6))) }
        if v == "kms" { return .kms(nil) }
        if v.hasPrefix("kms:"), v.count > 4 { return .kms(String(v.dropFirst(4))) }
        throw UsageError(message: "--output takes fbdev, fbdev:PATH, kms or kms:/dev/dri/cardN (got '\(v)')")
    }

    /// A framebuffer file's width and height, in pixels.
    static let fbSideRange = 16...8192

    /// WxHxBPP. The message states the ranges: a side out of them was refused without them. Each
    /// part must be a number: `800xfoox480x32` was read as 800x480x32.
    static func parseFBMode(_ v: String) throws(UsageError) -> FramebufferFormat {
        let fields = v.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        let p = fields.compactMap { Int($0) }
        let sides = "W and H \(fbSideRange.lowerBound) to \(fbSideRange.upperBound), BPP 32 or 16"
        guard fields.count == 3, p.count == 3 else {
            throw UsageError(message: "--fb-mode takes WxHxBPP (\(sides)), e.g. 800x480x32 (got '\(v)')")
        }
        guard fbSideRange.contains(p[0]), fbSideRange.contains(p[1]) else {
            throw UsageError(message: "--fb-mode: \(p[0])x\(p[1]) is outside \(fbSideRange.lowerBound)x\(fbSideRange.lowerBound) to \(fbSideRange.upperBound)x\(fbSideRange.upperBound) pixels (\(sides), e.g. 800x480x32; got '\(v)')")
        }
        switch p[2] {
        case 32: return .xrgb8888(width: p[0], height: p[1])
        case 16: return .rgb565(width: p[0], height: p[1])
        default: throw UsageError(message: "--fb-mode: BPP must be 32 (XRGB8888) or 16 (RGB565) (got \(p[2]))")
        }
    }

    static func parseTouchTransform(_ v: String) throws(UsageError) -> TouchTransform {
        var t = TouchTransform()
        for part in v.split(separator: ",") {
            switch part {
            case "swap-xy": t.swapXY = true
            case "invert-x": t.invertX = true
            case "invert-y": t.invertY = true
            default:
                let kv = part.split(separator: "=")
                let range = kv.count == 2 ? kv[1].split(separator: ":").compactMap { Int32($0) } : []
                guard kv.count == 2, range.count == 2, range[0] != range[1], kv[0] == "x" || kv[0] == "y" else {
                    throw UsageError(message: "--touch-transform: '\(part)' is not swap-xy, invert-x, invert-y, x=MIN:MAX or y=MIN:MAX")
                }
                let r = min(range[0], range[1])...max(range[0], range[1])
                // A range given high-to-low inverts that axis.
                if kv[0] == "x" { t.xRange = r; if range[0] > range[1] { t.invertX.toggle() } }
                else { t.yRange = r; if range[0] > range[1] { t.invertY.toggle() } }
            }
        }
        return t
    }

    static func parseChord(_ v: String) throws(UsageError) -> Key {
        guard let k = Key(spec: v) else { throw UsageError(message: "--exit-chord takes keys like ctrl+alt+shift+Q (got '\(v)')") }
        return k
    }
}
