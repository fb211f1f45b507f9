import FlingCore
@testable import FlingUI
import XCTest

/// The scenes mark what holds still during an interaction as layers whose commands do not
/// change while only positions do (so the backend composites them instead of redrawing).
final class LayerEmissionTests: XCTestCase {
    @MainActor private static func makeApp() -> AppController { makeTestApp() }

    /// The commands of the layer `id` in `list` (nil if there is none).
    static func layer(_ id: String, in list: DisplayList) -> [DrawCommand]? {
        guard let start = list.commands.firstIndex(where: { if case .beginLayer(let s) = $0 { s.id == id } else { false } }) else { return nil }
        var depth = 0
        for i in start..<list.commands.count {
            switch list.commands[i] {
            case .beginLayer: depth += 1
            case .endLayer:
                depth -= 1
                if depth == 0 { return Array(list.commands[(start + 1)..<i]) }
            default: break
            }
        }
        return nil
    }

    /// The app writes each frame's list into the storage of a list from a few frames before
    /// (no allocation in a steady frame). The lists are the same as ones built fresh, and a
    /// list someone still holds (the renderer, a cached layer) is never written over.
    func testReusedListStorageGivesTheSameFramesAndSparesHeldOnes() { MainActor.assumeIsolated {
        @MainActor func dragging(_ app: AppController, frame k: Int) -> DisplayList {
            let t = 2 + Double(k + 1) / 60
            app.handle(.pointer(PointerEvent(id: 0, phase: .moved, location: Point(200, 600 - 9 * Double(k + 1)), time: t)))
            _ = app.advance(to: t)
            return app.displayList(time: t)
        }
        let reusing = Self.makeApp(), fresh = Self.makeApp()
        for app in [reusing, fresh] {
            app.handle(.key(Key(.down), time: 0))
            app.handle(.key(Key(.return), time: 0))
            _ = app.advance(to: 1)
            _ = app.advance(to: 2)
            app.handle(.pointer(PointerEvent(id: 0, phase: .began, location: Point(200, 600), time: 2)))
        }
        var freshLists: [DisplayList] = []   // all held: nothing of theirs is reused
        var held: DisplayList?
        for k in 0..<12 {
            let list = dragging(reusing, frame: k)
            freshLists.append(dragging(fresh, frame: k))
            XCTAssertEqual(list.commands, freshLists[k].commands, "frame \(k)")
            if k == 2 { held = list }
        }
        XCTAssertEqual(held?.commands, freshLists[2].commands, "a held frame is unchanged nine frames on")
        XCTAssertNotEqual(freshLists[2].commands, freshLists[11].commands, "the frames differ: the sheet moved")
    } }

    func testADraggedSheetKeepsItsLayersAndDimsWithADimCommand() { MainActor.assumeIsolated {
        let app = Self.makeApp()
        app.handle(.key(Key(.down), time: 0))
        app.handle(.key(Key(.return), time: 0))
        _ = app.advance(to: 1)
        _ = app.advance(to: 2)
        let resting = app.displayList(time: 2)
        app.handle(.pointer(PointerEvent(id: 0, phase: .began, location: Point(200, 600), time: 2.1)))
        app.handle(.pointer(PointerEvent(id: 0, phase: .moved, location: Point(200, 500), time: 2.15)))
        app.handle(.pointer(PointerEvent(id: 0, phase: .moved, location: Point(200, 400), time: 2.2)))
        _ = app.advance(to: 2.2)
        let dragged = app.displayList(time: 2.2)
        // The sheet moved, yet its layer and the backdrop behind it hold the same commands.
        XCTAssertNotNil(Self.layer("sheet", in: resting))
        XCTAssertTrue(Self.layer("sheet", in: resting) == Self.layer("sheet", in: dragged), "the sheet's layer changed")
        XCTAssertNotNil(Self.layer("backdrop", in: resting))
        XCTAssertTrue(Self.layer("backdrop", in: resting) == Self.layer("backdrop", in: dragged), "the backdrop changed")
        // The dim is a dim command right after the backdrop's end (so it folds into its copy).
        let dims = dragged.commands.indices.filter { i in
            if case .dim = dragged.commands[i] { i > 0 && dragged.commands[i - 1] == .endLayer } else { false }
        }
        XCTAssertEqual(dims.count, 1)
        XCTAssertFalse(dragged.commands.contains { if case .fillRect(_, _, let c) = $0 { c == Color(white: 0, alpha: 0.5) } else { false } })
    } }

    /// Behind an expanded card the backdrop is kept hidden (ready for a pull) in every frame,
    /// and made (the list's `preparesHidden`) only once the card is at rest: not while it
    /// springs, where its full-window rasterisation would be a dropped frame. The tab bar gone,
    /// the backdrop is the Today list alone, and is that layer (DisplayList.layer): no second
    /// copy of its pixels.
    func testTheHiddenBackdropIsMadeOnceTheCardIsAtRest() throws { try MainActor.assumeIsolated {
        let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { TodaySceneTests.imageSizes[$0] })
        let app = AppController(restaurants: [], articles: try TodaySceneTests.bundledArticles(), env: env, first: .today,
                                windowSize: Size(width: 390, height: 844), scale: 1)
        func hiddenBackdrop(_ list: DisplayList) -> Bool {
            list.commands.indices.contains { i in
                guard i + 1 < list.commands.count, list.commands[i] == .pushOpacity(0),
                      case .beginLayer(let spec) = list.commands[i + 1] else { return false }
                return spec.id == "today-list"
            }
        }
        app.handle(.pointer(PointerEvent(id: 1, phase: .began, location: Point(195, 250), time: 0)))
        app.handle(.pointer(PointerEvent(id: 1, phase: .ended, location: Point(195, 250), time: 0.05)))
        var frames: [(moving: Bool, hidden: Bool, prepares: Bool)] = []
        for f in 4...120 {
            let t = Double(f) / 60
            let moving = app.advance(to: t)
            let list = app.displayList(time: t)
            frames.append((moving, hiddenBackdrop(list), list.preparesHidden))
        }
        XCTAssertTrue(app.scene.isModal, "the card expanded")
        let firstAtRest = try XCTUnwrap(frames.firstIndex { !$0.moving }, "the card came to rest")
        let firstHidden = try XCTUnwrap(frames.firstIndex { $0.hidden }, "the backdrop was kept hidden")
        XCTAssertLessThan(firstHidden + 10, firstAtRest, "kept while the card still springs")
        XCTAssertTrue(frames[firstHidden...].allSatisfy { $0.hidden }, "in every frame from then on")
        XCTAssertFalse(frames[..<firstAtRest].contains { $0.prepares }, "made while springing")
        XCTAssertTrue(frames[firstAtRest...].allSatisfy { $0.prepares && !$0.moving }, "made from the frame its motion ends")
        XCTAssertNil(Self.layer("backdrop", in: app.displayList(time: 2)), "the list is the backdrop")
    } }
}
