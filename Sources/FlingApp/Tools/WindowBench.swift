// WindowBench: `fling bench --window`: the bench scenarios played in real time through the
// app's windowed loop, measuring presented fps, CPU per frame (the display server's too) and
// input-to-present latency.
import FlingCore
import FlingUI
import FlingSDL
import Glibc

/// `fling bench --window`: what a user sees. The same scenarios as the headless bench, played
/// in real time into the app's own windowed loop (runWindowed: the renderer and present path
/// the app chooses, its pacing, its present), and per scenario:
/// - presented frames a second over the measured parts of each cycle;
/// - the process's CPU time (every thread: the canvas's workers too) per presented frame;
/// - input-to-present latency: from each input's own time to the return of the present of the
///   first frame that began after it arrived;
/// - the display server's CPU per presented frame, where its process can be read (/proc).
/// The headless bench stays for the ratio to the compositing floor.
@MainActor
enum WindowBench {
    /// Input rate of the scripted drags: a 120 Hz pointer, faster than the frames.
    static let inputRate = 120.0
    /// Presents further apart than this are a pause in the interaction (a list come to rest, a
    /// pause between keystrokes), not a slow frame; the window bench's script uses the same.
    nonisolated static let stillGap = 0.1

    static func measure(_ scenario: BenchScenario, options o: Bench.Options, resources: Resources, display: Display,
                        env: SceneEnvironment) throws -> WindowBenchResult {
        let script = try Bench.cycleScript(scenario, size: o.size, frames: o.frames)
        let app = AppAssembly.app(resources, env: env, display: display, first: scenario.scene, cardStyle: scenario.cardStyle)
        let feed = ScriptFeed(script: script, fps: inputRate)
        var run = RunContext(kiosk: KioskDriver(app: app, config: KioskState.Config(), rotation: .none), fpsCap: nil)
        run.feed = feed
        run.stalls = o.stalls
        var result = WindowBenchResult(scenario: scenario.name, size: o.size, scale: o.scale, renderer: display.rendererName)
        var lastCPU = processCPUSeconds()
        var cycles = Set<Int>()
        var allFrames = 0
        // FLING_BENCH_TRACE=1: every presented frame's CPU and what the renderer did, on stderr.
        let trace = getenv("FLING_BENCH_TRACE") != nil
        run.onPresented = { start, presented in
            allFrames += 1
            let cpu = processCPUSeconds()
            defer { lastCPU = cpu }
            if trace {
                let r = display.renderer.stats
                printError("window trace: \(scenario.name) " + cFormat("t %.3f s: cpu %.2f ms (draw calls %d, canvas draws %d, layers rasterised %d, photo bakes %d)",
                                                                      start, (cpu - lastCPU) * 1000, Int32(r.drawCalls), Int32(r.canvasDraws),
                                                                      Int32(r.layersRasterized), Int32(r.photoBakes)))
            }
            let latencies = feed.presented(frameStart: start, at: presented)
            let cycle = Int(start / scenario.cycle)
            let inCycle = start - Double(cycle) * scenario.cycle
            guard cycle >= 1, scenario.measured.contains(inCycle) else { return }
            cycles.insert(cycle)
            result.cpuPerFrame.append(cpu - lastCPU)
            result.presentTimes.append(presented)
            if presented - start > 1 / display.refreshRate { result.lateFrames += 1 }
            result.latencies += latencies
        }
        let server = DisplayServerCPU(videoDriver: display.videoDriver)
        let serverStart = server.seconds
        let pixels0 = display.presentedPixels, partial0 = display.partialPresents
        runWindowed(app: app, display: display, run: run)
        if getenv("FLING_MEMORY_REPORT") != nil { printMemoryReport(display, when: "after \(scenario.name)") }
        if allFrames > 0 {
            result.presentedMPPerFrame = Double(display.presentedPixels - pixels0) / Double(allFrames) / 1e6
            result.partialPresentShare = Double(display.partialPresents - partial0) / Double(allFrames)
        }
        if let s0 = serverStart, let s1 = server.seconds, allFrames > 0 {
            result.serverCPUPerFrame = (s1 - s0) / Double(allFrames)
            result.serverName = server.name
        }
        result.measuredSeconds = Double(cycles.count) * (scenario.measured.upperBound - scenario.measured.lowerBound)
        result.peakRSSMB = BenchStatistics.peakRSSMB
        return result
    }

    /// User + system CPU seconds of the whole process.
    static func processCPUSeconds() -> Double {
        var u = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &u) == 0 else { return 0 }
        return Double(u.ru_utime.tv_sec) + Double(u.ru_utime.tv_usec) / 1e6 + Double(u.ru_stime.tv_sec) + Double(u.ru_stime.tv_usec) / 1e6
    }
}

/// The display server's CPU time, read from /proc: the first process named like the window's
/// server (a Wayland compositor: weston, cage, sway; X11: Xvfb, Xorg, Xwayland), nil when
/// there is none or it cannot be read.
struct DisplayServerCPU {
    static let x11Names = ["Xvfb", "Xorg", "Xwayland"]
    static let waylandNames = ["weston", "cage", "sway"]
    let pid: Int32?
    let name: String?

    /// `videoDriver`: SDL's ("x11", "wayland").
    init(videoDriver: String?) {
        let names = videoDriver?.lowercased() == "wayland" ? Self.waylandNames : Self.x11Names
        var found: (Int32, String)?
        if let dir = opendir("/proc") {
            defer { closedir(dir) }
            while found == nil, let entry = readdir(dir) {
                let entryName = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
                guard let pid = Int32(entryName), let comm = Self.read("/proc/\(pid)/comm") else { continue }
                let c = String(comm.prefix { $0 != "\n" })
                if names.contains(c) { found = (pid, c) }
            }
        }
        pid = found?.0; name = found?.1
    }

    /// utime + stime in seconds.
    var seconds: Double? {
        guard let pid, let stat = Self.read("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let u = Double(fields[11]), let s = Double(fields[12]) else { return nil }
        return (u + s) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    private static func read(_ path: String) -> String? {
        guard let f = fopen(path, "r") else { return nil }
        defer { fclose(f) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let n = fread(&buffer, 1, buffer.count, f)
        return String(decoding: buffer[0..<n], as: UTF8.self)
    }
}

/// One scenario in a real window.
struct WindowBenchResult {
    var scenario: String
    var size: Size
    var scale: Double
    var renderer: String
    /// Process CPU seconds between consecutive presents, for the measured frames.
    var cpuPerFrame: [Double] = []
    /// Input-to-present latencies (s) of the inputs the measured frames carried.
    var latencies: [Double] = []
    var measuredSeconds = 0.0
    /// When each measured frame's present returned (loop clock, s).
    var presentTimes: [Double] = []
    var serverCPUPerFrame: Double?
    var serverName: String?
    var peakRSSMB = 0.0
    /// Pixels sent to the display server per present (megapixels), and the share of presents
    /// that sent only the changed part.
    var presentedMPPerFrame = 0.0
    var partialPresentShare = 0.0

    var frames: Int { cpuPerFrame.count }
    /// Presented frames a second while something moves: over the intervals between
    /// consecutive measured presents shorter than `WindowBench.stillGap` (a list that came to
    /// rest, a pause between keystrokes, presents nothing and is not counted as slow).
    /// `lateFrames`: measured frames whose work, from the frame's start to its present
    /// returning, took longer than a refresh (16.7 ms at 60 Hz): a frame the display missed.
    var fps: Double {
        var busy = 0.0, n = 0
        for (a, b) in zip(presentTimes, presentTimes.dropFirst()) where b - a < WindowBench.stillGap { busy += b - a; n += 1 }
        return busy > 0 ? Double(n) / busy : 0
    }
    var lateFrames = 0
    var cpuMsPerFrame: Double { frames > 0 ? cpuPerFrame.reduce(0, +) / Double(frames) * 1000 : 0 }

    var json: JSONValue {
        let ms = { (v: Double) in JSONValue.number((v * 1000 * 100).rounded() / 100) }
        var fields: [(String, JSONValue)] = [
            ("scenario", .string(scenario)),
            ("size", .array([.int(Int(size.width)), .int(Int(size.height))])),
            ("scale", .number(scale)),
            ("window", .bool(true)),
            ("renderer", .string(renderer)),
            ("frames", .int(frames)),
            ("presented_fps", .number((fps * 10).rounded() / 10)),
            ("seconds", .number((measuredSeconds * 100).rounded() / 100)),
            ("late_frames", .int(lateFrames)),
            ("cpu_ms_per_frame", .number((cpuMsPerFrame * 100).rounded() / 100)),
            ("cpu_p99_ms", ms(BenchStatistics.percentile(cpuPerFrame, 0.99))),
            ("latency_median_ms", ms(BenchStatistics.percentile(latencies, 0.5))),
            ("latency_p99_ms", ms(BenchStatistics.percentile(latencies, 0.99))),
            ("peak_rss_mb", .number((peakRSSMB * 10).rounded() / 10)),
            ("presented_mp_per_frame", .number((presentedMPPerFrame * 1000).rounded() / 1000)),
            ("partial_presents", .number((partialPresentShare * 100).rounded() / 100)),
        ]
        if let s = serverCPUPerFrame {
            fields.append(("server_cpu_ms_per_frame", ms(s)))
            fields.append(("server", .string(serverName ?? "")))
        }
        return .object(fields)
    }

    var text: String {
        func f(_ v: Double, _ places: Int) -> String { v.text(places: places) }
        var line = "\(scenario.padded(to: 18)) \(f(fps, 1)) fps presented (\(lateFrames) late)  cpu \(f(cpuMsPerFrame, 2)) ms/frame"
            + "  latency median \(f(BenchStatistics.percentile(latencies, 0.5) * 1000, 1)) ms  p99 \(f(BenchStatistics.percentile(latencies, 0.99) * 1000, 1)) ms"
        line += "  sent \(f(presentedMPPerFrame, 2)) MP/frame"
        if let s = serverCPUPerFrame { line += "  \(serverName ?? "server") \(f(s * 1000, 2)) ms/frame" }
        return line + "  peak RSS \(f(peakRSSMB, 0)) MB"
    }
}
