// GestureMetric: one gesture as `--metrics` writes it (a JSON line), its outcome vocabulary,
// and the reading of old and new lines back.

/// One gesture as the UX-testing instrument measures it: where it started, how the
/// finger let go, where the physics projected it, what the policy decided and by which rule,
/// and how the motion ended. Written as one JSON line per gesture with `--metrics FILE`.
public struct GestureMetric: Equatable, Sendable {
    public struct Sample: Equatable, Sendable {
        public var t: Double, x: Double, y: Double
        public init(t: Double, x: Double, y: Double) { self.t = t; self.x = x; self.y = y }
    }

    public struct Decision: Equatable, Sendable {
        /// One vocabulary for every line (`GestureOutcome`): a sheet's the detent it ends
        /// at ("full", "half", two-stage's "expanded", "dismissed"), a card's "expanded" or
        /// "collapsed", a scroll view's "fling", "bounce" or "stay".
        public var outcome: String
        /// Which test decided, with its numbers, e.g. "velocity/distance 6.1 ≥ 5.5".
        public var rule: String
        /// How far the deciding value was from its threshold, in pt whatever the rule
        /// (positive: decided with room to spare). A rule on a share of H counts it in pt
        /// of the window; fluid's speed ÷ distance rule, how much farther from the bottom the
        /// sheet could have been; a velocity threshold, the difference projected to pt.
        public var margin: Double
        public init(outcome: String, rule: String, margin: Double) {
            self.outcome = outcome; self.rule = rule; self.margin = margin
        }
    }

    public var scene: String
    /// "sheet", "card", "list", "content"…
    public var target: String
    /// What decided: the sheet policy ("fluid", "tutorial", "two-stage"), "card" (with the
    /// card keys of the tuning when they are not the standard ones: "card+projection=0.99"),
    /// "scroll".
    public var policy: String
    /// The setting that produced the line, exactly as given to `fling replay --compare`
    /// ("fluid+dismiss.ratio=8"); nil (null) in a live run or a plain replay.
    public var setting: String?
    /// Where the target rested when the gesture began: a sheet's detent ("full", "half",
    /// "expanded"), a card's "expanded" or "collapsed"; nil (null) for a scroll view.
    public var startDetent: String?
    public var start: Sample
    public var release: Sample
    /// Release velocity, pt/s (positive: right, down).
    public var vx: Double, vy: Double
    /// Where the release would have carried the target (pt).
    public var projected: Point
    public var decision: Decision
    /// From the release until the target rested (s); nil if it had not when the run ended.
    public var settleTime: Double?
    /// Furthest past the resting place the motion went (pt, ≥ 0).
    public var overshoot: Double
    /// Frames drawn from the press until rest, and how many of them missed the frame budget.
    public var frames: Int
    public var lateFrames: Int
    /// Where the times the release velocity was fitted to came from: the least
    /// trustworthy of the gesture's pointer events ("device", "server", "poll", "estimated").
    public var velocitySource: InputTiming

    public init(scene: String, target: String, policy: String, setting: String? = nil, startDetent: String? = nil,
                start: Sample, release: Sample, vx: Double, vy: Double,
                projected: Point, decision: Decision, settleTime: Double?, overshoot: Double, frames: Int, lateFrames: Int,
                velocitySource: InputTiming = .device) {
        self.scene = scene; self.target = target; self.policy = policy; self.setting = setting; self.startDetent = startDetent
        self.start = start; self.release = release
        self.vx = vx; self.vy = vy; self.projected = projected; self.decision = decision
        self.settleTime = settleTime; self.overshoot = overshoot; self.frames = frames; self.lateFrames = lateFrames
        self.velocitySource = velocitySource
    }

    public var json: JSONValue {
        .object([
            ("scene", .string(scene)), ("target", .string(target)), ("policy", .string(policy)),
            ("setting", setting.map { .string($0) } ?? .null), ("startDetent", startDetent.map { .string($0) } ?? .null),
            ("start", .object([("t", .rounded(start.t)), ("x", .rounded(start.x)), ("y", .rounded(start.y))])),
            ("release", .object([("t", .rounded(release.t)), ("x", .rounded(release.x)), ("y", .rounded(release.y)),
                                 ("vx", .rounded(vx)), ("vy", .rounded(vy))])),
            ("projected", .object([("x", .rounded(projected.x)), ("y", .rounded(projected.y))])),
            ("decision", .object([("outcome", .string(decision.outcome)), ("rule", .string(decision.rule)),
                                  ("margin", .rounded(decision.margin))])),
            ("settleTime", settleTime.map { .rounded($0) } ?? .null), ("overshoot", .rounded(overshoot)),
            ("frames", .int(frames)), ("lateFrames", .int(lateFrames)), ("velocitySource", .string(velocitySource.rawValue)),
        ])
    }

    /// A metrics line that cannot be read back: what is wrong with it.
    public struct DecodeError: Error, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The largest magnitude a metrics line's number may have (pt, pt/s, s, frames).
    public static let maximumMagnitude: Double = 1e9

    /// Reads one metrics line (as `json` writes it).
    public init(json v: JSONValue) throws(DecodeError) {
        func number(_ path: [String]) throws(DecodeError) -> Double {
            var cur: JSONValue? = v
            for p in path { cur = cur?[p] }
            guard let d = cur?.doubleValue, d.isFinite else {
                throw DecodeError(message: "\"\(path.joined(separator: "."))\" is missing or not a number")
            }
            // Nothing a gesture measures comes near this; beyond it the report's arithmetic
            // (squares, whole-number bins) would overflow.
            guard abs(d) <= Self.maximumMagnitude else {
                throw DecodeError(message: "\"\(path.joined(separator: "."))\" is \(d), beyond ±\(Int(Self.maximumMagnitude))")
            }
            return d
        }
        func string(_ path: [String]) throws(DecodeError) -> String {
            var cur: JSONValue? = v
            for p in path { cur = cur?[p] }
            guard let s = cur?.stringValue else { throw DecodeError(message: "\"\(path.joined(separator: "."))\" is missing or not a string") }
            return s
        }
        /// A field older lines lack: missing or null is nil, else a string.
        func optionalString(_ name: String) throws(DecodeError) -> String? {
            guard let field = v[name], field != .null else { return nil }
            guard let s = field.stringValue else { throw DecodeError(message: "\"\(name)\" is not a string or null") }
            return s
        }
        scene = try string(["scene"]); target = try string(["target"]); policy = try string(["policy"])
        setting = try optionalString("setting"); startDetent = try optionalString("startDetent")
        start = Sample(t: try number(["start", "t"]), x: try number(["start", "x"]), y: try number(["start", "y"]))
        release = Sample(t: try number(["release", "t"]), x: try number(["release", "x"]), y: try number(["release", "y"]))
        vx = try number(["release", "vx"]); vy = try number(["release", "vy"])
        projected = Point(try number(["projected", "x"]), try number(["projected", "y"]))
        // Older lines' names ("dismiss", a card's "collapse" and "stay") read as today's.
        decision = Decision(outcome: GestureOutcome.current(try string(["decision", "outcome"]), target: target), rule: try string(["decision", "rule"]),
                            margin: try number(["decision", "margin"]))
        settleTime = v["settleTime"]?.doubleValue.flatMap { $0.isFinite && abs($0) <= Self.maximumMagnitude ? $0 : nil }
        overshoot = try number(["overshoot"])
        // Frame counts are whole and not negative, and no more frames are late than there are.
        func count(_ name: String) throws(DecodeError) -> Int {
            let d = try number([name])
            guard d >= 0, d == d.rounded() else { throw DecodeError(message: "\"\(name)\" is \(d), not a whole number ≥ 0") }
            return Int(d)
        }
        frames = try count("frames"); lateFrames = try count("lateFrames")
        guard lateFrames <= frames else {
            throw DecodeError(message: "\"lateFrames\" is \(lateFrames), more than \"frames\" (\(frames))")
        }
        // (Lines written before the field existed have none: their times were the device's or a poll's.)
        if let source = v["velocitySource"] {
            guard let name = source.stringValue, let timing = InputTiming(rawValue: name) else {
                throw DecodeError(message: "\"velocitySource\" is not one of \(InputTiming.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            velocitySource = timing
        } else {
            velocitySource = .device
        }
    }
}

/// The outcome vocabulary of the metrics lines (the names once differed by target).
public enum GestureOutcome {
    /// Sheets: the detent the sheet ends at.
    public static let full = "full", half = "half", expanded = "expanded", dismissed = "dismissed"
    /// Cards: open or back in its slot.
    public static let collapsed = "collapsed"
    /// Scroll views: coasting on, springing back from an end, or stopping where released.
    public static let fling = "fling", bounce = "bounce", stay = "stay"

    /// A sheet's outcome: the detent it goes to.
    public static func sheet(_ detent: SheetDetent) -> String { detent.rawValue }

    /// Today's name for an outcome an older line wrote: a sheet's "dismiss" is "dismissed",
    /// a card's "collapse" (or "close") is "collapsed" and its "stay" is "expanded".
    public static func current(_ name: String, target: String) -> String {
        switch (target, name) {
        case (_, "dismiss"): dismissed
        case ("card", "collapse"), ("card", "close"): collapsed
        case ("card", "stay"): expanded
        default: name
        }
    }
}
