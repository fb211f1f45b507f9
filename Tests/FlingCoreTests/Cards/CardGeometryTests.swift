// CardGeometryTests: the Today list's pure layout: card heights, columns, slots, the list's
// height, the expanded window, story column and image height, and a card's parts between.
import XCTest
@testable import FlingCore

final class CardGeometryTests: XCTestCase {
    /// A phone: one column, cards as tall as their images make them, under a 100 pt top bar.
    func testAPhoneStacksTheCardsInOneColumn() {
        let g = CardGeometry(bounds: Rect(x: 0, y: 0, width: 390, height: 761), window: Size(390, 844), topBarHeight: 100,
                             count: 2) { [400, 300][$0] }
        XCTAssertEqual(g.slots, [Rect(x: 20, y: 140, width: 350, height: 400), Rect(x: 20, y: 580, width: 350, height: 300)])
        XCTAssertEqual(g.contentHeight, 900, "the last card, then 20 pt")
        XCTAssertEqual(g.windowRect, Rect(x: 0, y: 0, width: 390, height: 844))
        XCTAssertEqual(g.textColumn.x, 16)
        XCTAssertEqual(g.textColumn.width, 358)
        XCTAssertEqual(g.expandedImageHeight, 844 * 0.7)
        XCTAssertEqual(g.collapseDistance, 844 * 0.8)
    }

    /// A 1920 pt window: four columns of 500 pt cards, filled left to right; the image
    /// heights are not asked.
    func testAWideWindowLaysTheCardsOutInAGrid() {
        let g = CardGeometry(bounds: Rect(x: 0, y: 0, width: 1920, height: 997), window: Size(1920, 1080), topBarHeight: 100,
                             count: 5) { _ in XCTFail("a grid's cards are all one height"); return 0 }
        XCTAssertEqual(g.slots, [
            Rect(x: 20, y: 140, width: 455, height: 500), Rect(x: 495, y: 140, width: 455, height: 500),
            Rect(x: 970, y: 140, width: 455, height: 500), Rect(x: 1445, y: 140, width: 455, height: 500),
            Rect(x: 20, y: 680, width: 455, height: 500),
        ])
        XCTAssertEqual(g.contentHeight, 1200)
        XCTAssertEqual(g.textColumn.x, 610, "700 pt at most, centred")
        XCTAssertEqual(g.textColumn.width, 700)
    }

    func testColumnsAndCardHeights() {
        XCTAssertEqual([390, 700, 701, 1080, 1920].map { CardGeometry.columnCount(width: $0) }, [1, 1, 1, 2, 4])
        XCTAssertEqual([nil, 600, 900, 1200, 1500, 3000].map { CardGeometry.cardHeight(imageHeight: $0) },
                       [300, 300, 300, 400, 500, 500], "seed: min(h / 3, 500), at least 300; unknown as 900 px")
    }

    func testSlotsMoveWithTheListsPlaceAndScroll() {
        let g = CardGeometry(bounds: Rect(x: 10, y: 30, width: 390, height: 761), window: Size(400, 844), topBarHeight: 100,
                             count: 1) { _ in 300 }
        XCTAssertEqual(g.slotFrame(0, scrollOffset: 0), Rect(x: 30, y: 170, width: 350, height: 300))
        XCTAssertEqual(g.slotFrame(0, scrollOffset: 120), Rect(x: 30, y: 50, width: 350, height: 300))
    }

    func testTheFrameRunsFromTheSlotToTheWindow() {
        let slot = Rect(x: 20, y: 300, width: 350, height: 333)
        let window = Rect(x: 0, y: 0, width: 390, height: 844)
        XCTAssertEqual(CardGeometry.frame(slot: slot, window: window, progress: 0), slot)
        XCTAssertEqual(CardGeometry.frame(slot: slot, window: window, progress: 1), window)
        XCTAssertEqual(CardGeometry.frame(slot: slot, window: window, progress: 0.5), Rect(x: 10, y: 150, width: 370, height: 588.5))
    }

    // MARK: Card parts

    static let excerpt = ExcerptLayout(panelHeight: 150, textWidth: 318, category: text("C"), headline: text("H"),
                                       sub: text("S"), categoryY: 16, headlineY: 40, subY: 90)

    static func text(_ s: String) -> TextLayout {
        TextLayoutEngine.layout(s, font: Font(size: 10), measurer: FixedAdvanceMeasurer())
    }

    func testInTheSlotTheImageFillsTheCardUnderTheExcerpt() {
        let g = CardGeometry(bounds: Rect(x: 0, y: 0, width: 390, height: 761), window: Size(390, 844), topBarHeight: 100,
                             count: 1) { _ in 400 }
        var imageHeights: [Double] = []
        let parts = CardLayout(slot: g.slots[0], progress: 0, contentOffset: 0, in: g) { imageHeights.append($0); return Self.excerpt }
        XCTAssertEqual(imageHeights, [400])
        let sub = Self.excerpt.sub!.size
        XCTAssertEqual(parts, CardLayout(
            frame: g.slots[0], image: g.slots[0], panel: Rect(x: 20, y: 390, width: 350, height: 150), excerpt: Self.excerpt,
            textX: 36, contentX: 16, contentTop: 540 + 16 + 40, contentWidth: 358,
            subHeadline: Rect(x: 36, y: 480, width: sub.width, height: sub.height)))
        XCTAssertEqual(parts.imageBottomRadius(cardRadius: 15), 15, "the image reaches the card's bottom")
    }

    func testExpandedTheImageTakes70PercentAndTheStoryFollowsIt() {
        let g = CardGeometry(bounds: Rect(x: 0, y: 0, width: 390, height: 761), window: Size(390, 844), topBarHeight: 100,
                             count: 1) { _ in 400 }
        let parts = CardLayout(slot: g.slots[0], progress: 1, contentOffset: 30, in: g) { _ in Self.excerpt }
        let imageHeight = 400 + (844 * 0.7 - 400)
        XCTAssertEqual(parts.frame, g.windowRect)
        XCTAssertEqual(parts.image, Rect(x: 0, y: -30, width: 390, height: imageHeight), "scrolled up with the story")
        XCTAssertEqual(parts.panel, Rect(x: 0, y: -30 + imageHeight - 150, width: 390, height: 150))
        XCTAssertEqual(parts.textX, 16, "the story's column")
        XCTAssertEqual(parts.contentX, 16)
        XCTAssertEqual(parts.contentWidth, 358)
        // No slide left, and the story has risen into the sub-headline's room: 16 pt under the
        // headline, which stays where it was (seed 004 drops the sub-headline when open).
        let headlineBottom = parts.panel.minY + Self.excerpt.headlineY + Self.excerpt.headline.size.height
        XCTAssertEqual(parts.contentTop, headlineBottom + 16, accuracy: 1e-9)
        XCTAssertEqual(parts.contentTop, -30 + imageHeight + 16 - CardLayout.storyRise(Self.excerpt), accuracy: 1e-9)
        XCTAssertEqual(parts.imageBottomRadius(cardRadius: 0), 0)
        XCTAssertEqual(parts.imageBottomRadius(cardRadius: 15), 0, "the story under the image: square")
    }

    func testTheStoryRisesIntoTheSubHeadlinesRoomWithTheCardAndNothingJumps() {
        let g = CardGeometry(bounds: Rect(x: 0, y: 0, width: 390, height: 761), window: Size(390, 844), topBarHeight: 100,
                             count: 1) { _ in 400 }
        var last: Double?
        for k in 0...100 {
            let p = Double(k) / 100
            let parts = CardLayout(slot: g.slots[0], progress: p, contentOffset: 0, in: g) { _ in Self.excerpt }
            // From the story's top to the panel's bottom: 16 + 40 under it in the slot, then
            // up with the progress to 16 under the headline, the same step each percent.
            let belowPanel = parts.contentTop - parts.panel.maxY
            XCTAssertEqual(belowPanel, 16 + (1 - p) * 40 - p * CardLayout.storyRise(Self.excerpt), accuracy: 1e-9)
            if let last { XCTAssertEqual(last - belowPanel, (40 + CardLayout.storyRise(Self.excerpt)) / 100, accuracy: 1e-9, "p \(p)") }
            last = belowPanel
            XCTAssertEqual(parts.subHeadline?.minY, parts.panel.minY + Self.excerpt.subY, "the excerpt, headline too, stays put")
        }
        XCTAssertEqual(CardLayout.subHeadlineOpacity(progress: 0), 1)
        XCTAssertEqual(CardLayout.subHeadlineOpacity(progress: 0.25), 0.5)
        XCTAssertEqual(CardLayout.subHeadlineOpacity(progress: 0.5), 0)
        XCTAssertEqual(CardLayout.subHeadlineOpacity(progress: 1.1), 0, "a spring's overshoot")
    }
}
