// SheetTestSupport: the sheet the core tests start from, and the gestures they make on it.
import FlingCore
import FlingTestSupport

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

/// `StillDrag` (the finger moved by `by` pt from y0 and released at rest) on a sheet model.
func stillDrag(_ s: inout SheetModel, from y0: Double, by: Double, at t0: Double, onContent: Bool = false) {
    for sample in StillDrag(from: y0, by: by, at: t0).samples {
        switch sample.phase {
        case .down: s.press(at: sample.point, onContent: onContent, time: sample.time)
        case .move: s.move(to: sample.point, time: sample.time)
        case .up: s.release(at: sample.point, time: sample.time)
        }
    }
}

/// The sheet's whole snapshot once run to `time` (its animations followed frame by frame).
func rested(_ s: inout SheetModel, at time: Double) -> SheetSnapshot {
    _ = s.advance(to: time)
    return SheetSnapshot(s, at: time)
}
