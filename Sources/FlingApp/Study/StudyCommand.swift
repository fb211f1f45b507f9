// StudyCommand: `fling study FILE --participant P`: a blind, counterbalanced UX study session
// in the real window (or kiosk, or a headless script), its schedule with --dry-run, and its
// folder of results.
import ArgumentParser
import FlingCore
import FlingUI
import FoundationEssentials
import Glibc

struct StudyCommand: FlingCommand, SingleUseOptions {
    static let configuration = CommandConfiguration(
        commandName: "study",
        abstract: "Run a participant's session of a UX study (conditions shown only as A, B, …; counterbalanced by participant number).",
        discussion: """
        The study file (TOML; see docs/ux-testing.md and studies/example.toml) names the conditions (a sheet policy \
        and tuning each), the tasks (a start state, a success test over the state dump, whether a dismissal is \
        wanted), repetitions and the prompt. Condition order follows a balanced Latin square (Williams design) \
        over participant numbers (P07 takes row 7). --dry-run prints the schedule as CSV. A session writes \
        schedule.csv, trials.csv, gestures.csv, metrics.jsonl and a recording into --out DIR (default \
        study-PARTICIPANT), each line flushed; run again with the same folder to resume at the next trial. \
        Options after the study's own go to the app (--size, --kiosk, --headless --script S, …).
        """)

    static let singleUseOptions = ["--participant", "--dry-run", "--out"]

    @Argument(help: ArgumentHelp("The study file.", valueName: "file"), completion: .file(extensions: ["toml"]))
    var file: String
    @Option(help: ArgumentHelp("The participant's id; its digits, 0-9 only, choose the condition order (P07: row 7).", valueName: "id"))
    var participant: String
    @Flag(name: .customLong("dry-run"), help: "Print the participant's schedule as CSV (participant,trial,condition,task) and exit.")
    var dryRun = false
    @Option(help: ArgumentHelp("The participant's folder (default study-PARTICIPANT).", valueName: "dir"), completion: .directory)
    var out: String?
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The app's options (--size, --kiosk, --headless --script FILE, …).", valueName: "app options"))
    var appArguments: [String] = []

    func execute() -> Int32 {
        let text: String
        switch readUserFile(file, regularOnly: true) {
        case .success(let d):
            // Checked before decoding: String(decoding:) would put U+FFFD for a bad byte, and the
            // folder's copy of the study (study.toml) would differ from the file.
            guard let valid = String(validating: d, as: UTF8.self) else {
                let (offset, line, column) = firstInvalidUTF8([UInt8](d))
                printError("fling study: \(file):\(line): not UTF-8 text (byte \(offset), column \(column), starts no UTF-8 character); a study file is UTF-8")
                return 2
            }
            text = valid
        case .failure(let e):
            printError("fling study: \(file): study file \(e.reason)")
            return 2
        }
        let study: StudyFile
        do throws(StudyFile.ParseError) { study = try StudyFile.parse(text) } catch {
            printError("fling study: \(file):\(error.line): \(error.message)")
            return 2
        }
        guard !participant.isEmpty, participant.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            printError("fling study: --participant takes letters, digits, - and _ (it names the folder), not '\(participant)'")
            return 2
        }
        if let digit = StudySchedule.foreignDigit(in: participant) {
            let code = digit.unicodeScalars.map { s in
                let hex = String(s.value, radix: 16, uppercase: true)
                return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }.joined(separator: " ")
            printError("fling study: --participant: '\(participant)' has the digit '\(digit)' (\(code)); only 0-9 choose the condition order (P07: row 7): write the id with 0-9")
            return 2
        }
        let schedule = StudySchedule(study: study, participant: participant)
        if dryRun {
            print(schedule.csv(study), terminator: "")
            return 0
        }
        let dir = out ?? "study-\(participant)"
        // The session records into its folder; a --record or --metrics of the user's own would
        // be quietly overridden (the last one given wins), so it is refused instead.
        if let own = appArguments.first(where: { a in ["--record", "--metrics"].contains { a == $0 || a.hasPrefix($0 + "=") } }) {
            let name = own.split(separator: "=").first.map(String.init) ?? own
            printError("fling study: \(name): a session records into its folder (\(out ?? "study-\(participant)")/recording-N.txt and metrics.jsonl); leave it out")
            return 2
        }
        let writer: StudyWriter
        do { writer = try StudyWriter(dir: dir, study: study, text: text, schedule: schedule) } catch {
            printError("fling study: \(error.message)")
            return error.status
        }
        let done = writer.trialsDone
        defer { writer.finish() }
        if done >= schedule.trials.count {
            printError("fling study: \(dir): all \(schedule.trials.count) trials of \(participant) are recorded already")
            return 0
        }
        var session = 1
        while access("\(dir)/recording-\(session).txt", F_OK) == 0 { session += 1 }
        let args = appArguments + ["--record", "\(dir)/recording-\(session).txt", "--metrics", "\(dir)/metrics.jsonl"]
        let options: AppOptions
        do { try FlingCLI.checkAppOptionsOnce(appArguments); options = try AppOptions.parse(args) } catch {
            printError("fling study: \(AppOptions.message(for: error))")
            return 2
        }
        // Blind: nothing may show the participant the condition or change it mid-trial.
        if options.overlay || options.tuningPanel || options.slow != nil || options.tune != nil || options.sheetPolicy != nil || options.detents != nil || options.backgroundInteractionText != nil
            || options.cardStyle != nil {
            printError("fling study: --overlay, --tuning-panel, --slow, --tune, --sheet-policy, --detents, --background-interaction and --card-style would show or change the conditions; the study file sets them")
            return 2
        }
        if options.headless, study.conditions.contains(where: { $0.stall != nil }) {
            Log.warning("\(file): a condition's stall applies in a window or on a framebuffer; a headless script stalls with its own 'stall MS' command")
        }
        if done > 0 { Log.info("study: \(participant) resumes at trial \(done + 1) of \(schedule.trials.count)") }
        // (The recording names the folder's copy of the study by its absolute path: a replay
        // runs from anywhere, with the study as it was.)
        let copy = dir + "/study.toml"
        let absolute = realpath(copy, nil).map { p in defer { free(p) }; return String(cString: p) } ?? copy
        let attachment = StudyAttachment(session: StudySession(study: study, schedule: schedule, resumeAt: done), writer: writer,
                                         file: absolute, source: file, resumeAt: done)
        Log.level = options.logLevel
        let status = runApp(options, study: attachment)
        return writer.failure != nil && status == 0 ? 1 : status
    }
}

/// What `runApp` hooks up for a study: the session on the app, the writer on the metrics.
@MainActor
final class StudyAttachment {
    let session: StudySession
    let writer: StudyWriter
    /// The folder's copy of the study file and where the session began (the recording's
    /// header names them); `source`: the file as the user named it, for messages.
    let file: String
    let source: String
    let resumeAt: Int
    init(session: StudySession, writer: StudyWriter, file: String, source: String, resumeAt: Int) {
        self.session = session
        self.writer = writer
        self.file = file
        self.source = source
        self.resumeAt = resumeAt
        session.sink = writer
    }
}
