// PointerRouter: presses and the wheel in a view tree (how a press reaches a control): the
// target under a press keeps it until released; a press on a control inside a scroll view
// turns into a scroll once it moves past the touch slop; a tap on nothing ends editing.
// ViewHost owns one and forwards to it.
import FlingCore

/// How a widget takes a press.
enum PressClaim {
    /// The whole gesture, drags included (slider thumb, toggle thumb, selecting text).
    case gesture
    /// Only a tap: an enclosing scroll view takes the press over once it moves past the
    /// touch slop (text fields to focus, buttons).
    case tap
}

/// A node that takes pointer input. The tree is rebuilt after events, so the host finds the
/// pressed node again by its path for each event of a gesture (pointer capture): in a tree
/// rebuilt first for a press's start and end, in the tree as last built for its moves.
@MainActor
protocol PointerTarget: Node {
    func pressBegan(_ e: PointerEvent, host: ViewHost) -> PressClaim
    func pressMoved(_ e: PointerEvent, host: ViewHost)
    /// The press ended; `tapped` if it never moved past the touch slop.
    func pressEnded(_ e: PointerEvent, tapped: Bool, host: ViewHost)
    func pressCancelled(time: Double, host: ViewHost)
}

@MainActor
final class PointerRouter {
    unowned let host: ViewHost

    init(host: ViewHost) { self.host = host }

    private enum Press {
        case nothing(start: Point)
        case gesture(path: String)
        case tap(path: String, scroll: String?, classifier: TapClassifier)
        /// `direct`: the press began on the scroll view itself (not on a widget inside it),
        /// so a tap there is a tap on nothing.
        case scroll(path: String, direct: TapClassifier?)
    }
    private var press: Press?
    /// The type of the pressed node: if another kind of view takes its path mid-press (a row
    /// removed under the finger), the press is cancelled instead of sent to a stranger.
    private var pressedType: ObjectIdentifier?

    /// A pointer event of the primary pointer; true if the tree took it.
    func handle(_ e: PointerEvent) -> Bool {
        defer { host.markDirty() }
        switch e.phase {
        case .began:
            guard let root = host.currentTree() else { return false }
            let chain = (root.hitChain(e.location) ?? []).compactMap { $0 as? PointerTarget }
            let scroll = chain.first { $0 is ScrollNode }
            guard let target = chain.first else { press = .nothing(start: e.location); return false }
            pressedType = ObjectIdentifier(type(of: target))
            // A press on a control (switch, slider, segments) gives it keyboard focus, which
            // ends a text field's editing, as a tap outside the field does.
            if let control = target as? Focusable, !(control is TextFieldNode) { host.focus(control, ringVisible: false, reveal: false) }
            if target is ScrollNode {
                var classifier = TapClassifier()
                classifier.press(at: e.location, time: e.time)
                press = .scroll(path: target.path, direct: classifier)
                _ = target.pressBegan(e, host: host)
                return true
            }
            switch target.pressBegan(e, host: host) {
            case .gesture: press = .gesture(path: target.path)
            case .tap:
                var classifier = TapClassifier()
                classifier.press(at: e.location, time: e.time)
                press = .tap(path: target.path, scroll: scroll?.path, classifier: classifier)
                if let scroll { _ = scroll.pressBegan(e, host: host) }
            }
            return true
        case .moved:
            switch press {
            case .gesture(let path): target(path, asBuilt: true)?.pressMoved(e, host: host)
            case .scroll(let path, var direct):
                _ = direct?.move(to: e.location)
                press = .scroll(path: path, direct: direct)
                target(path, asBuilt: true)?.pressMoved(e, host: host)
            case .tap(let path, let scroll, var classifier):
                let dragging = classifier.move(to: e.location)
                press = .tap(path: path, scroll: scroll, classifier: classifier)
                if dragging, let scroll {
                    // The press became a scroll: the widget lets go.
                    target(path)?.pressCancelled(time: e.time, host: host)
                    press = .scroll(path: scroll, direct: nil)
                    target(scroll, asBuilt: true)?.pressMoved(e, host: host)
                } else {
                    target(path, asBuilt: true)?.pressMoved(e, host: host)
                }
            case .nothing, nil: return false
            }
            return true
        case .ended:
            defer { press = nil }
            switch press {
            case .gesture(let path): target(path)?.pressEnded(e, tapped: false, host: host)
            case .scroll(let path, var direct):
                target(path)?.pressEnded(e, tapped: false, host: host)
                // A tap on a scroll view's empty content ends editing, as a tap on nothing.
                if direct?.release() == true { host.unfocus() }
            case .tap(let path, let scroll, var classifier):
                let tapped = classifier.release()
                if let scroll { target(scroll)?.pressEnded(e, tapped: tapped, host: host) }
                target(path)?.pressEnded(e, tapped: tapped, host: host)
            case .nothing(let start):
                // A tap on nothing ends editing (iOS: a tap outside the field).
                if (e.location - start).length < MotionConstants.touchSlop { host.unfocus() }
                return false
            case nil: return false
            }
            return true
        case .cancelled:
            cancel(time: e.time)
            return true
        }
    }

    /// Ends a press without a tap (focus lost, pointer gone).
    func cancel(time t: Double) {
        switch press {
        case .gesture(let path), .scroll(let path, _): target(path)?.pressCancelled(time: t, host: host)
        case .tap(let path, let scroll, _):
            target(path)?.pressCancelled(time: t, host: host)
            if let scroll { target(scroll)?.pressCancelled(time: t, host: host) }
        case .nothing, nil: break
        }
        press = nil
        host.markDirty()
    }

    var isPressing: Bool { press != nil }

    /// `asBuilt`: the node of the tree as last built, not rebuilt first (a press moving: each
    /// move marks the tree dirty, and rebuilding it for the next move, with a 125 Hz mouse
    /// twice a frame, tripled a slider drag's builds; the pressed node keeps its place and
    /// its geometry while it is dragged).
    private func target(_ path: String, asBuilt: Bool = false) -> PointerTarget? {
        var found = asBuilt ? host.node(at: path) : nil
        if found == nil { _ = host.currentTree(); found = host.node(at: path) }
        guard let node = found as? PointerTarget else { return nil }
        guard ObjectIdentifier(type(of: node)) == pressedType || node is ScrollNode else {
            // Another kind of view took the pressed one's place: the press ends here.
            press = nil
            return nil
        }
        return node
    }

    /// Wheel notches over the tree: the innermost scroll view under the pointer scrolls.
    func wheel(dy: Double, at p: Point, time t: Double) {
        guard let root = host.currentTree() else { return }
        if let scroll = root.hitChain(p)?.first(where: { $0 is ScrollNode }) as? ScrollNode {
            scroll.wheel(dy: dy, time: t, host: host)
            host.markDirty()
        }
    }
}
