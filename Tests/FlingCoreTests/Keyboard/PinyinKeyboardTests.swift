import XCTest
@testable import FlingCore

/// A table standing in for googlepinyin: the words it would give for a few spellings, with
/// its syllable starts, and what each lookup was asked.
@MainActor
final class TablePinyinEngine: PinyinEngine {
    var asked: [String] = []
    static let table: [String: ([String], [Int])] = [
        "nihao": (["你好", "你", "尼"], [0, 2, 5]),
        "ni": (["你", "尼", "泥"], [0, 2]),
        "nih": (["你好", "你会", "你"], [0, 2, 3]),
        "hao": (["好", "号"], [0, 3]),
        "h": (["和", "好"], [0, 1]),
        "zhongguo": (["中国", "中", "种"], [0, 5, 8]),
        "guo": (["国", "过"], [0, 3]),
    ]
    func lookup(_ letters: String) -> PinyinLookup {
        asked.append(letters)
        guard let (words, starts) = Self.table[letters] else { return .empty }
        return PinyinLookup(candidates: words.map { w in
            PinyinCandidate(text: w, letters: w.count < starts.count ? starts[w.count] : letters.count)
        }, syllableStarts: starts)
    }
}

/// The pinyin keyboard's composition as whole values: letters, choices, marked
/// text and candidates; and the keyboard's globe key and candidates' bar.
final class PinyinKeyboardTests: XCTestCase {
    @MainActor static func typed(_ letters: String, _ engine: TablePinyinEngine) -> PinyinComposition {
        var c = PinyinComposition()
        for l in letters { XCTAssertTrue(c.append(l, engine: engine)) }
        return c
    }

    func testTypingNiHaoMarksItBySyllableAndTheSentenceComesFirst() { MainActor.assumeIsolated {
        let engine = TablePinyinEngine()
        let c = Self.typed("nihao", engine)
        XCTAssertEqual(c.letters, "nihao")
        XCTAssertEqual(c.markedText, "ni hao")
        XCTAssertEqual(c.candidates, [PinyinCandidate(text: "你好", letters: 5), PinyinCandidate(text: "你", letters: 2),
                                      PinyinCandidate(text: "尼", letters: 2)])
        XCTAssertEqual(engine.asked, ["n", "ni", "nih", "niha", "nihao"], "each letter looks the open letters up again")
    } }

    func testChoosingTheSentenceCommitsItAndEndsTheComposition() { MainActor.assumeIsolated {
        let engine = TablePinyinEngine()
        var c = Self.typed("nihao", engine)
        XCTAssertEqual(c.choose(0, engine: engine), "你好")
        XCTAssertEqual(c, PinyinComposition())
    } }

    func testAShorterWordLeavesTheRestComposingUntilItHasItsOwn() { MainActor.assumeIsolated {
        let engine = TablePinyinEngine()
        var c = Self.typed("nihao", engine)
        XCTAssertNil(c.choose(1, engine: engine), "你 stands for \"ni\" only")
        XCTAssertEqual(c.chosen, [PinyinCandidate(text: "你", letters: 2)])
        XCTAssertEqual(c.openLetters, "hao")
        XCTAssertEqual(c.markedText, "你hao")
        XCTAssertEqual(c.candidates.map(\.text), ["好", "号"])
        XCTAssertEqual(c.choose(0, engine: engine), "你好")
    } }

    func testBackspaceTakesALetterThenUndoesAChoice() { MainActor.assumeIsolated {
        let engine = TablePinyinEngine()
        var c = Self.typed("nihao", engine)
        _ = c.choose(1, engine: engine)
        c.deleteBackward(engine: engine)   // "hao" → "ha"
        XCTAssertEqual(c.letters, "nihao".dropLast().description)
        XCTAssertEqual(c.openLetters, "ha")
        c.deleteBackward(engine: engine); c.deleteBackward(engine: engine)
        XCTAssertEqual(c.openLetters, "")
        XCTAssertEqual(c.markedText, "你")
        c.deleteBackward(engine: engine)   // nothing open: 你 is undone, "ni" opens again
        XCTAssertEqual(c.chosen, [])
        XCTAssertEqual(c.openLetters, "ni")
        XCTAssertEqual(c.candidates.map(\.text), ["你", "尼", "泥"])
        c.deleteBackward(engine: engine); c.deleteBackward(engine: engine)
        XCTAssertTrue(c.isEmpty)
        XCTAssertEqual(c, PinyinComposition())
    } }

    func testLettersWithNoWordEndAsTheyAreOnSpace() { MainActor.assumeIsolated {
        let engine = TablePinyinEngine()
        var c = Self.typed("vv", engine)
        XCTAssertEqual(c.candidates, [])
        XCTAssertEqual(c.choose(0, engine: engine), "vv")
        XCTAssertEqual(c, PinyinComposition())
        // A word chosen, then its open letters taken back: space types the word.
        c = Self.typed("nihao", engine)
        _ = c.choose(1, engine: engine)
        for _ in 0..<3 { c.deleteBackward(engine: engine) }
        XCTAssertEqual(c.markedText, "你")
        XCTAssertEqual(c.choose(0, engine: engine), "你")
    } }

    func testTheEngineSaysHowManyLettersAWordTakes() { MainActor.assumeIsolated {
        // An engine that counts "xi" for 西 in "xian" (another segmentation than its best).
        final class Segmenting: PinyinEngine {
            func lookup(_ letters: String) -> PinyinLookup {
                letters == "xian" ? PinyinLookup(candidates: [.init(text: "先", letters: 4), .init(text: "西", letters: 4)], syllableStarts: [0, 4])
                    : PinyinLookup(candidates: [.init(text: "安", letters: letters.count)], syllableStarts: [0, letters.count])
            }
            func lettersCovered(byCandidate index: Int, of letters: String) -> Int? { letters == "xian" && index == 1 ? 2 : nil }
        }
        let engine = Segmenting()
        var c = PinyinComposition()
        for l in "xian" { _ = c.append(l, engine: engine) }
        XCTAssertNil(c.choose(1, engine: engine))
        XCTAssertEqual(c.markedText, "西an")
        XCTAssertEqual(c.choose(0, engine: engine), "西安")
    } }

    func testReturnTypesTheLettersAsTheyAre() { MainActor.assumeIsolated {
        let engine = TablePinyinEngine()
        var c = Self.typed("zhongguo", engine)
        XCTAssertNil(c.choose(1, engine: engine))
        XCTAssertEqual(c.commitLetters(), "中guo")
        XCTAssertEqual(c, PinyinComposition())
    } }

    func testOnlyLettersComposeAndTheSpellingHasALimit() { MainActor.assumeIsolated {
        let engine = TablePinyinEngine()
        var c = PinyinComposition()
        XCTAssertFalse(c.append("1", engine: engine))
        XCTAssertFalse(c.append("é", engine: engine))
        for _ in 0..<PinyinComposition.maxLetters { XCTAssertTrue(c.append("a", engine: engine)) }
        XCTAssertFalse(c.append("a", engine: engine))
        XCTAssertEqual(c.letters.count, PinyinComposition.maxLetters)
        XCTAssertEqual(c.candidates, [], "a spelling the engine knows nothing of has no candidates")
    } }

    // MARK: The keyboard

    func testChineseGoesThroughPinyinThenEnglishWithTheGlobe() {
        XCTAssertEqual(KeyboardInputMode.modes(forLanguage: "zh", region: "CN"), [.pinyin, .english])
        XCTAssertEqual(KeyboardInputMode.modes(forLanguage: "zh", region: "TW"), [.traditionalPinyin, .english])
        XCTAssertEqual(KeyboardInputMode.modes(forLanguage: "ar", region: nil), [.english])
        var k = KeyboardModel(window: Size(width: 390, height: 844))
        k.setInputModes([.pinyin, .english])
        k.show(at: 0)
        XCTAssertEqual(k.inputMode, .pinyin)
        // The bar over the keys, the keys 44 pt lower, the globe beside 123.
        XCTAssertEqual(k.layout.candidateBar, Rect(x: 0, y: 0, width: 390, height: 44))
        XCTAssertEqual(k.layout.height, 216 + 44)
        XCTAssertEqual(k.layout.rows[0][0].frame, Rect(x: 3, y: 8 + 44, width: 33, height: 42))
        XCTAssertEqual(k.layout.rows[3].map(\.kind.name), ["123", "globe", "space", "return"])
        XCTAssertEqual(k.layout.rows[3].map(\.frame.width), [42.75, 42.75, 189, 91.5])
        // The globe: English; the bar stays (iOS's predictive bar), so the height does not change.
        let globe = k.layout.keys.first { $0.kind == .nextInputMode }!.frame
        let f = k.frame(at: 1), p = Point(globe.midX, globe.midY + f.minY)
        XCTAssertEqual(k.touchBegan(id: 1, at: p, time: 1) + k.touchEnded(id: 1, at: p, time: 1.05), [.inputModeChanged])
        XCTAssertEqual(k.inputMode, .english)
        XCTAssertEqual(k.layout.candidateBar, Rect(x: 0, y: 0, width: 390, height: 44))
        XCTAssertEqual(k.layout.height, 216 + 44)
        // A keyboard that types English only has neither bar nor globe.
        var english = KeyboardModel(window: Size(width: 390, height: 844))
        english.setInputModes([.english])
        XCTAssertNil(english.layout.candidateBar)
        XCTAssertEqual(english.layout.height, 216)
        XCTAssertFalse(english.layout.keys.contains { $0.kind == .nextInputMode })
        XCTAssertEqual(k.layout.rows[3].map(\.kind.name), ["123", "globe", "space", "return"], "the globe stays while there are two")
    }

    func testPinyinIsTypedInLowerCase() {
        var k = KeyboardModel(window: Size(width: 390, height: 844))
        k.setInputModes([.pinyin, .english])
        k.show(at: 0)
        k.setAutoCapitalize(true)
        XCTAssertEqual(k.shift, .off, "no capital at a sentence's start in pinyin")
    }

    func testTheKioskKeyboardHasTheGlobeBeforeItsPageKey() {
        let l = KeyboardLayout(width: 1080, page: .letters, globe: true, candidateBar: true)
        XCTAssertEqual(l.rows[3].map(\.kind.name), ["globe", "123", "space", "123", "hide"])
        XCTAssertEqual(l.rows[3].last!.frame.maxX, 1074, accuracy: 1e-9)
        XCTAssertEqual(l.candidateBar?.height, KeyboardConstants.padCandidateBarHeight)
        XCTAssertEqual(l.height, KeyboardLayout(width: 1080, page: .letters).height + KeyboardConstants.padCandidateBarHeight)
    }

    func testTheBarShowsTheCandidatesThatFitFromTheLeadingEdge() {
        let bar = Rect(x: 0, y: 0, width: 200, height: 44)
        XCTAssertEqual(CandidateBarLayout.frames(widths: [40, 20, 20, 20], in: bar, padding: 16),
                       [Rect(x: 0, y: 0, width: 72, height: 44), Rect(x: 72, y: 0, width: 52, height: 44),
                        Rect(x: 124, y: 0, width: 52, height: 44)])
        // A sentence wider than the bar still shows, cut to it.
        XCTAssertEqual(CandidateBarLayout.frames(widths: [400, 20], in: bar, padding: 16), [Rect(x: 0, y: 0, width: 200, height: 44)])
        XCTAssertEqual(CandidateBarLayout.frames(widths: [], in: bar, padding: 16), [])
    }
}
