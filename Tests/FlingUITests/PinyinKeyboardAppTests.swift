import XCTest
@testable import FlingCore
@testable import FlingUI

/// The on-screen keyboard's pinyin in the Form, with a two-word dictionary for
/// googlepinyin: letters compose as the field's marked text (the same marked text an input
/// method's is), a candidate tapped or space types the word, return the letters, backspace
/// takes one back, the globe goes to English, and nothing is lost when the keyboard goes.
final class PinyinKeyboardAppTests: XCTestCase {
    typealias Driver = InstrumentTests.Driver
    typealias K = OnScreenKeyboardTests

    @MainActor final class TwoWords: PinyinEngine {
        func lookup(_ letters: String) -> PinyinLookup {
            switch letters {
            case "nihao": PinyinLookup(candidates: [.init(text: "你好", letters: 5), .init(text: "你", letters: 2)], syllableStarts: [0, 2, 5])
            case "hao": PinyinLookup(candidates: [.init(text: "好", letters: 3)], syllableStarts: [0, 3])
            case let s where s.hasPrefix("v"): .empty
            default: PinyinLookup(candidates: [.init(text: "字", letters: letters.count)], syllableStarts: [0, letters.count])
            }
        }
    }

    @MainActor static func chineseForm(_ language: String = "zh_CN") -> Driver {
        let app = makeTestApp(first: .form)
        app.env.strings = Localization(catalog: nil, language: language)
        app.keyboard.kioskWithoutKeyboard = true
        app.keyboard.pinyinEngines = { _ in TwoWords() }
        let d = Driver(app)
        K.tapField(d, "First Name")
        return d
    }

    @MainActor static func type(_ d: Driver, _ letters: String) {
        for (i, l) in letters.enumerated() { K.tapKey(d, String(l), id: Int64(100 + i)) }
    }

    @MainActor static func marked(_ d: Driver) -> String? { (d.app.scene as! FormScene).host.editing?.composition }

    /// Taps the candidate the state dump lists `index`th on the bar.
    @MainActor static func tapCandidate(_ d: Driver, _ index: Int) {
        let c = K.state(d)["keyboard"]?["composition"]?["candidates"]?.arrayValue ?? []
        guard c.indices.contains(index), let r = c[index]["frame"]?.arrayValue?.compactMap(\.doubleValue) else {
            return XCTFail("no candidate \(index) on the bar")
        }
        d.pointer(.began, r[0] + r[2] / 2, r[1] + r[3] / 2, id: 50)
        d.run(until: d.t + 0.05)
        d.pointer(.ended, r[0] + r[2] / 2, r[1] + r[3] / 2, id: 50)
        d.run(until: d.t + 0.1)
    }

    func testNiHaoAndTheFirstCandidateTypeNiHao() { MainActor.assumeIsolated {
        let d = Self.chineseForm()
        XCTAssertEqual(K.state(d)["keyboard"]?["input"]?.stringValue, "pinyin-simplified")
        XCTAssertEqual(K.state(d)["keyboard"]?["shift"]?.stringValue, "off", "pinyin starts in lower case")
        Self.type(d, "nihao")
        XCTAssertEqual(Self.marked(d), "ni hao")
        XCTAssertEqual(K.field(d, "First Name").text, "", "nothing is typed while it composes")
        let composition = K.state(d)["keyboard"]?["composition"]
        XCTAssertEqual(composition?["letters"]?.stringValue, "nihao")
        XCTAssertEqual(composition?["candidates"]?.arrayValue?.compactMap { $0["text"]?.stringValue }, ["你好", "你"])
        Self.tapCandidate(d, 0)
        XCTAssertEqual(K.field(d, "First Name").text, "你好")
        XCTAssertEqual(Self.marked(d), "")
        XCTAssertNil(K.state(d)["keyboard"]?["composition"])
    } }

    func testAWordAtATimeThenSpaceForTheRest() { MainActor.assumeIsolated {
        let d = Self.chineseForm()
        Self.type(d, "nihao")
        Self.tapCandidate(d, 1)
        XCTAssertEqual(Self.marked(d), "你hao")
        K.tapKey(d, "space", id: 60)
        XCTAssertEqual(K.field(d, "First Name").text, "你好")
    } }

    func testReturnTypesTheLettersAndBackspaceTakesOneBack() { MainActor.assumeIsolated {
        let d = Self.chineseForm()
        Self.type(d, "nihao")
        K.tapKey(d, "backspace", id: 60)
        XCTAssertEqual(Self.marked(d), "niha")
        K.tapKey(d, "return", id: 61)
        XCTAssertEqual(K.field(d, "First Name").text, "niha")
        XCTAssertEqual(K.state(d)["form"]?["focused"]?.stringValue, "First Name", "return ended the composition, not the field")
    } }

    func testTheGlobeTypesTheLettersThenEnglish() { MainActor.assumeIsolated {
        let d = Self.chineseForm()
        Self.type(d, "ni")
        K.tapKey(d, "globe", id: 60)
        XCTAssertEqual(K.state(d)["keyboard"]?["input"]?.stringValue, "english")
        XCTAssertEqual(K.field(d, "First Name").text, "ni", "what was composing is kept")
        Self.type(d, "ab")
        XCTAssertEqual(K.field(d, "First Name").text, "niab")
        K.tapKey(d, "globe", id: 70)
        XCTAssertEqual(K.state(d)["keyboard"]?["input"]?.stringValue, "pinyin-simplified")
    } }

    func testTheKeyboardGoingTypesWhatWasComposing() { MainActor.assumeIsolated {
        let d = Self.chineseForm()
        Self.type(d, "nihao")
        d.app.handle(.key(Key(spec: "Escape")!, time: d.t))   // a physical key puts it away (auto mode)
        d.run(until: d.t + 0.6)
        XCTAssertEqual(K.field(d, "First Name").text, "nihao")
    } }

    func testSpaceTypesLettersThatHaveNoWord() { MainActor.assumeIsolated {
        let d = Self.chineseForm()
        Self.type(d, "vv")
        K.tapKey(d, "space", id: 60)
        XCTAssertEqual(K.field(d, "First Name").text, "vv")
        XCTAssertNil(K.state(d)["keyboard"]?["composition"])
    } }

    func testTappingAnotherFieldTypesWhatWasComposingIntoTheFirst() { MainActor.assumeIsolated {
        let d = Self.chineseForm()
        Self.type(d, "nihao")
        K.tapField(d, "Middle Name", id: 70)
        XCTAssertEqual(K.field(d, "First Name").text, "nihao", "UIKit unmarks the text when the field resigns")
        XCTAssertEqual(K.state(d)["form"]?["focused"]?.stringValue, "Middle Name")
        XCTAssertNil(K.state(d)["keyboard"]?["composition"])
        XCTAssertEqual(Self.marked(d), "")
    } }

    func testAPhysicalKeyTypesWhatWasComposingFirstInEveryMode() { MainActor.assumeIsolated {
        let d = Self.chineseForm()
        d.app.keyboard.mode = .on
        Self.type(d, "ni")
        d.app.handle(.text("!", time: d.t))
        d.run(until: d.t + 0.1)
        XCTAssertEqual(K.field(d, "First Name").text, "ni!")
        XCTAssertNil(K.state(d)["keyboard"]?["composition"])
    } }

    func testTheGlobeKeepsTheKeyboardsHeight() { MainActor.assumeIsolated {
        let d = Self.chineseForm()
        let before = K.state(d)["keyboard"]?["frame"]
        K.tapKey(d, "globe", id: 60)
        XCTAssertEqual(K.state(d)["keyboard"]?["frame"], before, "the field above it stays uncovered")
    } }

    func testTraditionalChineseUsesItsOwnInputMethod() { MainActor.assumeIsolated {
        let d = Self.chineseForm("zh_TW")
        XCTAssertEqual(K.state(d)["keyboard"]?["input"]?.stringValue, "pinyin-traditional")
    } }

    func testWithoutAnEngineTheKeysStayEnglish() { MainActor.assumeIsolated {
        let app = makeTestApp(first: .form)
        app.env.strings = Localization(catalog: nil, language: "zh_CN")
        app.keyboard.kioskWithoutKeyboard = true
        app.keyboard.pinyinEngines = { _ in nil }
        let d = Driver(app)
        K.tapField(d, "First Name")
        XCTAssertEqual(K.state(d)["keyboard"]?["input"]?.stringValue, "english")
        XCTAssertFalse((K.state(d)["keyboard"]?["keys"]?.arrayValue ?? []).contains { $0["label"]?.stringValue == "globe" })
    } }
}
