// BenchCommand: the command-line declarations of `fling bench` (options and their checks); the
// work is in Bench.swift.
import ArgumentParser
import FlingCore
import FlingUI
import FlingSDL

/// `fling bench`: the command line of Bench (Bench.swift), declarations only.
struct BenchCommand: FlingCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Frame times of real interactions (software renderer) against the compositing floor.",
        discussion: """
            Per scenario: median, p90, p99 and max frame time, the floor (clear + one opaque \
            full-window texture copied 1:1, same renderer, same run) and the ratio to it, heap \
            allocations per frame and peak RSS. Runs headless unless --window; `make bench` runs \
            every scenario at the usual sizes.
            """)

    @Option(help: ArgumentHelp("Window size in pt (default 390x844).", valueName: "WxH"), transform: { try Parse.size($0) })
    var size = LayoutMetrics.defaultWindowSize
    @Option(parsing: .unconditional, help: ArgumentHelp("Device pixels per pt, 0.5 to 4 (default 1).", valueName: "S"),
            transform: { try Parse.scale($0, "--scale") })
    var scale = 1.0
    @Option(parsing: .unconditional, help: ArgumentHelp("Frames measured, 10 to 100000 (default 300).", valueName: "N"),
            transform: { try Parse.number($0, "--frames", in: 10...100_000) })
    var frames = 300.0
    @Option(help: ArgumentHelp("One scenario (default: all of them): list-scroll, today-scroll, sheet-drag, card-expand, card-drag-dismiss, card-zoom, card-zoom-drag, story-scroll, resize, form-typing or slider-drag.",
                               valueName: "name"),
            completion: .list(BenchScenario.all.map(\.name)))
    var scenario: String?
    @Flag(help: "One JSON object per scenario and size instead of the table.")
    var json = false
    @Flag(help: "Play the scenarios in real time in a real window, through the app's own loop and present: presented frames a second, the process's CPU per presented frame, input-to-present latency and the display server's CPU.")
    var window = false
    @Option(help: ArgumentHelp("With --window: auto (the app's choice), software, gl or gles2.", valueName: "name"),
            completion: .list(RendererRequest.allCases.map(\.rawValue)), transform: Parse.renderer)
    var renderer: RendererRequest = .auto
    @Option(help: ArgumentHelp("Fonts, images and data (default: as for the app).", valueName: "dir"), completion: .directory)
    var resources: String?
    @Option(name: .customLong("inject-stall"),
            help: ArgumentHelp("With --window: freeze the loop for MS milliseconds every EVERY seconds, as a slow kiosk stalls (latency through stalls).", valueName: "MS@EVERY"),
            transform: Parse.stall)
    var injectStall: StallInjector?

    var options: Bench.Options {
        Bench.Options(size: size, scale: scale, frames: Int(frames), resources: resources, scenario: scenario, json: json, window: window, renderer: renderer,
                      stalls: injectStall)
    }

    func validate() throws {
        if let scenario {
            let known = MainActor.assumeIsolated { BenchScenario.all.map(\.name) }
            guard known.contains(scenario) else {
                throw UsageError(message: "unknown scenario '\(scenario)' (\(known.joined(separator: ", ")))")
            }
        }
        if let problem = InteractionConstants.pixelSizeProblem(size, scale: scale) { throw UsageError(message: problem) }
        if injectStall != nil && !window { throw UsageError(message: "--inject-stall needs --window (a headless bench runs in virtual time)") }
    }

    func execute() -> Int32 { Bench.run(options) }
}
