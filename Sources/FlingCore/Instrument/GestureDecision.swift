// GestureDecision: the record a model keeps of what it decided when a finger let go (outcome,
// rule, margin, settle time and overshoot), and its conversion into a metrics line.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What an interaction model decided when a finger let go (`--metrics`): the gesture
/// in real units, the outcome, and the rule that chose it with its margin. The models record
/// one per decision (`lastDecision`, with a counter that tells a new one); the metrics line
/// adds the scene and the frames (`GestureMetric(scene:decision:frames:lateFrames:)`).
public struct GestureDecision: Equatable, Sendable {
    /// "sheet", "card", "list".
    public var target: String
    /// The sheet policy's name ("fluid", "tutorial", "two-stage"); "card" (with its tuning
    /// keys when not the standard ones) and "scroll" for the card transition and scroll views,
    /// which have one rule set each.
    public var policy: String
    /// Where the target rested when the gesture began (a sheet's detent, a card's "expanded"
    /// or "collapsed"); nil for a scroll view.
    public var startDetent: String?
    /// Where and when the finger went down (window pt, s).
    public var start: GestureMetric.Sample
    /// Where and when it let go.
    public var release: GestureMetric.Sample
    /// Release velocity, pt/s (positive: right, down), real units whatever the animation speed.
    public var vx: Double, vy: Double
    /// Where the release would carry the target, in the target's own coordinate on y (the
    /// sheet's top, the card's pull, the list's offset) and the finger's projected x.
    public var projected: Point
    /// The outcome, the rule that decided it and its margin.
    public var decision: GestureMetric.Decision
    /// From the release until the motion that followed came to rest (s), and how far it went
    /// past its resting place (pt, ≥ 0); nil until that motion has ended (and for good when
    /// another gesture interrupted it).
    public var settleTime: Double?
    public var overshoot: Double?

    public init(target: String, policy: String, startDetent: String? = nil, start: GestureMetric.Sample, release: GestureMetric.Sample,
                vx: Double, vy: Double, projected: Point, decision: GestureMetric.Decision,
                settleTime: Double? = nil, overshoot: Double? = nil) {
        self.target = target; self.policy = policy; self.startDetent = startDetent; self.start = start; self.release = release
        self.vx = vx; self.vy = vy; self.projected = projected; self.decision = decision
        self.settleTime = settleTime; self.overshoot = overshoot
    }

    /// How the motion after a decision ends, computed in closed form when it starts: when it
    /// rests (s after the release) and how far past its target it goes (pt).
    public static func settling(_ a: AnimatedValue, from release: Double, until: Double? = nil) -> (time: Double, overshoot: Double) {
        switch a {
        case .resting: return (max(0, (until ?? release) - release), 0)
        case .timed(let t):
            return (max(t.startTime + t.duration, until ?? 0) - release, 0)
        case .spring(let s):
            let settle = s.settleTime()
            // Sampled at 1 ms over the closed form: the furthest point past the target.
            let direction: Double = s.target >= s.from ? 1 : -1
            var past = 0.0
            var t = 0.0
            while t <= settle {
                past = max(past, (s.value(at: s.startTime + t) - s.target) * direction)
                t += 0.001
            }
            return (max(s.startTime + settle, until ?? 0) - release, past)
        }
    }
}

/// A rule's numbers as the decision records write them: at most `digits` decimals, no
/// trailing zeros ("6.1", "-0.31", "120").
enum RuleNumber {
    static func text(_ v: Double, digits: Int = 2) -> String {
        guard v.isFinite else { return "\(v)" }
        var s = cFormat("%.*f", Int32(digits), v)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s == "-0" ? "0" : s
    }
}

extension GestureMetric {
    /// A metrics line from a model's decision record (`setting`: the `--compare` setting that
    /// produced it, as given).
    public init(scene: String, decision d: GestureDecision, frames: Int, lateFrames: Int, velocitySource: InputTiming = .device,
                setting: String? = nil) {
        self.init(scene: scene, target: d.target, policy: d.policy, setting: setting, startDetent: d.startDetent,
                  start: d.start, release: d.release,
                  vx: d.vx, vy: d.vy, projected: d.projected, decision: d.decision,
                  settleTime: d.settleTime, overshoot: d.overshoot ?? 0, frames: frames, lateFrames: lateFrames,
                  velocitySource: velocitySource)
    }
}
