// OverlayDrawing: how the instrument draws above everything: touch circles, trails and release
// vectors, the sheet's detents and thresholds, state pills and the frame-time graph.
import FlingCore

/// What the instrument draws above everything (after the scene, its sheet and the tab bar).
extension Instrument {
    private static let ink = Color(hex: 0xFF2D55)            // systemPink: stands out on photos and white
    private static let guide = Color(hex: 0x007AFF)          // systemBlue: detents
    private static let threshold = Color(hex: 0xFF9500)      // systemOrange: decision thresholds
    private static let pill = Color(white: 0, alpha: InstrumentConstants.labelBackgroundAlpha)
    private static let latencyDot = Color(hex: 0x32ADE6)     // systemCyan: input-to-present latency
    private static let labelFont = Font(size: 11, weight: .semibold)

    package func draw(into list: inout DisplayList, app: AppController, realTime: Double, sceneTime: Double) {
        if overlay { drawOverlay(into: &list, app: app, time: realTime, sceneTime: sceneTime) }
        panel.draw(into: &list, context: app.instrumentContext, time: realTime)
        if showTouches { drawTouches(into: &list) }
    }

    /// Show touches: a soft gray disc with a white ring under each pointer that is down.
    private func drawTouches(into list: inout DisplayList) {
        let r = InstrumentConstants.touchDiameter / 2
        for p in activeTouches {
            // Gray with a white ring, and a faint dark edge so it also reads on white.
            list.add(.fillCircle(center: p, radius: r, color: Color(white: 0.5, alpha: 0.55)))
            list.add(.strokeCircle(center: p, radius: r - 1.5, color: Color(white: 1, alpha: 0.9), lineWidth: 2.5))
            list.add(.strokeCircle(center: p, radius: r + 0.5, color: Color(white: 0, alpha: 0.18), lineWidth: 1))
        }
    }

    private func drawOverlay(into list: inout DisplayList, app: AppController, time: Double, sceneTime: Double) {
        let env = app.env
        let window = app.windowSize
        // The sheet's track: its detents and the policy's thresholds, labelled on the right.
        // (Labels end left of the tuning panel when it is open.)
        let labelsRight = panel.isVisible ? panel.frame(window: window).minX - 6 : window.width - 6
        for line in Self.trackLines(app: app, time: sceneTime) {
            let color = line.isDetent ? Self.guide : Self.threshold
            list.add(.polyline([Point(0, line.y), Point(window.width, line.y)], color: color.withAlpha(0.8), lineWidth: line.isDetent ? 1.5 : 1))
            label(line.text, at: Point(labelsRight, line.y - 2), anchor: .bottomRight, color: color, env: env, into: &list)
        }
        // Trails: the last 0.25 s of each pointer, fading towards its tail.
        for (_, trail) in trails.sorted(by: { $0.key < $1.key }) {
            let pts = trail.points.map(\.location)
            if pts.count > 1 { list.add(.polyline(pts, color: Self.ink.withAlpha(0.85), lineWidth: 3)) }
            if let head = pts.last, trail.down { list.add(.fillCircle(center: head, radius: 5, color: Self.ink)) }
        }
        // The last release: the velocity as an arrow, the projected end point as a ring.
        if var r = lastRelease {
            // The model's own record of this release, when it made one, is what decided: its
            // velocity and projection replace the overlay's own tracking.
            let decision = Self.lastDecision(app: app).flatMap { $0.release.t == r.sceneTime ? $0 : nil }
            if let d = decision {
                r.velocity = Point(d.vx, d.vy)
                r.projected = Point(d.projected.x, r.location.y + Projection.distance(velocity: d.vy, decelerationRate: app.tuningInForce.projectionRate))
            }
            let speed = (r.velocity.x * r.velocity.x + r.velocity.y * r.velocity.y).squareRoot()
            if speed > 0 {
                let length = min(InstrumentConstants.maxArrowLength, speed * InstrumentConstants.arrowSeconds)
                let ux = r.velocity.x / speed, uy = r.velocity.y / speed
                let tip = Point(r.location.x + ux * length, r.location.y + uy * length)
                list.add(.polyline([r.location, tip], color: Self.ink, lineWidth: 2.5))
                let head = min(10, length / 2)
                let left = Point(tip.x - head * (ux - uy * 0.5), tip.y - head * (uy + ux * 0.5))
                let right = Point(tip.x - head * (ux + uy * 0.5), tip.y - head * (uy - ux * 0.5))
                list.add(.polyline([left, tip, right], color: Self.ink, lineWidth: 2.5))
                // The label stays on screen when the arrow leaves it (a flick down to dismiss).
                // Times read late or guessed say so (the velocity is only as right as they are);
                // the longer label keeps clear of the right edge too.
                let source = r.velocitySource == .poll || r.velocitySource == .estimated ? " · \(r.velocitySource.rawValue) times" : ""
                let at = Point(min(max(tip.x + 6, 0), window.width - (source.isEmpty ? 150 : 260)), min(max(tip.y, 12), window.height - 12))
                label("\(Int(speed.rounded())) pt/s (\(Int(r.velocity.x.rounded())), \(Int(r.velocity.y.rounded())))\(source)",
                      at: at, anchor: .left, color: Self.ink, env: env, into: &list)
                list.add(.polyline([r.location, r.projected], color: Self.ink.withAlpha(0.35), lineWidth: 1))
            }
            // (A tap or a still release projects to where it is: nothing to show.) Off screen (a
            // strong flick) the ring waits at the edge, labelled with where it is.
            if speed > 0 {
                let ring = Point(min(max(r.projected.x, 10), window.width - 10), min(max(r.projected.y, 10), window.height - 10))
                list.add(.strokeCircle(center: ring, radius: 7, color: Self.ink, lineWidth: 2))
                let text = ring == r.projected ? "projected" : "projected (\(Int(r.projected.x.rounded())), \(Int(r.projected.y.rounded())))"
                label(text, at: Point(min(ring.x + 10, window.width - 160), ring.y), anchor: .left, color: Self.ink, env: env, into: &list)
            }
        }
        drawStatus(into: &list, app: app, time: time, sceneTime: sceneTime)
    }

    /// The projected sheet top, the state and decision pills, the frame-time graph.
    private func drawStatus(into list: inout DisplayList, app: AppController, time: Double, sceneTime: Double) {
        let env = app.env
        let window = app.windowSize
        // The released sheet's projected top, on its track (what the fluid policy compares).
        if let release = lastRelease, release.sheetTop != nil, Self.sheetPresenter(app)?.isVisible == true,
           let top = Self.lastDecision(app: app).flatMap({ $0.release.t == release.sceneTime ? $0.projected.y : nil })
                ?? release.projectedSheetTop {
            let y = min(max(top, 60), window.height - 2)   // clamped below the state and decision pills
            list.add(.polyline([Point(0, y), Point(90, y)], color: Self.ink, lineWidth: 3))
            label("projected top \(Int(top.rounded()))", at: Point(92, y), anchor: .left, color: Self.ink, env: env, into: &list)
        }
        // The interaction's state (and the clock's) in a pill at the top left.
        var status = Self.stateName(app: app, time: sceneTime)
        if app.clock.paused { status += "  ·  paused (. steps)" } else if app.clock.slowFactor > 1 { status += "  ·  slow ×\(Self.short(app.clock.slowFactor))" }
        label(status, at: Point(8, 8), anchor: .topLeft, color: .white, env: env, into: &list, background: Self.pill, font: Font(size: 13, weight: .semibold))
        // Under it, the last release decision and the rule that made it (the models' records).
        if let d = Self.lastDecision(app: app) {
            label("→ \(d.decision.outcome): \(d.decision.rule)", at: Point(8, 32), anchor: .topLeft, color: .white, env: env,
                  into: &list, background: Self.pill)
        }
        drawFrameGraph(into: &list, window: window, time: time, env: env)
    }

    /// The last 2 s of frame times as bars against the 60 Hz budget line, and each presented
    /// frame's input-to-present latency (its oldest input's) as a dot on the same scale.
    private func drawFrameGraph(into list: inout DisplayList, window: Size, time: Double, env: SceneEnvironment) {
        let w = 200.0, h = 56.0
        // Bottom left, above the tab bar: clear of titles, the panel and the sheet's labels.
        let frame = Rect(x: 8, y: max(40, window.height - TabBar.height - h - 8), width: w, height: h)
        list.fill(frame, radius: 6, Self.pill)
        let plot = frame.insetBy(dx: 6, dy: 6)
        let span = InstrumentConstants.frameGraphSpan, range = InstrumentConstants.frameGraphRange
        for f in frameTimes where f.time >= time - span {
            let x = plot.maxX - (time - f.time) / span * plot.width
            let barH = min(1, f.seconds / range) * plot.height
            let late = f.seconds > InstrumentConstants.frameBudget
            list.fill(Rect(x: x - 1, y: plot.maxY - barH, width: 2, height: barH), late ? Self.ink : Color.green)
        }
        for l in latencies where l.time >= time - span {
            let x = plot.maxX - (time - l.time) / span * plot.width
            let y = plot.maxY - min(1, l.seconds / range) * plot.height
            list.fill(Rect(x: x - 1.5, y: y - 1.5, width: 3, height: 3), Self.latencyDot)
        }
        let budgetY = plot.maxY - InstrumentConstants.frameBudget / range * plot.height
        list.add(.polyline([Point(plot.minX, budgetY), Point(plot.maxX, budgetY)], color: Color(white: 1, alpha: 0.7), lineWidth: 1))
        let last = frameTimes.last.map { "\(Self.short(($0.seconds * 10000).rounded() / 10)) ms" } ?? "no frames"
        let input = latencies.last.map { " · input \(Self.short(($0.seconds * 1000).rounded())) ms" } ?? ""
        label("16.7 ms · \(last)\(input)", at: Point(plot.minX, plot.minY), anchor: .topLeft, color: .white, env: env, into: &list,
              background: Color(white: 0, alpha: 0))   // on the graph's own pill
    }

    // MARK: What the overlay reads from the scenes

    struct TrackLine: Equatable {
        var y: Double
        var text: String
        var isDetent: Bool
    }

    /// The sheet's detents and the thresholds its policy decides a release by, in window pt.
    static func trackLines(app: AppController, time: Double) -> [TrackLine] {
        guard let presenter = sheetPresenter(app), presenter.isVisible else { return [] }
        let sheet = presenter.sheet
        let h = app.windowSize.height
        // The sheet on screen decides with its own policy and tuning (the panel's choices are
        // the next sheet's / the next gesture's).
        let t = sheet.tuning
        var lines = sheet.policy.detents(height: h).map { TrackLine(y: $0.1, text: "\($0.0.rawValue) \(Int($0.1.rounded()))", isDetent: true) }
        switch sheet.policy.kind {
        case .tutorial:
            // The seed counts the finger's travel from its touch-down, slop included; the sheet
            // follows from the slop circle, so on the sheet's track a threshold sits one slop
            // nearer than the fraction of H.
            var start = sheet.policy.top(of: .half, height: h)
            if case .dragging(let d) = sheet.phase { start = d.startTop }
            let slop = t.touchSlop
            if sheet.detent == .full {
                let full = sheet.policy.top(of: .full, height: h)
                lines.append(TrackLine(y: full + t.tutorialPullToHalf - slop, text: "pull \(short(t.tutorialPullToHalf)) → half", isDetent: false))
            } else {
                lines.append(TrackLine(y: start - t.tutorialFullFraction * h + slop, text: "−\(short(t.tutorialFullFraction))·H → full", isDetent: false))
                lines.append(TrackLine(y: start + t.tutorialDismissFraction * h - slop, text: "+\(short(t.tutorialDismissFraction))·H → dismiss", isDetent: false))
            }
        case .fluid:
            let detents = sheet.policy.detents(height: h)
            for (a, b) in zip(detents, detents.dropFirst()) {
                lines.append(TrackLine(y: (a.1 + b.1) / 2, text: "projection ↑ \(a.0.rawValue) / ↓ \(b.0.rawValue)", isDetent: false))
            }
            let lowest = sheet.policy.lowest(height: h).1
            lines.append(TrackLine(y: lowest + (h - lowest) * MotionConstants.fluidDismissProjectionShare,
                                   text: "projection ↓ dismiss (or v ≥ \(short(t.dismissRatio))/s × distance left)", isDetent: false))
        case .twoStage:
            let expanded = sheet.policy.top(of: .expanded, height: h)
            lines.append(TrackLine(y: expanded * MotionConstants.twoStageDismissFactor,
                                   text: "moving down below \(short(MotionConstants.twoStageDismissFactor))× expanded → dismiss", isDetent: false))
        }
        return lines
    }

    /// The visible interaction's last release decision (sheet or card).
    static func lastDecision(app: AppController) -> GestureDecision? {
        if let p = sheetPresenter(app), p.isVisible { return p.sheet.lastDecision }
        if let today = app.scene as? TodayScene, today.isModal || today.cards.phase == .collapsing { return today.cards.lastDecision }
        return nil
    }

    static func sheetPresenter(_ app: AppController) -> SheetPresenter? {
        (app.scene as? RestaurantsScene)?.presenter ?? (app.scene as? TwoStageScene)?.presenter
    }

    /// The interaction's state name: sheet phase, card state or scroll phase.
    static func stateName(app: AppController, time: Double) -> String {
        if let p = sheetPresenter(app), p.isVisible {
            return "sheet \(p.sheet.phase.name)\(p.sheet.detent.map { " · \($0.rawValue)" } ?? "") · \(p.sheet.policy.kind.rawValue)"
        }
        if let today = app.scene as? TodayScene { return "card \(today.cards.phase.rawValue)" }
        if let r = app.scene as? RestaurantsScene { return "list \(r.list.scroll.model.phase.rawValue)" }
        return app.scene.id.rawValue
    }

    /// "5", "0.25", "0.9985": the shortest text that reads back as the value.
    static func short(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e9 { return String(Int(v)) }
        return "\(v)"
    }

    enum LabelAnchor { case topLeft, left, bottomRight }

    /// A small label; over a background pill when given, else over a white one: both nearly
    /// opaque, so a label reads over body text (at 0.8 the text showed through).
    func label(_ text: String, at p: Point, anchor: LabelAnchor, color: Color, env: SceneEnvironment, into list: inout DisplayList,
               background: Color? = nil, font: Font = Instrument.labelFont) {
        let layout = env.layout(text, font)
        let pad = 4.0
        var origin: Point
        switch anchor {
        case .topLeft: origin = Point(p.x + pad, p.y + pad)
        case .left: origin = Point(p.x + pad, p.y - layout.size.height / 2)
        case .bottomRight: origin = Point(p.x - layout.size.width - pad, p.y - layout.size.height)
        }
        let box = Rect(x: origin.x - pad, y: origin.y - pad / 2, width: layout.size.width + 2 * pad, height: layout.size.height + pad)
        list.fill(box, radius: 4, background ?? Color(white: 1, alpha: InstrumentConstants.labelBackgroundAlpha))
        list.text(layout, at: origin, color)
    }
}
