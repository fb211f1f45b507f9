import XCTest
@testable import FlingCore

/// The on-screen keyboard as a value: layouts per width, shift, pages, long press,
/// backspace repeat against virtual time, slide to correct and a second finger.
final class KeyboardModelTests: XCTestCase {
    let phone = Size(width: 390, height: 844)

    func shown(_ window: Size = Size(width: 390, height: 844)) -> KeyboardModel {
        var k = KeyboardModel(window: window)
        k.show(at: 0)
        return k
    }

    /// The centre of the key named `name` in window pt, with the keyboard up at `time`.
    func centre(_ k: KeyboardModel, _ name: String, at time: Double = 1) -> Point {
        let f = k.frame(at: time)
        let key = k.layout.keys.first { $0.kind.name == name }!.frame
        return Point(key.midX + f.minX, key.midY + f.minY)
    }

    func tap(_ k: inout KeyboardModel, _ name: String, id: Int64 = 1, at t: Double) -> [KeyboardOutput] {
        let p = centre(k, name, at: t)
        return k.touchBegan(id: id, at: p, time: t) + k.touchEnded(id: id, at: p, time: t + 0.05)
    }

    func testPhoneLayoutAt390() {
        let l = KeyboardLayout(width: 390, page: .letters)
        XCTAssertEqual(l.idiom, .phone)
        XCTAssertEqual(l.height, 216)
        XCTAssertEqual(l.rows.map { $0.map(\.kind.name).joined(separator: " ") }, [
            "q w e r t y u i o p", "a s d f g h j k l", "shift z x c v b n m backspace", "123 space return"])
        // Keys 33 × 42 pt, 6 pt apart, rows 54 pt apart; the keyboard's edges 3 pt in.
        XCTAssertEqual(l.rows[0][0].frame, Rect(x: 3, y: 8, width: 33, height: 42))
        XCTAssertEqual(l.rows[0][9].frame.maxX, 387)
        XCTAssertEqual(l.rows[1][0].frame, Rect(x: 22.5, y: 62, width: 33, height: 42))
        XCTAssertEqual(l.rows[2][0].frame, Rect(x: 3, y: 116, width: 42, height: 42))
        XCTAssertEqual(l.rows[3].map(\.frame.width), [91.5, 189, 91.5])
    }

    func testPadLayoutAtKioskWidths() {
        let l = KeyboardLayout(width: 1080, page: .letters)
        XCTAssertEqual(l.idiom, .pad)
        XCTAssertEqual(l.rows.map { $0.map(\.kind.name).joined(separator: " ") }, [
            "q w e r t y u i o p backspace", "a s d f g h j k l return", "shift z x c v b n m , . shift", "123 space 123 hide"])
        let key = l.rows[0][0].frame.width
        for (i, row) in l.rows.enumerated() {
            XCTAssertEqual(row.first!.frame.minX, i == 1 ? 6 + key / 2 : 6, accuracy: 1e-9, "row two is half a key in")
            XCTAssertEqual(row.last!.frame.maxX, 1074, accuracy: 1e-9, "every row reaches the right edge")
        }
        XCTAssertEqual(KeyboardLayout(width: 767, page: .letters).idiom, .phone)
        // Past iPad Pro's width the keys are centred, not stretched.
        let wide = KeyboardLayout(width: 1920, page: .letters)
        XCTAssertEqual(wide.rows[0][0].frame.minX, ((1920 - 1354) / 2).rounded())
    }

    func testItRisesOnUIKitsKeyboardCurve() {
        var k = KeyboardModel(window: phone)
        XCTAssertEqual(k.frame(at: 0).minY, 844)
        k.show(at: 1)
        XCTAssertEqual(k.frame(at: 1).minY, 844)
        // Bézier (0.38, 0.7, 0.125, 1) over 0.5 s: most of the way by a quarter of it.
        let p = MotionConstants.keyboardCurve.progress(0.5)
        XCTAssertEqual(k.frame(at: 1.25).minY, 844 - 216 * p, accuracy: 1e-9)
        XCTAssertGreaterThan(p, 0.85)
        XCTAssertEqual(k.frame(at: 1.5).minY, 628)
        k.hide(at: 2)
        XCTAssertEqual(k.frame(at: 2.5).minY, 844)
        XCTAssertFalse(k.isVisible(at: 2.5))
    }

    func testShiftOnceThenOffAndDoubleTapLocks() {
        var k = shown()
        XCTAssertEqual(tap(&k, "shift", at: 1), [])
        XCTAssertEqual(k.shift, .once)
        XCTAssertEqual(tap(&k, "a", at: 2), [.insert("A")])
        XCTAssertEqual(k.shift, .off)
        XCTAssertEqual(tap(&k, "a", at: 3), [.insert("a")])
        _ = tap(&k, "shift", at: 4)
        _ = tap(&k, "shift", at: 4.2)
        XCTAssertEqual(k.shift, .locked)
        XCTAssertEqual(tap(&k, "b", at: 5) + tap(&k, "c", at: 6), [.insert("B"), .insert("C")])
        XCTAssertEqual(k.shift, .locked)
        _ = tap(&k, "shift", at: 7)
        XCTAssertEqual(k.shift, .off)
        // Two taps too far apart: on, then off again.
        _ = tap(&k, "shift", at: 8)
        _ = tap(&k, "shift", at: 9)
        XCTAssertEqual(k.shift, .off)
    }

    func testPagesAndBackToLettersAfterASpace() {
        var k = shown()
        _ = tap(&k, "123", at: 1)
        XCTAssertEqual(k.page, .numbers)
        XCTAssertEqual(k.layout.rows[0].map(\.kind.name).joined(), "1234567890")
        XCTAssertEqual(tap(&k, "7", at: 2), [.insert("7")])
        _ = tap(&k, "#+=", at: 3)
        XCTAssertEqual(k.page, .symbols)
        XCTAssertEqual(tap(&k, "%", at: 4), [.insert("%")])
        XCTAssertEqual(tap(&k, "space", at: 5), [.insert(" ")])
        XCTAssertEqual(k.page, .letters)
    }

    func testSlideToCorrectTypesTheKeyReleasedOn() {
        var k = shown()
        k.touchBegan(id: 1, at: centre(k, "q"), time: 1).forEach { XCTFail("typed \($0) on touch down") }
        _ = k.touchMoved(id: 1, to: centre(k, "w"), time: 1.05)
        XCTAssertEqual(k.touchEnded(id: 1, at: centre(k, "e"), time: 1.1), [.insert("e")])
        // A touch in the gap between keys is the nearest key's.
        let q = centre(k, "q"), w = centre(k, "w")
        let gap = Point((q.x + w.x) / 2 - 1, q.y)
        XCTAssertEqual(k.touchBegan(id: 2, at: gap, time: 2) + k.touchEnded(id: 2, at: gap, time: 2.05), [.insert("q")])
    }

    func testASecondFingerCommitsTheFirst() {
        var k = shown()
        XCTAssertEqual(k.touchBegan(id: 1, at: centre(k, "h"), time: 1), [])
        XCTAssertEqual(k.touchBegan(id: 2, at: centre(k, "i"), time: 1.05), [.insert("h")], "the first key types when the second lands")
        XCTAssertEqual(k.touchEnded(id: 1, at: centre(k, "h"), time: 1.08), [], "and not again on its release")
        XCTAssertEqual(k.touchEnded(id: 2, at: centre(k, "i"), time: 1.1), [.insert("i")])
        XCTAssertTrue(k.touches.isEmpty)
    }

    func testNoKeyRepeatsButBackspaceWhichAccelerates() {
        var k = shown()
        _ = k.touchBegan(id: 1, at: centre(k, "k"), time: 1)
        XCTAssertEqual(k.advance(to: 1.45), [])
        XCTAssertEqual(k.touchEnded(id: 1, at: centre(k, "k"), time: 1.45), [.insert("k")])
        // Backspace: one delete at once, repeats from 0.5 s every 0.1 s, words from 2.5 s.
        XCTAssertEqual(k.touchBegan(id: 2, at: centre(k, "backspace"), time: 2), [.deleteBackward])
        XCTAssertEqual(k.advance(to: 2.49), [])
        XCTAssertEqual(k.advance(to: 2.5), [.deleteBackward])
        XCTAssertEqual(k.advance(to: 2.75), [.deleteBackward, .deleteBackward])
        let toWords = k.advance(to: 4.5)
        XCTAssertEqual(toWords.count, 18)
        XCTAssertEqual(toWords.last, .deleteWordBackward)
        XCTAssertEqual(toWords.filter { $0 == .deleteWordBackward }.count, 1)
        XCTAssertEqual(k.advance(to: 5), [.deleteWordBackward, .deleteWordBackward])
        XCTAssertEqual(k.touchEnded(id: 2, at: centre(k, "backspace"), time: 5.05), [])
        XCTAssertEqual(k.advance(to: 9), [])
    }

    func testLongPressOffersAccentsAndTheFingerPicksOne() {
        var k = shown()
        let e = centre(k, "e")
        _ = k.touchBegan(id: 1, at: e, time: 1)
        _ = k.advance(to: 1.49)
        XCTAssertEqual(k.touches.first?.state, .tracking)
        _ = k.advance(to: 1.5)
        guard case .variants(let options, let frames, let selected)? = k.touches.first?.state else { return XCTFail("no variants") }
        XCTAssertEqual(options, ["e", "è", "é", "ê", "ë", "ē", "ė", "ę"])
        XCTAssertEqual(selected, 0)
        XCTAssertLessThan(frames[0].maxY, k.layout.keys.first { $0.kind.name == "e" }!.frame.minY, "above the key")
        let kb = k.frame(at: 1.5)
        let p = Point(frames[2].midX + kb.minX, frames[2].midY + kb.minY)
        _ = k.touchMoved(id: 1, to: p, time: 1.6)
        XCTAssertEqual(k.touchEnded(id: 1, at: p, time: 1.7), [.insert("é")])
        // Under shift the variants are capitals.
        _ = tap(&k, "shift", at: 2)
        _ = k.touchBegan(id: 2, at: centre(k, "a"), time: 3)
        _ = k.advance(to: 3.6)
        XCTAssertEqual(k.touchEnded(id: 2, at: centre(k, "a"), time: 3.7), [.insert("A")])
    }

    func testReturnAndHide() {
        var k = shown(Size(width: 1080, height: 1920))
        XCTAssertEqual(tap(&k, "return", at: 1), [.submit])
        XCTAssertEqual(tap(&k, "hide", at: 2), [.hide])
    }

    func testHiddenItTakesNoTouch() {
        var k = KeyboardModel(window: phone)
        XCTAssertEqual(k.touchBegan(id: 1, at: Point(100, 800), time: 0), [])
        XCTAssertFalse(k.hasTouch(1))
    }

    func testWordDeleteAndSentenceStart() {
        var e = TextEditing(text: "Ada Lovelace  ")
        e.deleteWordBackward()
        XCTAssertEqual(e.text, "Ada ")
        e.deleteWordBackward()
        XCTAssertEqual(e.text, "")
        XCTAssertTrue(TextEditing(text: "").atSentenceStart)
        XCTAssertTrue(TextEditing(text: "Hi. ").atSentenceStart)
        XCTAssertFalse(TextEditing(text: "Hi ").atSentenceStart)
        XCTAssertFalse(TextEditing(text: "Hi.").atSentenceStart)
    }
}
