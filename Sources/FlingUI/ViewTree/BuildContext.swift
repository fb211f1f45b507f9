import FlingCore

/// Values that flow down the tree (SwiftUI's environment): set by modifiers such as `.font`,
/// read by the views below them.
public struct EnvironmentValues: Sendable {
    public var font: Font = TextStyle.body.font
    public var foregroundColor: Color = SystemColor.label
    /// Scales every text's font size (Dynamic-Type-like; 1 by default).
    public var textScale: Double = 1
    /// The axis of the stack a view sits in (Spacer and Divider follow it).
    var stackAxis: Axis?
    public init() {}
}

/// What building a node needs: where it is in the tree (its identity), the environment, the
/// frame's time, and the host that keeps state between frames (focus, scroll offsets,
/// widget animations).
@MainActor
final class BuildContext {
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

    func child(_ index: Int) -> BuildContext { child(String(index)) }
    func child(_ component: String) -> BuildContext {
        BuildContext(path: path.isEmpty ? component : path + "/" + component, environment: environment, host: host)
    }

    func with(_ change: (inout EnvironmentValues) -> Void) -> BuildContext {
        var e = environment
        change(&e)
        return BuildContext(path: path, environment: e, host: host)
    }
}
