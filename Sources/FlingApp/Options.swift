// Options: the app's command-line options (`AppOptions`, where a new option is declared), the
// `Parse` helpers that check their values, `UsageError`, log levels and `CalendarDay`.
import ArgumentParser
import Glibc
import FlingCore
import FlingUI
import FlingSDL

/// A command-line mistake: printed with the usage, exit status 2.
/// Thrown from option transforms and `validate()`; `CommandLine.report` finds it inside
/// argument-parser's own errors and prints its message as it is.
struct UsageError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

enum LogLevel: Int, Comparable, Sendable, CaseIterable {
    case error = 0, warning, info, debug
    static func < (a: LogLevel, b: LogLevel) -> Bool { a.rawValue < b.rawValue }
    /// The name `--log-level` takes (and its completion offers).
    var name: String {
        switch self {
        case .error: "error"
        case .warning: "warning"
        case .info: "info"
        case .debug: "debug"
        }
    }
    init?(name: String) {
        let lower = name.lowercased()
        guard let level = Self.allCases.first(where: { $0.name == lower }) ?? (lower == "warn" ? .warning : nil) else { return nil }
        self = level
    }
}

/// A day of the Gregorian calendar, checked: `2026-02-30` is no day.
struct CalendarDay: Equatable, Sendable {
    var year: Int
    var month: Int
    var day: Int

    /// Today in the local time zone (read here, in the app: core never reads the clock).
    static func today() -> CalendarDay {
        var now = time(nil)
        var local = tm()
        guard localtime_r(&now, &local) != nil else { return CalendarDay(year: 2000, month: 1, day: 1) }
        return CalendarDay(year: Int(local.tm_year) + 1900, month: Int(local.tm_mon) + 1, day: Int(local.tm_mday))
    }

    /// 0 = Sunday … 6 = Saturday (Sakamoto's method, proleptic Gregorian).
    var weekday: Int {
        let offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
        let y = month < 3 ? year - 1 : year
        return (y + y / 4 - y / 100 + y / 400 + offsets[month - 1] + day) % 7
    }

    /// YYYY-MM-DD.
    var isoText: String { cFormat("%04d-%02d-%02d", Int32(year), Int32(month), Int32(day)) }

    /// "EEEE, MMM d" in English ("Sunday, Nov 22"), as the Today scene's date line reads,
    /// formatted here rather than by Foundation's DateFormatter, which links ICU's data into
    /// the binary.
    var headlineText: String {
        "\(Self.weekdayNames[weekday]), \(Self.monthNames[month - 1].prefix(3)) \(day)"
    }

    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]
}

/// `fling [options]`: the app itself.
///
/// Adding an option is one declaration here: `@Option(help: "…") var name: T = default`
/// (or `@Flag var name = false`), read as `options.name` in `runApp`. Its help, the
/// completions and the man page (`make man`) follow. Values that need a check or a
/// message of their own go through a `transform:` from `Parse`, which throws `UsageError`.
struct AppOptions: ParsableArguments, Sendable {
    @Option(help: ArgumentHelp("The first screen: restaurants (default), today, two-stage or form.", valueName: "name"),
            completion: .list(SceneID.allCases.map(\.rawValue)), transform: Parse.scene)
    var scene: SceneID = .restaurants

    @Option(help: ArgumentHelp("Window size in pt, from 320x480 to 8192x8192 (default 390x844, an iPhone in portrait).", valueName: "WxH"),
            transform: { try Parse.size($0) })
    var size: Size = LayoutMetrics.defaultWindowSize

    @Option(parsing: .unconditional, help: ArgumentHelp("Device pixels per pt, 0.5 to 4 (default: the display's; 2 for HiDPI kiosks).", valueName: "S"),
            transform: { try Parse.scale($0, "--scale") })
    var scale: Double?

    @Flag(help: "Fill the display (kiosk mode).")
    var fullscreen = false

    @Flag(help: "No window: offscreen rendering in virtual time; needs --script (its input, shots and state dumps) or a recorded --input stream.")
    var headless = false

    @Option(name: .customLong("fps"), parsing: .unconditional,
            help: ArgumentHelp("Frames per second of virtual time (default 60); in a window a frame cap, only when given (otherwise vsync at the display's rate). 1 to 1000.", valueName: "N"),
            transform: { try Parse.number($0, "--fps", in: 1...1000) })
    var fpsOption: Double?
    /// Frames per second of virtual time; the windowed frame cap when `fpsGiven`.
    var fps: Double { fpsOption ?? 60 }
    var fpsGiven: Bool { fpsOption != nil }

    @Option(help: ArgumentHelp("Timed input and probes, one command a line (see SCRIPTS in fling(1)). Needs --headless.", valueName: "file"),
            completion: .file())
    var script: String?

    @Option(help: ArgumentHelp("Fonts, images and data (default: ../share/fling beside the binary, then $XDG_DATA_DIRS/fling, then Resources/ of the checkout).", valueName: "dir"),
            completion: .directory)
    var resources: String?

    @Option(name: .customLong("log-level"), help: ArgumentHelp("error, warning (default), info or debug.", valueName: "level"),
            completion: .list(LogLevel.allCases.map(\.name)), transform: Parse.logLevel)
    var logLevel: LogLevel = .warning

    /// Which SDL renderer draws the window (RendererChoice says what auto picks and why).
    @Option(help: ArgumentHelp("auto (default: measured per output; no GPU: the software renderer on the window's own framebuffer, no GL), software, gl or gles2. --log-level info says what was chosen and why.", valueName: "name"),
            completion: .list(RendererRequest.allCases.map(\.rawValue)), transform: Parse.renderer)
    var renderer: RendererRequest = .auto

    /// The release policy of the restaurant sheet (default fluid) and, when given, of the
    /// two-stage scene's sheet too (which is two-stage by default).
    @Option(name: .customLong("sheet-policy"),
            help: ArgumentHelp("How sheets pick a detent on release: fluid (default), tutorial (seed 000's thresholds) or two-stage (seed 001's UIKit sheet).", valueName: "policy"),
            completion: .list(SheetPolicyKind.allCases.map(\.rawValue)), transform: Parse.sheetPolicy)
    var sheetPolicy: SheetPolicyKind?

    /// The detents the fluid policy's sheets rest on (SwiftUI's presentationDetents).
    @Option(help: ArgumentHelp("The detents the restaurant sheet rests on (with --sheet-policy, the Two-Stage sheet too), as SwiftUI's presentationDetents: a comma-separated list of medium, large, content (as tall as the sheet's content), a fraction of the window (0.3), a height (300pt) or one computed from large's height (large*0.25, large-200pt); default medium,large. It opens at the smallest.", valueName: "list"),
            transform: Parse.detents)
    var detents: DetentsOption?

    /// Whether the list behind a fluid sheet takes touches (SwiftUI's
    /// presentationBackgroundInteraction).
    @Option(name: .customLong("background-interaction"),
            help: ArgumentHelp("Whether the list behind a sheet takes touches, as SwiftUI's presentationBackgroundInteraction: disabled (default: dimmed, a tap dismisses), enabled, or upto=DETENT (one of --detents: undimmed and usable at or below it, the dim fading in above).", valueName: "mode"))
    var backgroundInteractionText: String?

    /// SwiftUI's interactiveDismissDisabled for both sheets.
    @Option(name: .customLong("interactive-dismiss"),
            help: ArgumentHelp("enabled (default) or disabled: a pull past the lowest detent rubber-bands back and a tap on the dim does nothing, as SwiftUI's interactiveDismissDisabled; Esc still closes.", valueName: "enabled|disabled"),
            transform: Parse.onOff("interactive-dismiss", on: "enabled", off: "disabled"))
    var interactiveDismiss: Bool = true

    /// SwiftUI's presentationDragIndicator for both sheets.
    @Option(name: .customLong("drag-indicator"),
            help: ArgumentHelp("visible (default) or hidden: the sheet's grabber, as SwiftUI's presentationDragIndicator (its area drags either way).", valueName: "visible|hidden"),
            transform: Parse.onOff("drag-indicator", on: "visible", off: "hidden"))
    var dragIndicatorVisible: Bool = true

    /// How the Today cards open: seed 004's expansion or iOS 18's zoom.
    @Option(name: .customLong("card-style"),
            help: ArgumentHelp("How a Today card opens: expand (default: seed 004's card grows into the window) or zoom (iOS 18's zoom transition: the story zooms out of the card, and a pull shrinks it back under the finger).", valueName: "expand|zoom"),
            completion: .list(CardStyle.allCases.map(\.rawValue)), transform: Parse.cardStyle)
    var cardStyle: CardStyle?

    /// `--background-interaction` read against the detents (checked in `validate`).
    var backgroundInteraction: SheetBackgroundInteraction {
        guard let t = backgroundInteractionText else { return .disabled }
        return (try? SheetBackgroundInteraction.parse(t, detents: detents?.specs ?? SheetDetentSpec.standard)) ?? .disabled
    }

    /// When the on-screen keyboard comes up.
    @Option(help: ArgumentHelp("The on-screen keyboard: auto (default: a field focused by touch, or any focused field with --kiosk when no physical keyboard is attached), on (whenever a field is focused) or off.", valueName: "auto|on|off"),
            completion: .list(KeyboardMode.allCases.map(\.rawValue)), transform: Parse.keyboard)
    var keyboard: KeyboardMode = .auto

    /// The date the Today scene shows (default: today).
    @Option(help: ArgumentHelp("The date the Today scene shows (reproducible screenshots).", valueName: "YYYY-MM-DD"),
            transform: Parse.date)
    var date: CalendarDay?

    /// The UI's language; default: the locale's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG).
    @Option(help: ArgumentHelp("The UI's language: en, zh-Hans (or zh_CN), zh-Hant (zh_TW), ar, or pseudo (every string in brackets); default: LANGUAGE, LC_ALL, LC_MESSAGES or LANG. One without a catalogue falls back to English.", valueName: "code"),
            completion: .list(["en", "zh-Hans", "zh-Hant", "ar", "pseudo"]), transform: Parse.language)
    var language: String?

    // Kiosk options: values checked by KioskOptions' parse functions.
    @Flag(help: "Kiosk mode: fullscreen, cursor hidden until the mouse moves, Ctrl+Q off, idle reset after 90 s; leave with the exit chord or a 5 s press in the top-left corner.")
    var kiosk = false
    @Option(parsing: .unconditional, help: ArgumentHelp("The display to open on (0 = first).", valueName: "N"),
            transform: { try KioskOptions.parseDisplay($0) })
    var display: Int?
    @Option(name: .customLong("idle-reset"), parsing: .unconditional,
            help: ArgumentHelp("Seconds without input before every sheet and card closes and the home scene comes back (0 = never; default 90 with --kiosk or --attract).", valueName: "S"),
            transform: { try KioskOptions.parseIdleReset($0) })
    var idleReset: Double?
    @Option(help: ArgumentHelp("A script (the --script format) played in a loop while idle; the first touch stops it.", valueName: "file"),
            completion: .file())
    var attract: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("0, 90, 180 or 270: the frame turns clockwise on output and touches map back.", valueName: "deg"),
            completion: .list(["0", "90", "180", "270"]), transform: { try KioskOptions.parseRotation($0) })
    var rotate: Rotation = .none
    @Option(help: ArgumentHelp("fbdev or fbdev:PATH: draw into a Linux framebuffer (default /dev/fb0) instead of a window; kms or kms:/dev/dri/cardN: show frames on a KMS display in dumb buffers, page-flipped on vblank, with no GL (the default for SDL_VIDEODRIVER=kmsdrm without a GPU).", valueName: "fbdev[:PATH]|kms[:PATH]"),
            transform: { try KioskOptions.parseOutput($0) })
    var output: KioskOptions.OutputChoice?
    @Option(name: .customLong("frozen-screen"),
            help: ArgumentHelp("Exit with status 70 when a frame was asked for and none has reached the panel for this many seconds, so that the service restarts Fling (default 15 for a kiosk on the console; 0: never).", valueName: "seconds"),
            transform: { try KioskOptions.parseFrozenScreen($0) })
    var frozenScreen: Double?
    @Option(name: .customLong("screen-schedule"),
            help: ArgumentHelp("On the console: the hours the panel is lit, in the system's time zone (e.g. 07:00-22:00); outside them it is powered down (DPMS off on KMS, blanked on fbdev) until a touch.", valueName: "HH:MM-HH:MM"),
            transform: { try KioskOptions.parseScreenSchedule($0) })
    var screenSchedule: ScreenSchedule?
    @Option(name: .customLong("status-file"),
            help: ArgumentHelp("Keep a status file (version, uptime, scene, last touch, frames shown, last error, memory), replaced atomically: Prometheus' text format for node_exporter's textfile collector when PATH ends in .prom, else JSON.", valueName: "PATH"),
            completion: .file(), transform: { try KioskOptions.parseStatusFile($0) })
    var statusFile: String?
    @Option(name: .customLong("fb-mode"), help: ArgumentHelp("The framebuffer layout when PATH is a regular file: WxHxBPP, BPP 32 (XRGB8888) or 16 (RGB565).", valueName: "WxHxBPP"),
            transform: { try KioskOptions.parseFBMode($0) })
    var fbMode: FramebufferFormat?
    @Option(help: ArgumentHelp("Touches from an evdev device, read by Fling with the kernel's times and udev's LIBINPUT_CALIBRATION_MATRIX (on the console, where the first touchscreen is read without it, or in a window, where the device is grabbed from SDL and the display server), or a recorded event stream (with --headless).", valueName: "PATH"),
            completion: .file())
    var input: String?
    @Option(name: .customLong("touch-transform"),
            help: ArgumentHelp("evdev touch mapping: comma-separated swap-xy, invert-x, invert-y, x=MIN:MAX, y=MIN:MAX (raw axis range; default: the device's).", valueName: "T"),
            transform: { try KioskOptions.parseTouchTransform($0) })
    var touchTransform: TouchTransform?
    @Option(name: .customLong("exit-chord"), help: ArgumentHelp("The key chord that leaves kiosk mode (default ctrl+alt+shift+Q).", valueName: "keys"),
            transform: { try KioskOptions.parseChord($0) })
    var exitChord: Key?

    // The UX-testing instrument: see the physics, tune it live.
    @Flag(help: "The physics overlay (F2): touch trails, release velocity, projection, the sheet's detents and thresholds, state, frame times. Space pauses, . steps.")
    var overlay = false
    @Flag(name: .customLong("show-touches"), help: "A soft circle under each finger and mouse press (F3), as iOS screen recordings show.")
    var showTouches = false
    @Option(parsing: .unconditional, help: ArgumentHelp("Slow motion: animations run N times slower (1 to 20); drags still follow the finger and release velocities stay real. F4 toggles.", valueName: "N"),
            transform: { try Parse.number($0, "--slow", in: InstrumentConstants.slowRange) })
    var slow: Double?
    @Flag(name: .customLong("tuning-panel"), help: "A gear button that opens the tuning panel (F5 opens it too).")
    var tuningPanel = false
    @Option(name: .customLong("exit-gesture"),
            help: ArgumentHelp("corner or none: whether a 5 s press in the top-left corner leaves kiosk mode (default: corner in a window, none on the console, KMSDRM or fbdev, where a visitor would be left at a login prompt). The exit chord always works.", valueName: "corner|none"),
            completion: .list(Parse.exitGestures), transform: Parse.exitGesture)
    var exitGesture: Bool?
    @Flag(name: .customLong("kiosk-instrument"), help: "With --kiosk: F2-F5 still open the overlay, show touches, slow motion and the tuning panel (off in kiosk mode unless one of them is given at launch).")
    var kioskInstrument = false
    @Option(help: ArgumentHelp("Tuning at launch, e.g. sheet.response=0.5,dismiss.ratio=4. Keys: \(Tuning.keys.map(\.name).joined(separator: ", ")).", valueName: "key=value,…"),
            completion: .custom(ValueCompletion.tune), transform: Parse.tune)
    var tune: Tuning?

    // Accessibility: BEGIN
    @Flag(name: .customLong("reduce-motion"),
          help: "Sheets and cards cross-fade instead of sliding, springing and zooming, as iOS does with Reduce Motion on (default: the desktop's setting, GNOME's enable-animations through the settings portal).")
    var reduceMotion = false
    @Option(name: .customLong("text-size"), parsing: .unconditional,
            help: ArgumentHelp("Larger text: scales the text styles the scenes use, 1 to 2 (default: the desktop's text scaling factor, else 1); rows grow with it.", valueName: "S"),
            transform: { try Parse.number($0, "--text-size", in: LayoutMetrics.textSizeRange) })
    var textSize: Double?
    @Flag(name: .customLong("no-accessibility"),
          help: "Never join the accessibility bus (by default screen readers see Fling over AT-SPI while the desktop's accessibility is on).")
    var noAccessibility = false
    // Accessibility: END

    // UX-testing instrument (record/replay and measure): BEGIN
    @Option(help: ArgumentHelp("Write everything the user does to this file as a script (replay it with 'fling replay FILE').", valueName: "file"),
            completion: .file())
    var record: String?
    @Option(help: ArgumentHelp("Append one JSON line per gesture (release velocity, decision, settle time) to this file; read it with 'fling report'.", valueName: "file"),
            completion: .file())
    var metrics: String?
    // UX-testing instrument (record/replay and measure): END
    @Option(name: .customLong("inject-stall"),
            help: ArgumentHelp("Freeze the loop for MS milliseconds every EVERY seconds (no input read, nothing drawn), as a slow kiosk stalls; e.g. 400@3. Not with --headless (use the script's stall command).", valueName: "MS@EVERY"),
            transform: Parse.stall)
    var injectStall: StallInjector?

    /// The kiosk options as one value (RunLoops, KioskDriver and Display read it).
    var kioskOptions: KioskOptions {
        var k = KioskOptions()
        k.kiosk = kiosk; k.display = display; k.idleReset = idleReset; k.attract = attract; k.rotation = rotate
        k.output = output; k.fbMode = fbMode; k.input = input; k.touchTransform = touchTransform ?? TouchTransform(); k.exitChord = exitChord
        k.frozenScreen = frozenScreen; k.screenSchedule = screenSchedule; k.statusFile = statusFile
        return k
    }

    /// Kiosk mode is fullscreen.
    var isFullscreen: Bool { fullscreen || kiosk }

    init() {}

    func validate() throws {
        try kioskOptions.validate(headless: headless)
        if let problem = InteractionConstants.pixelSizeProblem(size, scale: scale ?? 1) {
            throw UsageError(message: "--size/--scale: \(problem)")
        }
        if injectStall != nil && headless {
            throw UsageError(message: "--inject-stall is for a window or a framebuffer; a headless script stalls with its own 'stall MS' command")
        }
        if let t = backgroundInteractionText {
            do { _ = try SheetBackgroundInteraction.parse(t, detents: detents?.specs ?? SheetDetentSpec.standard) } catch {
                throw UsageError(message: "--background-interaction: \(error.message)")
            }
            if let p = sheetPolicy, p != .fluid, t != "disabled" {
                throw UsageError(message: "--background-interaction: the \(p.rawValue) policy's sheet is modal; it is for --sheet-policy fluid")
            }
        }
        if script != nil && !headless {
            // A script needs virtual time; running it against a live window would race the user.
            throw UsageError(message: "--script needs --headless")
        }
        // Kiosk-only options without the kiosk would do nothing, silently.
        if !kiosk && (exitGesture != nil || kioskInstrument) {
            throw UsageError(message: "\(exitGesture != nil ? "--exit-gesture" : "--kiosk-instrument") is for kiosk mode: add --kiosk")
        }
        // Headless, all input and every shot and state dump come from the script (or a
        // recorded --input stream): without either the run ended at once, exit 0, having
        // done nothing. Reading stdin instead would hang a terminal.
        if headless && script == nil && input == nil {
            throw UsageError(message: "--headless needs --script FILE (the run's input, shots and state dumps) or a recorded --input stream; --script /dev/stdin reads a script from a pipe")
        }
    }
}

/// Option values from text, with the messages the command line has always given.
/// Each is usable as an `@Option(transform:)`.
enum Parse {
    /// A window size, at least `minimum` (the smallest window every scene lives in) and at
    /// most 8192 a side.
    static func size(_ s: String, _ option: String = "--size", minimum: Size = LayoutMetrics.minimumWindowSize) throws(UsageError) -> Size {
        let parts = s.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              w >= minimum.width, h >= minimum.height, w <= 8192, h <= 8192 else {
            throw UsageError(message: "\(option) takes WxH in pt, from \(Int(minimum.width))x\(Int(minimum.height)) to 8192x8192, e.g. 390x844 (got '\(s)')")
        }
        return Size(w, h)
    }

    /// A finite number, optionally within `range`.
    static func number(_ v: String, _ option: String, in range: ClosedRange<Double>? = nil) throws(UsageError) -> Double {
        guard let d = Double(v), d.isFinite else { throw UsageError(message: "\(option) needs a number (got '\(v)')") }
        if let range, !range.contains(d) {
            throw UsageError(message: "\(option) must be between \(range.lowerBound.shortText) and \(range.upperBound.shortText)")
        }
        return d
    }

    /// A UI scale (device pixels per pt), 0.5…4.
    static func scale(_ v: String, _ option: String) throws(UsageError) -> Double {
        try number(v, option, in: 0.5...4)
    }

    /// A language code as a locale names it: zh-Hans, zh_TW, ar_EG.UTF-8, sr@latin, pseudo.
    @Sendable static func language(_ v: String) throws -> String {
        let ok = !v.isEmpty && v.count <= 64 && v.first.map { $0.isASCII && $0.isLetter } == true
            && v.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-.@".contains($0)) }
        guard ok, v == "pseudo" || !LanguagePreference.names(for: v).isEmpty || v.lowercased().hasPrefix("en") else {
            throw UsageError(message: "--language: '\(v)' is not a language code (give one such as en, zh-Hans, zh_TW or ar)")
        }
        return v
    }

    @Sendable static func scene(_ v: String) throws -> SceneID {
        guard let s = SceneID(rawValue: v) else {
            throw UsageError(message: "unknown scene '\(v)' (available: \(SceneID.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return s
    }

    @Sendable static func sheetPolicy(_ v: String) throws -> SheetPolicyKind {
        guard let p = SheetPolicyKind(rawValue: v) else {
            throw UsageError(message: "unknown sheet policy '\(v)' (fluid, tutorial, two-stage)")
        }
        return p
    }

    @Sendable static func cardStyle(_ v: String) throws -> CardStyle {
        switch CardStyle.parse(v) {
        case .success(let style): return style
        case .failure(let error): throw UsageError(message: "--card-style: \(error.message)")
        }
    }

    /// A two-word option's reader ("enabled"/"disabled", "visible"/"hidden").
    static func onOff(_ name: String, on: String, off: String) -> @Sendable (String) throws -> Bool {
        { v in
            guard v == on || v == off else { throw UsageError(message: "--\(name): '\(v)' is not \(on) or \(off)") }
            return v == on
        }
    }

    @Sendable static func detents(_ v: String) throws -> DetentsOption {
        do { return DetentsOption(specs: try SheetDetentSpec.parse(v)) } catch {
            throw UsageError(message: "--detents: \(error.message)")
        }
    }

    @Sendable static func keyboard(_ v: String) throws -> KeyboardMode {
        guard let m = KeyboardMode(rawValue: v) else {
            throw UsageError(message: "unknown keyboard mode '\(v)' (auto, on, off)")
        }
        return m
    }

    /// `--inject-stall MS@EVERY`: the loop frozen on purpose (see `StallInjector`).
    @Sendable static func stall(_ v: String) throws -> StallInjector {
        switch StallInjector.parse(v) {
        case .success(let s): return s
        case .failure(let e): throw UsageError(message: e.message)
        }
    }

    /// `--tune key=value,…`: unknown keys and out-of-range values list the keys.
    @Sendable static func tune(_ v: String) throws -> Tuning {
        do { return try Tuning.parse(v) } catch { throw UsageError(message: "--tune: \(error.message)") }
    }

    @Sendable static func renderer(_ v: String) throws -> RendererRequest {
        guard let r = RendererRequest(rawValue: v) else {
            throw UsageError(message: "unknown renderer '\(v)' (\(RendererRequest.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return r
    }

    @Sendable static func logLevel(_ v: String) throws -> LogLevel {
        guard let l = LogLevel(name: v) else {
            throw UsageError(message: "unknown log level '\(v)' (\(LogLevel.allCases.map(\.name).joined(separator: ", ")))")
        }
        return l
    }

    /// `--exit-gesture`'s values: the first (corner) turns the corner press on.
    static let exitGestures = ["corner", "none"]

    @Sendable static func exitGesture(_ v: String) throws -> Bool {
        guard exitGestures.contains(v) else { throw UsageError(message: "--exit-gesture takes corner or none (got '\(v)')") }
        return v == exitGestures[0]
    }

    /// YYYY-MM-DD, a real day: February 30th is refused, not rolled over into March.
    @Sendable static func date(_ v: String) throws -> CalendarDay {
        let fields = v.split(separator: "-", omittingEmptySubsequences: false)
        let parts = fields.compactMap { Int($0) }
        guard fields.count == 3, parts.count == 3, (1...9999).contains(parts[0]), (1...12).contains(parts[1]), (1...31).contains(parts[2]) else {
            throw UsageError(message: "--date takes YYYY-MM-DD (got '\(v)')")
        }
        let day = CalendarDay(year: parts[0], month: parts[1], day: parts[2])
        let days = CalendarDay.daysIn(month: day.month, year: day.year)
        guard day.day <= days else {
            throw UsageError(message: "--date: \(v) is not a day (\(CalendarDay.monthNames[day.month - 1]) \(day.year) has \(days) days)")
        }
        return day
    }
}

/// `--detents`'s set, as given (a wrapper: an array-typed option would be a repeated one).
struct DetentsOption: Sendable, Equatable {
    let specs: [SheetDetentSpec]
    /// As the option and a recording's header write it ("0.3,0.6,large").
    var text: String { SheetDetentSpec.text(specs) }
}
