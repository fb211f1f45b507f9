// TextLayout: how text is set into lines: wrapping where Unicode allows a line to end (UAX #14:
// at spaces, between ideographs, never before a closing mark), line and height limits,
// shrink-to-fit and the "…" ellipsis (`TextLayoutEngine`), each paragraph in its own direction
// (from its first strong character, as on iOS), with the options and result types it uses.
public enum TextAlignment: String, Sendable { case leading, center, trailing }

/// How a block of text is to be set (SwiftUI's Text modifiers).
public struct TextOptions: Equatable, Sendable {
    /// Wrap to this width in pt; nil sets one line of any width.
    public var maxWidth: Double?
    /// At most this many lines (nil = unlimited); overflow ends the last line with "…".
    public var lineLimit: Int?
    /// At most this high in pt (nil = any height): the height a parent proposes. Lines that
    /// do not fit it count as overflow, like lines past `lineLimit`; at least one line is set.
    public var maxHeight: Double?
    /// Shrink the font down to this factor before truncating (SwiftUI `minimumScaleFactor`).
    public var minimumScale: Double
    /// Baseline-to-baseline distance as a multiple of the font size; nil uses the font's own.
    public var lineHeight: Double?
    public var alignment: TextAlignment
    /// Set in a right-to-left layout (SwiftUI's): leading is the right edge for every
    /// paragraph, English ones too. Otherwise leading is each paragraph's own start (an Arabic
    /// one's right edge in an English UI, as UIKit's natural alignment puts it).
    public var rightToLeftLayout: Bool

    public init(maxWidth: Double? = nil, lineLimit: Int? = nil, maxHeight: Double? = nil, minimumScale: Double = 1,
                lineHeight: Double? = nil, alignment: TextAlignment = .leading, rightToLeftLayout: Bool = false) {
        self.maxWidth = maxWidth; self.lineLimit = lineLimit; self.maxHeight = maxHeight
        self.minimumScale = minimumScale; self.lineHeight = lineHeight; self.alignment = alignment
        self.rightToLeftLayout = rightToLeftLayout
    }

    /// Where the block's lines go in its width, left to right: the alignment in a
    /// right-to-left layout's terms (nil: each paragraph's own direction decides).
    public var layoutAlignment: TextAlignment? {
        guard rightToLeftLayout else { return nil }
        switch alignment {
        case .leading: return .trailing
        case .center: return .center
        case .trailing: return .leading
        }
    }
}

/// One set line: its text and where its baseline sits within the block.
public struct TextLine: Equatable, Sendable {
    public var text: String
    /// Left edge relative to the block (alignment applied).
    public var x: Double
    /// Baseline relative to the block's top.
    public var baseline: Double
    public var width: Double
    /// The line's paragraph runs right to left (its first strong character is Arabic or
    /// Hebrew): it is drawn in that base direction and its leading edge is on the right.
    public var rightToLeft: Bool = false

    public init(text: String, x: Double, baseline: Double, width: Double, rightToLeft: Bool = false) {
        self.text = text; self.x = x; self.baseline = baseline; self.width = width; self.rightToLeft = rightToLeft
    }
}

/// The result of setting a text: lines, block size and baselines, all in pt.
public struct TextLayout: Equatable, Sendable {
    public var font: Font
    public var lines: [TextLine]
    public var size: Size
    public var ascent: Double
    public var truncated: Bool
    /// The factor the font was shrunk by to fit (1 = not shrunk).
    public var scale: Double

    public var firstBaseline: Double { lines.first?.baseline ?? ascent }
    public var lastBaseline: Double { lines.last?.baseline ?? ascent }
}

/// Greedy word wrapping with line limits, shrink-to-fit and ellipsis, on any `TextMeasurer`.
///
/// SwiftUI's `lineLimit` + `minimumScaleFactor`: the text is set at full size within its
/// width, line limit and height; if it does not fit (lines would be cut), the font shrinks
/// to the largest scale at which it fits, never below `minimumScale`; only at that minimum
/// is it cut, its last kept line filled to the character with what follows and ending in
/// "…" (UIKit's tail truncation). A text that may not shrink is cut at once.
public enum TextLayoutEngine {
    public static let ellipsis = "…"

    public static func layout(_ text: String, font: Font, options: TextOptions = TextOptions(),
                              measurer: TextMeasurer) -> TextLayout {
        let full = set(text, font: font, options: options, measurer: measurer, truncate: false)
        guard full.overflowed, options.minimumScale < 1 else {
            return full.overflowed
                ? set(text, font: font, options: options, measurer: measurer, truncate: true).layout
                : full.layout
        }
        // Shrink to fit: the largest scale (bisected to 1/128 of the range from the minimum
        // to 1) at which nothing overflows, the width, the line limit and the height alike.
        var lo = max(0.01, options.minimumScale), hi = 1.0
        let smallest = set(text, font: font.withSize(font.size * lo), options: options,
                           measurer: measurer, truncate: false)
        if smallest.overflowed {
            var result = set(text, font: font.withSize(font.size * lo), options: options,
                             measurer: measurer, truncate: true).layout
            result.scale = lo
            return result
        }
        for _ in 0..<7 {
            let mid = (lo + hi) / 2
            let attempt = set(text, font: font.withSize(font.size * mid), options: options,
                              measurer: measurer, truncate: false)
            if attempt.overflowed { hi = mid } else { lo = mid }
        }
        var result = set(text, font: font.withSize(font.size * lo), options: options,
                         measurer: measurer, truncate: false).layout
        result.scale = lo
        return result
    }

    private static func set(_ text: String, font: Font, options: TextOptions,
                            measurer: TextMeasurer, truncate: Bool) -> (layout: TextLayout, overflowed: Bool) {
        let metrics = measurer.metrics(of: font)
        let skip = options.lineHeight.map { $0 * font.size } ?? metrics.lineSkip
        var lines: [String] = []
        var directions: [Bool] = []
        // Each line's paragraph: a cut last line is filled from the rest of it.
        var paragraphOf: [Int] = []
        var overflowed = false, dropped = false
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (p, paragraph) in paragraphs.enumerated() {
            let rtl = Bidi.firstStrongDirection(String(paragraph)) == .rightToLeft
            let wrapped = options.maxWidth.map { wrap(String(paragraph), width: $0, font: font, rightToLeft: rtl, measurer: measurer) }
                ?? [String(paragraph)]
            lines.append(contentsOf: wrapped)
            directions.append(contentsOf: repeatElement(rtl, count: wrapped.count))
            paragraphOf.append(contentsOf: repeatElement(p, count: wrapped.count))
        }
        // The lines allowed: the line limit's, and as many as the height holds.
        var allowed = options.lineLimit ?? Int.max
        if let maxHeight = options.maxHeight {
            let room = maxHeight + 0.01 - metrics.ascent - metrics.descent
            let fit = room < 0 ? 0 : skip > 0 ? Int((room / skip).rounded(.down)) + 1 : Int.max
            allowed = min(allowed, fit)
        }
        if lines.count > allowed || allowed < 1 {
            overflowed = true
            if lines.count > max(1, allowed) {
                dropped = true
                lines = Array(lines.prefix(max(1, allowed)))
                if truncate, let last = lines.popLast() {
                    // As UIKit truncates the tail: the last line is filled with as much of the
                    // rest of its paragraph as fits before the "…", to the character.
                    let k = lines.count
                    let rtl = k < directions.count && directions[k]
                    let rest = k < paragraphOf.count ? remainder(of: paragraphs[paragraphOf[k]], from: k, lines: lines + [last], paragraphOf: paragraphOf) : last
                    lines.append(ellipsize(rest + " ", width: options.maxWidth, font: font, rightToLeft: rtl, measurer: measurer, force: true))
                }
            }
        }
        var set: [TextLine] = []
        var maxLineWidth = 0.0
        for (i, line) in lines.enumerated() {
            let w = measurer.width(of: line, font: font, rightToLeft: i < directions.count && directions[i])
            maxLineWidth = max(maxLineWidth, w)
            set.append(TextLine(text: line, x: 0, baseline: metrics.ascent + Double(i) * skip, width: w,
                                rightToLeft: i < directions.count && directions[i]))
        }
        let blockWidth = options.maxWidth ?? maxLineWidth
        for i in set.indices {
            // Leading and trailing are the layout's in a right-to-left one; otherwise the
            // paragraph's own: a right-to-left paragraph starts on the right.
            if let a = options.layoutAlignment {
                switch a {
                case .leading: break
                case .center: set[i].x = ((blockWidth - set[i].width) / 2).rounded()
                case .trailing: set[i].x = blockWidth - set[i].width
                }
                continue
            }
            switch (options.alignment, set[i].rightToLeft) {
            case (.leading, false), (.trailing, true): break
            case (.center, _): set[i].x = ((blockWidth - set[i].width) / 2).rounded()
            case (.trailing, false), (.leading, true): set[i].x = blockWidth - set[i].width
            }
        }
        let height = set.isEmpty ? 0 : metrics.ascent + metrics.descent + Double(set.count - 1) * skip
        let layout = TextLayout(font: font, lines: set,
                                size: Size(options.maxWidth == nil ? maxLineWidth : min(blockWidth, max(maxLineWidth, 0)), height),
                                ascent: metrics.ascent, truncated: truncate && dropped, scale: 1)
        return (layout, overflowed)
    }

    /// The paragraph from line `k`'s start on. Lines are the paragraph's scalars in order, less
    /// the spaces dropped where they broke, so line `k` starts after the scalars of the lines
    /// before it in the paragraph and the spaces after each (linear; asked only when a line is cut).
    static func remainder(of paragraph: Substring, from k: Int, lines: [String], paragraphOf: [Int]) -> String {
        let scalars = paragraph.unicodeScalars
        var cursor = scalars.startIndex
        var j = k
        while j > 0, paragraphOf[j - 1] == paragraphOf[k] { j -= 1 }
        while j < k {
            cursor = scalars.index(cursor, offsetBy: lines[j].unicodeScalars.count, limitedBy: scalars.endIndex) ?? scalars.endIndex
            while cursor < scalars.endIndex, scalars[cursor] == " " { scalars.formIndex(after: &cursor) }
            j += 1
        }
        return String(scalars[cursor...])
    }

    /// Greedy wrap at the line-break opportunities of UAX #14 (`LineBreaking`): after spaces,
    /// between ideographs and kana, after hyphens, never before a closing mark or a small kana
    /// (kinsoku); Korean at spaces, as UIKit sets it; a stretch with no opportunity wider than the line is cut between grapheme
    /// clusters. Spaces at a line's end hang past it and are dropped.
    ///
    /// Linear in the text's length: a line's width grows with every piece added, so the
    /// longest run that fits is found by doubling the run, then halving the gap (re-measuring
    /// the growing line after every piece took time growing with the square of its length).
    static func wrap(_ paragraph: String, width: Double, font: Font, rightToLeft: Bool = false, measurer: TextMeasurer) -> [String] {
        let segments = LineBreaking.segments(paragraph, hangulWordPriority: true).map(String.init)
        guard !segments.isEmpty else { return [""] }
        func trimmed(_ s: String) -> String {
            guard s.last == " " else { return s }   // the common case, without a copy
            var t = Substring(s)
            while t.last == " " { t.removeLast() }
            return String(t)
        }
        func fits(_ s: String) -> Bool { measurer.width(of: trimmed(s), font: font, rightToLeft: rightToLeft) <= width + 0.01 }
        var lines: [String] = []
        var current = ""
        var i = 0
        while i < segments.count {
            if current.isEmpty {
                // A line starts with a piece, or with the parts of one wider than the line.
                let segment = segments[i]
                i += 1
                if fits(segment) {
                    current = segment
                } else {
                    let word = trimmed(segment)
                    let pieces = characterPieces(word, fits: fits)
                    lines += pieces.dropLast()
                    // The last part keeps the spaces after it, so the next word stays apart.
                    current = (pieces.last ?? "") + String(segment.dropFirst(word.count))
                }
                continue
            }
            // The most following pieces that still fit after `current`.
            let run = longestFitting(upTo: segments.count - i) { n in
                fits(current + segments[i..<(i + n)].joined())
            }
            if run > 0 {
                current += segments[i..<(i + run)].joined()
                i += run
            }
            if i < segments.count { lines.append(trimmed(current)); current = "" }
        }
        lines.append(trimmed(current))
        return lines
    }

    /// A word wider than the line, cut between characters: each piece the longest that fits
    /// (at least one character).
    static func characterPieces(_ word: String, fits: (String) -> Bool) -> [String] {
        let chars = Array(word)
        var pieces: [String] = []
        var start = 0
        while start < chars.count {
            let n = max(1, longestFitting(upTo: chars.count - start) { fits(String(chars[start..<(start + $0)])) })
            pieces.append(String(chars[start..<(start + n)]))
            start += n
        }
        return pieces.isEmpty ? [""] : pieces
    }

    /// The largest n in 0…limit with `fits(n)` (0 when none does), for a `fits` that holds up
    /// to some n and fails after it: doubling, then bisection — O(log n) probes.
    static func longestFitting(upTo limit: Int, _ fits: (Int) -> Bool) -> Int {
        guard limit > 0 else { return 0 }
        var ok = 0, bad = limit + 1, step = 1
        while ok + step < bad {
            if fits(ok + step) { ok += step; step *= 2 } else { bad = ok + step; break }
        }
        while bad - ok > 1 {
            let mid = (ok + bad) / 2
            if fits(mid) { ok = mid } else { bad = mid }
        }
        return ok
    }

    /// Cuts `line` so that it plus "…" fits `width` (drops trailing spaces before the ellipsis).
    static func ellipsize(_ line: String, width: Double?, font: Font, rightToLeft: Bool = false, measurer: TextMeasurer, force: Bool) -> String {
        guard let width else { return line }
        var chars = Array(line)
        func candidate() -> String {
            var s = String(chars)
            while s.hasSuffix(" ") { s.removeLast() }
            return s + ellipsis
        }
        if !force, measurer.width(of: line, font: font, rightToLeft: rightToLeft) <= width { return line }
        // The most characters that fit with the ellipsis (bisection: fewer never get wider).
        let all = chars
        let keep = longestFitting(upTo: all.count) { n in
            chars = Array(all[0..<n])
            return measurer.width(of: candidate(), font: font, rightToLeft: rightToLeft) <= width
        }
        chars = Array(all[0..<keep])
        return candidate()
    }
}
