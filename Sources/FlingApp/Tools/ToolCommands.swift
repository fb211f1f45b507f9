// ToolCommands: the command-line declarations of `fling spring`, `fling velocity` and `fling
// gallery`; each tool's logic is in its own file.
import ArgumentParser
import FlingCore
import FlingUI
import FoundationEssentials
import Glibc

// The command lines of the tools: declarations only. Each tool's logic stays in its own file
// and takes a checked `Options` value.

/// `fling spring`: see SpringTool.
struct SpringCommand: FlingCommand, SingleUseOptions {
    static let configuration = CommandConfiguration(
        commandName: "spring",
        abstract: "Print a spring's trajectory frame by frame as CSV (t,value,velocity), optionally as a PNG chart.",
        discussion: """
        Give the spring one of three ways: --stiffness K --damping C [--mass M] (physical units), \
        --response R --damping-fraction Z (SwiftUI's spring), or --duration T --bounce B \
        (SwiftUI's newer spring). Frames run from 0 at --fps until the spring rests (or --until).
        """)

    static let singleUseOptions = [
        "--stiffness", "--damping", "--mass", "--response", "--damping-fraction", "--duration", "--bounce",
        "--from", "--to", "--velocity", "--fps", "--until", "--plot",
    ]

    @Option(parsing: .unconditional, help: ArgumentHelp("Stiffness k, above 0.", valueName: "K"), transform: { try Parse.number($0, "--stiffness") })
    var stiffness: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp("Damping c, 0 or more (with --stiffness).", valueName: "C"), transform: { try Parse.number($0, "--damping") })
    var damping: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp("Mass m, above 0 (default 1).", valueName: "M"), transform: { try Parse.number($0, "--mass") })
    var mass: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp("Response in s, above 0 (SwiftUI).", valueName: "R"), transform: { try Parse.number($0, "--response") })
    var response: Double?
    @Option(name: .customLong("damping-fraction"), parsing: .unconditional,
            help: ArgumentHelp("Damping fraction, 0 or more (with --response).", valueName: "Z"), transform: { try Parse.number($0, "--damping-fraction") })
    var dampingFraction: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp("Duration in s, above 0 (SwiftUI).", valueName: "T"), transform: { try Parse.number($0, "--duration") })
    var duration: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp("Bounce, between -1 and 1 exclusive (with --duration).", valueName: "B"), transform: { try Parse.number($0, "--bounce") })
    var bounce: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp("Start value (default 0).", valueName: "A"), transform: { try Parse.number($0, "--from") })
    var from: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp("Target value (default 1).", valueName: "B"), transform: { try Parse.number($0, "--to") })
    var to: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp("Initial velocity in value units per s (default 0).", valueName: "V"), transform: { try Parse.number($0, "--velocity") })
    var velocity: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp("Frames per second, above 0 and at most 10000 (default 60).", valueName: "N"), transform: { try Parse.number($0, "--fps") })
    var fps: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp("Stop at this time in s instead of at rest.", valueName: "T"), transform: { try Parse.number($0, "--until") })
    var until: Double?
    @Option(help: ArgumentHelp("Also draw the trajectory as a PNG chart here.", valueName: "path"), completion: .file(extensions: ["png"]))
    var plot: String?

    var numbers: [String: Double] {
        let all: [(String, Double?)] = [
            ("--stiffness", stiffness), ("--damping", damping), ("--mass", mass), ("--response", response),
            ("--damping-fraction", dampingFraction), ("--duration", duration), ("--bounce", bounce),
            ("--from", from), ("--to", to), ("--velocity", velocity), ("--fps", fps), ("--until", until),
        ]
        return Dictionary(uniqueKeysWithValues: all.compactMap { name, v in v.map { (name, $0) } })
    }

    func validate() throws { _ = try SpringTool.options(numbers: numbers, plot: plot) }

    func execute() -> Int32 {
        do { return SpringTool.run(try SpringTool.options(numbers: numbers, plot: plot)) } catch {
            printError("fling spring: \(error.message)")
            return 2
        }
    }
}

/// `fling velocity`: see VelocityTool.
struct VelocityCommand: FlingCommand {
    static let configuration = CommandConfiguration(
        commandName: "velocity",
        abstract: "Feed pointer samples to the app's velocity tracker and print its estimate.",
        discussion: """
        Reads samples from standard input, one per line: t x y (time in seconds, position in pt), \
        separated by spaces, tabs or commas. Blank lines and # comments are skipped; time must \
        not go backwards. The first sample is the press, the middle ones are moves, the last is \
        the release, which (as in the app) contributes only its time.

        Prints "vx vy" in pt/s, or "none" where the tracker has no estimate (a lone sample, or a \
        pause before the release). A malformed line is an error naming it, exit status 2.

        Example: printf '0 0 0\\n0.01 10 0\\n0.02 20 0\\n0.025 0 0\\n' | fling velocity
        """)

    @Flag(help: "Print the estimate after every sample, one line each, not only at the release.")
    var each = false

    func execute() -> Int32 {
        VelocityTool.run(each: each, input: String(decoding: readToEnd(0) ?? Data(), as: UTF8.self))
    }
}

/// `fling gallery`: see Gallery.
struct GalleryCommand: FlingCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Draw every drawing primitive on one sheet into a PNG (headless).")

    @Option(parsing: .unconditional, help: ArgumentHelp("Device pixels per pt, 0.5 to 4 (default 1).", valueName: "S"),
            transform: { try Parse.scale($0, "--scale") })
    var scale: Double = 1
    @Option(help: ArgumentHelp("Sheet size in pt (default 820x1400).", valueName: "WxH"), transform: { try Parse.size($0, minimum: Size(100, 100)) })
    var size = Size(820, 1400)
    @Option(help: ArgumentHelp("Where to write the PNG (required).", valueName: "path"), completion: .file(extensions: ["png"]))
    var out: String?
    @Option(help: ArgumentHelp("Fonts and images (default: as for the app).", valueName: "dir"), completion: .directory)
    var resources: String?

    func validate() throws {
        guard out != nil else { throw UsageError(message: "--out PATH is required") }
        if let problem = InteractionConstants.pixelSizeProblem(size, scale: scale) { throw UsageError(message: problem) }
    }

    func execute() -> Int32 {
        Gallery.run(Gallery.Options(scale: scale, size: size, out: out, resources: resources))
    }
}
