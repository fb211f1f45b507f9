import FlingCore
import Foundation
import XCTest

/// The on-screen keyboard through the binary, the test of record: in `--kiosk
/// --headless` with touches only, a field tapped, the keys "A", "d", "a" tapped where the
/// state dump says they are, "Ada" in the field and its mini-map rectangle green. And golden
/// pictures of the keyboard (letters, numbers, a long-press callout) at a phone's and a
/// kiosk's width.
final class OnScreenKeyboardAppTests: XCTestCase {
    /// The form's first field's centre and the keys' centres (window pt) at `size`, from a
    /// state dump after a finger tapped the field.
    private func layout(_ size: String, name: String = #function) throws -> (field: Point, keys: [String: Point]) {
        let probe = try FlingRunner.headless("""
            0.05 state $OUT/form.json
            """, args: ["--kiosk", "--scene", "form", "--size", size], name: name + "-probe")
        let f = try FlingRunner.state(probe, "form.json").at("form.fields.0.frame")?.arrayValue?.compactMap(\.doubleValue) ?? []
        let field = Point(f[0] + 20, f[1] + f[3] / 2)
        let dir = try FlingRunner.headless("""
            0.1 finger down 1 \(field.x) \(field.y)
            0.15 finger up 1 \(field.x) \(field.y)
            1.0 state $OUT/up.json
            """, args: ["--kiosk", "--scene", "form", "--size", size], name: name + "-keys")
        let up = try FlingRunner.state(dir, "up.json")
        XCTAssertEqual(up.at("keyboard.shown"), .bool(true), "a finger on a field brings the keyboard up")
        var keys: [String: Point] = [:]
        for key in up.at("keyboard.keys")?.arrayValue ?? [] {
            guard let label = key["label"]?.stringValue, let r = key["frame"]?.arrayValue?.compactMap(\.doubleValue), r.count == 4,
                  keys[label] == nil else { continue }
            keys[label] = Point(r[0] + r[2] / 2, r[1] + r[3] / 2)
        }
        return (field, keys)
    }

    private func tap(_ p: Point, id: Int, at t: Double) -> String {
        "\(t) finger down \(id) \(p.x) \(p.y)\n\(t + 0.05) finger up \(id) \(p.x) \(p.y)\n"
    }

    func testTypingAdaWithTouchesOnlyInAKiosk() throws {
        let (field, keys) = try layout("390x844")
        var script = tap(field, id: 1, at: 0.1)
        for (i, label) in ["a", "d", "a"].enumerated() {
            script += tap(try XCTUnwrap(keys[label], label), id: 2 + i, at: 1.0 + 0.3 * Double(i))
        }
        script += "2.5 state $OUT/typed.json\n"
        let dir = try FlingRunner.headless(script, args: ["--kiosk", "--scene", "form"])
        let typed = try FlingRunner.state(dir, "typed.json")
        XCTAssertEqual(typed.at("form.fields.0.text")?.stringValue, "Ada", "the first tap typed a capital (a new field starts a sentence)")
        XCTAssertEqual(typed.at("form.title")?.stringValue, "Hello Ada  ")
        let green = (typed.at("miniMap.rects")?.arrayValue ?? []).filter {
            $0["kind"]?.stringValue == "field" && $0["color"]?.stringValue == "green"
        }
        XCTAssertEqual(green.count, 1, "the field's mini-map rectangle turned green")
        XCTAssertEqual(typed.at("keyboard.shift")?.stringValue, "off")
        XCTAssertEqual(typed.at("keyboard.page")?.stringValue, "letters")
    }

    /// Letters, the numbers page, and a held "e" showing its accents, at `size`.
    private func goldens(_ size: String, prefix: String, name: String = #function) throws {
        let (field, keys) = try layout(size, name: name)
        // ("123" on letters; the key in its place on the numbers page is "abc", back to letters.)
        let e = try XCTUnwrap(keys["e"]), numbers = try XCTUnwrap(keys["123"])
        let dir = try FlingRunner.headless(
            tap(field, id: 1, at: 0.1) + """
            1.0 shot $OUT/letters.png
            \(tap(numbers, id: 2, at: 1.1))1.5 shot $OUT/numbers.png
            \(tap(numbers, id: 3, at: 1.6))
            """ + """
            2.0 finger down 4 \(e.x) \(e.y)
            2.7 shot $OUT/long-press.png
            2.8 finger up 4 \(e.x) \(e.y)
            """, args: ["--kiosk", "--scene", "form", "--size", size], name: name)
        for shot in ["letters", "numbers", "long-press"] {
            GoldenImage.assertMatches(dir.appendingPathComponent("\(shot).png"), golden: "keyboard-\(prefix)-\(shot)")
        }
    }

    func testGoldenKeyboardOnAPhone() throws { try goldens("390x844", prefix: "390x844") }

    func testGoldenKeyboardOnAPortraitKiosk() throws { try goldens("1080x1920", prefix: "1080x1920") }
}
