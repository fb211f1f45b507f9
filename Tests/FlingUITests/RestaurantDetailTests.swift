import FlingCore
@testable import FlingUI
import XCTest

/// The restaurant sheet's content against seed 000's views.
final class RestaurantDetailTests: XCTestCase {
    @MainActor private static func drawn() -> [TextRun] {
        let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in Size(800, 600) })
        let r = Restaurant(name: "Cafe", type: "Coffee", location: "Here 1", phone: "123", description: "Good coffee.", image: "x.jpg", isVisited: false)
        let content = RestaurantDetailContent(restaurant: r, env: env)
        var list = DisplayList()
        content.draw(into: &list, origin: .zero, width: 390, visible: Rect(x: 0, y: 0, width: 390, height: 2000))
        return list.commands.compactMap { if case .text(let run) = $0 { run } else { nil } }
    }

    func testTheLocationRowHasTheFoldedMapIcon() { onMain {
        let glyphs = Self.drawn().filter { $0.layout.font.family == .icons }.map { $0.layout.lines.first?.text }
        XCTAssertEqual(glyphs, [MaterialIcon.map, MaterialIcon.phone], "seed 000: map, then phone (not a pin)")
    } }

    func testTheDescriptionIsThePrimaryLabelColour() { onMain {
        let description = Self.drawn().first { $0.layout.lines.first?.text == "Good coffee." }
        XCTAssertEqual(description?.color, SystemColor.label, "seed 000 sets no colour: the primary label, not #555")
    } }
}
