import FlingCore
import FlingUI
import Foundation

/// Seeded random gesture sequences, written as script lines (docs/scripts.md), generated
/// against the running app so that taps can aim at what moves (a sheet's top, a flying card):
/// mouse and fingers with several ids, flicks at extreme speeds, far-off and negative
/// coordinates, keys mid-drag, wheel bursts, resizes mid-gesture from 1×1 to kiosk sizes,
/// focus loss, at 30, 60 or 144 fps.
@MainActor
struct GestureFuzzer {
    let seed: UInt64
    private var rng: FuzzRNG
    let config: FuzzConfig
    /// A start size the command line refuses (`--size` takes 320x480…8192x8192 pt) is reached by a
    /// `resize` at time 0 instead, so every script replays with the binary.
    private let startSize: Size?

    static let frameRates: [Double] = [30, 60, 144]
    static let sizes: [Size] = [Size(1, 1), Size(2, 3), Size(50, 80), Size(200, 300), Size(320, 568), Size(390, 844),
                                Size(844, 390), Size(768, 1024), Size(1080, 1920), Size(1920, 1080), Size(3840, 2160)]
    static let keys = ["Escape", "Return", "Down", "Up", "PageDown", "PageUp", "Home", "End", "Tab", "shift+Tab", "Space", "a",
                       "Backspace", "Delete", "Left", "shift+Left", "ctrl+a", "ctrl+c", "ctrl+x", "ctrl+v"]
    /// Pieces of typed or pasted text: letters, a long word, combining marks, emoji and flags,
    /// right-to-left and CJK, zero-width spaces (100,000 of them once ran past 120 s).
    static let textPieces = ["x", "Ada ", "Lovelace", "e\u{301}", "👍🏽", "🇯🇵", "שלום ", "مرحبا ", "你好", "\u{200B}",
                             "supercalifragilisticexpialidocious", " "]

    init(seed: UInt64, scene: SceneID? = nil, policy: SheetPolicyKind? = nil) {
        self.seed = seed
        var rng = FuzzRNG(seed: seed)
        let scene = scene ?? rng.pick(SceneID.allCases)
        let policy = policy ?? rng.pick(SheetPolicyKind.allCases)
        let fps = rng.pick(Self.frameRates)
        let size = rng.chance(0.7) ? Size(390, 844) : rng.pick(Self.sizes)
        let least = LayoutMetrics.minimumWindowSize
        let valid = (least.width...8192).contains(size.width) && (least.height...8192).contains(size.height)
        config = FuzzConfig(scene: scene, policy: policy, fps: fps, size: valid ? size : Size(390, 844))
        startSize = valid ? nil : size
        self.rng = rng
    }

    /// The outcome of one sequence: the script's command lines and the first failure.
    struct Outcome {
        var lines: [String]
        var failure: FuzzFailure?
        var frames: Int
    }

    /// Generates and runs one sequence of `bursts` gestures.
    mutating func run(bursts: Int? = nil) -> Outcome {
        let run = FuzzRun(config: config)
        var lines: [String] = []
        var held = HeldPointers()
        let count = bursts ?? rng.int(4...24)
        if let s = startSize {
            var burst = Burst(start: 0, fps: config.fps)
            burst.add("resize \(Int(s.width)) \(Int(s.height))")
            lines += burst.lines
            feed(burst.lines, to: run)
        }
        for _ in 0..<count {
            // A pause: often none or a few frames (to hit things in motion), sometimes long.
            let gapFrames = rng.chance(0.5) ? rng.int(0...12) : rng.int(13...120)
            run.run(through: run.time + Double(gapFrames) / config.fps)
            var burst = Burst(start: run.time, fps: config.fps)
            generate(into: &burst, app: run.app, held: &held)
            guard !burst.lines.isEmpty else { continue }
            lines += burst.lines
            feed(burst.lines, to: run)
            if run.failure != nil { break }
        }
        if run.failure == nil {
            // Let go of everything still held, then check the app comes to rest.
            var burst = Burst(start: run.time, fps: config.fps)
            held.releaseAll(into: &burst, at: burst.start, rng: &rng)
            if !burst.lines.isEmpty { lines += burst.lines; feed(burst.lines, to: run) }
            run.settleAndCheck()
        }
        return Outcome(lines: lines, failure: run.failure, frames: run.framesRun)
    }

    private func feed(_ lines: [String], to run: FuzzRun) {
        let script: Script
        do { script = try Script.parse(lines.joined(separator: "\n"), file: "fuzz") } catch {
            preconditionFailure("the fuzzer wrote a script line the parser refuses: \(error)")
        }
        run.feed(script)
        run.runInputs()
    }

    /// Replays script lines from scratch (minimising and regression replays).
    static func replay(_ lines: [String], config: FuzzConfig) -> FuzzFailure? {
        let run = FuzzRun(config: config)
        let text = lines.joined(separator: "\n")
        guard let script = try? Script.parse(text, file: "replay") else { return nil }
        run.feed(script)
        run.runInputs()
        run.settleAndCheck()
        return run.failure
    }

    // MARK: Bursts

    /// Script lines with times, at least `start`, on the frame grid or between frames.
    struct Burst {
        let start: Double
        let fps: Double
        var lines: [String] = []
        var t: Double
        init(start: Double, fps: Double) { self.start = start; self.fps = fps; t = start }

        mutating func add(_ command: String, at time: Double) {
            // Times are written rounded up to 0.1 ms, so no command lands before `start`.
            let written = (max(time, start) * 10_000).rounded(.up) / 10_000
            lines.append("\(String(format: "%.4f", written)) \(command)")
        }
        mutating func add(_ command: String) { add(command, at: t) }
        mutating func wait(frames: Double) { t += frames / fps }
        mutating func wait(seconds: Double) { t += seconds }

        static func number(_ v: Double) -> String {
            let r = (v * 100).rounded() / 100
            return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
        }
    }

    /// Which pointers are down (mouse id 0, fingers ≥ 1).
    struct HeldPointers {
        var mouse = false
        var fingers: Set<Int> = []
        mutating func releaseAll(into b: inout Burst, at time: Double, rng: inout FuzzRNG) {
            if mouse { b.add("up \(Burst.number(rng.uniform(0, 400))) \(Burst.number(rng.uniform(0, 800)))", at: time); mouse = false }
            for id in fingers.sorted() { b.add("finger up \(id) 10 10", at: time) }
            fingers = []
        }
    }

    private mutating func coordinate(_ p: Point) -> String {
        "\(Burst.number(p.x)) \(Burst.number(p.y))"
    }

    /// A point worth pressing: anywhere, far away, or on something that matters now.
    private mutating func target(_ app: AppController, at t: Double) -> Point {
        let w = app.windowSize.width, h = app.windowSize.height
        let roll = rng.uniform(0, 1)
        if roll < 0.06 {
            let far = InteractionConstants.maxScriptCoordinate
            return Point(rng.uniform(-far, far), rng.uniform(-far, far))
        }
        if roll < 0.12 { return Point(rng.uniform(-200, w + 200), rng.uniform(-200, h + 200)) }
        if roll < 0.25 { return Point(rng.uniform(0, w), rng.uniform(0, h)) }
        // Something on screen that matters in this scene now.
        var candidates: [Point] = [Point(w * (Double(rng.int(0...2)) + 0.5) / 3, h - 25)]   // the tab bar
        let scene = app.scene
        var presenter: SheetPresenter?
        if let s = scene as? RestaurantsScene {
            presenter = s.presenter
            for i in s.list.visibleRows(time: t).prefix(6) { candidates.append(s.list.rowFrame(i, time: t).center) }
        } else if let s = scene as? TwoStageScene {
            presenter = s.presenter
            candidates.append(s.buttonFrame.center)
        } else if let s = scene as? TodayScene {
            for i in s.articles.indices { candidates.append(s.slotFrame(i, time: t).center) }
            if let i = s.cards.index {
                let f = s.cardFrame(i, progress: s.cards.progressValue(at: t), time: t)
                candidates += [f.center, Point(f.midX, f.minY + 30), Point(f.midX, f.minY + rng.uniform(0, max(1, f.height)))]
            }
            candidates.append(Point(w - 16 - CardConstants.closeButtonSize / 2, CardConstants.closeButtonTop + CardConstants.closeButtonSize / 2))
        }
        if let p = presenter, p.isVisible {
            let top = p.sheet.top(at: t)
            // The handle, the content, anywhere on it, the dim (a visible sheet gets most presses).
            candidates = [Point(w / 2, top + 8), Point(w / 2, top + 8), Point(w / 2, top + 60),
                          Point(w / 2, top + rng.uniform(0, max(1, h - top))), Point(w / 2, top / 2), candidates[0]]
        }
        let p = rng.pick(candidates)
        let far = InteractionConstants.maxScriptCoordinate
        return Point(max(-far, min(far, p.x + rng.uniform(-3, 3))), max(-far, min(far, p.y + rng.uniform(-3, 3))))
    }

    private mutating func resizeCommand() -> String {
        let s = rng.chance(0.7) ? rng.pick(Self.sizes) : Size(Double(rng.int(1...2000)), Double(rng.int(1...2000)))
        return "resize \(Int(s.width)) \(Int(s.height))"
    }

    /// Something that may happen in the middle of a drag.
    private mutating func interruption(_ b: inout Burst, held: inout HeldPointers, app: AppController) {
        switch rng.int(0...5) {
        case 0: b.add("key \(rng.pick(Self.keys))")
        case 1: for _ in 0..<rng.int(1...6) { b.add("wheel \(Burst.number(rng.uniform(-8, 8)))"); b.wait(seconds: rng.uniform(0, 0.01)) }
        case 2: b.add(resizeCommand())
        case 3: b.add("blur")
        case 4:
            // A second finger: ignored while another pointer drives.
            let id = rng.int(2...5)
            let p = target(app, at: b.t)
            if held.fingers.contains(id) { b.add("finger up \(id) \(coordinate(p))"); held.fingers.remove(id) } else {
                b.add("finger down \(id) \(coordinate(p))"); held.fingers.insert(id)
            }
        default: b.add("text \(randomText())")
        }
    }

    /// Text to type: mostly a few characters, sometimes a paste of thousands (past a field's
    /// 10,000-character limit one time in ten).
    private mutating func randomText() -> String {
        let pieces = rng.chance(0.8) ? rng.int(1...4) : rng.chance(0.5) ? rng.int(100...1500) : rng.int(1500...4000)
        var text = ""
        for _ in 0..<pieces { text += rng.pick(Self.textPieces) }
        // A script line's text starts at its first non-space character.
        return text.first == " " ? "x" + text : text
    }

    private mutating func generate(into b: inout Burst, app: AppController, held: inout HeldPointers) {
        let t = b.start
        switch rng.int(0...11) {
        case 0...1:
            b.add("tap \(coordinate(target(app, at: t)))")
        case 2...6:
            dragOrFlick(&b, app: app, held: &held)
        case 7:
            for _ in 0..<rng.int(1...25) {
                let dy = rng.chance(0.1) ? rng.uniform(-500, 500) : rng.uniform(-3, 3)
                b.add(rng.chance(0.5) ? "wheel \(Burst.number(dy))" : "wheel \(Burst.number(dy)) \(coordinate(target(app, at: b.t)))")
                b.wait(seconds: rng.chance(0.5) ? 0 : rng.uniform(0, 0.03))
            }
        case 8:
            for _ in 0..<rng.int(1...3) { b.add("key \(rng.pick(Self.keys))"); b.wait(frames: Double(rng.int(0...10))) }
        case 9:
            b.add(resizeCommand())
        case 10:
            if rng.chance(0.5) { b.add("blur") } else { b.add("text \(randomText())") }
        default:
            // A press held across a pause, or released elsewhere (a pointer that left).
            let id = rng.chance(0.5) ? 0 : rng.int(1...3)
            let p = target(app, at: t)
            if id == 0 {
                if held.mouse { b.add("up \(coordinate(p))"); held.mouse = false } else { b.add("down \(coordinate(p))"); held.mouse = true }
            } else if held.fingers.contains(id) {
                b.add("finger up \(id) \(coordinate(p))"); held.fingers.remove(id)
            } else {
                b.add("finger down \(id) \(coordinate(p))"); held.fingers.insert(id)
            }
        }
    }

    /// A press, a run of moves (slow, fast, or absurd), maybe interruptions, maybe a release.
    private mutating func dragOrFlick(_ b: inout Burst, app: AppController, held: inout HeldPointers) {
        let finger = rng.chance(0.4) ? rng.int(1...3) : 0
        let start = target(app, at: b.t)
        func verb(_ phase: String) -> String { finger == 0 ? phase : "finger \(phase) \(finger)" }
        if finger == 0 { held.mouse = true } else { held.fingers.insert(finger) }
        b.add("\(verb("down")) \(coordinate(start))")
        var p = start
        let steps = rng.int(1...40)
        let style = rng.int(0...9)
        // Mostly vertical (sheets, lists, cards), pt per frame.
        let speed: Double = switch style {
        case 0...3: rng.uniform(0, 15)
        case 4...6: rng.uniform(15, 120)
        case 7...8: rng.uniform(120, 3000)
        default: rng.uniform(3000, 200_000)
        }
        let direction = rng.chance(0.5) ? 1.0 : -1.0
        // Some drags go out and come back (past a limit and back under the finger).
        let turnAt = rng.chance(0.3) ? steps / 2 : steps
        let far = InteractionConstants.maxScriptCoordinate
        for k in 0..<steps {
            // Irregular event spacing: on frames, between them, or two at one instant.
            b.wait(seconds: rng.chance(0.7) ? 1 / b.fps : rng.uniform(0, 0.05))
            let turn = (rng.chance(0.1) ? -1.0 : 1.0) * (k >= turnAt ? -1 : 1)
            p = Point(max(-far, min(far, p.x + rng.uniform(-0.2, 0.2) * speed)),
                      max(-far, min(far, p.y + direction * turn * speed * rng.uniform(0.5, 1.5))))
            b.add("\(verb("move")) \(coordinate(p))")
            if rng.chance(0.06) { interruption(&b, held: &held, app: app) }
            if k == steps / 2, rng.chance(0.05) { b.add(resizeCommand()) }
        }
        if rng.chance(0.85) {
            b.wait(seconds: rng.chance(0.8) ? 1 / b.fps : rng.uniform(0, 0.2))
            b.add("\(verb("up")) \(coordinate(p))")
            if finger == 0 { held.mouse = false } else { held.fingers.remove(finger) }
        }
    }

    // MARK: Minimising

    /// The shortest sublist of `lines` found (delta debugging) that still fails the same way.
    static func minimise(_ lines: [String], config: FuzzConfig, kind: String, budget: Int = 300) -> [String] {
        var current = lines
        var n = 2
        var tries = 0
        while current.count >= 2, tries < budget {
            let chunk = Int((Double(current.count) / Double(n)).rounded(.up))
            var reduced = false
            var start = 0
            while start < current.count, tries < budget {
                var candidate = current
                candidate.removeSubrange(start..<min(current.count, start + chunk))
                tries += 1
                if let f = replay(candidate, config: config), f.kind == kind {
                    current = candidate
                    n = max(n - 1, 2)
                    reduced = true
                    break
                }
                start += chunk
            }
            if !reduced {
                if n >= current.count { break }
                n = min(current.count, n * 2)
            }
        }
        return current
    }

    /// A failing sequence as a script file: header, what failed, the minimised lines.
    static func report(seed: UInt64?, config: FuzzConfig, failure: FuzzFailure, lines: [String]) -> String {
        let end = lines.compactMap { $0.split(separator: " ").first.flatMap { Double($0) } }.max() ?? 0
        let tail = ["# the check: focus lost, then everything comes to rest", "\(String(format: "%.4f", end + 0.0001)) blur"]
        return (config.header(seed: seed) + ["# failed: \(failure)"] + lines + tail).joined(separator: "\n") + "\n"
    }
}
