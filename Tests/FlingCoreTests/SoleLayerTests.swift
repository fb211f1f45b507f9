// SoleLayerTests: a layer whose whole content is one layer of its bounds is that layer
// (DisplayList.layer): the backdrop behind an expanded card, once the tab bar has left.
import FlingCore
import XCTest

final class SoleLayerTests: XCTestCase {
    private let window = Rect(x: 0, y: 0, width: 390, height: 844)
    private var backdrop: LayerSpec { LayerSpec(id: "backdrop", bounds: window, background: .white) }
    private var list: LayerSpec { LayerSpec(id: "today-list", bounds: window, background: .white) }
    private let photo = DrawCommand.fillRect(Rect(x: 20, y: 100, width: 350, height: 200), radii: CornerRadii(16), color: .black)

    func testALayerHoldingOnlyALayerOfItsBoundsInAClipIsThatLayer() {
        var dl = DisplayList()
        dl.withOpacity(0.5) { dl in dl.layer(backdrop) { dl in dl.clipped(to: window) { dl in dl.layer(list) { $0.add(photo) } } } }
        dl.add(.dim(window, amount: 0.3))
        // The dim follows the list's end with only the opacity between: it still folds into the copy.
        XCTAssertEqual(dl.commands, [.pushOpacity(0.5), .beginLayer(list), photo, .endLayer, .popOpacity, .dim(window, amount: 0.3)])
    }

    func testWithoutAClipAndHiddenToo() {
        var dl = DisplayList()
        dl.hidden { dl in dl.layer(backdrop) { dl in dl.layer(list) { $0.add(photo) } } }
        XCTAssertEqual(dl.commands, [.pushOpacity(0), .beginLayer(list), photo, .endLayer, .popOpacity])
    }

    func testAnythingBesideTheInnerLayerKeepsBothLayers() {
        let tabBar = DrawCommand.fillRect(Rect(x: 0, y: 761, width: 390, height: 83), radii: CornerRadii(0), color: .white)
        var dl = DisplayList()
        dl.layer(backdrop) { dl in
            dl.clipped(to: window) { dl in dl.layer(list) { $0.add(photo) } }
            dl.add(tabBar)
        }
        XCTAssertEqual(dl.commands, [.beginLayer(backdrop), .pushClip(window), .beginLayer(list), photo, .endLayer, .popClip, tabBar, .endLayer])
        // Two layers one after the other: neither is the whole content.
        var two = DisplayList()
        two.layer(backdrop) { dl in dl.layer(list) { $0.add(photo) }; dl.layer(list) { $0.add(photo) } }
        XCTAssertEqual(two.commands.first, .beginLayer(backdrop))
        XCTAssertEqual(two.commands.count, 8)
    }

    func testAnInnerLayerThatIsNotTheOutersPixelsKeepsBoth() {
        let smaller = Rect(x: 0, y: 0, width: 390, height: 400)
        let variants: [(LayerSpec, Rect)] = [
            (LayerSpec(id: "l", bounds: smaller, background: .white), window),                         // smaller
            (LayerSpec(id: "l", bounds: window, background: .clear), window),                         // see-through
            (LayerSpec(id: "l", bounds: window, background: .white, cornerRadius: 10), window),        // rounded
            (LayerSpec(id: "l", bounds: window, background: .white, scalable: true), window),          // scaled copy
            (LayerSpec(id: "l", bounds: window, background: .white), smaller),                         // a clip that cuts it
        ]
        for (inner, clip) in variants {
            var dl = DisplayList()
            dl.layer(backdrop) { dl in dl.clipped(to: clip) { dl in dl.layer(inner) { $0.add(photo) } } }
            XCTAssertEqual(dl.commands, [.beginLayer(backdrop), .pushClip(clip), .beginLayer(inner), photo, .endLayer, .popClip, .endLayer], "\(inner) in \(clip)")
        }
        // An outer layer that is not the inner one's pixels: it cuts corners the inner one does
        // not have, is copied scaled, or blends what it leaves uncovered.
        for outer in [LayerSpec(id: "card", bounds: window, background: .white, cornerRadius: 10),
                      LayerSpec(id: "card", bounds: window, background: .white, scalable: true),
                      LayerSpec(id: "card", bounds: window, background: .clear)] {
            var dl = DisplayList()
            dl.layer(outer) { dl in dl.layer(list) { $0.add(photo) } }
            XCTAssertEqual(dl.commands, [.beginLayer(outer), .beginLayer(list), photo, .endLayer, .endLayer], "\(outer)")
        }
    }
}
