// TextPieces: how one line of text is cut for drawing. The Unicode bidirectional algorithm
// orders it into runs of one direction (left to right on screen); each run is cut where the
// face changes (a character the bundled face lacks comes from a system font, an emoji from the
// colour emoji font) or the script does, since HarfBuzz shapes a run in one face, one script
// and one direction. Pieces never split a grapheme cluster: a combining mark stays with its
// base, an emoji ZWJ sequence or a flag is one piece of the emoji face.
import FlingCore

/// Where a piece's glyphs come from.
enum FaceSource: Hashable, Sendable {
    /// The bundled face of the text's style (Inter, Nunito, the icons).
    case bundled
    case system(SystemFace)
}

/// A stretch of a line shaped as one: its text in logical order, its face, direction and
/// script. A line's pieces are in visual order, left to right.
struct TextPiece: Hashable, Sendable {
    var text: String
    var source: FaceSource
    var rightToLeft: Bool
    var script: WritingSystem
    /// The index of its first grapheme cluster in the line (pieces are in visual order; this
    /// is where each one is in logical order).
    var start: Int = 0
}

enum TextPieces {
    /// Whether `text` needs the bidirectional algorithm: it has a right-to-left character or a
    /// bidi control (a left-to-right-only line in a left-to-right paragraph is one run).
    static func needsBidi(_ text: String) -> Bool {
        // Every right-to-left character and bidi control is U+0590 or above, so its UTF-8 has a
        // byte of 0xD6 or more: Latin, Greek and Cyrillic are answered from the bytes alone
        // (a focused field asks several times a frame).
        guard text.utf8.contains(where: { $0 >= 0xD6 }) else { return false }
        return text.unicodeScalars.contains { u in
            let v = u.value
            return (0x0590...0x08FF).contains(v) || (0xFB1D...0xFDFF).contains(v) || (0xFE70...0xFEFF).contains(v)
                || (0x10800...0x10FFF).contains(v) || (0x1E800...0x1EFFF).contains(v)
                || v == 0x200F || v == 0x061C || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
        }
    }

    /// Whether a grapheme cluster is shown as emoji (colour) rather than as text: an emoji
    /// presentation character, a variation selector 16, a flag, or a ZWJ or skin-tone
    /// sequence; a variation selector 15 asks for text.
    static func isEmoji(_ c: Character) -> Bool {
        let us = c.unicodeScalars
        guard let first = us.first else { return false }
        if us.contains("\u{FE0E}") { return false }
        // A digit, # or * is an emoji only as a keycap (with U+20E3).
        if first.isASCII { return us.contains("\u{20E3}") }
        if us.contains("\u{FE0F}") { return true }
        if first.properties.isEmojiPresentation { return true }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return true }
        if us.count > 1, first.properties.isEmoji,
           us.contains(where: { $0.value == 0x200D || $0.properties.isEmojiModifier }) { return true }
        return false
    }

    /// Each cluster's span on a line drawn as `pieces` (in visual order, each `width(piece)`
    /// wide), in logical order; `edges(piece)`: the x of each cluster edge within the piece
    /// from its start, in its own direction (count + 1 values, 0 first). Linear in the line.
    static func clusterSpans(_ pieces: [TextPiece], width: (TextPiece) -> Double,
                             edges: (TextPiece) -> [Double]) -> [ClusterSpan] {
        var placed: [(start: Int, spans: [ClusterSpan])] = []
        var x = 0.0
        for piece in pieces {
            let w = width(piece)
            let e = edges(piece)
            var spans: [ClusterSpan] = []
            for i in 0..<max(0, e.count - 1) {
                let a = e[i], b = e[i + 1]
                spans.append(piece.rightToLeft
                    ? ClusterSpan(minX: x + w - b, maxX: x + w - a, rightToLeft: true)
                    : ClusterSpan(minX: x + a, maxX: x + b, rightToLeft: false))
            }
            placed.append((piece.start, spans))
            x += w
        }
        return placed.sorted { $0.start < $1.start }.flatMap(\.spans)
    }

    /// The pieces of one line, in visual order. `rightToLeft`: the paragraph's base direction.
    /// `bundledHas` says whether the bundled face has a character; `fallback` finds a system
    /// face (nil: none has it); `covers` says whether a system face has a character;
    /// `missing` hears each character no face has (it is drawn by the bundled face: a box).
    static func itemize(_ text: String, rightToLeft: Bool, bundledHas: (Unicode.Scalar) -> Bool,
                        fallback: (Unicode.Scalar, _ emoji: Bool) -> SystemFace?,
                        covers: (SystemFace, Unicode.Scalar) -> Bool,
                        missing: (Unicode.Scalar) -> Void) -> [TextPiece] {
        guard !text.isEmpty else { return [] }
        // Each grapheme cluster's scalar offset, for matching clusters to bidi runs.
        var clusters: [(offset: Int, character: Character)] = []
        var offset = 0
        for c in text {
            clusters.append((offset, c))
            offset += c.unicodeScalars.count
        }
        let runs: [Bidi.Run] = rightToLeft || needsBidi(text)
            ? Bidi.visualRuns(text, base: rightToLeft ? .rightToLeft : .leftToRight)
            : [Bidi.Run(range: 0..<offset, rightToLeft: false)]
        var out: [TextPiece] = []
        for run in runs {
            var runPieces: [TextPiece] = []
            var current: TextPiece?
            // The clusters whose first scalar lies in this run (a run boundary inside a cluster
            // leaves the cluster whole, with the run it starts in).
            var lo = 0, hi = clusters.count
            while lo < hi { let mid = (lo + hi) / 2; if clusters[mid].offset < run.range.lowerBound { lo = mid + 1 } else { hi = mid } }
            var i = lo
            while i < clusters.count, clusters[i].offset < run.range.upperBound {
                let c = clusters[i].character
                let index = i
                i += 1
                guard let first = c.unicodeScalars.first else { continue }
                let emoji = isEmoji(c)
                var script = emoji ? WritingSystem.emoji : WritingSystem.of(first)
                let neutral = script == .common
                if neutral, let cur = current, cur.script != .emoji { script = cur.script }
                let source: FaceSource
                if !emoji, bundledHas(first) {
                    // The style's own face first, for every character it has (as Pango and
                    // iOS fall back): digits, Latin quotes and "…" beside Chinese stay Inter's.
                    source = .bundled
                } else if let cur = current, neutral, !emoji, cur.script != .emoji, has(cur.source, first, bundledHas: bundledHas, covers: covers) {
                    // Other neutrals (an ideographic space, "・") stay in the face they follow
                    // (not the emoji face: its spaces and digits are emoji-wide).
                    source = cur.source
                } else if emoji, let face = fallback(first, true) {
                    source = .system(face)
                } else if emoji, bundledHas(first) {
                    // No colour emoji font: the bundled face's own glyph (©, ↔, a digit).
                    source = .bundled
                } else if let face = fallback(first, false) {
                    source = .system(face)
                } else {
                    if first.properties.generalCategory != .format, first.properties.generalCategory != .control { missing(first) }
                    source = .bundled
                }
                if var cur = current, cur.source == source, cur.script == script || (neutral && cur.script != .emoji) || cur.script == .common {
                    // A piece that began with neutrals takes the script of its first letter.
                    if cur.script == .common { cur.script = script }
                    cur.text.append(c)
                    current = cur
                } else {
                    if let cur = current { runPieces.append(cur) }
                    current = TextPiece(text: String(c), source: source, rightToLeft: run.rightToLeft, script: script, start: index)
                }
            }
            if let cur = current { runPieces.append(cur) }
            // Within a right-to-left run the pieces are placed right to left.
            out += run.rightToLeft ? runPieces.reversed() : runPieces
        }
        return out
    }

    private static func has(_ source: FaceSource, _ u: Unicode.Scalar, bundledHas: (Unicode.Scalar) -> Bool,
                            covers: (SystemFace, Unicode.Scalar) -> Bool) -> Bool {
        switch source {
        case .bundled: bundledHas(u)
        case .system(let face): covers(face, u)
        }
    }
}
