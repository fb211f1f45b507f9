import XCTest
@testable import FlingCore
@testable import FlingUI

/// The list behind a small sheet in the app (SwiftUI's presentationBackgroundInteraction): it scrolls and takes taps under a
/// 30 % sheet with background interaction, a screen reader reads it too, and the seeds'
/// policies stay modal whatever the option says.
final class SheetBackgroundInteractionSceneTests: XCTestCase {
    typealias Driver = InstrumentTests.Driver

    @MainActor static func app(policy: SheetPolicyKind? = nil) -> (Driver, RestaurantsScene) {
        let app = makeTestApp(rows: 30)
        app.sheetDetents = [.fraction(0.3), .fraction(0.6), .large]
        app.sheetBackgroundInteraction = .enabledUpThrough(SheetDetent(rawValue: "0.3"))
        if let policy { app.setSheetPolicy(policy) }
        let d = Driver(app)
        d.run(until: 0.3)
        d.tap(195, 250)
        d.run(until: 2)
        return (d, app.scene as! RestaurantsScene)
    }

    func testTheListScrollsUnderTheSheetAndATapShowsAnotherRestaurant() { MainActor.assumeIsolated {
        let (d, scene) = Self.app()
        XCTAssertEqual(scene.presenter.sheet.phase, .resting(SheetDetent(rawValue: "0.3")))
        let first = scene.presenter.content as? RestaurantSheet
        d.drag(from: Point(195, 400), to: Point(195, 250), duration: 0.3)
        d.run(until: d.t + 4)
        XCTAssertGreaterThan(scene.list.scroll.offset(at: d.t), 100, "the drag scrolled the list")
        XCTAssertEqual(scene.presenter.sheet.phase, .resting(SheetDetent(rawValue: "0.3")), "and left the sheet where it rests")
        d.tap(195, 150)
        d.run(until: d.t + 0.5)
        let shown = (scene.presenter.content as? RestaurantSheet)?.restaurant.name
        XCTAssertNotNil(shown)
        XCTAssertNotEqual(shown, first?.restaurant.name, "the tapped row is in the sheet now")
        XCTAssertEqual(scene.list.selected.map { scene.list.restaurants[$0].name }, shown)
        XCTAssertEqual(scene.presenter.sheet.phase, .resting(SheetDetent(rawValue: "0.3")), "where it was")
    } }

    func testAScreenReaderReadsTheListBehindASheetThatLetsTouchesThrough() { MainActor.assumeIsolated {
        let (d, _) = Self.app()
        let tree = d.app.accessibilityTree(time: d.t)
        var ids: [String] = [], modal = false
        func walk(_ e: AccessibilityElement) {
            ids.append(e.id)
            if e.role == .dialog, e.states.contains(.modal) { modal = true }
            e.children.forEach(walk)
        }
        walk(tree)
        XCTAssertTrue(ids.contains { $0.hasPrefix("restaurants/sheet") }, "the sheet")
        XCTAssertTrue(ids.contains { $0.contains("row") }, "and the list's rows")
        XCTAssertFalse(modal, "the sheet is not modal while the list takes touches")
    } }

    func testTheSeedsPoliciesStayModal() { MainActor.assumeIsolated {
        let (d, scene) = Self.app(policy: .tutorial)
        XCTAssertEqual(scene.presenter.sheet.backgroundInteraction, .disabled)
        XCTAssertEqual(scene.presenter.sheet.dim(at: d.t), SheetConstants.dimOpacity)
        XCTAssertFalse(scene.presenter.passesThrough(Point(195, 150), time: d.t))
    } }

    func testAHiddenGrabberIsNotAnnouncedAndTheDialogTakesItsActions() { MainActor.assumeIsolated {
        let app = makeTestApp(rows: 10)
        app.setSheetDismissal(interactive: true, dragIndicator: .hidden)
        let d = Driver(app)
        d.run(until: 0.3)
        d.tap(195, 150)
        d.run(until: 2)
        var dialog: AccessibilityElement?, ids: [String] = []
        func walk(_ e: AccessibilityElement) {
            ids.append(e.id)
            if e.role == .dialog { dialog = e }
            e.children.forEach(walk)
        }
        walk(app.accessibilityTree(time: d.t))
        XCTAssertFalse(ids.contains { $0.hasSuffix("/grabber") }, "no grabber to announce")
        XCTAssertEqual(dialog?.actions, [.expand, .dismiss])
        XCTAssertTrue(app.performAccessibilityAction(AccessibilityAction.expand.name, on: "restaurants/sheet", time: d.t))
        d.run(until: d.t + 2)
        XCTAssertEqual((app.scene as? RestaurantsScene)?.presenter.sheet.phase, .resting(.full))
    } }
}
