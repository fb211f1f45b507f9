// main: the entry point and `runApp`, which sets the app up from its options (script, kiosk,
// framebuffer, instrument, recording, metrics) and runs it; script and file loading.
import CAllocCounter
import FlingAccessibility
import FlingCore
import FlingUI
import FlingSDL
import FoundationEssentials
import Glibc

/// `fling`: the app, plus the tuning tools (spring, velocity), the drawing gallery and bench.
/// The command line is in Commands.swift (argument-parser), the app's options in Options.swift.
enum FlingVersion { static let string = "0.1.0" }

@MainActor
func runApp(_ options: AppOptions, study: StudyAttachment? = nil) -> Int32 {
    // The script is read and checked before anything else runs: a bad script runs nothing.
    var script: Script?
    // (Their texts are kept: percent coordinates are placed again on the window's real size.)
    var scriptText: String?, attractText: String?
    if let path = options.script {
        guard let (parsed, text) = loadScript(path, what: "script", window: options.size) else { return 2 }
        script = parsed
        scriptText = text
        // A script whose drags would expand past the bound, at this --fps, is refused up front.
        if let (line, count) = parsed.expansionProblem(fps: options.fps) {
            printError("fling: \(path):\(line): the script expands to \(count) inputs by this line at \(Int(options.fps)) fps (a drag is a move a frame); at most \(Script.maxExpandedInputs): shorten the drags or lower --fps")
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
    // Kiosk: the attract script, checked like the script.
    var attract: Script?
    if let path = options.kioskOptions.attract {
        guard let (parsed, text) = loadScript(path, what: "attract script", window: options.size, regularOnly: true) else { return 2 }
        // Nothing to play would leave the kiosk still while it says it attracts.
        guard !KioskState.attractInputs(parsed, fps: options.fps).isEmpty else {
            printError("fling: \(path): the attract script has no input (tap, drag, key, text…): nothing would play")
            return 2
        }
        attract = parsed
        attractText = text
    }
    let resources: Resources
    do { resources = try Resources.load(options.resources) } catch {
        printError("fling: \(error.message)")
        return 1
    }
    // --output fbdev or kms (and KMSDRM without a GPU: kms): the console's display is opened
    // first, its resolution is the layout's size.
    var framebuffer: ConsoleOutput?
    var size = options.size
    var outputChoice = options.kioskOptions.output
    // (The render nodes are asked only on the console: opening one can wake a sleeping GPU.)
    let automaticKMS = outputChoice == nil && !options.headless && environment("SDL_VIDEODRIVER")?.lowercased() == "kmsdrm"
    if automaticKMS,
       let why = RendererChoice.consoleDumbBuffers(request: options.renderer, requestedVideoDriver: environment("SDL_VIDEODRIVER"),
                                                   environmentDriver: environment("SDL_RENDER_DRIVER"),
                                                   hasRenderNode: Display.hasRenderNode(probingDrivers: true)) {
        Log.info("renderer: \(why)")
        // The card SDL would have used (SDL_KMSDRM_DEVICE_INDEX), else the first with a display.
        outputChoice = .kms(environment("SDL_KMSDRM_DEVICE_INDEX").flatMap { Int($0) }.map { "/dev/dri/card\($0)" })
    }
    switch outputChoice {
    case .fbdev(let path)?:
        do { framebuffer = try FramebufferOutput(path: path, mode: options.kioskOptions.fbMode, rotation: options.kioskOptions.rotation) } catch {
            printError("fling: \(error.message)")
            return 1
        }
    case .kms(let path)?:
        do { framebuffer = try KMSOutput(path: path, rotation: options.kioskOptions.rotation) } catch {
            printError("fling: \(options.kioskOptions.output == nil ? "SDL_VIDEODRIVER=kmsdrm" : "kms"): \(error.message)")
            return 1
        }
        if let k = framebuffer { Log.info("kms: \(k.summary)") }
    case nil:
        break
    }
    if let framebuffer { size = framebuffer.layoutSize(scale: options.scale ?? 1) }
    defer { framebuffer?.close() }
    // Drawing to a console's framebuffer: its text and cursor must not draw over the frame.
    let console = framebuffer != nil && !options.headless ? ConsoleMode.take() : nil
    defer { console?.restore() }
    let context: SDLContext
    do { context = try SDLContext(headless: options.headless || framebuffer != nil) } catch {
        printError(lines: ["fling: \(error)"] + (error is WaylandSeatError ? [] : ["fling: \(noDisplayHint())"]))
        return 1
    }
    defer { context.shutdown() }
    // Headless there is no event loop to see SDL's quit event: SIGINT/SIGTERM set a flag.
    if options.headless { Termination.install() }
    let display: Display
    do {
        let window = WindowOptions(displayIndex: options.kioskOptions.display, kiosk: options.kioskOptions.kiosk,
                                   scaleFromDisplay: options.scale == nil, rotation: options.kioskOptions.rotation,
                                   renderer: options.renderer)
        display = try Display(context: context, size: size, uiScale: options.scale ?? 1,
                              fullscreen: options.isFullscreen, title: "Fling", fontDirectory: resources.fonts,
                              imageDirectory: resources.images, window: window, log: { Log.warning($0) }, note: { Log.info($0) })
    } catch {
        printError("fling: \(error)")
        return 1
    }
    defer { display.close() }
    // Percent coordinates (`tap 50% 40%`) are of the window as made (a kiosk's fills the panel).
    if display.size != options.size {
        if let path = options.script, let text = scriptText {
            script = (try? Script.parse(text, file: path, window: display.size)) ?? script
        }
        if let path = options.kioskOptions.attract, let text = attractText {
            attract = (try? Script.parse(text, file: path, window: display.size)) ?? attract
        }
    }
    // A panel (a console's framebuffer, a fullscreen kiosk) smaller than the smallest window
    // at this scale: every scene is made for at least that much room.
    let least = LayoutMetrics.minimumWindowSize
    if display.size.width < least.width || display.size.height < least.height {
        Log.warning("the layout is \(Int(display.size.width))x\(Int(display.size.height)) pt, under the \(Int(least.width))x\(Int(least.height)) pt every scene is made for: a smaller --scale gives it more room")
    }
    Log.info("resources: \(resources.root)")
    if !display.setIcon(png: resources.images + "/fling.png") && !options.headless {
        Log.info("no window icon: \(resources.images)/fling.png unreadable")
    }
    let env = AppAssembly.environment(for: display)
    let dateText = speak(options.language, on: env, resources: resources, day: options.date)
    if !options.headless { env.clipboard = SDLClipboard(); env.primarySelection = SDLPrimarySelection() }
    // Reduce Motion and larger text: the options, else the desktop's settings (a
    // window only: a headless run is the same on every machine).
    let desktop = options.headless || (options.reduceMotion && options.textSize != nil) ? DesktopSettings() : DesktopSettings.read()
    let textScale = options.textSize ?? desktop.textScale.map { min(LayoutMetrics.textSizeRange.upperBound, max(LayoutMetrics.textSizeRange.lowerBound, $0)) } ?? 1
    env.textScale = textScale
    let app = AppAssembly.app(resources, env: env, display: display, first: options.scene, sheetPolicy: options.sheetPolicy,
                              dateText: dateText, cardStyle: options.cardStyle ?? .expand)
    app.usePinyin()
    if let d = options.detents { app.sheetDetents = d.specs }
    app.sheetBackgroundInteraction = options.backgroundInteraction
    app.setSheetDismissal(interactive: options.interactiveDismiss, dragIndicator: options.dragIndicatorVisible ? .visible : .hidden)
    app.reduceMotion = options.reduceMotion || desktop.animations == false
    if app.reduceMotion || textScale != 1 {
        Log.info("accessibility: \(app.reduceMotion ? "reduce motion" : "full motion"), text at \(textScale.shortText)×"
                 + (options.reduceMotion || options.textSize != nil ? "" : " (the desktop's settings)"))
    }
    // The UX-testing instrument.
    app.instrument.overlay = options.overlay
    app.instrument.showTouches = options.showTouches
    app.instrument.panel.showsGear = options.tuningPanel
    app.instrument.panel.onCopy = { print($0); fflush(nil) }   // seen at once when piped
    if let n = options.slow { app.instrument.slowFactorForToggle = n; app.setSlowMotion(n, time: 0) }
    if let t = options.tune { app.tuning = t }
    app.keyboard.mode = options.keyboard
    app.keyboard.kioskWithoutKeyboard = options.kioskOptions.kiosk && !PhysicalKeyboard.isAttached(headless: options.headless)
    // A kiosk's visitors do not get the instrument's keys (before, F5's panel changed the
    // physics until the next reset, and its Copy wrote to the clipboard and stdout), unless
    // the instrument was asked for at launch.
    app.instrument.keysEnabled = !options.kioskOptions.kiosk || options.kioskInstrument || options.overlay
        || options.showTouches || options.slow != nil || options.tuningPanel
    // A study is blind: the instrument's keys would show the policy (F2) or change it
    // (F5), and slow motion (F4) would stretch the trials' times.
    if study != nil { app.instrument.keysEnabled = false }
    // (A study's session has no idle reset or attract loop: either would change the trial
    // under the participant, or answer its prompt.)
    let config = KioskState.Config(kiosk: options.kioskOptions.kiosk, idleReset: study == nil ? options.kioskOptions.effectiveIdleReset : nil,
                                   attract: study == nil ? attract.map { KioskState.attractInputs($0, fps: options.fps) } ?? [] : [],
                                   exitChord: options.kioskOptions.effectiveExitChord,
                                   exitCorner: options.exitGesture ?? !(framebuffer != nil || context.videoDriver == "kmsdrm"))
    var run = RunContext(kiosk: KioskDriver(app: app, config: config, rotation: options.kioskOptions.rotation),
                         fpsCap: options.fpsGiven ? options.fps : nil, hidesCursor: options.kioskOptions.kiosk, framebuffer: framebuffer)
    run.stalls = options.injectStall
    run.accessibility = !options.noAccessibility
    // A kiosk's watch on itself: the frozen-screen watchdog and the status file in
    // every live loop; the screen schedule on the console's panel.
    let k = options.kioskOptions
    let frozenLimit = k.effectiveFrozenScreen(console: framebuffer != nil)
    if !options.headless, frozenLimit != nil || k.screenSchedule != nil || k.statusFile != nil {
        let outputName = framebuffer.map { ($0 is KMSOutput ? "kms " : "fbdev ") + $0.summary } ?? (context.videoDriver ?? "window") + " " + display.rendererName
        if framebuffer == nil, let s = k.screenSchedule {
            Log.warning("--screen-schedule \(s): only the console's panel is powered by Fling (--output fbdev or kms, or SDL_VIDEODRIVER=kmsdrm without a GPU); a display server or compositor powers its outputs itself")
        }
        run.selfWatch = KioskSelfWatch(frozenLimit: frozenLimit, schedule: framebuffer == nil ? nil : k.screenSchedule,
                                       wake: k.effectiveIdleReset ?? KioskConstants.defaultIdleReset, statusPath: k.statusFile, output: outputName)
        if let text = environment("FLING_TEST_BLOCK_PRESENT_AFTER"), let after = Double(text), after.isFinite, after >= 0 {
            run.selfWatch?.blockPresentAfter = after
            Log.warning("FLING_TEST_BLOCK_PRESENT_AFTER=\(text): no frame reaches the panel after \(text) s (a test of --frozen-screen)")
        }
    }
    // --record: every input to the file as it arrives; `quit` at the end.
    var recorder: SessionRecorder?
    if let path = options.record {
        var header = SessionRecorder.Header(options, display: display, instrumentKeys: app.instrument.keysEnabled, exitCorner: config.exitCorner)
        header.language = env.strings.pseudo ? "pseudo" : env.strings.language
        header.detents = options.detents?.text
        header.backgroundInteraction = options.backgroundInteraction == .disabled ? nil : options.backgroundInteraction.text
        header.cardStyle = options.cardStyle.flatMap { $0 == .expand ? nil : $0.rawValue }
        header.sheetOptions = [options.interactiveDismiss ? nil : "interactive-dismiss=disabled",
                               options.dragIndicatorVisible ? nil : "drag-indicator=hidden"].compactMap { $0 }.joined(separator: ",")
        header.keyboard = app.keyboard.mode != .auto ? app.keyboard.mode.rawValue : (app.keyboard.kioskWithoutKeyboard ? "auto-kiosk" : nil)
        header.study = study.map { "\($0.session.schedule.participant) \($0.resumeAt) \($0.file)" }
        do { recorder = try SessionRecorder(path: path, header: header, recordedAt: Date().description) } catch {
            printError("fling: \(error.message)")
            return 1
        }
        recorder?.clipboard = { [env] in env.clipboard.text }
        run.kiosk.recorder = recorder
    }
    defer { recorder?.finish(at: run.kiosk.lastTime) }
    // --metrics: a JSON line per gesture, from the models' decision records.
    var metrics: MetricsRecorder?
    if let path = options.metrics {
        let budget = options.headless ? 1 / options.fps : 1 / (options.fpsGiven ? options.fps : display.refreshRate)
        do { metrics = try MetricsRecorder(app: app, frameBudget: budget, path: path) } catch {
            printError("fling: \(error.message)")
            return 1
        }
        run.kiosk.observer = { metrics?.input($0) }
        run.onFrame = { metrics?.frame(time: $0, drawSeconds: $1) }
    }
    // `fling study`: the session over the app, its gestures into the study folder.
    if let study {
        // A start state the app cannot reach (a restaurant it lacks, a card past the last)
        // would leave every trial to time out: said now, with its line.
        for (line, problem) in study.session.problems(app) {
            printError("fling study: \(study.source):\(line): \(problem)")
            return 2
        }
        app.study = study.session
        metrics?.onMetric = { study.writer.gesture($0) }
        study.writer.gesturesSettling = { metrics?.isSettling ?? false }
        study.writer.flushGestures = { metrics?.flushPending() }
        run.kiosk.observer = { e in
            metrics?.input(e)
            if case .pointer(let p) = e, p.phase == .began { study.writer.pressed() }
        }
        run.onFrame = { t, d in
            metrics?.frame(time: t, drawSeconds: d)
            study.writer.checkpointIfSettled(time: t)
        }
        run.studyStall = { study.session.stall }
    }
    defer { metrics?.finish() }
    var input: EvdevInput?
    // On the console with no --input (KMS, SDL's KMSDRM, fbdev), Fling reads the touch panel
    // itself: with the kernel's times, and calibrated as udev says (SDL's KMSDRM input ignores
    // LIBINPUT_CALIBRATION_MATRIX).
    var inputPath = options.kioskOptions.input
    if inputPath == nil, !options.headless, outputChoice != nil || context.videoDriver == "kmsdrm" {
        inputPath = TouchscreenDevices.find()
        if let p = inputPath { Log.info("evdev: the touch panel is \(p) (no --input given)") } else { Log.warning("evdev: no touchscreen found in /dev/input (no --input given): no touches on the console") }
    }
    if let path = inputPath {
        do { input = try EvdevInput(path: path, transform: options.kioskOptions.touchTransform) } catch {
            // (A panel Fling found itself and cannot open leaves the kiosk without touch, said;
            // one the user named is an error.)
            guard options.kioskOptions.input == nil else {
                printError("fling: \(error.message)")
                return 1
            }
            Log.error("\(error.message): no touches on the console")
        }
    }
    defer { input?.closeDevice() }
    if options.headless {
        let recorded: [ScheduledInput]
        do { recorded = try input?.recorded(panel: display.panelSize) ?? [] } catch {
            printError("fling: \(error.message)")
            return 2
        }
        do {
            try runHeadless(app: app, display: display, script: script ?? Script(commands: []), fps: options.fps, run: run,
                            recordedTouches: recorded)
        } catch {
            printError("fling: \(error.message)")
            return error.status
        }
        if let s = Termination.signal { return Termination.exitStatus(s, "fling", at: "before the script's end") }
    } else if framebuffer != nil {
        // The console's keyboards: no SDL video driver reads them here.
        let keyboards = EvdevKeyboards(now: 0)
        defer { keyboards.close() }
        runFramebuffer(app: app, display: display, run: run, input: input, keyboards: keyboards, console: console,
                       fps: options.fps, fpsGiven: options.fpsGiven)
        if frozenScreen {
            recorder?.finish(at: run.kiosk.lastTime)
            metrics?.finish()
            return KioskConstants.frozenScreenStatus
        }
    } else {
        if let input {
            input.readOnItsOwnThread { EventSource.wakeFromAnotherThread() }
            run.touchDevice = input
        }
        runWindowed(app: app, display: display, run: run)
        if frozenScreen {
            recorder?.finish(at: run.kiosk.lastTime)
            metrics?.finish()
            return KioskConstants.frozenScreenStatus
        }
    }
    // What was written to files: a recording or metrics cut short (a full disk) fails the run.
    recorder?.finish(at: run.kiosk.lastTime)
    metrics?.finish()
    if recorder?.failure != nil || metrics?.failure != nil { return 1 }
    return 0
}

/// A script file read and checked (percent coordinates placed on `window`), and its text; nil
/// (the message printed) when it cannot be used.
func loadScript(_ path: String, what: String, window: Size, regularOnly: Bool = false) -> (Script, String)? {
    let data: Data
    switch readUserFile(path, regularOnly: regularOnly) {
    case .success(let d): data = d
    case .failure(let e):
        // (An empty path has nothing to name: the option is named instead.)
        printError(path.isEmpty ? "fling: --\(what == "script" ? "script" : "attract"): the path is empty" : "fling: \(path): \(what) \(e.reason)")
        return nil
    }
    // Checked before decoding, with its line: String(decoding:) would put U+FFFD for a bad
    // byte, and a `text` line would type it (with only a missing-glyph warning).
    guard let text = String(validating: data, as: UTF8.self) else {
        let (offset, line, column) = firstInvalidUTF8([UInt8](data))
        printError("fling: \(path):\(line): not UTF-8 text (byte \(offset), column \(column), starts no UTF-8 character); \(what)s are UTF-8")
        return nil
    }
    do { return (try Script.parse(text, file: path, window: window), text) } catch {
        printError("fling: \(error.description)")
        return nil
    }
}

/// Why a file named on the command line could not be read ("not found", "is a directory",
/// "is over 256 MiB …"), to follow its path and what it is in a message.
struct UserFileError: Error { var reason: String }

/// A file named on the command line, read to its end: also a pipe or a process
/// substitution (`--script <(…)`), which FileManager's `contents(atPath:)` reads as empty.
/// At most `InteractionConstants.maxUserFileBytes`: an endless file is refused there.
/// `regularOnly`: the files a session keeps or goes back to (a study file, its results, an
/// attract loop read again and again) must be regular files; a FIFO, a device or a socket is
/// refused by what it is. Opening never waits: a FIFO with no writer would block `open`
/// forever, so it is opened without blocking and, where pipes are allowed, read to its end
/// (nothing, when no writer has it open).
func readUserFile(_ path: String, regularOnly: Bool = false, limit: Int = InteractionConstants.maxUserFileBytes,
                  kinds: String = "scripts, recordings and metrics files") -> Result<Data, UserFileError> {
    let fd: Int32, info: stat
    switch openUserFile(path, regularOnly: regularOnly, limit: limit, kinds: kinds) {
    case .success(let opened): (fd, info) = opened
    case .failure(let e): return .failure(e)
    }
    defer { close(fd) }
    if (info.st_mode & S_IFMT) == S_IFIFO, !waitForWriter(fd, path) { return .failure(UserFileError(reason: "unreadable (\(String(cString: strerror(errno))))")) }
    let tooLarge = UserFileError(reason: "is over \(limit >> 20) MiB (\(kinds) are read up to \(limit >> 20) MiB)")
    guard let data = readToEnd(fd, limit: limit) else { return .failure(UserFileError(reason: "unreadable (\(String(cString: strerror(errno))))")) }
    return data.count > limit ? .failure(tooLarge) : .success(data)
}

/// A FIFO read before its writer has opened it reads as empty at once (`--script FIFO`, then
/// the writer: an empty script ran): wait for the writer, as `cat` does, saying so after 2 s.
/// false on a poll error.
func waitForWriter(_ fd: Int32, _ path: String) -> Bool {
    var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    var told = false
    while true {
        let n = poll(&p, 1, told ? -1 : 2000)
        if n > 0 { return true }
        if n < 0 { if errno == EINTR { continue }; return false }
        printError("fling: \(path): a FIFO with nothing to read yet: waiting for its writer (Ctrl+C stops)")
        told = true
    }
}

/// The file opened for reading as `readUserFile` opens it (never waiting in open; kinds
/// refused as it refuses them; a regular file over `limit` refused), reads blocking again,
/// with its `stat`. The caller closes it.
func openUserFile(_ path: String, regularOnly: Bool, limit: Int, kinds: String) -> Result<(Int32, stat), UserFileError> {
    guard !path.isEmpty else { return .failure(UserFileError(reason: "has an empty path")) }
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard fd >= 0 else {
        return .failure(UserFileError(reason: errno == ENOENT ? "not found" : "unreadable (\(String(cString: strerror(errno))))"))
    }
    func fail(_ reason: String) -> Result<(Int32, stat), UserFileError> { close(fd); return .failure(UserFileError(reason: reason)) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return fail("unreadable (\(String(cString: strerror(errno))))") }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: return fail("is a directory")
    case S_IFIFO where regularOnly: return fail("is a FIFO (named pipe), not a regular file")
    case S_IFCHR, S_IFBLK: if regularOnly { return fail("is a device, not a regular file") }
    case S_IFSOCK: return fail("is a socket, not a regular file")
    default: break
    }
    // Reads block again (a pipe's writer may be slow); the open is what must not wait.
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    if (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) > limit {
        return fail("is over \(limit >> 20) MiB (\(kinds) are read up to \(limit >> 20) MiB)")
    }
    return .success((fd, info))
}

/// Everything left to read from `fd`, or its first `limit` + 1 bytes when there is more (nil
/// on a read error).
func readToEnd(_ fd: Int32, limit: Int = .max) -> Data? {
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 65536)
    while data.count <= limit {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 { if errno == EINTR { continue }; return nil }
        if n == 0 { return data }
        data.append(contentsOf: chunk[0..<n])
    }
    return data
}

/// An environment variable's value, or nil when it is not set.
func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

/// The user's language (`--language`, else the locale's) set on `env`, said in the log where
/// it could not be had; returns the Today date line of `day` (or of today, read once here:
/// core never reads the clock) in that language.
@MainActor
func speak(_ language: String?, on env: SceneEnvironment, resources: Resources, day: CalendarDay?) -> String {
    let environment = ProcessInfo.processInfo.environment
    let loaded = LanguageLoader.load(override: language, environment: environment, resourcesRoot: resources.root)
    if let w = loaded.warning { Log.warning(w) }
    if let i = loaded.info { Log.info(i) }
    env.strings = loaded.strings
    let date = LocalDate.headline(day ?? CalendarDay.today(), strings: loaded.strings, environment: environment)
    if let i = date.info { Log.info(i) }
    return date.text
}

fling_heap_configure()
// A write to a pipe whose reader has left fails with EPIPE, which each file says and stops on;
// without this the kernel's SIGPIPE would end the app with no word (status 141).
signal(SIGPIPE, SIG_IGN)
let status = MainActor.assumeIsolated { FlingCLI.main(Array(CommandLine.arguments.dropFirst())) }
exit(status)
