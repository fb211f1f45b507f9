// StudyOverlay: how a study session looks: the task banner with its "Give up" button at the
// top, and the prompt after each trial (Yes/No, a 1–7 rating, what was expected), with the
// frames of every button in one place (StudyLayout).
import FlingCore

/// Where the study's banner, prompt and buttons are, in window pt (44 pt tall targets); in a
/// right-to-left language the buttons' order and the text's edge are mirrored.
struct StudyLayout {
    let window: Size
    var rightToLeft = false
    /// The prompt asks what was expected (after a "No"): the card grows a row.
    var withChoices = false
    static let margin = 12.0, bannerHeight = 84.0, buttonHeight = 44.0

    var banner: Rect { Rect(x: Self.margin, y: Self.margin, width: window.width - 2 * Self.margin, height: Self.bannerHeight) }
    /// `r`, laid out left to right, where the language's direction puts it.
    private func mirrored(_ r: Rect) -> Rect {
        rightToLeft ? Rect(x: window.width - r.maxX, y: r.minY, width: r.width, height: r.height) : r
    }
    /// Where text `width` wide starts when it sits `inset` from `r`'s leading edge (for a
    /// block set in a width, that width: its lines are aligned in it).
    func leadingX(_ width: Double, in r: Rect, inset: Double) -> Double {
        rightToLeft ? r.maxX - inset - width : r.minX + inset
    }

    var giveUp: Rect { mirrored(Rect(x: banner.maxX - 100, y: banner.midY - Self.buttonHeight / 2, width: 90, height: Self.buttonHeight)) }

    var card: Rect {
        // Its top stays where the taller card's is: the card grows down when the choices
        // appear, so Yes/No and the ratings never move under a finger.
        let w = min(window.width - 32, 440), h = withChoices ? 340.0 : 250.0
        return Rect(x: ((window.width - w) / 2).rounded(), y: ((window.height - 340) / 2).rounded(), width: w, height: h)
    }
    private var yesLTR: Rect { Rect(x: card.minX + 20, y: card.minY + 70, width: (card.width - 52) / 2, height: Self.buttonHeight) }
    var yes: Rect { mirrored(yesLTR) }
    var no: Rect { mirrored(Rect(x: yesLTR.maxX + 12, y: yesLTR.minY, width: yesLTR.width, height: Self.buttonHeight)) }
    func rating(_ n: Int) -> Rect {
        let gap = 6.0, w = (card.width - 40 - 6 * gap) / 7
        return mirrored(Rect(x: card.minX + 20 + Double(n - 1) * (w + gap), y: card.minY + 170, width: w, height: Self.buttonHeight))
    }
    func choice(_ i: Int, of n: Int) -> Rect {
        let gap = 6.0, w = (card.width - 40 - Double(n - 1) * gap) / Double(max(1, n))
        return mirrored(Rect(x: card.minX + 20 + Double(i) * (w + gap), y: card.minY + 266, width: w, height: Self.buttonHeight))
    }
}

extension StudySession {
    /// The banner while a task runs; the prompt (over a dim) when it has ended.
    package func draw(into list: inout DisplayList, window: Size, env: SceneEnvironment) {
        var layout = StudyLayout(window: window, rightToLeft: rightToLeft)
        if case .prompt(_, _, _, false, _) = phase, !study.expectedChoices.isEmpty { layout.withChoices = true }
        let font = Font(size: 16, weight: .semibold), small = Font(size: 14)
        func button(_ label: String, _ r: Rect, selected: Bool) {
            list.add(.fillRect(r, radii: CornerRadii(10), color: selected ? SystemColor.blue : Color(white: 0.93)))
            let t = env.layout(label, font)
            list.text(t, at: Point(r.midX - t.size.width / 2, r.midY - t.size.height / 2), selected ? .white : SystemColor.blue)
        }
        switch phase {
        case .task:
            guard let trial else { return }
            let b = layout.banner
            list.add(.shadow(b, radii: CornerRadii(14), color: Color(white: 0, alpha: 0.2), radius: 10, offset: Point(0, 2)))
            list.add(.fillRect(b, radii: CornerRadii(14), color: Color(white: 1, alpha: 0.97)))
            let head = env.layout(env.localized("Trial \(trial.number) of \(schedule.trials.count)"), small)
            list.text(head, at: Point(layout.leadingX(head.size.width, in: b, inset: 14), b.minY + 8), SystemColor.secondaryLabel)
            let room = b.width - layout.giveUp.width - 34
            let text = env.layout(study.tasks[trial.task].text, font, TextOptions(maxWidth: room, lineLimit: 2, rightToLeftLayout: rightToLeft))
            list.text(text, at: Point(layout.leadingX(room, in: b, inset: 14), b.minY + 10 + head.size.height), .black)
            button(env.localized("Give up"), layout.giveUp, selected: false)
        case .prompt(_, _, _, let expected, let rating):
            list.add(.dim(Rect(origin: .zero, size: window), amount: 0.45))
            let c = layout.card
            list.add(.fillRect(c, radii: CornerRadii(16), color: .white))
            let q = env.layout(study.question, font, TextOptions(maxWidth: c.width - 40, rightToLeftLayout: rightToLeft))
            list.text(q, at: Point(layout.leadingX(c.width - 40, in: c, inset: 20), c.minY + 24), .black)
            button(env.localized("Yes"), layout.yes, selected: expected == true)
            button(env.localized("No"), layout.no, selected: expected == false)
            let r = env.layout(env.localized("How did it feel? \(1) (poor) to \(7) (great)"), small)
            list.text(r, at: Point(layout.leadingX(r.size.width, in: c, inset: 20), c.minY + 140), SystemColor.secondaryLabel)
            for n in 1...7 { button(env.strings.number(n), layout.rating(n), selected: rating == n) }
            if expected == false, !study.expectedChoices.isEmpty {
                let w = env.layout(env.localized("What did you expect?"), small)
                list.text(w, at: Point(layout.leadingX(w.size.width, in: c, inset: 20), c.minY + 236), SystemColor.secondaryLabel)
                for (i, choice) in study.expectedChoices.enumerated() {
                    button(choice, layout.choice(i, of: study.expectedChoices.count), selected: false)
                }
            }
        case .starting:
            guard let trial else { return }
            let b = layout.banner
            list.add(.fillRect(b, radii: CornerRadii(14), color: Color(white: 1, alpha: 0.9)))
            let t = env.layout(env.localized("Trial \(trial.number) of \(schedule.trials.count): get ready…"), font)
            list.text(t, at: Point(layout.leadingX(t.size.width, in: b, inset: 14), b.midY - t.size.height / 2), SystemColor.secondaryLabel)
        case .done:
            let c = layout.card
            list.add(.dim(Rect(origin: .zero, size: window), amount: 0.45))
            list.add(.fillRect(c, radii: CornerRadii(16), color: .white))
            let t = env.layout(env.localized("That's all. Thank you!"), Font(size: 22, weight: .bold), TextOptions(maxWidth: c.width - 40))
            list.text(t, at: Point(c.midX - t.size.width / 2, c.midY - t.size.height / 2), .black)
        }
    }
}
