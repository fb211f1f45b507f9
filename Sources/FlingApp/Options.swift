import FlingCore
import FlingUI

/// A command-line mistake: printed with the usage, exit status 2.
struct UsageError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

enum LogLevel: Int, Comparable, Sendable {
    case error = 0, warning, info, debug
    static func < (a: LogLevel, b: LogLevel) -> Bool { a.rawValue < b.rawValue }
    init?(name: String) {
        switch name.lowercased() {
        case "error": self = .error
        case "warning", "warn": self = .warning
        case "info": self = .info
        case "debug": self = .debug
        default: return nil
        }
    }
}

/// `fling [options]`: the app itself.
struct AppOptions: Sendable {
    var scene: SceneID = .restaurants
    var size: Size = LayoutMetrics.defaultWindowSize
    var scale: Double?
    var fullscreen = false
    var headless = false
    var fps: Double = 60
    var script: String?
    var resources: String?
    var logLevel: LogLevel = .warning
    /// The release policy of the restaurant sheet (default fluid) and, when given, of the
    /// two-stage scene's sheet too (which is two-stage by default).
    var sheetPolicy: SheetPolicyKind?
    /// The date the Today scene shows (--date YYYY-MM-DD; default: today).
    var date: (year: Int, month: Int, day: Int)?
    /// Bench: render every frame and report frame times (make bench).
    var bench = false
    // Kiosk options (issue 14) ---------------------------------------------------------------
    /// --kiosk, --display, --idle-reset, --attract, --rotate, --output, --fb-mode, --input,
    /// --touch-transform, --exit-chord: parsed and validated by KioskOptions.
    var kiosk = KioskOptions()
    /// --fps was given: windowed, it caps the frame rate (otherwise vsync alone paces).
    var fpsGiven = false
    // ------------------------------------------------------------------------------------------

    static let usage = """
    usage: fling [--scene restaurants|two-stage] [--size WxH] [--scale S] [--fullscreen]
                 [--headless] [--fps N] [--script FILE] [--resources DIR] [--log-level LEVEL]
                 [--sheet-policy fluid|tutorial|two-stage] [--date YYYY-MM-DD]
           fling spring (--stiffness K --damping C [--mass M] | --response R --damping-fraction Z
                        | --duration T --bounce B) [--from A] [--to B] [--velocity V]
                        [--fps N] [--until T] [--plot PATH]
           fling velocity [--each] < samples
           fling gallery [--scale S] [--size WxH] --out PATH
           fling bench [--size WxH] [--scale S] [--frames N] [--scenario list|sheet-drag|card-expand]
       fling soak [--hours H] [--size WxH] [--scale S] [--max-growth-kb K]
           fling --help | --version

    options:
      --scene NAME       the first screen: restaurants (default), today or two-stage
      --size WxH         window size in pt (default 390x844, an iPhone in portrait)
      --scale S          device pixels per pt (default: the display's; 2 for HiDPI kiosks)
      --fullscreen       fill the display (kiosk mode)
      --headless         no window: offscreen rendering, virtual time, input from --script
      --fps N            frames per second of virtual time (default 60); windowed, a frame
                         cap only when given (otherwise vsync at the display's rate)
      --script FILE      timed input and probes (see README, "Scripts")
      --resources DIR    fonts, images and data (default: Resources/ next to the package)
      --log-level LEVEL  error, warning (default), info or debug
      --sheet-policy P   how sheets pick a detent on release: fluid (default), tutorial
                         (seed 000's thresholds) or two-stage (seed 001's UIKit sheet)
      --date YYYY-MM-DD  the date the Today scene shows (reproducible screenshots)
    kiosk:
    \(KioskOptions.usage)
    """

    static func parse(_ args: [String]) throws(UsageError) -> AppOptions {
        var o = AppOptions()
        var it = OptionReader(args)
        while let arg = it.next() {
            switch arg {
            case "--scene":
                let v = try it.value(for: arg)
                guard let s = SceneID(rawValue: v) else {
                    throw UsageError(message: "unknown scene '\(v)' (available: \(SceneID.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                o.scene = s
            case "--size": o.size = try parseSize(try it.value(for: arg))
            case "--scale": o.scale = try it.scale(for: arg)
            case "--fullscreen": o.fullscreen = true
            case "--headless": o.headless = true
            case "--fps":
                let f = try it.number(for: arg)
                guard f >= 1, f <= 1000 else { throw UsageError(message: "--fps must be between 1 and 1000") }
                o.fps = f
                o.fpsGiven = true
            case "--script": o.script = try it.value(for: arg)
            case "--resources": o.resources = try it.value(for: arg)
            case "--sheet-policy":
                let v = try it.value(for: arg)
                guard let p = SheetPolicyKind(rawValue: v) else {
                    throw UsageError(message: "unknown sheet policy '\(v)' (fluid, tutorial, two-stage)")
                }
                o.sheetPolicy = p
            case "--date":
                let v = try it.value(for: arg)
                let parts = v.split(separator: "-").compactMap { Int($0) }
                guard parts.count == 3, (1...9999).contains(parts[0]), (1...12).contains(parts[1]), (1...31).contains(parts[2]) else {
                    throw UsageError(message: "--date takes YYYY-MM-DD (got '\(v)')")
                }
                o.date = (parts[0], parts[1], parts[2])
            // Kiosk options (issue 14): one block, values checked by KioskOptions.
            case _ where try o.kiosk.accept(arg, &it): break
            case "--log-level":
                let v = try it.value(for: arg)
                guard let l = LogLevel(name: v) else { throw UsageError(message: "unknown log level '\(v)' (error, warning, info, debug)") }
                o.logLevel = l
            default:
                throw UsageError(message: arg.hasPrefix("-") ? "unknown option '\(arg)'" : "unexpected argument '\(arg)'")
            }
        }
        if let problem = InteractionConstants.pixelSizeProblem(o.size, scale: o.scale ?? 1) {
            throw UsageError(message: "--size/--scale: \(problem)")
        }
        try o.kiosk.validate(headless: o.headless)   // kiosk options (issue 14)
        if o.kiosk.kiosk { o.fullscreen = true }
        if o.script != nil && !o.headless {
            // A script needs virtual time; running it against a live window would race the user.
            throw UsageError(message: "--script needs --headless")
        }
        return o
    }

    static func parseSize(_ s: String) throws(UsageError) -> Size {
        let parts = s.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              w >= 100, h >= 100, w <= 8192, h <= 8192 else {
            throw UsageError(message: "--size takes WxH in pt, each 100…8192, e.g. 390x844 (got '\(s)')")
        }
        return Size(w, h)
    }
}

/// Walks an argument list, with typed values for options.
struct OptionReader {
    private var args: [String]
    private var index = 0
    init(_ args: [String]) { self.args = args }

    mutating func next() -> String? {
        guard index < args.count else { return nil }
        defer { index += 1 }
        return args[index]
    }

    mutating func value(for option: String) throws(UsageError) -> String {
        guard let v = next(), !v.hasPrefix("--") else { throw UsageError(message: "\(option) needs a value") }
        return v
    }

    /// A UI scale (device pixels per pt), 0.5…4.
    mutating func scale(for option: String) throws(UsageError) -> Double {
        let s = try number(for: option)
        guard s >= 0.5, s <= 4 else { throw UsageError(message: "\(option) must be between 0.5 and 4") }
        return s
    }

    mutating func number(for option: String) throws(UsageError) -> Double {
        guard let v = next() else { throw UsageError(message: "\(option) needs a number") }
        guard let d = Double(v), d.isFinite else { throw UsageError(message: "\(option) needs a number (got '\(v)')") }
        return d
    }
}
