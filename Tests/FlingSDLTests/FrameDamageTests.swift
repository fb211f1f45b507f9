// What a frame presents when only part of it changed: LayerDamage.frameDamage.
@testable import FlingSDL
import FlingCore
import XCTest

final class FrameDamageTests: XCTestCase {
    private func list(_ body: (inout DisplayList) -> Void) -> [DrawCommand] {
        var l = DisplayList(background: .white)
        body(&l)
        return l.commands
    }

    private func field(caret: Bool) -> [DrawCommand] {
        list { l in
            l.add(.fillRect(Rect(x: 0, y: 0, width: 400, height: 300), radii: .zero, color: .white))
            l.add(.fillRect(Rect(x: 20, y: 40, width: 200, height: 30), radii: CornerRadii(6), color: Color(white: 0.9)))
            if caret { l.add(.fillRect(Rect(x: 60, y: 45, width: 2, height: 20), radii: .zero, color: .black)) }
            l.add(.fillRect(Rect(x: 0, y: 250, width: 400, height: 50), radii: .zero, color: Color(white: 0.97)))
        }
    }

    func testACaretBlinkDamagesTheCaretOnly() throws {
        let d = try XCTUnwrap(LayerDamage.frameDamage(old: field(caret: false)[...], new: field(caret: true)[...], scale: 2, width: 800, height: 600))
        // 2 pt × 20 pt at scale 2, two pixels of anti-aliasing around.
        XCTAssertEqual(d, PixelRect(x0: 118, y0: 88, x1: 126, y1: 132))
        let back = try XCTUnwrap(LayerDamage.frameDamage(old: field(caret: true)[...], new: field(caret: false)[...], scale: 2, width: 800, height: 600))
        XCTAssertEqual(back, d)
    }

    func testAnUnchangedFrameDamagesNothing() throws {
        let d = try XCTUnwrap(LayerDamage.frameDamage(old: field(caret: true)[...], new: field(caret: true)[...], scale: 1, width: 400, height: 300))
        XCTAssertTrue(d.isEmpty)
    }

    func testAChangeInsideALayerPresentsTheWholeFrame() {
        func withLayer(_ y: Double) -> [DrawCommand] {
            list { l in
                l.layer(LayerSpec(id: "sheet", bounds: Rect(x: 0, y: y, width: 400, height: 200), background: .white)) { s in
                    s.add(.fillRect(Rect(x: 0, y: y, width: 400, height: 200), radii: .zero, color: .white))
                }
            }
        }
        XCTAssertNil(LayerDamage.frameDamage(old: withLayer(100)[...], new: withLayer(90)[...], scale: 1, width: 400, height: 300))
        // The same layer, only its content changed: the copy may be moved or scaled by the spec.
        func content(_ color: Color) -> [DrawCommand] {
            list { l in
                l.layer(LayerSpec(id: "card", bounds: Rect(x: 0, y: 0, width: 400, height: 200), background: .white, scalable: true)) { s in
                    s.add(.fillRect(Rect(x: 10, y: 10, width: 20, height: 20), radii: .zero, color: color))
                }
            }
        }
        XCTAssertNil(LayerDamage.frameDamage(old: content(.white)[...], new: content(.black)[...], scale: 1, width: 400, height: 300))
    }

    func testDamageStaysInsideTheFrame() throws {
        let a = list { $0.add(.fillRect(Rect(x: 380, y: 280, width: 50, height: 50), radii: .zero, color: .black)) }
        let d = try XCTUnwrap(LayerDamage.frameDamage(old: [][...], new: a[...], scale: 1, width: 400, height: 300))
        XCTAssertEqual(d, PixelRect(x0: 378, y0: 278, x1: 400, y1: 300))
    }
}
