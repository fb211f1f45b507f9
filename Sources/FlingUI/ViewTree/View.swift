// View: the `View` protocol and how views become nodes: primitive vs composite views,
// `AnyView`, `EmptyView`, the `@ViewBuilder` result builder with its tuple/conditional views,
// and `ForEach`.
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
/// made a box for nearly every view of every build (a quarter of a rebuild's allocations).
/// An `any View` argument is opened; the kind of view is asked of its metatype.
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
    // Type erasure passes through: its content may be one node (no array made to find out).
    if V.self == AnyView.self, let erased = view as? AnyView { return buildSingleNode(erased.content, context) }
    // A block of one view (a body of one expression) is that view: no array to find out.
    if let block = V.self as? any OnePartBlock.Type, let node = block.onlyPartNode(of: view, context) { return node }
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

/// A `@ViewBuilder` block's views, in code order, each at its own index. Typed by its
/// parts (a parameter pack, as SwiftUI's `TupleView`): an array of `any View` was an
/// allocation per block and a heap box per view larger than three words, in every build.
public struct TupleView<each Part: View>: PrimitiveView {
    let parts: (repeat each Part)
    init(_ parts: repeat each Part) { self.parts = (repeat each parts) }

    func makeNodes(_ context: BuildContext) -> [Node] {
        var out: [Node] = []
        appendNodes(context, to: &out)
        return out
    }
    func appendNodes(_ context: BuildContext, to nodes: inout [Node]) {
        var i = 0
        for part in repeat each parts {
            buildNodes(part, context.child(i), into: &nodes)
            i += 1
        }
    }
}

/// A builder block that may hold a single view.
@MainActor
protocol OnePartBlock {
    /// The node of its only part, at index 0, if it has exactly one (else nil: built whole).
    func onlyPartNode(_ context: BuildContext) -> Node?
}

extension OnePartBlock {
    /// The same for `view`, a value of this type (asked through the metatype: casting the
    /// view to the protocol would box it).
    static func onlyPartNode<V: View>(of view: V, _ context: BuildContext) -> Node? {
        (view as? Self)?.onlyPartNode(context)
    }
}

extension TupleView: OnePartBlock {
    func onlyPartNode(_ context: BuildContext) -> Node? {
        var count = 0
        for _ in repeat each parts { count += 1 }
        guard count == 1 else { return nil }
        for part in repeat each parts { return buildSingleNode(part, context.child(0)) }
        return nil
    }
}

/// An `if` without an `else`: its content when the condition held, else nothing.
public struct OptionalView<Content: View>: PrimitiveView {
    let content: Content?
    func makeNodes(_ context: BuildContext) -> [Node] { content.map { buildNodes($0, context) } ?? [] }
    func appendNodes(_ context: BuildContext, to nodes: inout [Node]) {
        if let content { buildNodes(content, context, into: &nodes) }
    }
}

/// An `if`/`else` or a `switch`: the branch taken, at index 0 (first) or 1 (second), so the
/// two branches never share an identity.
public struct ConditionalView<First: View, Second: View>: PrimitiveView {
    enum Branch {
        case first(First)
        case second(Second)
    }
    let branch: Branch
    func makeNodes(_ context: BuildContext) -> [Node] {
        var out: [Node] = []
        appendNodes(context, to: &out)
        return out
    }
    func appendNodes(_ context: BuildContext, to nodes: inout [Node]) {
        switch branch {
        case .first(let v): buildNodes(v, context.child(0), into: &nodes)
        case .second(let v): buildNodes(v, context.child(1), into: &nodes)
        }
    }
}

/// A `for` loop's views, each at its index.
public struct ArrayView<Element: View>: PrimitiveView {
    let elements: [Element]
    func makeNodes(_ context: BuildContext) -> [Node] {
        var out: [Node] = []
        appendNodes(context, to: &out)
        return out
    }
    func appendNodes(_ context: BuildContext, to nodes: inout [Node]) {
        for (i, v) in elements.enumerated() { buildNodes(v, context.child(i), into: &nodes) }
    }
}

/// SwiftUI's result builder: blocks, `if`, `if let`, `switch` and loops, typed by what they
/// hold. Each position keeps its own index, so a view's identity does not change when an
/// `if` before it flips.
@resultBuilder
@MainActor
public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    // No single-view overload returning the view itself: a lone view is part 0 of its block,
    // so it never shares its container's path (a stack and its only child would).
    public static func buildBlock<each Part: View>(_ parts: repeat each Part) -> TupleView<repeat each Part> {
        TupleView(repeat each parts)
    }
    public static func buildOptional<Content: View>(_ content: Content?) -> OptionalView<Content> {
        OptionalView(content: content)
    }
    public static func buildEither<First: View, Second: View>(first: First) -> ConditionalView<First, Second> {
        ConditionalView(branch: .first(first))
    }
    public static func buildEither<First: View, Second: View>(second: Second) -> ConditionalView<First, Second> {
        ConditionalView(branch: .second(second))
    }
    public static func buildArray<Element: View>(_ elements: [Element]) -> ArrayView<Element> { ArrayView(elements: elements) }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// One view per element of a collection, identified by `id` (SwiftUI's `ForEach`).
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: PrimitiveView {
    let data: Data
    let id: (Data.Element) -> ID
    let content: (Data.Element) -> Content

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
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
        func append(_ element: Data.Element) {
            buildNodes(content(element), context.child("[\(id(element))]"), into: &nodes)
        }
        // An array's elements read through a buffer: iterating a collection of an unknown
        // type reads each element through a coroutine, whose frame is a heap allocation
        // when the element is large (the mini-map's preferences, every build).
        let done: Void? = data.withContiguousStorageIfAvailable { elements in
            for element in elements { append(element) }
        }
        if done != nil { return }
        // A range's numbers made here, for the same reason (a list's visible rows).
        if let range = data as? Range<Int> {
            for i in range { if let element = i as? Data.Element { append(element) } }
            return
        }
        for element in data { append(element) }
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}
