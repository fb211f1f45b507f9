// AppController: the platform-neutral app the run loops drive: scenes and tab bar, input
// routing, scene clock and tuning, idle reset to the home scene, the frame's display list and
// the state dump.
import FlingCore

/// The app, platform-neutral above the display: scenes, the tab bar, input routing and the
/// state dump. The run loops (windowed and headless) feed it events and time.
@MainActor
package final class AppController {
    package let env: SceneEnvironment
    package let scenes: [Scene]
    /// Made once: the scenes never change.
    package let tabBar: TabBar
    package private(set) var current: Int
    package internal(set) var windowSize: Size
    package var scale: Double
    var pointerFilter = PrimaryPointerFilter()
    /// A press that began on the tab bar belongs to it until released.
    var pointerOnTabBar = false
    var lastPointerLocation = Point.zero
    package var quitRequested = false
    /// Something changed since the last drawn frame.
    package internal(set) var needsDisplay = true

    package convenience init(restaurants: [Restaurant], articles: [Article], env: SceneEnvironment, first: SceneID, windowSize: Size, scale: Double,
         sheetPolicy: SheetPolicyKind? = nil, dateText: String = "") {
        self.init(rows: RestaurantRows(restaurants), articles: articles, env: env, first: first, windowSize: windowSize, scale: scale,
                  sheetPolicy: sheetPolicy, dateText: dateText)
    }

    /// The app over a data file's rows, built as they are shown.
    package init(rows restaurants: RestaurantRows, articles: [Article], env: SceneEnvironment, first: SceneID, windowSize: Size, scale: Double,
         sheetPolicy: SheetPolicyKind? = nil, dateText: String = "") {
        self.env = env
        home = first
        self.windowSize = windowSize
        self.scale = scale
        scenes = [
            RestaurantsScene(rows: restaurants, env: env, policy: sheetPolicy ?? .fluid, window: windowSize),
            TodayScene(articles: articles, env: env, dateText: dateText),
            TwoStageScene(env: env, policy: sheetPolicy ?? .twoStage, window: windowSize),
            FormScene(env: env),
        ]
        tabBar = TabBar(scenes: scenes.map(\.id), rightToLeft: env.strings.isRightToLeft)
        keyboard = OnScreenKeyboard(window: windowSize, env: env)
        current = scenes.firstIndex { $0.id == first } ?? 0
        sheetPolicyOverride = sheetPolicy
        layout(time: 0)
    }

    package var scene: Scene { scenes[current] }
    /// The on-screen keyboard: over everything but the instrument.
    package let keyboard: OnScreenKeyboard
    /// A UX study's session (`fling study`): its banner and prompt over everything,
    /// its buttons before any other input.
    package var study: StudySession? {
        didSet { study?.rightToLeft = env.layoutDirection == .rightToLeft }
    }

    /// The area scenes lay out in: the window above the tab bar.
    package var sceneBounds: Rect {
        let barHeight = tabBar.isVisible ? TabBar.height : 0
        return Rect(x: 0, y: 0, width: windowSize.width, height: max(0, windowSize.height - barHeight))
    }

    func layout(time: Double) {
        for s in scenes { s.layout(in: sceneBounds, window: windowSize, time: time) }
    }

    // MARK: The UX-testing instrument --------------------------------------------------------
    /// Overlay, show touches, tuning panel: drawn above everything, never the scenes' input.
    package let instrument = Instrument()
    /// Scene time from real time: slow motion and pause (time runs 1:1 while a pointer is down).
    package internal(set) var clock = SceneClock()
    /// The feel the tester chose (`--tune`, the tuning panel).
    package var tuning = Tuning.standard {
        didSet { needsDisplay = true; if pointerFilter.activeID == nil { applyTuning() } }
    }
    /// The tuning the models were handed: a change waits for the gesture in progress to end,
    /// so it applies from the next gesture. The state dump shows this one.
    package private(set) var tuningInForce = Tuning.standard

    func applyTuning() {
        guard tuningInForce != tuning else { return }
        tuningInForce = tuning
        // The models adopt it now, or, mid-gesture, when that gesture ends. (The form's scroll
        // view keeps the standard feel: it is a widget, not one of the tuned interactions.)
        for s in scenes {
            if let r = s as? RestaurantsScene { r.list.apply(tuning); r.presenter.apply(tuning) }
            (s as? TodayScene)?.apply(tuning)
            (s as? TwoStageScene)?.presenter.apply(tuning)
        }
    }
    /// What a visitor can change with F2–F5 and the panel. An idle reset puts back what the
    /// options gave at launch, so one visitor's slow motion or tuning does not greet the next.
    struct InstrumentSettings {
        var overlay: Bool, showTouches: Bool, slowFactor: Double, panelVisible: Bool
        var tuning: Tuning, sheetPolicy: SheetPolicyKind?
        var detents: [SheetDetentSpec], backgroundInteraction: SheetBackgroundInteraction, cardStyle: CardStyle
    }
    var launchSettings: InstrumentSettings?
    var instrumentSettings: InstrumentSettings {
        InstrumentSettings(overlay: instrument.overlay, showTouches: instrument.showTouches, slowFactor: clock.slowFactor,
                           panelVisible: instrument.panel.isVisible, tuning: tuning, sheetPolicy: sheetPolicyOverride,
                           detents: sheetDetents, backgroundInteraction: sheetBackgroundInteraction, cardStyle: cardStyle)
    }
    private func restoreLaunchSettings(time realTime: Double) {
        guard let s = launchSettings else { return }
        instrument.overlay = s.overlay
        instrument.showTouches = s.showTouches
        if clock.slowFactor != s.slowFactor { clock.setSlowFactor(s.slowFactor, at: realTime) }
        if instrument.panel.isVisible != s.panelVisible { instrument.panel.toggle(env: env) }
        tuning = s.tuning
        if sheetDetents != s.detents { sheetDetents = s.detents }
        if sheetBackgroundInteraction != s.backgroundInteraction { sheetBackgroundInteraction = s.backgroundInteraction }
        if cardStyle != s.cardStyle { cardStyle = s.cardStyle }
        if s.sheetPolicy != sheetPolicyOverride {
            sheetPolicyOverride = s.sheetPolicy
            applySheetDetents()
            (scenes.first { $0 is RestaurantsScene } as? RestaurantsScene)?.presenter.setPolicy(s.sheetPolicy ?? .fluid)
            (scenes.first { $0 is TwoStageScene } as? TwoStageScene)?.presenter.setPolicy(s.sheetPolicy ?? .twoStage)
        }
    }

    /// `--detents`: the set the restaurant sheet rests on, whatever its policy. The Two-Stage
    /// screen keeps seed 001's own two unless a policy is chosen for every sheet
    /// (`--sheet-policy`, the panel, a study's condition).
    package var sheetDetents = SheetDetentSpec.standard {
        didSet { applySheetDetents() }
    }
    private func applySheetDetents() {
        for s in scenes {
            (s as? RestaurantsScene)?.presenter.detents = sheetDetents
            (s as? TwoStageScene)?.presenter.detents = sheetPolicyOverride == nil ? SheetDetentSpec.standard : sheetDetents
        }
    }

    /// `--background-interaction`: whether the list behind the restaurant sheet takes touches.
    package var sheetBackgroundInteraction = SheetBackgroundInteraction.disabled {
        didSet {
            for s in scenes { (s as? RestaurantsScene)?.presenter.backgroundInteraction = sheetBackgroundInteraction }
        }
    }

    /// `--card-style`: how the Today cards open (a card open now keeps its style until it is home).
    package var cardStyle = CardStyle.expand {
        didSet {
            for s in scenes { (s as? TodayScene)?.cardStyle = cardStyle }
        }
    }

    /// `--interactive-dismiss` and `--drag-indicator`, for both sheets.
    package func setSheetDismissal(interactive: Bool, dragIndicator: DragIndicatorVisibility) {
        for s in scenes {
            for p in [(s as? RestaurantsScene)?.presenter, (s as? TwoStageScene)?.presenter].compactMap({ $0 }) {
                p.interactiveDismissDisabled = !interactive
                p.dragIndicator = dragIndicator
            }
        }
    }

    /// `--sheet-policy` or the tuning panel's choice, for both sheets (nil: each scene's own).
    package private(set) var sheetPolicyOverride: SheetPolicyKind?
    package func setSheetPolicy(_ kind: SheetPolicyKind) {
        sheetPolicyOverride = kind
        applySheetDetents()
        for s in scenes {
            (s as? RestaurantsScene)?.presenter.setPolicy(kind)
            (s as? TwoStageScene)?.presenter.setPolicy(kind)
        }
        needsDisplay = true
    }
    /// What the instrument sees of the app when an event reaches it (read now, before the
    /// scenes get the event).
    package var instrumentContext: InstrumentContext {
        let presenter = Instrument.sheetPresenter(self)
        return InstrumentContext(windowSize: windowSize, env: env, clock: clock, tuning: tuning,
                                 sheetPolicyOverride: sheetPolicyOverride, sheetPolicy: presenter?.policyKind,
                                 sheet: presenter?.sheet,
                                 sheetDetents: sheetDetents, sheetBackgroundInteraction: sheetBackgroundInteraction,
                                 cardStyle: cardStyle, showsCards: scene is TodayScene,
                                 sceneHasKeyboardFocus: scene.hasKeyboardFocus)
    }

    /// Applies what the instrument asked for (its keys, the tuning panel's controls).
    func apply(_ command: InstrumentCommand, time: Double) {
        switch command {
        case .setSlowMotion(let factor): setSlowMotion(factor, time: time)
        case .setPaused(let paused): setPaused(paused, time: time)
        case .stepFrame: stepFrame(time: time)
        case .setTuning(let t): tuning = t
        case .setSheetPolicy(let kind): setSheetPolicy(kind)
        case .setSheetDetents(let detents):
            sheetDetents = detents
            // An upto= the new set lacks goes back to the modal sheet.
            if case .enabledUpThrough(let d) = sheetBackgroundInteraction, !detents.contains(where: { $0.detent == d }) {
                sheetBackgroundInteraction = .disabled
            }
        case .setSheetBackgroundInteraction(let b): sheetBackgroundInteraction = b
        case .setCardStyle(let style): cardStyle = style
        }
        needsDisplay = true
    }

    /// Frame times (s) from the run loop, for the overlay's graph.
    package func recordFrameTime(_ seconds: Double, at time: Double) { instrument.recordFrameTime(seconds, at: time) }
    /// A frame was presented (the run loop's clock): the latencies of the inputs it carried
    /// are measured (the overlay's graph, `fling bench`).
    package func recordPresent(at time: Double) { instrument.recordPresent(at: time) }
    /// The frame is to be drawn again (the panel was lit again after its schedule's dark hours).
    package func setNeedsDisplay() { needsDisplay = true }
    package var lastInputLatencies: [Double] { instrument.lastLatencies }
    /// A headless tick that drew nothing: its inputs are never presented, so not measured.
    package func forgetUnpresentedInputs() { instrument.forgetUnpresentedInputs() }

    package func setSlowMotion(_ factor: Double, time: Double) { clock.setSlowFactor(factor, at: time); needsDisplay = true }
    package func setPaused(_ paused: Bool, time: Double) { clock.setPaused(paused, at: time); needsDisplay = true }
    /// One frame of scene time (1/60 s) while paused.
    package func stepFrame(time: Double) { clock.step(InstrumentConstants.stepSeconds, at: time); needsDisplay = true }

    /// Reduce Motion (the desktop's setting or --reduce-motion): sheets and cards
    /// cross-fade instead of sliding, springing and zooming.
    package var reduceMotion = false {
        didSet {
            for s in scenes {
                (s as? RestaurantsScene)?.presenter.reduceMotion = reduceMotion
                (s as? TwoStageScene)?.presenter.reduceMotion = reduceMotion
                (s as? TodayScene)?.reduceMotion = reduceMotion
            }
            needsDisplay = true
        }
    }

    package func select(_ id: SceneID, time realTime: Double) { selectOnSceneClock(id, time: clock.scene(at: realTime)) }

    package func selectOnSceneClock(_ id: SceneID, time: Double) {
        guard let i = scenes.firstIndex(where: { $0.id == id }), i != current else { return }
        scene.cancelGestures(time: time)
        keyboard.hide(scene, time: time)
        current = i
        keyboard.follow(scene, time: time)
        needsDisplay = true
    }

    /// Where the platform should show text input (the focused field's caret), nil when none is
    /// focused; `textInputOwner` names the field, so input restarts when focus moves.
    package var textInputRect: Rect? { scene.textInput?.textInputRect }
    package var textInputOwner: String? { scene.textInput?.textInputOwner }

    /// A study's next deadline (the ready beat's end, a timeout) in real time: a headless run
    /// that skips idle frames stops there.
    package var studyDeadline: Double? { study?.nextDeadline().flatMap { clock.real(at: $0) } }

    /// When the picture next changes by itself while nothing animates (the caret's blink).
    package func nextRedraw(after time: Double) -> Double? {
        let sceneNext = scene.nextRedraw(after: clock.scene(at: time)).flatMap { clock.real(at: $0) }
        // A study's ready beat or timeout wakes the loop too.
        guard let due = study?.nextDeadline().flatMap({ clock.real(at: $0) }) else { return sceneNext }
        return min(sceneNext ?? due, due)
    }

    /// Steps the visible scene; true while it animates.
    package func advance(to realTime: Double) -> Bool {
        clock.observe(realTime)
        let time = clock.scene(at: realTime)
        var moving = scene.advance(to: time)
        if keyboard.advance(to: time, scene: scene) { moving = true }
        if let study, study.advance(app: self, time: time, sceneMoving: moving) { needsDisplay = true }
        if returningHome && !moving {
            // Still modal and at rest: the close did not take (a gesture ended in between);
            // ask again, and if nothing moves, switch regardless so a kiosk never stays stuck.
            if scene.isModal { _ = scene.handleKey(Key(.escape), time: time); moving = scene.advance(to: time) }
            if !moving { finishReturningHome(time: time); moving = scene.advance(to: time) }
        }
        // Paused, nothing moves on screen: the loop may sleep (the scene is still mid-motion).
        if clock.rate == 0 { moving = false }
        sceneAtRest = !moving
        if moving { needsDisplay = true }
        // Touch trails fade (and the panel's control slides): frames keep coming while they do.
        let instrumentMoving = instrument.advance(to: realTime)
        if instrumentMoving { needsDisplay = true }
        return moving || returningHome || instrumentMoving
    }

    // MARK: Idle reset (kiosk mode) ----------------------------------------------------------
    /// The scene an idle reset returns to (the first scene of the run).
    package let home: SceneID
    /// An idle reset waits for the open sheet or card to finish closing before it switches.
    package internal(set) var returningHome = false

    /// Back to the start for the next visitor: any gesture ends, the open sheet or card closes
    /// with its normal animation, then the home scene comes back scrolled to the top.
    package func resetToHome(time realTime: Double) {
        // The next visitor does not find the app paused (the close would never finish), nor
        // the last one's slow motion, overlay, panel or tuning.
        if clock.paused { clock.setPaused(false, at: realTime) }
        restoreLaunchSettings(time: realTime)
        let time = clock.scene(at: realTime)
        needsDisplay = true
        if pointerFilter.cancelActive(at: lastPointerLocation, time: time) != nil {
            pointerOnTabBar = false
            // Its release will never come through the filter: the clock must not wait for it.
            clock.setPressed(false, at: realTime)
        }
        scene.cancelGestures(time: time)
        // The last visitor's typing ends: no field stays focused, the keyboard goes down.
        keyboard.cancelTouches()
        for s in scenes { s.textInput?.endEditing(time: time) }
        keyboard.follow(scene, time: time)
        // Escape is each scene's own "close the top sheet or card", animation included.
        if scene.isModal { _ = scene.handleKey(Key(.escape), time: time) }
        returningHome = true
        if scene.id == home { scrollToTop(scene, time: time) }
    }

    private func finishReturningHome(time: Double) {
        returningHome = false
        for s in scenes { scrollToTop(s, time: time) }
        selectOnSceneClock(home, time: time)
    }

    private func scrollToTop(_ s: Scene, time: Double) {
        if let r = s as? RestaurantsScene {
            r.list.selected = nil
            _ = r.list.handleKey(Key(.home), time: time)
        } else if let t = s as? TodayScene {
            t.scrollToTop(time: time)
        }
    }
    // -----------------------------------------------------------------------------------------

    /// Nothing in the scene moved at the last `advance` (or it is paused).
    private var sceneAtRest = true

    /// The command arrays of the last frames' lists, reused in turn so that a steady frame
    /// allocates none: the renderer keeps a frame's list for a frame or two (to compare the
    /// next one with) and a cached layer keeps the list it was drawn from, so a buffer is
    /// taken again only `commandStorage.count` frames later (if something still holds it then, it
    /// is left to its holder and the new list gets a fresh array: one allocation).
    private var commandStorage: [[DrawCommand]] = Array(repeating: [], count: 4)
    private var currentCommandStorage = 0

    private func takeCommandStorage() -> [DrawCommand] {
        currentCommandStorage = (currentCommandStorage + 1) % commandStorage.count
        var taken: [DrawCommand] = []
        swap(&taken, &commandStorage[currentCommandStorage])
        return taken
    }

    package func displayList(time realTime: Double) -> DisplayList {
        let time = clock.scene(at: realTime)
        var list = DisplayList(background: .white, reusing: takeCommandStorage())
        // Hidden layers are made when nothing moves (see the backdrop below).
        list.preparesHidden = sceneAtRest
        list.scene = scene.id.rawValue
        defer { commandStorage[currentCommandStorage] = list.commands }
        // Behind a modal overlay (sheet, expanded card) the scene and tab bar form one layer:
        // composited while they hold still, and the overlay's dim folds into that copy.
        // A local function, not a closure in a constant: that would be escaping, its captures
        // allocated every frame.
        func backdrop(_ list: inout DisplayList) {
            scene.draw(into: &list, time: time)
            let hidden = scene.tabBarHiddenFraction(time: time)
            guard hidden < 1 else { return }
            list.transformed(.translate(0, TabBar.height * hidden)) { list in
                tabBar.draw(into: &list, window: windowSize, selected: scene.id, env: env)
            }
        }
        if scene.isModal {
            let spec = LayerSpec(id: "backdrop", bounds: Rect(origin: .zero, size: windowSize), background: .white)
            let opacity = scene.backdropOpacity(time: time)
            if opacity > 0 {
                list.withOpacity(opacity) { list in list.layer(spec) { backdrop(&$0) } }
            } else {
                // Faded out (a card expanded): kept ready for the pull that brings it back,
                // made once the card is at rest (the frame where its motion ends), not while it
                // still springs, where a full-window rasterisation is a dropped frame.
                list.hidden { list in list.layer(spec) { backdrop(&$0) } }
            }
        } else {
            backdrop(&list)
        }
        scene.drawOverlay(into: &list, time: time)
        keyboard.draw(into: &list, time: time)
        study?.draw(into: &list, window: windowSize, env: env)
        instrument.draw(into: &list, app: self, realTime: realTime, sceneTime: time)
        needsDisplay = false
        return list
    }

    package func state(time realTime: Double, frame: Int, render: RenderStatsJSON?) -> JSONValue {
        let time = clock.scene(at: realTime)
        var fields: [(String, JSONValue)] = [
            ("time", .rounded(realTime)), ("frame", .int(frame)), ("scene", .string(scene.id.rawValue)),
            ("size", .array([.rounded(windowSize.width), .rounded(windowSize.height)])),
            ("scale", .rounded(scale)),
        ]
        // The UI's language when it is not English: its catalogue and direction.
        if env.strings.language != "en" || env.strings.pseudo {
            fields.append(("language", .object([("name", .string(env.strings.pseudo ? "pseudo" : env.strings.language)),
                                                ("rightToLeft", .bool(env.strings.isRightToLeft))])))
        }
        fields += scene.stateFields(time: time)
        if keyboard.model.isShown || keyboard.model.isVisible(at: time) { fields.append(("keyboard", keyboard.stateJSON(time: time))) }
        if let study { fields.append(("study", study.stateJSON(window: windowSize))) }
        fields.append(("tuning", tuningInForce.json))
        fields.append(("instrument", instrument.json(slow: clock.slowFactor, paused: clock.paused)))
        if !clock.isIdentity || clock.slowFactor != 1 {
            fields.append(("clock", .object([("sceneTime", .rounded(time)), ("slow", .rounded(clock.slowFactor)), ("paused", .bool(clock.paused))])))
        }
        if let render { fields.append(("render", render.json)) }
        return .object(fields)
    }
}

/// The render figures of the last frame, as the backend reports them.
package protocol RenderStatsJSON { var json: JSONValue { get } }
