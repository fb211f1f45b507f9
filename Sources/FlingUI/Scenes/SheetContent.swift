import FlingCore

/// What a sheet shows below its handlebar: laid out for a width, drawn at an origin.
@MainActor
package protocol SheetContent: AnyObject {
    /// "restaurant" or "numbers" (the state dump's sheet.content).
    var kind: String { get }
    /// Corner radius of the sheet's top corners (seed 000: 10; seed 001: 20).
    var cornerRadius: Double { get }
    /// Height of the content for a width, in pt.
    func height(forWidth width: Double) -> Double
    /// Draws the content with its top-left at `origin` (already scrolled), clipped by the caller.
    func draw(into list: inout DisplayList, origin: Point, width: Double, visible: Rect)
}

/// The reusable sheet shell: the white card with rounded top corners, the handlebar, and the
/// content scrolled inside the visible part of the sheet.
@MainActor
package enum SheetShell {
    /// Seed 000's handlebar: 50 × 5 pt, radius 10 (rounded fully at that height), systemGray5.
    package static let handleSize = Size(50, 5)
    package static let handleTop: Double = 8

    /// The sheet's column: full width on phones, centred and capped on wide windows.
    package static func frame(in window: Size, top: Double) -> Rect {
        let w = min(window.width, SheetConstants.maxWidth)
        // Drawn past the bottom edge so a rubber-banded sheet never shows a gap below it.
        return Rect(x: ((window.width - w) / 2).rounded(), y: top, width: w, height: max(0, window.height - top) + 200)
    }

    package static func draw(_ sheet: SheetModel, content: SheetContent, window: Size, time: Double, into list: inout DisplayList) {
        let top = sheet.top(at: time)
        guard top < window.height else { return }
        let f = frame(in: window, top: top)
        // The sheet is one layer drawn in its own coordinates (its top at y = 0) and moved by a
        // transform: while only its position changes, its commands stay the same and it is
        // composited, not redrawn. Its extent is fixed (a full window plus the overshoot below)
        // so that moving never changes what the layer holds.
        let local = Rect(x: f.minX, y: 0, width: f.width, height: window.height + 200)
        list.transformed(.translate(0, top)) { list in
            list.layer(LayerSpec(id: "sheet", bounds: local, background: Color(white: 1, alpha: 0))) { list in
                list.add(.fillRect(local, radii: .top(content.cornerRadius), color: .white))
                let handle = Rect(x: f.midX - handleSize.width / 2, y: handleTop, width: handleSize.width, height: handleSize.height)
                list.add(.fillRect(handle, radii: CornerRadii(10), color: SystemColor.gray5))
                let viewport = Rect(x: f.minX, y: SheetConstants.handleAreaHeight, width: f.width,
                                    height: max(0, window.height - SheetConstants.handleAreaHeight))
                list.clipped(to: viewport) { list in
                    content.draw(into: &list, origin: Point(f.minX, viewport.minY - sheet.content.offset(at: time)),
                                 width: f.width, visible: viewport)
                }
            }
        }
    }
}
