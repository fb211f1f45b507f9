/// What the card transition shows at a moment, as one value: the state dump writes it (`card`
/// in `state`, beside the frame and scale the scene lays out) and the tests compare it whole.
/// Numbers are rounded as the dump rounds them (to 0.001), so a test can state them exactly.
public struct CardSnapshot: Equatable, Sendable, CustomStringConvertible {
    public var phase: CardTransition.Phase
    /// The selected (or held) card, nil when none.
    public var index: Int?
    /// 0 collapsed … 1 expanded (0 while a card is only held).
    public var progress: Double
    /// How far the open card is pulled down (pt).
    public var pull: Double
    /// The open story's scroll (pt).
    public var contentOffset: Double
    /// The last release's rule, nil before the first.
    public var rule: String?

    public init(phase: CardTransition.Phase, index: Int?, progress: Double, pull: Double = 0,
                contentOffset: Double = 0, rule: String? = nil) {
        self.phase = phase
        self.index = index
        self.progress = progress.dumpRounded
        self.pull = pull.dumpRounded
        self.contentOffset = contentOffset.dumpRounded
        self.rule = rule
    }

    public init(_ cards: CardTransition, at time: Double) {
        self.init(phase: cards.phase, index: cards.index,
                  progress: cards.index == nil ? 0 : cards.progressValue(at: time),
                  pull: cards.pull.value(at: time), contentOffset: cards.contentOffset(at: time),
                  rule: cards.lastDecision?.decision.rule)
    }

    /// Read back from a state dump's `card` object; nil when a field is missing.
    public init?(json: JSONValue) {
        guard let name = json["phase"]?.stringValue, let phase = CardTransition.Phase(rawValue: name),
              let progress = json["progress"]?.doubleValue else { return nil }
        self.init(phase: phase, index: json["index"]?.doubleValue.map { Int($0) }, progress: progress,
                  pull: json["pull"]?.doubleValue ?? 0, contentOffset: json["contentOffset"]?.doubleValue ?? 0,
                  rule: json["rule"]?.stringValue)
    }

    public var description: String {
        "\(phase.rawValue) \(index.map(String.init) ?? "-") progress \(progress) pull \(pull) offset \(contentOffset) rule \(rule ?? "-")"
    }
}
