// GeometryReader: SwiftUI's `GeometryReader` and `GeometryProxy`: content built knowing the
// space it was given, and anchors resolved into the reader's coordinates.
import FlingCore

/// The size and place of a `GeometryReader`, and the resolver of anchors into its
/// coordinate space (SwiftUI's `GeometryProxy`).
public struct GeometryProxy: Sendable {
    /// The reader's frame in window pt.
    let global: Rect
    /// In a right-to-left layout the reader's own coordinates run from its right edge, as
    /// the layout does: an anchor's x is its distance from there, so that a view placed by an
    /// offset from the leading edge (the Form's mini-map) mirrors with the rest.
    var rightToLeft = false

    public var size: Size { global.size }

    public enum CoordinateSpace: Sendable { case local, global }

    public func frame(in space: CoordinateSpace) -> Rect {
        space == .global ? global : Rect(origin: .zero, size: global.size)
    }

    private func localX(_ minX: Double, width: Double) -> Double {
        rightToLeft ? global.maxX - (minX + width) : minX - global.minX
    }

    /// An anchor's rectangle in this reader's coordinates.
    public subscript(anchor: Anchor<Rect>) -> Rect {
        Rect(x: localX(anchor.global.minX, width: anchor.global.width), y: anchor.global.minY - global.minY,
             width: anchor.global.width, height: anchor.global.height)
    }

    /// An anchor's point in this reader's coordinates.
    public subscript(anchor: Anchor<Point>) -> Point {
        Point(localX(anchor.global.x, width: 0), anchor.global.y - global.minY)
    }
}

/// Takes all the space offered and builds its content knowing that space (SwiftUI's
/// `GeometryReader`); the content sits at its top-leading corner.
public struct GeometryReader<Content: View>: SingleNodeView {
    let content: @MainActor (GeometryProxy) -> Content
    public init(@ViewBuilder content: @escaping @MainActor (GeometryProxy) -> Content) { self.content = content }
    func makeNode(_ context: BuildContext) -> Node {
        if let node = context.reusable(GeometryReaderNode<Content>.self) {
            node.update(context: context.child(0), makeContent: content)
            return node
        }
        return GeometryReaderNode(path: context.path, context: context.child(0), makeContent: content)
    }
}

@MainActor
final class GeometryReaderNode<Content: View>: Node {
    private(set) var context: BuildContext
    /// Typed, not `any View`: the content is larger than an existential's inline words, and
    /// was boxed in every build.
    private(set) var makeContent: @MainActor (GeometryProxy) -> Content
    private var content: Node?

    /// A reused node's new values; its content is built when placed.
    func update(context: BuildContext, makeContent: @escaping @MainActor (GeometryProxy) -> Content) {
        self.context = context; self.makeContent = makeContent
        content = nil
    }

    init(path: String, context: BuildContext, makeContent: @escaping @MainActor (GeometryProxy) -> Content) {
        self.context = context; self.makeContent = makeContent
        super.init(path: path)
    }
    override var children: [Node] { content.map { [$0] } ?? [] }
    override func forEachChild(_ body: (Node) -> Void) { if let content { body(content) } }
    override func measure(_ p: ProposedSize) -> Size {
        Size(p.width ?? LayoutDefaults.flexibleIdeal, p.height ?? LayoutDefaults.flexibleIdeal)
    }
    override func placeChildren(in rect: Rect, proposal: ProposedSize) {
        let proxy = GeometryProxy(global: rect, rightToLeft: context.environment.layoutDirection == .rightToLeft)
        let node = buildSingleNode(makeContent(proxy), context)
        let offer = ProposedSize(rect.size)
        node.place(in: Rect(origin: rect.origin, size: node.size(for: offer)), proposal: offer)
        content = node
    }
}
