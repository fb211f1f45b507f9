import FlingCore
@testable import FlingUI
import XCTest

/// The accessibility tree of each scene as whole values (every element's role, name, value,
/// states, actions and frame, in the outline form), and what a screen reader's actions do.
final class AccessibilityTreeTests: XCTestCase {
    /// The tab bar's four tabs, `selected` chosen.
    private static func tabBar(_ selected: String) -> String {
        ["Restaurants", "Today", "Two-Stage", "Form"].enumerated().map { i, name in
            "    tab \"\(name)\" [selectable\(name == selected ? " selected" : "")] actions=activate @\(["0", "97.5", "195", "292.5"][i]),761 97.5x49"
        }.joined(separator: "\n")
    }

    func testRestaurantsListWithTheKeyboardSelection() { MainActor.assumeIsolated {
        let app = makeAccessibilityApp()
        app.handle(.key(Key(.down), time: 0.1))
        _ = app.advance(to: 0.5)
        XCTAssertEqual(app.accessibilityTree(time: 0.5).outline, """
            window "Fling – Restaurants" [active] @0,0 390x844
              list "Restaurants" @0,0 390x378
                header "Restaurants" @20,57.8 187x34
                listItem "Cafe 0, Coffee, Hong Kong" [focusable focused selectable selected] actions=activate @0,102 390x84
                listItem "Cafe 1, Coffee, Hong Kong" [focusable selectable] actions=activate @0,186 390x84
                listItem "Cafe 2, Coffee, Hong Kong" [focusable selectable] actions=activate @0,270 390x84
              tabList "Tab Bar" @0,761 390x83
            \(Self.tabBar("Restaurants"))
            """)
    } }

    func testActivatingARowOpensItsSheetAsADialogWithTheGrabberFocused() { MainActor.assumeIsolated {
        let app = makeAccessibilityApp()
        XCTAssertTrue(app.performAccessibilityAction("activate", on: "restaurants/list/row-1", time: 0.3))
        _ = app.advance(to: 2)
        XCTAssertEqual(app.accessibilityTree(time: 2).outline, """
            window "Fling – Restaurants" [active] @0,0 390x844
              dialog "Cafe 1" value="half height" [modal] actions=dismiss @0,422 390x422
                button "Sheet Grabber" value="half height" [focusable focused expandable] actions=activate,expand,dismiss @0,422 390x20
                header "Restaurant Details" @16,458 153x17
                staticText "Cafe 1" @16,714 102x34
                staticText "Coffee" @21,761 51x17
                staticText "Hong Kong" @54,824.5 76.5x17
                staticText "232-923423" @54,852.5 85x17
                staticText "Good coffee." @16,895 102x17
            """)
        XCTAssertEqual(app.takeAccessibilityAnnouncements(), [], "the presentation itself is read by the focus moving in")
    } }

    func testTheGrabbersActionsMoveTheSheetAndTheDetentIsAnnounced() { MainActor.assumeIsolated {
        let app = makeAccessibilityApp()
        XCTAssertTrue(app.performAccessibilityAction("activate", on: "restaurants/list/row-1", time: 0))
        _ = app.advance(to: 2)
        XCTAssertTrue(app.performAccessibilityAction("expand", on: "restaurants/sheet/grabber", time: 2))
        _ = app.advance(to: 4)
        XCTAssertEqual(app.takeAccessibilityAnnouncements(), ["Details, full height"])
        let full = app.accessibilityTree(time: 4)
        XCTAssertEqual(full.element(id: "restaurants/sheet/grabber")?.outline,
                       "button \"Sheet Grabber\" value=\"full height\" [focusable focused expandable expanded] actions=activate,collapse,dismiss @0,50 390x20")
        XCTAssertFalse(app.performAccessibilityAction("expand", on: "restaurants/sheet/grabber", time: 4), "no detent above full")
        XCTAssertTrue(app.performAccessibilityAction("collapse", on: "restaurants/sheet/grabber", time: 4))
        _ = app.advance(to: 6)
        XCTAssertEqual(app.takeAccessibilityAnnouncements(), ["Details, half height"])
        XCTAssertTrue(app.performAccessibilityAction("dismiss", on: "restaurants/sheet/grabber", time: 6))
        for frame in 0...180 { _ = app.advance(to: 6 + Double(frame) / 60) }   // the list moves back down
        XCTAssertEqual(app.takeAccessibilityAnnouncements(), [])
        // Focus is back on the row the sheet came from.
        XCTAssertEqual(app.accessibilityTree(time: 9).focused?.outline,
                       "listItem \"Cafe 1, Coffee, Hong Kong\" [focusable focused selectable selected] actions=activate @0,186 390x84")
    } }

    func testTodaysCardsAreButtonsAndTheStoryIsADialogWithClose() { MainActor.assumeIsolated {
        let app = makeAccessibilityApp()
        app.select(.today, time: 0)
        _ = app.advance(to: 0.1)
        XCTAssertEqual(app.accessibilityTree(time: 0.1).outline, """
            window "Fling – Today" [active] @0,0 390x844
              staticText "Tuesday, 1 December" @20,20 114x12
              header "Today" @20,34 85x34
              button "Trending, Headline 0" value="Sub 0" [focusable] actions=activate @20,108 350x300
              button "Trending, Headline 1" value="Sub 1" [focusable] actions=activate @20,448 350x300
              tabList "Tab Bar" @0,761 390x83
            \(Self.tabBar("Today"))
            """)
        XCTAssertTrue(app.performAccessibilityAction("activate", on: "today/card-1", time: 0.2))
        _ = app.advance(to: 3)
        XCTAssertEqual(app.accessibilityTree(time: 3).outline, """
            window "Fling – Today" [active] @0,0 390x844
              dialog "Headline 1" [modal] actions=close @0,0 390x844
                staticText "Trending" @0,0 390x147.7
                header "Headline 1" @0,147.7 390x295.4
                staticText "Sub 1" @0,443.1 390x147.7
                staticText "Story 1." @0,590.8 390x253.2
                button "Close" [focusable focused] actions=activate @348,50 26x26
            """)
        XCTAssertTrue(app.performAccessibilityAction("activate", on: "today/story/close", time: 3))
        _ = app.advance(to: 6)
        XCTAssertEqual(app.accessibilityTree(time: 6).focused?.id, "today/card-1", "focus goes back to the card")
    } }

    func testTheTwoStageButtonShowsTheNumbersSheet() { MainActor.assumeIsolated {
        let app = makeAccessibilityApp()
        app.select(.twoStage, time: 0)
        _ = app.advance(to: 0.1)
        XCTAssertEqual(app.accessibilityTree(time: 0.1).outline, """
            window "Fling – Two-Stage" [active] @0,0 390x844
              header "Two-Stage Sheet" @20,62 255x34
              button "Show Sheet" [focusable focused] actions=activate @132.5,223 125x50
              tabList "Tab Bar" @0,761 390x83
            \(Self.tabBar("Two-Stage"))
            """)
        XCTAssertTrue(app.performAccessibilityAction("activate", on: "twostage/showSheet", time: 0.2))
        _ = app.advance(to: 3)
        let tree = app.accessibilityTree(time: 3)
        XCTAssertEqual(tree.children.map(\.outline).first?.split(separator: "\n").prefix(3).joined(separator: "\n"), """
            dialog "Numbers" value="half height" [modal] actions=dismiss @0,400 390x444
              button "Sheet Grabber" value="half height" [focusable focused expandable] actions=activate,expand,dismiss @0,400 390x20
              staticText "0" @20,433.5 8.5x17
            """)
        XCTAssertEqual(tree.children.first?.children.count, 32, "the grabber and the numbers 0…30")
        XCTAssertTrue(app.performAccessibilityAction("activate", on: "twostage/sheet/grabber", time: 3))
        _ = app.advance(to: 6)
        XCTAssertEqual(app.takeAccessibilityAnnouncements(), ["Numbers, full height"])
    } }

    func testTheFormsControlsTheirValuesAndWhatAScreenReaderSets() { MainActor.assumeIsolated {
        let app = makeAccessibilityApp()
        app.select(.form, time: 0)
        _ = app.advance(to: 0.1)
        XCTAssertEqual(app.accessibilityTree(time: 0.1).outline, """
            window "Fling – Form" [active] @0,0 390x844
              header "Hello   " @139,260 112x28
              toggle "Twitter Field" value="Off" [focusable] actions=activate @32,305 51x31
              slider "Second Row Width" value="0%" [focusable] actions=increment,decrement range=360...540/9:360 @91,305 283x31
              textField "First Name" [focusable editable] actions=activate text="" caret=0 @31,389 328x34
              textField "Middle Name" [focusable editable] actions=activate text="" caret=0 @31,486 328x34
              textField "Last Name" [focusable editable] actions=activate text="" caret=0 @31,583 328x34
              textField "Email" [focusable editable] actions=activate text="" caret=0 @31,680 208.7x34
              tabList "Tab Bar" @0,761 390x83
            \(Self.tabBar("Form"))
            """)
        let tree = app.accessibilityTree(time: 0.1)
        func id(_ label: String) -> String { var found = ""; tree.visit { if $0.label == label { found = $0.id } }; return found }
        XCTAssertTrue(app.setAccessibilityValue(450, on: id("Second Row Width"), time: 0.2))
        XCTAssertTrue(app.setAccessibilityText("Ada", on: id("First Name"), time: 0.3))
        XCTAssertTrue(app.performAccessibilityAction("increment", on: id("Second Row Width"), time: 0.4))
        XCTAssertTrue(app.performAccessibilityAction("activate", on: id("Twitter Field"), time: 0.5))
        _ = app.advance(to: 1)
        let after = app.accessibilityTree(time: 1)
        var lines: [String] = []
        after.visit { e in if e.role != .tab && e.role != .tabList && e.role != .window { lines.append(e.outline) } }
        XCTAssertEqual(lines.map { $0.components(separatedBy: " @")[0] }, [
            "header \"Hello Ada  \"",
            "toggle \"Twitter Field\" value=\"On\" [focusable checked] actions=activate",
            "slider \"Second Row Width\" value=\"55%\" [focusable] actions=increment,decrement range=360...540/9:459",
            "textField \"First Name\" [focusable focused editable] actions=activate text=\"Ada\" caret=3",
            "textField \"Middle Name\" [focusable editable] actions=activate text=\"\" caret=0",
            "textField \"Last Name\" [focusable editable] actions=activate text=\"\" caret=0",
            "textField \"Email\" [focusable editable] actions=activate text=\"\" caret=0",
            "textField \"Twitter\" [focusable editable] actions=activate text=\"\" caret=0",
        ])
        XCTAssertTrue(app.setAccessibilityCaret(1, on: id("First Name"), time: 1.1))
        XCTAssertEqual(app.accessibilityTree(time: 1.1).focused?.text, AccessibilityText(string: "Ada", caret: 1, selection: 1..<1))
    } }

    func testTabGoesThroughTheFormsControlsInReadingOrder() { MainActor.assumeIsolated {
        let app = makeAccessibilityApp()
        app.select(.form, time: 0)
        var order: [String] = []
        for i in 0..<7 {
            app.handle(.key(Key(.tab), time: 0.1 + Double(i) * 0.1))
            order.append(app.accessibilityTree(time: 0.1 + Double(i) * 0.1).focused?.label ?? "(none: \(app.scene.id.rawValue))")
        }
        XCTAssertEqual(order, ["Twitter Field", "Second Row Width", "First Name", "Middle Name", "Last Name", "Email", "(none: restaurants)"])
    } }

    func testTheTuningPanelIsADialogWhoseControlsChangeTheTuning() { MainActor.assumeIsolated {
        let app = makeAccessibilityApp()
        app.instrument.panel.toggle(env: app.env)
        guard let panel = app.accessibilityTree(time: 0).children.first(where: { $0.id == "instrument" }) else {
            return XCTFail("no tuning panel in the tree")
        }
        XCTAssertEqual(panel.role, .dialog)
        var sliders: [AccessibilityElement] = [], choices: [AccessibilityElement] = []
        panel.visit { if $0.role == .slider { sliders.append($0) } else if $0.role == .tabList { choices.append($0) } }
        XCTAssertEqual(choices.map(\.label), ["Sheet policy", "Detents", "List behind the sheet"])
        let policy = choices.first
        XCTAssertEqual(sliders.count, Tuning.keys.count, "a slider per tuning key")
        XCTAssertEqual(policy?.outline.split(separator: "\n").map { $0.components(separatedBy: " @")[0] }, [
            "tabList \"Sheet policy\" [focusable]",
            "  tab \"fluid\" [selectable selected] actions=activate",
            "  tab \"tutorial\" [selectable] actions=activate",
            "  tab \"two-stage\" [selectable] actions=activate",
        ])
        XCTAssertEqual(sliders.first?.label, Tuning.keys[0].summary)
        var buttons: [String] = []
        panel.visit { if $0.role == .button { buttons.append($0.label) } }
        XCTAssertEqual(buttons, ["Reset", "Copy", "Done"])
        guard let first = sliders.first, let range = first.range else { return XCTFail("no slider") }
        XCTAssertTrue(app.setAccessibilityValue(range.maximum, on: first.id, time: 0.1))
        XCTAssertEqual(app.tuning[Tuning.keys[0]], Tuning.keys[0].range.upperBound)
    } }

    func testATabsActivateSwitchesScenesButNotUnderASheet() { MainActor.assumeIsolated {
        let app = makeAccessibilityApp()
        XCTAssertTrue(app.performAccessibilityAction("activate", on: "tabbar/form", time: 0))
        XCTAssertEqual(app.scene.id, .form)
        XCTAssertTrue(app.performAccessibilityAction("activate", on: "tabbar/restaurants", time: 0.1))
        XCTAssertTrue(app.performAccessibilityAction("activate", on: "restaurants/list/row-0", time: 0.2))
        XCTAssertFalse(app.performAccessibilityAction("activate", on: "tabbar/today", time: 0.3))
        XCTAssertEqual(app.scene.id, .restaurants)
        XCTAssertFalse(app.performAccessibilityAction("activate", on: "restaurants/list/row-2", time: 0.4), "the list is behind the sheet")
        XCTAssertFalse(app.performAccessibilityAction("fly", on: "restaurants/sheet/grabber", time: 0.5))
    } }
}

/// Three restaurants and two articles at 390×844, fixed-advance text.
@MainActor
func makeAccessibilityApp(window: Size = Size(width: 390, height: 844)) -> AppController {
    let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in Size(width: 800, height: 600) })
    let restaurants = (0..<3).map { i in
        Restaurant(name: "Cafe \(i)", type: "Coffee", location: "Hong Kong", phone: "232-923423", description: "Good coffee.",
                   image: "x.jpg", isVisited: false)
    }
    let articles = (0..<2).map { i in
        Article(category: "Trending", headline: "Headline \(i)", subHeadline: "Sub \(i)", image: "a.jpg", content: "Story \(i).")
    }
    return AppController(restaurants: restaurants, articles: articles, env: env, first: .restaurants, windowSize: window, scale: 1,
                         dateText: "Tuesday, 1 December")
}
