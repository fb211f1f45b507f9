// SpringChart: the PNG `fling spring --plot` draws: value and velocity against time on two
// axes that share grid lines (`Axis`: round steps of 1, 2 or 5 × 10ⁿ).
import FlingCore
import FlingUI
import FlingSDL
import FoundationEssentials
import Glibc

/// The `--plot` chart: value (left axis, blue) and velocity (right axis, orange) against time,
/// the target and the settle time marked. Both value axes share one set of grid lines.
struct SpringChart {
    enum LegendMark { case line(Color), dashed(Color), dot(Color) }
    static let size = Size(800, 480)
    static let scale = 2.0
    /// UIKit's systemOrange (light), which SystemColor does not carry.
    static let orange = Color(hex: 0xFF9500)

    let spring: Spring
    let options: SpringTool.Options
    /// Seconds from the start to rest (`maximumTime` if it never rests).
    let settleTime: Double
    let plot = Rect(x: 76, y: 96, width: 800 - 76 - 84, height: 480 - 96 - 58)

    init(spring: Spring, options: SpringTool.Options) {
        self.spring = spring
        self.options = options
        settleTime = spring.settleTime(maximum: SpringTool.maximumTime)
    }

    var rests: Bool { spring.isAtRest(at: settleTime) }

    /// The trajectory as the app sees it: exact until rest, then exactly at the target.
    func state(at t: Double) -> (value: Double, velocity: Double) {
        rests && t >= settleTime ? (spring.target, 0) : (spring.value(at: t), spring.velocity(at: t))
    }

    @MainActor
    func draw(env: SceneEnvironment) -> DisplayList {
        var l = DisplayList(background: .white)
        let p = spring.parameters

        // Time axis: up to --until, else a little past the settle time.
        let shown = max(options.until ?? (rests ? settleTime * 1.15 : SpringTool.maximumTime), 0.05)
        let time = Axis.covering(0, shown, intervals: 8)
        // Sample the curves about once per device pixel.
        let samples = Int(plot.width * SpringChart.scale)
        let ts = (0...samples).map { time.hi * Double($0) / Double(samples) }
        let states = ts.map(state(at:))
        let values = states.map(\.value) + [spring.from, spring.target]
        let velocities = states.map(\.velocity) + [0]
        let valueAxis = Axis.covering(values.min() ?? 0, values.max() ?? 1, intervals: 5)
        let velocityAxis = Axis.covering(velocities.min() ?? 0, velocities.max() ?? 1, sameIntervalsAs: valueAxis)

        func x(_ t: Double) -> Double { plot.minX + plot.width * (t - time.lo) / (time.hi - time.lo) }
        func y(_ v: Double, _ a: Axis) -> Double { plot.maxY - plot.height * (v - a.lo) / (a.hi - a.lo) }
        func text(_ s: String, _ font: Font, _ color: Color, x: Double, y: Double,
                  align: TextAlignment = .leading, middle: Bool = false) {
            l.label(s, at: Point(x, y), color, font: font, align: align, middle: middle, env: env)
        }
        let tick = TextStyle.caption.font
        let tickColor = SystemColor.secondaryLabel

        // Title and subtitle.
        let title = "Spring  k \(p.stiffness.shortText) · c \(p.damping.shortText) · m \(p.mass.shortText) · ζ \(spring.parameters.dampingRatio.fixed(3))"
        text(title, TextStyle.headline.font, SystemColor.label, x: 24, y: 18)
        var subtitle = "\(options.given) · from \(spring.from.shortText) to \(spring.target.shortText)"
        subtitle += ", initial velocity \(spring.initialVelocity.shortText)/s"
        let relative = SpringVelocity.relative(spring.initialVelocity, from: spring.from, to: spring.target)
        if relative != 0 { subtitle += " (\(relative.shortText) × distance)" }
        text(subtitle, TextStyle.footnote.font, SystemColor.secondaryLabel, x: 24, y: 42)

        // Legend, right-aligned above the plot (the velocity axis title sits right of it).
        let frames = SpringTool.rows(spring, fps: options.fps, until: time.hi).rows
        let showFrames = frames.count <= 90
        var legend: [(name: String, mark: LegendMark)] = [("value", .line(SystemColor.blue)), ("velocity", .line(SpringChart.orange)),
                                                          ("target", .dashed(SystemColor.gray))]
        if showFrames { legend.append(("frames at \(options.fps.shortText) fps", .dot(SystemColor.blue))) }
        var lx = plot.maxX - 4
        let ly = 68.0
        for item in legend.reversed() {
            lx -= env.layout(item.name, tick).size.width
            text(item.name, tick, SystemColor.label, x: lx, y: ly)
            let mid = ly + 8
            switch item.mark {
            case let .line(c): l.add(.polyline([Point(lx - 22, mid), Point(lx - 6, mid)], color: c, lineWidth: 2.5))
            case let .dashed(c): dash(&l, from: Point(lx - 22, mid), to: Point(lx - 6, mid), color: c, width: 1.5, on: 4, off: 2)
            case let .dot(c):
                l.add(.fillCircle(center: Point(lx - 12, mid), radius: 2.5, color: .white))
                l.add(.strokeCircle(center: Point(lx - 12, mid), radius: 2.5, color: c, lineWidth: 1.5))
            }
            lx -= 22 + 16
        }

        // Grid, shared by both value axes; tick labels left (value) and right (velocity).
        for (i, v) in valueAxis.ticks.enumerated() {
            let gy = y(v, valueAxis)
            l.add(.hairline(from: Point(plot.minX, gy), to: Point(plot.maxX, gy), color: i == 0 ? SystemColor.gray3 : SystemColor.gray5))
            text(valueAxis.label(v), tick, tickColor, x: plot.minX - 8, y: gy, align: .trailing, middle: true)
            let velocityTicks = velocityAxis.ticks
            if i < velocityTicks.count {
                text(velocityAxis.label(velocityTicks[i]), tick, SpringChart.orange, x: plot.maxX + 8, y: gy, middle: true)
            }
        }
        for t in time.ticks {
            let gx = x(t)
            l.add(.hairline(from: Point(gx, plot.minY), to: Point(gx, plot.maxY), color: SystemColor.gray5))
            l.add(.hairline(from: Point(gx, plot.maxY), to: Point(gx, plot.maxY + 4), color: SystemColor.gray3))
            text(time.label(t), tick, tickColor, x: gx, y: plot.maxY + 7, align: .center)
        }
        text("value", tick.withWeight(.semibold), SystemColor.blue, x: plot.minX - 8, y: 68, align: .trailing)
        text("velocity /s", tick.withWeight(.semibold), SpringChart.orange, x: plot.maxX + 8, y: 68)
        text("time (s)", tick.withWeight(.semibold), tickColor, x: plot.midX, y: plot.maxY + 28, align: .center)

        l.clipped(to: plot.insetBy(dx: -4, dy: -4)) { l in
            // Target.
            let ty = y(spring.target, valueAxis)
            dash(&l, from: Point(plot.minX, ty), to: Point(plot.maxX, ty), color: SystemColor.gray, width: 1.5, on: 6, off: 4)
            // Velocity behind value.
            curve(&l, zip(ts, states).map { Point(x($0), y($1.velocity, velocityAxis)) }, color: SpringChart.orange, width: 2)
            curve(&l, zip(ts, states).map { Point(x($0), y($1.value, valueAxis)) }, color: SystemColor.blue, width: 2.5)
            // The frames the app would draw at --fps, while they stay legible as dots.
            if showFrames {
                for f in frames {
                    l.add(.fillCircle(center: Point(x(f.t), y(f.value, valueAxis)), radius: 2.5, color: .white))
                    l.add(.strokeCircle(center: Point(x(f.t), y(f.value, valueAxis)), radius: 2.5, color: SystemColor.blue, lineWidth: 1.5))
                }
            }
        }

        // Settle marker with a badge (or a red badge saying it never rests).
        func badge(_ s: String, color: Color, at x: Double) {
            let t = env.layout(s, tick.withWeight(.semibold))
            let w = t.size.width + 16, h = t.size.height + 6
            // Right of `x` unless that would leave the plot.
            let bx = x + 6 + w <= plot.maxX - 4 ? x + 6 : x - 6 - w
            let frame = Rect(x: bx, y: plot.minY + 6, width: w, height: h)
            l.add(.fillRect(frame, radii: CornerRadii(h / 2), color: color))
            l.text(t, at: Point(bx + 8, frame.minY + 3), .white)
        }
        if !rests {
            badge("not at rest after \(Int(SpringTool.maximumTime)) s", color: SystemColor.red, at: plot.maxX)
        } else if settleTime <= time.hi {
            let sx = x(settleTime)
            dash(&l, from: Point(sx, plot.minY), to: Point(sx, plot.maxY), color: SystemColor.green, width: 1.5, on: 5, off: 3)
            badge("settles at \(settleTime.fixed(3)) s", color: SystemColor.green, at: sx)
        }
        return l
    }

    /// A smooth curve through closely spaced points. The renderer's polyline has no joins, so
    /// each segment is drawn on its own, lengthened a little to close the hairline cracks
    /// that otherwise show between segments of different direction.
    private func curve(_ l: inout DisplayList, _ points: [Point], color: Color, width: Double) {
        for (p, q) in zip(points, points.dropFirst()) {
            let d = q - p
            let length = d.length
            guard length > 1e-9 else { continue }
            let e = d * (0.3 / length)
            l.add(.polyline([p - e, q + e], color: color, lineWidth: width))
        }
    }

    /// A dashed line of `width` pt: `on` pt drawn, `off` pt skipped.
    private func dash(_ l: inout DisplayList, from a: Point, to b: Point, color: Color, width: Double, on: Double, off: Double) {
        let d = b - a
        let length = d.length
        guard length > 0 else { return }
        var s = 0.0
        while s < length {
            let e = min(s + on, length)
            l.add(.polyline([a + d * (s / length), a + d * (e / length)], color: color, lineWidth: width))
            s += on + off
        }
    }
}

/// A chart axis from `lo` to `hi` in steps of a round `step` (1, 2 or 5 × 10ⁿ).
struct Axis {
    var lo: Double
    var hi: Double
    var step: Double

    var ticks: [Double] {
        let n = Int(((hi - lo) / step).rounded())
        return (0...max(n, 0)).map { lo + Double($0) * step }
    }

    /// The label of a tick: as many decimals as the step needs, a true minus sign.
    func label(_ v: Double) -> String {
        let decimals = max(0, Int((-log10(step) - 1e-6).rounded(.up)))
        let s = v.fixed(decimals)
        return s.hasPrefix("-") ? "−" + s.dropFirst() : s
    }

    /// The smallest 1, 2 or 5 × 10ⁿ that is at least `x` (x > 0).
    static func roundStep(atLeast x: Double) -> Double {
        guard x.isFinite, x > 0 else { return 1 }
        let unit = pow(10, (log10(x)).rounded(.down))
        for m in [1.0, 2, 5, 10] where m * unit >= x * (1 - 1e-9) { return m * unit }
        return 10 * unit
    }

    /// Round ends around `low…high` with about `intervals` steps.
    static func covering(_ low: Double, _ high: Double, intervals: Int) -> Axis {
        var (low, high) = (low, high)
        if !(high > low) { low -= 1; high += 1 }
        let step = roundStep(atLeast: (high - low) / Double(intervals))
        return Axis(lo: (low / step).rounded(.down) * step, hi: (high / step).rounded(.up) * step, step: step)
    }

    /// An axis around `low…high` with exactly as many intervals as `other`, so both share grid lines.
    static func covering(_ low: Double, _ high: Double, sameIntervalsAs other: Axis) -> Axis {
        var (low, high) = (low, high)
        if !(high > low) { low -= 1; high += 1 }
        let n = Double(other.ticks.count - 1)
        var step = roundStep(atLeast: (high - low) / n)
        while true {
            let first = (low / step).rounded(.down)
            let last = (high / step).rounded(.up)
            if last - first <= n {
                // Centre the data in the spare intervals.
                let start = first - ((n - (last - first)) / 2).rounded(.down)
                return Axis(lo: start * step, hi: (start + n) * step, step: step)
            }
            step = roundStep(atLeast: step * 1.5)
        }
    }
}
