// Recorder: `--record FILE`: every user input written as it happens as a replayable script,
// with a header describing the run so `fling replay` can set it up again.
import FlingCore
import FlingSDL
import FoundationEssentials
import Glibc

/// `--record FILE`: everything the user did, written as a script as it happens.
///
/// The file is a script `fling --headless --script` and `fling replay` read: comment lines
/// first (the header: what the replay needs to set the same run up again), then one command
/// per input with the time the event was stamped with (SDL's, on the app clock). Events are
/// written in panel coordinates before the touch filter, so a replay goes through the same
/// filter, rotation and app code. Each line is flushed as it is written: a crash keeps
/// everything up to it. A clean end writes `quit` at the session's last time, so a replay
/// ends where the session did.
@MainActor
final class SessionRecorder {
    let path: String
    private var file: OutputFile?
    private var lastTime = 0.0

    /// What a replay sets up before the first input (written as `# name: value` lines).
    struct Header: Equatable {
        var scene: String
        var size: Size
        var scale: Double
        var policy: String?
        var tune: String
        var date: String
        var fps: Double
        var rotate: Int = 0
        var idleReset: Double?
        var kiosk = false
        /// The instrument at launch (`--slow`, `--overlay`, `--show-touches`, `--tuning-panel`):
        /// the replay's frames show what the tester saw; F-key toggles are recorded as keys.
        var slow: Double?
        var instrument: [String] = []
        /// The kiosk's locks as they were: whether F2–F5 answered, whether the
        /// corner press left. A replay honours them, so a visitor's F5 that did nothing then
        /// does nothing in the replay.
        var instrumentKeys = true
        var exitCorner = true
        /// A study session's recording: "PARTICIPANT RESUME-AT PATH", so a replay
        /// runs the same session (its start states and conditions are not inputs).
        var study: String?
        /// The UI's language (its catalogue's name, "en" or "pseudo"): a replay speaks it too.
        var language = "en"
        /// The on-screen keyboard's mode when not auto ("on", "off"), or "auto-kiosk" for a
        /// kiosk without a physical keyboard: a replay brings the same keyboard up, so the
        /// touches recorded on its keys type the same letters (pinyin's words included).
        var keyboard: String?
        /// `--detents` as given (nil: medium,large).
        var detents: String?
        /// `--background-interaction` when not disabled.
        var backgroundInteraction: String?
        /// `--card-style` when not expand.
        var cardStyle: String?
        /// "interactive-dismiss=disabled,drag-indicator=hidden" (empty: neither).
        var sheetOptions = ""
        var version = FlingVersion.string

        var lines: [String] {
            var out = [
                "# fling recording \(Recording.format)",
                "# scene: \(scene)",
                "# size: \(ScriptNumber.text(size.width))x\(ScriptNumber.text(size.height))",
                "# scale: \(ScriptNumber.text(scale))",
                "# policy: \(policy ?? "default")",
                "# tune: \(tune)",
                "# date: \(date)",
                "# fps: \(ScriptNumber.text(fps))",
                "# rotate: \(rotate)",
            ]
            if let idleReset { out.append("# idle-reset: \(ScriptNumber.text(idleReset))") }
            if kiosk { out.append("# kiosk: true") }
            if let slow { out.append("# slow: \(ScriptNumber.text(slow))") }
            if !instrument.isEmpty { out.append("# instrument: \(instrument.joined(separator: ","))") }
            if kiosk {
                out.append("# instrument-keys: \(instrumentKeys)")
                out.append("# exit-gesture: \(exitCorner ? "corner" : "none")")
            }
            if let study { out.append("# study: \(study)") }
            if language != "en" { out.append("# language: \(language)") }
            if let keyboard { out.append("# keyboard: \(keyboard)") }
            if let detents { out.append("# detents: \(detents)") }
            if let backgroundInteraction { out.append("# background-interaction: \(backgroundInteraction)") }
            if !sheetOptions.isEmpty { out.append("# sheet: \(sheetOptions)") }
            if let cardStyle { out.append("# card-style: \(cardStyle)") }
            out.append("# version: \(version)")
            return out
        }
    }

    /// What a paste would insert now (the app's clipboard), for recording Ctrl+V as its text.
    var clipboard: (() -> String?)?

    /// Opens `path` for writing and writes the header; throws a message naming the file.
    init(path: String, header: Header, recordedAt: String) throws(RunFailure) {
        self.path = path
        // Locked, then emptied: a second Fling recording to the same file is refused instead
        // of both overwriting each other. A pipe or a FIFO is a fine target too.
        file = try OutputFile(path: path, mode: .truncate, what: "the recording", lock: true, busy: "another Fling is recording to it")
        for line in header.lines { write(line) }
        write("# recorded: \(recordedAt)")
        write("# times in s since the start, coordinates in panel pt; replay with: fling replay \(path)")
    }

    /// One input as the user gave it (`time`: the event's own stamp).
    func record(_ e: InputEvent) {
        switch e {
        case .pointer(let p):
            let xy = "\(ScriptNumber.text(p.location.x)) \(ScriptNumber.text(p.location.y))"
            let verb: String
            switch p.phase {
            case .began: verb = "down"
            case .moved: verb = "move"
            case .ended, .cancelled: verb = "up"   // a cancel reaches scripts as a release
            }
            if p.id == 0 {
                line(p.time, "\(verb) \(xy)")
            } else {
                line(p.time, "finger \(verb) \(p.id) \(xy)")
            }
        case let .wheel(dy, location, time):
            line(time, "wheel \(ScriptNumber.text(dy)) \(ScriptNumber.text(location.x)) \(ScriptNumber.text(location.y))")
        case let .key(key, time):
            // A paste is recorded with the text that arrived on the clipboard (text pasted
            // from another app was once not in the recording), as `paste`, which
            // replays as Ctrl+V with that text on the clipboard, so the replay takes the
            // session's path; and a clipboard with no text is recorded too (as `key ctrl+V`, the
            // replay pasted what it had copied itself, where the session pasted nothing).
            if key == Key.paste, let clipboard {
                // Only what a field can take, and one character more (the paste stops at the
                // field's limit, and says so): a 20 MB clipboard was walked and written whole.
                let pasted = clipboard().map { String(TextEditing.pasted($0).prefix(InteractionConstants.maxFieldCharacters + 1)) } ?? ""
                line(time, pasted.isEmpty ? "paste" : "paste \(pasted)")
                return
            }
            // A key name the script cannot carry ("+") is kept as a comment.
            if Key(spec: key.description) == key {
                line(time, "key \(key.description)")
            } else {
                write("# \(ScriptNumber.text(time)) key \(key.description) (not replayable)")
            }
        case let .text(s, time):
            let clean = Self.oneLine(s)
            if !clean.isEmpty { line(time, "text \(clean)") }
        case let .composition(s, time):
            line(time, "compose \(Self.oneLine(s))")
        case let .resize(size, time):
            line(time, "resize \(ScriptNumber.text(size.width)) \(ScriptNumber.text(size.height))")
        case let .middleClick(location, text, time):
            // The pasted selection goes with the click: a replay has another PRIMARY selection.
            let xy = "\(ScriptNumber.text(location.x)) \(ScriptNumber.text(location.y))"
            let pasted = text.map { String(TextEditing.pasted($0).prefix(InteractionConstants.maxFieldCharacters + 1)) } ?? ""
            line(time, pasted.isEmpty ? "middle \(xy)" : "middle \(xy) \(pasted)")
        case .focusLost(let time):
            line(time, "blur")
        case .quit:
            break   // the session's end: `finish` writes it with the time
        }
    }

    /// The session ended at `time`: `quit` then, and the file closed.
    func finish(at time: Double) {
        guard file != nil else { return }
        line(max(time, lastTime), "quit")
        close()
    }

    func close() {
        file?.close()
        if failure == nil, let why = file?.failure { failure = why }
        file = nil
    }

    /// Why the recording stopped early (a full disk, /dev/full, a pipe's reader gone): said
    /// once when it happens, and the run ends with status 1.
    private(set) var failure: String?

    private func line(_ time: Double, _ command: String) {
        let t = max(time, 0)
        lastTime = max(lastTime, t)
        write("\(ScriptNumber.text(t)) \(command)")
    }

    private func write(_ s: String) {
        guard let f = file else { return }
        // Each line reaches the kernel at once: a crash keeps everything recorded. A failed
        // write stops the recording (said once, by the file).
        if !f.write(s + "\n") {
            failure = f.failure
            file = nil
        }
    }

    /// Text on one script line (the script is line-based; SDL's text never ends a line).
    static func oneLine(_ s: String) -> String {
        String(s.unicodeScalars.filter { $0 != "\n" && $0 != "\r" && $0 != "\u{0}" }.map(Character.init))
    }
}

/// Numbers as scripts write them: the shortest text that reads back as the same Double, so a
/// headless recording replays at exactly its times.
enum ScriptNumber {
    static func text(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        return "\(v)"
    }
}

extension SessionRecorder.Header {
    /// The header of a run started with `options` on `display` (its actual size and scale).
    @MainActor
    init(_ options: AppOptions, display: FlingSDL.Display, instrumentKeys: Bool, exitCorner: Bool) {
        self.init(scene: options.scene.rawValue, size: display.size, scale: display.scale,
                  policy: options.sheetPolicy?.rawValue, tune: options.tune?.optionValue ?? "", date: Self.dayText(options.date), fps: options.fps,
                  rotate: options.kioskOptions.rotation.degrees, idleReset: options.kioskOptions.effectiveIdleReset,
                  kiosk: options.kioskOptions.kiosk, slow: options.slow,
                  instrument: [options.overlay ? "overlay" : nil, options.showTouches ? "show-touches" : nil,
                               options.tuningPanel ? "tuning-panel" : nil].compactMap { $0 },
                  instrumentKeys: instrumentKeys, exitCorner: exitCorner)
    }

    /// YYYY-MM-DD of `--date`, or of today (local, as the Today scene shows it) when none was given.
    static func dayText(_ day: CalendarDay?) -> String {
        (day ?? CalendarDay.today()).isoText
    }
}
