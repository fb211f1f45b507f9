// ATSPIText: a text field's Text and EditableText for AT-SPI clients: its characters by
// Unicode scalar offsets, the text at an offset by character, word or line, the caret and the
// selection, and the edits a screen reader makes (set, insert, delete).
import FlingCore

extension ATSPIBridge {
    /// The scalars of `s` from `start` to `end` (-1: the end), clamped.
    nonisolated static func slice(_ s: String, _ start: Int, _ end: Int) -> String {
        let scalars = Array(s.unicodeScalars)
        let hi = end < 0 ? scalars.count : min(end, scalars.count)
        let lo = max(0, min(start, hi))
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[lo..<hi])
        return String(out)
    }

    /// The word around `offset` (scalars between spaces), as start..<end.
    nonisolated static func word(in s: String, at offset: Int) -> Range<Int> {
        let scalars = Array(s.unicodeScalars)
        guard !scalars.isEmpty else { return 0..<0 }
        let o = max(0, min(offset, scalars.count - 1))
        func isSpace(_ i: Int) -> Bool { scalars[i].properties.isWhitespace }
        var lo = o, hi = o
        if isSpace(o) { return o..<(o + 1) }
        while lo > 0, !isSpace(lo - 1) { lo -= 1 }
        while hi < scalars.count, !isSpace(hi) { hi += 1 }
        return lo..<hi
    }

    /// The range a boundary (GetTextAtOffset's 0 char, 1–2 word, 3–4 sentence, 5–6 line) or
    /// granularity (GetStringAtOffset's 0 char, 1 word, 2 sentence, 3 line, 4 paragraph) gives.
    nonisolated static func range(in s: String, at offset: Int, unit: UInt32, granularity: Bool) -> Range<Int> {
        let count = s.unicodeScalars.count
        let kind: Int
        if granularity { kind = unit == 0 ? 0 : unit == 1 ? 1 : 2 } else { kind = unit == 0 ? 0 : unit <= 2 ? 1 : 2 }
        switch kind {
        case 0: let o = max(0, min(offset, count)); return o < count ? o..<(o + 1) : o..<o
        case 1: return word(in: s, at: offset)
        default: return 0..<count   // one line, one sentence as far as a field goes
        }
    }

    func answerText(_ m: DBusMessage, _ object: Object, _ member: String) -> DBusMessage? {
        guard case .element(let e) = object, let t = e.text else { return nil }
        var args = m.reader
        let count = t.string.unicodeScalars.count
        switch member {
        case "GetText":
            let a = Int(args.int32() ?? 0), b = Int(args.int32() ?? -1)
            return m.reply()?.write { $0.string(Self.slice(t.string, a, b)) }
        case "GetCharacterAtOffset":
            let o = Int(args.int32() ?? 0)
            let scalars = Array(t.string.unicodeScalars)
            let c = scalars.indices.contains(o) ? Int32(bitPattern: scalars[o].value) : 0
            return m.reply()?.write { $0.int32(c) }
        case "GetTextAtOffset", "GetStringAtOffset", "GetTextBeforeOffset", "GetTextAfterOffset":
            let o = Int(args.int32() ?? 0), unit = args.uint32() ?? 0
            var r = Self.range(in: t.string, at: o, unit: unit, granularity: member == "GetStringAtOffset")
            if member == "GetTextBeforeOffset" { r = r.lowerBound > 0 ? Self.range(in: t.string, at: r.lowerBound - 1, unit: unit, granularity: false) : 0..<0 }
            if member == "GetTextAfterOffset" { r = r.upperBound < count ? Self.range(in: t.string, at: r.upperBound, unit: unit, granularity: false) : count..<count }
            return m.reply()?.write { $0.string(Self.slice(t.string, r.lowerBound, r.upperBound)); $0.int32(Int32(r.lowerBound)); $0.int32(Int32(r.upperBound)) }
        case "SetCaretOffset":
            let o = Int(args.int32() ?? 0)
            let done = host.setAccessibilityCaret(max(0, min(o, count)), on: e.id)
            invalidate()
            return m.reply()?.write { $0.bool(done) }
        case "GetNSelections":
            return m.reply()?.write { $0.int32(t.selection.isEmpty ? 0 : 1) }
        case "GetSelection":
            return m.reply()?.write { $0.int32(Int32(t.selection.lowerBound)); $0.int32(Int32(t.selection.upperBound)) }
        case "AddSelection", "SetSelection", "RemoveSelection":
            return m.reply()?.write { $0.bool(false) }
        case "GetCharacterExtents", "GetRangeExtents":
            // The field's box: Fling does not export each character's place.
            if member == "GetRangeExtents" { _ = args.int32() }
            _ = args.int32()
            let r = extents(of: object, coordType: args.uint32() ?? 0)
            let (x, y, w, h) = (Self.clamped(r.minX), Self.clamped(r.minY), Self.clamped(r.width), Self.clamped(r.height))
            return m.reply()?.write { $0.int32(x); $0.int32(y); $0.int32(w); $0.int32(h) }
        case "GetOffsetAtPoint": return m.reply()?.write { $0.int32(Int32(t.caret)) }
        case "GetAttributes", "GetAttributeRun":
            return m.reply()?.write { w in w.array("{ss}") { _ in }; w.int32(0); w.int32(Int32(count)) }
        case "GetDefaultAttributes", "GetDefaultAttributeSet":
            return m.reply()?.write { w in w.array("{ss}") { _ in } }
        case "GetAttributeValue": return m.reply()?.write { $0.string("") }
        case "GetBoundedRanges": return m.reply()?.write { w in w.array("(iisv)") { _ in } }
        default: return nil
        }
    }

    func answerEditableText(_ m: DBusMessage, _ object: Object, _ member: String) -> DBusMessage? {
        guard case .element(let e) = object, let t = e.text else { return nil }
        var args = m.reader
        let new: String
        switch member {
        case "SetTextContents": new = args.string() ?? ""
        case "InsertText":
            let at = Int(args.int32() ?? 0), s = args.string() ?? "", length = Int(args.int32() ?? -1)
            let inserted = length >= 0 ? Self.slice(s, 0, length) : s
            new = Self.slice(t.string, 0, at) + inserted + Self.slice(t.string, at, -1)
        case "DeleteText", "CutText":
            let a = Int(args.int32() ?? 0), b = Int(args.int32() ?? 0)
            new = Self.slice(t.string, 0, a) + Self.slice(t.string, max(a, b), -1)
        case "CopyText": return m.reply()
        case "PasteText": return m.reply()?.write { $0.bool(false) }
        default: return nil
        }
        let done = host.setAccessibilityText(new, on: e.id)
        invalidate()
        return m.reply()?.write { $0.bool(done) }
    }
}
