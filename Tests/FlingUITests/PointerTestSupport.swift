// PointerTestSupport: one tap for every in-process test, on whatever takes a press (a scene, a
// view tree's host, the app).
import FlingCore
@testable import FlingUI

/// What a test can press on.
@MainActor
protocol PressTarget {
    func receiveTestPointer(_ e: PointerEvent)
}

extension FormScene: PressTarget { func receiveTestPointer(_ e: PointerEvent) { _ = handlePointer(e) } }
extension TodayScene: PressTarget { func receiveTestPointer(_ e: PointerEvent) { _ = handlePointer(e) } }
extension ViewHost: PressTarget { func receiveTestPointer(_ e: PointerEvent) { handlePointer(e) } }
extension AppController: PressTarget { func receiveTestPointer(_ e: PointerEvent) { handle(.pointer(e)) } }

/// A tap as a script makes one: down at `t`, up at `p` a tap's duration later (pointer `id`:
/// 0 the mouse, 1 and up fingers).
@MainActor
func tap(_ target: some PressTarget, _ p: Point, at t: Double, id: Int64 = 0) {
    target.receiveTestPointer(PointerEvent(id: id, phase: .began, location: p, time: t))
    target.receiveTestPointer(PointerEvent(id: id, phase: .ended, location: p, time: t + InteractionConstants.scriptTapDuration))
}
