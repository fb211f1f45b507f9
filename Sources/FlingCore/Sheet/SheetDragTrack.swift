// SheetDragTrack: what the sheet keeps of the finger during one press (the drag bookkeeping):
// whether it is still a tap, its velocity, where and when it went down, where it last was,
// whether it began on the content, and whether the content is the one being dragged.
// SheetModel keeps one; its decisions stay in the policies.

struct SheetDragTrack: Equatable, Sendable {
    /// Tap or drag, by the touch slop.
    var classifier = TapClassifier()
    /// The finger's positions over time: the release velocity.
    var tracker = VelocityTracker()
    var pressPoint = Point.zero
    var pressTime = 0.0
    var lastX = 0.0
    var lastY = 0.0
    var pressOnContent = false
    /// The content was being scrolled by the current drag (its fling gets the release).
    var contentDragging = false

    /// A press at `p`: the finger's record starts over.
    mutating func press(at p: Point, time: Double, slop: Double, onContent: Bool) {
        classifier = TapClassifier(slop: slop)
        classifier.press(at: p, time: time)
        tracker.addPress(time: time, position: p)
        pressPoint = p
        pressTime = time
        lastX = p.x
        lastY = p.y
        pressOnContent = onContent
        contentDragging = false
    }
}
