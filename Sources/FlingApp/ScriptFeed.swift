// ScriptFeed: a script played into the live windowed loop in real time (`fling bench --window`):
// each input is handed over once the loop's clock reaches its time and keeps that time as the
// moment it happened, as an input device's event would. It also answers, for each presented
// frame, how long the inputs that frame carried had waited: input-to-present latency.
import FlingCore

@MainActor
final class ScriptFeed {
    private let inputs: [ScheduledInput]
    private var next = 0
    /// Times of inputs delivered and not yet carried by a presented frame.
    private var waiting: [Double] = []

    init(script: Script, fps: Double) {
        inputs = script.expanded(fps: fps).sorted { $0.time != $1.time ? $0.time < $1.time : $0.sequence < $1.sequence }
    }

    /// When the next input is due (loop clock, s), or nil after the last.
    var nextTime: Double? { next < inputs.count ? inputs[next].time : nil }

    /// The inputs due by `now`, each stamped with its own time (a wheel without a place turns
    /// at the middle of `panel`). Probes (shot, state) have no meaning in a live window and are
    /// skipped.
    func due(now: Double, panel: Size) -> [InputEvent] {
        var out: [InputEvent] = []
        while next < inputs.count, inputs[next].time <= now {
            let input = inputs[next]
            next += 1
            let t = input.time
            switch input.kind {
            case let .pointer(phase, id, p): out.append(.pointer(PointerEvent(id: id, phase: phase, location: p, time: t)))
            case .action(.wheel(let dy, let at)): out.append(.wheel(dy: dy, location: at ?? Point(panel.width / 2, panel.height / 2), time: t))
            case .action(.key(let k)): out.append(.key(k, time: t))
            case .action(.text(let s)): out.append(.text(s, time: t))
            case .action(.composition(let s)): out.append(.composition(s, time: t))
            case .action(.resize(let s)): out.append(.resize(s, time: t))
            case .action(.blur): out.append(.focusLost(time: t))
            case .action(.middle(let p, let text)): out.append(.middleClick(location: p, text: text, time: t))
            // (The live clipboard is the desktop's: a benchmark's paste presses Ctrl+V alone.)
            case .action(.paste): out.append(.key(Key.paste, time: t))
            case .action(.quit): out.append(.quit); continue
            // Probes mean nothing in a live window; a stall is the loop's own (headless runs).
            case .action: continue
            }
            waiting.append(t)
        }
        return out
    }

    /// A frame that began at `frameStart` was presented at `presentedAt`: the latencies (s) of
    /// the inputs delivered before it began.
    func presented(frameStart: Double, at presentedAt: Double) -> [Double] {
        var carried: [Double] = []
        waiting.removeAll { t in
            guard t <= frameStart else { return false }
            carried.append(presentedAt - t)
            return true
        }
        return carried
    }
}
