// CardGeometry: the Today list's pure layout: card heights and grid columns, the cards' slots
// and the list's height, the window a card expands to with its story column and image height.

/// Where the Today cards sit (seed 004): one column of cards as tall as their
/// images make them on phones, rows of equal cards on wide windows (App Store on iPad), under
/// the top bar; and the window an expanded card fills. A value: the scene makes one per
/// layout and asks it for frames.
public struct CardGeometry: Equatable, Sendable {
    /// The list's area (window pt).
    public private(set) var bounds: Rect = .zero
    /// The window a card expands to.
    public private(set) var window: Size = .zero
    /// Card slots in content coordinates (before scrolling), one per card.
    public private(set) var slots: [Rect] = []
    /// The list's content height: the top bar, the cards and the padding under them.
    public private(set) var contentHeight = 0.0

    public init() {}

    /// Lays out `count` cards under a top bar `topBarHeight` pt tall; `cardHeight(i)` is card
    /// `i`'s height in one column (asked only there: a grid's cards are all one height).
    public init(bounds: Rect, window: Size, topBarHeight: Double, count: Int, cardHeight: (Int) -> Double) {
        self.bounds = bounds
        self.window = window
        let pad = CardConstants.sidePadding
        let columns = Self.columnCount(width: bounds.width)
        let columnWidth = (bounds.width - pad * Double(columns + 1)) / Double(columns)
        let top = topBarHeight + CardConstants.spacing
        var bottom = top
        slots = (0..<count).map { i in
            // Phones: one column, each card as tall as its image makes it (seed). Grids: rows
            // of equal height, filled left to right (App Store on iPad).
            let r: Rect
            if columns == 1 {
                r = Rect(x: pad, y: bottom, width: columnWidth, height: cardHeight(i))
            } else {
                let row = Double(i / columns), column = Double(i % columns)
                let h = CardConstants.gridCardHeight
                r = Rect(x: pad + column * (columnWidth + pad), y: top + row * (h + CardConstants.spacing), width: columnWidth, height: h)
            }
            bottom = max(bottom, r.maxY + CardConstants.spacing)
            return r
        }
        contentHeight = bottom - CardConstants.spacing + pad
    }

    /// Seed 004: min(image height / 3, 500) pt, but at least 300 pt, so that the photo shows
    /// as tall as the 150 pt excerpt panel over it (`CardConstants.minCardHeight` lists the
    /// five bundled photos too short for the seed's rule); `nil`: an image of unknown size.
    public static func cardHeight(imageHeight: Double?) -> Double {
        let h = imageHeight ?? CardConstants.unknownImageHeight
        return max(CardConstants.minCardHeight, min(h / CardConstants.imageHeightDivisor, CardConstants.maxCardHeight))
    }

    /// Columns on a wide window (the App Store's iPad grid); 1 on phones.
    public static func columnCount(width: Double) -> Int {
        guard width > CardConstants.wideWindow else { return 1 }
        let pad = CardConstants.sidePadding
        return max(1, Int((width - pad) / (CardConstants.gridMinColumnWidth + pad)))
    }

    /// Slot `i` on screen (window pt) with the list scrolled by `scrollOffset`.
    public func slotFrame(_ i: Int, scrollOffset: Double) -> Rect {
        slots[i].offsetBy(dx: bounds.minX, dy: bounds.minY - scrollOffset)
    }

    /// The expanded card's frame.
    public var windowRect: Rect { Rect(origin: .zero, size: window) }

    /// The card's frame at progress `p`: its slot interpolated to the window (SwiftUI's
    /// matched geometry between the list's card and the full-window one).
    public static func frame(slot: Rect, window: Rect, progress p: Double) -> Rect {
        slot.interpolated(to: window, p)
    }

    /// The expanded text column: the window less 16 pt each side, at most 700 pt, centred.
    public var textColumn: (x: Double, width: Double) {
        let w = min(window.width - 2 * CardConstants.storyInset, CardConstants.maxTextWidth)
        return ((window.width - w) / 2, w)
    }

    /// Expanded, the image takes 70 % of the window's height (seed: `geometry.size.height * 0.7`).
    public var expandedImageHeight: Double { window.height * CardConstants.expandedImageShare }

    /// How far a card travels from the window to its slot, for the release velocity's share
    /// of the collapse.
    public var collapseDistance: Double {
        max(MotionConstants.cardMinCollapseDistance, window.height * MotionConstants.cardCollapseDistanceShare)
    }
}
