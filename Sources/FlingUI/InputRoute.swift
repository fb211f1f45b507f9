// InputRoute: where every input event goes, in one order, on one clock. The app controller's
// `handle` is the only entry (the run loops, a replay, a study and the tests all call it):
//   1. a study's prompt, if one shows, takes the pointer over it;
//   2. the instrument (overlay keys, the tuning panel, touch trails) may consume the event;
//   3. the clock: a press anchors slow motion (steps 1–3 are in real time: they run the clock);
//   then, with the event's time converted once to scene time:
//   4. the on-screen keyboard takes every finger on it, and any physical key or text first;
//   5. the tab bar takes presses on it (a modal overlay covers it);
//   6. the scene gets the rest (pointer, wheel, keys, text and composition if it has fields);
//   7. after every event, the on-screen keyboard follows focus.
import FlingCore

extension AppController {
    /// Every input event, in the order at the top of this file. Events arrive in real time;
    /// steps 1–3 are the ones that run or measure the clock, and from step 4 on everything
    /// sees the event once converted to scene time.
    package func handle(_ event: InputEvent) {
        needsDisplay = true
        // The options set the instrument up before the first event: that is what an idle
        // reset restores.
        if launchSettings == nil { launchSettings = instrumentSettings }
        // 1. A study's prompt over the scene takes the pointer.
        if case .pointer(let p) = event, let study, study.handlePointer(p, window: windowSize, time: clock.scene(at: p.time)) { return }
        // 2. The instrument: its keys, panel and touch trails (it sets the clock's rate).
        let response = instrument.handle(event, context: instrumentContext)
        for command in response.commands { apply(command, time: event.time ?? 0) }
        if response.consumed { return }
        // 3. The clock: slow motion holds its rate from a press to its release.
        let pressEnds = noteOnTheClock(event)
        // 4–6. The keyboard, the tab bar, the scene; 7. the keyboard follows focus.
        let onScene = event.retimed { clock.scene(at: $0) }
        route(onScene)
        keyboardFollowsFocus(after: onScene)
        // The tuning waits for the gesture in progress: in force from its release on.
        if pressEnds, let t = event.time { clock.setPressed(false, at: t); applyTuning() }
    }

    /// A press of the scene's (not the on-screen keyboard's: the clock does not wait on it)
    /// anchors the clock; true when this event ends the press (its release or lost focus).
    private func noteOnTheClock(_ event: InputEvent) -> Bool {
        switch event {
        case .pointer(let p):
            var onSceneClock = p
            onSceneClock.time = clock.scene(at: p.time)
            if p.phase == .began && pointerFilter.activeID == nil && !keyboard.claims(onSceneClock) {
                clock.setPressed(true, at: p.time)
            }
            return (p.phase == .ended || p.phase == .cancelled) && p.id == pointerFilter.activeID
        case .focusLost: return pointerFilter.activeID != nil
        default: return false
        }
    }

    /// The on-screen keyboard's one rule: after every event, whatever it did to focus (a tap,
    /// Tab, Escape, a resize whose layout no longer has the focused field, a paste), the
    /// keyboard follows it: focus lost, it goes down, as iOS dismisses it; kept, it stays; a
    /// field newly focused brings it up when the mode says so. Asked here rather than where
    /// focus moves, since focus moves in many places (the view tree drops a field that is
    /// gone at its next build) and a keyboard left up over no field types nothing.
    private func keyboardFollowsFocus(after event: InputEvent) {
        switch event {
        // Focus moves on a press or a release, not on a move: a drag's moves skip the look.
        case .pointer(let p): if p.phase != .moved { keyboard.follow(scene, time: p.time) }
        // A physical key or typed text: a field it focuses (Tab) keeps the keyboard down.
        case .key(_, let time), .text(_, let time): keyboard.follow(scene, time: time, byKey: true)
        case .wheel(_, _, let time), .composition(_, let time), .resize(_, let time), .middleClick(_, _, let time),
             .focusLost(let time):
            keyboard.follow(scene, time: time)
        case .quit: break
        }
    }

    private func route(_ event: InputEvent) {
        switch event {
        case .pointer(let raw):
            // Every finger goes to the keyboard first: a touch on it is never the scene's.
            if keyboard.handlePointer(raw, scene: scene) { return }
            guard let e = pointerFilter.filter(raw) else { return }
            if e.phase == .began { returningHome = false }   // a visitor took over mid-reset
            lastPointerLocation = e.location
            // A tab bar sliding back with a collapsing card takes no taps until it is home.
            if e.phase == .began {
                pointerOnTabBar = !scene.isModal && scene.tabBarHiddenFraction(time: e.time) == 0
                    && tabBar.tab(at: e.location, window: windowSize) != nil
            }
            if pointerOnTabBar {
                if e.phase == .ended, let tab = tabBar.tab(at: e.location, window: windowSize) { selectOnSceneClock(tab, time: e.time) }
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
            keyboard.physicalKeyPressed(scene, time: time)
            // Keyboard navigation, as iPadOS's full keyboard access goes
            // through controls and then on to the tab bar: Tab moves through the scene's
            // controls and, past the last, on to the next scene (Shift+Tab: backwards); in a
            // scene without controls Tab switches scenes at once. Ctrl+Tab switches from
            // anywhere but a modal overlay (a sheet, an expanded card), as Tab does.
            let tab = key.is(.tab) || key.is(.tab, .shift)
            let backwards = key.modifiers.contains(.shift)
            if (key.is(.tab, .control) || key.is(.tab, [.control, .shift])) && !scene.isModal {
                switchScene(backwards: backwards, time: time)
                return
            }
            if scene.hasKeyboardFocus {
                // A focused control gets every key; Tab past the last control is not used.
                if !scene.handleKey(key, time: time), tab, !scene.isModal { switchScene(backwards: backwards, time: time) }
                return
            }
            if tab && !scene.isModal {
                if !scene.focusFirstControl(reverse: backwards, time: time) { switchScene(backwards: backwards, time: time) }
                return
            }
            _ = scene.handleKey(key, time: time)
        case let .middleClick(location, text, time):
            if scene.isModal || sceneBounds.contains(location) {
                scene.textInput?.pastePrimarySelection(text ?? env.primarySelection.text ?? "", at: location, time: time)
            }
        case let .text(text, time):
            keyboard.physicalKeyPressed(scene, time: time)
            scene.textInput?.handleText(text, time: time)
        case let .composition(text, time):
            scene.textInput?.handleComposition(text, time: time)
        case let .resize(size, time):
            guard size != windowSize else { return }   // an expose: just redraw
            windowSize = size
            layout(time: time)
            keyboard.resize(window: size, scene: scene, time: time)
        case .focusLost(let time):
            keyboard.cancelTouches()
            if pointerFilter.cancelActive(at: lastPointerLocation, time: time) != nil {
                pointerOnTabBar = false
                scene.cancelGestures(time: time)
            }
        case .quit:
            quitRequested = true
        }
    }

    /// A screen reader acted on the app (an action, a value, text): the frame is drawn again,
    /// and the on-screen keyboard follows focus as after any event (`time`: scene time). A
    /// field the screen reader focuses keeps it down, as one focused with Tab does.
    func noteAccessibilityInput(time: Double) {
        needsDisplay = true
        keyboard.follow(scene, time: time, byKey: true)
    }

    /// The next (previous) scene in tab-bar order.
    private func switchScene(backwards: Bool, time: Double) {
        let step = backwards ? scenes.count - 1 : 1
        selectOnSceneClock(scenes[(current + step) % scenes.count].id, time: time)
    }

}
