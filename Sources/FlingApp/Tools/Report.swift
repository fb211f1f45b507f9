// Report: `fling report FILE`: the summary of a --metrics file, and with --plot a decision map
// and release-speed histogram drawn headless with the app's own renderer.
import ArgumentParser
import FlingCore
import FlingUI
import FlingSDL
import FoundationEssentials
import Glibc

/// `fling report FILE`: the summary of a metrics file, and with `--plot` a decision map.
struct ReportCommand: FlingCommand, SingleUseOptions {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Summarise a --metrics file: gestures, outcomes by policy, release speeds, late frames; --plot draws a decision map.",
        discussion: """
        The decision map puts each sheet gesture at its vertical travel (release y − press y, pt) against \
        its vertical release velocity (pt/s), coloured by outcome, with the sheet policies' boundaries \
        for a window --height pt tall (sheet released from half): fluid's speed ÷ distance left = \
        dismiss ratio, tutorial's up 25 % / down 30 % of the height. Below it, a histogram of \
        release speeds.
        """)

    static let singleUseOptions = ["--plot", "--height", "--resources", "--csv", "--trials-csv", "--gestures-csv"]

    @Argument(help: ArgumentHelp("The metrics file (one JSON line per gesture).", valueName: "file"), completion: .file())
    var file: String
    @Option(help: ArgumentHelp("Draw the decision map and the velocity histogram into this PNG.", valueName: "path"), completion: .file(extensions: ["png"]))
    var plot: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("The window height the boundaries are drawn for, 100 to 8192 pt (default 844).", valueName: "H"),
            transform: { try Parse.number($0, "--height", in: 100...8192) })
    var height: Double = LayoutMetrics.defaultWindowSize.height
    @Option(help: ArgumentHelp("Fonts (as the app's --resources).", valueName: "dir"), completion: .directory)
    var resources: String?
    @Option(help: ArgumentHelp("With a study folder: write the aggregate table (per condition and task) as CSV.", valueName: "path"), completion: .file(extensions: ["csv"]))
    var csv: String?
    @Option(name: .customLong("trials-csv"), help: ArgumentHelp("With a study folder: every participant's trials, one tidy CSV row each.", valueName: "path"), completion: .file(extensions: ["csv"]))
    var trialsCSV: String?
    @Option(name: .customLong("gestures-csv"), help: ArgumentHelp("With a study folder: every participant's gestures, one tidy CSV row each.", valueName: "path"), completion: .file(extensions: ["csv"]))
    var gesturesCSV: String?

    func execute() -> Int32 {
        // A folder is a study's (`fling study`): its participants' results together.
        var info = stat()
        if stat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            return StudyReportTool(dir: file, csv: csv, trialsCSV: trialsCSV, gesturesCSV: gesturesCSV, plot: plot, resources: resources).run()
        }
        if csv != nil || trialsCSV != nil || gesturesCSV != nil {
            printError("fling report: --csv, --trials-csv and --gestures-csv are for a study folder; \(file) is a metrics file")
            return 2
        }
        let data: Data
        switch readUserFile(file) {
        case .success(let d): data = d
        case .failure(let e):
            printError("fling report: \(file): metrics file \(e.reason)")
            return 2
        }
        let report: MetricsReport
        do { report = try MetricsReport.parse(String(decoding: data, as: UTF8.self), file: file) } catch {
            printError("fling report: \(error.description)")
            return 2
        }
        if let line = report.cutAtLine {
            Log.warning("\(file):\(line): the file is cut here (its last line has no end and is not a gesture); the \(report.gestures.count) gestures before it are read")
        }
        // Names from the file (policies, outcomes) reach the terminal escaped (issue 29).
        print(report.summary.split(separator: "\n", omittingEmptySubsequences: false).map { escapedControls(String($0)) }.joined(separator: "\n"))
        guard let plot else { return 0 }
        return DecisionMap.draw(report, height: height, to: plot, resources: resources)
    }
}

/// The decision map and release-speed histogram of `fling report --plot`, drawn with the app's
/// own display list and renderer, headless.
@MainActor
enum DecisionMap {
    static let size = Size(820, 900)

    static func color(_ outcome: String) -> Color {
        switch outcome {
        case "full": return SystemColor.blue
        case "half": return SystemColor.green
        case "expanded": return SystemColor.purple
        case "dismiss": return SystemColor.red
        case "collapse", "close": return Color(hex: 0xFF9500)
        case "stay": return SystemColor.gray
        default: return SystemColor.yellow
        }
    }

    static func draw(_ report: MetricsReport, height H: Double, to path: String, resources: String?) -> Int32 {
        withHeadlessDisplay(size: size, scale: 1, resources: resources) { display, env in
            display.draw(list(report, height: H, env: env))
            guard let image = display.readPixels() else { printError("fling report: the plot could not be read back"); return 1 }
            do { try PNGFile.write(image, to: path) } catch { printError("fling report: \(error)"); return 1 }
            return 0
        }
    }

    static func list(_ report: MetricsReport, height H: Double, env: SceneEnvironment) -> DisplayList {
        var l = DisplayList(background: .white)
        let caption = TextStyle.caption.font
        func label(_ s: String, _ p: Point, _ c: Color = SystemColor.darkGray, font: Font? = nil) {
            l.text(env.layout(s, font ?? caption), at: p, c)
        }
        // The map is the sheets' (their policies' boundaries); the histogram takes every gesture.
        let gestures = report.gestures.filter { $0.target == "sheet" }
        let policies = MetricsReport(gestures: gestures).outcomesByPolicy.map(\.policy)
        // Map: x = travel (pt), y = vertical release velocity (pt/s, down positive, drawn down).
        let plot = Rect(x: 70, y: 64, width: 720, height: 470)
        let maxTravel = max(H * 0.5, gestures.map { abs($0.release.y - $0.start.y) }.max() ?? 0) * 1.1
        let maxV = max(2000, gestures.map { abs($0.vy) }.max() ?? 0) * 1.1
        func px(_ travel: Double) -> Double { plot.minX + (travel + maxTravel) / (2 * maxTravel) * plot.width }
        func py(_ v: Double) -> Double { plot.minY + (v + maxV) / (2 * maxV) * plot.height }
        label("Sheet decisions: release travel vs velocity (\(gestures.count) gestures; boundaries for H = \(Int(H)) pt, from half)",
              Point(20, 16), SystemColor.label, font: TextStyle.subheadline.font)
        l.add(.fillRect(plot, radii: CornerRadii(0), color: SystemColor.groupedBackground))
        l.clipped(to: plot) { l in
            // Axes through zero.
            l.add(.hairline(from: Point(px(0), plot.minY), to: Point(px(0), plot.maxY), color: SystemColor.gray))
            l.add(.hairline(from: Point(plot.minX, py(0)), to: Point(plot.maxX, py(0)), color: SystemColor.gray))
            // Tutorial: up past 25 % of H → full, down past 30 % → dismiss.
            for x in [-SheetConstants.tutorialFullFraction * H, SheetConstants.tutorialDismissFraction * H] {
                l.add(.polyline([Point(px(x), plot.minY), Point(px(x), plot.maxY)], color: SystemColor.purple, lineWidth: 2))
            }
            // Fluid: dismiss where speed ÷ distance left (H/2 − travel) reaches the ratio.
            var line: [Point] = []
            for i in 0...60 {
                let travel = -maxTravel + Double(i) / 60 * 2 * maxTravel
                line.append(Point(px(travel), py(SheetConstants.fluidDismissVelocityRatio * max(0, H / 2 - travel))))
            }
            l.add(.polyline(line, color: SystemColor.red, lineWidth: 2))
            // The first policy's gestures as dots, the others' as rings (a replay under two
            // policies puts both at the same place).
            for g in gestures {
                let c = Point(px(g.release.y - g.start.y), py(g.vy))
                if g.policy == policies.first {
                    l.add(.fillCircle(center: c, radius: 5, color: color(g.decision.outcome)))
                    l.add(.strokeCircle(center: c, radius: 5, color: .white, lineWidth: 1))
                } else {
                    l.add(.strokeCircle(center: c, radius: 9, color: color(g.decision.outcome), lineWidth: 2.5))
                }
            }
        }
        l.add(.strokeRect(plot, radii: CornerRadii(0), color: SystemColor.gray, lineWidth: 1))
        for f in [-1.0, -0.5, 0, 0.5, 1] {
            label("\(Int(f * maxTravel))", Point(px(f * maxTravel) - 14, plot.maxY + 4))
            label("\(Int(f * maxV))", Point(8, py(f * maxV) - 8))
        }
        label("travel (pt, release y − press y; up ←  → down)", Point(plot.midX - 140, plot.maxY + 20))
        label("vy (pt/s, down ↓)", Point(plot.maxX - 100, plot.minY - 18))
        label("fluid: v / distance left = \(MetricsReport.fixed(SheetConstants.fluidDismissVelocityRatio, 1))", Point(plot.minX + 8, plot.minY + 6), SystemColor.red)
        label("tutorial: −\(Int(SheetConstants.tutorialFullFraction * 100)) % / +\(Int(SheetConstants.tutorialDismissFraction * 100)) % of H",
              Point(plot.minX + 8, plot.minY + 22), SystemColor.purple)
        // Legend: the outcomes present.
        var outcomes: [String] = []
        for g in gestures where !outcomes.contains(g.decision.outcome) { outcomes.append(g.decision.outcome) }
        var lx = plot.minX
        for o in outcomes {
            l.add(.fillCircle(center: Point(lx + 6, plot.maxY + 52), radius: 5, color: color(o)))
            label(o, Point(lx + 16, plot.maxY + 44), SystemColor.label)
            lx += 100
        }
        if policies.count > 1 {
            label("dots: \(policies[0]); rings: \(policies.dropFirst().joined(separator: ", "))", Point(lx + 10, plot.maxY + 44), SystemColor.label)
        }
        // Histogram of release speeds.
        let hist = Rect(x: 70, y: 650, width: 720, height: 200)
        label("Release speed (pt/s), all \(report.gestures.count) gestures", Point(20, hist.minY - 34), SystemColor.label, font: TextStyle.subheadline.font)
        let speeds = report.gestures.map { ($0.vx * $0.vx + $0.vy * $0.vy).squareRoot() }
        let bins = 20
        let top = max(1000, (speeds.max() ?? 0) * 1.05)
        var counts = [Int](repeating: 0, count: bins)
        for s in speeds { counts[min(bins - 1, Int(s / top * Double(bins)))] += 1 }
        let peak = max(1, counts.max() ?? 1)
        l.add(.fillRect(hist, radii: CornerRadii(0), color: SystemColor.groupedBackground))
        let bw = hist.width / Double(bins)
        for (i, n) in counts.enumerated() where n > 0 {
            let h = Double(n) / Double(peak) * (hist.height - 10)
            l.add(.fillRect(Rect(x: hist.minX + Double(i) * bw + 1, y: hist.maxY - h, width: bw - 2, height: h),
                            radii: CornerRadii(0), color: SystemColor.blue))
        }
        l.add(.strokeRect(hist, radii: CornerRadii(0), color: SystemColor.gray, lineWidth: 1))
        for f in [0.0, 0.25, 0.5, 0.75, 1] { label("\(Int(f * top))", Point(hist.minX + f * hist.width - 10, hist.maxY + 4)) }
        label("\(peak)", Point(40, hist.minY))
        return l
    }
}
