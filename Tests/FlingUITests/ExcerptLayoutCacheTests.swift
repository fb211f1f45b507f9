// ExcerptLayoutCacheTests: a Today card's excerpt as set in its panel: the panel's height from
// the image's, the text column, the texts' places, and one layout per text, width and panel.
import FlingCore
@testable import FlingUI
import XCTest

final class ExcerptLayoutCacheTests: XCTestCase {
    @MainActor private static func makeCache() -> ExcerptLayoutCache {
        ExcerptLayoutCache(env: SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in nil }))
    }
    static let article = Article(category: "Travel", headline: "Summit", subHeadline: "Maps", image: "x.jpg", content: "C")

    func testThePanelIsAsHighAsTheImageFrom100To150Pt() { MainActor.assumeIsolated {
        let cache = Self.makeCache()
        XCTAssertEqual([60, 130, 400].map { cache.layout(Self.article, width: 350, imageHeight: $0).panelHeight }, [100, 130, 150])
    } }

    func testTheTextsArePaddedAndStackedInTheSeedsOrder() { MainActor.assumeIsolated {
        let e = Self.makeCache().layout(Self.article, width: 350, imageHeight: 400)
        XCTAssertEqual(e.textWidth, 318, "16 pt each side")
        XCTAssertEqual([e.category, e.headline].map { $0.lines.map(\.text) }, [["TRAVEL"], ["Summit"]])
        XCTAssertEqual(e.sub?.lines.map(\.text), ["Maps"])
        XCTAssertEqual(e.categoryY, 16, "the panel's top padding")
        XCTAssertEqual(e.headlineY, e.categoryY + e.category.size.height + CardConstants.categoryGap)
        XCTAssertEqual(e.subY, e.headlineY + e.headline.size.height + CardConstants.headlineGap)
    } }

    func testOneLayoutServesEveryImageThatGivesThePanelTheSameHeight() { MainActor.assumeIsolated {
        let cache = Self.makeCache()
        let e = cache.layout(Self.article, width: 350, imageHeight: 400)
        XCTAssertEqual(cache.layout(Self.article, width: 350, imageHeight: 900), e)
        XCTAssertNotEqual(cache.layout(Self.article, width: 200, imageHeight: 400).textWidth, e.textWidth)
    } }
}
