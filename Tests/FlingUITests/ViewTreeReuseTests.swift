import FlingCore
@testable import FlingUI
import XCTest

/// What the view tree reuses between builds to allocate less must never go stale:
/// each test changes an input and checks that the new value is what is laid out and drawn.
final class ViewTreeReuseTests: XCTestCase {
    func testReusedPathsAreTheConcatenatedOnes() { onMain {
        var table = PathTable()
        XCTAssertEqual(table.child(of: "", index: 3), "3")
        XCTAssertEqual(table.child(of: "0/1", index: 12), "0/1/12")
        XCTAssertEqual(table.child(of: "0/1", component: "[a/b]"), "0/1/[a/b]")
        XCTAssertEqual(table.child(of: "0/2", index: 12), "0/2/12", "another parent, another path")
        XCTAssertEqual(table.child(of: "0/1", index: 12), "0/1/12", "the second time from the table")
        XCTAssertEqual(table.child(of: "0/1", component: "12"), "0/1/12", "a component and an index name the same child")
    } }

    func testSizeCacheAnswersEveryProposalPastItsInlineSlots() { onMain {
        let host = makeHost { Text("aaaa bbbb cccc dddd").font(Font(size: 10)) }
        guard let text = host.nodes(of: TextNode.self).first else { return XCTFail("no text") }
        // Eight widths, asked twice each in different orders: every answer is the text's own.
        let widths: [Double?] = [nil, 0, 30, 45, 60, 100, .infinity, 20]
        let first = widths.map { text.size(for: ProposedSize(width: $0, height: nil)) }
        for (w, expected) in zip(widths, first).reversed() {
            XCTAssertEqual(text.size(for: ProposedSize(width: w, height: nil)), expected)
        }
        XCTAssertEqual(first[0], Size(95, 10), "one line of 19 characters")
        XCTAssertEqual(first[2], Size(20, 46), "four lines at 30 (12 pt apart)")
        XCTAssertEqual(first[4], Size(45, 22), "two lines at 60")
    } }

    func testAStackLaysOutItsPrioritiesAndFlexibilityAsBefore() { onMain {
        // Priorities 2, 1 and 0, mixed with fixed and flexible children: the higher priority
        // takes what it needs first, the rest is shared by flexibility.
        let host = makeHost(Size(300, 50)) {
            HStack(spacing: 0) {
                Color.white.accessibilityIdentifier("flex")
                Text("aaaaaaaaaa").font(Font(size: 10)).layoutPriority(2).accessibilityIdentifier("high")
                Color.white.frame(width: 40).accessibilityIdentifier("fixed")
                Text("bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb").font(Font(size: 10))
                    .layoutPriority(1).accessibilityIdentifier("mid")
            }
        }
        XCTAssertEqual(host.frame("high").width, 50)
        XCTAssertEqual(host.frame("fixed").width, 40)
        XCTAssertEqual(host.frame("mid").width, 210, "priority 1 takes all but the minimums below it")
        XCTAssertEqual(host.frame("flex").width, 0)
        XCTAssertEqual(host.frame("mid").minX, 90)
    } }

    func testTheFormsPreferencesFollowTheSliderWithoutAnObserver() { onMain {
        // The state dump reads the form's preferences from the laid-out tree: after the
        // slider moves, it sees row 2's new width and the mini-map draws it.
        let s = FormScene(env: SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in Size(800, 600) }))
        let bounds = Rect(x: 0, y: 0, width: 1024, height: 685)
        s.layout(in: bounds, window: bounds.size, time: 0)
        let emailWidth = { s.collected.filter { $0.vtype == .fieldContainer }[3].bounds.global.width }
        XCTAssertEqual(emailWidth(), 360)
        s.content.length = 450
        s.host.invalidate()
        s.layout(in: bounds, window: bounds.size, time: 0.1)
        XCTAssertEqual(emailWidth(), 450)
        var list = DisplayList()
        s.draw(into: &list, time: 0.1)
        let dump = s.stateFields(time: 0.1)
        let field = dump.first { $0.0 == "form" }?.1.at("fields.3.container.2")?.doubleValue
        XCTAssertEqual(field, 450, "the dump's container is the new width")
    } }

    func testAHiddenFormLaysOutForTheLastBoundsWhenNextUsed() { onMain {
        // Layout of a scene that is not shown defers its build; the first use sees the
        // latest bounds, not the ones it was built for before.
        let s = FormScene(env: SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in Size(800, 600) }))
        s.layout(in: Rect(x: 0, y: 0, width: 1024, height: 685), window: Size(1024, 685), time: 0)
        let wide = s.host.nodes(of: SliderNode.self)[0].frame
        s.layout(in: Rect(x: 0, y: 0, width: 1024, height: 485), window: Size(1024, 485), time: 0.1)
        let short = s.host.nodes(of: SliderNode.self)[0].frame
        XCTAssertEqual(short.minY, wide.minY - 100, "the form is centred in the shorter window")
    } }

    func testListContentHeightEqualsEveryRowBuiltAtAnyWidth() { onMain {
        let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in Size(800, 600) })
        let restaurants = (0..<7).map { i in
            Restaurant(name: "Restaurant with a long name \(i)", type: "Cafe", location: "Here", phone: "1",
                       description: "Text.", image: "x.jpg", isVisited: false)
        }
        let list = RestaurantListController(restaurants: RestaurantRows(restaurants), env: env)
        for width in [390.0, 388, 120, 1920, 390] {
            let bounds = Rect(x: 0, y: 0, width: width, height: 700)
            list.layout(in: bounds, time: 0)
            let all = RestaurantList(restaurants: RestaurantRows(restaurants), rowText: { RestaurantList.RowText(restaurants[$0], row: $0, strings: .english) }, offset: 0, listBounds: bounds, column: list.column,
                                     pressedRow: nil, selection: { _ in 0 }, rows: restaurants.indices)
            XCTAssertEqual(list.contentHeight, list.host.idealHeight(of: all.columnContent, width: list.column.width),
                           "width \(width)")
        }
    } }
}
