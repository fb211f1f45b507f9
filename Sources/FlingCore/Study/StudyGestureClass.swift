// StudyGestureClass: what one gesture was, for a study: an accidental or a missed
// dismissal, a snap-back, a skipped detent, a re-grab, read from its metrics line and the
// task's intent.

/// One gesture classified against its trial's intent.
public struct StudyGestureClass: Equatable, Sendable {
    /// Where it started and how it ended, in the metrics' one vocabulary ("full", "half",
    /// "dismissed" for sheets; "expanded", "collapsed" for cards).
    public var startDetent: String?
    public var outcome: String
    /// A sheet dismissed (or a card closed) in a task that did not want it.
    public var accidentalDismissal: Bool
    /// In a task that wanted a dismissal: a pull towards it that ended back at a detent.
    public var missedDismissal: Bool
    /// Moved, then came back where it started.
    public var snapBack: Bool
    /// Full straight to dismissed, past half.
    public var skippedDetent: Bool
    /// Grabbed again before the previous gesture's motion had come to rest.
    public var regrab: Bool

    /// Older metrics names, read as the one vocabulary.
    public static func outcome(_ raw: String) -> String {
        switch raw {
        case "dismiss": "dismissed"
        case "collapse": "collapsed"
        case "expand": "expanded"
        default: raw
        }
    }

    public init(_ m: GestureMetric, dismiss intent: StudyFile.DismissIntent, startDetent: String?, previous: GestureMetric?) {
        let outcome = Self.outcome(m.decision.outcome)
        self.outcome = outcome
        self.startDetent = startDetent
        let dismissal = (m.target == "sheet" && outcome == "dismissed") || (m.target == "card" && outcome == "collapsed")
        accidentalDismissal = dismissal && intent == .unwanted
        // Missed: pulled down more than 10 pt towards a wanted dismissal and back where it
        // started (a step from full to half is not a miss; it is a detent).
        let pulledDown = m.release.y - m.start.y > 10
        let cameBack = startDetent.map { outcome == $0 } ?? true
        missedDismissal = intent == .wanted && !dismissal && pulledDown && cameBack && (m.target == "sheet" || m.target == "card")
        snapBack = startDetent != nil && outcome == startDetent && abs(m.release.y - m.start.y) > 10
        skippedDetent = m.target == "sheet" && startDetent == "full" && outcome == "dismissed"
        if let p = previous, p.target == m.target, let settle = p.settleTime {
            regrab = m.start.t < p.release.t + settle
        } else {
            regrab = previous.map { $0.target == m.target && $0.settleTime == nil } ?? false
        }
    }
}
