/// A headless run's script: timed input and probes.
///
///     # comment
///     0.5  down X Y        | move X Y | up X Y   (X or Y may be N%: of the window's width or
///                                                height at the start, as in 50% 40%)
///     1.0  tap X Y         down at t, up at t + 0.05 s
///     1.5  drag X1 Y1 X2 Y2 D
///     2.0  wheel DY [X Y]
///     2.1  key NAME        (ctrl+Q, shift+Tab …)
///     2.2  text STRING     (the rest of the line)
///     2.3  resize W H
///     2.4  shot PATH       | state PATH
///     2.6  finger down|move|up ID X Y   a touch finger (ID ≥ 1)
///     2.65 middle X Y [TEXT]  a middle click: pastes TEXT (the PRIMARY selection; without
///                      it, the app's own last selection) into the text field there
///     2.7  blur            the window loses focus
///     2.8  stall MS        no frame for MS ms; input in it arrives together after
///     9.0  quit
public struct Script: Equatable, Sendable {
    public struct Command: Equatable, Sendable {
        public var time: Double
        /// 1-based line in the file.
        public var line: Int
        public var action: Action
        public init(time: Double, line: Int, action: Action) { self.time = time; self.line = line; self.action = action }
    }

    public enum Action: Equatable, Sendable {
        case down(Point), move(Point), up(Point)
        case tap(Point)
        case drag(from: Point, to: Point, duration: Double)
        case wheel(dy: Double, at: Point?)
        case key(Key)
        case text(String)
        /// An input method's composition (marked text); "" ends it.
        case composition(String)
        case resize(Size)
        case shot(String)
        case state(String)
        case finger(phase: PointerEvent.Phase, id: Int64, at: Point)
        case blur
        /// A middle click at a point, with the PRIMARY selection it pastes (nil: the app's own).
        case middle(Point, text: String?)
        /// A clipboard paste (Ctrl+V) with this text on the clipboard (nil: the clipboard held no
        /// text), as a recording writes it: the text that arrived from another app.
        case paste(String?)
        /// The loop runs no frame for this long (s, from the command's time): input in it keeps
        /// its own time and arrives together when the loop wakes, as on a stalled kiosk.
        case stall(Double)
        case quit
    }

    /// Commands in order of time (ties keep file order).
    public var commands: [Command]

    public init(commands: [Command]) { self.commands = commands }

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var message: String
        public var description: String { "\(file):\(line): \(message)" }
    }

    /// `maxTime`: the latest time a line may have (an hour for hand-written scripts; a kiosk's
    /// recording runs for days, `InteractionConstants.maxRecordingTime`).
    /// `window`: the layout size percent coordinates (`tap 50% 40%`) are of; nil refuses them.
    public static func parse(_ text: String, file: String,
                             maxTime: Double = InteractionConstants.maxScriptTime, window: Size? = nil) throws(ParseError) -> Script {
        var commands: [Command] = []
        // Lines split on the scalar "\n": as Characters, "\r\n" is one grapheme that is not
        // "\n", so a CRLF file would read as a single line. CRLF reads as LF.
        for (i, rawLine) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNo = i + 1
            func fail(_ m: String) -> ParseError { ParseError(file: file, line: lineNo, message: m) }
            var scalars = rawLine
            if scalars.last == "\r" { scalars = scalars.dropLast() }
            if scalars.contains("\u{0}") { throw fail("a NUL byte in the line: a script is text (was a binary file given?)") }
            let line = Substring(String(String.UnicodeScalarView(scalars)))
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let fields = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let time = Double(fields[0]), time.isFinite else {
                throw fail("'\(fields[0])' is not a time in seconds")
            }
            guard time >= 0 else { throw fail("time \(fields[0]) is negative") }
            guard time <= maxTime else {
                throw fail("time \(fields[0]) is past \(Int(maxTime)) s\(maxTime == InteractionConstants.maxScriptTime ? " (an hour)" : "")")
            }
            guard fields.count >= 2 else { throw fail("a command is missing after the time") }
            let verb = fields[1]
            let args = Array(fields.dropFirst(2))
            func numbers(_ n: Int, _ usage: String, from given: ArraySlice<String>? = nil) throws(ParseError) -> [Double] {
                let args = given.map(Array.init) ?? args
                guard args.count == n else { throw fail("'\(verb)' takes \(usage)") }
                var out: [Double] = []
                for a in args {
                    guard let v = Double(a), v.isFinite else { throw fail("'\(a)' is not a number (\(verb) takes \(usage))") }
                    guard abs(v) <= InteractionConstants.maxScriptCoordinate else {
                        throw fail("'\(a)' is out of range (at most ±\(Int(InteractionConstants.maxScriptCoordinate)))")
                    }
                    out.append(v)
                }
                return out
            }
            /// A coordinate: pt, or N% of the window's extent on its axis.
            func coordinate(_ a: String, extent: Double?, _ usage: String) throws(ParseError) -> Double {
                guard a.hasSuffix("%") else {
                    guard let v = Double(a), v.isFinite else { throw fail("'\(a)' is not a number (\(verb) takes \(usage))") }
                    guard abs(v) <= InteractionConstants.maxScriptCoordinate else {
                        throw fail("'\(a)' is out of range (at most ±\(Int(InteractionConstants.maxScriptCoordinate)))")
                    }
                    return v
                }
                guard let p = Double(a.dropLast()), p.isFinite, abs(p) <= 1000 else {
                    throw fail("'\(a)' is not a percentage of the window (\(verb) takes \(usage))")
                }
                guard let extent else { throw fail("'\(a)': percent coordinates need a window (a script or attract file given to the app)") }
                return p / 100 * extent
            }
            func point(_ x: String, _ y: String, _ usage: String) throws(ParseError) -> Point {
                Point(try coordinate(x, extent: window?.width, usage), try coordinate(y, extent: window?.height, usage))
            }
            func path() throws(ParseError) -> String {
                guard args.count == 1 else { throw fail("'\(verb)' takes one PATH") }
                return args[0]
            }
            let action: Action
            switch verb {
            case "down", "move", "up", "tap":
                guard args.count == 2 else { throw fail("'\(verb)' takes X Y") }
                let p = try point(args[0], args[1], "X Y")
                action = verb == "down" ? .down(p) : verb == "move" ? .move(p) : verb == "up" ? .up(p) : .tap(p)
            case "drag":
                guard args.count == 5 else { throw fail("'drag' takes X1 Y1 X2 Y2 D") }
                let from = try point(args[0], args[1], "X1 Y1 X2 Y2 D"), to = try point(args[2], args[3], "X1 Y1 X2 Y2 D")
                guard let d = Double(args[4]), d.isFinite else { throw fail("'\(args[4])' is not a number (drag takes X1 Y1 X2 Y2 D)") }
                guard d > 0 else { throw fail("the drag duration D must be positive") }
                guard d <= InteractionConstants.maxScriptTime else { throw fail("the drag duration D is longer than an hour") }
                action = .drag(from: from, to: to, duration: d)
            case "wheel":
                guard args.count == 1 || args.count == 3 else { throw fail("'wheel' takes DY [X Y]") }
                let dy = try numbers(1, "DY [X Y]", from: args.prefix(1))[0]
                action = .wheel(dy: dy, at: args.count == 3 ? try point(args[1], args[2], "DY [X Y]") : nil)
            case "key":
                // SDL key names may hold a space ("Keypad Enter"): the fields are one name.
                guard !args.isEmpty else { throw fail("'key' takes one key NAME, e.g. Escape or ctrl+Q") }
                let spec = args.joined(separator: " ")
                guard let key = Key(spec: spec) else { throw fail("'\(spec)' is not a key (keys: \(KeyCode.scriptNames), F1…F24 or one character; modifiers: ctrl, shift, alt)") }
                action = .key(key)
            case "text":
                // The rest of the line after the verb, spaces kept.
                guard let range = trimmed.firstRange(of: "text") else { throw fail("'text' takes a STRING") }
                var rest = trimmed[range.upperBound...]
                if rest.first == " " || rest.first == "\t" { rest = rest.dropFirst() }
                guard !rest.isEmpty else { throw fail("'text' takes a STRING") }
                action = .text(String(rest))
            case "paste":
                // The rest of the line after the verb and its one separator, spaces kept;
                // nothing after it: the clipboard held no text.
                guard let range = trimmed.firstRange(of: "paste") else { throw fail("'paste' takes [TEXT]") }
                var rest = trimmed[range.upperBound...]
                if rest.first == " " || rest.first == "\t" { rest = rest.dropFirst() }
                action = .paste(rest.isEmpty ? nil : String(rest))
            case "middle":
                guard args.count >= 2 else { throw fail("'middle' takes X Y [TEXT]") }
                let p = try point(args[0], args[1], "X Y [TEXT]")
                // TEXT: the rest of the line after Y and its one separator, spaces kept.
                var rest = trimmed[...]
                for _ in 0..<3 { rest = rest.drop { $0 != " " && $0 != "\t" }.drop { $0 == " " || $0 == "\t" } }
                rest = rest.drop { $0 != " " && $0 != "\t" }.dropFirst()
                action = .middle(p, text: args.count > 2 ? String(rest) : nil)
            case "compose":
                // The rest of the line (may be empty: the composition ends).
                guard let range = trimmed.firstRange(of: "compose") else { throw fail("'compose' takes a STRING") }
                var rest = trimmed[range.upperBound...]
                if rest.first == " " || rest.first == "\t" { rest = rest.dropFirst() }
                action = .composition(String(rest))
            case "resize":
                let v = try numbers(2, "W H")
                guard v[0] >= 1, v[1] >= 1, v[0] <= 16384, v[1] <= 16384 else { throw fail("window size must be 1…16384 pt") }
                action = .resize(Size(v[0], v[1]))
            case "shot": action = .shot(try path())
            case "state": action = .state(try path())
            case "finger":
                guard args.count == 4 else { throw fail("'finger' takes down|move|up ID X Y") }
                let phase: PointerEvent.Phase
                switch args[0] {
                case "down": phase = .began
                case "move": phase = .moved
                case "up": phase = .ended
                default: throw fail("'finger' takes down|move|up ID X Y")
                }
                guard let id = Int64(args[1]), id >= 1 else { throw fail("finger ID must be a whole number ≥ 1") }
                let at: Point
                if args[2].hasSuffix("%") || args[3].hasSuffix("%") {
                    at = try point(args[2], args[3], "down|move|up ID X Y")
                } else {
                    guard let x = Double(args[2]), let y = Double(args[3]), x.isFinite, y.isFinite,
                          abs(x) <= InteractionConstants.maxScriptCoordinate, abs(y) <= InteractionConstants.maxScriptCoordinate else {
                        throw fail("finger X Y must be numbers within ±\(Int(InteractionConstants.maxScriptCoordinate))")
                    }
                    at = Point(x, y)
                }
                action = .finger(phase: phase, id: id, at: at)
            case "blur":
                guard args.isEmpty else { throw fail("'blur' takes no arguments") }
                action = .blur
            case "stall":
                let v = try numbers(1, "MS")
                guard v[0] > 0, v[0] <= 60_000 else { throw fail("a stall lasts 1…60000 ms") }
                action = .stall(v[0] / 1000)
            case "quit":
                guard args.isEmpty else { throw fail("'quit' takes no arguments") }
                action = .quit
            default:
                throw fail("unknown command '\(verb)' (down, move, up, tap, drag, wheel, key, text, resize, shot, state, finger, middle, blur, quit)")
            }
            commands.append(Command(time: time, line: lineNo, action: action))
        }
        // Stable sort by time: ties keep file order.
        let sorted = commands.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }.map(\.element)
        return Script(commands: sorted)
    }
}

/// A primitive timed input the script player feeds to the app (tap and drag expanded).
public struct ScheduledInput: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// Every pointer action (down, move, up, tap, drag, finger) becomes these.
        case pointer(PointerEvent.Phase, id: Int64, Point)
        /// Everything else passes through as written (wheel, key, text, resize, shot,
        /// state, blur, quit).
        case action(Script.Action)
    }
    public var time: Double
    public var kind: Kind
    /// Order among inputs of the same time.
    public var sequence: Int
}

extension Script {
    /// The most inputs a script may expand to (a drag is a move per frame): a million, some
    /// 60 MB. `drag … 3600` at --fps 1000 is 3.6 million on its own (ten such lines once
    /// took 6.9 GB before the run began).
    public static let maxExpandedInputs = 1_000_000

    /// The first line at which the expansion at `fps` passes `maxExpandedInputs`, and the
    /// count so far; nil when the whole script fits. Counted, not built.
    public func expansionProblem(fps: Double) -> (line: Int, count: Int)? {
        var count = 0
        for c in commands {
            count += Self.expandedCount(c.action, fps: fps)
            if count > Self.maxExpandedInputs { return (c.line, count) }
        }
        return nil
    }

    /// How many inputs `expanded(fps:)` makes of one command.
    public static func expandedCount(_ action: Action, fps: Double) -> Int {
        switch action {
        case .tap: return 2
        case .drag(_, _, let d):
            // The moves at k / fps for k ≥ 1 while k / fps < d − 1e-9, then the end move and the release.
            let frames = (d - 1e-9) * fps
            guard frames.isFinite, frames < Double(Int.max / 2) else { return Int.max / 4 }
            let inner = max(0, Int(frames.rounded(.up)) - 1)
            return 3 + inner
        default: return 1
        }
    }

    /// Expands taps and drags into presses, per-frame moves and releases at `fps`.
    /// A drag moves once per frame along the line at constant speed and ends with a move to
    /// the end point then the release, both at t + D.
    public func expanded(fps: Double) -> [ScheduledInput] {
        var out: [ScheduledInput] = []
        var seq = 0
        func add(_ t: Double, _ k: ScheduledInput.Kind) { out.append(ScheduledInput(time: t, kind: k, sequence: seq)); seq += 1 }
        let mouse: Int64 = 0
        for c in commands {
            let t = c.time
            switch c.action {
            case .down(let p): add(t, .pointer(.began, id: mouse, p))
            case .move(let p): add(t, .pointer(.moved, id: mouse, p))
            case .up(let p): add(t, .pointer(.ended, id: mouse, p))
            case .tap(let p):
                add(t, .pointer(.began, id: mouse, p))
                add(t + InteractionConstants.scriptTapDuration, .pointer(.ended, id: mouse, p))
            case .drag(let a, let b, let d):
                add(t, .pointer(.began, id: mouse, a))
                let frame = 1 / fps
                var k = 1
                while Double(k) * frame < d - 1e-9 {
                    let f = Double(k) * frame / d
                    add(t + Double(k) * frame, .pointer(.moved, id: mouse, Point(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f)))
                    k += 1
                }
                add(t + d, .pointer(.moved, id: mouse, b))
                add(t + d, .pointer(.ended, id: mouse, b))
            case .finger(let phase, let id, let p): add(t, .pointer(phase, id: id, p))
            case .wheel, .key, .text, .composition, .resize, .shot, .state, .middle, .paste, .blur, .stall, .quit: add(t, .action(c.action))
            }
        }
        return out.sorted { $0.time != $1.time ? $0.time < $1.time : $0.sequence < $1.sequence }
    }
}
