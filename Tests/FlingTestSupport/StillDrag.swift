// StillDrag: the one gesture every threshold test makes, in one definition: a finger pressed
// at (x, y0), moved straight by `by` pt in 20 frames at 60 Hz, held still 0.3 s and released,
// so the release has no velocity and a rule decides by travel alone. `by` is the finger's
// travel from where it went down (what the seeds' DragGesture.translation measures); the sheet
// follows from the 10 pt touch slop on, so it moves `by` less the slop. The core tests feed its
// samples to a model, the UI tests to the app controller, the binary's tests as a script.
import FlingCore

public struct StillDrag: Equatable, Sendable {
    public enum Phase: Equatable, Sendable { case down, move, up }
    public struct Sample: Equatable, Sendable {
        public var phase: Phase
        public var time: Double
        public var point: Point
    }

    public static let frames = 20
    public static let frameInterval = 1.0 / 60
    public static let hold = 0.3

    public var x: Double
    public var y0: Double
    public var by: Double
    public var t0: Double

    public init(x: Double = 200, from y0: Double, by: Double, at t0: Double) {
        self.x = x
        self.y0 = y0
        self.by = by
        self.t0 = t0
    }

    /// When the finger lifts.
    public var endTime: Double { t0 + Double(Self.frames) * Self.frameInterval + Self.hold }

    /// Press, the 20 moves, the release.
    public var samples: [Sample] {
        var s = [Sample(phase: .down, time: t0, point: Point(x, y0))]
        for k in 1...Self.frames {
            let y = k == Self.frames ? y0 + by : y0 + by * Double(k) / Double(Self.frames)
            s.append(Sample(phase: .move, time: t0 + Double(k) * Self.frameInterval, point: Point(x, y)))
        }
        s.append(Sample(phase: .up, time: endTime, point: Point(x, y0 + by)))
        return s
    }

    /// The same gesture as script lines (`t down x y`, `t move x y`, `t up x y`).
    public var script: String {
        samples.map { s in
            let verb = switch s.phase { case .down: "down"; case .move: "move"; case .up: "up" }
            return "\(s.time) \(verb) \(s.point.x) \(s.point.y)\n"
        }.joined()
    }
}
