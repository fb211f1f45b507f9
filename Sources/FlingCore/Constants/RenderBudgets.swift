// RenderBudgets: how much memory the renderer's caches may hold (the budget: ≤ 100 MB RSS after
// a tour of every scene at 1080×1920, ≤ 60 MB idle). The other budgets: decoded originals,
// `ImageHeader.decodedBudget`; layers, what is on screen (LayerCache drops a layer undrawn for
// 30 frames, or at once when the app goes idle); text, `Renderer`'s 1,024 runs.
public enum RenderBudgets {
    /// Photos baked at their frame's size with rounded corners: 24 MB, the four card photos a
    /// 1080×1920 Today list shows (a 1,000 × 600 px bake is 2.4 MB), the expanded card's
    /// (1080 × 1,100 px, 4.8 MB) and every thumbnail of a restaurant list (96 × 96 px, 37 KB
    /// each), so closing a card does not bake the list again (12 MB did: 77 ms in that frame).
    /// A photo keeps one bake (its new one replaces the older). What the current frame draws
    /// is never dropped. Source: Fling's memory budget, from the window bench's memory report and
    /// FLING_BENCH_TRACE.
    public static let bakedPhotoBytes = 24 << 20

    /// Layers' CPU copies, in window-sized frames: before a layer is made anew, layers the frame
    /// does not draw go until the copies fit two windows (a card closing draws the card and the
    /// list, two full-window layers; the hidden backdrop it no longer shows went over the
    /// 100 MB peak). What a frame draws is never dropped, so more may be held while it draws
    /// them. (An expanded card at rest holds one: the Today list, which is then also the
    /// backdrop made ready for a pull, `DisplayList.layer`.)
    /// Source: Fling's memory budget, the window bench's memory tour at 1080×1920.
    public static let layerFrames = 2

    /// How far beyond the screen a list names its photos for decoding ahead
    /// (`DisplayList.upcomingImages`), in screen heights, both ways: a fling covers about a
    /// screen in the 100–200 ms a photo takes to decode on a kiosk board, so the next photo is
    /// ready when its card comes into view. Source: UIKit's `UITableViewDataSourcePrefetching`,
    /// which asks for the rows about a screen ahead; Fling's frame-time work.
    public static let prefetchScreens = 1.0
    /// Photos decoded ahead but not yet drawn are kept up to this many bytes, the oldest going
    /// first: a screen of Today cards at 1080×1920 is 4 × ~1.9 MB, so this holds the screen
    /// ahead in the direction of a scroll and part of the one behind. Idle, they all go.
    public static let prefetchedPhotoBytes = 12 << 20

    /// Set text kept for reuse (`SceneEnvironment.layout`), in UTF-8 bytes of the texts held,
    /// beside its 2,048 entries: five 200,000-character stories. A long text set again at each
    /// width of a live resize, or edited in the middle of a long field, made a new entry each
    /// time, 0.5–0.7 MB of lines for a story; the least recently used go first. Source:
    /// Fling (a review of the frame-time work).
    public static let setTextBytes = 1 << 20
}
