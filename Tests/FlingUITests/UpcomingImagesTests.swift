// UpcomingImagesTests: the lists name the photos a screen beyond either edge for decoding ahead
// (DisplayList.upcomingImages, issue 46), at the size they will be drawn, and never those on
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
        XCTAssertFalse(expected.isEmpty, "390×844 shows two cards; the next ones are a screen below")
        XCTAssertEqual(list.upcomingImages, expected.map { i in
            UpcomingImage(scene.articles[i].image, frame: scene.cardLayout(i, progress: 0, time: 0).image, mode: .fill)
        })
        for u in list.upcomingImages { XCTAssertNil(drawn[u.name], "\(u.name) is on screen: drawn, not named ahead") }
        // What is named is drawn at that size once scrolled to.
        let first = try XCTUnwrap(expected.first)
        XCTAssertEqual(scene.cardLayout(first, progress: 0, time: 0).image.size, list.upcomingImages[0].frame.size)
    } }

    func testTheRestaurantListNamesTheThumbnailsOfTheRowsAScreenBelow() { MainActor.assumeIsolated {
        let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in Size(800, 600) })
        let restaurants = (0..<60).map { i in
            Restaurant(name: "R\(i)", type: "Cafe", location: "Here", phone: "1", description: "Text.", image: "photo-\(i).jpg", isVisited: false)
        }
        let view = RestaurantListView(restaurants: RestaurantRows(restaurants), env: env)
        let bounds = Rect(x: 0, y: 0, width: 390, height: 761)
        view.layout(in: bounds, time: 0)
        var list = DisplayList()
        view.draw(into: &list, time: 0)
        let drawn = Set(Self.drawnImages(list).keys)
        let named = list.upcomingImages.map(\.name)
        XCTAssertTrue(Set(named).isDisjoint(with: drawn), "rows on screen are drawn, not named ahead")
        // The rows after the last drawn one, up to a screen (761 pt / 84 pt rows) and one more.
        let lastDrawn = try? XCTUnwrap(drawn.compactMap { Int($0.dropFirst(6).dropLast(4)) }.max())
        let next = (lastDrawn ?? 0) + 1
        XCTAssertEqual(named.first, "photo-\(next).jpg")
        XCTAssertGreaterThanOrEqual(named.count, Int(761 / view.rowHeight))
        XCTAssertLessThanOrEqual(named.count, Int(761 / view.rowHeight) + 4, "not the whole list: \(named.count)")
        XCTAssertTrue(list.upcomingImages.allSatisfy { $0.frame.size == Size(LayoutMetrics.thumbnailSize, LayoutMetrics.thumbnailSize) })
        XCTAssertTrue(list.upcomingImages.allSatisfy { $0.mode == .fill })
    } }
}
