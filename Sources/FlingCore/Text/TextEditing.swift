/// The editing state of one text field: its text, the selection (a caret when empty) and the
/// IME's composition. Positions count grapheme clusters (Swift `Character`s), so Backspace
/// removes a whole "é" or emoji, as iOS does.
public struct TextEditing: Equatable, Sendable {
    public private(set) var text: String
    /// Where a Shift-selection started; equal to `head` for a plain caret.
    public private(set) var anchor: Int
    /// The caret: the end of the selection that moves.
    public private(set) var head: Int
    /// Text the input method is composing (drawn underlined at the caret, not yet committed).
    public var composition: String = ""

    public init(text: String, caret: Int? = nil) {
        self.text = text
        let c = min(max(0, caret ?? text.count), text.count)
        anchor = c; head = c
    }

    public var count: Int { text.count }
    public var selection: Range<Int> { min(anchor, head)..<max(anchor, head) }
    public var hasSelection: Bool { anchor != head }
    public var selectedText: String { substring(selection) }

    /// Whether the next letter starts a sentence (UIKit's sentence autocapitalization): the
    /// caret at the start, or after ". ", "! " or "? ".
    public var atSentenceStart: Bool {
        let before = substring(0..<min(anchor, head))
        let trimmed = before.reversed().drop { $0 == " " }
        guard let last = trimmed.first else { return true }
        return before.last == " " && (last == "." || last == "!" || last == "?")
    }

    func substring(_ r: Range<Int>) -> String {
        let s = text.index(text.startIndex, offsetBy: r.lowerBound)
        let e = text.index(text.startIndex, offsetBy: r.upperBound)
        return String(text[s..<e])
    }

    private mutating func replace(_ r: Range<Int>, with s: String) {
        let start = text.index(text.startIndex, offsetBy: r.lowerBound)
        let end = text.index(text.startIndex, offsetBy: r.upperBound)
        let prefix = String(text[..<start]) + s
        text.replaceSubrange(start..<end, with: s)
        // The caret goes after what was typed, counted in the new text: a combining mark
        // merges into the character before it, two regional indicators into one flag.
        let caret = min(text.count, prefix.count)
        anchor = caret; head = caret
    }

    /// The most characters the field holds (InteractionConstants.maxFieldCharacters).
    public var limit = InteractionConstants.maxFieldCharacters

    /// How far typed or pasted text went in.
    public struct Insertion: Equatable, Sendable {
        /// How many of its characters went in (a line end made a space counts; a dropped
        /// control character does not): where it stopped.
        public var kept: Int
        /// It reached the field's limit with more of it left, which was not read any further:
        /// how much did not fit is not counted, so a 20 MB paste is never walked to its end.
        public var cut: Bool
        public init(kept: Int, cut: Bool) { self.kept = kept; self.cut = cut }
    }

    /// Types `s` over the selection. Control characters (a pasted newline, tab, ESC, a C1
    /// code) are dropped, as a one-line UITextField drops them, and so is whatever
    /// would take the text past `limit`. `s` is read one character (grapheme cluster) at a time
    /// up to the first that does not fit, so a cut falls between two characters, never inside
    /// one (an accent stays on its letter, a flag whole), and only as much of a long paste is
    /// read as goes in.
    @discardableResult
    public mutating func insert(_ s: some Sequence<Character>) -> Insertion {
        composition = ""
        let room = max(0, limit - (count - selection.count))
        var clean = "", kept = 0, cut = false
        for c in s {
            let piece: Character
            if c == "\n" || c == "\r" || c == "\r\n" {
                // A line end is a space, one for a run of them (see `withoutControls`).
                if clean.unicodeScalars.last == " " { continue }
                piece = " "
            } else if Self.isControl(c) {
                // A control character is a cluster of its own (UAX #29): it goes alone.
                continue
            } else {
                piece = c
            }
            if kept == room { cut = true; break }
            clean.append(piece)
            kept += 1
        }
        replace(selection, with: clean)
        return Insertion(kept: kept, cut: cut)
    }

    /// Pastes `s` over the selection as `insert` types it, on one line: each line break
    /// (any of Unicode's) becomes a space, as UITextField does, mapped lazily, character by
    /// character, as the insertion reads them.
    @discardableResult
    public mutating func paste(_ s: String) -> Insertion {
        insert(s.lazy.map { $0.isNewline ? " " : $0 })
    }

    /// C0 and C1 control characters and DEL.
    private static func isControl(_ u: Unicode.Scalar) -> Bool { u.value < 0x20 || (0x7F...0x9F).contains(u.value) }
    /// A character a paste leaves out (a control character; a line end becomes a space).
    public static func isControl(_ c: Character) -> Bool { c.unicodeScalars.contains(where: isControl) }

    /// What a paste of `s` reads: line ends as spaces, control characters left out, lazily
    /// (the characters a field counts against its limit; a recording keeps as many).
    public static func pasted(_ s: String) -> some Sequence<Character> {
        s.lazy.map { $0.isNewline ? " " : $0 }.filter { !isControl($0) }
    }

    /// `s` without C0 and C1 control characters and DEL; a line end becomes a space so the
    /// words either side of a pasted line break stay apart.
    public static func withoutControls(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: isControl) else { return s }
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars {
            if u == "\n" || u == "\r" {
                if out.last != " " { out.append(" ") }
            } else if !isControl(u) {
                out.append(u)
            }
        }
        return String(out)
    }

    /// Backspace: the selection, or the character before the caret. A character of several
    /// code points that is not an emoji loses its last one, as on iOS: an accent typed after
    /// its letter, a vowel sign, the consonant of a conjunct (स्त to स्), Thai's ำ, a zero
    /// width non-joiner; an emoji sequence, a flag or a keycap goes whole.
    public mutating func deleteBackward() {
        if hasSelection { replace(selection, with: ""); return }
        guard head > 0 else { return }
        let cluster = substring((head - 1)..<head)
        var scalars = Array(cluster.unicodeScalars)
        if scalars.count > 1, !Self.isEmojiCluster(scalars) {
            scalars.removeLast()
            var rest = String.UnicodeScalarView()
            rest.append(contentsOf: scalars)
            replace((head - 1)..<head, with: String(rest))
            return
        }
        replace((head - 1)..<head, with: "")
    }

    /// Whether a cluster is an emoji (a pictograph, a flag, a keycap, a tag sequence), which
    /// Backspace removes whole.
    static func isEmojiCluster(_ scalars: [Unicode.Scalar]) -> Bool {
        scalars.contains { u in
            (u.properties.isEmoji && !u.isASCII) || u.value == 0x20E3 || u.value == 0xFE0F
                || (0x1F1E6...0x1F1FF).contains(u.value) || (0xE0020...0xE007F).contains(u.value)
        }
    }

    /// Ctrl+Backspace (and the on-screen keyboard's held delete): the selection, or the word
    /// before the caret with the spaces after it.
    public mutating func deleteWordBackward() {
        if hasSelection { replace(selection, with: ""); return }
        guard head > 0 else { return }
        let chars = Array(substring(0..<head))
        var start = chars.count
        while start > 0, chars[start - 1] == " " { start -= 1 }
        while start > 0, chars[start - 1] != " " { start -= 1 }
        replace(start..<head, with: "")
    }

    /// Delete: the selection, or the character after the caret.
    public mutating func deleteForward() {
        if hasSelection { replace(selection, with: ""); return }
        guard head < count else { return }
        replace(head..<(head + 1), with: "")
    }

    /// Left/Right: a collapsed selection moves by one; a selection collapses to its edge.
    /// With Shift the head moves and the anchor stays.
    public mutating func moveLeft(extending: Bool = false) {
        if extending { head = max(0, head - 1); return }
        let to = hasSelection ? selection.lowerBound : max(0, head - 1)
        anchor = to; head = to
    }

    public mutating func moveRight(extending: Bool = false) {
        if extending { head = min(count, head + 1); return }
        let to = hasSelection ? selection.upperBound : min(count, head + 1)
        anchor = to; head = to
    }

    /// Home/End (and Up/Down in a one-line field).
    public mutating func moveToStart(extending: Bool = false) { move(to: 0, extending: extending) }
    public mutating func moveToEnd(extending: Bool = false) { move(to: count, extending: extending) }

    public mutating func move(to position: Int, extending: Bool = false) {
        head = min(max(0, position), count)
        if !extending { anchor = head }
    }

    public mutating func selectAll() { anchor = 0; head = count }

    /// Ctrl+X: removes the selection and returns it (nil with nothing selected).
    public mutating func cut() -> String? {
        guard hasSelection else { return nil }
        let s = selectedText
        replace(selection, with: "")
        return s
    }

    /// Replaces the text from outside (the bound value changed), keeping the caret in range.
    public mutating func sync(text newText: String) {
        guard newText != text else { return }
        text = newText
        anchor = min(anchor, text.count); head = min(head, text.count)
    }
}
