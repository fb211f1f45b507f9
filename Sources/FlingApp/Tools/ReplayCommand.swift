// ReplayCommand: the command-line declarations of `fling replay` (options and their checks);
// the work is in Replay.swift.
import ArgumentParser
import FlingCore
import FoundationEssentials
import Glibc

/// `fling replay`: see Replay.
struct ReplayCommand: FlingCommand, SingleUseOptions {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a recording (--record) headless: the same end state, frames, a video, other settings side by side.",
        discussion: """
        The recording's header sets the scene, size, scale, policy, tuning and date; the replay runs \
        at its recorded fps through the same code, so a flick that dismissed the sheet dismisses it \
        again. --policy and --tune replay the same gestures under other settings; --compare renders \
        two or three settings side by side (each a policy, or policy+key=value+… with --tune's keys) \
        and prints the gestures they decided differently.
        """)

    static let singleUseOptions = ["--state", "--out", "--video", "--fps", "--policy", "--tune", "--compare", "--metrics", "--resources"]

    @Argument(help: ArgumentHelp("The recording (a script written by --record, or any script).", valueName: "file"), completion: .file())
    var file: String
    @Option(help: ArgumentHelp("Write the state dump at the end here.", valueName: "path"), completion: .file())
    var state: String?
    @Option(help: ArgumentHelp("Write every output frame as a PNG into this folder.", valueName: "dir"), completion: .directory)
    var out: String?
    @Option(help: ArgumentHelp("Write a video: an MP4 through ffmpeg, or an animated PNG when the name ends in .png or .apng.", valueName: "path"),
            completion: .file())
    var video: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Output frames per second, 1 to 120 (default 30).", valueName: "N"),
            transform: { try Parse.number($0, "--fps", in: 1...120) })
    var fps: Double = 30
    @Option(help: ArgumentHelp("Replay under this sheet policy: fluid, tutorial or two-stage (default: the recording's).", valueName: "policy"),
            completion: .list(SheetPolicyKind.allCases.map(\.rawValue)), transform: Parse.sheetPolicy)
    var policy: SheetPolicyKind?
    @Option(help: ArgumentHelp("Replay under this tuning: key=value,… (default: the recording's).", valueName: "keys"),
            completion: .custom(ValueCompletion.tune), transform: { try ReplaySetting.checkedTune($0) })
    var tune: String?
    @Option(help: ArgumentHelp("Two or three settings side by side, e.g. fluid,tutorial or fluid,fluid+dismiss.ratio=8.", valueName: "settings"),
            completion: .custom(ValueCompletion.compare), transform: { try ReplaySetting.parseList($0) })
    var compare: [ReplaySetting]?
    @Option(help: ArgumentHelp("Append one JSON line per gesture of the replay here.", valueName: "file"), completion: .file())
    var metrics: String?
    @Option(help: ArgumentHelp("Fonts, images and data (as the app's --resources).", valueName: "dir"), completion: .directory)
    var resources: String?

    func validate() throws {
        if compare != nil && (policy != nil || tune != nil) {
            throw UsageError(message: "--compare names each setting itself: leave out --policy and --tune")
        }
    }

    func execute() -> Int32 {
        Replay.run(Replay.Options(file: file, state: state, out: out, video: video, fps: fps, policy: policy, tune: tune,
                                  compare: compare, metrics: metrics, resources: resources))
    }
}
