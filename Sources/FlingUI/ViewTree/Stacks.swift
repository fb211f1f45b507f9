import FlingCore

/// Children top to bottom (SwiftUI's `VStack`).
public struct VStack: PrimitiveView {
    let alignment: HorizontalAlignment
    let spacing: Double?
    let content: ViewGroup
    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> ViewGroup) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    func makeNodes(_ context: BuildContext) -> [Node] {
        let align = Alignment(horizontal: alignment, vertical: .center)
        return [StackNode(axis: .vertical, alignment: align, spacing: spacing,
                          children: buildNodes(content, context.with { $0.stackAxis = .vertical }), context: context)]
    }
}

/// Children left to right (SwiftUI's `HStack`).
public struct HStack: PrimitiveView {
    let alignment: VerticalAlignment
    let spacing: Double?
    let content: ViewGroup
    public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> ViewGroup) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    func makeNodes(_ context: BuildContext) -> [Node] {
        let align = Alignment(horizontal: .center, vertical: alignment)
        return [StackNode(axis: .horizontal, alignment: align, spacing: spacing,
                          children: buildNodes(content, context.with { $0.stackAxis = .horizontal }), context: context)]
    }
}

/// Children on top of each other, later ones in front (SwiftUI's `ZStack`).
public struct ZStack: PrimitiveView {
    let alignment: Alignment
    let content: ViewGroup
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> ViewGroup) {
        self.alignment = alignment; self.content = content()
    }
    func makeNodes(_ context: BuildContext) -> [Node] {
        [ZStackNode(path: context.path, alignment: alignment, children: buildNodes(content, context.with { $0.stackAxis = nil }))]
    }
}

/// Flexible space along the enclosing stack's axis, at least `minLength` (default 8 pt).
public struct Spacer: PrimitiveView {
    let minLength: Double?
    public init(minLength: Double? = nil) { self.minLength = minLength }
    func makeNodes(_ context: BuildContext) -> [Node] {
        [SpacerNode(path: context.path, axis: context.environment.stackAxis, minLength: minLength ?? LayoutDefaults.spacerMinLength)]
    }
}

/// A hairline across the enclosing stack (horizontal in a VStack, vertical in an HStack).
public struct Divider: PrimitiveView {
    public init() {}
    func makeNodes(_ context: BuildContext) -> [Node] {
        [DividerNode(path: context.path, axis: context.environment.stackAxis == .horizontal ? .vertical : .horizontal)]
    }
}

/// Default metrics of the view tree, as SwiftUI's on iOS.
public enum LayoutDefaults {
    /// The spacing stacks put between neighbours when none is given (SwiftUI's standard 8 pt).
    public static let stackSpacing: Double = 8
    /// A `Spacer`'s minimum length when none is given (SwiftUI: the standard spacing, 8 pt).
    public static let spacerMinLength: Double = 8
    /// A `Divider`'s thickness in layout; it draws as a one-device-pixel hairline.
    public static let dividerThickness: Double = 1
    /// The size shapes, colours and readers answer to an unspecified proposal (SwiftUI: 10).
    public static let flexibleIdeal: Double = 10
}

/// SwiftUI's stack layout. Along the axis, children are offered space in order of
/// increasing flexibility (max − min length), each the remaining space divided by the
/// children not yet sized, after setting aside the minimum lengths of lower layout
/// priorities; higher `layoutPriority` goes first. Ties go to the child with the larger
/// minimum, so that `Spacer(); X; Spacer()` centres X. Across, each child is offered the
/// stack's proposal and aligned.
@MainActor
final class StackNode: Node {
    let axis: Axis
    let alignment: Alignment
    let spacing: Double
    private let items: [Node]

    init(axis: Axis, alignment: Alignment, spacing: Double?, children: [Node], context: BuildContext) {
        self.axis = axis; self.alignment = alignment
        self.spacing = spacing ?? LayoutDefaults.stackSpacing
        self.items = children
        super.init(path: context.path)
    }

    override var children: [Node] { items }

    private var totalSpacing: Double { spacing * Double(max(0, items.count - 1)) }

    private func childSizes(_ proposal: ProposedSize) -> [Size] { childLayout(proposal).map(\.size) }

    /// Each child's size and the proposal it answered.
    private func childLayout(_ proposal: ProposedSize) -> [(size: Size, proposal: ProposedSize)] {
        let cross = axis == .horizontal ? proposal.height : proposal.width
        guard let main = proposal.along(axis) else {
            let p = ProposedSize.axis(axis, nil, cross: cross)
            return items.map { ($0.size(for: p), p) }
        }
        let mins = items.map { $0.size(for: .axis(axis, 0, cross: cross)).along(axis) }
        let maxs = items.map { $0.size(for: .axis(axis, .infinity, cross: cross)).along(axis) }
        var out = [(size: Size, proposal: ProposedSize)](repeating: (.zero, .unspecified), count: items.count)
        var remaining = main - totalSpacing
        let priorities = Set(items.map(\.layoutPriority)).sorted(by: >)
        for priority in priorities {
            let group = items.indices.filter { items[$0].layoutPriority == priority }.sorted { a, b in
                let fa = maxs[a] - mins[a], fb = maxs[b] - mins[b]
                if fa != fb { return fa < fb }
                if mins[a] != mins[b] { return mins[a] > mins[b] }
                return a < b
            }
            let reservedForLower = items.indices.filter { items[$0].layoutPriority < priority }.reduce(0) { $0 + mins[$1] }
            var available = remaining - reservedForLower
            var left = Double(group.count)
            for i in group {
                let p = ProposedSize.axis(axis, max(0, available / left), cross: cross)
                let s = items[i].size(for: p)
                out[i] = (s, p)
                available -= s.along(axis)
                remaining -= s.along(axis)
                left -= 1
            }
        }
        return out
    }

    /// Per child: its offset across the stack, and the stack's cross length (at least
    /// `available`, the length the stack was placed with).
    private func crossPlacement(_ sizes: [Size], available: Double = 0) -> (offsets: [Double], length: Double) {
        let baselineMode: Bool? = axis == .horizontal
            ? (alignment.vertical == .firstTextBaseline ? false : alignment.vertical == .lastTextBaseline ? true : nil)
            : nil
        if let last = baselineMode {
            let baselines = zip(items, sizes).map { $0.baseline(last: last, size: $1) ?? $1.height }
            let above = baselines.max() ?? 0
            let below = zip(sizes, baselines).map { $0.height - $1 }.max() ?? 0
            return (baselines.map { above - $0 }, above + below)
        }
        let length = max(available, sizes.map { $0.across(axis) }.max() ?? 0)
        let offsets = sizes.map { s in
            axis == .horizontal ? alignment.vertical.offset(s.height, in: length)
                                : alignment.horizontal.offset(s.width, in: length)
        }
        return (offsets, length)
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        let sizes = childSizes(proposal)
        let main = sizes.reduce(0) { $0 + $1.along(axis) } + totalSpacing
        return .axis(axis, main, cross: crossPlacement(sizes).length)
    }

    override func placeChildren(in rect: Rect, proposal: ProposedSize) {
        let layout = childLayout(proposal)
        let (offsets, _) = crossPlacement(layout.map(\.size), available: rect.size.across(axis))
        var position = axis == .horizontal ? rect.minX : rect.minY
        for (i, child) in items.enumerated() {
            let s = layout[i].size
            let origin = axis == .horizontal ? Point(position, rect.minY + offsets[i]) : Point(rect.minX + offsets[i], position)
            child.place(in: Rect(origin: origin, size: s), proposal: layout[i].proposal)
            position += s.along(axis) + spacing
        }
    }

    override func baseline(last: Bool, size: Size) -> Double? {
        let sizes = childSizes(ProposedSize(size))
        if axis == .horizontal {
            let (offsets, _) = crossPlacement(sizes)
            for i in (last ? Array(items.indices.reversed()) : Array(items.indices)) {
                if let b = items[i].baseline(last: last, size: sizes[i]) { return offsets[i] + b }
            }
            return nil
        }
        var tops: [Double] = []
        var y = 0.0
        for s in sizes { tops.append(y); y += s.height + spacing }
        for i in (last ? Array(items.indices.reversed()) : Array(items.indices)) {
            if let b = items[i].baseline(last: last, size: sizes[i]) { return tops[i] + b }
        }
        return nil
    }
}

@MainActor
final class ZStackNode: Node {
    let alignment: Alignment
    private let items: [Node]
    init(path: String, alignment: Alignment, children: [Node]) {
        self.alignment = alignment; self.items = children
        super.init(path: path)
    }
    override var children: [Node] { items }
    override func measure(_ proposal: ProposedSize) -> Size {
        let sizes = items.map { $0.size(for: proposal) }
        return Size(sizes.map(\.width).max() ?? 0, sizes.map(\.height).max() ?? 0)
    }
    override func placeChildren(in rect: Rect, proposal: ProposedSize) {
        for c in items { c.place(in: alignment.place(c.size(for: proposal), in: rect), proposal: proposal) }
    }
}

@MainActor
final class SpacerNode: Node {
    let axis: Axis?
    let minLength: Double
    init(path: String, axis: Axis?, minLength: Double) {
        self.axis = axis; self.minLength = minLength
        super.init(path: path)
    }
    override func measure(_ proposal: ProposedSize) -> Size {
        // Along its stack: any length from `minLength` up; across: nothing.
        switch axis {
        case .horizontal: Size(max(minLength, proposal.width ?? minLength), 0)
        case .vertical: Size(0, max(minLength, proposal.height ?? minLength))
        case nil: Size(max(minLength, proposal.width ?? minLength), max(minLength, proposal.height ?? minLength))
        }
    }
}

@MainActor
final class DividerNode: Node {
    /// The direction the line runs.
    let axis: Axis
    init(path: String, axis: Axis) { self.axis = axis; super.init(path: path) }
    override func measure(_ proposal: ProposedSize) -> Size {
        let t = LayoutDefaults.dividerThickness
        return axis == .horizontal ? Size(proposal.width ?? 0, t) : Size(t, proposal.height ?? 0)
    }
    override func draw(into list: inout DisplayList) {
        let f = frame
        if axis == .horizontal {
            list.add(.hairline(from: Point(f.minX, f.minY), to: Point(f.maxX, f.minY), color: SystemColor.separator))
        } else {
            list.add(.hairline(from: Point(f.minX, f.minY), to: Point(f.minX, f.maxY), color: SystemColor.separator))
        }
    }
}
