import FlingCore
@testable import FlingUI
import FlingTestSupport
import XCTest

/// The UX-testing instrument in-process: the overlay and show touches draw but
/// change nothing; slow motion stretches animations and keeps decisions; pause and step; the
/// tuning panel's sliders, policy control, Reset and Copy.
final class InstrumentTests: XCTestCase {
    /// Drives an app by real time at 60 Hz: events at their times, `advance` every frame.
    @MainActor final class Driver {
        let app: AppController
        var t = 0.0
        init(_ app: AppController) { self.app = app }

        func run(until end: Double) {
            while t + 1e-9 < end {
                t = min(end, t + 1.0 / 60)
                _ = app.advance(to: t)
            }
        }
        func pointer(_ phase: PointerEvent.Phase, _ x: Double, _ y: Double, id: Int64 = 0) {
            app.handle(.pointer(PointerEvent(id: id, phase: phase, location: Point(x, y), time: t)))
        }
        func key(_ name: String) { app.handle(.key(Key(spec: name)!, time: t)) }
        /// Down, one move per frame at constant speed over `duration`, up.
        func drag(from a: Point, to b: Point, duration: Double) {
            pointer(.began, a.x, a.y)
            let start = t
            let frames = Int((duration * 60).rounded())
            for i in 1...frames {
                run(until: start + Double(i) / 60)
                let f = Double(i) / Double(frames)
                pointer(.moved, a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f)
            }
            pointer(.ended, b.x, b.y)
        }
        /// `StillDrag`'s samples, each at its time, frames run between them.
        func play(_ g: StillDrag) {
            for sample in g.samples {
                run(until: sample.time)
                let phase: PointerEvent.Phase = switch sample.phase { case .down: .began; case .move: .moved; case .up: .ended }
                pointer(phase, sample.point.x, sample.point.y)
            }
        }
        func tap(_ x: Double, _ y: Double) {
            pointer(.began, x, y)
            run(until: t + 0.05)
            pointer(.ended, x, y)
        }
        var sheet: SheetPresenter { (app.scene as! RestaurantsScene).presenter }
        func state() -> String { app.state(time: t, frame: 0, render: nil).serialized }
        /// The app's state without the instrument's own field (what the overlay must not change).
        func appState() -> String {
            guard case .object(let f) = app.state(time: t, frame: 0, render: nil) else { return "" }
            return JSONValue.object(f.filter { $0.0 != "instrument" }).serialized
        }
    }

    /// Opens row 0's sheet at 0.5 s and lets it settle at half (2.5 s of scene time).
    @MainActor static func openSheet(_ d: Driver, slow: Double = 1) {
        d.run(until: 0.5)
        d.tap(200, 150)
        d.run(until: 0.55 + 2.5 * slow)
    }

    func testOverlayAndShowTouchesChangeNoState() { MainActor.assumeIsolated {
        @MainActor func session(_ instrumented: Bool) -> (states: [String], overlayTexts: Int, touchCircles: Int) {
            let d = Driver(makeTestApp())
            d.app.instrument.overlay = instrumented
            d.app.instrument.showTouches = instrumented
            var states: [String] = []
            Self.openSheet(d)
            states.append(d.appState())
            // A flick down from half: the overlay draws the trail, the vector and the thresholds.
            d.pointer(.began, 200, 500)
            d.run(until: d.t + 1.0 / 60)
            d.pointer(.moved, 200, 540)
            let pressed = d.app.displayList(time: d.t)
            let circles = pressed.commands.filter { if case .fillCircle(_, 22, _) = $0 { true } else { false } }.count
            states.append(d.appState())
            d.run(until: d.t + 1.0 / 60)
            d.pointer(.moved, 200, 600)
            d.pointer(.ended, 200, 600)
            d.run(until: d.t + 0.2)
            states.append(d.appState())
            let list = d.app.displayList(time: d.t)
            let texts = list.commands.filter { if case .text(let run) = $0 { run.layout.lines.contains { $0.text.hasPrefix("sheet dismissing") } } else { false } }.count
            d.run(until: d.t + 2)
            states.append(d.appState())
            return (states, texts, circles)
        }
        let plain = session(false), instrumented = session(true)
        XCTAssertEqual(plain.states, instrumented.states, "the overlay and show touches change no state")
        XCTAssertTrue(instrumented.states[2].contains("\"phase\": \"dismissing\""))
        XCTAssertEqual(plain.overlayTexts, 0)
        XCTAssertEqual(instrumented.overlayTexts, 1, "the overlay names the sheet's phase")
        XCTAssertEqual(plain.touchCircles, 0)
        XCTAssertEqual(instrumented.touchCircles, 1, "one 44 pt circle under the pressed pointer")
    } }

    /// Each input is on screen when the first frame presented after it is: its latency is that
    /// present's time less its own, and the overlay's graph keeps each frame's oldest.
    func testAPresentMeasuresTheLatencyOfEveryInputItCarries() { MainActor.assumeIsolated {
        let app = makeTestApp()
        app.handle(.pointer(PointerEvent(id: 0, phase: .began, location: Point(200, 500), time: 1.000)))
        app.handle(.pointer(PointerEvent(id: 0, phase: .moved, location: Point(200, 490), time: 1.004)))
        app.handle(.resize(Size(width: 390, height: 844), time: 1.005))   // not a user's input
        app.recordPresent(at: 1.020)
        XCTAssertEqual(app.lastInputLatencies.map { ($0 * 1e6).rounded() / 1e6 }, [0.020, 0.016])
        XCTAssertEqual(app.instrument.latencies.map { ($0.seconds * 1e6).rounded() / 1e6 }, [0.020])
        // A frame that carried nothing adds no latency; the next input is measured from its own time.
        app.recordPresent(at: 1.037)
        XCTAssertEqual(app.lastInputLatencies, [])
        app.handle(.key(Key(spec: "a")!, time: 1.040))
        app.recordPresent(at: 1.053)
        XCTAssertEqual(app.lastInputLatencies.map { ($0 * 1e6).rounded() / 1e6 }, [0.013])
        XCTAssertEqual(app.instrument.latencies.count, 2)
        // A headless tick that draws nothing forgets its inputs: a later frame is not charged them.
        app.handle(.key(Key(spec: "c")!, time: 1.06))
        app.forgetUnpresentedInputs()
        app.recordPresent(at: 1.5)
        XCTAssertEqual(app.lastInputLatencies, [])
        // The graph covers 2 s: older frames leave it.
        app.handle(.key(Key(spec: "b")!, time: 4.0))
        app.recordPresent(at: 4.01)
        XCTAssertEqual(app.instrument.latencies.map { ($0.seconds * 1e6).rounded() / 1e6 }, [0.01])
    } }

    func testOverlayDrawsTheReleaseVelocityAndTheFluidThresholds() { MainActor.assumeIsolated {
        let d = Driver(makeTestApp())
        d.app.instrument.overlay = true
        Self.openSheet(d)
        let lines = Instrument.trackLines(app: d.app, time: d.t)
        XCTAssertEqual(lines, [
            .init(y: 50, text: "full 50", isDetent: true),
            .init(y: 422, text: "half 422", isDetent: true),
            .init(y: 236, text: "projection ↑ full / ↓ half", isDetent: false),
            .init(y: 633, text: "projection ↓ dismiss (or v ≥ 5.5/s × distance left)", isDetent: false),
        ])
        d.drag(from: Point(200, 500), to: Point(200, 440), duration: 0.1)
        let r = try! XCTUnwrap(d.app.instrument.lastRelease)
        XCTAssertEqual(r.velocity.x, 0, accuracy: 1e-6)
        XCTAssertEqual(r.velocity.y, -600, accuracy: 1, "60 pt in 0.1 s")
        XCTAssertEqual(r.projected.y, 440 + Projection.distance(velocity: r.velocity.y), accuracy: 1e-9)
        XCTAssertEqual(Instrument.stateName(app: d.app, time: d.t), "sheet settling · full · fluid", "the state and the target detent")
    } }

    func testTutorialThresholdsFollowTheTuning() { MainActor.assumeIsolated {
        let d = Driver(makeTestApp())
        d.app.setSheetPolicy(.tutorial)
        d.app.tuning = try! Tuning.parse("tutorial.full=0.2,tutorial.dismiss=0.4")
        Self.openSheet(d)
        XCTAssertEqual(Instrument.trackLines(app: d.app, time: d.t).filter { !$0.isDetent }, [
            // The finger's travel counts from its touch-down: the sheet's, from the 10 pt slop.
            Instrument.TrackLine(y: 422.0 - 168.8 + 10.0, text: "−0.2·H → full", isDetent: false),
            Instrument.TrackLine(y: 422.0 + 337.6 - 10.0, text: "+0.4·H → dismiss", isDetent: false),
        ])
    } }

    /// `--slow 5`: the release decision and the scene-time trajectory are the same; on screen
    /// the settle takes five times as long.
    func testSlowMotionStretchesTheSettleFiveFoldAndKeepsTheDecision() { MainActor.assumeIsolated {
        @MainActor func flick(slow: Double) -> (release: Double, restAt: Double, detent: String?, tops: [Double]) {
            let d = Driver(makeTestApp())
            d.app.setSlowMotion(slow, time: 0)
            Self.openSheet(d, slow: slow)
            XCTAssertEqual(d.sheet.sheet.detent, .half)
            // A flick up of 60 pt in 0.1 s: the same real-time finger in both runs.
            d.drag(from: Point(200, 500), to: Point(200, 440), duration: 0.1)
            let release = d.t
            var tops: [Double] = []
            for i in 1...4 {   // the same scene-time instants: 0.05, 0.1, 0.15, 0.2 s after release
                d.run(until: release + Double(i) * 0.05 * slow)
                tops.append((d.sheet.sheet.top(at: d.app.clock.scene(at: d.t)) * 1000).rounded() / 1000)
            }
            while d.app.advance(to: d.t) { d.run(until: d.t + 1.0 / 60) }
            return (release, d.t, d.sheet.sheet.detent?.rawValue, tops)
        }
        let normal = flick(slow: 1), slow = flick(slow: 5)
        XCTAssertEqual(normal.detent, "full", "a 600 pt/s flick up from half goes full")
        XCTAssertEqual(slow.detent, normal.detent, "slow motion keeps the decision")
        XCTAssertEqual(slow.tops, normal.tops, "the same trajectory in scene time")
        let normalSettle = normal.restAt - normal.release, slowSettle = slow.restAt - slow.release
        XCTAssertGreaterThan(normalSettle, 0.3)
        XCTAssertEqual(slowSettle / normalSettle, 5, accuracy: 5.0 / 60 / normalSettle, "five-fold, within a frame")
    } }

    /// The tuning reaches the models: at once between gestures, after the gesture in progress.
    func testTheTuningReachesTheSheetFromTheNextGesture() { MainActor.assumeIsolated {
        @MainActor func stillDragUp(_ d: Driver, by: Double) {
            d.play(StillDrag(from: 600, by: -by, at: d.t))
            d.run(until: d.t + 2)
        }
        let d = Driver(makeTestApp())
        d.app.setSheetPolicy(.tutorial)
        Self.openSheet(d)
        stillDragUp(d, by: 150)
        XCTAssertEqual(d.sheet.sheet.detent, .half, "150 pt < 0.25·H: back to half")
        // Changed while a finger is down: that gesture keeps the old threshold.
        d.pointer(.began, 200, 600)
        d.app.tuning = try! Tuning.parse("tutorial.full=0.1")
        XCTAssertEqual(d.app.tuningInForce, .standard)
        d.pointer(.ended, 200, 600)
        XCTAssertEqual(d.app.tuningInForce.tutorialFullFraction, 0.1, "in force once the press ended")
        XCTAssertEqual(d.sheet.sheet.tuning.tutorialFullFraction, 0.1)
        d.run(until: d.t + 1)
        stillDragUp(d, by: 150)
        XCTAssertEqual(d.sheet.sheet.detent, .full, "150 pt > 0.1·H: full")
    } }

    func testSpacePausesAndPeriodStepsOneFrameWithTheOverlayOn() { MainActor.assumeIsolated {
        let d = Driver(makeTestApp())
        d.run(until: 0.5)
        d.key("space")
        XCTAssertFalse(d.app.clock.paused, "without the overlay Space is the scene's")
        d.key("F2")
        XCTAssertTrue(d.app.instrument.overlay)
        d.tap(200, 150)   // opens the sheet; time runs while the pointer is down
        d.run(until: 0.6)
        d.key("Space")
        XCTAssertTrue(d.app.clock.paused)
        let frozen = d.sheet.sheet.top(at: d.app.clock.scene(at: d.t))
        let sceneTime = d.app.clock.scene(at: d.t)
        d.run(until: 2)
        XCTAssertEqual(d.app.clock.scene(at: d.t), sceneTime, "paused: scene time stands still")
        XCTAssertEqual(d.sheet.sheet.top(at: d.app.clock.scene(at: d.t)), frozen)
        XCTAssertTrue(d.state().contains("\"paused\": true"))
        d.key(".")
        XCTAssertEqual(d.app.clock.scene(at: d.t), sceneTime + 1.0 / 60, accuracy: 1e-12, "one frame")
        d.key("Space")
        d.run(until: 2.5)
        XCTAssertEqual(d.app.clock.scene(at: d.t), sceneTime + 1.0 / 60 + 0.5, accuracy: 1e-9, "running again")
    } }

    func testAnIdleResetEndsAPause() { MainActor.assumeIsolated {
        let d = Driver(makeTestApp())
        Self.openSheet(d)
        d.key("F2")
        d.key("Space")
        XCTAssertTrue(d.app.clock.paused)
        d.app.resetToHome(time: d.t)
        XCTAssertFalse(d.app.clock.paused)
        d.run(until: d.t + 3)
        XCTAssertFalse(d.sheet.isVisible, "the sheet closed for the next visitor")
    } }

    func testAnIdleResetPutsBackTheLaunchInstrumentAndTuning() { MainActor.assumeIsolated {
        let d = Driver(makeTestApp())
        d.app.tuning[Tuning.keys[0]] = 0.6          // as `--tune sheet.response=0.6` would
        let launchTuning = d.app.tuning
        Self.openSheet(d)
        // A visitor turns everything on and changes the feel.
        d.key("F2"); d.key("F3"); d.key("F4"); d.key("F5")
        d.app.tuning[Tuning.keys[1]] = 1.5
        d.app.setSheetPolicy(.tutorial)
        d.app.apply(.setSheetDetents([.fraction(0.3), .large]), time: d.t)
        d.app.apply(.setSheetBackgroundInteraction(.enabled), time: d.t)
        d.app.apply(.setCardStyle(.zoom), time: d.t)
        XCTAssertEqual(d.app.clock.slowFactor, InstrumentConstants.defaultSlowFactor)
        // A finger still down when the idle reset comes: its release never reaches the clock.
        d.pointer(.began, 200, 770)                 // below the panel, on the sheet
        XCTAssertTrue(d.app.clock.pressed)
        d.app.resetToHome(time: d.t)
        XCTAssertFalse(d.app.clock.pressed, "the cancelled press no longer holds time at the real rate")
        XCTAssertEqual(d.app.clock.slowFactor, 1)
        XCTAssertFalse(d.app.instrument.overlay)
        XCTAssertFalse(d.app.instrument.showTouches)
        XCTAssertFalse(d.app.instrument.panel.isVisible)
        XCTAssertEqual(d.app.tuning, launchTuning)
        XCTAssertNil(d.app.sheetPolicyOverride)
        XCTAssertEqual(d.sheet.policyKind, .fluid)
        XCTAssertEqual(d.app.sheetDetents, SheetDetentSpec.standard, "the panel's detents, list behind and card style go too")
        XCTAssertEqual(d.app.sheetBackgroundInteraction, .disabled)
        XCTAssertEqual(d.app.cardStyle, .expand)
        XCTAssertEqual((d.app.scenes.first { $0 is TodayScene } as? TodayScene)?.cardStyle, .expand)
    } }

    func testTheStateDumpNamesTheOnScreenSheetsPolicy() { MainActor.assumeIsolated {
        let d = Driver(makeTestApp())
        Self.openSheet(d)
        d.app.setSheetPolicy(.tutorial)
        XCTAssertTrue(d.state().contains(#""policy": "fluid""#), d.state())
    } }

    func testTheTwoStageButtonMovesWithThePolicyTheNextSheetWillHave() { MainActor.assumeIsolated {
        let app = makeTestApp()
        app.select(.twoStage, time: 0)
        let twoStage = app.scene as! TwoStageScene
        let before = twoStage.buttonFrame
        app.setSheetPolicy(.fluid)                  // half at 0.5·H: the button sits higher
        var dl = DisplayList()
        twoStage.draw(into: &dl, time: 0)
        let after = twoStage.buttonFrame
        XCTAssertNotEqual(before, after)
        // Drawn where it is hit: a tap at its centre shows the sheet.
        app.handle(.pointer(PointerEvent(id: 0, phase: .began, location: Point(after.midX, after.midY), time: 0.1)))
        app.handle(.pointer(PointerEvent(id: 0, phase: .ended, location: Point(after.midX, after.midY), time: 0.15)))
        XCTAssertTrue(twoStage.presenter.isVisible)
    } }

    func testF4AfterSlowOneStillSlowsDown() { MainActor.assumeIsolated {
        let app = makeTestApp()
        app.instrument.slowFactorForToggle = 1      // `--slow 1`
        app.handle(.key(Key(.f(4)), time: 1))
        XCTAssertEqual(app.clock.slowFactor, InstrumentConstants.defaultSlowFactor)
    } }

    func testTheOverlayShowsTheOnScreenSheetsPolicyNotTheNextOnes() { MainActor.assumeIsolated {
        let d = Driver(makeTestApp())
        Self.openSheet(d)
        d.app.setSheetPolicy(.tutorial)            // the panel's choice: for the next sheet
        XCTAssertEqual(d.sheet.sheet.policy.kind, .fluid)
        let lines = Instrument.trackLines(app: d.app, time: d.t).filter { !$0.isDetent }.map(\.text)
        XCTAssertTrue(lines.contains { $0.hasPrefix("projection") }, "\(lines)")
        XCTAssertFalse(lines.contains { $0.contains("·H") }, "\(lines)")
        XCTAssertTrue(Instrument.stateName(app: d.app, time: d.t).hasSuffix("fluid"))
    } }

    func testF4TogglesSlowMotionAtTheConfiguredFactor() { MainActor.assumeIsolated {
        let app = makeTestApp()
        app.instrument.slowFactorForToggle = 8
        app.handle(.key(Key(.f(4)), time: 1))
        XCTAssertEqual(app.clock.slowFactor, 8)
        XCTAssertEqual(app.clock.scene(at: 1.8), 1.1, accuracy: 1e-12)
        app.handle(.key(Key(.f(4)), time: 1.8))
        XCTAssertEqual(app.clock.slowFactor, 1)
        XCTAssertEqual(app.clock.scene(at: 2.8), 2.1, accuracy: 1e-12)
    } }

    // MARK: The tuning panel

    @MainActor static func openPanel(_ d: Driver) -> ViewHost {
        d.key("F5")
        XCTAssertTrue(d.app.instrument.panel.isVisible)
        _ = d.app.displayList(time: d.t)   // lays the panel out
        return d.app.instrument.panel.host!
    }

    /// Taps the panel's text button titled `title` (Reset, Copy, Done) as a user would.
    @MainActor static func tapPanelButton(_ d: Driver, _ title: String) {
        _ = d.app.displayList(time: d.t)
        let host = d.app.instrument.panel.host!
        let label = try! XCTUnwrap(host.nodes(of: TextNode.self).first { $0.string == title }, title)
        d.pointer(.began, label.frame.midX, label.frame.midY)
        d.pointer(.ended, label.frame.midX, label.frame.midY)
        d.run(until: d.t + 0.1)
    }

    func testDraggingASliderChangesTheTuningTheModelsGet() { MainActor.assumeIsolated {
        let d = Driver(makeTestApp())
        let host = Self.openPanel(d)
        let sliders = host.nodes(of: SliderNode.self)
        XCTAssertEqual(sliders.count, Tuning.keys.count)
        // dismiss.ratio: drag its thumb to the track's right end.
        let i = Tuning.keys.firstIndex { $0.name == "dismiss.ratio" }!
        let slider = sliders[i]
        XCTAssertTrue(d.app.instrument.panel.frame(window: d.app.windowSize).contains(slider.thumbCenter))
        let c = slider.thumbCenter
        d.pointer(.began, c.x, c.y)
        d.run(until: d.t + 1.0 / 60)
        d.pointer(.moved, slider.frame.maxX + 40, c.y)
        d.pointer(.ended, slider.frame.maxX + 40, c.y)
        XCTAssertEqual(d.app.tuning.dismissRatio, 50)
        XCTAssertEqual(d.app.tuningInForce.dismissRatio, 50, "no gesture is on: the models take it now")
        XCTAssertEqual((d.app.scenes[0] as! RestaurantsScene).list.scroll.model.tuning.dismissRatio, 50)
        XCTAssertTrue(d.state().contains("\"dismiss.ratio\": 50"))
        // The panel's press never reached the scene.
        XCTAssertNil((d.app.scene as! RestaurantsScene).list.selected)
    } }

    func testTuneRoundTripsThroughCopy() { MainActor.assumeIsolated {
        let d = Driver(makeTestApp())
        let host = Self.openPanel(d)
        let sliders = host.nodes(of: SliderNode.self)
        // Press three tracks at arbitrary points: the values land on the sliders' steps.
        for (k, fraction) in [(0, 0.3), (4, 0.71), (8, 0.55)] {
            let s = sliders[k]
            let x = s.frame.minX + 14 + (s.frame.width - 28) * fraction
            d.pointer(.began, x, s.frame.midY)
            d.pointer(.ended, x, s.frame.midY)
            d.run(until: d.t + 0.1)
        }
        XCTAssertNotEqual(d.app.tuning, .standard)
        var printed: String?
        d.app.instrument.panel.onCopy = { printed = $0 }
        Self.tapPanelButton(d, "Copy")
        let text = try! XCTUnwrap(printed)
        XCTAssertEqual(d.app.env.clipboard.text, text)
        XCTAssertTrue(text.hasPrefix("--tune "), text)
        let parsed = try! Tuning.parse(String(text.dropFirst("--tune ".count)))
        XCTAssertEqual(parsed, d.app.tuning, "Copy's option gives back the same tuning")
        XCTAssertEqual(text.split(separator: ",").count, 3, text)
        Self.tapPanelButton(d, "Reset")
        XCTAssertEqual(d.app.tuning, .standard)
        Self.tapPanelButton(d, "Copy")
        XCTAssertEqual(printed, "--tune ''")
    } }

    func testThePolicyControlSetsTheNextSheetsPolicy() { MainActor.assumeIsolated {
        let d = Driver(makeTestApp())
        let host = Self.openPanel(d)
        let control = try! XCTUnwrap(host.nodes(of: SegmentedControlNode.self).first)
        XCTAssertEqual(control.labels, ["fluid", "tutorial", "two-stage"])
        XCTAssertEqual(control.selection.wrappedValue, 0)
        let f = control.frame
        d.pointer(.began, f.minX + f.width * 0.5, f.midY)
        d.pointer(.ended, f.minX + f.width * 0.5, f.midY)
        XCTAssertEqual(d.sheet.policyKind, .tutorial)
        XCTAssertEqual(d.app.sheetPolicyOverride, .tutorial)
        Self.tapPanelButton(d, "Copy")
        XCTAssertEqual(d.app.instrument.panel.copied, "--sheet-policy tutorial --tune ''")
        d.key("F5")
        Self.openSheet(d)
        XCTAssertEqual(d.sheet.sheet.policy.kind, .tutorial)
    } }

    /// Taps segment `index` of the panel's control labelled `labels`.
    @MainActor static func tapSegment(_ d: Driver, of labels: [String], _ index: Int) {
        _ = d.app.displayList(time: d.t)
        let control = try! XCTUnwrap(d.app.instrument.panel.host?.nodes(of: SegmentedControlNode.self).first { $0.labels == labels }, "\(labels)")
        let f = control.frame, x = f.minX + f.width * (Double(index) + 0.5) / Double(labels.count)
        d.pointer(.began, x, f.midY)
        d.pointer(.ended, x, f.midY)
        d.run(until: d.t + 0.1)
    }

    func testThePanelChoosesTheDetentsTheListBehindAndTheCardStyle() { MainActor.assumeIsolated {
        let d = Driver(makeTestApp())
        let host = Self.openPanel(d)
        let sets = ["half·full", "0.3·0.6·full", "content·full"], behind = ["disabled", "≤ half", "enabled"]
        XCTAssertEqual(host.nodes(of: SegmentedControlNode.self).map(\.labels), [["fluid", "tutorial", "two-stage"], sets, behind])
        Self.tapSegment(d, of: sets, 1)
        XCTAssertEqual(d.app.sheetDetents, [.fraction(0.3), .fraction(0.6), .large])
        // The list behind offers the new set's lowest.
        Self.tapSegment(d, of: ["disabled", "≤ 0.3", "enabled"], 1)
        XCTAssertEqual(d.app.sheetBackgroundInteraction, .enabledUpThrough(SheetDetent(rawValue: "0.3")))
        Self.tapPanelButton(d, "Copy")
        XCTAssertEqual(d.app.instrument.panel.copied, "--detents 0.3,0.6,large --background-interaction upto=0.3 --tune ''")
        // A set without that detent takes the modal sheet back.
        Self.tapSegment(d, of: sets, 2)
        XCTAssertEqual(d.app.sheetDetents, [.content, .large])
        XCTAssertEqual(d.app.sheetBackgroundInteraction, .disabled)
        d.key("F5")
        Self.openSheet(d)
        XCTAssertEqual(d.sheet.sheet.policy.detentSet, [.content, .large], "the next sheet rests on the chosen set")
        // On Today: the card style, and no sheet's controls.
        d.key("Escape")
        d.run(until: d.t + 1)
        d.key("Tab")
        XCTAssertEqual(d.app.scene.id, .today)
        _ = Self.openPanel(d)
        XCTAssertEqual(d.app.instrument.panel.host?.nodes(of: SegmentedControlNode.self).map(\.labels), [["expand", "zoom"]])
        Self.tapSegment(d, of: ["expand", "zoom"], 1)
        XCTAssertEqual(d.app.cardStyle, .zoom)
        XCTAssertEqual((d.app.scene as? TodayScene)?.cardStyle, .zoom)
        Self.tapPanelButton(d, "Copy")
        XCTAssertEqual(d.app.instrument.panel.copied, "--detents content,large --card-style zoom --tune ''")
        // Copy on another screen keeps the style; the list behind is left out under a modal policy.
        d.key("Shift+Tab")
        Self.tapSegment(d, of: ["disabled", "≤ content", "enabled"], 2)
        Self.tapSegment(d, of: ["fluid", "tutorial", "two-stage"], 1)
        Self.tapPanelButton(d, "Copy")
        XCTAssertEqual(d.app.instrument.panel.copied, "--sheet-policy tutorial --detents content,large --card-style zoom --tune ''")
    } }

    func testPressesOutsideThePanelReachTheScene() { MainActor.assumeIsolated {
        let d = Driver(makeTestApp())
        _ = Self.openPanel(d)
        let panel = d.app.instrument.panel.frame(window: d.app.windowSize)
        XCTAssertEqual(panel, Rect(x: 38, y: 12, width: 340, height: 737))
        Self.openSheet(d)   // the tap at (200, 150) is on the panel: no sheet
        XCTAssertFalse(d.sheet.isVisible)
        d.tap(10, 150)      // left of the panel: row 0 opens
        d.run(until: d.t + 0.1)
        XCTAssertTrue(d.sheet.isVisible)
    } }

    func testTheGearOpensAndTheDoneButtonClosesThePanel() { MainActor.assumeIsolated {
        let d = Driver(makeTestApp())
        d.app.instrument.panel.showsGear = true
        let g = d.app.instrument.panel.gearFrame(window: d.app.windowSize)
        d.tap(g.midX, g.midY)
        XCTAssertTrue(d.app.instrument.panel.isVisible)
        _ = d.app.displayList(time: d.t)
        let done = try! XCTUnwrap(d.app.instrument.panel.host?.nodes(of: TextNode.self).first { $0.string == "Done" })
        d.tap(done.frame.midX, done.frame.midY)
        XCTAssertFalse(d.app.instrument.panel.isVisible)
    } }
}
