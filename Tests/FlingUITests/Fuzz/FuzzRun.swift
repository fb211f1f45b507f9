import FlingCore
import FlingUI
import Foundation

/// The fuzzer's draws, from core's seeded SplitMix64 (a seed always gives the same sequence;
/// `int`, `chance` and `pick` are core's).
typealias FuzzRNG = SplitMix64


/// How one fuzz sequence starts: the app's command-line options.
struct FuzzConfig: Equatable {
    var scene: SceneID
    var policy: SheetPolicyKind
    var fps: Double
    var size: Size

    /// The script's header: how to replay it with the binary (`--date` and the real fonts
    /// change text widths a little; `make fuzz REPLAY=FILE` replays it in-process exactly).
    func header(seed: UInt64?) -> [String] {
        var lines: [String] = []
        if let seed { lines.append("# fling fuzz seed \(seed)") }
        lines.append("# fling --headless --scene \(scene.rawValue) --sheet-policy \(policy.rawValue) --fps \(Int(fps)) "
                     + "--size \(Int(size.width))x\(Int(size.height)) --script THIS_FILE")
        return lines
    }

    /// Reads the header back (for replays).
    static func parse(header text: String) -> FuzzConfig? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("# fling --headless") }) else { return nil }
        let words = line.split(separator: " ").map(String.init)
        func value(_ option: String) -> String? { words.firstIndex(of: option).flatMap { $0 + 1 < words.count ? words[$0 + 1] : nil } }
        guard let scene = value("--scene").flatMap(SceneID.init(rawValue:)),
              let policy = value("--sheet-policy").flatMap(SheetPolicyKind.init(rawValue:)),
              let fps = value("--fps").flatMap(Double.init),
              let size = value("--size")?.split(separator: "x").compactMap({ Double($0) }), size.count == 2 else { return nil }
        return FuzzConfig(scene: scene, policy: policy, fps: fps, size: Size(size[0], size[1]))
    }
}

/// What went wrong, with a kind that stays the same while a script is minimised.
struct FuzzFailure: Error, CustomStringConvertible {
    var kind: String
    var detail: String
    var time: Double
    var description: String { "\(kind) at t = \(time): \(detail)" }
}

/// The sample data and image sizes the app ships with, read once (in-process runs use the
/// real Resources/ so that scripts behave as in the binary).
@MainActor
enum FuzzData {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources").path
    static let restaurants: [Restaurant] = {
        let text = (try? String(contentsOfFile: root + "/restaurants.json", encoding: .utf8)) ?? "[]"
        return (try? SampleData.restaurants(fromJSON: text)) ?? []
    }()
    static let articles: [Article] = {
        let text = (try? String(contentsOfFile: root + "/articles.json", encoding: .utf8)) ?? "[]"
        return (try? SampleData.articles(fromJSON: text)) ?? []
    }()
    private static var sizes: [String: Size?] = [:]
    static func imageSize(_ name: String) -> Size? {
        if let s = sizes[name] { return s }
        var size: Size?
        if let h = FileHandle(forReadingAtPath: root + "/images/" + name) {
            let head = [UInt8](h.readData(ofLength: 65_536))
            try? h.close()
            size = ImageHeader.read(head).map { Size(Double($0.width), Double($0.height)) }
        }
        sizes[name] = size
        return size
    }
}

/// One app driven in-process exactly as `fling --headless --script` drives it: virtual time
/// advancing 1/fps a frame, inputs due by a frame's time handled before it advances. After
/// every frame the state dump must hold only finite numbers; at the end, once everything has
/// come to rest, every scene must be at rest in a valid place.
@MainActor
final class FuzzRun {
    let config: FuzzConfig
    let app: AppController
    private var inputs: [ScheduledInput] = []
    private var next = 0
    /// The next frame to run (frame k runs at time k / fps).
    private(set) var frame = 0
    private(set) var failure: FuzzFailure?
    private(set) var framesRun = 0
    /// Longest an app may take to come to rest after its last input (the seeds' longest
    /// motion is a 2.8 s two-stage dismissal; an 8000 pt/s fling stops within ~4.5 s).
    static let settleLimit = 10.0
    /// …and a sheet within the seeds' longest motion (|0.2 · 8000 · 0.001| + 1.2 = 2.8 s) and
    /// a spring's tail.
    static let sheetSettleLimit = 4.0

    init(config: FuzzConfig) {
        self.config = config
        let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { FuzzData.imageSize($0) })
        app = AppController(restaurants: FuzzData.restaurants, articles: FuzzData.articles, env: env, first: config.scene,
                            windowSize: config.size, scale: 1, sheetPolicy: config.policy, dateText: "SUNDAY, NOV 22")
    }

    var time: Double { Double(frame) / config.fps }

    func feed(_ script: Script) {
        inputs += script.expanded(fps: config.fps)
    }

    /// Runs frames up to and including the one at `time`.
    func run(through time: Double) {
        while failure == nil, Double(frame) / config.fps <= time + 1e-9 { step() }
    }

    /// Runs until every fed input has been handled.
    func runInputs() {
        while failure == nil, next < inputs.count { step() }
    }

    @discardableResult
    private func step() -> Bool {
        let t = Double(frame) / config.fps
        while next < inputs.count, inputs[next].time <= t + 1e-9 {
            handle(inputs[next])
            next += 1
        }
        let moving = app.advance(to: t)
        checkFinite(at: t)
        checkSheetOnScreen(at: t)
        frame += 1
        framesRun += 1
        return moving
    }

    private func handle(_ input: ScheduledInput) { _ = app.feed(input) }

    // MARK: Checks

    /// Fields of the state dump that may be null as a whole (a frame, when there is no such
    /// view); any other null, every null inside an array included (so every number of every
    /// frame), is a non-finite number (`JSONValue.rounded` writes NaN and infinity as null).
    private static let nullable: Set<String> = ["detent", "content", "restaurant", "selected", "index", "frame", "focused", "caret", "area"]

    private func checkFinite(at t: Double) {
        guard failure == nil else { return }
        if let path = Self.nonFinite(in: app.state(time: t, frame: frame, render: nil), path: "") {
            failure = FuzzFailure(kind: "non-finite \(path)", detail: "NaN or infinity in the state dump (scene \(app.scene.id.rawValue))", time: t)
        }
    }

    /// The visible scene's sheet, if it has one.
    private var presenter: SheetPresenter? {
        (app.scene as? RestaurantsScene)?.presenter ?? (app.scene as? TwoStageScene)?.presenter
    }

    /// A sheet is never far off the window: at most a window height (the rubber band's
    /// limit) and 1000 pt (a spring's overshoot at the capped release velocity) above its top
    /// detent or below the bottom edge.
    private func checkSheetOnScreen(at t: Double) {
        guard failure == nil, let sheet = presenter?.sheet, sheet.isVisible else { return }
        let top = sheet.top(at: t), h = sheet.height, margin = h + 1000
        if top < sheet.policy.topmost(height: h) - margin || top > h + margin {
            failure = FuzzFailure(kind: "\(app.scene.id.rawValue): sheet far off the window",
                                  detail: "top \(top) in a window \(h) pt tall (phase \(sheet.phase.name))", time: t)
        }
    }

    static func nonFinite(in v: JSONValue, path: String, key: String = "") -> String? {
        switch v {
        case .number(let d): return d.isFinite ? nil : path
        case .null: return nullable.contains(key) ? nil : path
        case .array(let items):
            // An item is never absent: a null in an array is a NaN or an infinity written as
            // null (a frame's x, y, width or height), under a key that may itself be null.
            for (i, item) in items.enumerated() {
                if let p = nonFinite(in: item, path: "\(path)[\(i)]", key: "") { return p }
            }
            return nil
        case .object(let pairs):
            for (k, item) in pairs {
                // Row names are free text; their frames are numbers.
                if let p = nonFinite(in: item, path: path.isEmpty ? k : "\(path).\(k)", key: k) { return p }
            }
            return nil
        default: return nil
        }
    }

    /// Lets everything come to rest (bounded), then checks the visible scene and every other
    /// one (each selected in turn, as Tab would).
    func settleAndCheck() {
        guard failure == nil else { return }
        // A pointer still held would hold a sheet or card forever: the window loses focus
        // (every report ends with this `blur`, so the script replays the same in the binary).
        app.handle(.focusLost(time: time))
        for id in [app.scene.id] + SceneID.allCases.filter({ $0 != app.scene.id }) {
            app.select(id, time: time)
            let start = time
            while failure == nil, step() {
                // Sheets rest within the seed's durations (the longest: a 2.8 s dismissal).
                if time - start > Self.sheetSettleLimit, let sheet = presenter?.sheet,
                   ["presenting", "settling", "dismissing"].contains(sheet.phase.name) {
                    failure = FuzzFailure(kind: "\(id.rawValue): sheet never at rest",
                                          detail: "still \(sheet.phase.name) \(Self.sheetSettleLimit) s after the last input, top \(sheet.top(at: time))",
                                          time: time)
                }
                if failure == nil, time - start > Self.settleLimit {
                    failure = FuzzFailure(kind: "never at rest (\(id.rawValue))",
                                          detail: "still moving \(Self.settleLimit) s after the last input", time: time)
                }
            }
            if failure == nil { checkAtRest(time: Double(frame - 1) / config.fps) }
            if failure != nil { return }
        }
    }

    private func fail(_ kind: String, _ detail: String, _ t: Double) {
        if failure == nil { failure = FuzzFailure(kind: "\(app.scene.id.rawValue): \(kind)", detail: detail, time: t) }
    }

    private func within(_ offset: Double, _ model: ScrollModel, _ what: String, _ t: Double) {
        if offset < -0.5 || offset > model.maxOffset + 0.5 {
            fail("\(what) offset outside its content", "offset \(offset), content 0…\(model.maxOffset)", t)
        }
    }

    private func checkSheet(_ presenter: SheetPresenter, _ t: Double) {
        let sheet = presenter.sheet
        switch sheet.phase {
        case .hidden:
            if presenter.content != nil { fail("hidden sheet keeps its content", "", t) }
        case .resting(let d):
            let detents = sheet.policy.detents(height: sheet.height).map(\.0)
            if !detents.contains(d) { fail("sheet rests at a detent its policy lacks", "\(d)", t) }
            let top = sheet.top(at: t)
            if abs(top - sheet.policy.top(of: d, height: sheet.height)) > 0.01 { fail("sheet off its detent", "top \(top) at \(d)", t) }
            // At any detent the list behind is fully dimmed (the fuzzer found it wrong after a
            // resize to a tiny window).
            if abs(sheet.dim(at: t) - SheetConstants.dimOpacity) > 1e-6 { fail("sheet's dim wrong at rest", "dim \(sheet.dim(at: t)) at \(d), window \(sheet.height) pt", t) }
            within(sheet.content.offset(at: t), sheet.content, "sheet content", t)
            if sheet.content.isMoving(at: t) { fail("sheet content still moving", "", t) }
        default:
            fail("sheet not at rest", "phase \(sheet.phase.name), top \(sheet.top(at: t))", t)
        }
    }

    private func checkAtRest(time t: Double) {
        let scene = app.scene
        if let s = scene as? RestaurantsScene {
            checkSheet(s.presenter, t)
            within(s.list.scroll.model.offset(at: t), s.list.scroll.model, "list", t)
            if s.list.scroll.model.isMoving(at: t) { fail("list still moving", "offset \(s.list.scroll.model.offset(at: t))", t) }
            let shift = s.stateFields(time: t).first { $0.0 == "list" }?.1["shift"]?.doubleValue ?? .nan
            let expected = s.presenter.isVisible ? SheetConstants.listShift : 0
            if abs(shift - expected) > 0.01 { fail("list shift left behind", "shift \(shift), expected \(expected)", t) }
            if s.isModal != s.presenter.isVisible { fail("modal without a sheet", "", t) }
        } else if let s = scene as? TwoStageScene {
            checkSheet(s.presenter, t)
            if s.isModal != s.presenter.isVisible { fail("modal without a sheet", "", t) }
        } else if let s = scene as? FormScene {
            // No field holds more than its limit, however much was typed or pasted.
            let fields = s.stateFields(time: t).first { $0.0 == "form" }?.1["fields"]?.arrayValue ?? []
            for field in fields {
                let text = field["text"]?.stringValue ?? ""
                if text.count > InteractionConstants.maxFieldCharacters {
                    fail("field past its limit", "\(field["label"]?.stringValue ?? "?") holds \(text.count) characters", t)
                }
            }
        } else if let s = scene as? TodayScene {
            let cards = s.cards
            switch cards.phase {
            case .collapsed:
                if cards.index != nil || cards.outgoing != nil || cards.pressedIndex != nil {
                    fail("collapsed with a card still selected", "index \(String(describing: cards.index))", t)
                }
                if abs(cards.pressScale.value(at: t) - 1) > 1e-6 { fail("card left shrunk", "press scale \(cards.pressScale.value(at: t))", t) }
                if s.isModal { fail("modal with every card collapsed", "", t) }
            case .expanded:
                guard let i = cards.index else { fail("expanded without a card", "", t); return }
                let p = cards.progressValue(at: t)
                let frame = s.cardFrame(i, progress: p, time: t)
                let window = Rect(origin: .zero, size: app.windowSize)
                if abs(p - 1) > 1e-6 || abs(frame.x - window.x) > 0.01 || abs(frame.y - window.y) > 0.01
                    || abs(frame.width - window.width) > 0.01 || abs(frame.height - window.height) > 0.01 {
                    fail("expanded card not the window", "progress \(p), frame \(frame), window \(window)", t)
                }
                if abs(cards.pullScale(at: t) - 1) > 1e-6 || abs(cards.pull.value(at: t)) > 0.01 {
                    fail("expanded card not at scale 1", "scale \(cards.pullScale(at: t)), pull \(cards.pull.value(at: t))", t)
                }
                within(cards.content.offset(at: t), cards.content, "card content", t)
                if !s.isModal { fail("expanded card not modal", "", t) }
            default:
                fail("card not at rest", "phase \(cards.phase.rawValue)", t)
            }
            // The list's offset, from the dump (its scroll model is the scene's own).
            if let list = s.stateFields(time: t).first(where: { $0.0 == "list" })?.1,
               let offset = list["offset"]?.doubleValue, let content = list["contentHeight"]?.doubleValue {
                let maxOffset = max(0, content - app.sceneBounds.height)
                if offset < -0.5 || offset > maxOffset + 0.5 { fail("list offset outside its content", "offset \(offset), content 0…\(maxOffset)", t) }
            }
        }
    }
}
