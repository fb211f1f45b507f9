// WindowFrameFit: a window whose frame (the client area plus the window manager's title bar
// and borders) must lie on the screen's usable area (before, at --scale 2 on a
// 1280×1024 screen the client area was fitted, and the title bar pushed its bottom 40 px off).

/// The window manager's decoration around a window's client area, in pixels.
public struct FrameExtents: Equatable, Sendable {
    public var top: Double, left: Double, bottom: Double, right: Double
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
}

public enum WindowFrameFit {
    /// The client rectangle to give the window so that its frame fits `usable` (same units),
    /// or nil when the frame already lies on it. It only shrinks a side that does not fit, and
    /// moves the frame onto the usable area; a window that fits is left where it is.
    public static func fitted(client: Rect, extents e: FrameExtents, usable: Rect) -> Rect? {
        let maxWidth = max(1, usable.width - e.left - e.right)
        let maxHeight = max(1, usable.height - e.top - e.bottom)
        let width = min(client.width, maxWidth), height = min(client.height, maxHeight)
        // The frame's origin, kept where it was when it fits, else pulled onto the usable area.
        var frameX = client.minX - e.left, frameY = client.minY - e.top
        let frameWidth = width + e.left + e.right, frameHeight = height + e.top + e.bottom
        frameX = min(max(frameX, usable.minX), usable.maxX - frameWidth)
        frameY = min(max(frameY, usable.minY), usable.maxY - frameHeight)
        let out = Rect(x: frameX + e.left, y: frameY + e.top, width: width, height: height)
        return out == client ? nil : out
    }
}
