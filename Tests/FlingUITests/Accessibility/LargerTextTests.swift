import FlingCore
@testable import FlingUI
import XCTest

/// Larger text: the scenes' text styles scale, rows grow with them, and nothing is
/// cut: every text's frame stays inside its row.
final class LargerTextTests: XCTestCase {
    func testRowsGrowWithTheTextAndHoldTheirLines() { MainActor.assumeIsolated {
        for (scale, height) in [(1.0, 84.0), (1.5, 103.0), (2.0, 122.0)] {
            let app = listApp(textScale: scale)
            let rows = app.accessibilityTree(time: 0).children[0].children.filter { $0.role == .listItem }
            XCTAssertEqual(rows.map(\.frame.height), Array(repeating: height, count: rows.count), "scale \(scale)")
            // The rows' frames follow each other by their height.
            XCTAssertEqual(zip(rows, rows.dropFirst()).map { $1.frame.minY - $0.frame.minY }, Array(repeating: height, count: rows.count - 1))
            // Every line of every built row is inside its row, at the size asked for.
            guard let r = app.scenes.first as? RestaurantsScene else { return XCTFail("no list") }
            let texts = r.list.host.nodes(of: TextNode.self).filter { $0.string.hasPrefix("Cafe") || $0.string.hasPrefix("Coffee") }
            XCTAssertFalse(texts.isEmpty)
            for t in texts {
                let row = rows.first { $0.frame.minY <= t.frame.midY && t.frame.midY < $0.frame.maxY }
                XCTAssertNotNil(row, "\(t.string) at \(t.frame) is in no row")
                if let row { XCTAssertTrue(t.frame.minY >= row.frame.minY && t.frame.maxY <= row.frame.maxY, "\(t.string) \(t.frame) cut by \(row.frame)") }
                XCTAssertEqual(t.drawnLayout.lines.count, 1)
            }
            let name = texts.first { $0.string == "Cafe 0" }
            XCTAssertEqual(name?.font.size, TextStyle.headline.font.size * scale)
        }
    } }

    func testATitleBesideASpacerKeepsItsLineAtLargerSizes() { MainActor.assumeIsolated {
        let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in nil })
        env.textScale = 1.5
        let host = ViewHost(env: env) { HStack { Text("Restaurant Details").font(.headline); Spacer() }.padding() }
        host.update(bounds: Rect(x: 0, y: 0, width: 390, height: 200), time: 0)
        let title = host.nodes(of: TextNode.self).first
        XCTAssertEqual(title?.drawnLayout.lines.count, 1)
        XCTAssertEqual(title?.frame.width, 229.5)
    } }
}

/// Six restaurants at 390×844 with text at `textScale`.
@MainActor private func listApp(textScale: Double) -> AppController {
    let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in Size(width: 800, height: 600) })
    env.textScale = textScale
    let restaurants = (0..<6).map { i in
        Restaurant(name: "Cafe \(i)", type: "Coffee", location: "Hong Kong", phone: "1", description: "Good.", image: "x.jpg", isVisited: false)
    }
    return AppController(restaurants: restaurants, articles: [], env: env, first: .restaurants,
                         windowSize: Size(width: 390, height: 844), scale: 1)
}
