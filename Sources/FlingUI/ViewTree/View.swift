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
///
/// Generic rather than over `any View`: an existential holding a view larger than three
/// words is a heap box, and casting one to `any PrimitiveView`, or wrapping a body in one,
/// made a box for nearly every view of every build (a quarter of a rebuild's allocations,
/// issue 12). An `any View` argument is opened; the kind of view is asked of its metatype.
@MainActor
func buildNodes<V: View>(_ view: V, _ context: BuildContext) -> [Node] {
    var nodes: [Node] = []
    // One allocation for a stack of up to eight, instead of growing 1, 2, 4, 8.
    nodes.reserveCapacity(8)
    buildNodes(view, context, into: &nodes)
    return nodes
}

/// Appends the nodes of any view to `nodes`.
@MainActor
func buildNodes<V: View>(_ view: V, _ context: BuildContext, into nodes: inout [Node]) {
    if let primitive = V.self as? any PrimitiveView.Type { return primitive.appendNodes(of: view, context, to: &nodes) }
    buildNodes(view.body, context, into: &nodes)
}

/// Builds a view that must be one node (a modifier's content): several become a VStack, as a
/// lone group in SwiftUI lays out.
@MainActor
func buildSingleNode<V: View>(_ view: V, _ context: BuildContext) -> Node {
    if let single = V.self as? any SingleNodeView.Type, let node = single.makeNode(of: view, context) { return node }
    if !(V.self is any PrimitiveView.Type) { return buildSingleNode(view.body, context) }
    let nodes = buildNodes(view, context)
    if nodes.count == 1 { return nodes[0] }
    return StackNode(axis: .vertical, alignment: .center, spacing: nil, children: nodes, context: context)
}

extension PrimitiveView {
    /// Appends the nodes of `view`, a value of this type (a cast between the same concrete
    /// types copies it; no existential is made).
    static func appendNodes<V: View>(of view: V, _ context: BuildContext, to nodes: inout [Node]) {
        (view as? Self)?.appendNodes(context, to: &nodes)
    }
}

extension SingleNodeView {
    /// The node of `view`, a value of this type.
    static func makeNode<V: View>(of view: V, _ context: BuildContext) -> Node? {
        (view as? Self)?.makeNode(context)
    }
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
    /// One expression's view, or a block's parts. Kept apart rather than as one array of
    /// `any View`: an expression then needs no array, and a block keeps the array its
    /// variadic parameter made instead of copying it into another (issue 12).
    private enum Parts {
        case view(any View)
        case group([ViewGroup])
    }
    private let parts: Parts
    init(view: some View) { parts = .view(view) }
    init(_ groups: [ViewGroup]) { parts = .group(groups) }

    func makeNodes(_ context: BuildContext) -> [Node] {
        var out: [Node] = []
        appendNodes(context, to: &out)
        return out
    }
    func appendNodes(_ context: BuildContext, to nodes: inout [Node]) {
        switch parts {
        case .view(let v): buildNodes(v, context.child(0), into: &nodes)
        case .group(let groups): for (i, g) in groups.enumerated() { buildNodes(g, context.child(i), into: &nodes) }
        }
    }
}

/// SwiftUI's result builder, flattening blocks, `if`, `if let`, `switch` and loops into a
/// `ViewGroup`. Each position keeps its own index, so a view's identity does not change when
/// an `if` before it flips.
@resultBuilder
@MainActor
public enum ViewBuilder {
    public static func buildExpression<V: View>(_ view: V) -> ViewGroup { ViewGroup(view: view) }
    public static func buildBlock(_ parts: ViewGroup...) -> ViewGroup { ViewGroup(parts) }
    public static func buildOptional(_ part: ViewGroup?) -> ViewGroup { part ?? ViewGroup([]) }
    public static func buildEither(first: ViewGroup) -> ViewGroup { ViewGroup([first]) }
    public static func buildEither(second: ViewGroup) -> ViewGroup { ViewGroup([ViewGroup([]), second]) }
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
