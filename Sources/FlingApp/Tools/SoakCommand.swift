// SoakCommand: the command-line declarations of `fling soak`; the work is in Soak.swift.
import ArgumentParser
import FlingCore

/// `fling soak`: the command line of Soak (Soak.swift), declarations only.
struct SoakCommand: FlingCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Weeks of kiosk use in virtual time: fails if memory keeps growing.",
        discussion: """
            A visitor tours every scene (a gesture every 2 s), leaves, the idle reset brings the \
            home scene back; repeated for --hours of virtual time, headless. The resident set \
            size is sampled every virtual hour; the exit status is 1 when it grew by \
            --max-growth-kb or more after the first hour.
            """)

    @Option(parsing: .unconditional, help: ArgumentHelp("Virtual hours, 1.5 to 1440 (default 24).", valueName: "H"),
            transform: { try Parse.number($0, "--hours", in: 1.5...1440) })
    var hours = 24.0
    @Option(help: ArgumentHelp("Window size in pt (default 390x844).", valueName: "WxH"), transform: { try Parse.size($0) })
    var size = LayoutMetrics.defaultWindowSize
    @Option(parsing: .unconditional, help: ArgumentHelp("Device pixels per pt, 0.5 to 4 (default 1).", valueName: "S"),
            transform: { try Parse.scale($0, "--scale") })
    var scale = 1.0
    @Option(name: .customLong("max-growth-kb"), parsing: .unconditional,
            help: ArgumentHelp("Allowed RSS growth after the warm-up hour, in kB (default 1024).", valueName: "K"),
            transform: { try Parse.number($0, "--max-growth-kb", in: 0...1_000_000) })
    var maxGrowthKB = 1024.0
    @Option(help: ArgumentHelp("Fonts, images and data (default: as for the app).", valueName: "dir"), completion: .directory)
    var resources: String?

    func execute() -> Int32 {
        Soak.run(Soak.Options(hours: hours, size: size, scale: scale, resources: resources, maxGrowthKB: maxGrowthKB))
    }
}
