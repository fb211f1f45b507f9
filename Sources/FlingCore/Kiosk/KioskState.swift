/// The unattended-kiosk state machine: the idle timer, the idle reset, the attract
/// loop and the deliberate ways out. Real input goes in through `input`, the passing of time
/// through `tick`; both answer with what the app must do. Time is the app clock (virtual when
/// headless), never read here.
///
/// - Idle reset: `idleReset` seconds after the last real input, the app resets to home once.
/// - Attract loop: after that reset (and a pause) the attract script plays, in a loop; each run
///   is followed by a reset and a pause. Its coordinates are layout pt (a script recorded on a
///   desktop plays the same on a rotated panel). The first real input stops it at once: the
///   attract's gesture is cancelled, the app resets to home, and that input is swallowed (a
///   press until its release) so the visitor's first touch never lands on a screen that is
///   going away; from then on input is the visitor's.
/// - Ways out: `exitChord` (Ctrl+Q is ignored in kiosk mode) or a long press in the top-left
///   corner.
public struct KioskState: Equatable, Sendable {
    public struct Config: Equatable, Sendable {
        /// Ctrl+Q ignored, the corner long press and the chord quit.
        public var kiosk = false
        /// Seconds without input before the reset; nil = never.
        public var idleReset: Double?
        /// The attract script's input (pointer, wheel, key, text), times from 0; empty = none.
        public var attract: [ScheduledInput] = []
        public var exitChord: Key?
        /// Whether a long press in the top-left corner leaves (`--exit-gesture corner|none`).
        public var exitCorner = true
        public init(kiosk: Bool = false, idleReset: Double? = nil, attract: [ScheduledInput] = [], exitChord: Key? = nil,
                    exitCorner: Bool = true) {
            self.kiosk = kiosk; self.idleReset = idleReset; self.attract = attract; self.exitChord = exitChord
            self.exitCorner = exitCorner
        }
    }

    /// What the app must do.
    public enum Command: Equatable, Sendable {
        /// Handle this input event.
        case pass(InputEvent)
        /// End any gesture and go home (every sheet and card closes with its animation, the
        /// home scene scrolls to the top).
        case resetToHome(time: Double)
        case quit
    }

    public let config: Config
    public private(set) var lastInput: Double
    /// The idle reset happened and no real input came since.
    public private(set) var resetDone = false
    /// When the current attract run started (nil: not playing). A run may start in the future
    /// (the pause after a reset).
    public private(set) var attractRunStart: Double?
    private var attractNext = 0
    /// The reset after the current run is done.
    private var attractRunReset = false
    /// Real pointers swallowed because their press stopped the attract loop.
    public private(set) var swallowed: Set<Int64> = []
    private var cornerPress: PointerEvent?
    /// Idle resets and attract runs so far (for logs and tests).
    public private(set) var resets = 0
    public private(set) var attractRuns = 0

    public init(config: Config, start: Double = 0) {
        self.config = config
        lastInput = start
    }

    public var attractPlaying: Bool { attractRunStart != nil }
    public func idleFor(at now: Double) -> Double { max(0, now - lastInput) }

    /// The length of one attract run: its last input, the reset after it, and the pause.
    private var attractPeriod: Double { (config.attract.last?.time ?? 0) + 2 * KioskConstants.attractLoopGap }

    /// A real input event (from the user, or the --script standing in for one).
    public mutating func input(_ e: InputEvent, now: Double) -> UpToTwo<Command> {
        switch e {
        case .resize, .focusLost, .quit:
            // Not a visitor.
            return UpToTwo(.pass(e))
        case .text(_, let time), .composition(_, let time):
            // Typing is a visitor, also through an input method that sends no key events
            // (IBus, Fcitx on X11): the idle timer restarts and an attract loop stops.
            let out = visitorArrived(time: time)
            return out.isEmpty ? UpToTwo(.pass(e)) : out
        case .key(let key, let time):
            if config.kiosk, let chord = config.exitChord, key == chord { return UpToTwo(.quit) }
            var out = visitorArrived(time: time)
            if !out.isEmpty { return out }   // the key that stops the attract loop is swallowed
            if config.kiosk && key.is(.char("q"), .control) { return UpToTwo() }
            out.append(.pass(e))
            return out
        case .wheel(_, _, let time), .middleClick(_, _, let time):
            let out = visitorArrived(time: time)
            return out.isEmpty ? UpToTwo(.pass(e)) : out
        case .pointer(let p):
            if swallowed.contains(p.id) {
                lastInput = max(lastInput, p.time)
                if p.phase == .ended || p.phase == .cancelled { swallowed.remove(p.id) }
                return UpToTwo()
            }
            trackCorner(p)
            let out = visitorArrived(time: p.time)
            if !out.isEmpty {
                if p.phase == .began || p.phase == .moved { swallowed.insert(p.id) }
                return out
            }
            return UpToTwo(.pass(e))
        }
    }

    /// A screen reader acted for a visitor (an action, a value, text over AT-SPI): a visitor
    /// as a touch is (the idle timer restarts, an attract loop stops).
    public mutating func assistiveInput(time: Double) -> UpToTwo<Command> { visitorArrived(time: time) }

    /// A visitor's input: restarts the idle timer; stops the attract loop (returning the reset).
    private mutating func visitorArrived(time: Double) -> UpToTwo<Command> {
        lastInput = max(lastInput, time)
        resetDone = false
        guard attractRunStart != nil else { return UpToTwo() }
        attractRunStart = nil
        attractNext = 0
        resets += 1
        return UpToTwo(.resetToHome(time: time))
    }

    private mutating func trackCorner(_ p: PointerEvent) {
        guard config.kiosk, config.exitCorner else { return }
        let inCorner = p.location.x <= KioskConstants.exitCornerSize && p.location.y <= KioskConstants.exitCornerSize
        switch p.phase {
        case .began: cornerPress = inCorner ? p : nil
        case .moved: if !inCorner || cornerPress?.id != p.id { cornerPress = nil }
        case .ended, .cancelled: cornerPress = nil
        }
    }

    /// Time passes: the idle reset, the attract input that is due, the corner long press.
    public mutating func tick(now: Double) -> [Command] {
        var out: [Command] = []
        if let c = cornerPress, now - c.time >= KioskConstants.exitPressDuration {
            cornerPress = nil
            return [.quit]
        }
        if let idle = config.idleReset, !resetDone, !attractPlaying, now - lastInput >= idle {
            resetDone = true
            resets += 1
            out.append(.resetToHome(time: lastInput + idle))
            if !config.attract.isEmpty { startRun(at: lastInput + idle + KioskConstants.attractLoopGap) }
        }
        while let start = attractRunStart {
            if attractNext < config.attract.count {
                let input = config.attract[attractNext]
                guard start + input.time <= now + 1e-9 else { break }
                attractNext += 1
                if let e = Self.event(input, at: start + input.time) { out.append(.pass(e)) }
                continue
            }
            let resetAt = start + (config.attract.last?.time ?? 0) + KioskConstants.attractLoopGap
            if !attractRunReset {
                guard resetAt <= now + 1e-9 else { break }
                attractRunReset = true
                resets += 1
                out.append(.resetToHome(time: resetAt))
                continue
            }
            guard start + attractPeriod <= now + 1e-9 else { break }
            startRun(at: start + attractPeriod)
        }
        return out
    }

    private mutating func startRun(at t: Double) {
        attractRunStart = t
        attractNext = 0
        attractRunReset = false
        attractRuns += 1
    }

    /// The next time `tick` has something to do (loops that sleep or jump use it).
    public func nextDeadline() -> Double? {
        // The earliest of what is pending (a fold, not an array: this runs on every loop pass).
        var earliest: Double?
        func consider(_ t: Double) { earliest = min(earliest ?? t, t) }
        if let c = cornerPress { consider(c.time + KioskConstants.exitPressDuration) }
        if let idle = config.idleReset, !resetDone, !attractPlaying { consider(lastInput + idle) }
        if let start = attractRunStart {
            if attractNext < config.attract.count {
                consider(start + config.attract[attractNext].time)
            } else if !attractRunReset {
                consider(start + (config.attract.last?.time ?? 0) + KioskConstants.attractLoopGap)
            } else {
                consider(start + attractPeriod)
            }
        }
        return earliest
    }

    /// An attract script's input as an app event (probes and window commands are not played).
    static func event(_ input: ScheduledInput, at t: Double) -> InputEvent? {
        switch input.kind {
        case let .pointer(phase, id, p): return .pointer(PointerEvent(id: id, phase: phase, location: p, time: t))
        case .action(.wheel(let dy, let at)): return at.map { .wheel(dy: dy, location: $0, time: t) }
        case .action(.key(let k)): return .key(k, time: t)
        case .action(.text(let s)): return .text(s, time: t)
        case .action(.composition(let s)): return .composition(s, time: t)
        case .action: return nil
        }
    }

    /// The input of an attract script: its pointer, wheel (with a point), key, text and
    /// composition commands.
    public static func attractInputs(_ script: Script, fps: Double) -> [ScheduledInput] {
        script.expanded(fps: fps).filter { Self.event($0, at: 0) != nil }
    }
}
