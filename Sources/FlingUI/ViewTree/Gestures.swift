// Gestures: SwiftUI-style drag and tap gestures on views (`DragGesture`, `onTapGesture`) and
// the node that recognises them, plus `TimelineView` for views built per frame's time.
import FlingCore

/// A drag's progress (SwiftUI's `DragGesture.Value`), in window pt and seconds.
public struct DragValue: Equatable, Sendable {
    public var startLocation: Point
    public var location: Point
    public var time: Double
    /// The finger's travel from where it went down (touch slop included, as SwiftUI's).
    public var translation: Point { location - startLocation }
    /// The release velocity (pt/s) from the app's velocity tracker, capped.
    public var velocity: Point
    /// Where the drag would end if the content kept moving and decelerated as a scroll view
    /// does (UIScrollView's normal rate): the translation plus the projected distance.
    public var predictedEndTranslation: Point {
        translation + Point(Projection.distance(velocity: velocity.x), Projection.distance(velocity: velocity.y))
    }
}

/// A drag recogniser (SwiftUI's `DragGesture`): `onChanged` once the finger has moved
/// `minimumDistance`, then on every move; `onEnded` on release, with the release velocity.
public struct DragGesture {
    let minimumDistance: Double
    var changed: (@MainActor (DragValue) -> Void)?
    var ended: (@MainActor (DragValue) -> Void)?

    public init(minimumDistance: Double = InteractionConstants.touchSlop) { self.minimumDistance = minimumDistance }
    public func onChanged(_ action: @escaping @MainActor (DragValue) -> Void) -> DragGesture { var g = self; g.changed = action; return g }
    public func onEnded(_ action: @escaping @MainActor (DragValue) -> Void) -> DragGesture { var g = self; g.ended = action; return g }
}

extension View {
    /// Recognises drags on this view (and on children that take no pointer input themselves).
    public func gesture(_ gesture: DragGesture) -> some View {
        modified { GestureNode(path: $1.path, child: $0, kind: .drag(gesture)) }
    }

    /// Runs `action` on a tap (a press released within the touch slop).
    public func onTapGesture(perform action: @escaping @MainActor () -> Void) -> some View {
        modified { GestureNode(path: $1.path, child: $0, kind: .tap(action)) }
    }
}

@MainActor
final class GestureNode: WrapperNode, PointerTarget {
    enum Kind { case drag(DragGesture), tap(@MainActor () -> Void) }
    let kind: Kind

    /// A drag in progress, kept by the host between rebuilds.
    private struct Tracking {
        var start: Point
        var last: Point
        var tracker = VelocityTracker()
        var recognized = false
    }

    init(path: String, child: Node, kind: Kind) {
        self.kind = kind
        super.init(path: path, child: child)
    }

    override var isInteractive: Bool { true }

    private var key: StorageKey<Tracking> { storageKey("gesture") }

    func pressBegan(_ e: PointerEvent, host: ViewHost) -> PressClaim {
        guard case .drag = kind else { return .tap }
        var t = Tracking(start: e.location, last: e.location)
        t.tracker.addPress(time: e.time, position: e.location)
        host.storage[key] = t
        return .gesture
    }

    func pressMoved(_ e: PointerEvent, host: ViewHost) {
        guard case .drag(let g) = kind, var t = host.storage[key] else { return }
        t.tracker.addMove(time: e.time, position: e.location)
        t.last = e.location
        if !t.recognized, (e.location - t.start).length >= g.minimumDistance { t.recognized = true }
        host.storage[key] = t
        if t.recognized {
            g.changed?(DragValue(startLocation: t.start, location: e.location, time: e.time,
                                 velocity: t.tracker.releaseVelocity(at: e.time)))
        }
    }

    func pressEnded(_ e: PointerEvent, tapped: Bool, host: ViewHost) {
        switch kind {
        case .tap(let action):
            if tapped { action() }
        case .drag(let g):
            guard let t = host.storage.removeValue(forKey: key) else { return }
            var tracker = t.tracker
            // The release's place counts only if the finger got there after its last move (an
            // up where the last move left it reads as a stop and slows the fit, issue 28).
            if e.location != t.last { tracker.addMove(time: e.time, position: e.location) }
            if t.recognized {
                g.ended?(DragValue(startLocation: t.start, location: e.location, time: e.time,
                                   velocity: tracker.releaseVelocity(at: e.time)))
            }
        }
    }

    func pressCancelled(time: Double, host: ViewHost) {
        guard case .drag(let g) = kind, let t = host.storage.removeValue(forKey: key), t.recognized else { return }
        // A cancelled drag ends where it was, with no velocity: the owner settles cleanly.
        g.ended?(DragValue(startLocation: t.start, location: t.last, time: time, velocity: .zero))
    }
}

/// Builds its content for the frame's time (SwiftUI's `TimelineView(.animation)`): how a view
/// shows an animated value (a spring from core) without storing frames of it. While
/// `paused` is false the host asks the loop for every frame; pause it when nothing moves.
public struct TimelineView<Content: View>: PrimitiveView {
    let paused: Bool
    let content: @MainActor (Double) -> Content
    public init(paused: Bool = false, @ViewBuilder content: @escaping @MainActor (_ time: Double) -> Content) {
        self.paused = paused; self.content = content
    }
    func makeNodes(_ context: BuildContext) -> [Node] {
        var nodes: [Node] = []
        appendNodes(context, to: &nodes)
        return nodes
    }
    func appendNodes(_ context: BuildContext, to nodes: inout [Node]) {
        if !paused { context.host.wantsFrames = true }
        buildNodes(content(context.time), context.child(0), into: &nodes)
    }
}
