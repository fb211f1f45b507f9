// InstrumentLegibilityTests: at 390 × 844 the tuning panel shows every slider above its footer,
// the wheel over it scrolls it (not the scene behind), and the overlay's labels sit on nearly
// opaque pills, so body text under them does not read through.
import FlingCore
@testable import FlingUI
import XCTest

final class InstrumentLegibilityTests: XCTestCase {
    func testEverySliderShowsAboveTheFooterAtPhoneSize() { MainActor.assumeIsolated {
        let d = InstrumentTests.Driver(makeTestApp())
        let host = InstrumentTests.openPanel(d)
        guard let scroll = host.nodes(of: ScrollNode.self).first else { return XCTFail("no scroll view") }
        let sliders = host.nodes(of: SliderNode.self)
        XCTAssertEqual(sliders.count, Tuning.keys.count)
        for (i, s) in sliders.enumerated() {
            XCTAssertLessThanOrEqual(s.frame.maxY, scroll.frame.maxY, "\(Tuning.keys[i].name) is cut by the scroll view's edge")
        }
    } }

    func testTheWheelOverThePanelScrollsThePanelNotTheList() { MainActor.assumeIsolated {
        let app = makeTestApp(rows: 40)
        app.handle(.resize(Size(390, 600), time: 0))
        let d = InstrumentTests.Driver(app)
        let host = InstrumentTests.openPanel(d)
        let list = (app.scene as! RestaurantsScene).list
        let listBefore = list.scroll.offset(at: d.t)
        let lastBefore = host.nodes(of: SliderNode.self).last!.frame.minY
        let panel = app.instrument.panel.frame(window: app.windowSize)
        app.handle(.wheel(dy: -5, location: Point(panel.midX, panel.midY), time: d.t))
        d.run(until: d.t + 1)
        _ = app.displayList(time: d.t)
        XCTAssertLessThan(host.nodes(of: SliderNode.self).last!.frame.minY, lastBefore, "the panel's rows scrolled")
        XCTAssertEqual(list.scroll.offset(at: d.t), listBefore, "the list behind did not")
    } }

    func testOverlayLabelsSitOnNearlyOpaquePills() { MainActor.assumeIsolated {
        let d = InstrumentTests.Driver(makeTestApp())
        d.key("F2")
        InstrumentTests.openSheet(d)
        var list = DisplayList()
        d.app.instrument.draw(into: &list, app: d.app, realTime: d.t, sceneTime: d.app.clock.scene(at: d.t))
        var pills = 0
        for c in list.commands {
            if case let .fillRect(_, radii, color) = c, radii == CornerRadii(4), color.a > 0 {
                pills += 1
                XCTAssertGreaterThanOrEqual(color.a, 0.9, "a label's pill lets the text under it read through")
            }
        }
        XCTAssertGreaterThan(pills, 3)
    } }
}
