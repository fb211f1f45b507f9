// Tuning: the tunable feel of the sheets and cards (springs, projection, policy thresholds,
// rubber band, slop) as one value, with its keys, ranges and `--tune key=value` parsing.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The feel of the sheets and cards as one value: what a UX tester changes with
/// `--tune key=value,…` or the tuning panel, and what a replay sets up again. The defaults are
/// the seeds' and the platforms' numbers (see each key's source). Models read it; nothing in
/// it is global.
public struct Tuning: Equatable, Sendable {
    /// The sheet's spring as SwiftUI's response (s) and damping fraction. Default: seed 000's
    /// interpolatingSpring(stiffness 200, damping 25) = response 0.444 s, fraction 0.884.
    public var sheetResponse: Double
    public var sheetDamping: Double
    /// The card expansion spring. Default: seed 004's interactiveSpring(0.35, 0.65).
    public var cardResponse: Double
    public var cardDamping: Double
    /// Projection deceleration per millisecond (UIScrollView.DecelerationRate.normal 0.998).
    public var projectionRate: Double
    /// Fluid policy: dismiss when speed ÷ distance left reaches this (per second).
    public var dismissRatio: Double
    /// Tutorial policy (seed 000): up more than this share of H → full; down more → dismiss;
    /// at full, a pull of this many pt returns to half.
    public var tutorialFullFraction: Double
    public var tutorialDismissFraction: Double
    public var tutorialPullToHalf: Double
    /// Rubber band slope at zero overshoot (UIScrollView, measured by Grant Paul: 0.55).
    public var rubberBand: Double
    /// A press becomes a drag past this many pt (UIKit's scroll slop, ~10 pt).
    public var touchSlop: Double

    public static let standard = Tuning(
        sheetResponse: 2 * Double.pi / MotionConstants.sheetSpring.naturalFrequency,
        sheetDamping: MotionConstants.sheetSpring.dampingRatio,
        cardResponse: MotionConstants.cardResponse, cardDamping: MotionConstants.cardDampingFraction,
        projectionRate: MotionConstants.decelerationNormal,
        dismissRatio: MotionConstants.fluidDismissVelocityRatio,
        tutorialFullFraction: MotionConstants.tutorialFullFraction,
        tutorialDismissFraction: MotionConstants.tutorialDismissFraction,
        tutorialPullToHalf: MotionConstants.tutorialPullToHalf,
        rubberBand: MotionConstants.rubberBandCoefficient,
        touchSlop: MotionConstants.touchSlop)

    public init(sheetResponse: Double, sheetDamping: Double, cardResponse: Double, cardDamping: Double,
                projectionRate: Double, dismissRatio: Double, tutorialFullFraction: Double,
                tutorialDismissFraction: Double, tutorialPullToHalf: Double, rubberBand: Double, touchSlop: Double) {
        self.sheetResponse = sheetResponse; self.sheetDamping = sheetDamping
        self.cardResponse = cardResponse; self.cardDamping = cardDamping
        self.projectionRate = projectionRate; self.dismissRatio = dismissRatio
        self.tutorialFullFraction = tutorialFullFraction; self.tutorialDismissFraction = tutorialDismissFraction
        self.tutorialPullToHalf = tutorialPullToHalf; self.rubberBand = rubberBand; self.touchSlop = touchSlop
    }

    /// The sheet spring. At the standard values it is the seed's constant itself (stiffness
    /// 200, damping 25), not its round trip through response and fraction, so the standard
    /// tuning moves every sheet bit for bit as before.
    public var sheetSpring: SpringParameters {
        if sheetResponse == Self.standard.sheetResponse && sheetDamping == Self.standard.sheetDamping {
            return MotionConstants.sheetSpring
        }
        return .response(sheetResponse, dampingFraction: sheetDamping)
    }
    public var cardSpring: SpringParameters { .response(cardResponse, dampingFraction: cardDamping) }

    /// One tunable: its option name, where it lives, its allowed range and what it means.
    public struct Key: Sendable {
        public let name: String
        public let range: ClosedRange<Double>
        public let summary: String
        let path: any WritableKeyPath<Tuning, Double> & Sendable
    }

    /// Every key, in the order the panel and `--tune` list them.
    public static let keys: [Key] = [
        Key(name: "sheet.response", range: 0.1...2, summary: "sheet spring response (s)", path: \.sheetResponse),
        Key(name: "sheet.damping", range: 0.1...2, summary: "sheet spring damping fraction", path: \.sheetDamping),
        Key(name: "card.response", range: 0.1...2, summary: "card spring response (s)", path: \.cardResponse),
        Key(name: "card.damping", range: 0.1...2, summary: "card spring damping fraction", path: \.cardDamping),
        Key(name: "projection", range: 0.9...0.9999, summary: "projection deceleration per ms", path: \.projectionRate),
        Key(name: "dismiss.ratio", range: 0.5...50, summary: "fluid: dismiss at speed / distance left (1/s)", path: \.dismissRatio),
        Key(name: "tutorial.full", range: 0.01...0.9, summary: "tutorial: up this share of H goes full", path: \.tutorialFullFraction),
        Key(name: "tutorial.dismiss", range: 0.01...0.9, summary: "tutorial: down this share of H dismisses", path: \.tutorialDismissFraction),
        Key(name: "tutorial.pull", range: 10...600, summary: "tutorial: pull at full that returns to half (pt)", path: \.tutorialPullToHalf),
        Key(name: "rubberband", range: 0.05...1, summary: "rubber-band coefficient", path: \.rubberBand),
        Key(name: "slop", range: 0...60, summary: "touch slop (pt)", path: \.touchSlop),
    ]

    /// The keys the card transition reads (its spring, its release projection, its slop).
    public static let cardKeys: Set<String> = ["card.response", "card.damping", "projection", "slop"]

    public subscript(key: Key) -> Double {
        get { self[keyPath: key.path] }
        set { self[keyPath: key.path] = newValue }
    }

    /// A `--tune` value that cannot be used: the message names the key and lists the keys.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Parses "key=value,key=value" over `base` (empty string: `base` unchanged).
    public static func parse(_ text: String, over base: Tuning = .standard) throws(ParseError) -> Tuning {
        var t = base
        var given: Set<String> = []
        let keyList = keys.map(\.name).joined(separator: ", ")
        for item in text.split(separator: ",", omittingEmptySubsequences: true) {
            let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace() }
            guard parts.count == 2, !parts[0].isEmpty else {
                throw ParseError(message: "'\(item)' is not key=value (keys: \(keyList))")
            }
            guard let key = keys.first(where: { $0.name == parts[0] }) else {
                throw ParseError(message: "unknown tuning key '\(parts[0])' (keys: \(keyList))")
            }
            guard let v = Double(parts[1]), v.isFinite else {
                throw ParseError(message: "\(key.name): '\(parts[1])' is not a number")
            }
            // The same key twice is a mistake to say, not a silent "last one wins".
            guard given.insert(key.name).inserted else {
                throw ParseError(message: "\(key.name) is given twice")
            }
            guard key.range.contains(v) else {
                throw ParseError(message: "\(key.name) = \(parts[1]) is outside \(key.range.lowerBound.exactText)…\(key.range.upperBound.exactText) (\(key.summary))")
            }
            t[key] = v
        }
        return t
    }

    /// The keys that differ from the standard tuning, as a `--tune` value ("" when none).
    public var optionValue: String {
        Self.keys.filter { self[$0] != Tuning.standard[$0] }.map { "\($0.name)=\(self[$0].exactText)" }.joined(separator: ",")
    }

    /// Every key and value, for state dumps and recordings.
    public var json: JSONValue {
        .object(Self.keys.map { ($0.name, .number(self[$0])) })
    }
}
