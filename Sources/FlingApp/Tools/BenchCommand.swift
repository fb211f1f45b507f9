import ArgumentParser
import FlingCore
import FlingUI

/// `fling bench`: the command line of Bench (Bench.swift), declarations only.
struct BenchCommand: FlingCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Frame-time medians of real frames (software renderer) against a bare frame.",
        discussion: "Runs headless; `make bench` runs the usual sizes and scenarios.")

    @Option(help: ArgumentHelp("Window size in pt (default 390x844).", valueName: "WxH"), transform: { try Parse.size($0) })
    var size = LayoutMetrics.defaultWindowSize
    @Option(parsing: .unconditional, help: ArgumentHelp("Device pixels per pt, 0.5 to 4 (default 1).", valueName: "S"),
            transform: { try Parse.scale($0, "--scale") })
    var scale = 1.0
    @Option(parsing: .unconditional, help: ArgumentHelp("Frames measured, 10 to 100000 (default 300).", valueName: "N"),
            transform: { try Parse.number($0, "--frames", in: 10...100_000) })
    var frames = 300.0
    @Option(help: ArgumentHelp("What moves: list (default), sheet-drag or card-expand.", valueName: "name"))
    var scenario = "list"
    @Option(help: ArgumentHelp("Fonts, images and data (default: as for the app).", valueName: "dir"), completion: .directory)
    var resources: String?

    var options: Bench.Options {
        Bench.Options(size: size, scale: scale, frames: Int(frames), resources: resources, scenario: scenario)
    }

    func validate() throws {
        let known = MainActor.assumeIsolated { Bench.scenarios.keys.sorted() }
        guard known.contains(scenario) else {
            throw UsageError(message: "unknown scenario '\(scenario)' (\(known.joined(separator: ", ")))")
        }
        if let problem = InteractionConstants.pixelSizeProblem(size, scale: scale) { throw UsageError(message: problem) }
    }

    func execute() -> Int32 { Bench.run(options) }
}
