// RightToLeftLayoutTests: in a right-to-left language every screen is the mirror image of its
// left-to-right layout (SwiftUI's `layoutDirection`), node by node, and the views that draw
// their own insides (the tab bar, the slider, the switch, the segmented control, the text
// field, the study's buttons, Today's close button) turn with it; the keyboard does not.
import FlingCore
@testable import FlingUI
import XCTest

final class RightToLeftLayoutTests: XCTestCase {
    typealias Driver = InstrumentTests.Driver

    /// Arabic's direction with English words: no catalogue, so every text is as wide as in
    /// English and each frame must be exactly the mirror of the English one.
    static let mirroredEnglish = Localization(catalog: nil, language: "ar")

    @MainActor static func app(_ first: SceneID, rightToLeft: Bool, size: Size = Size(390, 844)) -> Driver {
        let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in Size(width: 800, height: 600) })
        if rightToLeft { env.strings = mirroredEnglish }
        let root = PseudoLocalizationTests.root
        let restaurants = (try? String(contentsOf: root.appendingPathComponent("Resources/restaurants.json"), encoding: .utf8))
            .flatMap { try? SampleData.restaurants(fromJSON: $0) } ?? []
        let articles = (try? String(contentsOf: root.appendingPathComponent("Resources/articles.json"), encoding: .utf8))
            .flatMap { try? SampleData.articles(fromJSON: $0) } ?? []
        XCTAssertFalse(restaurants.isEmpty || articles.isEmpty, "the sample data loads")
        let app = AppController(restaurants: restaurants, articles: articles, env: env, first: first,
                                windowSize: size, scale: 1, dateText: "Tuesday, Dec 1")
        app.keyboard.kioskWithoutKeyboard = true
        let d = Driver(app)
        d.run(until: 0.5)
        return d
    }

    /// Every node of `host`'s tree by path, with its frame.
    @MainActor static func frames(_ host: ViewHost, skippingInsideOf skip: (Node) -> Bool = { _ in false }) -> [String: Rect] {
        var out: [String: Rect] = [:]
        func walk(_ n: Node) {
            out[n.path] = n.frame
            if skip(n) { return }
            n.forEachChild(walk)
        }
        if let root = host.currentTree() { walk(root) }
        return out
    }

    /// Each node of the right-to-left tree is where the left-to-right one's is, reflected in
    /// the host's bounds: same y and size, x measured from the other edge.
    @MainActor static func assertMirrored(_ ltr: ViewHost, _ rtl: ViewHost, _ what: String,
                                   skippingInsideOf skip: (Node) -> Bool = { _ in false },
                                   file: StaticString = #filePath, line: UInt = #line) {
        let a = Self.frames(ltr, skippingInsideOf: skip), b = Self.frames(rtl, skippingInsideOf: skip)
        XCTAssertEqual(a.count, b.count, "\(what): the same tree", file: file, line: line)
        XCTAssertGreaterThan(a.count, 5, "\(what): a tree was built", file: file, line: line)
        XCTAssertEqual(ltr.bounds, rtl.bounds, file: file, line: line)
        let axis = ltr.bounds.minX + ltr.bounds.maxX
        var wrong: [String] = []
        for (path, f) in a.sorted(by: { $0.key < $1.key }) {
            let mirror = Rect(x: axis - f.maxX, y: f.minY, width: f.width, height: f.height)
            guard let g = b[path] else { wrong.append("\(path): missing"); continue }
            if abs(g.minX - mirror.minX) > 1e-9 || g.minY != mirror.minY || g.size != mirror.size {
                wrong.append("\(path): \(g) instead of \(mirror)")
            }
        }
        XCTAssertEqual(wrong, [], "\(what): frames that are not the mirror image", file: file, line: line)
    }

    // MARK: Every screen, node by node

    func testTheRestaurantListAndItsSheetAreMirrorImages() { onMain {
        let (l, r) = (Self.app(.restaurants, rightToLeft: false), Self.app(.restaurants, rightToLeft: true))
        let (ls, rs) = (l.app.scene as! RestaurantsScene, r.app.scene as! RestaurantsScene)
        Self.assertMirrored(ls.list.host, rs.list.host, "list")
        for d in [l, r] { d.tap(195, 300); d.run(until: 2) }
        Self.assertMirrored(ls.presenter.host, rs.presenter.host, "detail sheet")
    } }

    func testEveryRowOfTheStateDumpIsTheMirrorOfItsLeftToRightRow() throws { try onMain {
        // What the state dump must show: each visible row's views, mirrored.
        let (l, r) = (Self.app(.restaurants, rightToLeft: false), Self.app(.restaurants, rightToLeft: true))
        @MainActor func rows(_ d: Driver) throws -> [[String: Any]] {
            let json = try JSONSerialization.jsonObject(with: Data(d.state().utf8)) as? [String: Any]
            return try XCTUnwrap((json?["list"] as? [String: Any])?["rows"] as? [[String: Any]])
        }
        let (a, b) = (try rows(l), try rows(r))
        XCTAssertEqual(a.count, b.count)
        XCTAssertGreaterThanOrEqual(a.count, 8)
        func rect(_ v: Any?) -> [Double] { (v as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue } ?? [] }
        for (x, y) in zip(a, b) {
            let (pa, pb) = (try XCTUnwrap(x["parts"] as? [String: Any]), try XCTUnwrap(y["parts"] as? [String: Any]))
            XCTAssertEqual(Set(pa.keys), ["thumbnail", "title", "detail", "chevron"])
            for (name, f) in pa {
                let (e, m) = (rect(f), rect(pb[name]))
                XCTAssertEqual(m, [390 - e[0] - e[2], e[1], e[2], e[3]], "\(x["name"] ?? "") \(name)")
            }
        }
    } }

    func testTheFormItsFieldsAndItsMiniMapAreMirrorImages() { onMain {
        for size in [Size(390, 844), Size(1024, 768), Size(1080, 1920)] {
            let (l, r) = (Self.app(.form, rightToLeft: false, size: size), Self.app(.form, rightToLeft: true, size: size))
            // The mini-map is drawn from the fields' anchors: its rectangles are in the tree.
            Self.assertMirrored((l.app.scene as! FormScene).host, (r.app.scene as! FormScene).host, "form at \(size)")
        }
    } }

    func testTheTwoStageScreenAndItsSheetAreMirrorImages() { onMain {
        let (l, r) = (Self.app(.twoStage, rightToLeft: false), Self.app(.twoStage, rightToLeft: true))
        let (ls, rs) = (l.app.scene as! TwoStageScene, r.app.scene as! TwoStageScene)
        Self.assertMirrored(ls.host, rs.host, "two-stage")
        for d in [l, r] { d.tap(195, 250); d.run(until: 2) }
        XCTAssertTrue(rs.presenter.isVisible)
        Self.assertMirrored(ls.presenter.host, rs.presenter.host, "numbers sheet")
    } }

    func testTodaysTopBarAndOpenCardAreMirrorImages() { onMain {
        let (l, r) = (Self.app(.today, rightToLeft: false), Self.app(.today, rightToLeft: true))
        let (ls, rs) = (l.app.scene as! TodayScene, r.app.scene as! TodayScene)
        Self.assertMirrored(ls.topBarHost, rs.topBarHost, "top bar")
        for (d, scene) in [(l, ls), (r, rs)] {
            d.tap(195, 300); d.run(until: 3)
            var list = DisplayList()
            scene.drawOverlay(into: &list, time: d.t)   // the open card's tree is built as it is drawn
        }
        XCTAssertEqual(rs.cards.phase, .expanded)
        // The excerpt is laid out at the origin and drawn moved into the card (its box is
        // reflected in the card, below); the rest of the card is placed in the window.
        guard let i = rs.cards.index, ls.cards.index == i, let lc = ls.cardViewHost(i), let rc = rs.cardViewHost(i) else {
            return XCTFail("the same card is open and built")
        }
        Self.assertMirrored(lc, rc, "open card", skippingInsideOf: { $0 is ExcerptPanelNode })
        // Trailing, the close button is top left.
        XCTAssertEqual(rs.closeButtonFrame.minX, 390 - ls.closeButtonFrame.maxX)
        XCTAssertLessThan(rs.closeButtonFrame.maxX, 195)
    } }

    // MARK: What draws its own insides

    func testTheTabBarRunsFromTheRight() { onMain {
        let window = Size(390, 844)
        let scenes: [SceneID] = [.restaurants, .today, .twoStage, .form]
        let ltr = TabBar(scenes: scenes), rtl = TabBar(scenes: scenes, rightToLeft: true)
        for s in scenes {
            let (a, b) = (ltr.itemFrame(s, window: window)!, rtl.itemFrame(s, window: window)!)
            XCTAssertEqual(b, Rect(x: 390 - a.maxX, y: a.minY, width: a.width, height: a.height), "\(s)")
            XCTAssertEqual(rtl.tab(at: b.center, window: window), s)
        }
        XCTAssertGreaterThan(rtl.itemFrame(.restaurants, window: window)!.minX, 195, "the first tab is on the right")
    } }

    func testTheSliderGrowsToTheLeft() { onMain {
        var value = 0.0
        let binding = Binding(get: { value }, set: { value = $0 })
        let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in nil })
        env.strings = Self.mirroredEnglish
        let host = ViewHost(env: env) { Slider(value: binding, in: 0...10).frame(width: 300).accessibilityIdentifier("s") }
        host.update(bounds: Rect(x: 0, y: 0, width: 300, height: 44), time: 0)
        let slider = try! XCTUnwrap(host.node(identifier: "s")?.children.first as? SliderNode)
        // At the minimum the thumb is at the right end.
        XCTAssertEqual(slider.thumbCenter.x, 300 - WidgetMetrics.sliderThumb / 2)
        // A press at the left end of the track jumps to the maximum.
        _ = slider.pressBegan(PointerEvent(id: 0, phase: .began, location: Point(WidgetMetrics.sliderThumb / 2, 22), time: 0), host: host)
        XCTAssertEqual(value, 10)
        // Left is towards the maximum, Right back.
        value = 5
        XCTAssertTrue(slider.keyPressed(Key(spec: "Left")!, host: host))
        XCTAssertGreaterThan(value, 5)
        XCTAssertTrue(slider.keyPressed(Key(spec: "Right")!, host: host))
        XCTAssertEqual(value, 5, accuracy: 1e-9)
    } }

    func testTheSegmentedControlsFirstSegmentIsOnTheRight() { onMain {
        var selection = 0
        let binding = Binding(get: { selection }, set: { selection = $0 })
        let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in nil })
        env.strings = Self.mirroredEnglish
        let host = ViewHost(env: env) {
            SegmentedControl(selection: binding, labels: ["a", "b", "c"]).frame(width: 300).accessibilityIdentifier("s")
        }
        host.update(bounds: Rect(x: 0, y: 0, width: 300, height: 44), time: 0)
        let control = try! XCTUnwrap(host.node(identifier: "s")?.children.first as? SegmentedControlNode)
        XCTAssertEqual(control.segment(at: 250), 0)
        XCTAssertEqual(control.segment(at: 50), 2)
        XCTAssertTrue(control.keyPressed(Key(spec: "Left")!, host: host))
        XCTAssertEqual(selection, 1, "Left goes on to the next segment")
    } }

    func testTheKeyboardKeepsItsLatinLayout() { onMain {
        let (l, r) = (Self.app(.form, rightToLeft: false), Self.app(.form, rightToLeft: true))
        for d in [l, r] {
            d.app.keyboard.mode = .on; d.tap(195, 420); d.run(until: 1.5)
            var list = DisplayList()
            d.app.keyboard.draw(into: &list, time: d.t)
        }
        XCTAssertTrue(r.app.keyboard.model.isShown)
        XCTAssertGreaterThan(Self.frames(r.app.keyboard.keysTree).count, 30)
        XCTAssertEqual(Self.frames(l.app.keyboard.keysTree), Self.frames(r.app.keyboard.keysTree),
                       "Q is top left in either direction, as on an iPhone's English keyboard")
    } }

    func testTheStudysButtonsRunFromTheRight() { onMain {
        let window = Size(390, 844)
        let ltr = StudyLayout(window: window), rtl = StudyLayout(window: window, rightToLeft: true)
        XCTAssertEqual(rtl.yes.minX, 390 - ltr.yes.maxX)
        XCTAssertGreaterThan(rtl.yes.minX, rtl.no.minX, "Yes comes first, on the right")
        XCTAssertEqual(rtl.rating(1).minX, 390 - ltr.rating(1).maxX)
        XCTAssertEqual(rtl.giveUp.minX, 390 - ltr.giveUp.maxX)
    } }

    func testAnOverrideKeepsItsSubtreeLeftToRight() { onMain {
        let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in nil })
        env.strings = Self.mirroredEnglish
        let host = ViewHost(env: env) {
            VStack(alignment: .leading) {
                HStack(spacing: 0) {
                    Color.white.frame(width: 10).accessibilityIdentifier("a")
                    Color.white.frame(width: 20).accessibilityIdentifier("b")
                }
                HStack(spacing: 0) {
                    Color.white.frame(width: 10).accessibilityIdentifier("c")
                    Color.white.frame(width: 20).accessibilityIdentifier("d")
                }
                .environment(\.layoutDirection, .leftToRight)
            }
            .frame(width: 100, alignment: .leading)
        }
        host.update(bounds: Rect(x: 0, y: 0, width: 100, height: 100), time: 0)
        // Mirrored: a is rightmost, and the stack hugs the right edge (leading).
        XCTAssertEqual(host.frame("a").minX, 90)
        XCTAssertEqual(host.frame("b").minX, 70)
        // Kept left to right inside, and still placed at the leading (right) edge.
        XCTAssertEqual(host.frame("c").minX, 70)
        XCTAssertEqual(host.frame("d").minX, 80)
    } }

    func testWrappedTextOfEitherScriptAlignsToTheRightEdge() { onMain {
        // SwiftUI's leading in a right-to-left layout is the right edge for every paragraph,
        // an Arabic one as much as an English one.
        for text in ["one two three four five six seven", "واحد اثنان ثلاثة أربعة خمسة ستة سبعة"] {
            let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in nil })
            env.strings = Self.mirroredEnglish
            let host = ViewHost(env: env) { Text(verbatim: text).frame(width: 80).accessibilityIdentifier("t") }
            host.update(bounds: Rect(x: 0, y: 0, width: 80, height: 300), time: 0)
            var node: TextNode?
            host.node(identifier: "t")?.visit { if node == nil, let t = $0 as? TextNode { node = t } }
            guard let layout = node?.drawnLayout, let frame = node?.frame else { return XCTFail("a text") }
            XCTAssertGreaterThan(layout.lines.count, 2, text)
            let right = layout.lines.map { frame.minX + $0.x + $0.width }
            XCTAssertEqual(right.map { ($0 * 2).rounded() / 2 }, Array(repeating: (right[0] * 2).rounded() / 2, count: right.count),
                           "\(text): every line ends at the same right edge")
            XCTAssertEqual(right[0], frame.maxX, accuracy: 0.51)
        }
    } }

    func testAHorizontalScrollFollowsTheFingerInARightToLeftLayout() { onMain {
        let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in nil })
        env.strings = Self.mirroredEnglish
        let host = ViewHost(env: env) {
            ScrollView(.horizontal) { Color.white.frame(width: 600, height: 100).accessibilityIdentifier("c") }
                .frame(width: 200, height: 100)
        }
        host.update(bounds: Rect(x: 0, y: 0, width: 200, height: 100), time: 0)
        // Mirrored, the content starts at the right edge: its right end shows.
        XCTAssertEqual(host.frame("c").maxX, 200)
        // A finger dragged right shows more of what is to the left… 
        _ = host.handlePointer(PointerEvent(id: 1, phase: .began, location: Point(50, 50), time: 0.1))
        for (i, x) in [60.0, 80, 100, 120].enumerated() {
            _ = host.handlePointer(PointerEvent(id: 1, phase: .moved, location: Point(x, 50), time: 0.12 + Double(i) * 0.016))
        }
        host.update(bounds: Rect(x: 0, y: 0, width: 200, height: 100), time: 0.2)
        XCTAssertGreaterThan(host.frame("c").maxX, 200, "the content moved right with the finger")
    } }

    func testLeadingTextAlignsRightAndTheChevronPointsLeft() { onMain {
        let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in nil })
        env.strings = Self.mirroredEnglish
        let host = ViewHost(env: env) {
            VStack {
                Text("one two three four five six").frame(width: 60).accessibilityIdentifier("t")
                Text("centred text here").multilineTextAlignment(.center).frame(width: 60).accessibilityIdentifier("c")
                Text(MaterialIcon.chevronRight).accessibilityIdentifier("i")
            }
        }
        host.update(bounds: Rect(x: 0, y: 0, width: 100, height: 200), time: 0)
        @MainActor func text(_ id: String) -> TextNode? {
            var found: TextNode?
            host.node(identifier: id)?.visit { if found == nil, let t = $0 as? TextNode { found = t } }
            return found
        }
        XCTAssertEqual(text("t")?.options.rightToLeftLayout, true)
        XCTAssertEqual(text("t")?.options.layoutAlignment, .trailing, "leading is the right edge")
        XCTAssertEqual(text("c")?.options.layoutAlignment, .center)
        XCTAssertEqual(text("i")?.string, MaterialIcon.chevronLeft)
    } }
}
