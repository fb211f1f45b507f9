// TextLayout: how text is set into lines: word wrapping, line and height limits, shrink-to-fit
// and the "…" ellipsis (`TextLayoutEngine`), with the options and result types it uses.
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

    public init(maxWidth: Double? = nil, lineLimit: Int? = nil, maxHeight: Double? = nil, minimumScale: Double = 1,
                lineHeight: Double? = nil, alignment: TextAlignment = .leading) {
        self.maxWidth = maxWidth; self.lineLimit = lineLimit; self.maxHeight = maxHeight
        self.minimumScale = minimumScale; self.lineHeight = lineHeight; self.alignment = alignment
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
/// is it cut, its last kept line ending in "…". A text that may not shrink is cut at once.
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
        var overflowed = false, dropped = false
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        for paragraph in paragraphs {
            let wrapped = options.maxWidth.map { wrap(String(paragraph), width: $0, font: font, measurer: measurer) }
                ?? [String(paragraph)]
            lines.append(contentsOf: wrapped)
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
                    lines.append(ellipsize(last + " ", width: options.maxWidth, font: font, measurer: measurer, force: true))
                }
            }
        }
        var set: [TextLine] = []
        var maxLineWidth = 0.0
        for (i, line) in lines.enumerated() {
            let w = measurer.width(of: line, font: font)
            maxLineWidth = max(maxLineWidth, w)
            set.append(TextLine(text: line, x: 0, baseline: metrics.ascent + Double(i) * skip, width: w))
        }
        let blockWidth = options.maxWidth ?? maxLineWidth
        for i in set.indices {
            switch options.alignment {
            case .leading: break
            case .center: set[i].x = ((blockWidth - set[i].width) / 2).rounded()
            case .trailing: set[i].x = blockWidth - set[i].width
            }
        }
        let height = set.isEmpty ? 0 : metrics.ascent + metrics.descent + Double(set.count - 1) * skip
        let layout = TextLayout(font: font, lines: set,
                                size: Size(options.maxWidth == nil ? maxLineWidth : min(blockWidth, max(maxLineWidth, 0)), height),
                                ascent: metrics.ascent, truncated: truncate && dropped, scale: 1)
        return (layout, overflowed)
    }

    /// Greedy wrap; a word wider than the line is broken between characters.
    ///
    /// Linear in the text's length (issue 29: re-measuring the growing line after every word
    /// took time growing with the square of its length, 8.8 s for a 10 KB form entry and the
    /// app unanswering meanwhile). Greedy's answer does not change: a line's width grows with
    /// every word (or character) added, so the longest run that fits is found by doubling the
    /// run, then halving the gap, each probe measured exactly as before.
    static func wrap(_ paragraph: String, width: Double, font: Font, measurer: TextMeasurer) -> [String] {
        let words = paragraph.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard !words.isEmpty else { return [""] }
        func fits(_ s: String) -> Bool { measurer.width(of: s, font: font) <= width + 0.01 }
        var lines: [String] = []
        var current = ""
        var i = 0
        while i < words.count {
            if current.isEmpty {
                // A line starts with a word, or with the pieces of one wider than the line.
                let word = words[i]
                i += 1
                if fits(word) {
                    current = word
                } else {
                    let pieces = characterPieces(word, fits: fits)
                    lines += pieces.dropLast()
                    current = pieces.last ?? ""
                }
                continue
            }
            // The most following words that still fit after `current`.
            let run = longestFitting(upTo: words.count - i) { n in
                fits(([current] + words[i..<(i + n)]).joined(separator: " "))
            }
            if run > 0 {
                current = ([current] + words[i..<(i + run)]).joined(separator: " ")
                i += run
            }
            if i < words.count { lines.append(current); current = "" }
        }
        lines.append(current)
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
    static func ellipsize(_ line: String, width: Double?, font: Font, measurer: TextMeasurer, force: Bool) -> String {
        guard let width else { return line }
        var chars = Array(line)
        func candidate() -> String {
            var s = String(chars)
            while s.hasSuffix(" ") { s.removeLast() }
            return s + ellipsis
        }
        if !force, measurer.width(of: line, font: font) <= width { return line }
        // The most characters that fit with the ellipsis (bisection: fewer never get wider).
        let all = chars
        let keep = longestFitting(upTo: all.count) { n in
            chars = Array(all[0..<n])
            return measurer.width(of: candidate(), font: font) <= width
        }
        chars = Array(all[0..<keep])
        return candidate()
    }
}
