import FlingCore
import XCTest

/// Editing counts grapheme clusters: Backspace removes a whole "é" (e + combining accent) or
/// a skin-toned emoji, as iOS does.
final class TextEditingTests: XCTestCase {
    func testTypingStopsAtTheLimitAndSaysWhereItStopped() {
        var e = TextEditing(text: "abc")
        e.limit = 5
        XCTAssertEqual(e.insert("defgh"), TextEditing.Insertion(kept: 2, cut: true))
        XCTAssertEqual(e.text, "abcde")
        XCTAssertEqual(e.head, 5)
        XCTAssertEqual(e.insert("x"), TextEditing.Insertion(kept: 0, cut: true), "full: nothing more goes in")
        XCTAssertEqual(e.text, "abcde")
        // Typing over a selection has the selection's room too.
        e.move(to: 1); e.move(to: 4, extending: true)
        XCTAssertEqual(e.insert("WXYZ"), TextEditing.Insertion(kept: 3, cut: true))
        XCTAssertEqual(e.text, "aWXYe")
        // What fits exactly is not cut, nor is a control character dropped after it.
        e.move(to: 1); e.move(to: 4, extending: true)
        XCTAssertEqual(e.insert("bcd\u{1B}"), TextEditing.Insertion(kept: 3, cut: false))
        XCTAssertEqual(e.text, "abcde")
        XCTAssertEqual(TextEditing(text: "").limit, InteractionConstants.maxFieldCharacters)
    }

    /// Backspace takes a whole emoji with its skin tone, then (as on iOS) the accent typed after
    /// its letter, leaving the letter; Delete takes a whole character.
    func testBackspaceAndDeleteRemoveWholeCharacters() {
        var e = TextEditing(text: "cafe\u{301}👍🏽")
        XCTAssertEqual(e.count, 5)
        e.deleteBackward()
        XCTAssertEqual(e.text, "cafe\u{301}")
        e.deleteBackward()
        XCTAssertEqual(e.text, "cafe")
        e.moveToStart()
        e.deleteForward()
        XCTAssertEqual(e.text, "afe")
        XCTAssertEqual(e.head, 0)
        e.deleteBackward()   // nothing before the caret
        XCTAssertEqual(e.text, "afe")
    }

    func testTypingReplacesTheSelectionAndMovesTheCaret() {
        var e = TextEditing(text: "Lovelace")
        e.moveLeft(extending: true); e.moveLeft(extending: true); e.moveLeft(extending: true)
        XCTAssertEqual(e.selectedText, "ace")
        e.insert("ess")
        XCTAssertEqual(e.text, "Loveless")
        XCTAssertEqual(e.head, 8)
        XCTAssertFalse(e.hasSelection)
    }

    /// A paste with a line break, a tab, ESC and a C1 code (they once reached the field
    /// and from there the state dump and stderr).
    func testControlCharactersTypedOrPastedAreDropped() {
        var e = TextEditing(text: "")
        e.insert("Ada\r\nLovelace\t\u{1B}]0;owned\u{07}\u{85}!")
        XCTAssertEqual(e.text, "Ada Lovelace]0;owned!")
        XCTAssertEqual(e.head, e.count)
        e.insert("\u{1B}")
        XCTAssertEqual(e.text, "Ada Lovelace]0;owned!")
        XCTAssertEqual(TextEditing.withoutControls("\u{1B}[2Jか\nな"), "[2Jか な")
    }

    func testArrowsCollapseASelectionToItsEdge() {
        var e = TextEditing(text: "abcdef", caret: 2)
        e.moveRight(extending: true); e.moveRight(extending: true)
        XCTAssertEqual(e.selection, 2..<4)
        var left = e
        left.moveLeft()
        XCTAssertEqual(left.selection, 2..<2)
        e.moveRight()
        XCTAssertEqual(e.selection, 4..<4)
    }

    func testSelectAllCutAndHomeEnd() {
        var e = TextEditing(text: "Ada")
        e.selectAll()
        XCTAssertEqual(e.cut(), "Ada")
        XCTAssertEqual(e.text, "")
        XCTAssertNil(e.cut(), "nothing selected, nothing cut")
        e.insert("Grace")
        e.moveToStart(extending: true)
        XCTAssertEqual(e.selectedText, "Grace")
        e.moveToEnd()
        XCTAssertEqual(e.head, 5)
    }

    func testCombiningMarkTypedAfterALetterMergesIntoIt() {
        var e = TextEditing(text: "e")
        e.insert("\u{301}")
        XCTAssertEqual(e.text, "e\u{301}")
        XCTAssertEqual(e.count, 1)
        XCTAssertEqual(e.head, 1)
    }

    /// Characters handed out one at a time, counted: how far an insertion read them.
    private final class Counted: Sequence, IteratorProtocol {
        private let character: Character
        private let length: Int
        private(set) var read = 0
        init(_ character: Character, length: Int) { self.character = character; self.length = length }
        func next() -> Character? {
            guard read < length else { return nil }
            read += 1
            return character
        }
    }

    /// A paste far past the limit is read up to the first character that does not fit, not
    /// to its end (a 20 MB clipboard was walked whole, several times, to count what was cut).
    func testAPasteIsReadOnlyAsFarAsItGoesIn() {
        var e = TextEditing(text: "Ada ")
        e.limit = 10
        let paste = Counted("x", length: 20_000_000)
        XCTAssertEqual(e.insert(paste), TextEditing.Insertion(kept: 6, cut: true))
        XCTAssertEqual(paste.read, 7, "six that fit and the one that did not")
        XCTAssertEqual(e.text, "Ada xxxxxx")
        XCTAssertEqual(e.head, 10)
    }

    /// The cut falls between characters, never inside one: an accent typed after its letter
    /// stays on it, a flag stays whole, a family stays together.
    func testAPasteIsCutBetweenCharacters() {
        for (pasted, expected) in [("e\u{301}e\u{301}e\u{301}e\u{301}", "e\u{301}e\u{301}e\u{301}"),
                                   ("🇫🇷🇩🇪🇮🇹🇪🇸", "🇫🇷🇩🇪🇮🇹"),
                                   ("👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", "👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧")] {
            var e = TextEditing(text: "")
            e.limit = 3
            XCTAssertEqual(e.paste(pasted), TextEditing.Insertion(kept: 3, cut: true))
            XCTAssertEqual(e.text, expected)
            XCTAssertEqual(e.text.unicodeScalars.count, expected.unicodeScalars.count, "no scalar of a character left behind")
            XCTAssertEqual(e.head, 3)
        }
    }

    /// A paste is one line: every line break becomes a space (Unicode's too), each of them,
    /// as UITextField does; other control characters go.
    func testAPasteTurnsEveryLineBreakIntoASpace() {
        var e = TextEditing(text: "")
        XCTAssertEqual(e.paste("Ada\r\nLovelace\u{2028}and\n\nBabbage\t!"), TextEditing.Insertion(kept: 26, cut: false))
        XCTAssertEqual(e.text, "Ada Lovelace and  Babbage!")
    }

    func testSyncKeepsTheCaretInRange() {
        var e = TextEditing(text: "abcdef")
        e.sync(text: "ab")
        XCTAssertEqual(e.head, 2)
        XCTAssertEqual(e.text, "ab")
    }

    /// What a recording keeps of a paste (`pasted`, the field's limit and one more) pastes as
    /// the whole did: control characters (tabs) are not counted, line ends are spaces.
    func testARecordedPastePrefixPastesAsTheWholeClipboard() {
        let clipboard = "a\tb\nc\u{7}d\r\nefgh" + String(repeating: "\t", count: 50) + "ijklmnop"
        for limit in [0, 1, 4, 6, 9, 12] {
            var whole = TextEditing(text: ""), replay = TextEditing(text: "")
            whole.limit = limit; replay.limit = limit
            let a = whole.paste(clipboard)
            let recorded = String(TextEditing.pasted(clipboard).prefix(limit + 1))
            let b = replay.paste(recorded)
            XCTAssertEqual(replay.text, whole.text, "limit \(limit)")
            XCTAssertEqual(b, a, "limit \(limit)")
        }
        XCTAssertEqual(String(TextEditing.pasted("a\tb\nc")), "ab c")
    }
}
