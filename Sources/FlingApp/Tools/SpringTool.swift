// SpringTool: `fling spring`: a spring's trajectory frame by frame as CSV, and with --plot a
// PNG chart of value and velocity over time (drawn by SpringChart.swift).
import FlingCore
import FlingUI
import FlingSDL
import FoundationEssentials
import Glibc

/// `fling spring`: a spring's trajectory frame by frame as CSV, optionally as a PNG chart,
/// so testers can tune the feel with numbers instead of by eye.
enum SpringTool {
    struct Options {
        var parameters: SpringParameters
        /// How the spring was given, for the chart's subtitle ("response 0.35 s, damping fraction 0.65").
        var given: String
        var from = 0.0
        var to = 1.0
        /// Value units per second, passed straight to `Spring`.
        var velocity = 0.0
        var fps = 60.0
        var until: Double?
        var plot: String?
    }

    /// Frames are never followed past this (an undamped spring would otherwise print forever).
    static let maximumTime = MotionConstants.maximumSettleTime
    static let maximumFPS = 10_000.0

    /// The three ways to give a spring: (all its options, the required ones).
    private static let groups: [(all: [String], required: [String])] = [
        (["--stiffness", "--damping", "--mass"], ["--stiffness", "--damping"]),
        (["--response", "--damping-fraction"], ["--response", "--damping-fraction"]),
        (["--duration", "--bounce"], ["--duration", "--bounce"]),
    ]

    /// The options from the numbers given (keyed by option name) and the plot path: one of
    /// the three ways to give a spring, each value in its range.
    static func options(numbers n: [String: Double], plot: String?) throws(UsageError) -> Options {
        let used = groups.filter { g in g.all.contains { n[$0] != nil } }
        guard let group = used.first else {
            throw UsageError(message: "no spring given: use --stiffness K --damping C [--mass M], "
                + "--response R --damping-fraction Z, or --duration T --bounce B")
        }
        if used.count > 1 {
            let names = used.compactMap { g in g.all.first { n[$0] != nil } }
            throw UsageError(message: "\(names.joined(separator: " and ")) are different ways to give a spring: use one")
        }
        for r in group.required where n[r] == nil {
            let given = group.all.filter { n[$0] != nil }.joined(separator: " and ")
            throw UsageError(message: "\(given) needs \(r)")
        }

        func positive(_ o: String) throws(UsageError) -> Double {
            let v = n[o] ?? 0
            guard v > 0 else { throw UsageError(message: "\(o) must be positive (got \(v.shortText))") }
            return v
        }
        func nonNegative(_ o: String) throws(UsageError) -> Double {
            let v = n[o] ?? 0
            guard v >= 0 else { throw UsageError(message: "\(o) must not be negative (got \(v.shortText))") }
            return v
        }

        let parameters: SpringParameters
        let given: String
        switch group.all[0] {
        case "--stiffness":
            let k = try positive("--stiffness"), c = try nonNegative("--damping")
            let m = try n["--mass"] == nil ? 1 : positive("--mass")
            parameters = SpringParameters(stiffness: k, damping: c, mass: m)
            given = "stiffness \(k.shortText), damping \(c.shortText), mass \(m.shortText)"
        case "--response":
            let r = try positive("--response"), z = try nonNegative("--damping-fraction")
            parameters = .response(r, dampingFraction: z)
            given = "response \(r.shortText) s, damping fraction \(z.shortText)"
        default:
            let d = try positive("--duration"), b = n["--bounce"] ?? 0
            guard b > -1, b < 1 else { throw UsageError(message: "--bounce must be between -1 and 1, exclusive (got \(b.shortText))") }
            parameters = .duration(d, bounce: b)
            given = "duration \(d.shortText) s, bounce \(b.shortText)"
        }

        var o = Options(parameters: parameters, given: given, plot: plot)
        o.from = n["--from"] ?? 0
        o.to = n["--to"] ?? 1
        o.velocity = n["--velocity"] ?? 0
        if n["--fps"] != nil {
            o.fps = try positive("--fps")
            guard o.fps <= maximumFPS else { throw UsageError(message: "--fps must be at most \(Int(maximumFPS)) (got \(o.fps.shortText))") }
        }
        if let u = n["--until"] {
            guard u >= 0, u <= maximumTime else {
                throw UsageError(message: "--until must be between 0 and \(Int(maximumTime)) s (got \(u.shortText))")
            }
            o.until = u
        }
        return o
    }

    /// One CSV row per frame: (t, value, velocity).
    typealias Row = (t: Double, value: Double, velocity: Double)

    /// Frames k/fps from 0 up to the first one at rest (value snapped to the target, velocity 0),
    /// or up to `until`, or up to `maximumTime`. `rested` tells whether the last row is at rest.
    static func rows(_ spring: Spring, fps: Double, until: Double?) -> (rows: [Row], rested: Bool) {
        let end = until ?? maximumTime
        // The last frame index within `end`; the tolerance keeps e.g. 0.5 s at 30 fps (k = 15) in.
        let last = Int((end * fps + 1e-9).rounded(.down))
        var rows: [Row] = []
        rows.reserveCapacity(min(last + 1, 4096))
        for k in 0...last {
            let t = Double(k) / fps
            if spring.isAtRest(at: t) {
                rows.append((t, spring.target, 0))
                return (rows, true)
            }
            rows.append((t, spring.value(at: t), spring.velocity(at: t)))
        }
        return (rows, false)
    }

    @MainActor
    static func run(_ o: Options) -> Int32 {
        let spring = Spring(parameters: o.parameters, from: o.from, to: o.to, velocity: o.velocity, startTime: 0)
        let (rows, rested) = rows(spring, fps: o.fps, until: o.until)
        var csv = "t,value,velocity\n"
        for r in rows {
            csv += "\(r.t.fixed(6)),\(r.value.fixed(6)),\(r.velocity.fixed(6))\n"
        }
        print(csv, terminator: "")
        if !rested && o.until == nil {
            printError("fling spring: not at rest after \(Int(maximumTime)) s; stopped there")
        }
        guard let path = o.plot else { return 0 }
        let chart = SpringChart(spring: spring, options: o)
        return ChartImage.write(size: SpringChart.size, scale: SpringChart.scale, resources: nil, tool: "fling spring", to: path) { env in
            chart.draw(env: env)
        }
    }
}
