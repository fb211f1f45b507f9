// Slider: the iOS slider (SwiftUI's `Slider`): its drawing, thumb drag that tracks the finger,
// tap on the track to jump, and Left/Right keys.
import FlingCore

/// A continuous value in a range (SwiftUI's `Slider`, drawn as UISlider): drag the thumb
/// (it tracks the finger 1:1 from where it was grabbed), press the track to jump there,
/// Left/Right when focused.
public struct Slider: SingleNodeView {
    let value: Binding<Double>
    let range: ClosedRange<Double>

    public init(value: Binding<Double>, in range: ClosedRange<Double>) {
        self.value = value; self.range = range
    }

    func makeNode(_ context: BuildContext) -> Node {
        let node = context.reusable(SliderNode.self) ?? SliderNode(path: context.path, value: value, range: range, host: context.host)
        node.value = value; node.range = range
        node.rightToLeft = context.environment.layoutDirection == .rightToLeft
        return node
    }
}

@MainActor
final class SliderNode: Node, PointerTarget, Focusable {
    var value: Binding<Double>
    var range: ClosedRange<Double>
    /// The minimum on the right and the fill from there, as UISlider in Arabic.
    var rightToLeft = false
    unowned let host: ViewHost

    init(path: String, value: Binding<Double>, range: ClosedRange<Double>, host: ViewHost) {
        self.value = value; self.range = range; self.host = host
        super.init(path: path)
    }

    override var isInteractive: Bool { true }
    var showsFocusRing: Bool { true }

    override func measure(_ p: ProposedSize) -> Size {
        Size(p.width ?? WidgetMetrics.sliderIdealWidth, WidgetMetrics.sliderHeight)
    }

    override var hitFrame: Rect {
        let dy = max(0, WidgetMetrics.minimumHitSize - frame.height) / 2
        return frame.insetBy(dx: 0, dy: -dy)
    }

    private var span: Double { range.upperBound - range.lowerBound }
    private var fraction: Double {
        span > 0 ? min(1, max(0, (value.wrappedValue - range.lowerBound) / span)) : 0
    }
    /// The thumb's centre at the minimum (the track's leading end).
    private var startX: Double {
        rightToLeft ? frame.maxX - WidgetMetrics.sliderThumb / 2 : frame.minX + WidgetMetrics.sliderThumb / 2
    }
    private var travel: Double { max(0, frame.width - WidgetMetrics.sliderThumb) }
    /// +1 when the value grows to the right, −1 in a right-to-left layout.
    private var forward: Double { rightToLeft ? -1 : 1 }
    var thumbCenter: Point { Point(startX + forward * travel * fraction, frame.midY) }

    private func set(thumbX x: Double) {
        let f = travel > 0 ? min(1, max(0, forward * (x - startX) / travel)) : 0
        value.wrappedValue = range.lowerBound + f * span
    }

    override func draw(into list: inout DisplayList) {
        let t = WidgetMetrics.sliderTrack
        let c = thumbCenter
        let track = Rect(x: frame.minX, y: frame.midY - t / 2, width: frame.width, height: t)
        list.fill(track, radius: t / 2, WidgetMetrics.sliderMaxTrack)
        let filled = rightToLeft ? Rect(x: c.x, y: track.minY, width: track.maxX - c.x, height: t)
            : Rect(x: track.minX, y: track.minY, width: c.x - track.minX, height: t)
        list.fill(filled, radius: t / 2, SystemColor.blue)
        let d = WidgetMetrics.sliderThumb
        let thumb = Rect(x: c.x - d / 2, y: c.y - d / 2, width: d, height: d)
        list.add(.shadow(thumb, radii: CornerRadii(d / 2), color: WidgetMetrics.thumbShadow,
                         radius: WidgetMetrics.thumbShadowRadius, offset: WidgetMetrics.thumbShadowOffset))
        list.add(.fillCircle(center: c, radius: d / 2, color: .white))
    }

    /// The grab: the thumb's centre minus the finger's x, kept for the whole drag.
    private var grabKey: StorageKey<Double> { storageKey("grab") }

    func pressBegan(_ e: PointerEvent, host: ViewHost) -> PressClaim {
        let c = thumbCenter
        let onThumb = abs(e.location.x - c.x) <= WidgetMetrics.sliderThumb / 2
        if !onThumb { set(thumbX: e.location.x) }
        host.storage[grabKey] = onThumb ? c.x - e.location.x : 0.0
        return .gesture
    }

    func pressMoved(_ e: PointerEvent, host: ViewHost) {
        guard let grab = host.storage[grabKey] else { return }
        set(thumbX: e.location.x + grab)
    }

    func pressEnded(_ e: PointerEvent, tapped: Bool, host: ViewHost) { host.storage.removeValue(forKey: grabKey) }
    func pressCancelled(time: Double, host: ViewHost) { host.storage.removeValue(forKey: grabKey) }

    func keyPressed(_ key: Key, host: ViewHost) -> Bool {
        // The arrow towards the maximum's end grows the value: Left in a right-to-left layout.
        let step = span * WidgetMetrics.sliderKeyStep
        let (less, more): (KeyCode, KeyCode) = rightToLeft ? (.right, .left) : (.left, .right)
        switch key.code {
        case less where key.modifiers.isEmpty: value.wrappedValue = max(range.lowerBound, value.wrappedValue - step)
        case more where key.modifiers.isEmpty: value.wrappedValue = min(range.upperBound, value.wrappedValue + step)
        case .home where key.modifiers.isEmpty: value.wrappedValue = range.lowerBound
        case .end where key.modifiers.isEmpty: value.wrappedValue = range.upperBound
        default: return false
        }
        return true
    }
}
