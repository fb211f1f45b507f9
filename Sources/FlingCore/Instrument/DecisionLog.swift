// DecisionLog: a model's record of its release decisions (for the instrument): the last one, how many
// there have been (a consumer that remembers the count can tell a new one), and the figures of
// the motion that followed, joined to the record once that motion comes to rest. The sheet and
// the card keep one each.

public struct DecisionLog: Equatable, Sendable {
    /// The last release decision, with its settle time and overshoot once the motion rested.
    public private(set) var last: GestureDecision?
    public private(set) var count = 0
    /// The closed-form end of the motion after the last decision, published when it rests.
    private var pendingSettle: Settle?
    private struct Settle: Equatable, Sendable { var time: Double, overshoot: Double }

    public init() {}

    /// A new decision; `settle`: when the motion it started comes to rest and by how much it
    /// overshoots (nil: no motion to wait for).
    mutating func record(_ decision: GestureDecision, settle: (time: Double, overshoot: Double)?) {
        last = decision
        count += 1
        pendingSettle = settle.map { Settle(time: $0.time, overshoot: $0.overshoot) }
    }

    /// The motion after the last decision was replaced (a new press, a dismissal, a resize):
    /// its figures will never be known.
    mutating func forgetSettle() { pendingSettle = nil }

    /// The motion after the last decision came to rest: its figures join the record.
    mutating func publishSettle() {
        guard let s = pendingSettle else { return }
        last?.settleTime = s.time
        last?.overshoot = s.overshoot
        pendingSettle = nil
    }
}
