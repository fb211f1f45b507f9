// BuildContext: what building a node needs: its path (structural identity), the environment
// values flowing down the tree, node reuse across rebuilds, and the cached path strings.
import FlingCore

/// Values that flow down the tree (SwiftUI's environment): set by modifiers such as `.font`,
/// read by the views below them.
public struct EnvironmentValues: Sendable {
    public var font: Font = TextStyle.body.font
    public var foregroundColor: Color = SystemColor.label
    /// Scales every text's font size (Dynamic-Type-like; 1 by default).
    public var textScale: Double = 1
    /// Right-to-left in Arabic and Hebrew (see `MirroredPlacement`); set at the root.
    public var layoutDirection: LayoutDirection = .leftToRight
    /// A sheet's grabber shows (`.presentationDragIndicator`).
    public var dragIndicatorVisible = true
    /// The axis of the stack a view sits in (Spacer and Divider follow it).
    var stackAxis: Axis?
    public init() {}
}

/// What building a node needs: where it is in the tree (its identity), the environment, the
/// frame's time, and the host that keeps state between frames (focus, scroll offsets,
/// widget animations).
@MainActor
struct BuildContext {
    /// Structural identity: the positions from the root, e.g. "0/2/1". Stable across rebuilds
    /// for views in the same place, as SwiftUI's structural identity is.
    let path: String
    let environment: EnvironmentValues
    /// Unowned: readers keep their context until the next rebuild, and the host owns them.
    unowned let host: ViewHost

    init(path: String, environment: EnvironmentValues, host: ViewHost) {
        self.path = path; self.environment = environment; self.host = host
    }

    var time: Double { host.time }
    var scene: SceneEnvironment { host.env }

    func child(_ index: Int) -> BuildContext {
        BuildContext(path: host.paths.child(of: path, index: index), environment: environment, host: host)
    }
    func child(_ component: String) -> BuildContext {
        BuildContext(path: host.paths.child(of: path, component: component), environment: environment, host: host)
    }

    /// The node of exactly `type` that stood at this path in the tree being replaced, ready
    /// to be given this build's values (nil: make a new one). A rebuilt tree keeps its node
    /// objects instead of allocating one per view.
    func reusable<T: Node>(_ type: T.Type) -> T? { host.takeReusable(at: path, type) }

    /// The wrapper of `type` around `content` at this path: the replaced tree's, rewrapped, or
    /// a new one. The caller then sets its values, in one place for both.
    func wrapper<T: SetUpWrapper>(_ type: T.Type, around content: Node) -> T {
        if let node = reusable(T.self) {
            node.rewrap(content)
            return node
        }
        return T(path: path, child: content)
    }

    func with(_ change: (inout EnvironmentValues) -> Void) -> BuildContext {
        var e = environment
        change(&e)
        return BuildContext(path: path, environment: e, host: host)
    }
}

/// The paths of the last builds, by parent and component: a rebuilt tree reuses the strings
/// instead of concatenating (and allocating) a path for every node of every build.
@MainActor
struct PathTable {
    private struct Key: Hashable {
        var parent: String
        var index: Int
        var component: String
    }
    private var paths: [Key: String] = [:]
    /// Past this many the table starts over (views come and go; identity is the string, so
    /// forgetting one only costs its concatenation).
    private static let capacity = 20_000

    /// "parent/index" ("index" at the root).
    mutating func child(of parent: String, index: Int) -> String {
        lookup(Key(parent: parent, index: index, component: "")) { String(index) }
    }

    /// "parent/component" ("component" at the root).
    mutating func child(of parent: String, component: String) -> String {
        lookup(Key(parent: parent, index: -1, component: component)) { component }
    }

    private mutating func lookup(_ key: Key, _ component: () -> String) -> String {
        if let p = paths[key] { return p }
        let c = component()
        let p = key.parent.isEmpty ? c : key.parent + "/" + c
        if paths.count >= Self.capacity { paths.removeAll(keepingCapacity: true) }
        paths[key] = p
        return p
    }
}
