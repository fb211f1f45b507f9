// Bench: `fling bench`: runs each scenario and measures its frame times with the software
// renderer (or in a window) against the compositing floor; hooks for `perf record`.
import FlingCore
import FlingUI
import FlingSDL
import Glibc

/// `fling bench`: frame times of real interactions with the software renderer (headless), per
/// scenario (BenchScenarios.swift), against the compositing floor measured in the same run;
/// statistics in BenchStatistics.swift.
@MainActor
enum Bench {
    struct Options {
        var size = LayoutMetrics.defaultWindowSize
        var scale = 1.0
        var frames = 300
        var resources: String?
        /// nil: every scenario.
        var scenario: String?
        var json = false
        /// Draw into a real window (presenting each frame) instead of the headless frame
        /// texture: to compare SDL's renderers (SDL_RENDER_DRIVER=software|opengl|opengles2).
        var window = false
        /// --renderer for the window (the app's choice by default).
        var renderer: RendererRequest = .auto
        /// --inject-stall with --window.
        var stalls: StallInjector?
    }

    /// Runs the scenarios `o` asks for (BenchCommand.swift parses the command line).
    static func run(_ o: Options) -> Int32 {
        let resources: Resources
        do { resources = try Resources.load(o.resources) } catch { printError("fling: \(error.message)"); return 1 }
        let scenarios = o.scenario.flatMap(BenchScenario.named).map { [$0] } ?? BenchScenario.all
        return withBenchDisplay(o, resources: resources) { display, env in
            if !o.json {
                print(o.window
                      ? "bench --window \(Int(o.size.width))x\(Int(o.size.height)) @\(o.scale.text(places: 0))x, \(display.rendererName) renderer, "
                        + "\(o.frames) frames a scenario, in real time (cpu = the process's CPU per presented frame)"
                      : "bench \(Int(o.size.width))x\(Int(o.size.height)) @\(o.scale.text(places: 0))x, \(display.rendererName) renderer, "
                        + "\(o.frames) frames a scenario (frame = advance + display list + render)")
            }
            for scenario in scenarios {
                do {
                    if display.size != o.size { try display.resize(to: o.size) }
                    if o.window {
                        // What the user sees: real time, the app's own loop and present.
                        let result = try WindowBench.measure(scenario, options: o, resources: resources, display: display, env: env)
                        if let s = Termination.signal { return Termination.exitStatus(s, "fling bench", at: "during \(scenario.name)") }
                        print(o.json ? result.json.serialized : result.text)
                        continue
                    }
                    let floor = measureFloor(display, frames: o.frames)
                    let result = try measure(scenario, options: o, resources: resources, display: display, env: env, floor: floor)
                    if let s = Termination.signal { return Termination.exitStatus(s, "fling bench", at: "during \(scenario.name)") }
                    print(o.json ? result.json.serialized : result.text)
                } catch {
                    printError("fling: bench \(scenario.name): \(error)")
                    return 1
                }
            }
            return 0
        }
    }

    /// A headless display, or with --window a real one (SDL picks the renderer; the
    /// SDL_RENDER_DRIVER and SDL_RENDER_VSYNC environment variables choose).
    static func withBenchDisplay(_ o: Options, resources: Resources, _ body: (Display, SceneEnvironment) -> Int32) -> Int32 {
        guard o.window else { return withHeadlessDisplay(size: o.size, scale: o.scale, resources: resources.root, body) }
        let context: SDLContext
        do { context = try SDLContext(headless: false) } catch { printError("fling: \(error)"); return 1 }
        defer { context.shutdown() }
        Termination.install()   // a scenario's loop ends on the flag; the bench then stops
        let display: Display
        do {
            display = try Display(context: context, size: o.size, uiScale: o.scale, fullscreen: false, title: "Fling bench",
                                  fontDirectory: resources.fonts, imageDirectory: resources.images, window: WindowOptions(renderer: o.renderer),
                                  log: { printError("fling: \($0)") }, note: { printError("fling: \($0)") })
        } catch { printError("fling: \(error)"); return 1 }
        defer { display.close() }
        let env = AppAssembly.environment(for: display)
        return body(display, env)
    }

    /// The compositing floor: clear + one opaque full-window texture copied 1:1 (a layer that
    /// holds still), with the same renderer as the scenarios.
    static func measureFloor(_ display: Display, frames: Int) -> Double {
        var list = DisplayList(background: .white)
        let window = Rect(origin: .zero, size: display.size)
        list.layer(LayerSpec(id: "floor", bounds: window, background: .white)) { l in
            l.add(.image("articles/mountain-trail.jpg", frame: window, mode: .fill, radii: .zero))
        }
        // The floor keeps its clear: the CPU canvas (which skips the clear under a full-frame
        // layer) is off while it is measured.
        let compositing = display.renderer.cpuCompositing
        display.renderer.cpuCompositing = false
        defer { display.renderer.cpuCompositing = compositing }
        display.draw(list); display.draw(list)   // the second identical frame rasterises it
        var times: [Double] = []
        times.reserveCapacity(frames)
        for _ in 0..<frames {
            benchFrameBegin()
            let t0 = SDLContext.monotonicSeconds()
            display.draw(list)
            display.present()
            times.append(SDLContext.monotonicSeconds() - t0)
            benchFrameEnd()
        }
        return BenchStatistics.percentile(times, 0.5)
    }

    /// The scenario's cycles for `frames` measured frames at 60 fps: enough that the measured
    /// windows hold them, plus a first cycle that fills the caches and is not counted; then quit.
    static func cycleScript(_ scenario: BenchScenario, size: Size, frames: Int) throws -> Script {
        let perCycle = max(1, Int((scenario.measured.upperBound - scenario.measured.lowerBound) * 60))
        let cycles = (frames + perCycle - 1) / perCycle + 1
        let one = scenario.script(size)
        var text = ""
        for c in 0..<cycles {
            for line in one.split(separator: "\n") {
                let parts = line.split(separator: " ", maxSplits: 1)
                guard parts.count == 2, let t = Double(parts[0]) else { continue }
                text += "\(t + Double(c) * scenario.cycle) \(parts[1])\n"
            }
        }
        text += "\(Double(cycles) * scenario.cycle) quit\n"
        return try Script.parse(text, file: "bench \(scenario.name)")
    }

    static func measure(_ scenario: BenchScenario, options o: Options, resources: Resources, display: Display,
                        env: SceneEnvironment, floor: Double) throws -> BenchResult {
        let script = try cycleScript(scenario, size: o.size, frames: o.frames)
        let app = AppAssembly.app(resources, env: env, display: display, first: scenario.scene, cardStyle: scenario.cardStyle)
        var times: [Double] = [], allocs: [Double] = [], cpu: [Double] = [], latencies: [Double] = []
        times.reserveCapacity(o.frames * 2); allocs.reserveCapacity(o.frames * 2); cpu.reserveCapacity(o.frames * 2)
        var frame = 0
        // FLING_BENCH_TRACE=1: every measured frame's time on stderr (where a p99 comes from).
        let trace = getenv("FLING_BENCH_TRACE") != nil
        let profiler = BenchProfilerControl()
        defer { profiler.measuring(false) }
        var lastAllocs = BenchStatistics.allocations
        var lastCPU = BenchStatistics.threadCPUTime
        // Whether the frame at time t is one of those measured (after the first cycle, inside
        // the scenario's window, until `frames` are measured).
        func measuresFrame(_ t: Double) -> Bool {
            t >= scenario.cycle && scenario.measured.contains(t.truncatingRemainder(dividingBy: scenario.cycle)) && times.count < o.frames
        }
        if measuresFrame(0) { benchFrameBegin() }
        try runHeadless(app: app, display: display, script: script, fps: 60, renderEveryFrame: true) { drawn in
            // A window's frame ends when it is presented (a GL renderer works asynchronously).
            let p0 = SDLContext.monotonicSeconds()
            display.present()
            let dt = drawn + SDLContext.monotonicSeconds() - p0
            let now = BenchStatistics.allocations, nowCPU = BenchStatistics.threadCPUTime
            let t = Double(frame) / 60
            if measuresFrame(t) { benchFrameEnd() }
            let inCycle = t.truncatingRemainder(dividingBy: scenario.cycle)
            if t >= scenario.cycle, scenario.measured.contains(inCycle), times.count < o.frames {
                if trace {
                    let r = display.renderer.stats
                    printError("bench trace: \(scenario.name) " + cFormat("cycle %d t %.3f s: %.2f ms (draw calls %d, canvas draws %d, layers rasterised %d, photo bakes %d, text rasterised %d, allocations %d)",
                                      Int32(t / scenario.cycle), inCycle, dt * 1000, Int32(r.drawCalls), Int32(r.canvasDraws), Int32(r.layersRasterized),
                                      Int32(r.photoBakes), Int32(r.textRasterizations), Int32(now - lastAllocs)))
                }
                times.append(dt)
                // Each input's wait for its frame's tick plus the frame's real time, present included.
                latencies += app.lastInputLatencies.map { $0 + dt - drawn }
                allocs.append(Double(now - lastAllocs))
                cpu.append(nowCPU - lastCPU)
            }
            frame += 1
            let next = Double(frame) / 60
            profiler.measuring(next >= scenario.cycle && scenario.measured.contains(next.truncatingRemainder(dividingBy: scenario.cycle)))
            if measuresFrame(next) { benchFrameBegin() }
            lastAllocs = BenchStatistics.allocations
            lastCPU = BenchStatistics.threadCPUTime
        }
        return BenchResult(scenario: scenario.name, size: o.size, scale: o.scale, times: times, floor: floor,
                           allocsPerFrame: BenchStatistics.percentile(allocs, 0.5), peakRSSMB: BenchStatistics.peakRSSMB,
                           cpuTimes: cpu, latencies: latencies)
    }
}

/// Lets `perf record` sample only the measured frames: with FLING_PERF_CONTROL naming perf's
/// control FIFO (`perf record -D -1 --control fifo:CTL …`), sampling is enabled before each
/// measured frame and disabled after.
final class BenchProfilerControl {
    private var fd: Int32 = -1
    private var on = false
    init() {
        if let path = getenv("FLING_PERF_CONTROL") { fd = open(path, O_WRONLY) }
    }
    deinit { if fd >= 0 { close(fd) } }
    func measuring(_ yes: Bool) {
        guard fd >= 0, yes != on else { return }
        on = yes
        let text = yes ? "enable\n" : "disable\n"
        _ = text.withCString { write(fd, $0, strlen($0)) }
    }
}
