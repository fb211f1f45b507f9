// Node: the laid-out node every view becomes: size proposals, cached measuring, placing,
// baselines, drawing, preferences and hit-testing; also `WrapperNode` for one-child modifiers.
import FlingCore

/// A size a parent proposes to a child. `nil` on an axis asks for the child's ideal size;
/// `0` for its minimum; `.infinity` for its maximum (SwiftUI's `ProposedViewSize`).
public struct ProposedSize: Hashable, Sendable {
    public var width: Double?
    public var height: Double?
    public init(width: Double?, height: Double?) { self.width = width; self.height = height }
    public init(_ size: Size) { width = size.width; height = size.height }
    public static let unspecified = ProposedSize(width: nil, height: nil)

    func along(_ axis: Axis) -> Double? { axis == .horizontal ? width : height }
    static func axis(_ axis: Axis, _ main: Double?, cross: Double?) -> ProposedSize {
        axis == .horizontal ? ProposedSize(width: main, height: cross) : ProposedSize(width: cross, height: main)
    }
}

public enum Axis: Sendable { case horizontal, vertical }

extension Size {
    func along(_ axis: Axis) -> Double { axis == .horizontal ? width : height }
    func across(_ axis: Axis) -> Double { axis == .horizontal ? height : width }
    static func axis(_ axis: Axis, _ main: Double, cross: Double) -> Size {
        axis == .horizontal ? Size(main, cross) : Size(cross, main)
    }
}

/// A laid-out piece of the view tree. Built fresh from the views each time state changes;
/// measured (`size(for:)`, any number of times, cached), then placed once (`place(in:)`,
/// which sets `frame` in window pt), then drawn, hit-tested, and asked for preferences.
@MainActor
class Node {
    /// Structural identity (see `BuildContext.path`). A spare node recycled at another place
    /// takes that place's path (`move(to:)`).
    private(set) var path: String
    /// Where `place(in:)` put the node, in window pt.
    private(set) var frame: Rect = .zero
    /// SwiftUI's `layoutPriority`: stacks give space to higher priorities first.
    var layoutPriority: Double = 0
    /// A name given with `.accessibilityIdentifier` (tests and state dumps find nodes by it).
    var identifier: String?
    /// Drawn and hit-tested children, in code order.
    var children: [Node] { [] }
    /// Sizes answered, by proposal: four inline (a stack asks its children for their
    /// minimum, maximum and offered sizes), the rest in an array, so that measuring a node
    /// allocates nothing in the common case.
    private var size0: (ProposedSize, Size)?, size1: (ProposedSize, Size)?
    private var size2: (ProposedSize, Size)?, size3: (ProposedSize, Size)?
    private var moreSizes: [(ProposedSize, Size)] = []

    init(path: String) { self.path = path }

    /// A node's spare answers go back to a pool when it goes: a stack's children are asked
    /// up to fifteen proposals, and a tree rebuilt every frame (a slider dragged) otherwise
    /// made that array anew for each of them.
    isolated deinit {
        guard moreSizes.capacity > 0, Self.spareSizeArrays.count < Self.spareSizeArraysLimit else { return }
        moreSizes.removeAll(keepingCapacity: true)
        Self.spareSizeArrays.append(moreSizes)
    }
    private static var spareSizeArrays: [[(ProposedSize, Size)]] = []
    /// More than a big tree's worth of nodes that overflow (the form has ~60).
    private static let spareSizeArraysLimit = 2048

    /// The size this node takes for a proposal (cached: stacks ask more than once).
    final func size(for proposal: ProposedSize) -> Size {
        if let c = size0 { if c.0 == proposal { return c.1 } } else { return remember(proposal) { size0 = $0 } }
        if let c = size1 { if c.0 == proposal { return c.1 } } else { return remember(proposal) { size1 = $0 } }
        if let c = size2 { if c.0 == proposal { return c.1 } } else { return remember(proposal) { size2 = $0 } }
        if let c = size3 { if c.0 == proposal { return c.1 } } else { return remember(proposal) { size3 = $0 } }
        for (p, s) in moreSizes where p == proposal { return s }
        if moreSizes.capacity == 0 { moreSizes = Self.spareSizeArrays.popLast() ?? [] }
        if moreSizes.isEmpty { moreSizes.reserveCapacity(16) }
        return remember(proposal) { moreSizes.append($0) }
    }

    private func remember(_ proposal: ProposedSize, in slot: (_ entry: (ProposedSize, Size)) -> Void) -> Size {
        let s = measure(proposal)
        slot((proposal, s))
        return s
    }

    /// Gives a recycled node the path of the place it takes.
    final func move(to newPath: String) {
        path = newPath
        partKey = nil
    }

    /// "path#part": where a widget keeps state of its own between events (made once per
    /// path, not at every event).
    final func storageKey<Value>(_ part: String, _ type: Value.Type = Value.self) -> StorageKey<Value> {
        if let k = partKey, k.part == part { return StorageKey(raw: k.key) }
        let key = path + "#" + part
        partKey = (part, key)
        return StorageKey(raw: key)
    }
    private var partKey: (part: String, key: String)?

    /// Forgets what measuring and placing left, for a rebuild that takes this node again
    /// (`BuildContext.reusable`): the sizes it answered, its frame, priority and name. The
    /// caller then sets everything its view gives the node.
    final func prepareForReuse() {
        size0 = nil; size1 = nil; size2 = nil; size3 = nil
        moreSizes.removeAll(keepingCapacity: true)
        frame = .zero
        layoutPriority = 0
        identifier = nil
    }

    /// Subclasses answer a proposal here.
    func measure(_ proposal: ProposedSize) -> Size { Size(proposal.width ?? 0, proposal.height ?? 0) }

    /// Puts the node at `rect` and places its children. `proposal` is the one the node was
    /// measured with (`rect` has the size it answered): children are placed with the sizes
    /// they answered to that proposal, as SwiftUI places subviews.
    final func place(in rect: Rect, proposal: ProposedSize) {
        // Every frame of every tree is made here, so here no layout leaves a NaN or an
        // infinity (a view's arithmetic dividing by a width a tiny window made 0): it becomes
        // 0 or the bound before drawing, hit-testing, preferences and the state dump see it,
        // and before the children are placed in it.
        // In a right-to-left layout the parent's left-to-right rect is reflected in the
        // parent's frame, and this node's children are reflected in its own (MirroredPlacement).
        let rect = MirroredPlacement.reflected(rect.finite(bound: LayoutMetrics.maxLayoutCoordinate))
        frame = rect
        let outer = MirroredPlacement.axis
        MirroredPlacement.axis = MirroredPlacement.rightToLeft ? rect.minX + rect.maxX : nil
        placeChildren(in: rect, proposal: proposal)
        MirroredPlacement.axis = outer
    }

    func placeChildren(in rect: Rect, proposal: ProposedSize) {}

    /// The distance from the top of a node of `size` to its first or last text baseline,
    /// if it holds text (used by `.firstTextBaseline` / `.lastTextBaseline` alignment).
    func baseline(last: Bool, size: Size) -> Double? { nil }

    /// Calls `body` with each of `children` in order, without making an array (drawing,
    /// preferences and visits run over the whole tree every frame).
    func forEachChild(_ body: (Node) -> Void) {
        for c in children { body(c) }
    }

    func draw(into list: inout DisplayList) {
        forEachChild { $0.draw(into: &list) }
    }

    /// Children's preferences, folded in code order (see `PreferenceValues.merge`).
    func preferences() -> PreferenceValues {
        var values = PreferenceValues()
        forEachChild { values.merge($0.preferences()) }
        return values
    }

    /// What a press at `p` hits: nil when it passes through (nothing drawn there), else the
    /// interactive nodes under it, innermost first (the responder chain; empty when it lands
    /// on content that takes no input, which still hides what is behind, as in SwiftUI).
    func hitChain(_ p: Point) -> [Node]? {
        for c in children.reversed() {
            if let chain = c.hitChain(p) { return isInteractive ? chain + [self] : chain }
        }
        if isInteractive && hitFrame.contains(p) { return [self] }
        return isHitOpaque && frame.contains(p) ? [] : nil
    }

    /// Takes pointer input (widgets, gestures, scroll views).
    var isInteractive: Bool { false }
    /// Draws something that stops presses (shapes, colours, images, text).
    var isHitOpaque: Bool { false }
    /// The area that takes presses (the frame, unless a widget widens it to 44 pt).
    var hitFrame: Rect { frame }

    /// Calls `body` for this node and every descendant, parents first, in code order.
    final func visit(_ body: (Node) -> Void) {
        body(self)
        forEachChild { $0.visit(body) }
    }
}

/// A wrapper whose values have defaults and are set after it is made or taken again
/// (`BuildContext.wrapper`), so that no value is listed twice.
@MainActor
protocol SetUpWrapper: WrapperNode {
    init(path: String, child: Node)
}

/// A node wrapping one child (most modifiers).
@MainActor
class WrapperNode: Node {
    private(set) var child: Node
    init(path: String, child: Node) {
        self.child = child
        super.init(path: path)
        layoutPriority = child.layoutPriority
    }
    /// A reused wrapper's new child (its priority with it, as a new wrapper takes it).
    final func rewrap(_ child: Node) {
        self.child = child
        layoutPriority = child.layoutPriority
    }
    override var children: [Node] { [child] }
    override func forEachChild(_ body: (Node) -> Void) { body(child) }
    override func measure(_ proposal: ProposedSize) -> Size { child.size(for: proposal) }
    override func placeChildren(in rect: Rect, proposal: ProposedSize) { child.place(in: rect, proposal: proposal) }
    override func baseline(last: Bool, size: Size) -> Double? { child.baseline(last: last, size: size) }
}
