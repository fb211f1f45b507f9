// Stacks: `VStack`, `HStack`, `ZStack`, `Spacer`, `Divider` and their nodes: SwiftUI's stack
// layout (space shared by flexibility and priority, baseline alignment).
import FlingCore

/// Children top to bottom (SwiftUI's `VStack`).
public struct VStack<Content: View>: SingleNodeView {
    let alignment: HorizontalAlignment
    let spacing: Double?
    let content: Content
    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    func makeNode(_ context: BuildContext) -> Node {
        let inner = context.with { $0.stackAxis = .vertical }
        return StackNode.make(axis: .vertical, alignment: Alignment(horizontal: alignment, vertical: .center),
                              spacing: spacing, context: context) { buildNodes(content, inner, into: &$0) }
    }
}

/// Children left to right (SwiftUI's `HStack`).
public struct HStack<Content: View>: SingleNodeView {
    let alignment: VerticalAlignment
    let spacing: Double?
    let content: Content
    public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    func makeNode(_ context: BuildContext) -> Node {
        let inner = context.with { $0.stackAxis = .horizontal }
        return StackNode.make(axis: .horizontal, alignment: Alignment(horizontal: .center, vertical: alignment),
                              spacing: spacing, context: context) { buildNodes(content, inner, into: &$0) }
    }
}

/// Children on top of each other, later ones in front (SwiftUI's `ZStack`).
public struct ZStack<Content: View>: SingleNodeView {
    let alignment: Alignment
    let content: Content
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.content = content()
    }
    func makeNode(_ context: BuildContext) -> Node {
        let inner = context.with { $0.stackAxis = nil }
        if let node = context.reusable(ZStackNode.self) {
            node.update(alignment: alignment) { buildNodes(content, inner, into: &$0) }
            return node
        }
        return ZStackNode(path: context.path, alignment: alignment, children: buildNodes(content, inner))
    }
}

/// Flexible space along the enclosing stack's axis, at least `minLength` (default 8 pt).
public struct Spacer: SingleNodeView {
    let minLength: Double?
    public init(minLength: Double? = nil) { self.minLength = minLength }
    func makeNode(_ context: BuildContext) -> Node {
        let axis = context.environment.stackAxis, length = minLength ?? LayoutDefaults.spacerMinLength
        if let node = context.reusable(SpacerNode.self) {
            node.axis = axis; node.minLength = length
            return node
        }
        return SpacerNode(path: context.path, axis: axis, minLength: length)
    }
}

/// A hairline across the enclosing stack (horizontal in a VStack, vertical in an HStack).
public struct Divider: SingleNodeView {
    public init() {}
    func makeNode(_ context: BuildContext) -> Node {
        let axis: Axis = context.environment.stackAxis == .horizontal ? .vertical : .horizontal
        if let node = context.reusable(DividerNode.self) {
            node.axis = axis
            return node
        }
        return DividerNode(path: context.path, axis: axis)
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
    private(set) var axis: Axis
    private(set) var alignment: Alignment
    private(set) var spacing: Double
    private var items: [Node]

    init(axis: Axis, alignment: Alignment, spacing: Double?, children: [Node], context: BuildContext) {
        self.axis = axis; self.alignment = alignment
        self.spacing = spacing ?? LayoutDefaults.stackSpacing
        self.items = children
        super.init(path: context.path)
    }

    /// The stack at `context`: the last tree's, given these values and refilled in its own
    /// array by `fill`, or a new one.
    static func make(axis: Axis, alignment: Alignment, spacing: Double?, context: BuildContext,
                     children fill: (inout [Node]) -> Void) -> StackNode {
        guard let node = context.reusable(StackNode.self) else {
            var children: [Node] = []
            children.reserveCapacity(8)
            fill(&children)
            return StackNode(axis: axis, alignment: alignment, spacing: spacing, children: children, context: context)
        }
        node.axis = axis; node.alignment = alignment
        node.spacing = spacing ?? LayoutDefaults.stackSpacing
        var children = node.items
        node.items = []   // the array held once, emptied in place
        children.removeAll(keepingCapacity: true)
        fill(&children)
        node.items = children
        return node
    }

    override var children: [Node] { items }

    private var totalSpacing: Double { spacing * Double(max(0, items.count - 1)) }

    // Layout works in scratch buffers on the stack (`withUnsafeTemporaryAllocation`): the
    // tree is laid out after every change, and arrays here were half of a form frame's
    // heap allocations.

    /// Each child's size and the proposal it answered, for `proposal`, handed to `body`.
    private func withChildLayout<R>(_ proposal: ProposedSize,
                                    _ body: (UnsafeMutableBufferPointer<Size>, UnsafeMutableBufferPointer<ProposedSize>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: Size.self, capacity: items.count) { sizes in
            withUnsafeTemporaryAllocation(of: ProposedSize.self, capacity: items.count) { proposals in
                childLayout(proposal, sizes, proposals)
                return body(sizes, proposals)
            }
        }
    }

    /// Fills `sizes` and `proposals` (one per child) for `proposal`.
    private func childLayout(_ proposal: ProposedSize, _ sizes: UnsafeMutableBufferPointer<Size>,
                             _ proposals: UnsafeMutableBufferPointer<ProposedSize>) {
        let n = items.count
        let cross = axis == .horizontal ? proposal.height : proposal.width
        guard let main = proposal.along(axis) else {
            let p = ProposedSize.axis(axis, nil, cross: cross)
            for i in 0..<n { sizes[i] = items[i].size(for: p); proposals[i] = p }
            return
        }
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * n) { lengths in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: n) { order in
                // lengths[i]: child i's minimum along the axis; lengths[n + i]: its maximum.
                let minP = ProposedSize.axis(axis, 0, cross: cross), maxP = ProposedSize.axis(axis, .infinity, cross: cross)
                for i in 0..<n { lengths[i] = items[i].size(for: minP).along(axis) }
                for i in 0..<n { lengths[n + i] = items[i].size(for: maxP).along(axis) }
                func precedes(_ a: Int, _ b: Int) -> Bool {
                    let fa = lengths[n + a] - lengths[a], fb = lengths[n + b] - lengths[b]
                    if fa != fb { return fa < fb }
                    if lengths[a] != lengths[b] { return lengths[a] > lengths[b] }
                    return a < b
                }
                var remaining = main - totalSpacing
                var above: Double?   // the priority of the group just laid out
                while true {
                    // The next group: the highest priority below the last one.
                    var priority: Double?
                    for item in items where above.map({ item.layoutPriority < $0 }) ?? true {
                        if priority.map({ item.layoutPriority > $0 }) ?? true { priority = item.layoutPriority }
                    }
                    guard let priority else { break }
                    above = priority
                    // The group in order of increasing flexibility (insertion sort).
                    var count = 0
                    for i in 0..<n where items[i].layoutPriority == priority {
                        var j = count
                        while j > 0, precedes(i, order[j - 1]) { order[j] = order[j - 1]; j -= 1 }
                        order[j] = i
                        count += 1
                    }
                    var reservedForLower = 0.0
                    for i in 0..<n where items[i].layoutPriority < priority { reservedForLower += lengths[i] }
                    var available = remaining - reservedForLower
                    var left = Double(count)
                    // A child of bounded length (a text; these come before any spacer in the
                    // order) shares what the spacers' minimums leave, not a spacer's share too: a title beside a Spacer wraps only when the row is full, as in
                    // SwiftUI. (Colours, infinite frames and containers of them share evenly
                    // with the spacers, as before and as SwiftUI's do.)
                    var spacers = 0.0, spacersMinimum = 0.0
                    for k in 0..<count where Self.isSpacer(items[order[k]]) { spacers += 1; spacersMinimum += lengths[order[k]] }
                    for k in 0..<count {
                        let i = order[k]
                        let share = spacers > 0 && left > spacers && lengths[n + i] != .infinity && !Self.isSpacer(items[i])
                            ? (available - spacersMinimum) / (left - spacers) : available / left
                        let p = ProposedSize.axis(axis, max(0, share), cross: cross)
                        let s = items[i].size(for: p)
                        sizes[i] = s; proposals[i] = p
                        available -= s.along(axis)
                        remaining -= s.along(axis)
                        left -= 1
                    }
                }
            }
        }
    }

    /// A `Spacer`, or one wrapped by modifiers that leave its length alone.
    private static func isSpacer(_ node: Node) -> Bool {
        var n = node
        while let w = n as? AccessibilityNode { n = w.child }
        return n is SpacerNode
    }

    /// Per child: its offset across the stack (into `offsets`); returns the stack's cross
    /// length (at least `available`, the length the stack was placed with).
    private func crossPlacement(_ sizes: UnsafeMutableBufferPointer<Size>, available: Double = 0,
                                offsets: UnsafeMutableBufferPointer<Double>) -> Double {
        let n = items.count
        let baselineMode: Bool? = axis == .horizontal
            ? (alignment.vertical == .firstTextBaseline ? false : alignment.vertical == .lastTextBaseline ? true : nil)
            : nil
        if let last = baselineMode {
            var above: Double?, below: Double?
            for i in 0..<n {
                let b = items[i].baseline(last: last, size: sizes[i]) ?? sizes[i].height
                offsets[i] = b
                above = Swift.max(above ?? b, b)
                below = Swift.max(below ?? (sizes[i].height - b), sizes[i].height - b)
            }
            let top = above ?? 0
            for i in 0..<n { offsets[i] = top - offsets[i] }
            return top + (below ?? 0)
        }
        var widest: Double?
        for i in 0..<n { widest = Swift.max(widest ?? sizes[i].across(axis), sizes[i].across(axis)) }
        let length = max(available, widest ?? 0)
        for i in 0..<n {
            offsets[i] = axis == .horizontal ? alignment.vertical.offset(sizes[i].height, in: length)
                                             : alignment.horizontal.offset(sizes[i].width, in: length)
        }
        return length
    }

    private func withCrossPlacement<R>(_ sizes: UnsafeMutableBufferPointer<Size>, available: Double = 0,
                                       _ body: (UnsafeMutableBufferPointer<Double>, Double) -> R) -> R {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: items.count) { offsets in
            let length = crossPlacement(sizes, available: available, offsets: offsets)
            return body(offsets, length)
        }
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        withChildLayout(proposal) { sizes, _ in
            var main = 0.0
            for s in sizes { main += s.along(axis) }
            main += totalSpacing
            return withCrossPlacement(sizes) { _, length in .axis(axis, main, cross: length) }
        }
    }

    override func placeChildren(in rect: Rect, proposal: ProposedSize) {
        withChildLayout(proposal) { sizes, proposals in
            withCrossPlacement(sizes, available: rect.size.across(axis)) { offsets, _ in
                var position = axis == .horizontal ? rect.minX : rect.minY
                for (i, child) in items.enumerated() {
                    let s = sizes[i]
                    let origin = axis == .horizontal ? Point(position, rect.minY + offsets[i]) : Point(rect.minX + offsets[i], position)
                    child.place(in: Rect(origin: origin, size: s), proposal: proposals[i])
                    position += s.along(axis) + spacing
                }
            }
        }
    }

    override func baseline(last: Bool, size: Size) -> Double? {
        withChildLayout(ProposedSize(size)) { sizes, _ in
            let n = items.count
            if axis == .horizontal {
                return withCrossPlacement(sizes) { offsets, _ in
                    for k in 0..<n {
                        let i = last ? n - 1 - k : k
                        if let b = items[i].baseline(last: last, size: sizes[i]) { return offsets[i] + b }
                    }
                    return nil
                }
            }
            // Children's tops, then the first (or last) child holding text.
            return withUnsafeTemporaryAllocation(of: Double.self, capacity: n) { tops in
                var y = 0.0
                for i in 0..<n { tops[i] = y; y += sizes[i].height + spacing }
                for k in 0..<n {
                    let i = last ? n - 1 - k : k
                    if let b = items[i].baseline(last: last, size: sizes[i]) { return tops[i] + b }
                }
                return nil
            }
        }
    }
}

@MainActor
final class ZStackNode: Node {
    private(set) var alignment: Alignment
    private var items: [Node]
    init(path: String, alignment: Alignment, children: [Node]) {
        self.alignment = alignment; self.items = children
        super.init(path: path)
    }
    /// A reused node's alignment, and its children refilled in its own array by `fill`.
    func update(alignment: Alignment, children fill: (inout [Node]) -> Void) {
        self.alignment = alignment
        var children = items
        items = []
        children.removeAll(keepingCapacity: true)
        fill(&children)
        items = children
    }
    override var children: [Node] { items }
    override func measure(_ proposal: ProposedSize) -> Size {
        var width: Double?, height: Double?
        for c in items {
            let s = c.size(for: proposal)
            width = Swift.max(width ?? s.width, s.width); height = Swift.max(height ?? s.height, s.height)
        }
        return Size(width ?? 0, height ?? 0)
    }
    override func placeChildren(in rect: Rect, proposal: ProposedSize) {
        for c in items { c.place(in: alignment.place(c.size(for: proposal), in: rect), proposal: proposal) }
    }
}

@MainActor
final class SpacerNode: Node {
    var axis: Axis?
    var minLength: Double
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
    var axis: Axis
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
