// Toggle: the iOS switch with its label (SwiftUI's `Toggle`): drawing, tap and thumb drag,
// Space when focused, and the spring-animated thumb.
import FlingCore

/// A label and the iOS switch, the switch at the trailing end (SwiftUI's `Toggle`). The switch
/// flips on a tap, follows a drag of its thumb, and flips with Space when focused; its thumb
/// slides with a spring and the track cross-fades to green.
public struct Toggle<Label: View>: SingleNodeView {
    let isOn: Binding<Bool>
    let label: Label

    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn; self.label = label()
    }

    func makeNode(_ context: BuildContext) -> Node {
        let row = context.with { $0.stackAxis = .horizontal }
        return StackNode.make(axis: .horizontal, alignment: .center, spacing: nil, context: context) { children in
            buildNodes(label, row.child(0), into: &children)
            children.append(Spacer(minLength: 0).makeNode(row.child(1)))
            let switchContext = row.child(2)
            let node: SwitchNode
            if let reused = switchContext.reusable(SwitchNode.self) {
                reused.update(isOn: isOn)
                node = reused
            } else {
                node = SwitchNode(path: switchContext.path, isOn: isOn, host: context.host)
            }
            node.rightToLeft = context.environment.layoutDirection == .rightToLeft
            children.append(node)
        }
    }
}

@MainActor
final class SwitchNode: Node, PointerTarget, Focusable {
    private(set) var isOn: Binding<Bool>
    /// The knob rests on the left when on, as UISwitch's does in Arabic.
    var rightToLeft = false
    unowned let host: ViewHost
    /// A drag of the thumb: where it started, and whether it passed the touch slop.
    private struct Drag { var startX: Double; var startPosition: Double; var moved: Bool }

    init(path: String, isOn: Binding<Bool>, host: ViewHost) {
        self.isOn = isOn; self.host = host
        super.init(path: path)
        followValue()
    }

    /// Where a drag of the thumb is kept.
    private var dragKey: StorageKey<Drag> { storageKey("drag") }
    /// The knob's position (0 off … 1 on, animated), kept between builds.
    private var knobKey: StorageKey<AnimatedValue> { StorageKey(path: path) }

    /// A reused switch's new binding.
    func update(isOn: Binding<Bool>) {
        self.isOn = isOn
        followValue()
    }

    /// The value changed from elsewhere (not by this switch): the thumb follows it.
    private func followValue() {
        if let stored = host.storage[knobKey], !host.storage.contains(dragKey),
           stored.target != (isOn.wrappedValue ? 1 : 0) {
            animate(to: isOn.wrappedValue)
        }
    }

    override var isInteractive: Bool { true }
    var showsFocusRing: Bool { true }

    override func measure(_ p: ProposedSize) -> Size { WidgetMetrics.switchSize }

    override var hitFrame: Rect {
        let dy = max(0, WidgetMetrics.minimumHitSize - frame.height) / 2
        return frame.insetBy(dx: 0, dy: -dy)
    }

    private var travel: Double { WidgetMetrics.switchSize.width - WidgetMetrics.switchThumb - 2 * WidgetMetrics.switchInset }

    /// The thumb's position, 0 (off, left) … 1 (on, right), animated.
    var position: Double {
        host.storage[knobKey]?.value(at: host.time) ?? (isOn.wrappedValue ? 1 : 0)
    }

    private func animate(to on: Bool, from start: Double? = nil) {
        let current = host.storage[knobKey] ?? .resting(start ?? position)
        host.storage[knobKey] = current.animated(to: on ? 1 : 0, with: MotionConstants.switchSpring, at: host.time,
                                              restDistance: MotionConstants.unitRestDistance,
                                              restVelocity: MotionConstants.unitRestVelocity)
    }

    func set(_ on: Bool) {
        // Where the thumb is before the value changes: read after, an unanimated thumb would
        // start from where it is going (the first flip jumped instead of sliding).
        let start = position
        if isOn.wrappedValue != on { isOn.wrappedValue = on }
        animate(to: on, from: start)
    }

    override func draw(into list: inout DisplayList) {
        let f = frame
        let p = min(1, max(0, position))
        list.fill(f, radius: f.height / 2, WidgetMetrics.switchOffTrack.mixed(with: SystemColor.green, p))
        let d = WidgetMetrics.switchThumb
        let along = travel * (rightToLeft ? 1 - p : p)
        let thumb = Rect(x: f.minX + WidgetMetrics.switchInset + along, y: f.minY + WidgetMetrics.switchInset, width: d, height: d)
        list.add(.shadow(thumb, radii: CornerRadii(d / 2), color: WidgetMetrics.thumbShadow,
                         radius: WidgetMetrics.thumbShadowRadius, offset: WidgetMetrics.thumbShadowOffset))
        list.add(.fillCircle(center: thumb.center, radius: d / 2, color: .white))
    }

    func pressBegan(_ e: PointerEvent, host: ViewHost) -> PressClaim {
        host.storage[dragKey] = Drag(startX: e.location.x, startPosition: position, moved: false)
        return .gesture
    }

    func pressMoved(_ e: PointerEvent, host: ViewHost) {
        guard var drag = host.storage[dragKey] else { return }
        if !drag.moved, abs(e.location.x - drag.startX) < MotionConstants.switchDragSlop { return }
        drag.moved = true
        host.storage[dragKey] = drag
        let dx = (e.location.x - drag.startX) * (rightToLeft ? -1 : 1)
        let p = min(1, max(0, drag.startPosition + dx / travel))
        host.storage[knobKey] = AnimatedValue.resting(p)
    }

    func pressEnded(_ e: PointerEvent, tapped: Bool, host: ViewHost) {
        let drag = host.storage.removeValue(forKey: dragKey)
        // A tap flips it; a drag lands on the side the thumb was let go on.
        if drag?.moved == true { set(position >= 0.5) } else { set(!isOn.wrappedValue) }
    }

    func pressCancelled(time: Double, host: ViewHost) {
        host.storage.removeValue(forKey: dragKey)
        animate(to: isOn.wrappedValue)
    }

    func keyPressed(_ key: Key, host: ViewHost) -> Bool {
        guard key.is(.space) || key.is(.return) else { return false }
        set(!isOn.wrappedValue)
        return true
    }
}
