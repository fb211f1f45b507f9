import FlingCore
@testable import FlingUI
import XCTest

/// The restaurant sheet against seed 000's views, in-process (fixed-advance text: a body line
/// is 17 pt, a headline line 17 pt; images 800 × 600).
final class RestaurantDetailTests: XCTestCase {
    static let cafe = Restaurant(name: "Cafe", type: "Coffee", location: "Here 1", phone: "123",
                                 description: "Good coffee.", image: "x.jpg", isVisited: false)

    @MainActor private static func host(offset: Double = 0) -> ViewHost {
        makeHost(Size(390, 1044)) { RestaurantDetailView(restaurant: cafe, scrollOffset: offset) }
    }

    @MainActor private static func drawn(_ host: ViewHost) -> [TextRun] {
        var list = DisplayList()
        host.draw(into: &list)
        return list.commands.compactMap { if case .text(let run) = $0 { run } else { nil } }
    }

    @MainActor private static func frame(of text: String, in host: ViewHost) -> Rect? {
        host.nodes(of: TextNode.self).first { $0.string == text }?.frame
    }

    func testTheLocationRowHasTheFoldedMapIcon() { onMain {
        let glyphs = Self.drawn(Self.host()).filter { $0.layout.font.family == .icons }.map { $0.layout.lines.first?.text }
        XCTAssertEqual(glyphs, [MaterialIcon.map, MaterialIcon.phone], "seed 000: map, then phone (not a pin)")
    } }

    func testTheDescriptionIsThePrimaryLabelColour() { onMain {
        let description = Self.drawn(Self.host()).first { $0.layout.lines.first?.text == "Good coffee." }
        XCTAssertEqual(description?.color, SystemColor.label, "seed 000 sets no colour: the primary label, not #555")
    } }

    /// Seed 000: `VStack { Spacer(); HandleBar(); ScrollView { … }.background(Color.white) }`:
    /// the handlebar is on the dim, 8 pt above the white card, which starts at the bottom of the
    /// sheet's 20 pt handle area. (Before: the card was white from the sheet's top, handle inside.)
    func testTheHandlebarSitsAboveTheWhiteCard() { onMain {
        let host = Self.host()
        let card = host.frame("card")
        XCTAssertEqual(card.minY, SheetConstants.handleAreaHeight)
        let shapes = host.nodes(of: ShapeNode.self)
        let handle = shapes.first { $0.fill == SystemColor.gray5 }?.frame
        XCTAssertEqual(handle, Rect(x: 170, y: 7, width: 50, height: 5))
        XCTAssertEqual(card.minY - (handle?.maxY ?? 0), 8, "the VStack's default spacing")
        // Nothing white above the card: the handle area is transparent (the dim shows).
        let whites = shapes.filter { $0.fill == .white }.map(\.frame)
        XCTAssertFalse(whites.isEmpty)
        XCTAssertTrue(whites.allSatisfy { $0.minY >= card.minY }, "white above the card: \(whites)")
    } }

    /// The scroll view's implicit VStack: 8 pt between TitleBar, HeaderView and the rows; the
    /// location and description rows add `.padding(.top)` (16 pt). (Before: 16 pt under the
    /// header and 14 pt between every row.)
    func testSpacingIsTheSeedsStacks() { onMain {
        let host = Self.host()
        let title = Self.frame(of: "Restaurant Details", in: host)
        let location = Self.frame(of: "Here 1", in: host)
        let phone = Self.frame(of: "123", in: host)
        let description = Self.frame(of: "Good coffee.", in: host)
        let header = host.nodes(of: ImageNode.self).first?.frame
        // The title bar: headline (17 pt line) in 16 pt padding → 49 pt; the header 8 pt below.
        XCTAssertEqual(title?.minY, 20 + 16)
        XCTAssertEqual(header?.minY, 20 + 49 + 8)
        XCTAssertEqual(header?.height, 300)
        // A one-line body text is 17 pt (the line height applies between lines); rows are
        // centred on their 20 pt icon column, so an icon row is 20 pt tall.
        let textHeight = 17.0, rowHeight = 20.0, inset = (rowHeight - textHeight) / 2
        XCTAssertEqual(location?.minY ?? 0, (header?.maxY ?? 0) + 8 + 16 + inset, accuracy: 0.01)
        XCTAssertEqual((phone?.minY ?? 0) - (location?.minY ?? 0), rowHeight + 8, accuracy: 0.01)
        XCTAssertEqual((description?.minY ?? 0) - (phone?.minY ?? 0), -inset + rowHeight + 8 + 16, accuracy: 0.01)
        // The description wraps at the row's width, not half of it (icon-less: 16 pt each side).
        XCTAssertEqual(description?.minX, 16)
    } }

    /// iOS: the title bar stays pinned under the handlebar while the content scrolls under it,
    /// with a hairline once something is under it. (Before: it scrolled away with the content.)
    func testTheTitleBarStaysPinnedWhileTheContentScrolls() { onMain {
        let still = Self.host(offset: 0), scrolled = Self.host(offset: 200)
        XCTAssertEqual(still.frame("titleBar"), scrolled.frame("titleBar"))
        XCTAssertEqual(still.frame("titleBar").minY, SheetConstants.handleAreaHeight)
        let headerStill = still.nodes(of: ImageNode.self).first?.frame.minY ?? 0
        let headerScrolled = scrolled.nodes(of: ImageNode.self).first?.frame.minY ?? 0
        XCTAssertEqual(headerStill - headerScrolled, 200)
        // The pinned bar is drawn over the content (after it) on white.
        let titles = Self.drawn(scrolled).filter { $0.layout.lines.first?.text == "Restaurant Details" }
        XCTAssertEqual(titles.count, 1, "the placeholder copy in the scroll view is not drawn")
        XCTAssertTrue(still.nodes(of: DividerNode.self).isEmpty, "no hairline at the top of the content")
        XCTAssertEqual(scrolled.nodes(of: DividerNode.self).count, 1)
    } }

    /// The model scrolls what is below the handle area; the pinned bar's room is part of it, so
    /// the last line reaches the bottom of the viewport exactly.
    func testTheScrolledLengthIsWhatTheModelScrolls() { onMain {
        let host = Self.host()
        let length = host.idealHeight(of: RestaurantSheet(restaurant: Self.cafe).scrolledContent, width: 390)
        let description = Self.frame(of: "Good coffee.", in: host)
        XCTAssertEqual(20 + length, (description?.maxY ?? 0) + SheetLayoutConstants.bottomPadding, accuracy: 0.01)
    } }
}
