// StudyPlot: `fling report STUDY_DIR --plot PNG`: one decision map per condition side by side
// (from each condition's gestures, with its policy's boundaries) and, under them, each
// condition's rating distribution and "did what I expected" rate.
import FlingCore
import FlingUI
import FlingSDL

@MainActor
enum StudyPlot {
    static let ratingsHeight = 280.0

    /// `conditions`: each label, its researcher's name and its gestures.
    static func draw(_ conditions: [(label: String, name: String, report: MetricsReport)], data: StudyData,
                     to path: String, resources: String?) -> Int32 {
        let H = LayoutMetrics.defaultWindowSize.height
        let maps = conditions.map { c -> (panels: [DecisionMapPanel], height: Double) in
            let panels = DecisionMapPanel.panels(c.report.gestures, height: H)
            return (panels, DecisionMap.layout(panels: panels.count).height)
        }
        let mapHeight = maps.map(\.height).max() ?? 600
        let width = DecisionMap.width
        let size = Size(width * Double(max(1, conditions.count)), 44 + mapHeight + ratingsHeight)
        return ChartImage.write(size: size, resources: resources, tool: "fling report", to: path) { env in
            var l = DisplayList(background: .white)
            for (i, c) in conditions.enumerated() {
                let map = DecisionMap.list(c.report, panels: maps[i].panels, height: H, size: Size(width, maps[i].height), env: env)
                l.label("Condition \(c.label): \(c.name)", at: Point(width * Double(i) + 20, 10), .black, font: Font(size: 20, weight: .bold), env: env)
                l.transformed(.translate(width * Double(i), 44)) { l in
                    for command in map.commands { l.add(command) }
                }
                ratings(c.label, data: data, at: Point(width * Double(i) + 70, 44 + mapHeight), env: env, into: &l)
            }
            return l
        }
    }

    /// Bars of how many trials got each rating 1–7, and the expected rate.
    static func ratings(_ label: String, data: StudyData, at origin: Point, env: SceneEnvironment, into l: inout DisplayList) {
        let trials = data.trials.filter { $0["condition"] == label }
        var counts = [Int](repeating: 0, count: 7)
        for t in trials { if let r = t["rating"].flatMap(Int.init), (1...7).contains(r) { counts[r - 1] += 1 } }
        let most = max(1, counts.max() ?? 1)
        let caption = TextStyle.caption.font
        l.text(env.layout("Ratings (1 poor … 7 great), \(trials.count) trials", Font(size: 16, weight: .semibold)), at: origin, .black)
        let base = origin.y + 220, barWidth = 60.0, maxHeight = 160.0
        for (i, n) in counts.enumerated() {
            let h = maxHeight * Double(n) / Double(most)
            let x = origin.x + Double(i) * (barWidth + 14)
            l.add(.fillRect(Rect(x: x, y: base - h, width: barWidth, height: max(1, h)), radii: CornerRadii(4), color: SystemColor.blue))
            l.text(env.layout("\(i + 1)", caption), at: Point(x + barWidth / 2 - 4, base + 6), SystemColor.darkGray)
            if n > 0 { l.text(env.layout("\(n)", caption), at: Point(x + barWidth / 2 - 4, base - h - 20), .black) }
        }
        let yes = trials.filter { $0["expected"] == "yes" }.count
        let ci = StudyStatistics.wilson(yes, trials.count)
        let text = "Did what I expected: \(yes) of \(trials.count) (95 % Wilson \(cFormat("%.0f", ci.low * 100))–\(cFormat("%.0f", ci.high * 100)) %)"
        l.text(env.layout(text, caption), at: Point(origin.x, origin.y + 24), SystemColor.darkGray)
    }
}
