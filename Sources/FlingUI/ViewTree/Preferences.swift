// Preferences: SwiftUI-style preferences flowing up the view tree: `PreferenceKey`, anchors,
// the `.preference` family of modifiers, and reading them (`overlayPreferenceValue`,
// `onPreferenceChange`).
import FlingCore

/// A value views publish up the tree (SwiftUI's `PreferenceKey`). An ancestor reads the
/// values of its subtree folded in tree order: children before parents, siblings in code
/// order; the first value replaces `defaultValue` and `reduce` folds in each next one.
public protocol PreferenceKey {
    associatedtype Value
    static var defaultValue: Value { get }
    static func reduce(value: inout Value, nextValue: () -> Value)
}

/// The preferences a subtree wrote, per key, already folded.
///
/// Every node answers one of these whenever preferences are read (each build that has a
/// preference reader or observer), so it is kept cheap: the first key's entry inline (a
/// subtree publishes one key, or none), a dictionary only for a second, and each entry
/// folded through its key's type rather than a closure made per value.
struct PreferenceValues {
    private struct Entry {
        let key: any PreferenceKey.Type
        var value: Any
    }
    private var first: Entry?
    private var more: [ObjectIdentifier: Entry] = [:]

    func value<K: PreferenceKey>(_ key: K.Type) -> K.Value? {
        let id = ObjectIdentifier(key)
        if let first, ObjectIdentifier(first.key) == id { return first.value as? K.Value }
        return more[id]?.value as? K.Value
    }

    /// Sets the key's value, replacing what was there (`.preference`, `.anchorPreference`).
    mutating func set<K: PreferenceKey>(_ key: K.Type, _ value: K.Value) {
        let entry = Entry(key: key, value: value)
        if first == nil || first.map({ ObjectIdentifier($0.key) == ObjectIdentifier(key) }) == true {
            first = entry
        } else {
            more[ObjectIdentifier(key)] = entry
        }
    }

    /// Folds `later` (written after these values in tree order) into these.
    mutating func merge(_ later: PreferenceValues) {
        if let entry = later.first { fold(entry) }
        for entry in later.more.values { fold(entry) }
    }

    private mutating func fold(_ later: Entry) {
        let id = ObjectIdentifier(later.key)
        if var mine = first, ObjectIdentifier(mine.key) == id {
            first = nil   // `mine` holds the value alone: the fold can change it in place
            later.key.fold(&mine.value, later.value)
            first = mine
        } else if first == nil {
            first = later
        } else if var mine = more.removeValue(forKey: id) {
            later.key.fold(&mine.value, later.value)
            more[id] = mine
        } else {
            more[id] = later
        }
    }
}

extension PreferenceKey {
    /// `reduce` on values stored as `Any`, leaving `accumulated` the only holder of its value
    /// while it folds (an array appended to in place instead of copied).
    static func fold(_ accumulated: inout Any, _ next: Any) {
        guard var a = accumulated as? Value, let n = next as? Value else { return }
        accumulated = ()
        reduce(value: &a) { n }
        accumulated = a
    }
}

/// A geometric value captured in one coordinate space (the window's) and resolved in a
/// reader's with `geometry[anchor]` (SwiftUI's `Anchor`).
public struct Anchor<Value: Equatable & Sendable>: Equatable, Sendable {
    /// The value in window pt.
    let global: Value

    /// Where an anchor comes from, relative to the bounds of the view that publishes it.
    public struct Source: Sendable {
        let make: @Sendable (Rect) -> Value
    }
}

extension Anchor.Source where Value == Rect {
    /// The view's own bounds.
    public static var bounds: Self { Self { $0 } }
    /// A rectangle in the view's own coordinates.
    public static func rect(_ r: Rect) -> Self {
        Self { Rect(x: $0.minX + r.minX, y: $0.minY + r.minY, width: r.width, height: r.height) }
    }
}

extension Anchor.Source where Value == Point {
    /// A point in the view's own coordinates.
    public static func point(_ p: Point) -> Self { Self { Point($0.minX + p.x, $0.minY + p.y) } }
    /// A point as a fraction of the view's size (0…1 on each axis).
    public static func unitPoint(_ u: Point) -> Self { Self { Point($0.minX + u.x * $0.width, $0.minY + u.y * $0.height) } }
    public static var topLeading: Self { unitPoint(Point(0, 0)) }
    public static var top: Self { unitPoint(Point(0.5, 0)) }
    public static var center: Self { unitPoint(Point(0.5, 0.5)) }
    public static var bottom: Self { unitPoint(Point(0.5, 1)) }
    public static var bottomTrailing: Self { unitPoint(Point(1, 1)) }
}

/// How a preference modifier changes what its subtree wrote.
@MainActor
protocol PreferenceWriter {
    /// Given the subtree's values and the node's frame, the values the node publishes.
    func write(_ values: inout PreferenceValues, frame: Rect)
}

/// A node that publishes preferences. Generic over its writer, a struct holding the
/// modifier's arguments: a closure holding them was a heap context in every build, two with
/// the modifier's own.
@MainActor
final class PreferenceNode<Writer: PreferenceWriter>: WrapperNode {
    var writer: Writer
    init(path: String, child: Node, writer: Writer) {
        self.writer = writer
        super.init(path: path, child: child)
    }
    override func preferences() -> PreferenceValues {
        var values = child.preferences()
        writer.write(&values, frame: frame)
        return values
    }
}

/// A preference modifier: its writer's node around the content's.
struct PreferenceModifier<Writer: PreferenceWriter>: NodeModifier {
    let writer: Writer
    func node(wrapping content: Node, _ context: BuildContext) -> Node {
        if let node = context.reusable(PreferenceNode<Writer>.self) {
            node.rewrap(content)
            node.writer = writer
            return node
        }
        return PreferenceNode(path: context.path, child: content, writer: writer)
    }
}

/// `.preference`: a value replacing the subtree's.
struct ValueWriter<K: PreferenceKey>: PreferenceWriter {
    let value: K.Value
    func write(_ values: inout PreferenceValues, frame: Rect) { values.set(K.self, value) }
}

/// `.anchorPreference`: a value made from an anchor of the view, replacing the subtree's.
struct AnchorWriter<K: PreferenceKey, A: Equatable & Sendable>: PreferenceWriter {
    let anchor: Anchor<A>.Source
    let transform: @MainActor (Anchor<A>) -> K.Value
    func write(_ values: inout PreferenceValues, frame: Rect) {
        values.set(K.self, transform(Anchor(global: anchor.make(frame))))
    }
}

/// `.transformPreference`: the subtree's value changed in place.
struct TransformWriter<K: PreferenceKey>: PreferenceWriter {
    let callback: @MainActor (inout K.Value) -> Void
    func write(_ values: inout PreferenceValues, frame: Rect) {
        var v = values.value(K.self) ?? K.defaultValue
        callback(&v)
        values.set(K.self, v)
    }
}

/// `.transformAnchorPreference`: the subtree's value changed with an anchor of the view.
struct TransformAnchorWriter<K: PreferenceKey, A: Equatable & Sendable>: PreferenceWriter {
    let anchor: Anchor<A>.Source
    let transform: @MainActor (inout K.Value, Anchor<A>) -> Void
    func write(_ values: inout PreferenceValues, frame: Rect) {
        var v = values.value(K.self) ?? K.defaultValue
        transform(&v, Anchor(global: anchor.make(frame)))
        values.set(K.self, v)
    }
}

extension View {
    /// Publishes `value` for `key`, replacing what the view's subtree wrote for it.
    public func preference<K: PreferenceKey>(key: K.Type, value: K.Value) -> some View {
        modifier(PreferenceModifier(writer: ValueWriter<K>(value: value)))
    }

    /// Publishes a value made from an anchor of this view, replacing the subtree's.
    public func anchorPreference<K: PreferenceKey, A>(key: K.Type, value: Anchor<A>.Source,
                                                      transform: @escaping @MainActor (Anchor<A>) -> K.Value) -> some View {
        modifier(PreferenceModifier(writer: AnchorWriter<K, A>(anchor: value, transform: transform)))
    }

    /// Changes the subtree's value in place (starting from `defaultValue` if it wrote none).
    public func transformPreference<K: PreferenceKey>(_ key: K.Type,
                                                      _ callback: @escaping @MainActor (inout K.Value) -> Void) -> some View {
        modifier(PreferenceModifier(writer: TransformWriter<K>(callback: callback)))
    }

    /// Changes the subtree's value with an anchor of this view: adds to what the children
    /// wrote rather than replacing it (the seed's field containers).
    public func transformAnchorPreference<K: PreferenceKey, A>(key: K.Type, value: Anchor<A>.Source,
                                                               transform: @escaping @MainActor (inout K.Value, Anchor<A>) -> Void) -> some View {
        modifier(PreferenceModifier(writer: TransformAnchorWriter<K, A>(anchor: value, transform: transform)))
    }

    /// Draws a view made from the subtree's value for `key` in front of this view.
    public func overlayPreferenceValue<K: PreferenceKey, V: View>(_ key: K.Type,
                                                                  @ViewBuilder _ transform: @escaping @MainActor (K.Value) -> V) -> some View {
        modifier(PreferenceReaderModifier<K, V>(transform: transform, inFront: true))
    }

    /// Draws a view made from the subtree's value for `key` behind this view.
    public func backgroundPreferenceValue<K: PreferenceKey, V: View>(_ key: K.Type,
                                                                     @ViewBuilder _ transform: @escaping @MainActor (K.Value) -> V) -> some View {
        modifier(PreferenceReaderModifier<K, V>(transform: transform, inFront: false))
    }

    /// Calls `action` after layout whenever the subtree's value for `key` changed.
    public func onPreferenceChange<K: PreferenceKey>(_ key: K.Type,
                                                     perform action: @escaping @MainActor (K.Value) -> Void) -> some View where K.Value: Equatable {
        modified { node, context in
            PreferenceObserverNode(path: context.path, child: node) { values, host in
                let v = values.value(key) ?? K.defaultValue
                let seen = StorageKey<K.Value>(path: context.path)
                guard host.lastObserved[seen] != v else { return false }
                host.lastObserved[seen] = v
                action(v)
                return true
            }
        }
    }
}

/// `overlayPreferenceValue` / `backgroundPreferenceValue`.
struct PreferenceReaderModifier<K: PreferenceKey, Secondary: View>: NodeModifier {
    let transform: @MainActor (K.Value) -> Secondary
    let inFront: Bool
    func node(wrapping content: Node, _ context: BuildContext) -> Node {
        if let node = context.reusable(PreferenceReaderNode<K, Secondary>.self) {
            node.update(primary: content, context: context.child(1), inFront: inFront, transform: transform)
            return node
        }
        return PreferenceReaderNode<K, Secondary>(path: context.path, primary: content, context: context.child(1),
                                                  inFront: inFront, transform: transform)
    }
}

/// `overlayPreferenceValue` / `backgroundPreferenceValue`: the secondary view is built after
/// the primary is placed, from the primary's collected preferences, and offered its size.
/// Generic over the key and the secondary view: a closure over them, returning `any View`,
/// was a context and a box in every build.
@MainActor
final class PreferenceReaderNode<K: PreferenceKey, Secondary: View>: Node {
    private(set) var primary: Node
    private(set) var context: BuildContext
    private(set) var inFront: Bool
    private(set) var transform: @MainActor (K.Value) -> Secondary
    private var secondary: Node?

    init(path: String, primary: Node, context: BuildContext, inFront: Bool,
         transform: @escaping @MainActor (K.Value) -> Secondary) {
        self.primary = primary; self.context = context; self.inFront = inFront; self.transform = transform
        super.init(path: path)
        layoutPriority = primary.layoutPriority
    }

    /// A reused node's new values (as `init` sets them); the secondary is built when placed.
    func update(primary: Node, context: BuildContext, inFront: Bool, transform: @escaping @MainActor (K.Value) -> Secondary) {
        self.primary = primary; self.context = context; self.inFront = inFront; self.transform = transform
        secondary = nil
        layoutPriority = primary.layoutPriority
    }

    override var children: [Node] {
        guard let secondary else { return [primary] }
        return inFront ? [primary, secondary] : [secondary, primary]
    }
    override func forEachChild(_ body: (Node) -> Void) {
        guard let secondary else { return body(primary) }
        if inFront { body(primary); body(secondary) } else { body(secondary); body(primary) }
    }
    override func measure(_ p: ProposedSize) -> Size { primary.size(for: p) }
    override func placeChildren(in rect: Rect, proposal: ProposedSize) {
        primary.place(in: rect, proposal: proposal)
        let node = buildSingleNode(transform(primary.preferences().value(K.self) ?? K.defaultValue), context)
        let offer = ProposedSize(rect.size)
        node.place(in: Alignment.center.place(node.size(for: offer), in: rect), proposal: offer)
        secondary = node
    }
    override func baseline(last: Bool, size: Size) -> Double? { primary.baseline(last: last, size: size) }
    override func preferences() -> PreferenceValues {
        var values = primary.preferences()
        if let secondary { values.merge(secondary.preferences()) }
        return values
    }
}

/// Runs an `onPreferenceChange` check once the tree is placed (the host calls `observe`,
/// which says whether the action ran, so that the host lays out what it changed).
@MainActor
final class PreferenceObserverNode: WrapperNode {
    let check: @MainActor (PreferenceValues, ViewHost) -> Bool
    init(path: String, child: Node, check: @escaping @MainActor (PreferenceValues, ViewHost) -> Bool) {
        self.check = check
        super.init(path: path, child: child)
    }
    func observe(host: ViewHost) -> Bool { check(child.preferences(), host) }
}
