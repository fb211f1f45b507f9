// LiveCardPose: a Today card's pose and part layout in the frame being drawn, which its view
// tree reads when it draws (the matched geometry, the layer, the surface and the parts).
import FlingCore

/// Card `i`'s place this frame: the scene sets it before drawing the card's tree, and the
/// tree, built once, draws from it (as a `RenderValue`): the expansion, the press and the pull
/// move and reshape the card without building it again (such frames allocate nothing). Compared by identity, so the card's view stays equal from frame to frame.
@MainActor
final class LiveCardPose: MatchedGeometrySource, DrawingGroupSource, Equatable {
    /// The press and the pull on top of the card's frame and progress.
    var pose = CardPose(frame: .zero, progress: 0)
    /// Where the card's parts sit at the pose's progress (with the story's scroll).
    var layout: CardLayout?
    /// The zoom style's frame: the card is then laid out open for the window (`pose` at
    /// progress 1) and drawn as a layer scaled and cut into the zoom's frame.
    var zoom: CardZoomPose?
    /// The zoom's layer (a card flying home while another zooms out has its own).
    var zoomLayerID = "today-card"

    init() {}

    nonisolated static func == (a: LiveCardPose, b: LiveCardPose) -> Bool { a === b }

    /// The press and the pull move and scale the whole card.
    var matchedTransform: Transform { zoom?.transform ?? pose.transform }

    /// Covering the window, the card is a layer whose copy the pull scales and rounds.
    var drawingGroup: LayerSpec? {
        if let zoom {
            return LayerSpec(id: zoomLayerID, bounds: zoom.layerBounds, background: .white, cornerRadius: zoom.layerCornerRadius, scalable: true,
                             visibleHeight: zoom.visibleHeight)
        }
        return pose.coversWindow
            ? LayerSpec(id: "today-card", bounds: pose.frame, background: .white, cornerRadius: pose.cornerRadius, scalable: true)
            : nil
    }

    /// The pose the card's content is drawn in: in its layer, without the pull.
    var contentPose: CardPose { pose.coversWindow ? pose.inLayer : pose }
}
