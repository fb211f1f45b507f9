// ScrollView: SwiftUI's `ScrollView` on the view tree: its node, drag and wheel scrolling with
// momentum and rubber band on each axis, the state kept across rebuilds, and reveal-into-view.
import FlingCore

/// The scroll axes of a `ScrollView`.
public struct ScrollAxes: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let horizontal = ScrollAxes(rawValue: 1)
    public static let vertical = ScrollAxes(rawValue: 2)
}

/// Content larger than its frame, moved by drags (1:1, momentum, rubber band: the app's
/// `ScrollModel` physics on each axis) and by the wheel (SwiftUI's `ScrollView`). The content
/// is offered unlimited space along the scroll axes.
public struct ScrollView<Content: View>: SingleNodeView {
    let axes: ScrollAxes
    let content: Content
    public init(_ axes: ScrollAxes = .vertical, @ViewBuilder content: () -> Content) {
        self.axes = axes; self.content = content()
    }
    func makeNode(_ context: BuildContext) -> Node {
        let inner = buildSingleNode(content, context.child(0).with { $0.stackAxis = nil })
        let node: ScrollNode
        if let reused = context.reusable(ScrollNode.self) {
            reused.axes = axes; reused.content = inner
            node = reused
        } else {
            node = ScrollNode(path: context.path, axes: axes, host: context.host, content: inner)
        }
        node.rightToLeft = context.environment.layoutDirection == .rightToLeft
        return node
    }
}

/// One scroll view's gesture and physics, kept by the host across rebuilds.
struct ScrollState: Equatable {
    var x = ScrollModel()
    var y = ScrollModel()
    var classifier = TapClassifier()
    var tracker = VelocityTracker()
    var last = Point.zero
    var dragging = false
    /// A scroll that moves with another animation (the on-screen keyboard's): the offset goes
    /// from `from` to `to` as `motion` goes from 0 to 1, frame for frame (UIKit scrolls the
    /// focused field up inside the keyboard's own animation block).
    struct Following: Equatable {
        var from: Point
        var to: Point
        var motion: TimedAnimation
    }
    var following: Following?

    mutating func advance(to t: Double) -> Bool {
        if let f = following {
            let p = f.motion.value(at: t)
            x.setOffset(f.from.x + (f.to.x - f.from.x) * p, animated: false, at: t)
            y.setOffset(f.from.y + (f.to.y - f.from.y) * p, animated: false, at: t)
            if f.motion.isFinished(at: t) { following = nil }
            return true
        }
        let mx = x.advance(to: t), my = y.advance(to: t)
        return mx || my
    }
    func offset(at t: Double) -> Point { Point(x.offset(at: t), y.offset(at: t)) }
}

@MainActor
final class ScrollNode: Node, PointerTarget {
    var axes: ScrollAxes
    var content: Node
    /// Where the scroll position lives between rebuilds.
    unowned let host: ViewHost
    init(path: String, axes: ScrollAxes, host: ViewHost, content: Node) {
        self.axes = axes; self.content = content; self.host = host
        super.init(path: path)
    }

    override var children: [Node] { [content] }
    override func forEachChild(_ body: (Node) -> Void) { body(content) }
    override var isInteractive: Bool { true }

    private func contentProposal(_ p: ProposedSize) -> ProposedSize {
        ProposedSize(width: axes.contains(.horizontal) ? nil : p.width, height: axes.contains(.vertical) ? nil : p.height)
    }

    override func measure(_ p: ProposedSize) -> Size {
        let c = content.size(for: contentProposal(p))
        return Size(p.width ?? c.width, p.height ?? c.height)
    }

    /// In a right-to-left layout the content is placed mirrored, so a larger x offset moves
    /// it right: a drag, a fling and a reveal count x the other way (−1) to follow the finger.
    var rightToLeft = false
    private var leftward: Double { rightToLeft ? -1 : 1 }

    private var key: StorageKey<ScrollState> { StorageKey(path: path) }
    private func state(_ host: ViewHost) -> ScrollState { host.storage[key] ?? ScrollState() }

    override func placeChildren(in rect: Rect, proposal: ProposedSize) {
        let offer = contentProposal(ProposedSize(rect.size))
        let size = content.size(for: offer)
        let old = state(host)
        var s = old
        s.x.resize(viewport: rect.width, content: axes.contains(.horizontal) ? size.width : rect.width, at: host.time)
        s.y.resize(viewport: rect.height, content: axes.contains(.vertical) ? size.height : rect.height, at: host.time)
        // Stored only when it changed: storing boxes the state anew (every build otherwise).
        if s != old || !host.storage.contains(key) { host.storage[key] = s }
        let o = s.offset(at: host.time)
        // Content narrower than the viewport is centred across it; along a scroll axis it
        // starts at the top (or leading edge), as SwiftUI's ScrollView places it.
        let dx = axes.contains(.horizontal) ? 0 : max(0, (rect.width - size.width) / 2)
        let dy = axes.contains(.vertical) ? 0 : max(0, (rect.height - size.height) / 2)
        content.place(in: Rect(x: rect.minX + dx - o.x, y: rect.minY + dy - o.y, width: size.width, height: size.height),
                      proposal: offer)
    }

    override func draw(into list: inout DisplayList) {
        list.clipped(to: frame) { content.draw(into: &$0) }
    }

    override func hitChain(_ p: Point) -> [Node]? {
        guard frame.contains(p) else { return nil }
        return (content.hitChain(p) ?? []) + [self]
    }

    // MARK: Gesture

    func pressBegan(_ e: PointerEvent, host: ViewHost) -> PressClaim {
        var s = state(host)
        // A touch stops a scroll that follows the keyboard, as it stops any other.
        s.following = nil
        let moving = s.x.isMoving(at: e.time) || s.y.isMoving(at: e.time)
        if moving { s.x.beginDrag(at: e.time); s.y.beginDrag(at: e.time); s.dragging = true }
        s.classifier.press(at: e.location, time: e.time)
        s.tracker.reset()
        s.tracker.addPress(time: e.time, position: e.location)
        s.last = e.location
        host.storage[key] = s
        return .gesture
    }

    func pressMoved(_ e: PointerEvent, host: ViewHost) {
        var s = state(host)
        s.tracker.addMove(time: e.time, position: e.location)
        if !s.dragging, s.classifier.move(to: e.location) {
            s.dragging = true
            s.x.beginDrag(at: e.time); s.y.beginDrag(at: e.time)
        }
        if s.dragging {
            let d = s.last - e.location
            if axes.contains(.horizontal) { s.x.drag(by: d.x * leftward, at: e.time) }
            if axes.contains(.vertical) { s.y.drag(by: d.y, at: e.time) }
            s.last = e.location
        }
        host.storage[key] = s
    }

    func pressEnded(_ e: PointerEvent, tapped: Bool, host: ViewHost) {
        var s = state(host)
        _ = s.classifier.release()
        if s.dragging {
            let v = s.tracker.releaseVelocity(at: e.time)
            s.x.endDrag(velocity: axes.contains(.horizontal) ? -v.x * leftward : 0, at: e.time)
            s.y.endDrag(velocity: axes.contains(.vertical) ? -v.y : 0, at: e.time)
            s.dragging = false
        }
        host.storage[key] = s
    }

    func pressCancelled(time: Double, host: ViewHost) {
        var s = state(host)
        s.classifier.cancel()
        if s.dragging {
            s.x.endDrag(velocity: 0, at: time); s.y.endDrag(velocity: 0, at: time)
            s.dragging = false
        }
        host.storage[key] = s
    }

    /// Wheel notches scroll vertically when possible, else horizontally.
    func wheel(dy: Double, time: Double, host: ViewHost) {
        var s = state(host)
        s.following = nil
        let delta = -dy * InteractionConstants.wheelNotch
        if axes.contains(.vertical), s.y.maxOffset > 0 { s.y.scroll(by: delta, at: time) }
        else if axes.contains(.horizontal) { s.x.scroll(by: delta, at: time) }
        host.storage[key] = s
    }

    /// The content is about to lose `inset` pt at its bottom (the keyboard's room): an offset
    /// past the new end comes back to it with `motion` (the keyboard going down), so nothing
    /// jumps when the room goes.
    func settle(losingBottom inset: Double, following motion: TimedAnimation, host: ViewHost) {
        guard axes.contains(.vertical) else { return }
        var s = state(host)
        let end = max(0, s.y.contentLength - s.y.viewportLength - inset)
        let o = s.offset(at: host.time)
        guard o.y > end else { return }
        s.following = ScrollState.Following(from: o, to: Point(o.x, end), motion: motion)
        host.storage[key] = s
    }

    /// Scrolls (animated) just enough that `target` (window pt) is inside the viewport,
    /// with a margin.
    func reveal(_ target: Rect, following motion: TimedAnimation? = nil, host: ViewHost) {
        var s = state(host)
        let m = WidgetMetrics.revealMargin
        let o = s.offset(at: host.time)
        func needed(_ lo: Double, _ hi: Double, _ vlo: Double, _ vhi: Double) -> Double {
            if lo - m < vlo { return lo - m - vlo }
            if hi + m > vhi { return min(hi + m - vhi, lo - m - vlo) }
            return 0
        }
        let dx = needed(target.minX, target.maxX, frame.minX, frame.maxX) * leftward
        let dy = needed(target.minY, target.maxY, frame.minY, min(frame.maxY, host.coveredBelow ?? frame.maxY))
        let to = Point(axes.contains(.horizontal) ? s.x.clamped(o.x + dx) : o.x, axes.contains(.vertical) ? s.y.clamped(o.y + dy) : o.y)
        if let motion, to != o {
            s.following = ScrollState.Following(from: o, to: to, motion: motion)
        } else {
            if dx != 0, axes.contains(.horizontal) { s.x.setOffset(o.x + dx, animated: true, at: host.time) }
            if dy != 0, axes.contains(.vertical) { s.y.setOffset(o.y + dy, animated: true, at: host.time) }
        }
        host.storage[key] = s
    }
}
