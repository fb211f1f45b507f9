import FlingCore

/// A piece of UI, described as a value and rebuilt whenever state changes (SwiftUI's `View`).
///
/// Composite views describe themselves with `body`; primitive views (stacks, text, shapes,
/// modifiers, widgets) have `Body == Never` and turn themselves into layout nodes. Scenes
/// read like the seeds' SwiftUI because they are written with the same vocabulary.
@MainActor
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public var body: Never { return fatalError("Never has no body") }
}

/// A view the tree builds directly into nodes instead of through a `body`.
@MainActor
protocol PrimitiveView: View where Body == Never {
    /// The nodes this view stands for (one for most views; any number for groups).
    func makeNodes(_ context: BuildContext) -> [Node]
    /// Appends them to `nodes` (groups build their children straight into their parent's
    /// array: the tree is rebuilt after every change, and each array is an allocation).
    func appendNodes(_ context: BuildContext, to nodes: inout [Node])
}

extension PrimitiveView {
    public var body: Never { return fatalError("\(Self.self) is primitive and has no body") }
    func appendNodes(_ context: BuildContext, to nodes: inout [Node]) { nodes += makeNodes(context) }
}

/// A primitive view that is always exactly one node (all but groups).
@MainActor
protocol SingleNodeView: PrimitiveView {
    func makeNode(_ context: BuildContext) -> Node
}

extension SingleNodeView {
    func makeNodes(_ context: BuildContext) -> [Node] { [makeNode(context)] }
    func appendNodes(_ context: BuildContext, to nodes: inout [Node]) { nodes.append(makeNode(context)) }
}

/// Builds the nodes of any view: primitives directly, composites through their body.
@MainActor
func buildNodes(_ view: any View, _ context: BuildContext) -> [Node] {
    var nodes: [Node] = []
    buildNodes(view, context, into: &nodes)
    return nodes
}

/// Appends the nodes of any view to `nodes`.
@MainActor
func buildNodes(_ view: any View, _ context: BuildContext, into nodes: inout [Node]) {
    if let primitive = view as? any PrimitiveView { return primitive.appendNodes(context, to: &nodes) }
    buildNodes(view.body, context, into: &nodes)
}

/// Builds a view that must be one node (a modifier's content): several become a VStack, as a
/// lone group in SwiftUI lays out.
@MainActor
func buildSingleNode(_ view: any View, _ context: BuildContext) -> Node {
    if let single = view as? any SingleNodeView { return single.makeNode(context) }
    if !(view is any PrimitiveView) { return buildSingleNode(view.body, context) }
    let nodes = buildNodes(view, context)
    if nodes.count == 1 { return nodes[0] }
    return StackNode(axis: .vertical, alignment: .center, spacing: nil, children: nodes, context: context)
}

/// Type erasure, for views chosen at run time.
public struct AnyView: PrimitiveView {
    let content: any View
    public init(_ content: any View) { self.content = content }
    func makeNodes(_ context: BuildContext) -> [Node] { buildNodes(content, context) }
    func appendNodes(_ context: BuildContext, to nodes: inout [Node]) { buildNodes(content, context, into: &nodes) }
}

/// Nothing at all: no node, no space.
public struct EmptyView: PrimitiveView {
    public init() {}
    func makeNodes(_ context: BuildContext) -> [Node] { [] }
    func appendNodes(_ context: BuildContext, to nodes: inout [Node]) {}
}

/// The views a `@ViewBuilder` closure produced, in code order.
public struct ViewGroup: PrimitiveView {
    let views: [any View]
    init(_ views: [any View]) { self.views = views }
    func makeNodes(_ context: BuildContext) -> [Node] {
        var out: [Node] = []
        appendNodes(context, to: &out)
        return out
    }
    func appendNodes(_ context: BuildContext, to nodes: inout [Node]) {
        for (i, v) in views.enumerated() { buildNodes(v, context.child(i), into: &nodes) }
    }
}

/// SwiftUI's result builder, flattening blocks, `if`, `if let`, `switch` and loops into a
/// `ViewGroup`. Each position keeps its own index, so a view's identity does not change when
/// an `if` before it flips.
@resultBuilder
@MainActor
public enum ViewBuilder {
    public static func buildExpression<V: View>(_ view: V) -> ViewGroup { ViewGroup([view]) }
    public static func buildBlock(_ parts: ViewGroup...) -> ViewGroup { ViewGroup(parts) }
    public static func buildOptional(_ part: ViewGroup?) -> ViewGroup { part ?? ViewGroup([]) }
    public static func buildEither(first: ViewGroup) -> ViewGroup { ViewGroup([first]) }
    public static func buildEither(second: ViewGroup) -> ViewGroup { ViewGroup([EmptyView(), second]) }
    public static func buildArray(_ parts: [ViewGroup]) -> ViewGroup { ViewGroup(parts) }
    public static func buildLimitedAvailability(_ part: ViewGroup) -> ViewGroup { part }
}

/// One view per element of a collection, identified by `id` (SwiftUI's `ForEach`).
public struct ForEach<Data: RandomAccessCollection, ID: Hashable>: PrimitiveView {
    let data: Data
    let id: (Data.Element) -> ID
    let content: (Data.Element) -> ViewGroup

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> ViewGroup) {
        self.data = data
        self.id = { $0[keyPath: id] }
        self.content = content
    }

    func makeNodes(_ context: BuildContext) -> [Node] {
        var out: [Node] = []
        appendNodes(context, to: &out)
        return out
    }
    func appendNodes(_ context: BuildContext, to nodes: inout [Node]) {
        // The id in brackets: an id holding "/" cannot collide with a child's path.
        for element in data { buildNodes(content(element), context.child("[\(id(element))]"), into: &nodes) }
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> ViewGroup) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> ViewGroup) {
        self.init(data, id: \.self, content: content)
    }
}
