// Modifiers: how view modifiers work (`NodeModifier`) and the standard ones with their nodes:
// padding, fixed and flexible frames, background/overlay, opacity, offset, shadow, font,
// colour, clipping, fixed size and hit testing.
import FlingCore

/// A modifier applied to a view: builds the content's node and wraps or adjusts it.
///
/// Generic over its content and its modifier rather than holding `any View` and a closure:
/// a modified view is larger than an existential's three inline words, and a closure
/// holding the modifier's arguments is a heap context, so each modifier of a chain cost two
/// allocations in every build.
struct ModifiedView<Content: View, Modifier: NodeModifier>: SingleNodeView {
    let content: Content
    let modifier: Modifier

    func makeNode(_ context: BuildContext) -> Node {
        modifier.node(wrapping: buildSingleNode(content, modifier.contentContext(context).child(0)), context)
    }
}

/// What a modifier does (SwiftUI's `ViewModifier`, at the level of nodes): the node that
/// stands for the modified view, and the environment its content is built in.
@MainActor
protocol NodeModifier {
    func node(wrapping content: Node, _ context: BuildContext) -> Node
    func contentContext(_ context: BuildContext) -> BuildContext
}

extension NodeModifier {
    func contentContext(_ context: BuildContext) -> BuildContext { context }
}

/// A modifier written as a closure (the rarer ones: gestures, preference readers and
/// observers, hit testing, identifiers, scene-specific nodes); its closure is an allocation
/// per build when it captures anything.
struct ClosureModifier: NodeModifier {
    let modify: @MainActor (Node, BuildContext) -> Node
    func node(wrapping content: Node, _ context: BuildContext) -> Node { modify(content, context) }
}

struct PaddingModifier: NodeModifier {
    let insets: EdgeInsets
    func node(wrapping content: Node, _ context: BuildContext) -> Node {
        let node = context.wrapper(PaddingNode.self, around: content)
        node.insets = insets
        return node
    }
}

struct FixedFrameModifier: NodeModifier {
    let width: Double?, height: Double?
    let alignment: Alignment
    func node(wrapping content: Node, _ context: BuildContext) -> Node {
        let node = context.wrapper(FixedFrameNode.self, around: content)
        node.width = width; node.height = height; node.alignment = alignment
        return node
    }
}

struct FlexibleFrameModifier: NodeModifier {
    let width: FrameLimits, height: FrameLimits
    let alignment: Alignment
    func node(wrapping content: Node, _ context: BuildContext) -> Node {
        let node = context.wrapper(FlexibleFrameNode.self, around: content)
        node.width = width; node.height = height; node.alignment = alignment
        return node
    }
}

/// `.background` and `.overlay`: the second view is built as the modified view's child 1.
struct LayerModifier<Secondary: View>: NodeModifier {
    let secondary: Secondary
    let alignment: Alignment
    let inFront: Bool
    func node(wrapping content: Node, _ context: BuildContext) -> Node {
        let second = buildSingleNode(secondary, context.child(1))
        if let node = context.reusable(LayeredNode.self) {
            node.update(primary: content, secondary: second, alignment: alignment, secondaryInFront: inFront)
            return node
        }
        return LayeredNode(path: context.path, primary: content, secondary: second, alignment: alignment, secondaryInFront: inFront)
    }
}

struct OpacityModifier: NodeModifier {
    let opacity: OpacityNode.Source
    func node(wrapping content: Node, _ context: BuildContext) -> Node {
        let node = context.wrapper(OpacityNode.self, around: content)
        node.source = opacity
        return node
    }
}

struct ShadowModifier: NodeModifier {
    let color: Color, radius: Double, offset: Point, cornerRadius: Double
    func node(wrapping content: Node, _ context: BuildContext) -> Node {
        let node = context.wrapper(ShadowNode.self, around: content)
        node.color = color; node.radius = radius; node.offset = offset; node.cornerRadius = cornerRadius
        return node
    }
}

struct OffsetModifier: NodeModifier {
    let offset: Point
    func node(wrapping content: Node, _ context: BuildContext) -> Node {
        let node = context.wrapper(OffsetNode.self, around: content)
        node.offset = offset
        return node
    }
}

struct LayoutPriorityModifier: NodeModifier {
    let priority: Double
    func node(wrapping content: Node, _ context: BuildContext) -> Node {
        content.layoutPriority = priority
        return content
    }
}

struct FixedSizeModifier: NodeModifier {
    let horizontal: Bool, vertical: Bool
    func node(wrapping content: Node, _ context: BuildContext) -> Node {
        let node = context.wrapper(FixedSizeNode.self, around: content)
        node.horizontal = horizontal; node.vertical = vertical
        return node
    }
}

struct FontModifier: NodeModifier {
    let font: Font
    func node(wrapping content: Node, _ context: BuildContext) -> Node { content }
    func contentContext(_ context: BuildContext) -> BuildContext { context.with { $0.font = font } }
}

struct ForegroundColorModifier: NodeModifier {
    let color: Color
    func node(wrapping content: Node, _ context: BuildContext) -> Node { content }
    func contentContext(_ context: BuildContext) -> BuildContext { context.with { $0.foregroundColor = color } }
}

struct ClipModifier: NodeModifier {
    var top = 0.0
    func node(wrapping content: Node, _ context: BuildContext) -> Node {
        let node = context.wrapper(ClipNode.self, around: content)
        node.top = top
        return node
    }
}

extension View {
    func modifier<M: NodeModifier>(_ modifier: M) -> ModifiedView<Self, M> {
        ModifiedView(content: self, modifier: modifier)
    }

    func modified(_ modify: @escaping @MainActor (Node, BuildContext) -> Node) -> ModifiedView<Self, ClosureModifier> {
        modifier(ClosureModifier(modify: modify))
    }

    /// Space around the view (SwiftUI's default padding is 16 pt).
    public func padding(_ edges: EdgeSet = .all, _ length: Double = 16) -> some View {
        padding(EdgeInsets(edges, length))
    }
    public func padding(_ length: Double) -> some View { padding(.all, length) }
    public func padding(_ insets: EdgeInsets) -> some View { modifier(PaddingModifier(insets: insets)) }

    /// A fixed size on either axis (the other follows the content).
    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> some View {
        modifier(FixedFrameModifier(width: width, height: height, alignment: alignment))
    }

    /// A flexible frame: the content's size clamped, or the proposal clamped (SwiftUI's rules).
    public func frame(minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
                      minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
                      alignment: Alignment = .center) -> some View {
        modifier(FlexibleFrameModifier(width: .init(min: minWidth, ideal: idealWidth, max: maxWidth),
                                       height: .init(min: minHeight, ideal: idealHeight, max: maxHeight), alignment: alignment))
    }

    /// Draws `background` behind the view, offered the view's size.
    public func background(_ background: some View, alignment: Alignment = .center) -> some View {
        modifier(LayerModifier(secondary: background, alignment: alignment, inFront: false))
    }

    /// Draws `overlay` in front of the view, offered the view's size.
    public func overlay(_ overlay: some View, alignment: Alignment = .center) -> some View {
        modifier(LayerModifier(secondary: overlay, alignment: alignment, inFront: true))
    }

    public func opacity(_ opacity: Double) -> some View { modifier(OpacityModifier(opacity: .fixed(opacity))) }

    /// An opacity read when the view draws (see `RenderValue`): changing it redraws the
    /// same tree.
    public func opacity(_ opacity: RenderValue) -> some View { modifier(OpacityModifier(opacity: .live(opacity))) }

    /// Moves the view's drawing (and the frames below it) without changing its layout.
    public func offset(x: Double = 0, y: Double = 0) -> some View { modifier(OffsetModifier(offset: Point(x, y))) }

    public func layoutPriority(_ priority: Double) -> some View { modifier(LayoutPriorityModifier(priority: priority)) }

    /// The ideal size on the given axes, whatever is offered.
    public func fixedSize(horizontal: Bool = true, vertical: Bool = true) -> some View {
        modifier(FixedSizeModifier(horizontal: horizontal, vertical: vertical))
    }

    public func font(_ font: Font) -> some View { modifier(FontModifier(font: font)) }
    public func font(_ style: TextStyle) -> some View { font(style.font) }

    public func foregroundColor(_ color: Color) -> some View { modifier(ForegroundColorModifier(color: color)) }

    /// Clips drawing (and hit-testing) to the view's frame.
    public func clipped() -> some View { modifier(ClipModifier()) }

    /// SwiftUI's `.shadow(color:radius:x:y:)`, cast by the view's frame as a rounded rectangle
    /// of `cornerRadius` (SwiftUI follows the drawn shape's alpha).
    public func shadow(color: Color, radius: Double, x: Double = 0, y: Double = 0, cornerRadius: Double = 0) -> some View {
        modifier(ShadowModifier(color: color, radius: radius, offset: Point(x, y), cornerRadius: cornerRadius))
    }
    /// Clipped, and nothing drawn in the top `top` pt either (content scrolling under a
    /// pinned bar whose top corners are rounded must not show in those corners).
    func clipped(excludingTop top: Double) -> some View { modifier(ClipModifier(top: top)) }
}

@MainActor
final class PaddingNode: WrapperNode, SetUpWrapper {
    var insets = EdgeInsets()
    private func inner(_ p: ProposedSize) -> ProposedSize {
        ProposedSize(width: p.width.map { max(0, $0 - insets.horizontal) }, height: p.height.map { max(0, $0 - insets.vertical) })
    }
    override func measure(_ p: ProposedSize) -> Size {
        let s = child.size(for: inner(p))
        return Size(s.width + insets.horizontal, s.height + insets.vertical)
    }
    override func placeChildren(in rect: Rect, proposal: ProposedSize) {
        child.place(in: Rect(x: rect.minX + insets.leading, y: rect.minY + insets.top,
                             width: max(0, rect.width - insets.horizontal), height: max(0, rect.height - insets.vertical)),
                    proposal: inner(proposal))
    }
    override func baseline(last: Bool, size: Size) -> Double? {
        child.baseline(last: last, size: Size(size.width - insets.horizontal, size.height - insets.vertical)).map { $0 + insets.top }
    }
}

@MainActor
final class FixedFrameNode: WrapperNode, SetUpWrapper {
    var width: Double?, height: Double?
    var alignment = Alignment.center
    private func offer(_ p: ProposedSize) -> ProposedSize { ProposedSize(width: width ?? p.width, height: height ?? p.height) }
    override func measure(_ p: ProposedSize) -> Size {
        let c = child.size(for: offer(p))
        return Size(width ?? c.width, height ?? c.height)
    }
    /// A frame offers its child its own (placed) size: what makes `.frame(minHeight:)` inside
    /// a scroll view fill the viewport, as in SwiftUI.
    override func placeChildren(in rect: Rect, proposal: ProposedSize) {
        let o = offer(ProposedSize(rect.size))
        child.place(in: alignment.place(child.size(for: o), in: rect), proposal: o)
    }
}

/// One axis of a flexible frame.
struct FrameLimits: Equatable {
    var min: Double?, ideal: Double?, max: Double?

    /// What the content is offered.
    func proposal(_ proposed: Double?) -> Double? {
        guard var p = proposed else { return ideal }
        if let min { p = Swift.max(min, p) }
        if let max { p = Swift.min(max, p) }
        return p
    }

    /// The frame's own length, from the content's and the proposal.
    func length(content: Double, proposed: Double?) -> Double {
        let p = proposed ?? ideal ?? content
        var r = content
        if let min { r = Swift.max(min, Swift.min(r, p)) }
        if let max { r = Swift.min(max, Swift.max(r, p)) }
        return r
    }
}

@MainActor
final class FlexibleFrameNode: WrapperNode, SetUpWrapper {
    var width = FrameLimits(), height = FrameLimits()
    var alignment = Alignment.center
    private func offer(_ p: ProposedSize) -> ProposedSize {
        ProposedSize(width: width.proposal(p.width), height: height.proposal(p.height))
    }
    override func measure(_ p: ProposedSize) -> Size {
        let c = child.size(for: offer(p))
        return Size(width.length(content: c.width, proposed: p.width), height.length(content: c.height, proposed: p.height))
    }
    override func placeChildren(in rect: Rect, proposal: ProposedSize) {
        let o = offer(ProposedSize(rect.size))
        child.place(in: alignment.place(child.size(for: o), in: rect), proposal: o)
    }
}

/// `background` / `overlay`: the primary sets the size; the secondary is offered it.
@MainActor
final class LayeredNode: Node {
    private(set) var primary: Node, secondary: Node
    private(set) var alignment: Alignment
    private(set) var secondaryInFront: Bool
    init(path: String, primary: Node, secondary: Node, alignment: Alignment, secondaryInFront: Bool) {
        self.primary = primary; self.secondary = secondary
        self.alignment = alignment; self.secondaryInFront = secondaryInFront
        super.init(path: path)
        layoutPriority = primary.layoutPriority
    }
    /// A reused node's new values (as `init` sets them).
    func update(primary: Node, secondary: Node, alignment: Alignment, secondaryInFront: Bool) {
        self.primary = primary; self.secondary = secondary
        self.alignment = alignment; self.secondaryInFront = secondaryInFront
        layoutPriority = primary.layoutPriority
    }
    override var children: [Node] { secondaryInFront ? [primary, secondary] : [secondary, primary] }
    override func forEachChild(_ body: (Node) -> Void) {
        if secondaryInFront { body(primary); body(secondary) } else { body(secondary); body(primary) }
    }
    override func measure(_ p: ProposedSize) -> Size { primary.size(for: p) }
    override func placeChildren(in rect: Rect, proposal: ProposedSize) {
        primary.place(in: rect, proposal: proposal)
        // The background or overlay is offered the view's size.
        let offer = ProposedSize(rect.size)
        secondary.place(in: alignment.place(secondary.size(for: offer), in: rect), proposal: offer)
    }
    override func baseline(last: Bool, size: Size) -> Double? { primary.baseline(last: last, size: size) }
    /// The content's preferences come first, then the background's or overlay's.
    override func preferences() -> PreferenceValues {
        var values = primary.preferences()
        values.merge(secondary.preferences())
        return values
    }
}

@MainActor
final class OpacityNode: WrapperNode, SetUpWrapper {
    enum Source {
        case fixed(Double)
        case live(RenderValue)
    }
    var source = Source.fixed(1)
    var opacity: Double {
        switch source {
        case .fixed(let o): o
        case .live(let v): v.value
        }
    }
    override func draw(into list: inout DisplayList) {
        list.withOpacity(opacity) { child.draw(into: &$0) }
    }
    /// A fully transparent view takes no presses (SwiftUI).
    override func hitChain(_ p: Point) -> [Node]? { opacity > 0 ? super.hitChain(p) : nil }
}

/// `.shadow`: a blurred copy of the view's rounded frame drawn under it.
@MainActor
final class ShadowNode: WrapperNode, SetUpWrapper {
    var color = Color.clear, radius = 0.0, offset = Point.zero, cornerRadius = 0.0
    override func draw(into list: inout DisplayList) {
        list.add(.shadow(frame, radii: CornerRadii(min(cornerRadius, min(frame.width, frame.height) / 2)), color: color,
                         radius: radius, offset: offset))
        child.draw(into: &list)
    }
}

@MainActor
final class OffsetNode: WrapperNode, SetUpWrapper {
    var offset = Point.zero
    override func placeChildren(in rect: Rect, proposal: ProposedSize) {
        child.place(in: Rect(origin: rect.origin + offset, size: rect.size), proposal: proposal)
    }
}

@MainActor
final class FixedSizeNode: WrapperNode, SetUpWrapper {
    var horizontal = false, vertical = false
    private func offer(_ p: ProposedSize) -> ProposedSize {
        ProposedSize(width: horizontal ? nil : p.width, height: vertical ? nil : p.height)
    }
    override func measure(_ p: ProposedSize) -> Size { child.size(for: offer(p)) }
    override func placeChildren(in rect: Rect, proposal: ProposedSize) {
        let o = offer(proposal)
        child.place(in: Rect(origin: rect.origin, size: child.size(for: o)), proposal: o)
    }
}

@MainActor
final class ClipNode: WrapperNode, SetUpWrapper {
    /// Pt at the top where nothing is drawn either (`.clipped(excludingTop:)`).
    var top = 0.0
    private var visible: Rect {
        Rect(x: frame.minX, y: frame.minY + min(top, frame.height), width: frame.width, height: max(0, frame.height - top))
    }
    override func draw(into list: inout DisplayList) {
        list.clipped(to: visible) { child.draw(into: &$0) }
    }
    override func hitChain(_ p: Point) -> [Node]? { frame.contains(p) ? super.hitChain(p) : nil }
}

/// `.allowsHitTesting(false)`: presses pass through the view and everything in it.
@MainActor
final class HitTestingNode: WrapperNode, SetUpWrapper {
    override func hitChain(_ p: Point) -> [Node]? { nil }
}

extension View {
    /// Lets presses through to what is behind (`false`), as SwiftUI's modifier does.
    public func allowsHitTesting(_ enabled: Bool) -> some View { modifier(HitTestingModifier(enabled: enabled)) }
}

struct HitTestingModifier: NodeModifier {
    let enabled: Bool
    func node(wrapping content: Node, _ context: BuildContext) -> Node {
        if enabled { return content }
        return context.wrapper(HitTestingNode.self, around: content)
    }
}
