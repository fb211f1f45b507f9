import FlingCore
import FlingUI
import FlingSDL
import Foundation

/// `fling`: the app, plus the tuning tools (spring, velocity), the drawing gallery and bench.
@MainActor
func flingMain(_ args: [String]) -> Int32 {
    if args.contains("--help") || args.contains("-h") { print(AppOptions.usage); return 0 }
    if args.first == "--version" || args == ["-V"] { print("fling \(FlingVersion.string)"); return 0 }
    switch args.first {
    case "gallery": return Gallery.run(Array(args.dropFirst()))
    case "spring": return SpringTool.run(Array(args.dropFirst()))
    case "velocity": return VelocityTool.run(Array(args.dropFirst()), input: String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self))
    case "bench": return Bench.run(Array(args.dropFirst()))
    case "soak": return Soak.run(Array(args.dropFirst()))   // issue 14
    default: break
    }
    let options: AppOptions
    do { options = try AppOptions.parse(args) } catch {
        printError("fling: \(error.message)\n\n\(AppOptions.usage)")
        return 2
    }
    Log.level = options.logLevel
    return runApp(options)
}

enum FlingVersion { static let string = "0.1.0" }

@MainActor
func runApp(_ options: AppOptions) -> Int32 {
    // The script is read and checked before anything else runs: a bad script runs nothing.
    var script: Script?
    if let path = options.script {
        guard let data = FileManager.default.contents(atPath: path) else {
            printError("fling: \(path): script not found or unreadable")
            return 2
        }
        do { script = try Script.parse(String(decoding: data, as: UTF8.self), file: path) } catch {
            printError("fling: \(error.description)")
            return 2
        }
        // A resize the display could not draw is an error in the script, found before it runs.
        for c in script?.commands ?? [] {
            if case .resize(let size) = c.action, let problem = InteractionConstants.pixelSizeProblem(size, scale: options.scale ?? 1) {
                printError("fling: \(path):\(c.line): resize: \(problem)")
                return 2
            }
        }
    }
    // Kiosk (issue 14): the attract script, checked like the script.
    var attract: Script?
    if let path = options.kiosk.attract {
        guard let data = FileManager.default.contents(atPath: path) else {
            printError("fling: \(path): attract script not found or unreadable")
            return 2
        }
        do { attract = try Script.parse(String(decoding: data, as: UTF8.self), file: path) } catch {
            printError("fling: \(error.description)")
            return 2
        }
    }
    let resources: Resources
    do { resources = try Resources.load(options.resources) } catch {
        printError("fling: \(error.message)")
        return 1
    }
    // --output fbdev: the framebuffer is opened first, its resolution is the layout's size.
    var framebuffer: FramebufferOutput?
    var size = options.size
    if let path = options.kiosk.fbdev {
        do { framebuffer = try FramebufferOutput(path: path, mode: options.kiosk.fbMode, rotation: options.kiosk.rotation) } catch {
            printError("fling: \(error.message)")
            return 1
        }
        size = framebuffer?.layoutSize(scale: options.scale ?? 1) ?? size
    }
    defer { framebuffer?.unmap() }
    let context: SDLContext
    do { context = try SDLContext(headless: options.headless || framebuffer != nil) } catch {
        printError("fling: \(error)\nfling: \(noDisplayHint())")
        return 1
    }
    defer { context.shutdown() }
    let display: Display
    do {
        let window = WindowOptions(displayIndex: options.kiosk.display, kiosk: options.kiosk.kiosk,
                                   scaleFromDisplay: options.scale == nil, rotation: options.kiosk.rotation)
        display = try Display(context: context, size: size, uiScale: options.scale ?? 1,
                              fullscreen: options.fullscreen, title: "Fling", fontDirectory: resources.fonts,
                              imageDirectory: resources.images, window: window, log: { Log.warning($0) })
    } catch {
        printError("fling: \(error)")
        return 1
    }
    defer { display.close() }
    let env = SceneEnvironment(measurer: display.renderer.fonts, imageSize: { display.renderer.imageSize($0) })
    let app = AppController(restaurants: resources.restaurants, articles: resources.articles, env: env, first: options.scene, windowSize: display.size,
                            scale: display.scale, sheetPolicy: options.sheetPolicy, dateText: todayText(options.date))
    let config = KioskState.Config(kiosk: options.kiosk.kiosk, idleReset: options.kiosk.effectiveIdleReset,
                                   attract: attract.map { KioskState.attractInputs($0, fps: options.fps) } ?? [],
                                   exitChord: options.kiosk.effectiveExitChord)
    let run = RunContext(kiosk: KioskDriver(app: app, config: config, rotation: options.kiosk.rotation),
                         fpsCap: options.fpsGiven ? options.fps : nil, hidesCursor: options.kiosk.kiosk, framebuffer: framebuffer)
    var input: EvdevInput?
    if let path = options.kiosk.input {
        do { input = try EvdevInput(path: path, transform: options.kiosk.touchTransform) } catch {
            printError("fling: \(error.message)")
            return 1
        }
    }
    defer { input?.closeDevice() }
    if options.headless {
        do {
            let recorded = input?.recorded(panel: display.panelSize) ?? []
            try runHeadless(app: app, display: display, script: script ?? Script(commands: []), fps: options.fps, run: run,
                            recordedTouches: recorded)
        } catch {
            printError("fling: \(error.message)")
            return error.status
        }
    } else if framebuffer != nil {
        runFramebuffer(app: app, display: display, run: run, input: input, fps: options.fps)
    } else {
        runWindowed(app: app, display: display, run: run)
    }
    return 0
}

/// "EEEE, MMM d" of --date (or of today, read once here: core never reads the clock).
func todayText(_ fixed: (year: Int, month: Int, day: Int)?) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "EEEE, MMM d"
    guard let fixed else { return formatter.string(from: Date()) }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    formatter.timeZone = calendar.timeZone
    let date = calendar.date(from: DateComponents(year: fixed.year, month: fixed.month, day: fixed.day)) ?? Date()
    return formatter.string(from: date)
}

let status = MainActor.assumeIsolated { flingMain(Array(CommandLine.arguments.dropFirst())) }
exit(status)
