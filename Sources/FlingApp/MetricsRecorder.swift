// MetricsRecorder: `--metrics FILE`: watches the models' release decisions after each loop
// iteration and writes one JSON line per gesture, with its frame counts and settle time.
import FlingCore
import FlingUI
import FoundationEssentials
import Glibc

/// `--metrics FILE` (the UX-testing instrument): one JSON line per gesture, collected here in the app layer by
/// watching the models' decision records (`lastDecision`, `decisionCount`) after each loop
/// iteration; the models know nothing of it. A line is written when the motion that followed
/// the release has rested (the model publishes its settle time then), or, with a null settle
/// time, when another gesture interrupted it or the run ended. Frames are counted from the
/// press to the rest, late ones against `frameBudget`.
@MainActor
final class MetricsRecorder {
    private let app: AppController
    /// Seconds a frame may take (1 / refresh rate, or 1 / fps headless).
    let frameBudget: Double
    private var file: OutputFile?
    private let path: String?
    /// Why the metrics file stopped early (a full disk): said once, and the run ends with
    /// status 1 (before, lines were lost and the run exited 0).
    private(set) var failure: String?
    /// Every metric written, in order, when `keepsGestures` (the replay compares settings
    /// with them). A live run does not keep them: over weeks of --metrics they grew without
    /// bound; the file has them.
    private(set) var gestures: [GestureMetric] = []
    private let keepsGestures: Bool
    private var written = 0

    /// A decision whose motion has not rested yet.
    private struct Pending {
        var source: String
        var scene: String
        var decision: GestureDecision
        var frames: Int
        var lateFrames: Int
        var velocitySource: InputTiming
    }
    private var pending: [Pending] = []
    /// Per model: the last decision seen (count and release), so a new one is told apart even
    /// when a sheet was made anew and counts from 1 again.
    private var seen: [String: (count: Int, release: GestureMetric.Sample?)] = [:]
    /// Frames since the latest press (they belong to the gesture that press starts).
    private var pressFrames = 0, pressLate = 0
    /// The least trustworthy timing among the pointer events since the latest press.
    private var pressTiming = InputTiming.device

    /// The `--compare` setting every line carries, as given; nil elsewhere.
    private let setting: String?

    init(app: AppController, frameBudget: Double, path: String?, keepsGestures: Bool = false, setting: String? = nil) throws(RunFailure) {
        self.app = app
        self.setting = setting
        self.keepsGestures = keepsGestures
        self.frameBudget = frameBudget
        self.path = path
        if let path {
            // Appended to (a study resumes into it); a pipe (`--metrics /dev/stdout | jq`) or a
            // FIFO is a fine target too.
            file = try OutputFile(path: path, mode: .append, what: "the metrics file")
        }
        for (name, _, d) in sources() { seen[name] = (d.count, d.last?.release) }
    }

    /// An input that reached the app: a press starts counting frames for its gesture.
    func input(_ e: InputEvent) {
        guard case .pointer(let p) = e else { return }
        if p.phase == .began { pressFrames = 0; pressLate = 0; pressTiming = p.timing } else { pressTiming = pressTiming.worse(p.timing) }
    }

    /// After a loop iteration: new decisions are taken up, rested ones written.
    func frame(time: Double, drawSeconds: Double?) {
        if let d = drawSeconds {
            let late = d > frameBudget ? 1 : 0
            pressFrames += 1; pressLate += late
            for i in pending.indices { pending[i].frames += 1; pending[i].lateFrames += late }
        }
        for (name, scene, d) in sources() {
            guard let decision = d.last, d.count > 0 else { seen[name] = (d.count, nil); continue }
            let before = seen[name]
            if before?.count != d.count || before?.release != decision.release {
                seen[name] = (d.count, decision.release)
                // A new gesture on this model ends the one before (its motion was interrupted).
                if let i = pending.firstIndex(where: { $0.source == name }) { emit(pending.remove(at: i)) }
                pending.append(Pending(source: name, scene: scene, decision: decision, frames: pressFrames, lateFrames: pressLate,
                                       velocitySource: pressTiming))
            }
            if let i = pending.firstIndex(where: { $0.source == name }) {
                pending[i].decision = decision
                if decision.settleTime != nil { emit(pending.remove(at: i)) }
            }
        }
    }

    /// Gestures released and still moving (not yet written).
    var isSettling: Bool { !pending.isEmpty }

    /// Writes what is still moving now, as it stands (a study's trial ended and the next
    /// press came before its last gesture settled: the line belongs before the checkpoint).
    func flushPending() {
        for p in pending { emit(p) }
        pending = []
    }

    /// The run ended: what is still moving is written with a null settle time.
    func finish() {
        for p in pending { emit(p) }
        pending = []
        if file != nil { Log.debug("metrics: \(written) gestures written, \(gestures.count) kept in memory") }
        file?.close()
        if failure == nil, let why = file?.failure { failure = why }
        file = nil
    }

    /// Each gesture as it is written (a study files it under its trial).
    var onMetric: ((GestureMetric) -> Void)?

    private func emit(_ p: Pending) {
        let metric = GestureMetric(scene: p.scene, decision: p.decision, frames: p.frames, lateFrames: p.lateFrames,
                                   velocitySource: p.velocitySource, setting: setting)
        onMetric?(metric)
        if keepsGestures { gestures.append(metric) }
        written += 1
        guard let f = file else { return }
        if !f.write(metric.json.serialized + "\n") {
            failure = f.failure
            file = nil
        }
    }

    /// The models that decide releases, by a stable name, with their scene.
    private func sources() -> [(String, String, (count: Int, last: GestureDecision?))] {
        var out: [(String, String, (count: Int, last: GestureDecision?))] = []
        for scene in app.scenes {
            let id = scene.id.rawValue
            switch scene {
            case let s as RestaurantsScene:
                out.append(("\(id).sheet", id, (s.presenter.sheet.decisionCount, s.presenter.sheet.lastDecision)))
                out.append(("\(id).list", id, (s.list.scroll.decisionCount, s.list.scroll.lastDecision)))
            case let s as TwoStageScene:
                out.append(("\(id).sheet", id, (s.presenter.sheet.decisionCount, s.presenter.sheet.lastDecision)))
            case let s as TodayScene:
                out.append(("\(id).card", id, (s.cards.decisionCount, s.cards.lastDecision)))
                out.append(("\(id).list", id, (s.scroll.decisionCount, s.scroll.lastDecision)))
            default:
                continue
            }
        }
        return out
    }
}
