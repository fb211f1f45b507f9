// SegmentedControl: the iOS segmented control (SwiftUI's segmented `Picker`): its metrics,
// drawing with a sliding thumb, tap and drag selection, and Left/Right keys.
import FlingCore

/// One choice of a few (SwiftUI's `Picker` with `.pickerStyle(.segmented)`, drawn as iOS 13+
/// draws UISegmentedControl): a gray track, the selected segment a white raised thumb that
/// slides to a newly selected segment with a quick spring, hairline separators between the
/// unselected segments. A tap (or a drag released over a segment) selects; Left/Right when
/// focused.
public struct SegmentedControl: SingleNodeView {
    let selection: Binding<Int>
    let labels: [String]

    public init(selection: Binding<Int>, labels: [String]) {
        self.selection = selection; self.labels = labels
    }

    func makeNode(_ context: BuildContext) -> Node {
        let node = SegmentedControlNode(path: context.path, selection: selection, labels: labels, host: context.host)
        node.rightToLeft = context.environment.layoutDirection == .rightToLeft
        return node
    }
}

/// UISegmentedControl's metrics (iOS 13+).
enum SegmentedMetrics {
    /// Intrinsic height 32 pt; track radius 9, thumb radius 7, thumb inset 2 pt.
    static let height: Double = 32
    static let trackRadius: Double = 9
    static let thumbRadius: Double = 7
    static let thumbInset: Double = 2
    /// tertiarySystemFill over white, as the track reads on a light background.
    static let track = Color(hex: 0x767680, alpha: 0.12)
    static let thumbShadow = Color(white: 0, alpha: 0.12)
    /// Labels: 13 pt, semibold when selected (UIKit's default title attributes).
    static let font = Font(size: 13, weight: .regular)
    static let selectedFont = Font(size: 13, weight: .semibold)
    /// A segment's minimum width and the label's side padding when offered no width.
    static let labelPadding: Double = 12
}

@MainActor
final class SegmentedControlNode: Node, PointerTarget, Focusable {
    let selection: Binding<Int>
    let labels: [String]
    /// The first segment on the right, as UISegmentedControl's in Arabic.
    var rightToLeft = false
    unowned let host: ViewHost

    /// The thumb's position (an index, animated between segments), kept between builds.
    static func thumbKey(_ path: String) -> StorageKey<AnimatedValue> { StorageKey(path: path) }

    init(path: String, selection: Binding<Int>, labels: [String], host: ViewHost) {
        self.selection = selection; self.labels = labels; self.host = host
        super.init(path: path)
        // The selection changed from elsewhere: the thumb slides to it.
        if let stored = host.storage[Self.thumbKey(path)], stored.target != Double(selection.wrappedValue) {
            slide(to: selection.wrappedValue)
        }
    }

    override var isInteractive: Bool { true }
    var showsFocusRing: Bool { true }

    override func measure(_ p: ProposedSize) -> Size {
        let widest = labels.map { host.env.layout($0, SegmentedMetrics.selectedFont).size.width }.max() ?? 0
        let ideal = Double(labels.count) * (widest + 2 * SegmentedMetrics.labelPadding)
        return Size(p.width ?? ideal, SegmentedMetrics.height)
    }

    override var hitFrame: Rect {
        let dy = max(0, WidgetMetrics.minimumHitSize - frame.height) / 2
        return frame.insetBy(dx: 0, dy: -dy)
    }

    private var segmentWidth: Double { labels.isEmpty ? 0 : frame.width / Double(labels.count) }

    /// The thumb's position in segments (0 … count − 1), animated.
    var thumbPosition: Double {
        (host.storage[Self.thumbKey(path)])?.value(at: host.time) ?? Double(selection.wrappedValue)
    }

    func segment(at x: Double) -> Int? {
        guard segmentWidth > 0, x >= frame.minX, x < frame.maxX else { return nil }
        let slot = min(labels.count - 1, Int((x - frame.minX) / segmentWidth))
        return rightToLeft ? labels.count - 1 - slot : slot
    }

    /// The left edge of the segment at `position` (an index, or the thumb between two).
    private func leftEdge(_ position: Double) -> Double {
        frame.minX + segmentWidth * (rightToLeft ? Double(labels.count - 1) - position : position)
    }

    /// `from`: where the thumb is now (read before the selection changes: with no animation
    /// stored, the position is the selection's).
    private func slide(to i: Int, from position: Double? = nil) {
        let current = host.storage[Self.thumbKey(path)] ?? .resting(position ?? thumbPosition)
        host.storage[Self.thumbKey(path)] = current.animated(to: Double(i), with: MotionConstants.segmentSpring, at: host.time,
                                              restDistance: MotionConstants.unitRestDistance,
                                              restVelocity: MotionConstants.unitRestVelocity)
    }

    func select(_ i: Int) {
        guard labels.indices.contains(i) else { return }
        let from = thumbPosition
        if selection.wrappedValue != i { selection.wrappedValue = i }
        slide(to: i, from: from)
    }

    override func draw(into list: inout DisplayList) {
        let f = frame
        list.fill(f, radius: SegmentedMetrics.trackRadius, SegmentedMetrics.track)
        let w = segmentWidth
        let inset = SegmentedMetrics.thumbInset
        let p = min(Double(labels.count - 1), max(0, thumbPosition))
        let thumb = Rect(x: leftEdge(p) + inset, y: f.minY + inset, width: w - 2 * inset, height: f.height - 2 * inset)
        let radii = CornerRadii(SegmentedMetrics.thumbRadius)
        list.add(.shadow(thumb, radii: radii, color: SegmentedMetrics.thumbShadow, radius: 4, offset: Point(0, 2)))
        list.add(.fillRect(thumb, radii: radii, color: .white))
        let selected = selection.wrappedValue
        for (i, label) in labels.enumerated() {
            // Separators only between two unselected segments (UIKit hides those by the thumb).
            if i > 0, i != selected, i - 1 != selected {
                // The edge segment i shares with segment i − 1.
                let x = rightToLeft ? leftEdge(Double(i)) + w : leftEdge(Double(i))
                list.add(.hairline(from: Point(x, f.minY + 8), to: Point(x, f.maxY - 8), color: SystemColor.separator))
            }
            let layout = host.env.layout(label, i == selected ? SegmentedMetrics.selectedFont : SegmentedMetrics.font)
            let origin = Point(leftEdge(Double(i)) + (w - layout.size.width) / 2, f.midY - layout.size.height / 2)
            list.text(layout, at: origin, SystemColor.label)
        }
    }

    func pressBegan(_ e: PointerEvent, host: ViewHost) -> PressClaim { .gesture }
    func pressMoved(_ e: PointerEvent, host: ViewHost) {}

    func pressEnded(_ e: PointerEvent, tapped: Bool, host: ViewHost) {
        // Released over a segment (inside the control's height, with the hit slop): select it.
        guard hitFrame.contains(e.location), let i = segment(at: e.location.x) else { return }
        select(i)
    }

    func pressCancelled(time: Double, host: ViewHost) {}

    func keyPressed(_ key: Key, host: ViewHost) -> Bool {
        guard key.modifiers.isEmpty else { return false }
        let (back, next): (KeyCode, KeyCode) = rightToLeft ? (.right, .left) : (.left, .right)
        switch key.code {
        case back: select(max(0, selection.wrappedValue - 1))
        case next: select(min(labels.count - 1, selection.wrappedValue + 1))
        default: return false
        }
        return true
    }
}
