// FormCompactTests: scene 3 at compact widths in-process: the breakpoint, the stacked rows,
// the preferences and the mini-map drawn from them, the title on a phone, kiosk widths.
import FlingCore
@testable import FlingUI
import XCTest

final class FormCompactTests: XCTestCase {
    /// The 390 × 844 window's scene area (above the tab bar), as the app lays the form out.
    private static let phone = Size(390, 761)

    @MainActor private static func area(_ s: FormScene) -> Rect { s.collected.first { $0.vtype == .miniMapArea }!.bounds.global }
    @MainActor private static func form(_ s: FormScene) -> Rect { s.collected.first { $0.vtype == .formContainer }!.bounds.global }
    @MainActor private static func containers(_ s: FormScene) -> [Rect] {
        s.collected.filter { $0.vtype == .fieldContainer }.map(\.bounds.global)
    }
    @MainActor private static func title(_ s: FormScene) -> TextNode {
        s.host.nodes(of: TextNode.self).first { $0.string.hasPrefix("Hello") }!
    }

    /// Types `texts` into the first fields, one after another (Tab between them).
    @MainActor private static func enter(_ texts: [String], into s: FormScene, from t: Double = 0.1) {
        tap(s, FormSceneTests.textFields(s)[0].center, at: t)
        for (i, text) in texts.enumerated() {
            if i > 0 { XCTAssertTrue(s.handleKey(Key(.tab), time: t + 0.1 * Double(i))) }
            s.handleText(text, time: t + 0.1 * Double(i) + 0.05)
        }
    }

    func testTheBreakpointIsTheWidthTheSeedsLayoutNeeds() { onMain {
        // The seed's ContentView offered any width answers the width it needs…
        let host = makeHost(Size(2000, 800)) { ContentView() }
        let needed = host.currentTree()!.size(for: ProposedSize(width: nil, height: 800)).width
        XCTAssertEqual(needed, FormLayoutConstants.compactBreakpoint)
        // …at which the scene is regular, every field on screen; a point less is compact.
        let regular = FormSceneTests.scene(Size(needed, 685))
        XCTAssertEqual(Self.area(regular).width, 200, "the seed's mini-map")
        XCTAssertTrue(FormSceneTests.textFields(regular).allSatisfy { $0.maxX <= needed })
        let compact = FormSceneTests.scene(Size(needed - 1, 685))
        XCTAssertEqual(Self.form(compact).width, needed - 1 - 2 * FormLayoutConstants.compactMargin)
    } }

    func testCompactPreferencesAreCollectedChildrenFirstSiblingsInOrder() { onMain {
        let s = FormSceneTests.scene(Self.phone)
        XCTAssertEqual(s.collected.map(\.vtype.kind), ["miniMapArea", "title",
                                                       "field", "fieldContainer", "field", "fieldContainer", "field", "fieldContainer",
                                                       "field", "fieldContainer", "formContainer"])
        tap(s, s.host.nodes(of: SwitchNode.self)[0].frame.center, at: 0.1)
        XCTAssertEqual(s.collected.map(\.vtype.kind), ["miniMapArea", "title"]
                       + Array(repeating: ["field", "fieldContainer"], count: 5).flatMap { $0 } + ["formContainer"],
                       "Twitter's two after Email's, the form container after its fields")
    } }

    func testCompactMiniMapIsTheCompactFormAtAThirdInsideItsArea() { onMain {
        let s = FormSceneTests.scene(Self.phone)
        XCTAssertEqual(FormSceneTests.miniMapColors(s), ["fieldContainer:gray", "field:red", "fieldContainer:gray", "field:red",
                                                         "fieldContainer:gray", "field:red", "fieldContainer:gray", "field:red", "title:purple"])
        let factor = FormSceneTests.assertMiniMapIsThePreferencesScaled(s)
        XCTAssertEqual(factor, 1 / FormLayoutConstants.miniMapScale, accuracy: 1e-9, "a third of the form")
        // The band: the area centred across the window, above the form, the band's padding
        // above it and between it and the form.
        let area = Self.area(s), form = Self.form(s)
        XCTAssertEqual(area.midX, Self.phone.width / 2, accuracy: 1e-9)
        XCTAssertEqual(area.minY, FormLayoutConstants.bandPadding)
        XCTAssertEqual(area.height, FormLayoutConstants.miniMapAreaHeight)
        XCTAssertEqual(form.minY, area.maxY + FormLayoutConstants.bandPadding)
        // The tallest form (Twitter on, long names) still draws inside the area.
        tap(s, s.host.nodes(of: SwitchNode.self)[0].frame.center, at: 0.1)
        Self.enter(["Maximiliana", "Alexandrina", "Montgomery-Fotheringham"], into: s, from: 0.3)
        FormSceneTests.assertMiniMapIsThePreferencesScaled(s)
        var drawn: [Rect] = []
        s.host.node(identifier: MiniMap.identifier)?.visit { if let shape = $0 as? ShapeNode { drawn.append(shape.frame) } }
        XCTAssertEqual(drawn.count, 11)
        for r in drawn {
            XCTAssertTrue(r.minX >= area.minX && r.maxX <= area.maxX && r.minY >= area.minY && r.maxY <= area.maxY,
                          "\(r) lies outside the area \(area)")
        }
    } }

    func testAtAPhoneTheFieldsStackInOrderAndNoneLeavesTheWindow() { onMain {
        let app = makeTestApp(first: .form)
        guard let s = app.scene as? FormScene else { return XCTFail("not the form") }
        let sw = s.host.nodes(of: SwitchNode.self)[0].frame
        app.handle(.pointer(PointerEvent(id: 0, phase: .began, location: sw.center, time: 0.1)))
        app.handle(.pointer(PointerEvent(id: 0, phase: .ended, location: sw.center, time: 0.15)))
        XCTAssertTrue(s.content.twitterFieldPreset)
        guard case .object(let form)? = FormSceneTests.state(s, 1)["form"], case .array(let fields)? = form.first(where: { $0.0 == "fields" })?.1
        else { return XCTFail("no form state") }
        XCTAssertEqual(fields.compactMap { $0["label"]?.stringValue }, ContentView.labels)
        let boxes = Self.containers(s)
        XCTAssertEqual(boxes.count, 5)
        let width = app.windowSize.width, formWidth = width - 2 * FormLayoutConstants.compactMargin
        for (i, box) in boxes.enumerated() {
            XCTAssertEqual(box.minX, FormLayoutConstants.compactMargin, "\(ContentView.labels[i]) at the margin")
            XCTAssertLessThanOrEqual(box.maxX, width, "\(ContentView.labels[i]) inside the window")
            if i > 0 { XCTAssertEqual(box.minY, boxes[i - 1].maxY + 8, "\(ContentView.labels[i]) one row below the last") }
            // The name fields take the form's width; Email and Twitter the slider's share of it.
            XCTAssertEqual(box.width, i < 3 ? formWidth : formWidth * 360 / 540, accuracy: 1e-9)
        }
        s.host.currentTree()?.visit { node in
            XCTAssertLessThanOrEqual(node.frame.maxX, width + 1e-9, "\(type(of: node)) past the window's right edge")
        }
        let first = boxes[0].minY
        XCTAssertGreaterThan(first, Self.area(s).maxY, "the fields under the mini-map's band")
    } }

    func testTheTitleWrapsOrShrinksAtAPhoneAndIsNeverCut() { onMain {
        let s = FormSceneTests.scene(Self.phone)
        // Short: one line at the full title size (not shrunk by the height the page offers).
        Self.enter(["Ada"], into: s)
        XCTAssertEqual(Self.title(s).drawnLayout.lines.count, 1)
        XCTAssertEqual(Self.title(s).drawnLayout.scale, 1)
        // Long: two lines, shrunk if need be, never truncated; inside the form.
        let long = FormSceneTests.scene(Self.phone)
        Self.enter(["Maximiliana", "Alexandrina", "Montgomery-Fotheringham"], into: long)
        let title = Self.title(long), layout = title.drawnLayout
        XCTAssertEqual(title.string, "Hello Maximiliana Alexandrina Montgomery-Fotheringham")
        XCTAssertFalse(layout.truncated)
        XCTAssertLessThanOrEqual(layout.lines.count, FormLayoutConstants.titleLineLimit)
        XCTAssertGreaterThanOrEqual(layout.scale, FormLayoutConstants.titleMinimumScale)
        XCTAssertEqual(layout.lines.map(\.text).joined(separator: " "), title.string, "every word drawn")
        XCTAssertGreaterThanOrEqual(title.frame.minX, Self.form(long).minX)
        XCTAssertLessThanOrEqual(title.frame.maxX, Self.form(long).maxX)
    } }

    func testTypingTogglingAndTheSliderUpdateTheCompactMiniMap() { onMain {
        let s = FormSceneTests.scene(Self.phone)
        tap(s, FormSceneTests.textFields(s)[0].center, at: 0.1)
        var colors: [String] = []
        for (i, ch) in ["A", "d", "a"].enumerated() {
            s.handleText(ch, time: 0.2 + Double(i) * 0.1)
            colors.append(FormSceneTests.miniMapColors(s)[7])
        }
        XCTAssertEqual(colors, ["field:yellow", "field:yellow", "field:green"])
        // The slider sets the second row's share of the width, as in the seed.
        let slider = s.host.nodes(of: SliderNode.self)[0]
        let thumb = slider.thumbCenter, travel = slider.frame.width - 28
        _ = s.handlePointer(PointerEvent(id: 0, phase: .began, location: thumb, time: 1))
        _ = s.handlePointer(PointerEvent(id: 0, phase: .moved, location: Point(thumb.x + travel / 2, thumb.y), time: 1.1))
        _ = s.handlePointer(PointerEvent(id: 0, phase: .ended, location: Point(thumb.x + travel / 2, thumb.y), time: 1.2))
        XCTAssertEqual(s.content.length, 450, accuracy: 1e-9)
        s.layout(in: Rect(origin: .zero, size: Self.phone), window: Self.phone, time: 1.3)
        XCTAssertEqual(Self.containers(s)[3].width, Self.form(s).width * 450 / 540, accuracy: 1e-9)
        FormSceneTests.assertMiniMapIsThePreferencesScaled(s)
    } }

    func testAPortraitKioskTakesTheLayoutItsWidthCalls() { onMain {
        // 1080 × 1920 at scale 1: 1080 pt wide, the seed's layout fits: regular.
        let wide = FormSceneTests.scene(Size(1080, 1837))
        XCTAssertEqual(Self.area(wide).width, 200)
        XCTAssertEqual(Self.containers(wide)[0].maxY, Self.containers(wide)[1].maxY, "the name fields in one row")
        // The same panel at scale 2 is 540 pt wide: compact.
        let narrow = FormSceneTests.scene(Size(540, 877))
        XCTAssertEqual(FormSceneTests.assertMiniMapIsThePreferencesScaled(narrow), 3, accuracy: 1e-9)
        XCTAssertLessThan(Self.containers(narrow)[0].maxY, Self.containers(narrow)[1].minY, "the name fields stacked")
    } }

    /// A window 1 pt wide (the fuzzer's resize): the compact form and its mini-map area have
    /// no width, so the mini-map has nothing to scale and draws nothing; its scale factor was
    /// 0 / 0, every rectangle's frame NaN. Every laid-out node's frame is finite.
    func testAOnePointWideFormHasAnEmptyMiniMapAndNoNaN() { onMain {
        let s = FormSceneTests.scene(Size(1, 900))
        let state = FormSceneTests.state(s)
        XCTAssertEqual(state["miniMap"], .object([("area", .array([.number(-4.5), .number(20), .number(10), .number(220)])),
                                                  ("rects", .array([]))]))
        var nodes = 0
        s.host.currentTree()?.visit { node in
            nodes += 1
            let f = node.frame
            XCTAssertTrue(f.x.isFinite && f.y.isFinite && f.width.isFinite && f.height.isFinite, "\(type(of: node)) at \(f)")
        }
        XCTAssertGreaterThan(nodes, 0)
    } }
}
