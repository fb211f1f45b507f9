// StudyConstants: the numbers of a study session: the beat before each task and
// the banner's and prompt's sizes.

public enum StudyConstants {
    /// From one trial's last answer (or the session's start) to the next task: the app is
    /// brought to the start state within it (a dismissal's 1.2 s, a presentation, a step to
    /// full: under 3 s), then the task starts on the beat, so a scripted participant knows
    /// when to act. The banner says "Get ready" meanwhile.
    public static let readyTime: Double = 4
}
