import FlingCore
import FlingUI
import FlingSDL

/// `fling bench`: render-time medians of real frames with the software renderer, against a
/// bare frame (clear + one full-window image) as the baseline the ratio is taken against.
@MainActor
enum Bench {
    struct Options {
        var size = LayoutMetrics.defaultWindowSize
        var scale = 1.0
        var frames = 300
        var resources: String?
        var scenario = "list"
    }

    /// Input that keeps the screen moving for the whole run: a scenario is a script of one
    /// cycle, repeated.
    struct Scenario {
        var scene: SceneID
        /// One cycle's script (times relative to the cycle's start), repeated.
        var cycle: Double
        var script: String
        /// Only frames inside these windows of each cycle count (nil: all).
        var measured: ClosedRange<Double>?
    }

    static let scenarios: [String: Scenario] = [
        // Flick the list up, then down again: scrolling frames, momentum included.
        "list": Scenario(scene: .restaurants, cycle: 2.0, script: "0.0 drag 200 700 200 300 0.2\n1.0 drag 200 300 200 700 0.2\n"),
        // Open a sheet, then drag it up and down by hand for a second: the dragged frames.
        "sheet-drag": Scenario(scene: .restaurants, cycle: 3.0,
                               script: "0.0 tap 200 230\n1.0 drag 200 1200 200 600 0.5\n1.5 drag 200 600 200 1200 0.5\n2.2 key Escape\n",
                               measured: 1.02...1.98),
        // Expand a card and close it again: the expansion frames.
        "card-expand": Scenario(scene: .today, cycle: 2.0, script: "0.0 tap 300 400\n1.0 key Escape\n", measured: 0.02...0.6),
    ]

    /// Options come from `BenchCommand` (BenchCommand.swift), checked.
    static func run(_ o: Options) -> Int32 {
        let resources: Resources
        do { resources = try Resources.load(o.resources) } catch { printError("fling: \(error.message)"); return 1 }
        return withHeadlessDisplay(size: o.size, scale: o.scale, resources: resources.root) { display, env in
            // Baseline: clear + one full-window photo, the cheapest frame that fills the screen.
            var bare = DisplayList(background: .white)
            bare.add(.image("articles/mountain-trail.jpg", frame: Rect(origin: .zero, size: o.size), mode: .fill, radii: .zero))
            var baseline: [Double] = []
            display.draw(bare)   // warm the image cache
            for _ in 0..<o.frames {
                let t0 = SDLContext.monotonicSeconds()
                display.draw(bare)
                baseline.append(SDLContext.monotonicSeconds() - t0)
            }
            // The scenario, frame by frame at 60 fps of virtual time.
            guard let scenario = scenarios[o.scenario] else { return 2 }
            var text = ""
            // Enough cycles that the measured windows hold the requested number of frames.
            let share = scenario.measured.map { ($0.upperBound - $0.lowerBound) / scenario.cycle } ?? 1
            let duration = Double(o.frames) / 60 / share
            let cycles = Int((duration / scenario.cycle).rounded(.up)) + 1
            for c in 0..<cycles {
                for line in scenario.script.split(separator: "\n") {
                    let parts = line.split(separator: " ", maxSplits: 1)
                    guard parts.count == 2, let t = Double(parts[0]) else { continue }
                    text += "\(t + Double(c) * scenario.cycle) \(parts[1])\n"
                }
            }
            text += "\(Double(cycles) * scenario.cycle) quit\n"
            guard let script = try? Script.parse(text, file: "bench") else { return 2 }
            let app = AppController(restaurants: resources.restaurants, articles: resources.articles, env: env, first: scenario.scene, windowSize: display.size,
                                    scale: display.scale, dateText: "Sunday, Nov 22")
            var times: [Double] = []
            var frame = 0
            do {
                try runHeadless(app: app, display: display, script: script, fps: 60, renderEveryFrame: true) { dt in
                    let t = (Double(frame) / 60).truncatingRemainder(dividingBy: scenario.cycle)
                    if scenario.measured.map({ $0.contains(t) }) ?? true { times.append(dt) }
                    frame += 1
                }
            } catch {
                printError("fling: \(error)")
                return 1
            }
            // The first cycle fills the caches; steady state is what we report.
            let steady = Array(times.dropFirst(min(times.count / 4, max(10, times.count / Int(max(1, Double(cycles)))))).prefix(max(o.frames, 1)))
            let m = median(steady), b = median(baseline)
            let label = "\(Int(o.size.width))x\(Int(o.size.height)) @\(format(o.scale, 0))x"
            print("bench \(o.scenario) \(label), software renderer, \(steady.count) frames (median, p90)")
            print("  \(o.scenario) frame: \(format(m * 1000, 2)) ms  (p90 \(format(percentile(steady, 0.9) * 1000, 2)) ms)")
            print("  bare frame: \(format(b * 1000, 2)) ms  (clear + one full-window image)")
            print("  ratio: \(format(m / max(b, 1e-9), 2))x the bare frame")
            return 0
        }
    }

    static func median(_ v: [Double]) -> Double { percentile(v, 0.5) }

    static func percentile(_ v: [Double], _ p: Double) -> Double {
        guard !v.isEmpty else { return 0 }
        let s = v.sorted()
        return s[min(s.count - 1, Int((Double(s.count - 1) * p).rounded()))]
    }

    static func format(_ v: Double, _ decimals: Int) -> String {
        var f = 1.0
        for _ in 0..<decimals { f *= 10 }
        let r = (v * f).rounded() / f
        var s = String(r)
        if decimals == 0, s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }
}
