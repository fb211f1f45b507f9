// PointerTestSupport: the pointer events the core tests make.
import FlingCore

/// A pointer event: `id` 0 the mouse, 1 and up fingers, at (x, y) pt and time `t` (x 100 when
/// only the vertical matters).
func pointer(_ id: Int64, _ phase: PointerEvent.Phase, x: Double = 100, _ y: Double, _ t: Double) -> PointerEvent {
    PointerEvent(id: id, phase: phase, location: Point(x, y), time: t)
}
