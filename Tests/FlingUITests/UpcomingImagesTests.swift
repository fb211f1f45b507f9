// UpcomingImagesTests: the lists name the photos a screen beyond either edge for decoding ahead
// (DisplayList.upcomingImages), at the size they will be drawn, and never those on
// screen or farther away.
import FlingCore
@testable import FlingUI
import XCTest

final class UpcomingImagesTests: XCTestCase {
    /// The `.image` commands a display list draws, by name.
    private static func drawnImages(_ list: DisplayList) -> [String: Rect] {
        var out: [String: Rect] = [:]
        for c in list.commands { if case let .image(name, frame, _, _) = c { out[name] = frame } }
        return out
    }

    func testTodayNamesTheCardsAScreenBelowAtTheSizeTheirPhotosWillBeDrawn() throws { try MainActor.assumeIsolated {
        let scene = try TodaySceneTests.makeScene()
        var list = DisplayList()
        scene.draw(into: &list, time: 0)
        let screen = scene.bounds
        let reach = screen.insetBy(dx: 0, dy: -screen.height * RenderBudgets.prefetchScreens)
        let drawn = Self.drawnImages(list)
        // Exactly the cards beyond the screen (and its cull margin) that reach one screen below.
        let expected = scene.articles.indices.filter { i in
            let f = scene.slotFrame(i, time: 0)
            return !f.insetBy(dx: -CardConstants.cullMargin, dy: -CardConstants.cullMargin).intersects(screen) && f.intersects(reach)
        }
        XCTAssertEqual(expected, [2, 3], "390×844 shows cards 0 and 1; 2 and 3 start within a screen below")
        XCTAssertEqual(list.upcomingImages.map(\.name), expected.map { scene.articles[$0].image })
        XCTAssertTrue(list.upcomingImages.allSatisfy { $0.mode == .fill })
        for u in list.upcomingImages { XCTAssertNil(drawn[u.name], "\(u.name) is on screen: drawn, not named ahead") }
        // Scrolled to, a card is drawn at the very size it was named at.
        var checked = 0
        for notches in [-3.0, -6, -9, -12] {
            let later = try TodaySceneTests.makeScene()
            later.handleWheel(dy: notches, at: Point(195, 400), time: 0)
            var shown = DisplayList()
            later.draw(into: &shown, time: 10)
            let drawnLater = Self.drawnImages(shown)
            for u in list.upcomingImages { if let f = drawnLater[u.name] { XCTAssertEqual(f.size, u.frame.size, u.name); checked += 1 } }
        }
        XCTAssertGreaterThan(checked, 0, "no named card came on screen")
    } }

    /// An opening card's photo is about to grow: named first, as growing, at the frame the open
    /// card draws it in (decoded ahead for that, not in the first frames of the opening), in
    /// both card styles. Not while only held: a scroll that starts on a card is a press first.
    func testAnOpeningCardNamesItsPhotoAtTheSizeItOpensTo() throws { try MainActor.assumeIsolated {
        let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { TodaySceneTests.imageSizes[$0] })
        let articles = try TodaySceneTests.bundledArticles()
        for style in [CardStyle.expand, .zoom] {
            let app = AppController(restaurants: [], articles: articles, env: env, first: .today,
                                    windowSize: Size(width: 390, height: 844), scale: 1)
            app.cardStyle = style
            XCTAssertFalse(app.displayList(time: 0).upcomingImages.contains { $0.grows }, "\(style): nothing opening")
            app.handle(.pointer(PointerEvent(id: 1, phase: .began, location: Point(195, 250), time: 0)))
            _ = app.advance(to: 0.05)
            XCTAssertFalse(app.displayList(time: 0.05).upcomingImages.contains { $0.grows }, "\(style): only held")
            app.handle(.pointer(PointerEvent(id: 1, phase: .ended, location: Point(195, 250), time: 0.06)))
            _ = app.advance(to: 0.07)
            let opening = app.displayList(time: 0.07)
            let first = try XCTUnwrap(opening.upcomingImages.first, "\(style)")
            XCTAssertEqual(first.name, articles[0].image, "\(style)")
            XCTAssertTrue(first.grows, "\(style)")
            XCTAssertEqual(opening.upcomingImages.filter { $0.grows }.count, 1, "\(style)")
            for f in 5...180 { _ = app.advance(to: Double(f) / 60) }
            let open = app.displayList(time: 3)
            if style == .expand {
                XCTAssertEqual(Self.drawnImages(open)[first.name]?.size, first.frame.size, "drawn open at the size named")
            }
            XCTAssertFalse(open.upcomingImages.contains { $0.grows }, "\(style): open, it grows no more")
        }
    } }

    func testTheRestaurantListNamesTheThumbnailsOfTheRowsAScreenBelow() throws { try MainActor.assumeIsolated {
        let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in Size(800, 600) })
        let restaurants = (0..<60).map { i in
            Restaurant(name: "R\(i)", type: "Cafe", location: "Here", phone: "1", description: "Text.", image: "photo-\(i).jpg", isVisited: false)
        }
        let view = RestaurantListController(restaurants: RestaurantRows(restaurants), env: env)
        let bounds = Rect(x: 0, y: 0, width: 390, height: 761)
        view.layout(in: bounds, time: 0)
        var list = DisplayList()
        view.draw(into: &list, time: 0)
        let drawn = Set(Self.drawnImages(list).keys)
        let named = list.upcomingImages.map(\.name)
        XCTAssertTrue(Set(named).isDisjoint(with: drawn), "rows on screen are drawn, not named ahead")
        // The rows after the last drawn one, up to a screen (761 pt / 84 pt rows) and one more.
        let lastDrawn = try XCTUnwrap(drawn.compactMap { Int($0.dropFirst(6).dropLast(4)) }.max())
        XCTAssertEqual(named, (lastDrawn + 1...lastDrawn + named.count).map { "photo-\($0).jpg" }, "in order, nearest first")
        XCTAssertGreaterThanOrEqual(named.count, Int(761 / view.rowHeight))
        XCTAssertLessThanOrEqual(named.count, Int(761 / view.rowHeight) + 4, "not the whole list: \(named.count)")
        XCTAssertTrue(list.upcomingImages.allSatisfy { $0.frame.size == Size(LayoutMetrics.thumbnailSize, LayoutMetrics.thumbnailSize) })
        XCTAssertTrue(list.upcomingImages.allSatisfy { $0.mode == .fill })

        // Scrolled into the middle: rows below and above, nearest first, in turn.
        view.handleWheel(dy: -40, time: 0)
        _ = view.advance(to: 3)
        var middle = DisplayList()
        view.draw(into: &middle, time: 3)
        let shownNow = Self.drawnImages(middle).keys.compactMap { Int($0.dropFirst(6).dropLast(4)) }
        let (lo, hi) = (try XCTUnwrap(shownNow.min()), try XCTUnwrap(shownNow.max()))
        XCTAssertGreaterThan(lo, 9, "scrolled past a screen of rows")
        XCTAssertEqual(Array(middle.upcomingImages.prefix(4).map(\.name)),
                       ["photo-\(hi + 1).jpg", "photo-\(lo - 1).jpg", "photo-\(hi + 2).jpg", "photo-\(lo - 2).jpg"])
    } }
}
