/// When the run loops trim the renderer's caches to what is on screen (the memory budget): once a pause
/// has lasted `KioskConstants.idleTrimDelay`, or only `sceneChangeTrimDelay` when the pause is
/// the one right after a scene change (a tab switch: what the scene left behind is not coming
/// back in a pause); once per pause. Times are the loop's clock, injected.
public struct IdleTrimSchedule: Equatable, Sendable {
    private var lastDrawn = 0.0
    private var trimmed = false
    /// The scene the last trim left, the scene the last frame showed and when it first did.
    private var trimmedScene: String
    private var shownScene: String
    private var sceneChangedAt = -Double.infinity

    public init(scene: String) { trimmedScene = scene; shownScene = scene }

    /// A frame showing `scene` was drawn at `time`: a new pause begins after it.
    public mutating func drew(at time: Double, scene: String) {
        lastDrawn = time
        trimmed = false
        if scene != shownScene { shownScene = scene; sceneChangedAt = time }
    }

    /// When the trim of this pause is due; nil once it is done.
    public func due(scene: String) -> Double? {
        guard !trimmed else { return nil }
        let justSwitched = scene != trimmedScene && lastDrawn - sceneChangedAt < KioskConstants.idleTrimDelay
        return lastDrawn + (justSwitched ? KioskConstants.sceneChangeTrimDelay : KioskConstants.idleTrimDelay)
    }

    public mutating func didTrim(scene: String) {
        trimmed = true
        trimmedScene = scene
    }
}
