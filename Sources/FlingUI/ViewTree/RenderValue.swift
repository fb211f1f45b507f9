/// A number a view reads when its tree is drawn, not when it is built. The scene sets it
/// each frame; the nodes that read it draw the new value from the same tree. SwiftUI renders
/// an animation's frames this way: an animated opacity is interpolated by the renderer, and
/// no body runs again. Views compare it by identity, so a view holding one stays equal from
/// frame to frame and its host keeps its tree (such frames allocate nothing).
@MainActor
public final class RenderValue: Equatable {
    public var value: Double
    public init(_ value: Double) { self.value = value }
    nonisolated public static func == (a: RenderValue, b: RenderValue) -> Bool { a === b }
}
