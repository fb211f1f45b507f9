/// Storage a view owns across rebuilds (SwiftUI's `@State`). The value lives in a box that
/// every copy of the view shares: a scene keeps its root view and re-evaluates its `body`,
/// so the state survives while views are rebuilt. The host rebuilds after every event, so a
/// write shows in the next frame.
@MainActor
@propertyWrapper
public struct State<Value> {
    private final class Box {
        var value: Value
        init(_ value: Value) { self.value = value }
    }
    private let box: Box

    public init(wrappedValue: Value) { box = Box(wrappedValue) }

    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    /// `$value`: a binding to the storage.
    public var projectedValue: Binding<Value> {
        let box = self.box
        return Binding(get: { box.value }, set: { box.value = $0 })
    }
}

/// A read-write reference to a value owned elsewhere (SwiftUI's `@Binding`).
@MainActor
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
    private let get: @MainActor () -> Value
    private let set: @MainActor (Value) -> Void

    public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
        self.get = get; self.set = set
    }

    public init(projectedValue: Binding<Value>) { self = projectedValue }

    /// A binding to a value that never changes (previews, tests).
    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }

    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    public var projectedValue: Binding<Value> { self }

    public subscript<T>(dynamicMember keyPath: WritableKeyPath<Value, T>) -> Binding<T> {
        let part = Part(whole: self, path: keyPath)
        return Binding<T>(get: { part.whole.wrappedValue[keyPath: part.path] },
                          set: { var v = part.whole.wrappedValue; v[keyPath: part.path] = $0; part.whole.wrappedValue = v })
    }

    /// What a binding to a part of this value reads and writes through. Both closures hold
    /// this one object, which is their context: capturing the binding and the key path
    /// directly made a context for each closure (views make such bindings in every build).
    final class Part<Path> {
        let whole: Binding<Value>
        let path: Path
        init(whole: Binding<Value>, path: Path) { self.whole = whole; self.path = path }
    }
}

extension Binding where Value: MutableCollection, Value.Index == Int {
    /// `$values[i]`: a binding to one element.
    public subscript(index: Int) -> Binding<Value.Element> {
        let part = Part(whole: self, path: index)
        return Binding<Value.Element>(get: { part.whole.wrappedValue[part.path] },
                                      set: { var v = part.whole.wrappedValue; v[part.path] = $0; part.whole.wrappedValue = v })
    }
}
