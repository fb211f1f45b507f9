// ReplayRecording: a recording file read back for `fling replay` (its script and header, with
// size checks), and `ReplaySetting`, one policy-plus-tuning to replay it under.
import FlingCore
import FlingUI
import FoundationEssentials
import Glibc

/// A recording read back for `fling replay`: its script and the header's run setup.
/// A plain script (no header) replays too, with the app's defaults.
struct Recording {
    var path: String
    var script: Script
    var scene: SceneID = .restaurants
    var size = LayoutMetrics.defaultWindowSize
    var scale = 1.0
    var policy: SheetPolicyKind?
    var tune = ""
    var date: CalendarDay?
    /// The language the session was in (nil: English).
    var language: String?
    /// The on-screen keyboard as it was (nil: auto): "on", "off" or "auto-kiosk".
    var keyboard: String?
    /// The detents a fluid sheet rested on (nil: medium,large).
    var detents: [SheetDetentSpec]?
    /// `--background-interaction` as recorded (its line follows `# detents:`).
    var backgroundInteraction: SheetBackgroundInteraction?
    /// `# sheet:`: the sheets' refused dismissal and hidden grabber.
    var interactiveDismiss = true, dragIndicatorVisible = true
    /// `--card-style` as recorded (expand when the line is absent).
    var cardStyle = CardStyle.expand
    var fps = 60.0
    var rotation: Rotation = .none
    var idleReset: Double?
    var kiosk = false
    var slow: Double?
    var instrument: Set<String> = []
    /// What the header had that this Fling does not read (said by the replay, not hidden).
    var warnings: [String] = []
    /// The kiosk's locks (nil: the recording predates them; the replay works them out).
    var instrumentKeys: Bool?
    /// A study session's recording: who, from which trial, which study file.
    var study: (participant: String, resumeAt: Int, file: String)?
    var exitCorner: Bool?

    struct LoadError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// When the recording ends: its `quit`, else its last input (a plain script's last
    /// `drag` or `tap` ends after its own start, with its release).
    var endTime: Double {
        max(script.commands.last?.time ?? 0, script.expanded(fps: fps).map(\.time).max() ?? 0)
    }

    /// The recording format this Fling writes (`# fling recording 2`: format 1 and
    /// `paste`); it reads 1 and 2.
    static let format = 2

    static func load(_ path: String) throws(LoadError) -> Recording {
        let data: Data
        switch readUserFile(path) {
        case .success(let d): data = d
        case .failure(let e): throw LoadError(message: "\(path): recording \(e.reason)")
        }
        // Checked before decoding, with its line, as a script is: String(decoding:) put U+FFFD
        // for a bad byte and the replay typed it. A last line cut inside a character (a crash
        // mid-write) is left out as a cut line is (below).
        var text: String
        var cut: Int?
        if let valid = String(validating: data, as: UTF8.self) { text = valid } else {
            let bytes = [UInt8](data)
            let (offset, line, column) = firstInvalidUTF8(bytes)
            let end = bytes[..<offset].lastIndex(of: 0x0A)
            // Cut only if the bad bytes are the start of a character the end of the file cut.
            let tail = bytes[offset...]
            let lead = bytes[offset], need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            let cutCharacter = lead >= 0xC2 && lead <= 0xF4 && tail.count < need && tail.dropFirst().allSatisfy { $0 & 0xC0 == 0x80 }
            guard cutCharacter, let whole = String(validating: bytes[..<((end ?? -1) + 1)], as: UTF8.self) else {
                throw LoadError(message: "\(path):\(line): not UTF-8 text (byte \(offset), column \(column), starts no UTF-8 character); recordings are UTF-8")
            }
            text = whole
            cut = line
        }
        let script: Script
        do { script = try Script.parse(text, file: path, maxTime: InteractionConstants.maxRecordingTime) } catch {
            // A recording cut mid-line (a crash, a full disk) keeps every whole line before it:
            // an unended last line that does not parse is left out, and said.
            let lastLine = text.split(separator: "\n", omittingEmptySubsequences: false).count
            guard !text.hasSuffix("\n"), error.line == lastLine, let end = text.lastIndex(of: "\n") else {
                throw LoadError(message: error.description)
            }
            text = String(text[...end])
            do { script = try Script.parse(text, file: path, maxTime: InteractionConstants.maxRecordingTime) } catch {
                throw LoadError(message: error.description)
            }
            cut = lastLine
        }
        var r = Recording(path: path, script: script)
        if let cut { r.warnings.append("\(path):\(cut): the recording is cut here (its last line has no end and does not read); the lines before it are replayed") }
        try r.readHeader(text)
        try r.checkPixelSizes()
        return r
    }

    /// Line of the `# size:` header (0: none), for messages.
    private var sizeLine = 0

    /// Every window the replay would make fits what the display can draw (before, a header's
    /// `# scale: 4` with `# size: 16384x16384`, or `resize 16000 16000` at scale 2, reached
    /// SDL and crashed after gigabytes): the header's size as `--size` takes it, and each
    /// `resize` within the pixel limits at the header's scale, as a script's are.
    func checkPixelSizes() throws(LoadError) {
        if let problem = InteractionConstants.pixelSizeProblem(size, scale: scale) {
            throw LoadError(message: "\(path):\(sizeLine): size: \(problem)")
        }
        for c in script.commands {
            if case .resize(let s) = c.action, let problem = InteractionConstants.pixelSizeProblem(s, scale: scale) {
                throw LoadError(message: "\(path):\(c.line): resize: \(problem)")
            }
        }
    }

    /// The `# name: value` lines before the first command.
    mutating func readHeader(_ text: String) throws(LoadError) {
        // (CRLF is one Character in Swift: splitting on "\n" alone kept a Windows file's
        // header as one line, and it was lost whole.)
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (i, raw) in lines.enumerated() {
            let line = raw.trimmingWhitespace()
            if line.isEmpty { continue }
            guard line.hasPrefix("#") else { break }   // the header ends at the first command
            let body = line.dropFirst().trimmingWhitespace()
            if body.hasPrefix("fling recording "), let format = Int(body.dropFirst(16)), !(1...Self.format).contains(format) {
                warnings.append("\(path):\(i + 1): recording format \(format); this Fling reads format \(Self.format): replayed as it reads, it may differ")
            }
            guard let colon = body.firstIndex(of: ":") else { continue }
            let name = body[..<colon].trimmingWhitespace()
            let value = body[body.index(after: colon)...].trimmingWhitespace()
            func fail(_ m: String) -> LoadError { LoadError(message: "\(path):\(i + 1): \(name): \(m)") }
            do {
                switch name {
                case "scene": scene = try Parse.scene(value)
                case "size":
                    let parts = value.lowercased().split(separator: "x")
                    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]) else {
                        throw fail("'\(value)' is not WxH")
                    }
                    // A window's real size (a framebuffer's at a large scale can be under --size's
                    // 320x480 pt): 16…16384 pt a side, and within the pixel limits (below).
                    guard (16...16384).contains(w), (16...16384).contains(h) else {
                        throw fail("\(value) pt is outside 16…16384 a side")
                    }
                    size = Size(w, h)
                    sizeLine = i + 1
                case "scale": scale = try Parse.scale(value, "scale")
                case "policy": policy = value == "default" ? nil : try Parse.sheetPolicy(value)
                case "tune":
                    do { _ = try Tuning.parse(value) } catch { throw fail(error.message) }
                    tune = value
                case "date": date = try Parse.date(value)
                case "language": language = try Parse.language(value)
                case "sheet":
                    for item in value.split(separator: ",").map({ $0.trimmingWhitespace() }) {
                        switch item {
                        case "interactive-dismiss=disabled": interactiveDismiss = false
                        case "drag-indicator=hidden": dragIndicatorVisible = false
                        default: throw fail("'\(item)' is not interactive-dismiss=disabled or drag-indicator=hidden")
                        }
                    }
                case "background-interaction":
                    do { backgroundInteraction = try SheetBackgroundInteraction.parse(value, detents: detents ?? SheetDetentSpec.standard) } catch {
                        throw fail(error.message)
                    }
                case "card-style":
                    switch CardStyle.parse(value) {
                    case .success(let style): cardStyle = style
                    case .failure(let error): throw fail(error.message)
                    }
                case "detents":
                    do { detents = try SheetDetentSpec.parse(value) } catch { throw fail(error.message) }
                case "keyboard":
                    guard ["on", "off", "auto", "auto-kiosk"].contains(value) else { throw fail("'\(value)' is not on, off, auto or auto-kiosk") }
                    keyboard = value
                case "fps": fps = try Parse.number(value, "fps", in: 1...1000)
                case "rotate": rotation = try KioskOptions.parseRotation(value)
                case "idle-reset": idleReset = try Parse.number(value, "idle-reset", in: 0...86_400)
                case "kiosk": kiosk = value == "true"
                case "slow": slow = try Parse.number(value, "slow", in: InstrumentConstants.slowRange)
                case "instrument": instrument = Set(value.split(separator: ",").map { $0.trimmingWhitespace() })
                case "instrument-keys": instrumentKeys = value == "true"
                case "exit-gesture":
                    guard value == "corner" || value == "none" else { throw fail("'\(value)' is not corner or none") }
                    exitCorner = value == "corner"
                case "study":
                    let parts = value.split(separator: " ", maxSplits: 2).map(String.init)
                    guard parts.count == 3, let resume = Int(parts[1]), resume >= 0 else { throw fail("'\(value)' is not PARTICIPANT RESUME-AT FILE") }
                    study = (parts[0], resume, parts[2])
                case "version", "recorded": continue
                default:
                    // Notes are sentences; a single word before the colon is a header key
                    // this Fling does not know (a newer recorder, or a typo): said, not hidden.
                    if name.allSatisfy({ $0.isLetter || $0 == "-" }) {
                        warnings.append("\(path):\(i + 1): unknown header '\(name)' ignored")
                    }
                    continue
                }
            } catch let e as LoadError {
                throw e
            } catch let e as UsageError {
                throw fail(e.message)
            } catch {
                throw fail("\(error)")
            }
        }
    }
}

/// One way to replay a recording: a sheet policy and a tuning, as given on the command line
/// ("fluid", "tutorial+dismiss.ratio=8", "fluid+sheet.response=0.6,sheet.damping=0.7").
struct ReplaySetting: Equatable {
    var policy: SheetPolicyKind?
    var tune: String
    /// The setting as `--compare` was given it ("fluid+dismiss.ratio=8"); nil for a replay's
    /// own setting (`--policy`, `--tune`).
    var given: String?
    /// The name frames, the differences and the metrics' "setting" give it: as given.
    var label: String {
        if let given { return given }
        let p = policy?.rawValue ?? "default"
        return tune.isEmpty ? p : "\(p) \(tune)"
    }

    /// This setting's keys over `base` (the recording's tuning).
    func tuning(over base: String) -> Tuning {
        let start = (try? Tuning.parse(base)) ?? .standard   // both checked when parsed
        return (try? Tuning.parse(tune, over: start)) ?? start
    }

    /// "policy[+key=value[+key=value…]]"; keys after a comma continue the setting before.
    static func parseList(_ text: String) throws(UsageError) -> [ReplaySetting] {
        var out: [ReplaySetting] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: true).map(String.init) {
            let parts = item.split(separator: "+").map(String.init)
            if let first = parts.first, first.contains("="), !out.isEmpty {
                // A key=value after a comma: more tuning for the setting before.
                let extra = try checkedTune(parts.joined(separator: ","))
                out[out.count - 1].tune = [out[out.count - 1].tune, extra].filter { !$0.isEmpty }.joined(separator: ",")
                out[out.count - 1].given = (out[out.count - 1].given ?? "") + "," + item
                continue
            }
            guard let name = parts.first, let policy = SheetPolicyKind(rawValue: name) else {
                throw UsageError(message: "--compare: '\(item)' does not start with a policy (fluid, tutorial, two-stage)")
            }
            out.append(ReplaySetting(policy: policy, tune: try checkedTune(parts.dropFirst().joined(separator: ",")), given: item))
        }
        guard (2...3).contains(out.count) else {
            throw UsageError(message: "--compare takes two or three settings, e.g. fluid,tutorial (got \(out.count))")
        }
        return out
    }

    static func checkedTune(_ text: String) throws(UsageError) -> String {
        do { return try Tuning.parse(text).optionValue } catch { throw UsageError(message: "--tune: \(error.message)") }
    }
}
