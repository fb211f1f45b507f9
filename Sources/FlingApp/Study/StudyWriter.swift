// StudyWriter: a participant's study folder as the session runs: the schedule, one trials.csv
// row per trial and one gestures.csv row per gesture, each line written at once so a killed
// session loses nothing; the folder's lock against a second session; and the checkpoint a
// resumed session cuts every file back to, so a kill leaves no trace of the trial it cut.
import FlingCore
import FlingUI
import FoundationEssentials
import Glibc

/// The two files' headers (the report reads columns by these names).
enum StudyWriterHeaders {
    static let trials = "participant,trial,condition,task,repetition,outcome,time_on_task,expected,rating,expected_outcome"
    static let gestures = "participant,trial,condition,task,gesture,target,policy,start_detent,outcome,travel,velocity,settle_time,overshoot,accidental_dismissal,missed_dismissal,snap_back,skipped_detent,regrab"
}

/// Writes `DIR/schedule.csv`, `DIR/trials.csv`, `DIR/gestures.csv` and `DIR/metrics-LABEL.jsonl`
/// (the app's metrics recorder writes `DIR/metrics.jsonl`), and `DIR/checkpoint` after each
/// finished trial.
///
/// Resuming: each trial's end is a checkpoint, the size of every file the session appends to
/// at that moment. A session that starts on a folder with a checkpoint cuts each file back to
/// it (and removes a file made after it), so whatever the cut trial wrote — gestures, metrics
/// lines, even its trials.csv row when the kill came between the row and the checkpoint — is
/// gone, and the trial runs again into files exactly as an uninterrupted run left them.
@MainActor
final class StudyWriter: StudySink {
    let dir: String
    private let study: StudyFile
    private let participant: String
    private var trials: OutputFile?
    private var gestures: OutputFile?
    private(set) var failure: String?
    /// The trials this folder already holds when the session starts: it goes on from there.
    let trialsDone: Int
    /// The trials run so far, with their task's time span (scene s): a gesture belongs to
    /// the trial its press fell in.
    private var windows: [(trial: StudySchedule.Trial, task: String, start: Double, end: Double?)] = []
    private var gestureCount = 0
    /// The folder's lock (held while this process lives) and what the checkpoint records.
    private var lockFD: Int32
    private var finishedTrials: Int

    static let trialsHeader = StudyWriterHeaders.trials
    static let gesturesHeader = StudyWriterHeaders.gestures
    static let checkpointName = "checkpoint"
    static let lockName = ".lock"
    /// The files a session appends to, which a checkpoint measures (and metrics-*.jsonl).
    static let appendedFiles = ["trials.csv", "gestures.csv", "metrics.jsonl"]

    /// `text`: the study file as read (kept in the folder as study.toml: a replay of the
    /// recording runs it, and the results stay with the study that made them). Throws a
    /// message naming the folder or the file when the session must not start.
    init(dir: String, study: StudyFile, text: String, schedule: StudySchedule) throws(RunFailure) {
        self.dir = dir
        self.study = study
        participant = schedule.participant
        if mkdir(dir, 0o755) != 0 && errno != EEXIST {
            throw RunFailure(message: "\(dir): the study folder could not be made (\(String(cString: strerror(errno))))", status: 1)
        }
        var st = stat()
        guard stat(dir, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else {
            throw RunFailure(message: "\(dir): not a folder (the study writes a participant's results into a folder)", status: 2)
        }
        lockFD = try Self.lock(dir)
        // Everything the session writes is a regular file or absent: a FIFO there would block.
        let names = Self.appendedFiles + ["schedule.csv", "study.toml", Self.checkpointName] + Self.conditionFiles(dir)
        for name in names {
            if lstat("\(dir)/\(name)", &st) == 0, (st.st_mode & S_IFMT) != S_IFREG {
                Glibc.close(lockFD)
                lockFD = -1
                throw RunFailure(message: "\(dir)/\(name): not a regular file (the study keeps its results in regular files)", status: 2)
            }
        }
        do throws(RunFailure) {
            let resumed = try Self.resume(dir, participant: participant, trials: schedule.trials.count)
            trialsDone = resumed.done
            gestureCount = resumed.gestures
            finishedTrials = resumed.done
            try Self.write(dir + "/schedule.csv", schedule.csv(study))
            try Self.write(dir + "/study.toml", text)
            trials = try Self.open(dir + "/trials.csv", header: Self.trialsHeader)
            gestures = try Self.open(dir + "/gestures.csv", header: Self.gesturesHeader)
        } catch {
            Glibc.close(lockFD)
            lockFD = -1
            throw error
        }
        // Where the session starts: a kill before its first trial ends is cut back to here.
        checkpoint()
    }

    // MARK: The lock

    /// An exclusive flock on `DIR/.lock`, which holds the holder's pid: a second session on
    /// the folder (two runs for one participant) is refused, naming the other process.
    private static func lock(_ dir: String) throws(RunFailure) -> Int32 {
        let path = "\(dir)/\(lockName)"
        let fd = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
        guard fd >= 0 else {
            throw RunFailure(message: "\(path): the study folder's lock could not be made (\(String(cString: strerror(errno))))", status: 1)
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            var buffer = [UInt8](repeating: 0, count: 32)
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
            Glibc.close(fd)
            guard busy else { throw RunFailure(message: "\(path): the study folder could not be locked (\(String(cString: strerror(errno))))", status: 1) }
            let pid = String(decoding: buffer.prefix(max(0, n)), as: UTF8.self).split(whereSeparator: { $0.isNewline }).first.map(String.init) ?? ""
            let who = pid.isEmpty || !pid.allSatisfy({ $0.isASCII }) || Int(pid) == nil ? "another fling study" : "another fling study (process \(pid))"
            throw RunFailure(message: "\(dir): \(who) is running on this folder; one session at a time writes a participant's results", status: 1)
        }
        let pid = "\(getpid())\n"
        _ = ftruncate(fd, 0)
        _ = pid.withCString { pwrite(fd, $0, strlen($0), 0) }
        return fd
    }

    // MARK: Resuming

    /// `DIR/metrics-LABEL.jsonl`, as they are there.
    private static func conditionFiles(_ dir: String) -> [String] {
        folderEntries(dir).filter { $0.hasPrefix("metrics-") && $0.hasSuffix(".jsonl") }
    }

    /// A checkpoint's text: the participant, the trials finished, each file's size then.
    struct Checkpoint: Equatable {
        var participant: String
        var trials: Int
        var sizes: [(name: String, size: Int)]

        static func == (a: Self, b: Self) -> Bool {
            a.participant == b.participant && a.trials == b.trials && a.sizes.map(\.name) == b.sizes.map(\.name) && a.sizes.map(\.size) == b.sizes.map(\.size)
        }

        var text: String {
            var out = "# fling study checkpoint: where each file stood when trial \(trials) ended; a resumed session cuts them back to it\n"
            out += "participant \(participant)\ntrials \(trials)\n"
            for s in sizes { out += "size \(s.size) \(s.name)\n" }
            return out
        }

        struct Unreadable: Error { var reason: String }

        /// The checkpoint, or the line that is not one.
        static func parse(_ text: String) -> Result<Checkpoint, Unreadable> {
            var c = Checkpoint(participant: "", trials: -1, sizes: [])
            for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(raw)
                if line.isEmpty || line.hasPrefix("#") { continue }
                let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
                switch (parts.first, parts.count) {
                case ("participant", 2): c.participant = parts[1]
                case ("trials", 2): guard let n = Int(parts[1]), n >= 0 else { return .failure(Unreadable(reason: "line \(i + 1): '\(line)'")) }; c.trials = n
                case ("size", 3):
                    guard let n = Int(parts[1]), n >= 0, !parts[2].contains("/") else { return .failure(Unreadable(reason: "line \(i + 1): '\(line)'")) }
                    c.sizes.append((parts[2], n))
                default: return .failure(Unreadable(reason: "line \(i + 1): '\(line)'"))
                }
            }
            return c.trials < 0 || c.participant.isEmpty ? .failure(Unreadable(reason: "no trials or participant line")) : .success(c)
        }
    }

    /// Brings the folder to the state an uninterrupted run had after its last finished trial:
    /// (trials done, gestures of this participant kept).
    private static func resume(_ dir: String, participant: String, trials total: Int) throws(RunFailure) -> (done: Int, gestures: Int) {
        let path = "\(dir)/\(checkpointName)"
        var checkpoint: Checkpoint?
        switch readUserFile(path, regularOnly: true) {
        case .success(let data):
            switch Checkpoint.parse(String(decoding: data, as: UTF8.self)) {
            case .success(let c): checkpoint = c
            case .failure(let why):
                throw RunFailure(message: "\(path): not a checkpoint this session can resume from (\(why.reason)); move the folder aside to start anew", status: 2)
            }
        case .failure(let e) where e.reason == "not found": checkpoint = nil
        case .failure(let e): throw RunFailure(message: "\(path): \(e.reason)", status: 2)
        }
        if let c = checkpoint, c.participant != participant {
            throw RunFailure(message: "\(dir): holds \(c.participant)'s session, not \(participant)'s; give each participant a folder", status: 2)
        }
        // No checkpoint: a new folder, or one an older Fling wrote (it may hold other
        // participants' rows, or files that are no session's): nothing is removed, only this
        // participant's unfinished rows. Every session writes a checkpoint as it starts.
        guard let c = checkpoint else {
            return try legacyResume(dir, participant: participant, done: legacyTrialsDone(dir, participant: participant))
        }
        if c.trials > total {
            throw RunFailure(message: "\(path): says \(c.trials) trials finished, but the study has \(total)", status: 2)
        }
        // Cut back: each measured file to its size then, the rest the session writes removed.
        var cut: [String] = []
        for name in appendedFiles + conditionFiles(dir) {
            let file = "\(dir)/\(name)"
            var st = stat()
            guard lstat(file, &st) == 0 else { continue }
            let keep = c.sizes.first { $0.name == name }?.size ?? 0
            if Int(st.st_size) < keep {
                throw RunFailure(message: "\(file): is shorter (\(st.st_size) bytes) than when trial \(c.trials) ended (\(keep) bytes): it was changed since; move the folder aside to start anew", status: 2)
            }
            guard Int(st.st_size) > keep else { continue }
            cut.append("\(name) (\(Int(st.st_size) - keep) bytes)")
            if keep == 0, !c.sizes.contains(where: { $0.name == name }) {
                if unlink(file) != 0 { throw RunFailure(message: "\(file): could not be removed (\(String(cString: strerror(errno))))", status: 1) }
            } else if truncate(file, off_t(keep)) != 0 {
                throw RunFailure(message: "\(file): could not be cut back to the last finished trial (\(String(cString: strerror(errno))))", status: 1)
            }
        }
        if !cut.isEmpty {
            Log.info("study: \(dir): what the unfinished trial \(c.trials + 1) wrote is removed: \(cut.joined(separator: ", "))")
        }
        return (c.trials, gesturesKept(dir, participant: participant))
    }

    /// Rows of `participant` in `DIR/trials.csv` (a folder from before checkpoints).
    private static func legacyTrialsDone(_ dir: String, participant: String) -> Int {
        guard case .success(let data) = readUserFile(dir + "/trials.csv", regularOnly: true) else { return 0 }
        return CSV.rows(String(decoding: data, as: UTF8.self)).dropFirst().filter { $0.first == participant }.count
    }

    /// A folder an older Fling wrote: the cut trial's gesture rows go; its metrics lines
    /// cannot be told apart, which is said.
    private static func legacyResume(_ dir: String, participant: String, done: Int) throws(RunFailure) -> (done: Int, gestures: Int) {
        if case .success(let data) = readUserFile(dir + "/gestures.csv", regularOnly: true) {
            let rows = CSV.rows(String(decoding: data, as: UTF8.self))
            let kept = rows.dropFirst().filter { r in r.count > 1 && (r[0] != participant || (Int(r[1]) ?? 0) <= done) }
            if kept.count != rows.count - 1 {
                try write(dir + "/gestures.csv", ([gesturesHeader] + kept.map { $0.map(CSV.field).joined(separator: ",") }).joined(separator: "\n") + "\n")
            }
        }
        if done > 0 { Log.warning("\(dir): no checkpoint (an older Fling wrote it): metrics.jsonl may still hold the cut trial's gestures") }
        return (done, gesturesKept(dir, participant: participant))
    }

    private static func gesturesKept(_ dir: String, participant: String) -> Int {
        guard case .success(let data) = readUserFile(dir + "/gestures.csv", regularOnly: true) else { return 0 }
        return CSV.rows(String(decoding: data, as: UTF8.self)).dropFirst().filter { $0.first == participant }.count
    }

    /// Records where every file stands now (after trial `finishedTrials`), replaced atomically.
    /// Each file on the disk before the checkpoint that counts it, and the checkpoint before
    /// it replaces the last one: after a power cut the checkpoint never claims lines the disk
    /// lost (a trial the resume would then skip), nor is it found empty.
    private func checkpoint() {
        var sizes: [(String, Int)] = []
        for name in Self.appendedFiles + Self.conditionFiles(dir) {
            var st = stat()
            guard stat("\(dir)/\(name)", &st) == 0 else { continue }
            sizes.append((name, Int(st.st_size)))
            // Not on the disk: no checkpoint may count it (a resume runs the trial again).
            if let why = Self.sync("\(dir)/\(name)") {
                let message = "\(dir)/\(name): could not be flushed to the disk (\(why)): no checkpoint after trial \(finishedTrials)"
                if failure == nil { failure = message }
                Log.error(message)
                return
            }
        }
        let text = Checkpoint(participant: participant, trials: finishedTrials, sizes: sizes).text
        let temporary = "\(dir)/\(Self.checkpointName).new"
        if let why = writeFile(temporary, text) ?? Self.sync(temporary)
            ?? (rename(temporary, "\(dir)/\(Self.checkpointName)") == 0 ? Self.sync(dir) : String(cString: strerror(errno))) {
            let message = "\(dir)/\(Self.checkpointName): could not be written (\(why)): a resumed session would run trial \(finishedTrials) again"
            if failure == nil { failure = message }
            Log.error(message)
        }
    }

    // MARK: Writing

    /// fsync of a file or folder by its path; the error, if any.
    private static func sync(_ path: String) -> String? {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        defer { Glibc.close(fd) }
        return fsync(fd) == 0 ? nil : String(cString: strerror(errno))
    }

    private static func write(_ path: String, _ text: String) throws(RunFailure) {
        if let why = writeFile(path, text) { throw RunFailure(message: "\(path): could not be written (\(why))", status: 1) }
    }

    /// Opened for appending; the header written when the file is new.
    private static func open(_ path: String, header: String) throws(RunFailure) -> OutputFile {
        var st = stat()
        let isNew = stat(path, &st) != 0 || st.st_size == 0
        let f = try OutputFile(path: path, mode: .append, what: "the study's table")
        if isNew, !f.write(header + "\n") {
            throw RunFailure(message: f.failure ?? "\(path): could not be written", status: 1)
        }
        return f
    }

    private func line(_ f: OutputFile?, _ fields: [String]) {
        write(f, fields.map(CSV.field).joined(separator: ",") + "\n")
    }

    /// A file that stopped (a full disk) is said once, by the file; the others go on.
    private func write(_ f: OutputFile?, _ text: String) {
        guard let f, !f.write(text) else { return }
        if failure == nil { failure = f.failure }
    }

    // MARK: StudySink

    func trialStarted(_ trial: StudySchedule.Trial, task: String, at time: Double) {
        windows.append((trial, task, time, nil))
    }

    func trialFinished(_ r: StudyTrialRecord) {
        if let i = windows.lastIndex(where: { $0.trial.number == r.trial }) { windows[i].end = r.taskEnd }
        line(trials, [r.participant, "\(r.trial)", r.condition, r.task, "\(r.repetition)", r.outcome, Self.number(r.timeOnTask),
                      r.expected ? "yes" : "no", "\(r.rating)", r.expectedOutcome ?? ""])
        finishedTrials = max(finishedTrials, r.trial)
        // The trial's last gesture may still be moving: its metrics and gestures.csv lines
        // are written when it settles, and a checkpoint before them would leave them past it,
        // cut by a resume that does not run the trial again. So the checkpoint waits for them.
        if gesturesSettling() { checkpointDue = true; dueSince = nil } else { checkpoint() }
    }

    /// A trial ended and its checkpoint waits for its gestures to be written: since when
    /// (the first frame after; scene time).
    private var checkpointDue = false
    private var dueSince: Double?
    /// Whether the metrics recorder still holds gestures that move, and writes them now.
    var gesturesSettling: () -> Bool = { false }
    var flushGestures: () -> Void = {}

    /// After each frame: the checkpoint, once the finished trial's gestures are written, or
    /// after `InteractionConstants.studyCheckpointWait` s with what still moves written as it
    /// stands (a sheet moved by a key or a resize has no settle to wait for).
    func checkpointIfSettled(time: Double) {
        guard checkpointDue else { return }
        let since = dueSince ?? time
        dueSince = since
        if gesturesSettling() {
            guard time - since >= InteractionConstants.studyCheckpointWait else { return }
            flushGestures()
        }
        checkpointDue = false
        dueSince = nil
        checkpoint()
    }

    /// A press: the next trial's first gesture may begin, so what the last one left moving is
    /// written now, then the checkpoint (nothing of the next trial can fall before it).
    func pressed() {
        guard checkpointDue else { return }
        flushGestures()
        checkpointDue = false
        dueSince = nil
        checkpoint()
    }

    /// A gesture the metrics recorder wrote: its row, in the trial its press fell in (none:
    /// a gesture between trials, e.g. on the prompt, is not a trial's).
    func gesture(_ m: GestureMetric) {
        guard let w = windows.last(where: { m.start.t >= $0.start - 1e-9 && m.start.t <= ($0.end ?? .infinity) + 1e-9 }),
              let task = study.tasks.first(where: { $0.id == w.task }) else { return }
        gestureCount += 1
        let previous = lastGesture
        lastGesture = m
        let c = StudyGestureClass(m, dismiss: task.dismiss, startDetent: m.startDetent, previous: previous)
        // The condition's own metrics file: its decision map is drawn from it.
        write(conditionMetrics(w.trial.label), m.json.serialized + "\n")
        line(gestures, [participant, "\(w.trial.number)", w.trial.label, w.task, "\(gestureCount)", m.target, m.policy,
                        c.startDetent ?? "", c.outcome, Self.number(m.release.y - m.start.y), Self.number(m.vy),
                        m.settleTime.map(Self.number) ?? "", Self.number(m.overshoot),
                        c.accidentalDismissal ? "1" : "0", c.missedDismissal ? "1" : "0", c.snapBack ? "1" : "0",
                        c.skippedDetent ? "1" : "0", c.regrab ? "1" : "0"])
    }
    private var lastGesture: GestureMetric?
    private var perCondition: [String: OutputFile] = [:]
    private var conditionFailed: Set<String> = []

    private func conditionMetrics(_ label: String) -> OutputFile? {
        if let f = perCondition[label] { return f }
        guard !conditionFailed.contains(label) else { return nil }
        do {
            let f = try OutputFile(path: "\(dir)/metrics-\(label).jsonl", mode: .append, what: "the condition's metrics file")
            perCondition[label] = f
            return f
        } catch {
            conditionFailed.insert(label)
            Log.error(error.message)
            if failure == nil { failure = error.message }
            return nil
        }
    }

    static func number(_ v: Double) -> String { cFormat("%.3f", v) }

    func finish() {
        // (The metrics recorder has written what still moved: the run ended before this.)
        if checkpointDue { checkpointDue = false; checkpoint() }
        for f in perCondition.values { f.close() }
        perCondition = [:]
        trials?.close()
        gestures?.close()
        for f in [trials, gestures].compactMap({ $0 }) where failure == nil { failure = f.failure }
        trials = nil
        gestures = nil
    }

    deinit { if lockFD >= 0 { Glibc.close(lockFD) } }
}
