import FlingCore

/// The app, platform-neutral above the display: scenes, the tab bar, input routing and the
/// state dump. The run loops (windowed and headless) feed it events and time.
@MainActor
package final class AppController {
    package let env: SceneEnvironment
    package private(set) var scenes: [Scene]
    package private(set) var current: Int
    package private(set) var windowSize: Size
    package var scale: Double
    private var pointerFilter = PrimaryPointerFilter()
    /// A press that began on the tab bar belongs to it until released.
    private var pointerOnTabBar = false
    private var lastPointerLocation = Point.zero
    package var quitRequested = false
    /// Something changed since the last drawn frame.
    package private(set) var needsDisplay = true

    package init(restaurants: [Restaurant], articles: [Article], env: SceneEnvironment, first: SceneID, windowSize: Size, scale: Double,
         sheetPolicy: SheetPolicyKind? = nil, dateText: String = "") {
        self.env = env
        home = first
        self.windowSize = windowSize
        self.scale = scale
        scenes = [
            RestaurantsScene(restaurants: restaurants, env: env, policy: sheetPolicy ?? .fluid, window: windowSize),
            TodayScene(articles: articles, env: env, dateText: dateText),
            TwoStageScene(env: env, policy: sheetPolicy ?? .twoStage, window: windowSize),
            FormScene(env: env),
        ]
        current = scenes.firstIndex { $0.id == first } ?? 0
        layout(time: 0)
    }

    package var scene: Scene { scenes[current] }
    package var tabBar: TabBar { TabBar(scenes: scenes.map(\.id)) }

    /// The area scenes lay out in: the window above the tab bar.
    package var sceneBounds: Rect {
        let barHeight = tabBar.isVisible ? TabBar.height : 0
        return Rect(x: 0, y: 0, width: windowSize.width, height: max(0, windowSize.height - barHeight))
    }

    private func layout(time: Double) {
        for s in scenes { s.layout(in: sceneBounds, window: windowSize, time: time) }
    }

    package func handle(_ event: InputEvent) {
        needsDisplay = true
        switch event {
        case .pointer(let raw):
            guard let e = pointerFilter.filter(raw) else { return }
            if e.phase == .began { returningHome = false }   // a visitor took over mid-reset
            lastPointerLocation = e.location
            // A tab bar sliding back with a collapsing card takes no taps until it is home.
            if e.phase == .began {
                pointerOnTabBar = !scene.isModal && scene.tabBarHiddenFraction(time: e.time) == 0
                    && tabBar.tab(at: e.location, window: windowSize) != nil
            }
            if pointerOnTabBar {
                if e.phase == .ended, let tab = tabBar.tab(at: e.location, window: windowSize) { select(tab, time: e.time) }
                if e.phase == .ended || e.phase == .cancelled { pointerOnTabBar = false }
                return
            }
            if e.phase == .cancelled {
                scene.cancelGestures(time: e.time)
            } else {
                _ = scene.handlePointer(e)
            }
        case let .wheel(dy, location, time):
            if scene.isModal || sceneBounds.contains(location) { scene.handleWheel(dy: dy, at: location, time: time) }
        case let .key(key, time):
            if key.is(.char("q"), .control) { quitRequested = true; return }
            // A focused control gets every key (Tab moves focus); otherwise Tab switches scenes.
            if scene.hasKeyboardFocus {
                _ = scene.handleKey(key, time: time)
                return
            }
            if (key.is(.tab) || key.is(.tab, .shift)) && !scene.isModal {
                let step = key.modifiers.contains(.shift) ? scenes.count - 1 : 1
                select(scenes[(current + step) % scenes.count].id, time: time)
                return
            }
            _ = scene.handleKey(key, time: time)
        case let .text(text, time):
            scene.handleText(text, time: time)
        case let .composition(text, time):
            scene.handleComposition(text, time: time)
        case let .resize(size, time):
            guard size != windowSize else { return }   // an expose: just redraw
            windowSize = size
            layout(time: time)
        case .focusLost(let time):
            if pointerFilter.cancelActive(at: lastPointerLocation, time: time) != nil {
                pointerOnTabBar = false
                scene.cancelGestures(time: time)
            }
        case .quit:
            quitRequested = true
        }
    }

    package func select(_ id: SceneID, time: Double) {
        guard let i = scenes.firstIndex(where: { $0.id == id }), i != current else { return }
        scene.cancelGestures(time: time)
        current = i
        needsDisplay = true
    }

    /// Where the platform should show text input (the focused field's caret), nil when none is
    /// focused; `textInputOwner` names the field, so input restarts when focus moves.
    package var textInputRect: Rect? { scene.textInputRect }
    package var textInputOwner: String? { scene.textInputOwner }

    /// When the picture next changes by itself while nothing animates (the caret's blink).
    package func nextRedraw(after time: Double) -> Double? { scene.nextRedraw(after: time) }

    /// Steps the visible scene; true while it animates.
    package func advance(to time: Double) -> Bool {
        var moving = scene.advance(to: time)
        if returningHome && !moving {
            // Still modal and at rest: the close did not take (a gesture ended in between);
            // ask again, and if nothing moves, switch regardless so a kiosk never stays stuck.
            if scene.isModal { _ = scene.handleKey(Key(.escape), time: time); moving = scene.advance(to: time) }
            if !moving { finishReturningHome(time: time); moving = scene.advance(to: time) }
        }
        if moving { needsDisplay = true }
        return moving || returningHome
    }

    // MARK: Idle reset (issue 14: kiosk mode) ------------------------------------------------
    /// The scene an idle reset returns to (the first scene of the run).
    package let home: SceneID
    /// An idle reset waits for the open sheet or card to finish closing before it switches.
    package private(set) var returningHome = false

    /// Back to the start for the next visitor: any gesture ends, the open sheet or card closes
    /// with its normal animation, then the home scene comes back scrolled to the top.
    package func resetToHome(time: Double) {
        needsDisplay = true
        if pointerFilter.cancelActive(at: lastPointerLocation, time: time) != nil { pointerOnTabBar = false }
        scene.cancelGestures(time: time)
        // Escape is each scene's own "close the top sheet or card", animation included.
        if scene.isModal { _ = scene.handleKey(Key(.escape), time: time) }
        returningHome = true
        if scene.id == home { scrollToTop(scene, time: time) }
    }

    private func finishReturningHome(time: Double) {
        returningHome = false
        for s in scenes { scrollToTop(s, time: time) }
        select(home, time: time)
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

    package func displayList(time: Double) -> DisplayList {
        var list = DisplayList(background: .white)
        // Behind a modal overlay (sheet, expanded card) the scene and tab bar form one layer:
        // composited while they hold still, and the overlay's dim folds into that copy.
        let backdrop = { (list: inout DisplayList) in
            self.scene.draw(into: &list, time: time)
            let hidden = self.scene.tabBarHiddenFraction(time: time)
            guard hidden < 1 else { return }
            list.transformed(.translate(0, TabBar.height * hidden)) { list in
                self.tabBar.draw(into: &list, window: self.windowSize, selected: self.scene.id, env: self.env)
            }
        }
        if scene.isModal {
            list.layer(LayerSpec(id: "backdrop", bounds: Rect(origin: .zero, size: windowSize), background: .white), backdrop)
        } else {
            backdrop(&list)
        }
        scene.drawOverlay(into: &list, time: time)
        needsDisplay = false
        return list
    }

    package func state(time: Double, frame: Int, render: RenderStatsJSON?) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("time", .rounded(time)), ("frame", .int(frame)), ("scene", .string(scene.id.rawValue)),
            ("size", .array([.rounded(windowSize.width), .rounded(windowSize.height)])),
            ("scale", .rounded(scale)),
        ]
        fields += scene.stateFields(time: time)
        if let render { fields.append(("render", render.json)) }
        return .object(fields)
    }
}

/// The render figures of the last frame, as the backend reports them.
package protocol RenderStatsJSON { var json: JSONValue { get } }
