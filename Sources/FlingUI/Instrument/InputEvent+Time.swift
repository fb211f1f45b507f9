// InputEvent+Time: an input event's time stamp, and the same event moved to another clock (real
// time to scene time for slow motion and pause).
import FlingCore

extension InputEvent {
    /// The event's time stamp (nil for quit).
    package var time: Double? {
        switch self {
        case .pointer(let p): p.time
        case let .wheel(_, _, t), let .key(_, t), let .text(_, t), let .composition(_, t), let .resize(_, t): t
        case .focusLost(let t), .middleClick(_, _, let t): t
        case .quit: nil
        }
    }

    /// The same event with its time stamp mapped (real time → scene time).
    package func retimed(_ f: (Double) -> Double) -> InputEvent {
        switch self {
        case .pointer(var p): p.time = f(p.time); return .pointer(p)
        case let .wheel(dy, at, t): return .wheel(dy: dy, location: at, time: f(t))
        case let .key(k, t): return .key(k, time: f(t))
        case let .text(s, t): return .text(s, time: f(t))
        case let .composition(s, t): return .composition(s, time: f(t))
        case let .resize(s, t): return .resize(s, time: f(t))
        case .focusLost(let t): return .focusLost(time: f(t))
        case let .middleClick(p, text, t): return .middleClick(location: p, text: text, time: f(t))
        case .quit: return .quit
        }
    }
}
