// SheetTestSupport: the sheet the core tests start from, and the gestures they make on it.
import FlingCore

/// The window height the sheet tests use (an iPhone 14's 844 pt).
let sheetTestHeight = 844.0

/// A sheet under `kind` with `content` pt of content, presented at t = 0 and settled at half
/// (t = 3 s).
func presented(_ kind: SheetPolicyKind, content: Double = 2000, tuning: Tuning = .standard) -> SheetModel {
    var s = SheetModel(policy: kind, height: sheetTestHeight, tuning: tuning)
    s.contentLength = content
    s.present(at: 0)
    _ = s.advance(to: 3)
    return s
}

/// A straight drag of the finger by `by` pt in 20 frames at 60 Hz from y0, held still 0.3 s,
/// released (a release at rest: the decision is the translation's, not a flick's).
func stillDrag(_ s: inout SheetModel, from y0: Double, by: Double, at t0: Double, onContent: Bool = false) {
    s.press(at: Point(200, y0), onContent: onContent, time: t0)
    for k in 1...20 { s.move(to: Point(200, y0 + by * Double(k) / 20), time: t0 + Double(k) / 60) }
    s.release(at: Point(200, y0 + by), time: t0 + 20.0 / 60 + 0.3)
}
