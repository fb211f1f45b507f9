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
        The decision map has one panel per setting (or policy) and starting detent, and one per card \
        tuning: each gesture at its vertical travel (release y − press y, pt) against its vertical \
        release velocity (pt/s), coloured by outcome, over the outcome the policy decides at each \
        point, sampled from the policy itself for a window --height pt tall (every rule: fluid's projection \
        as well as its speed ÷ distance left; the edges drawn where the outcome changes). Below it, \
        a histogram of release speeds.
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
    @Flag(name: .customLong("skip-bad-rows"), help: "With a study folder: leave out the rows that cannot be read, each named with its file and line, and report the rest (without it they are named and nothing is reported).")
    var skipBadRows = false

    func execute() -> Int32 {
        // A folder is a study's (`fling study`): its participants' results together.
        var info = stat()
        if stat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            return StudyReportTool(dir: file, csv: csv, trialsCSV: trialsCSV, gesturesCSV: gesturesCSV, plot: plot, resources: resources,
                                   skipBadRows: skipBadRows).run()
        }
        if csv != nil || trialsCSV != nil || gesturesCSV != nil || skipBadRows {
            printError("fling report: --csv, --trials-csv, --gestures-csv and --skip-bad-rows are for a study folder; \(file) is a metrics file")
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
        // Names from the file (policies, outcomes) reach the terminal escaped.
        print(report.summary.split(separator: "\n", omittingEmptySubsequences: false).map { escapedControls(String($0)) }.joined(separator: "\n"))
        guard let plot else { return 0 }
        return DecisionMap.draw(report, height: height, to: plot, resources: resources)
    }
}

/// The decision map and release-speed histogram of `fling report --plot`, drawn with the app's
/// own display list and renderer, headless.
@MainActor
enum DecisionMap {
    static let width = 820.0
    /// Sampling grid of each panel's regions (columns of travel × rows of velocity).
    static let columns = 120, rows = 80

    static func color(_ outcome: String) -> Color {
        switch outcome {
        case GestureOutcome.full: return SystemColor.blue
        case GestureOutcome.half: return SystemColor.green
        case GestureOutcome.expanded: return SystemColor.purple
        case GestureOutcome.dismissed: return SystemColor.red
        case GestureOutcome.collapsed: return Color(hex: 0xFF9500)
        case GestureOutcome.stay: return SystemColor.gray
        default: return SystemColor.yellow
        }
    }

    /// An outcome's region: its colour, pale and opaque (the cells overlap by half a point so
    /// no seam shows; translucent ones striped where they did).
    static func tint(_ outcome: String) -> Color {
        let c = color(outcome), k = 0.22
        return Color(r: 1 - k + k * c.r, g: 1 - k + k * c.g, b: 1 - k + k * c.b, a: 1)
    }

    /// The panels' layout: one column for one panel, two for more.
    static func layout(panels n: Int) -> (columns: Int, panel: Size, height: Double) {
        let columns = n > 1 ? 2 : 1
        let panel = n > 1 ? Size(330, 260) : Size(700, 420)
        let rows = max(1, (n + columns - 1) / columns)
        return (columns, panel, 56 + Double(rows) * (panel.height + 78) + 40 + 290)
    }

    static func draw(_ report: MetricsReport, height H: Double, to path: String, resources: String?) -> Int32 {
        let panels = DecisionMapPanel.panels(report.gestures, height: H)
        let size = Size(width, layout(panels: panels.count).height)
        return ChartImage.write(size: size, resources: resources, tool: "fling report", to: path) { env in
            list(report, panels: panels, height: H, size: size, env: env)
        }
    }

    static func list(_ report: MetricsReport, panels: [DecisionMapPanel], height H: Double, size: Size, env: SceneEnvironment) -> DisplayList {
        var l = DisplayList(background: .white)
        func label(_ s: String, _ p: Point, _ c: Color = SystemColor.darkGray, font: Font = TextStyle.caption.font) {
            l.label(s, at: p, c, font: font, env: env)
        }
        let (columns, panelSize, _) = layout(panels: panels.count)
        let mapped = panels.reduce(0) { $0 + $1.gestures.count }
        label("Decisions: release travel vs velocity (\(mapped) sheet and card gestures; H = \(Int(H)) pt)",
              Point(20, 12), SystemColor.label, font: TextStyle.subheadline.font)
        label("Tinted: what the policy decides there (sampled from its own code); lines: where that changes; dots: the gestures, by what they did",
              Point(20, 34))
        var outcomes: [String] = []
        for (i, panel) in panels.enumerated() {
            let origin = Point(70 + Double(i % columns) * (panelSize.width + 70), 76 + Double(i / columns) * (panelSize.height + 78))
            let plot = Rect(x: origin.x, y: origin.y, width: panelSize.width, height: panelSize.height)
            drawPanel(panel, in: plot, height: H, into: &l, env: env)
            for g in panel.gestures where !outcomes.contains(g.decision.outcome) { outcomes.append(g.decision.outcome) }
            if let r = panel.regions {
                let (travel, velocity) = panel.ranges(height: H)
                for o in Set(r.grid(travel: travel, velocity: velocity, columns: 12, rows: 8).joined()).sorted() where !outcomes.contains(o) {
                    outcomes.append(o)
                }
            }
        }
        if panels.isEmpty { label("No sheet or card gestures in this file.", Point(70, 90), SystemColor.label) }
        // Legend: every outcome shown.
        let legendY = 76 + Double(max(1, (panels.count + columns - 1) / columns)) * (panelSize.height + 78) - 10
        var lx = 70.0
        for o in outcomes {
            l.add(.fillRect(Rect(x: lx, y: legendY, width: 14, height: 14), radii: CornerRadii(3), color: tint(o)))
            l.add(.fillCircle(center: Point(lx + 7, legendY + 7), radius: 4, color: color(o)))
            label(o, Point(lx + 20, legendY), SystemColor.label)
            lx += 100
        }
        label("ring: the gesture did not do what the map says there (content scrolled, or a tuning the line does not name)",
              Point(70, legendY + 20))
        drawHistogram(report, top: size.height - 250, into: &l, env: env)
        return l
    }

    /// One panel: the regions, their edges, the axes and the gestures.
    static func drawPanel(_ panel: DecisionMapPanel, in plot: Rect, height H: Double, into l: inout DisplayList, env: SceneEnvironment) {
        func label(_ s: String, _ p: Point, _ c: Color, _ font: Font?) { l.label(s, at: p, c, font: font ?? TextStyle.caption.font, env: env) }
        let (travel, velocity) = panel.ranges(height: H)
        func px(_ x: Double) -> Double { plot.minX + (x - travel.lowerBound) / (travel.upperBound - travel.lowerBound) * plot.width }
        func py(_ v: Double) -> Double { plot.minY + (v - velocity.lowerBound) / (velocity.upperBound - velocity.lowerBound) * plot.height }
        let off = panel.gestures.filter { g in panel.regions.map { $0.outcome(travel: g.release.y - g.start.y, velocity: g.vy) != g.decision.outcome } ?? false }
        label("\(panel.title) (\(panel.gestures.count)\(off.isEmpty ? "" : ", \(off.count) off the map"))",
              Point(plot.minX, plot.minY - 20), SystemColor.label, TextStyle.footnote.font)
        l.add(.fillRect(plot, radii: CornerRadii(0), color: SystemColor.groupedBackground))
        l.clipped(to: plot) { l in
            if let regions = panel.regions {
                let grid = regions.grid(travel: travel, velocity: velocity, columns: columns, rows: rows)
                let cw = plot.width / Double(columns), ch = plot.height / Double(rows)
                for (row, cells) in grid.enumerated() {
                    // Runs of one outcome along a row as one rectangle.
                    var runStart = 0
                    for c in 1...cells.count where c == cells.count || cells[c] != cells[runStart] {
                        l.add(.fillRect(Rect(x: plot.minX + Double(runStart) * cw, y: plot.minY + Double(row) * ch,
                                             width: Double(c - runStart) * cw + 0.5, height: ch + 0.5),
                                        radii: CornerRadii(0), color: tint(cells[runStart])))
                        runStart = c
                    }
                }
                // The edges: where a neighbour decides otherwise.
                let edge = Color(white: 0.15, alpha: 0.85)
                for row in 0..<rows {
                    for c in 0..<columns {
                        let x = plot.minX + Double(c + 1) * cw, y = plot.minY + Double(row + 1) * ch
                        if c + 1 < columns, grid[row][c] != grid[row][c + 1] {
                            l.add(.polyline([Point(x, y - ch), Point(x, y)], color: edge, lineWidth: 1.5))
                        }
                        if row + 1 < rows, grid[row][c] != grid[row + 1][c] {
                            l.add(.polyline([Point(x - cw, y), Point(x, y)], color: edge, lineWidth: 1.5))
                        }
                    }
                }
            }
            // Axes through zero.
            if travel.contains(0) { l.add(.hairline(from: Point(px(0), plot.minY), to: Point(px(0), plot.maxY), color: SystemColor.gray)) }
            l.add(.hairline(from: Point(plot.minX, py(0)), to: Point(plot.maxX, py(0)), color: SystemColor.gray))
            for g in panel.gestures {
                let c = Point(px(g.release.y - g.start.y), py(g.vy))
                l.add(.fillCircle(center: c, radius: 5, color: color(g.decision.outcome)))
                l.add(.strokeCircle(center: c, radius: 5, color: .white, lineWidth: 1))
            }
            for g in off {
                l.add(.strokeCircle(center: Point(px(g.release.y - g.start.y), py(g.vy)), radius: 9, color: SystemColor.label, lineWidth: 2))
            }
        }
        l.add(.strokeRect(plot, radii: CornerRadii(0), color: SystemColor.gray, lineWidth: 1))
        for f in [0.0, 0.5, 1] {
            let x = travel.lowerBound + f * (travel.upperBound - travel.lowerBound)
            label("\(Int(x.rounded()))", Point(px(x) - 12, plot.maxY + 3), SystemColor.darkGray, nil)
            let v = velocity.lowerBound + f * (velocity.upperBound - velocity.lowerBound)
            label("\(Int(v.rounded()))", Point(plot.minX - 48, py(v) - 8), SystemColor.darkGray, nil)
        }
        label(panel.target == "card" ? "finger travel (pt: down →) · vy (pt/s: down ↓)" : "travel (pt: up ← → down) · vy (pt/s: down ↓)",
              Point(plot.minX, plot.maxY + 18), SystemColor.darkGray, nil)
    }

    /// Release speeds of every gesture (lists too).
    static func drawHistogram(_ report: MetricsReport, top: Double, into l: inout DisplayList, env: SceneEnvironment) {
        func label(_ s: String, _ p: Point, _ c: Color, _ font: Font?) { l.label(s, at: p, c, font: font ?? TextStyle.caption.font, env: env) }
        let hist = Rect(x: 70, y: top + 30, width: 700, height: 180)
        label("Release speed (pt/s), all \(report.gestures.count) gestures", Point(20, top), SystemColor.label, TextStyle.subheadline.font)
        let speeds = report.gestures.map { ($0.vx * $0.vx + $0.vy * $0.vy).squareRoot() }
        let bins = 20
        let topSpeed = max(1000, (speeds.max() ?? 0) * 1.05)
        var counts = [Int](repeating: 0, count: bins)
        for s in speeds { counts[min(bins - 1, Int(s / topSpeed * Double(bins)))] += 1 }
        let peak = max(1, counts.max() ?? 1)
        l.add(.fillRect(hist, radii: CornerRadii(0), color: SystemColor.groupedBackground))
        let bw = hist.width / Double(bins)
        for (i, n) in counts.enumerated() where n > 0 {
            let h = Double(n) / Double(peak) * (hist.height - 10)
            l.add(.fillRect(Rect(x: hist.minX + Double(i) * bw + 1, y: hist.maxY - h, width: bw - 2, height: h),
                            radii: CornerRadii(0), color: SystemColor.blue))
        }
        l.add(.strokeRect(hist, radii: CornerRadii(0), color: SystemColor.gray, lineWidth: 1))
        for f in [0.0, 0.25, 0.5, 0.75, 1] {
            label("\(Int(f * topSpeed))", Point(hist.minX + f * hist.width - 10, hist.maxY + 4), SystemColor.darkGray, nil)
        }
        label("\(peak)", Point(40, hist.minY), SystemColor.darkGray, nil)
    }
}
