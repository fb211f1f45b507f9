// TextField: the one-line editable text field (rounded-border style): caret and selection,
// typing and IME composition, editing keys, clipboard, horizontal scrolling and drawing.
import FlingCore

/// The only text-field style iOS forms use here: white, a hairline gray border, radius 5.
public struct RoundedBorderTextFieldStyle: Sendable {
    public init() {}
}

/// A one-line editable text (SwiftUI's `TextField` with the rounded-border style): tap to
/// focus and place the caret, type (through the platform's text input, IME composition
/// included), Backspace/Delete by whole characters, arrows, Home/End, Shift or mouse-drag
/// selection, Ctrl+A/C/X/V with the clipboard; Esc, Return or a tap outside ends editing.
public struct TextField: SingleNodeView {
    let placeholder: String
    let text: Binding<String>

    public init(_ placeholder: String, text: Binding<String>) {
        self.placeholder = placeholder; self.text = text
    }

    public func textFieldStyle(_ style: RoundedBorderTextFieldStyle) -> TextField { self }

    func makeNode(_ context: BuildContext) -> Node {
        let node: TextFieldNode
        if let reused = context.reusable(TextFieldNode.self) {
            reused.placeholder = placeholder; reused.text = text; reused.font = context.environment.font
            node = reused
        } else {
            node = TextFieldNode(path: context.path, placeholder: placeholder, text: text,
                                 font: context.environment.font, host: context.host)
        }
        node.rightToLeft = context.environment.layoutDirection == .rightToLeft
        return node
    }
}

@MainActor
final class TextFieldNode: Node, PointerTarget, Focusable {
    var placeholder: String
    var text: Binding<String>
    var font: Font
    /// Text and placeholder sit on the right while they fit, as UITextField's natural
    /// alignment puts them in Arabic (whatever the script typed).
    var rightToLeft = false
    unowned let host: ViewHost

    init(path: String, placeholder: String, text: Binding<String>, font: Font, host: ViewHost) {
        self.placeholder = placeholder; self.text = text; self.font = font; self.host = host
        super.init(path: path)
    }

    override var isInteractive: Bool { true }
    var showsFocusRing: Bool { false }
    var isFocused: Bool { host.focusedPath == path }

    override func measure(_ p: ProposedSize) -> Size {
        Size(p.width ?? WidgetMetrics.textFieldIdealWidth, WidgetMetrics.textFieldHeight)
    }

    override func baseline(last: Bool, size: Size) -> Double? {
        let m = host.env.measurer.metrics(of: font)
        return (size.height - (m.ascent + m.descent)) / 2 + m.ascent
    }

    override var hitFrame: Rect {
        let grow = max(0, WidgetMetrics.minimumHitSize - frame.height) / 2
        return frame.insetBy(dx: 0, dy: -grow)
    }

    private var textArea: Rect { frame.insetBy(dx: WidgetMetrics.textFieldInset, dy: 0) }

    private func width(_ s: String) -> Double { host.env.measurer.width(of: s, font: font) }

    /// What is drawn: the text with any composition spliced in at the caret.
    private func shownText() -> (text: String, compositionRange: Range<Int>?) {
        guard isFocused, let e = host.editing, !e.composition.isEmpty else { return (text.wrappedValue, nil) }
        var chars = Array(e.text)
        chars.insert(contentsOf: Array(e.composition), at: e.selection.lowerBound)
        return (String(chars), e.selection.lowerBound..<(e.selection.lowerBound + e.composition.count))
    }

    /// The caret's x before cluster `n` of `s`, from the text's left edge. Left-to-right text:
    /// the width of the text up to it. Mixed directions: the cluster's leading edge on screen
    /// (after the last cluster, its trailing edge), so the caret follows the visual order.
    private func prefixWidth(_ s: String, _ n: Int) -> Double {
        guard let spans = host.env.measurer.clusterSpans(of: s, font: font), !spans.isEmpty else { return width(String(s.prefix(n))) }
        return Self.caretX(spans, n, rightToLeft: Bidi.firstStrongDirection(s) == .rightToLeft)
    }

    /// Where the caret before cluster `n` is drawn in mixed-direction text: between two
    /// clusters of one direction, at their shared edge; where the direction changes, at the
    /// edge of the one that runs in the paragraph's direction (Pango's strong cursor), so that
    /// every position has its own place.
    static func caretX(_ spans: [ClusterSpan], _ n: Int, rightToLeft paragraph: Bool) -> Double {
        let before = n > 0 && n - 1 < spans.count ? spans[n - 1] : nil
        let after = n < spans.count ? spans[max(0, n)] : nil
        switch (before, after) {
        case let (b?, a?): return b.rightToLeft == a.rightToLeft || b.rightToLeft != paragraph ? a.leadingX : b.trailingX
        case let (b?, nil): return b.trailingX
        case let (nil, a?): return a.leadingX
        case (nil, nil): return 0
        }
    }

    /// The on-screen stretches of clusters `r` of `s` (a logical range: across a change of
    /// direction it is several stretches, as iOS and GTK paint it), from the text's left edge.
    private func spans(_ s: String, _ r: Range<Int>) -> [(Double, Double)] {
        guard let spans = host.env.measurer.clusterSpans(of: s, font: font), !spans.isEmpty else {
            return [(prefixWidth(s, r.lowerBound), prefixWidth(s, r.upperBound))]
        }
        var out: [(Double, Double)] = []
        for i in r where i < spans.count {
            let sp = spans[i]
            if let last = out.last, abs(last.1 - sp.minX) < 0.5 { out[out.count - 1].1 = sp.maxX }
            else if let last = out.last, abs(sp.maxX - last.0) < 0.5 { out[out.count - 1].0 = sp.minX }
            else { out.append((sp.minX, sp.maxX)) }
        }
        return out
    }

    /// How far the text is shifted left so that the caret stays in view.
    private func scrollX(_ shown: String, caret: Int) -> Double {
        max(0, prefixWidth(shown, caret) - (textArea.width - WidgetMetrics.caretWidth))
    }

    /// How far right of the text area's left edge a text that fits starts: 0, or in a
    /// right-to-left layout the room left of it (a text wider than the field scrolls instead).
    private func alignmentSlack(_ shown: String) -> Double {
        guard rightToLeft else { return 0 }
        return max(0, textArea.width - WidgetMetrics.caretWidth - width(shown))
    }

    /// The grapheme position nearest to window x `x` (prefix widths grow with the prefix, so
    /// a binary search measures O(log n) prefixes, not all of them).
    private func position(at x: Double) -> Int {
        let s = text.wrappedValue
        let caret = host.editing?.head ?? s.count
        let local = x - textArea.minX - alignmentSlack(shownText().text) + (isFocused ? scrollX(s, caret: caret) : 0)
        let xs = caretXs(s)
        if !xs.isEmpty {
            // Mixed directions: carets are not in order along x; the nearest one wins.
            return xs.indices.min { abs(xs[$0] - local) < abs(xs[$1] - local) } ?? 0
        }
        var lo = 0, hi = s.count
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if prefixWidth(s, mid) <= local { lo = mid } else { hi = mid - 1 }
        }
        // `lo` is the last boundary left of x; the next one may be nearer.
        guard lo < s.count else { return lo }
        return local - prefixWidth(s, lo) <= prefixWidth(s, lo + 1) - local ? lo : lo + 1
    }

    /// The caret position nearest to window x `x` (a middle click's paste point).
    func caretPosition(atX x: Double) -> Int { position(at: x) }

    /// The caret's rectangle in window pt while editing (the IME's candidate window goes
    /// just below it, as SDL_SetTextInputRect asks).
    var caretRect: Rect? {
        guard isFocused, let e = host.editing else { return nil }
        let (shown, _) = shownText()
        let caret = e.head + e.composition.count
        let x = textArea.minX + alignmentSlack(shown) - scrollX(shown, caret: caret) + prefixWidth(shown, caret)
        return Rect(x: x, y: frame.minY, width: WidgetMetrics.caretWidth, height: frame.height)
    }

    override func draw(into list: inout DisplayList) {
        list.fill(frame, radius: WidgetMetrics.textFieldRadius, .white)
        list.add(.strokeRect(frame, radii: CornerRadii(WidgetMetrics.textFieldRadius),
                             color: WidgetMetrics.textFieldBorder, lineWidth: 1))
        let (shown, composition) = shownText()
        let m = host.env.measurer.metrics(of: font)
        let top = frame.minY + ((frame.height - (m.ascent + m.descent)) / 2).rounded()
        let editing = isFocused ? host.editing : nil
        let caret = editing.map { $0.head + ($0.composition.isEmpty ? 0 : $0.composition.count) } ?? 0
        let shift = editing == nil ? 0 : scrollX(shown, caret: caret)
        let x0 = textArea.minX + alignmentSlack(shown) - shift
        list.clipped(to: textArea.insetBy(dx: -WidgetMetrics.caretWidth, dy: 0)) { list in
            if let e = editing, e.hasSelection {
                for (a, b) in spans(shown, e.selection) {
                    list.fill(Rect(x: x0 + a, y: top, width: b - a, height: m.ascent + m.descent),
                              SystemColor.blue.withAlpha(WidgetMetrics.selectionAlpha))
                }
            }
            if shown.isEmpty {
                list.text(host.env.layout(placeholder, font), at: Point(textArea.minX + alignmentSlack(placeholder), top), SystemColor.tertiaryLabel)
            } else {
                list.text(host.env.layout(shown, font), at: Point(x0, top), SystemColor.label)
            }
            if let r = composition {
                for (a, b) in spans(shown, r) {
                    list.fill(Rect(x: x0 + a, y: top + m.ascent + 2, width: b - a, height: WidgetMetrics.compositionUnderline), SystemColor.label)
                }
            }
            if let e = editing, !e.hasSelection, host.caretVisible {
                let x = (x0 + prefixWidth(shown, caret) - WidgetMetrics.caretWidth / 2).rounded()
                list.fill(Rect(x: x, y: top - 1, width: WidgetMetrics.caretWidth, height: m.ascent + m.descent + 2),
                          radius: 1, SystemColor.blue)
            }
        }
        if let notice = host.fieldNotice, notice.path == path {
            // Past the limit: said in red just under the field, in the row's bottom padding.
            let font = Font(size: WidgetMetrics.fieldNoticeFontSize)
            let room = frame.width - WidgetMetrics.textFieldInset
            let words = host.env.measurer.width(of: notice.text, font: font) <= room ? notice.text : host.env.localized("Limit reached")
            list.clipped(to: Rect(x: frame.minX, y: frame.maxY, width: frame.width, height: WidgetMetrics.fieldNoticeHeight)) { list in
                let layout = host.env.layout(words, font)
                let x = rightToLeft ? frame.maxX - WidgetMetrics.textFieldInset - layout.size.width : frame.minX + WidgetMetrics.textFieldInset
                list.text(layout, at: Point(x, frame.maxY + 1), SystemColor.red)
            }
        }
    }

    // MARK: Pointer

    func pressBegan(_ e: PointerEvent, host: ViewHost) -> PressClaim {
        guard isFocused else { return .tap }
        // Focused: a press places the caret and a drag selects.
        host.focus(self, caret: position(at: e.location.x))
        return .gesture
    }

    func pressMoved(_ e: PointerEvent, host: ViewHost) {
        guard isFocused, var edit = host.editing else { return }
        edit.move(to: position(at: e.location.x), extending: true)
        host.editing = edit
    }

    func pressEnded(_ e: PointerEvent, tapped: Bool, host: ViewHost) {
        if tapped, !isFocused { host.focus(self, caret: position(at: e.location.x)) }
    }

    func pressCancelled(time: Double, host: ViewHost) {}

    // MARK: Keys

    /// The caret's x at each position 0…count of `s` in mixed-direction text ([] otherwise).
    private func caretXs(_ s: String) -> [Double] {
        guard let sp = host.env.measurer.clusterSpans(of: s, font: font), !sp.isEmpty else { return [] }
        let rtl = Bidi.firstStrongDirection(s) == .rightToLeft
        return (0...s.count).map { Self.caretX(sp, $0, rightToLeft: rtl) }
    }

    /// Where Left or Right takes the caret in mixed-direction text: the next position on that
    /// side in screen order (x, then logical order, so positions drawn at one x each take a
    /// press, as GTK does); nil: the text runs one way, or nothing is on that side.
    private func visualStep(_ e: TextEditing, left: Bool) -> Int? {
        let xs = caretXs(e.text)
        guard xs.count == e.count + 1 else { return nil }
        let order = xs.indices.sorted { (xs[$0], $0) < (xs[$1], $1) }
        guard let rank = order.firstIndex(of: e.head) else { return nil }
        let next = left ? rank - 1 : rank + 1
        return order.indices.contains(next) ? order[next] : nil
    }

    func keyPressed(_ key: Key, host: ViewHost) -> Bool {
        guard var e = host.editing else { return false }
        let shift = key.modifiers.contains(.shift)
        let plain = key.modifiers.subtracting(.shift).isEmpty
        switch key.code {
        case .backspace where plain: e.deleteBackward()
        case .backspace where key.modifiers == .control: e.deleteWordBackward()
        case .delete where plain: e.deleteForward()
        case .left where plain, .right where plain:
            let left = key.code == .left
            let xs = caretXs(e.text)
            if xs.count == e.count + 1 {
                // Mixed directions: the arrow moves the caret on screen, not in the text; a
                // selection collapses to its edge on that side.
                if e.hasSelection && !shift {
                    let (a, b) = (e.selection.lowerBound, e.selection.upperBound)
                    e.move(to: (xs[a] < xs[b]) == left ? a : b)
                } else if let to = visualStep(e, left: left) {
                    e.move(to: to, extending: shift)
                }
            } else if left {
                e.moveLeft(extending: shift)
            } else {
                e.moveRight(extending: shift)
            }
        case .home where plain, .up where plain: e.moveToStart(extending: shift)
        case .end where plain, .down where plain: e.moveToEnd(extending: shift)
        case .return:
            host.unfocus()
            return true
        case .character("a") where key.modifiers == .control: e.selectAll()
        case .character("c") where key.modifiers == .control:
            if e.hasSelection { host.env.clipboard.text = e.selectedText }
            return true
        case .character("x") where key.modifiers == .control:
            if let cut = e.cut() { host.env.clipboard.text = cut }
        case .character("v") where key.modifiers == .control:
            guard let pasted = host.env.clipboard.text else { return true }
            // Up to the limit, read no further (a 20 MB clipboard), and said as typing says it.
            let insertion = e.paste(pasted)
            host.commit(e, to: self, insertion: insertion)
            return true
        default:
            return false
        }
        host.commit(e, to: self)
        return true
    }
}
