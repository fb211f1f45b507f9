// NodeReconciler: which nodes a new build of a view tree takes from the last one. A view
// at the same path with the same node type takes that node again; a view new at its path
// takes a spare of its type, one no build took (a row scrolled into a list takes the nodes of
// one scrolled out, as a table view dequeues a cell). ViewHost owns one.

@MainActor
final class NodeReconciler {
    /// The replaced tree's nodes not yet taken by the build in progress.
    private var reusable: [String: Node] = [:]
    /// The replaced tree's nodes in tree order (spares are kept in a stable order).
    private var replaced: [Node] = []
    /// A build is placing its tree: nodes are taken only then (a tree built to measure a view,
    /// `idealHeight`, would carry spares off to throw them away).
    private(set) var building = false

    /// Nodes no build took, by type. At most `sparesPerType` of each type are kept.
    private var spares: [ObjectIdentifier: SpareNodes] = [:]
    private static let sparesPerType = 64

    /// A type's spare nodes, held by reference: changing an array inside the dictionary goes
    /// through its modify accessor, whose frame was a heap allocation at every take.
    private final class SpareNodes {
        var nodes: [Node] = []
    }

    /// How many nodes were recycled from spares (tests).
    private(set) var recycled = 0

    /// A build starts over the last tree (`old`). A build inside a build (nothing does one)
    /// makes its own nodes and leaves the outer build's alone: the returned token says which.
    func beginBuild(replacing old: Node?) -> Bool {
        let nested = building
        if nested {
            building = false
        } else {
            reusable.removeAll(keepingCapacity: true)
            replaced.removeAll(keepingCapacity: true)
            old?.visit { reusable[$0.path] = $0; replaced.append($0) }
            building = true
        }
        return nested
    }

    /// The build begun with `nested` is placed. The outermost one keeps as spares the nodes no
    /// view took, before any preference observer reads the tree again.
    func endBuild(nested: Bool) {
        if nested {
            building = true
            return
        }
        building = false
        for node in replaced where reusable[node.path] === node {
            guard let list = spares[ObjectIdentifier(type(of: node))], list.nodes.count < Self.sparesPerType else { continue }
            list.nodes.append(node)
        }
        reusable.removeAll(keepingCapacity: true)
        replaced.removeAll(keepingCapacity: true)
    }

    /// The node of exactly `type` at `path` in the replaced tree, else a spare of that type
    /// moved to `path`; taken (at most once) and cleared of its layout. Nil: make one.
    func take<T: Node>(at path: String, _ type: T.Type) -> T? {
        guard building else { return nil }
        let id = ObjectIdentifier(T.self)
        if let node = reusable[path], ObjectIdentifier(Swift.type(of: node)) == id, let typed = node as? T {
            reusable[path] = nil
            typed.prepareForReuse()
            return typed
        }
        guard let spare = spareList(id).nodes.popLast(), let typed = spare as? T else { return nil }
        recycled += 1
        typed.move(to: path)
        typed.prepareForReuse()
        return typed
    }

    /// The spare lists of the types views ask for; a type made only fresh (a button, a
    /// gesture) is never kept.
    private func spareList(_ id: ObjectIdentifier) -> SpareNodes {
        if let l = spares[id] { return l }
        let l = SpareNodes()
        spares[id] = l
        return l
    }
}
