// StudyWriter: a participant's study folder as the session runs (issue 33): the schedule, one
// trials.csv row per trial and one gestures.csv row per gesture, each line flushed so a
// killed session loses nothing, and how far an earlier run of the session got.
import FlingCore
import FlingUI
import FoundationEssentials
import Glibc

/// The two files' headers (the report reads columns by these names).
enum StudyWriterHeaders {
    static let trials = "participant,trial,condition,task,repetition,outcome,time_on_task,expected,rating,expected_outcome"
    static let gestures = "participant,trial,condition,task,gesture,target,policy,start_detent,outcome,travel,velocity,settle_time,overshoot,accidental_dismissal,missed_dismissal,snap_back,skipped_detent,regrab"
}

/// Writes `DIR/schedule.csv`, `DIR/trials.csv` and `DIR/gestures.csv`.
@MainActor
final class StudyWriter: StudySink {
    let dir: String
    private let study: StudyFile
    private let participant: String
    private var trials: UnsafeMutablePointer<FILE>?
    private var gestures: UnsafeMutablePointer<FILE>?
    private(set) var failure: String?
    /// The trials run so far, with their task's time span (scene s): a gesture belongs to
    /// the trial its press fell in.
    private var windows: [(trial: StudySchedule.Trial, task: String, start: Double, end: Double?)] = []
    private var gestureCount = 0

    static let trialsHeader = StudyWriterHeaders.trials
    static let gesturesHeader = StudyWriterHeaders.gestures

    /// How many trials `DIR/trials.csv` already holds for `participant` (a restarted
    /// session goes on from there).
    static func trialsDone(dir: String, participant: String) -> Int {
        guard case .success(let data) = readUserFile(dir + "/trials.csv") else { return 0 }
        return CSV.rows(String(decoding: data, as: UTF8.self)).dropFirst().filter { $0.first == participant }.count
    }

    /// `text`: the study file as read (kept in the folder as study.toml: a replay of the
    /// recording runs it, and the results stay with the study that made them).
    init(dir: String, study: StudyFile, text: String, schedule: StudySchedule, trialsDone: Int) throws(RunFailure) {
        self.dir = dir
        self.study = study
        participant = schedule.participant
        if mkdir(dir, 0o755) != 0 && errno != EEXIST {
            throw RunFailure(message: "\(dir): the study folder could not be made (\(String(cString: strerror(errno))))", status: 1)
        }
        try Self.write(dir + "/schedule.csv", schedule.csv(study))
        try Self.write(dir + "/study.toml", text)
        // A resumed session: the rows of the trial a kill cut short go (it runs again), and
        // gestures are numbered on from those kept.
        if case .success(let data) = readUserFile(dir + "/gestures.csv") {
            let rows = CSV.rows(String(decoding: data, as: UTF8.self))
            let kept = rows.dropFirst().filter { r in r.count > 1 && (r[0] != participant || (Int(r[1]) ?? 0) <= trialsDone) }
            if kept.count != rows.count - 1 {
                try Self.write(dir + "/gestures.csv", ([Self.gesturesHeader] + kept.map { $0.map(CSV.field).joined(separator: ",") }).joined(separator: "\n") + "\n")
            }
            gestureCount = kept.filter { $0[0] == participant }.count
        }
        trials = try Self.open(dir + "/trials.csv", header: Self.trialsHeader)
        gestures = try Self.open(dir + "/gestures.csv", header: Self.gesturesHeader)
    }

    private static func write(_ path: String, _ text: String) throws(RunFailure) {
        if let why = writeFile(path, text) { throw RunFailure(message: "\(path): could not be written (\(why))", status: 1) }
    }

    /// Opened for appending; the header written when the file is new.
    private static func open(_ path: String, header: String) throws(RunFailure) -> UnsafeMutablePointer<FILE> {
        var st = stat()
        let isNew = stat(path, &st) != 0 || st.st_size == 0
        guard let f = fopen(path, "ab") else { throw RunFailure(message: "\(path): could not be opened for appending (\(String(cString: strerror(errno))))", status: 1) }
        if isNew, fputs(header + "\n", f) < 0 || fflush(f) != 0 {
            throw RunFailure(message: "\(path): could not be written (\(String(cString: strerror(errno))))", status: 1)
        }
        return f
    }

    /// The files that stopped (a full disk): each is said once; the others go on.
    private var stoppedFiles: Set<String> = []

    private func line(_ f: UnsafeMutablePointer<FILE>?, _ fields: [String], _ name: String) {
        write(f, fields.map(CSV.field).joined(separator: ",") + "\n", name)
    }

    private func write(_ f: UnsafeMutablePointer<FILE>?, _ text: String, _ name: String) {
        guard !stoppedFiles.contains(name) else { return }
        guard let f, fputs(text, f) >= 0, fflush(f) == 0 else {
            stoppedFiles.insert(name)
            let why = "\(dir)/\(name): stopped (\(String(cString: strerror(errno)))): later lines are not in it"
            if failure == nil { failure = why }
            Log.error(why)
            return
        }
    }

    // MARK: StudySink

    func trialStarted(_ trial: StudySchedule.Trial, task: String, at time: Double) {
        windows.append((trial, task, time, nil))
    }

    func trialFinished(_ r: StudyTrialRecord) {
        if let i = windows.lastIndex(where: { $0.trial.number == r.trial }) { windows[i].end = r.taskEnd }
        line(trials, [r.participant, "\(r.trial)", r.condition, r.task, "\(r.repetition)", r.outcome, Self.number(r.timeOnTask),
                      r.expected ? "yes" : "no", "\(r.rating)", r.expectedOutcome ?? ""], "trials.csv")
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
        write(conditionMetrics(w.trial.label), m.json.serialized + "\n", "metrics-\(w.trial.label).jsonl")
        line(gestures, [participant, "\(w.trial.number)", w.trial.label, w.task, "\(gestureCount)", m.target, m.policy,
                        c.startDetent ?? "", c.outcome, Self.number(m.release.y - m.start.y), Self.number(m.vy),
                        m.settleTime.map(Self.number) ?? "", Self.number(m.overshoot),
                        c.accidentalDismissal ? "1" : "0", c.missedDismissal ? "1" : "0", c.snapBack ? "1" : "0",
                        c.skippedDetent ? "1" : "0", c.regrab ? "1" : "0"], "gestures.csv")
    }
    private var lastGesture: GestureMetric?
    private var perCondition: [String: UnsafeMutablePointer<FILE>] = [:]

    private func conditionMetrics(_ label: String) -> UnsafeMutablePointer<FILE>? {
        if let f = perCondition[label] { return f }
        guard let f = fopen("\(dir)/metrics-\(label).jsonl", "ab") else { return nil }   // said by `write`, once
        perCondition[label] = f
        return f
    }

    static func number(_ v: Double) -> String { cFormat("%.3f", v) }

    func finish() {
        for f in perCondition.values { fclose(f) }
        perCondition = [:]
        if let f = trials { fclose(f) }
        if let f = gestures { fclose(f) }
        trials = nil
        gestures = nil
    }
}
