// Replay: `fling replay FILE`: a recording run again headless through the app's own loop,
// optionally under other policies or tunings side by side, writing frames, video and metrics.
import FlingCore
import FlingUI
import FlingSDL
import FoundationEssentials
import Glibc

/// `fling replay FILE`: a recording (or any script) run again headless through the same run
/// loop, kiosk driver and app code as the session that made it, at the recorded fps, so the
/// end state is the session's. Optionally under other settings (`--policy`, `--tune`), or
/// under two or three side by side (`--compare`), writing frames, a video and metrics.
@MainActor
enum Replay {
    struct Options {
        var file: String
        var state: String?
        var out: String?
        var video: String?
        var fps: Double = 30
        var policy: SheetPolicyKind?
        var tune: String?
        var compare: [ReplaySetting]?
        var metrics: String?
        var resources: String?
    }

    /// One output frame: zlib'd RGBA at its own size, kept in the run's spool.
    struct Frame {
        var offset: off_t, length: Int
        var width: Int, height: Int
    }

    /// One setting's run: its frames (zlib'd RGBA, at the output rate) and its gestures.
    struct Run {
        var setting: ReplaySetting
        /// The largest frame (a session resized mid-way has frames of several sizes).
        var width = 0, height = 0
        var frames: [Frame] = []
        var gestures: [GestureMetric] = []
        /// Where the frames' bytes are (nil when no frames are asked for).
        var spool: ReplayFrameSpool?

        /// A frame's RGBA pixels, back from the spool.
        func pixels(_ f: Frame) -> [UInt8]? {
            spool?.read(offset: f.offset, length: f.length).flatMap { APNGWriter.unzlib($0, count: f.width * f.height * 4) }
        }
    }

    static func run(_ o: Options) -> Int32 {
        let recording: Recording
        do { recording = try Recording.load(o.file) } catch {
            printError("fling replay: \(error.message)")
            return 2
        }
        for w in recording.warnings { printError("fling replay: \(w)") }
        let settings = o.compare ?? [ReplaySetting(policy: o.policy ?? recording.policy, tune: o.tune ?? "")]
        let resources: Resources
        do { resources = try Resources.load(o.resources) } catch {
            printError("fling replay: \(error.message)")
            return 1
        }
        let context: SDLContext
        do { context = try SDLContext(headless: true) } catch {
            printError("fling replay: \(error)")
            return 1
        }
        defer { context.shutdown() }
        Termination.install()
        let wantsFrames = o.out != nil || o.video != nil
        do { try ReplayFrames.preflight(out: o.out, video: o.video) } catch {
            printError("fling replay: \(error.message)")
            return error.status
        }
        // The side-by-side frame of --compare must fit the pixel limits too (before, three
        // settings of a large window made a canvas of 3 GB a frame).
        if wantsFrames, settings.count > 1 {
            var w = recording.size.width, h = recording.size.height
            for c in recording.script.commands { if case .resize(let s) = c.action { w = max(w, s.width); h = max(h, s.height) } }
            if recording.rotation == .quarter || recording.rotation == .threeQuarters { swap(&w, &h) }
            let n = Double(settings.count)
            let canvas = Size(n * w + (n - 1) * ReplayFrames.gap, h + ReplayFrames.labelHeight)
            if let problem = InteractionConstants.pixelSizeProblem(canvas, scale: recording.scale) {
                printError("fling replay: --compare: the frame of \(settings.count) settings side by side is \(problem)")
                return 1
            }
        }
        var runs: [Run] = []
        for (i, setting) in settings.enumerated() where Termination.signal == nil {
            // The end state is the first setting's (the recording's own without --compare).
            let statePath = i == 0 ? o.state : nil
            do {
                runs.append(try replay(recording, setting: setting, context: context, resources: resources,
                                       frames: wantsFrames ? o.fps : nil, statePath: statePath, metrics: o.metrics))
            } catch {
                printError("fling replay: \(error.message)")
                return error.status
            }
        }
        if runs.count > 1, Termination.signal == nil { print(ReplayComparison.differences(runs.map { ($0.setting.label, $0.gestures) })) }
        if wantsFrames {
            do { try ReplayFrames.write(runs, options: o, context: context, resources: resources, scale: recording.scale) } catch {
                printError("fling replay: \(error.message)")
                return error.status
            }
        }
        // Stopped by a signal: the frames so far are written above; the status says it was cut.
        if let s = Termination.signal { return Termination.exitStatus(s, "fling replay", at: "before the recording's end (what was replayed is written)") }
        return 0
    }

    /// Runs the recording once under `setting`.
    static func replay(_ recording: Recording, setting: ReplaySetting, context: SDLContext, resources: Resources,
                       frames outputFPS: Double?, statePath: String?, metrics: String?) throws(RunFailure) -> Run {
        let display: Display
        do {
            display = try Display(context: context, size: recording.size, uiScale: recording.scale, fullscreen: false, title: "Fling",
                                  fontDirectory: resources.fonts, imageDirectory: resources.images,
                                  window: WindowOptions(rotation: recording.rotation), log: { Log.warning($0) })
        } catch { throw RunFailure(message: "\(error)", status: 1) }
        defer { display.close() }
        let env = AppAssembly.environment(for: display)
        let dateText = speak(recording.language ?? "en", on: env, resources: resources, day: recording.date)
        let app = AppAssembly.app(resources, env: env, display: display, first: recording.scene, sheetPolicy: setting.policy,
                                  dateText: dateText, cardStyle: recording.cardStyle)
        app.usePinyin()
        if let d = recording.detents { app.sheetDetents = d }
        if let b = recording.backgroundInteraction { app.sheetBackgroundInteraction = b }
        app.setSheetDismissal(interactive: recording.interactiveDismiss, dragIndicator: recording.dragIndicatorVisible ? .visible : .hidden)
        if let k = recording.keyboard {
            app.keyboard.mode = KeyboardMode(rawValue: k == "auto-kiosk" ? "auto" : k) ?? .auto
            app.keyboard.kioskWithoutKeyboard = k == "auto-kiosk"
        }
        // The session's instrument and feel; --tune and --compare's keys go over the recording's tuning.
        app.instrument.overlay = recording.instrument.contains("overlay")
        app.instrument.showTouches = recording.instrument.contains("show-touches")
        app.instrument.panel.showsGear = recording.instrument.contains("tuning-panel")
        if let n = recording.slow { app.instrument.slowFactorForToggle = n; app.setSlowMotion(n, time: 0) }
        app.tuning = setting.tuning(over: recording.tune)
        // The kiosk's locks as recorded (older recordings: as the options would have set them).
        app.instrument.keysEnabled = recording.instrumentKeys ?? (!recording.kiosk || !recording.instrument.isEmpty || recording.slow != nil)
        // A study session's recording runs the same session (start states, conditions, prompt).
        if let s = recording.study {
            if case .success(let data) = readUserFile(s.file, regularOnly: true), let study = try? StudyFile.parse(String(decoding: data, as: UTF8.self)) {
                let session = StudySession(study: study, schedule: StudySchedule(study: study, participant: s.participant), resumeAt: s.resumeAt)
                // As a live session refuses it: a start the app cannot reach would replay every
                // trial as a time-out, which is not what the recording holds.
                if let (line, problem) = session.problems(app).first {
                    throw RunFailure(message: "\(recording.path): its study \(s.file):\(line): \(problem)", status: 2)
                }
                app.study = session
            } else {
                Log.warning("\(recording.path): its study file \(s.file) is unreadable or invalid: replayed without the study session")
            }
        }
        let config = KioskState.Config(kiosk: recording.kiosk, idleReset: recording.idleReset, exitCorner: recording.exitCorner ?? true)
        let kiosk = KioskDriver(app: app, config: config, rotation: recording.rotation)
        let context = RunContext(kiosk: kiosk, fpsCap: nil)
        var result = Run(setting: setting)
        if outputFPS != nil { result.spool = try ReplayFrameSpool() }
        // Gestures are always measured (--compare prints where they differ); written with --metrics.
        let metrics = try MetricsRecorder(app: app, frameBudget: 1 / recording.fps, path: metrics, keepsGestures: true,
                                          setting: setting.given)
        kiosk.observer = { metrics.input($0) }
        // The recording's probes are its author's; the replay writes only what it is asked for.
        var commands = recording.script.commands.filter {
            switch $0.action { case .shot, .state: false; default: true }
        }
        if let statePath {
            // The state at the end, before the recording's quit at the same time.
            let end = recording.endTime
            let at = commands.firstIndex { $0.time >= end } ?? commands.count
            commands.insert(Script.Command(time: end, line: 0, action: .state(statePath)), at: at)
        }
        // Output frames are drawn only when one is due (the run loop skips still stretches;
        // an output time inside one shows the frame before it).
        var nextOutput = 0.0
        var lastImage: Frame?
        var captureFailure: RunFailure?
        let epsilon = 1e-9
        /// Draws and keeps the output frames due by `t`; returns the draw's duration when it drew
        /// one. `still`: nothing moves, and the run loop skips ahead from here: the frame is
        /// drawn even when no output is due, as the picture of the skipped stretch (before,
        /// the last frame drawn while the sheet was dismissing stood for the stretch, and its
        /// overlay said "sheet dismissing" where a live run's said "list idle").
        func capture(_ t: Double, still: Bool) -> Double? {
            guard let outputFPS else { return nil }
            func emit(_ frame: Frame) {
                result.frames.append(frame)
                nextOutput = Double(result.frames.count) / outputFPS
            }
            while let last = lastImage, nextOutput < t - epsilon { emit(last) }
            let due = nextOutput <= t + epsilon
            guard due || still else { return nil }
            let started = SDLContext.monotonicSeconds()
            display.draw(app.displayList(time: t))
            let seconds = SDLContext.monotonicSeconds() - started
            guard let image = display.readOutput() else {
                captureFailure = RunFailure(message: "the frame at \(t) s could not be read back", status: 1)
                return nil
            }
            result.width = max(result.width, image.width); result.height = max(result.height, image.height)
            guard let spool = result.spool else { return nil }
            let stored: (offset: off_t, length: Int)
            do { stored = try spool.append(APNGWriter.zlib(image.pixels, level: 1)) } catch {
                captureFailure = error
                return nil
            }
            let frame = Frame(offset: stored.offset, length: stored.length, width: image.width, height: image.height)
            lastImage = frame
            // Output faster than the recording's fps repeats the frame.
            while nextOutput <= t + epsilon { emit(frame) }
            // (A still frame drawn only to stand for the skipped stretch is not an output
            // frame the metrics count.)
            return due ? seconds : nil
        }
        try runHeadless(app: app, display: display, script: Script(commands: commands), fps: recording.fps, run: context,
                        onFrame: { t, moving in
                            let drawn = captureFailure == nil ? capture(t, still: !moving) : nil
                            metrics.frame(time: t, drawSeconds: drawn)
                        })
        metrics.finish()
        if metrics.failure != nil { throw RunFailure(message: "the metrics file is incomplete (said above)", status: 1) }
        result.gestures = metrics.gestures
        if let captureFailure { throw captureFailure }
        return result
    }
}
