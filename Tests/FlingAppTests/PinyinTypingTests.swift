// PinyinTypingTests: Chinese typed on the on-screen keyboard of the binary with its real
// engine (googlepinyin; OpenCC for zh-Hant), by touches on the keys and the candidates' bar
// only, as on a kiosk without a keyboard.
import FlingCore
import Foundation
import XCTest

final class PinyinTypingTests: XCTestCase {
    /// A phone window: the keyboard with its candidates' bar rises to 844 − 260.
    static let window = Size(width: 390, height: 844)

    /// A script that focuses the first name, taps `letters` on the pinyin keys, dumps the
    /// state, then taps the first candidate (or `finish`, a key) and dumps it again.
    static func script(_ letters: String, finish: String? = nil) -> String {
        let layout = KeyboardLayout(width: window.width, page: .letters, globe: true, candidateBar: true)
        let top = window.height - layout.height
        func centre(_ name: String) -> Point? {
            layout.keys.first { $0.kind.name == name }.map { Point($0.frame.midX, $0.frame.midY + top) }
        }
        var lines = ["0.2 tap 195 420"], t = 1.0
        for l in letters {
            guard let p = centre(String(l)) else { continue }
            lines.append("\(t) tap \(p.x) \(p.y)"); t += 0.1
        }
        lines.append("\(t) state $OUT/composing.json")
        // The first candidate sits at the bar's leading edge.
        let bar = layout.candidateBar ?? .zero
        let tap = finish.flatMap(centre) ?? Point(bar.minX + 20, bar.midY + top)
        lines.append("\(t + 0.1) tap \(tap.x) \(tap.y)")
        lines.append("\(t + 0.4) state $OUT/typed.json")
        lines.append("\(t + 0.4) shot $OUT/typed.png")
        return lines.joined(separator: "\n") + "\n"
    }

    func run(_ language: String, _ letters: String, finish: String? = nil, name: String = #function) throws -> (composing: JSONValue, typed: JSONValue, stderr: String) {
        let (dir, r) = try FlingRunner.headlessRun(Self.script(letters, finish: finish),
                                                   args: ["--scene", "form", "--language", language, "--keyboard", "on", "--log-level", "info"],
                                                   environment: LanguageTests.cleanLocale, name: name)
        XCTAssertFalse(r.stderr.contains("no pinyin"), "the engine is installed (make test installs libgooglepinyin0, libopencc1.1): \(r.stderr)")
        return (try FlingRunner.state(dir, "composing.json"), try FlingRunner.state(dir, "typed.json"), r.stderr)
    }

    func testTappingNiHaoAndTheFirstCandidateTypesNiHao() throws {
        let (composing, typed, _) = try run("zh-Hans", "nihao")
        XCTAssertEqual(composing.at("keyboard.input")?.stringValue, "pinyin-simplified")
        XCTAssertEqual(composing.at("keyboard.composition.marked")?.stringValue, "ni hao")
        let words = composing.at("keyboard.composition.candidates")?.arrayValue?.compactMap { $0["text"]?.stringValue } ?? []
        XCTAssertEqual(words.first, "你好", "googlepinyin's sentence first")
        XCTAssertTrue(words.contains("你"), "\(words)")
        XCTAssertEqual(composing.at("form.fields")?.arrayValue?.first?["text"]?.stringValue, "", "nothing typed while composing")
        XCTAssertEqual(typed.at("form.fields")?.arrayValue?.first?["text"]?.stringValue, "你好")
        XCTAssertNil(typed.at("keyboard.composition"))
    }

    func testTraditionalPinyinWritesTaiwansCharacters() throws {
        // Space takes the first candidate: 中國, not 中国.
        let (composing, typed, _) = try run("zh-Hant", "zhongguo", finish: "space")
        XCTAssertEqual(composing.at("keyboard.input")?.stringValue, "pinyin-traditional")
        XCTAssertEqual(composing.at("keyboard.composition.candidates")?.arrayValue?.first?["text"]?.stringValue, "中國")
        XCTAssertEqual(typed.at("form.fields")?.arrayValue?.first?["text"]?.stringValue, "中國")
    }

    func testReturnTypesTheLettersAsTheyAre() throws {
        let (_, typed, _) = try run("zh-Hans", "ni", finish: "return")
        XCTAssertEqual(typed.at("form.fields")?.arrayValue?.first?["text"]?.stringValue, "ni")
    }

    /// A session typed in pinyin replays to the same words: the recording keeps the language
    /// and the keyboard's mode, and googlepinyin learns nothing from one run to the next.
    func testARecordingTypedInPinyinReplaysToTheSameWords() throws {
        let dir = FlingRunner.scratch("pinyin-recording")
        let script = dir.appendingPathComponent("s.txt")
        try (Self.script("nihao").replacingOccurrences(of: "$OUT", with: dir.path) + "4 quit\n")
            .write(to: script, atomically: true, encoding: .utf8)
        let recording = dir.appendingPathComponent("zh.rec").path
        let rec = try FlingRunner.run(["--headless", "--script", script.path, "--record", recording, "--scene", "form",
                                       "--language", "zh-Hans", "--keyboard", "on"], environment: LanguageTests.cleanLocale)
        XCTAssertEqual(rec.status, 0, rec.stderr)
        let header = try String(contentsOfFile: recording, encoding: .utf8)
        XCTAssertTrue(header.contains("\n# language: zh_CN\n") && header.contains("\n# keyboard: on\n"), header)
        let state = dir.appendingPathComponent("end.json").path
        let r = try FlingRunner.run(["replay", recording, "--state", state], environment: LanguageTests.cleanLocale)
        XCTAssertEqual(r.status, 0, r.stderr)
        let end = try JSONParser.parse(try String(contentsOfFile: state, encoding: .utf8))
        XCTAssertEqual(end.at("form.fields")?.arrayValue?.first?["text"]?.stringValue, "你好")
    }

    func testOnlyAChineseUILoadsTheEngine() throws {
        let (_, _, chinese) = try run("zh-Hans", "", finish: "return", name: "engine-zh")
        XCTAssertTrue(chinese.contains("on-screen keyboard: pinyin-simplified from googlepinyin"), chinese)
        let (_, _, traditional) = try run("zh-Hant", "", finish: "return", name: "engine-zh-Hant")
        XCTAssertTrue(traditional.contains("pinyin-traditional from googlepinyin and OpenCC's s2twp.json"), traditional)
        let (composing, _, arabic) = try run("ar", "", finish: "return", name: "engine-ar")
        XCTAssertEqual(composing.at("keyboard.input")?.stringValue, "english")
        XCTAssertFalse(arabic.contains("googlepinyin"), arabic)
    }
}
