// CandidateBarLayout: where the pinyin keyboard's candidates sit on the bar over its keys:
// one after another from the leading edge, each its text's width and a margin either side
// (its tap area), as many as fit.

public enum CandidateBarLayout {
    /// At most this many are looked at for one bar (googlepinyin finds hundreds for "xian").
    public static let maxShown = 24

    /// The frames, in `bar`'s coordinates, of the first candidates whose `widths` fit.
    public static func frames(widths: [Double], in bar: Rect, padding: Double) -> [Rect] {
        var frames: [Rect] = []
        var x = bar.minX
        for w in widths {
            let box = (w + 2 * padding).rounded(.up)
            // The first always shows, cut by the bar if it must be (a long sentence).
            if !frames.isEmpty, x + box > bar.maxX { break }
            frames.append(Rect(x: x, y: bar.minY, width: min(box, bar.maxX - x), height: bar.height))
            x += box
        }
        return frames
    }
}
