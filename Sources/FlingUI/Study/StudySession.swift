// StudySession: a participant's session of a UX study in the app: each trial's
// condition applied blind, its start state reached, the task banner with "Give up", success
// or timeout, the prompt's answers, and the state dump's "study" object.
import FlingCore

/// What a finished trial says (one row of trials.csv).
package struct StudyTrialRecord: Equatable, Sendable {
    package var participant: String
    package var trial: Int
    /// As the participant saw it ("A", "B", …).
    package var condition: String
    package var task: String
    package var repetition: Int
    /// "success", "timeout" or "gave-up".
    package var outcome: String
    /// Seconds from the task's start to its end.
    package var timeOnTask: Double
    package var expected: Bool
    package var rating: Int
    /// The outcome the participant expected instead (after a "No"), if asked.
    package var expectedOutcome: String?
    package var taskStart: Double
    package var taskEnd: Double
}

/// Where the session's records go (the app layer writes them to files, each line flushed).
@MainActor
package protocol StudySink: AnyObject {
    func trialStarted(_ trial: StudySchedule.Trial, task: String, at time: Double)
    func trialFinished(_ record: StudyTrialRecord)
}

/// One participant's run through their schedule. The app hands it pointer events first (its
/// buttons take taps; the prompt takes every touch), steps it each frame and draws it last.
@MainActor
package final class StudySession {
    package let study: StudyFile
    package let schedule: StudySchedule
    package weak var sink: StudySink?
    /// The banner's and the prompt's buttons run right to left in Arabic (set by the app).
    package var rightToLeft = false

    package enum Phase: Equatable {
        /// Bringing the app to the trial's start state, step by step as the app comes to rest,
        /// since `since`; the task starts `StudyConstants.readyTime` after (a fixed beat, so a
        /// scripted participant knows when).
        case starting(step: Int, since: Double?)
        /// The task runs since `since`; `stage` success stages have held so far.
        case task(since: Double, stage: Int)
        /// The trial ended; the prompt waits for its answers.
        case prompt(outcome: String, since: Double, ended: Double, expected: Bool?, rating: Int?)
        case done

        var name: String {
            switch self {
            case .starting: "starting"
            case .task: "task"
            case .prompt: "prompt"
            case .done: "done"
            }
        }
    }
    package private(set) var phase: Phase
    /// Index into `schedule.trials` of the trial running.
    package private(set) var index: Int
    /// Something happened since the last success check (an input, a motion that ended).
    private var needsCheck = true

    /// `resumeAt`: the number of trials already recorded (a restarted session goes on).
    package init(study: StudyFile, schedule: StudySchedule, resumeAt: Int = 0) {
        self.study = study
        self.schedule = schedule
        index = resumeAt
        phase = resumeAt < schedule.trials.count ? .starting(step: 0, since: nil) : .done
    }

    /// The running trial's condition's stall schedule ("MS@EVERY"), if it is a weak kiosk.
    package var stall: String? { trial.flatMap { study.conditions[$0.condition].stall } }

    package var trial: StudySchedule.Trial? { schedule.trials.indices.contains(index) ? schedule.trials[index] : nil }
    private var task: StudyFile.Task? { trial.map { study.tasks[$0.task] } }

    /// Start states this app cannot reach, with the task's line.
    package func problems(_ app: AppController) -> [(Int, String)] {
        let restaurants = (app.scenes.first { $0 is RestaurantsScene } as? RestaurantsScene)?.list.restaurants
        let cards = (app.scenes.first { $0 is TodayScene } as? TodayScene)?.articles.count ?? 0
        return study.tasks.compactMap { t in
            switch t.start {
            case .sheet(let name, _) where restaurants?.firstIndex(named: name) == nil:
                return (t.line, "no restaurant '\(name)' (\((restaurants?.names(first: 4) ?? []).joined(separator: ", ")), …)")
            case .card(let n) where n >= cards:
                return (t.line, "card:\(n): there are \(cards) cards (0 to \(cards - 1))")
            default: return nil
            }
        }
    }

    // MARK: Steps to a start state

    /// The steps to the trial's start, each taken once the app is at rest.
    private func steps(_ start: StudyStart) -> [(AppController, Double) -> Void] {
        let restaurantsHome: (AppController, Double) -> Void = { app, t in
            app.selectOnSceneClock(.restaurants, time: t)
            guard let r = app.scenes.first(where: { $0 is RestaurantsScene }) as? RestaurantsScene else { return }
            if r.presenter.isShowing { r.presenter.dismiss(time: t) }
            r.list.selected = nil
            _ = r.list.handleKey(Key(.home), time: t)
        }
        let todayHome: (AppController, Double) -> Void = { app, t in
            app.selectOnSceneClock(.today, time: t)
            guard let s = app.scenes.first(where: { $0 is TodayScene }) as? TodayScene else { return }
            if s.isModal { s.close(time: t) } else { s.scrollToTop(time: t) }
        }
        switch start {
        case .restaurants:
            return [restaurantsHome]
        case .sheet(let name, let full):
            var steps = [restaurantsHome, { app, t in
                guard let r = app.scenes.first(where: { $0 is RestaurantsScene }) as? RestaurantsScene,
                      let row = r.list.restaurants.firstIndex(named: name) else { return }
                r.open(row, time: t)
            }]
            if full {
                steps.append { app, t in
                    (app.scenes.first { $0 is RestaurantsScene } as? RestaurantsScene)?.presenter.stepToTop(time: t)
                }
            }
            return steps
        case .today:
            return [todayHome, todayHome]
        case .card(let n):
            return [todayHome, todayHome, { app, t in
                (app.scenes.first { $0 is TodayScene } as? TodayScene)?.open(card: n, time: t)
            }]
        }
    }

    // MARK: Time

    /// Each frame, after the scene moved: start steps at rest, the ready beat, success (checked
    /// once the app rests after something happened) and timeout. Returns true when the
    /// session changed what it shows (the app redraws); its deadlines are `nextDeadline`.
    package func advance(app: AppController, time: Double, sceneMoving: Bool) -> Bool {
        guard let trial, let task else { return false }
        switch phase {
        case .starting(let step, let began):
            let since = began ?? time
            if began == nil { phase = .starting(step: step, since: since) }
            guard !sceneMoving else { return false }
            if step == 0 {
                // The trial's condition, before anything moves: its policy and tuning.
                let c = study.conditions[trial.condition]
                app.setSheetPolicy(c.policy)
                app.sheetDetents = c.detents
                app.sheetBackgroundInteraction = c.backgroundInteraction
                app.cardStyle = c.cardStyle
                app.tuning = c.tuning
            }
            let all = steps(task.start)
            if step < all.count {
                all[step](app, time)
                phase = .starting(step: step + 1, since: since)
                return true
            }
            guard time >= since + StudyConstants.readyTime - 1e-9 else { return false }
            phase = .task(since: time, stage: 0)
            needsCheck = true
            sink?.trialStarted(trial, task: task.id, at: time)
            return true
        case .task(let since, var stage):
            if time - since >= study.timeout {
                end("timeout", since: since, at: time)
                return true
            }
            if sceneMoving { needsCheck = true; return false }
            guard needsCheck else { return false }
            needsCheck = false
            let state = app.state(time: app.clock.real(at: time) ?? time, frame: 0, render: nil)
            while stage < task.success.count, task.success[stage].holds(in: state) { stage += 1 }
            if stage == task.success.count {
                end("success", since: since, at: time)
                return true
            }
            phase = .task(since: since, stage: stage)
            return false
        case .prompt, .done:
            return false
        }
    }

    /// When the session next needs a frame of its own (the ready beat's end, the timeout).
    package func nextDeadline() -> Double? {
        switch phase {
        case .starting(let step, let since?):
            // Steps left: every frame (each waits for the app to rest); then the beat.
            if let task, step < steps(task.start).count { return since }
            return since + StudyConstants.readyTime
        case .starting(_, nil): return 0
        case .task(let since, _): return since + study.timeout
        default: return nil
        }
    }

    private func end(_ outcome: String, since: Double, at time: Double) {
        phase = .prompt(outcome: outcome, since: since, ended: time, expected: nil, rating: nil)
    }

    // MARK: Buttons

    /// What can be tapped now, in window pt.
    package func buttons(window: Size) -> [(label: String, frame: Rect)] {
        var layout = StudyLayout(window: window, rightToLeft: rightToLeft)
        switch phase {
        case .task: return [("Give up", layout.giveUp)]
        case .prompt(_, _, _, let expected, _):
            layout.withChoices = expected == false && !study.expectedChoices.isEmpty
            var out: [(String, Rect)] = [("Yes", layout.yes), ("No", layout.no)]
            out += (1...7).map { ("\($0)", layout.rating($0)) }
            if expected == false {
                out += study.expectedChoices.enumerated().map { i, c in (c, layout.choice(i, of: study.expectedChoices.count)) }
            }
            return out
        case .starting, .done: return []
        }
    }

    /// Pointer events, before the app. A press belongs, until it is lifted, to whoever got
    /// its start: the session when it began on the banner or a button, or while the app is
    /// being brought to the start or the prompt is up (nothing behind them can be used); the
    /// app otherwise, even if the trial ends while the finger is down (its release still
    /// reaches the gesture it began). True when the session takes the event.
    package func handlePointer(_ e: PointerEvent, window: Size, time: Double) -> Bool {
        if e.phase == .began {
            let hit = buttons(window: window).first { $0.frame.contains(e.location) }?.label
            let onBanner: Bool
            switch phase {
            case .task: onBanner = StudyLayout(window: window).banner.contains(e.location)
            case .starting, .prompt, .done: onBanner = true   // modal: every touch is the session's
            }
            owners[e.id] = hit != nil || onBanner ? .session(hit) : .app
            if case .app = owners[e.id] { needsCheck = true }
        }
        guard let owner = owners[e.id] else { return false }
        if e.phase == .ended || e.phase == .cancelled { owners[e.id] = nil }
        guard case .session(let pressed) = owner else {
            needsCheck = true
            return false
        }
        if e.phase == .ended, let pressed,
           buttons(window: window).first(where: { $0.frame.contains(e.location) })?.label == pressed {
            tap(pressed, time: time)
        }
        return true
    }

    /// Who took each pointer's press: the session (on this button, if any) or the app.
    private enum Owner { case session(String?), app }
    private var owners: [Int64: Owner] = [:]

    private func tap(_ label: String, time: Double) {
        switch phase {
        case .task(let since, _) where label == "Give up":
            end("gave-up", since: since, at: time)
        case .prompt(let outcome, let since, let ended, var expected, var rating):
            if label == "Yes" { expected = true } else if label == "No" { expected = false }
            else if let n = Int(label), (1...7).contains(n) { rating = n }
            var choice: String?
            if study.expectedChoices.contains(label), expected == false { choice = label }
            phase = .prompt(outcome: outcome, since: since, ended: ended, expected: expected, rating: rating)
            chosen = choice ?? chosen
            let needsChoice = expected == false && !study.expectedChoices.isEmpty && chosen == nil
            if let expected, let rating, !needsChoice { finish(outcome, since: since, ended: ended, expected: expected, rating: rating, time: time) }
        default:
            break
        }
    }
    private var chosen: String?

    private func finish(_ outcome: String, since: Double, ended: Double, expected: Bool, rating: Int, time: Double) {
        guard let trial, let task else { return }
        sink?.trialFinished(StudyTrialRecord(participant: schedule.participant, trial: trial.number, condition: trial.label, task: task.id,
                                             repetition: trial.repetition, outcome: outcome, timeOnTask: ended - since,
                                             expected: expected, rating: rating, expectedOutcome: expected ? nil : chosen,
                                             taskStart: since, taskEnd: ended))
        chosen = nil
        index += 1
        phase = index < schedule.trials.count ? .starting(step: 0, since: time) : .done
    }

    // MARK: State dump

    package func stateJSON(window: Size) -> JSONValue {
        func frame(_ r: Rect) -> JSONValue { .array([.rounded(r.minX), .rounded(r.minY), .rounded(r.width), .rounded(r.height)]) }
        return .object([
            ("participant", .string(schedule.participant)),
            ("trial", .int(trial?.number ?? schedule.trials.count)),
            ("trials", .int(schedule.trials.count)),
            ("condition", JSONValue.optional(trial?.label)),
            ("task", JSONValue.optional(task?.id)),
            ("phase", .string(phase.name)),
            ("buttons", .array(buttons(window: window).map { .object([("label", .string($0.label)), ("frame", frame($0.frame))]) })),
        ])
    }
}
