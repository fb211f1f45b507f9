/// What a sheet shows at a moment, as one value: the state dump writes it (`sheet` in `state`)
/// and the tests compare it whole, so a change nobody asserted still fails a test. Numbers are
/// rounded as the dump rounds them (to 0.001), so a test can state them exactly.
public struct SheetSnapshot: Equatable, Sendable, CustomStringConvertible {
    /// `hidden`, `presenting`, `resting`, `dragging`, `settling` or `dismissing`.
    public var phase: String
    /// Where it rests or is heading (nil while hidden or dismissing).
    public var detent: SheetDetent?
    public var top: Double
    public var velocity: Double
    /// The content's scroll (0 while hidden).
    public var contentOffset: Double
    /// The dim over what is behind (0 … 1).
    public var dim: Double
    /// The last release's rule ("translation -0.26·H < -0.25·H"), nil before the first.
    public var rule: String?

    public init(phase: String, detent: SheetDetent?, top: Double, velocity: Double = 0, contentOffset: Double = 0,
                dim: Double, rule: String? = nil) {
        self.phase = phase
        self.detent = detent
        self.top = top.dumpRounded
        self.velocity = velocity.dumpRounded
        self.contentOffset = contentOffset.dumpRounded
        self.dim = dim.dumpRounded
        self.rule = rule
    }

    public init(_ sheet: SheetModel, at time: Double) {
        self.init(phase: sheet.phase.name, detent: sheet.detent, top: sheet.top(at: time),
                  velocity: sheet.velocity(at: time),
                  contentOffset: sheet.isVisible ? sheet.content.offset(at: time) : 0,
                  dim: sheet.dim(at: time), rule: sheet.lastDecision?.decision.rule)
    }

    /// Read back from a state dump's `sheet` object; nil when a field is missing.
    public init?(json: JSONValue) {
        guard let phase = json["phase"]?.stringValue, let top = json["top"]?.doubleValue,
              let velocity = json["velocity"]?.doubleValue, let dim = json["dim"]?.doubleValue else { return nil }
        self.init(phase: phase, detent: json["detent"]?.stringValue.map(SheetDetent.init(rawValue:)), top: top,
                  velocity: velocity, contentOffset: json["contentOffset"]?.doubleValue ?? 0, dim: dim,
                  rule: json["rule"]?.stringValue)
    }

    /// The dump's fields, in its order (`rule` once there is one: the fuzzer reads a null
    /// number as one that was not finite).
    public var jsonFields: [(String, JSONValue)] {
        [("phase", .string(phase)), ("detent", .optional(detent?.rawValue)), ("top", .rounded(top)),
         ("velocity", .rounded(velocity)), ("contentOffset", .rounded(contentOffset)), ("dim", .rounded(dim))]
            + (rule.map { [("rule", .string($0))] } ?? [])
    }

    public var description: String {
        "\(phase) \(detent?.rawValue ?? "-") top \(top) v \(velocity) offset \(contentOffset) dim \(dim) rule \(rule ?? "-")"
    }
}
