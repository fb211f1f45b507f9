// The Unicode Bidirectional Algorithm (UAX #9, Unicode 15.0): a paragraph's embedding levels
// (rules P2–P3, X1–X10, W1–W7, N0–N2, I1–I2) and a line's visual order (L1–L2), for drawing
// Hebrew and Arabic mixed with Latin text and numbers. Classes come from Unicode/BidiTable.swift.

/// The direction of a paragraph or of a run of text.
public enum BidiDirection: Sendable, Equatable {
    case leftToRight, rightToLeft
}

/// The Unicode Bidirectional Algorithm (UAX #9).
public enum Bidi {
    /// The deepest embedding level rule X1 allows (BD2).
    static let maxDepth: UInt8 = 125
    /// How many opening brackets rule N0's BD16 keeps open before it gives up on the sequence.
    static let maxBracketDepth = 63

    /// The resolved paragraph: its embedding level and each scalar's level after rules X1–I2.
    public struct Paragraph: Sendable, Equatable {
        /// The paragraph embedding level: 0 left to right, 1 right to left.
        public var level: UInt8
        /// One level per scalar. Scalars rule X9 removes (embedding and override controls, BN)
        /// get the level of the scalar before them, or the paragraph's level at the start.
        public var levels: [UInt8]
        /// Whether rule X9 removed each scalar: it takes no part in the resolution and has no
        /// place in the visual order.
        public var removed: [Bool]

        /// A paragraph from its parts.
        public init(level: UInt8, levels: [UInt8], removed: [Bool]) {
            self.level = level
            self.levels = levels
            self.removed = removed
        }
    }

    /// A run of a line in visual order: scalars drawn in one direction.
    public struct Run: Sendable, Equatable {
        /// The scalars of the run, as offsets into the paragraph's scalars (logical order).
        public var range: Range<Int>
        /// Whether the run is shaped and drawn right to left (its level is odd).
        public var rightToLeft: Bool

        /// A run from its parts.
        public init(range: Range<Int>, rightToLeft: Bool) {
            self.range = range
            self.rightToLeft = rightToLeft
        }
    }

    // MARK: - Paragraph direction

    /// P2–P3: the direction of the first strong character (skipping isolates' content), nil
    /// when there is none. A paragraph separator ends any isolate still open, as it ends the
    /// paragraph (X8), so a later paragraph's first strong character can still decide.
    public static func firstStrongDirection(_ text: String) -> BidiDirection? {
        var openIsolates = 0
        for scalar in text.unicodeScalars {
            switch BidiClass(scalar) {
            case .L where openIsolates == 0: return .leftToRight
            case .R where openIsolates == 0, .AL where openIsolates == 0: return .rightToLeft
            case .LRI, .RLI, .FSI: openIsolates += 1
            case .PDI where openIsolates > 0: openIsolates -= 1
            case .B: openIsolates = 0
            default: break
            }
        }
        return nil
    }

    /// The Bidi_Class of a scalar (unassigned code points have their block's default).
    static func bidiClass(_ scalar: Unicode.Scalar) -> BidiClass { BidiClass(scalar) }

    /// L4: the scalar whose glyph mirrors this one's (Bidi_Mirroring_Glyph), for a scalar
    /// drawn in a right-to-left run; nil when there is none (most scalars).
    public static func mirrored(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        bidiPairLookup(bidiMirroringTable, scalar.value).flatMap(Unicode.Scalar.init)
    }

    /// P2–P3 over `classes[start..<end]`: L or R for the first strong class outside isolates,
    /// nil when there is none before the end or a paragraph separator. An isolate without a
    /// matching PDI runs to the end of the paragraph, so nothing after it counts.
    private static func firstStrong(_ classes: [BidiClass], _ start: Int, _ end: Int,
                                    matchingPDI: [Int]) -> BidiClass? {
        var i = start
        while i < end {
            switch classes[i] {
            case .L: return .L
            case .R, .AL: return .R
            case .LRI, .RLI, .FSI:
                let pdi = matchingPDI[i]
                if pdi < 0 { return nil }
                i = pdi  // jump over the isolate: each scalar is looked at once
            case .B: return nil
            default: break
            }
            i += 1
        }
        return nil
    }

    // MARK: - Resolution

    /// A stretch of scalars of one level: `start..<end`. In X10's level runs the ends are
    /// kept scalars and removed ones inside belong to no run.
    private struct LevelRun {
        var start: Int
        var end: Int
        var level: UInt8
    }

    /// An opening bracket on BD16's stack: where it is and the closing bracket it wants.
    private struct Opener {
        var position: Int
        var closer: UInt32
    }

    /// A bracket pair of BD16, as positions in the isolating run sequence.
    private struct BracketPair {
        var open: Int
        var close: Int
    }

    /// An entry of the directional status stack (X1): a level, its override and whether an
    /// isolate initiator pushed it.
    private struct Status {
        var level: UInt8
        /// .L or .R under an override, nil otherwise.
        var override: BidiClass?
        var isolate: Bool
    }

    /// The resolved paragraph: its embedding level and each scalar's level (X1–I2), for one
    /// paragraph. A paragraph separator inside ends the paragraph (P1, X8): the text after it
    /// is resolved apart, as the next paragraph, but at the same paragraph level; split text
    /// at paragraph separators first to give each paragraph its own direction. `base` nil =
    /// auto (P2–P3 on the first paragraph, defaulting to LTR).
    public static func resolve(_ scalars: [Unicode.Scalar], base: BidiDirection?) -> Paragraph {
        let count = scalars.count
        var classes = [BidiClass](repeating: .L, count: count)
        for i in 0..<count { classes[i] = BidiClass(scalars[i]) }

        // BD9: each isolate initiator's matching PDI (-1: none before the paragraph's end).
        var matchingPDI = [Int](repeating: -1, count: count)
        var openInitiators: [Int] = []
        for i in 0..<count {
            switch classes[i] {
            case .LRI, .RLI, .FSI: openInitiators.append(i)
            case .PDI:
                if let initiator = openInitiators.popLast() { matchingPDI[initiator] = i }
            case .B: openInitiators.removeAll()
            default: break
            }
        }

        // P2–P3, or the caller's direction.
        let paragraphLevel: UInt8
        switch base {
        case .leftToRight?: paragraphLevel = 0
        case .rightToLeft?: paragraphLevel = 1
        case nil: paragraphLevel = firstStrong(classes, 0, count, matchingPDI: matchingPDI) == .R ? 1 : 0
        }

        var types = classes
        var levels = [UInt8](repeating: paragraphLevel, count: count)
        explicitLevels(classes, &types, &levels, paragraphLevel, matchingPDI)

        // X9: these take no part in what follows.
        var removed = [Bool](repeating: false, count: count)
        for i in 0..<count {
            switch classes[i] {
            case .RLE, .LRE, .RLO, .LRO, .PDF, .BN: removed[i] = true
            default: break
            }
        }

        // X10: level runs, maximal same-level stretches of kept scalars from the first to just
        // after the last; removed scalars between runs belong to none.
        var runs: [LevelRun] = []
        var runStartingAt = [Int](repeating: -1, count: count)
        var i = 0
        while i < count {
            if removed[i] { i += 1; continue }
            let level = levels[i]
            var last = i
            var j = i + 1
            while j < count {
                if !removed[j] {
                    // A paragraph separator ends its paragraph's last run (P1).
                    if levels[j] != level || classes[last] == .B { break }
                    last = j
                }
                j += 1
            }
            runStartingAt[i] = runs.count
            runs.append(LevelRun(start: i, end: last + 1, level: level))
            i = last + 1
        }

        // BD13: isolating run sequences, chained across isolates, each resolved in turn.
        // Their sos and eos compare explicit levels, which resolving a sequence overwrites.
        let explicit = levels
        var consumed = [Bool](repeating: false, count: runs.count)
        var sequence: [Int] = []
        for r in runs.indices where !consumed[r] {
            sequence.removeAll(keepingCapacity: true)
            var current = r
            while true {
                consumed[current] = true
                let run = runs[current]
                for k in run.start..<run.end where !removed[k] { sequence.append(k) }
                let last = run.end - 1
                switch classes[last] {
                case .LRI, .RLI, .FSI:
                    let pdi = matchingPDI[last]
                    if pdi >= 0, runStartingAt[pdi] >= 0, !consumed[runStartingAt[pdi]] {
                        current = runStartingAt[pdi]
                        continue
                    }
                default: break
                }
                break
            }
            resolveSequence(sequence, scalars: scalars, classes: classes, types: types,
                            explicit: explicit, levels: &levels, removed: removed,
                            paragraphLevel: paragraphLevel)
        }

        // Removed scalars: the level of the scalar before them, so they stay with it.
        for i in 0..<count where removed[i] {
            levels[i] = i > 0 ? levels[i - 1] : paragraphLevel
        }
        return Paragraph(level: paragraphLevel, levels: levels, removed: removed)
    }

    /// X1–X8: explicit levels and directions from embeddings, overrides and isolates.
    private static func explicitLevels(_ classes: [BidiClass], _ types: inout [BidiClass],
                                       _ levels: inout [UInt8], _ paragraphLevel: UInt8,
                                       _ matchingPDI: [Int]) {
        let count = classes.count
        let initial = Status(level: paragraphLevel, override: nil, isolate: false)
        var stack: [Status] = [initial]
        stack.reserveCapacity(Int(maxDepth) + 2)
        var overflowIsolates = 0
        var overflowEmbeddings = 0
        var validIsolates = 0

        func nextLevel(_ level: UInt8, rightToLeft: Bool) -> UInt8 {
            rightToLeft ? (level + 1) | 1 : (level + 2) & ~1
        }

        for i in 0..<count {
            let top = stack[stack.count - 1]
            switch classes[i] {
            case .RLE, .LRE, .RLO, .LRO:  // X2–X5
                let c = classes[i]
                levels[i] = top.level
                let level = nextLevel(top.level, rightToLeft: c == .RLE || c == .RLO)
                if level <= maxDepth && overflowIsolates == 0 && overflowEmbeddings == 0 {
                    let override: BidiClass? = c == .RLO ? .R : c == .LRO ? .L : nil
                    stack.append(Status(level: level, override: override, isolate: false))
                } else if overflowIsolates == 0 {
                    overflowEmbeddings += 1
                }
            case .RLI, .LRI, .FSI:  // X5a–X5c
                levels[i] = top.level
                if let override = top.override { types[i] = override }
                var rightToLeft = classes[i] == .RLI
                if classes[i] == .FSI {
                    let end = matchingPDI[i] >= 0 ? matchingPDI[i] : count
                    rightToLeft = firstStrong(classes, i + 1, end, matchingPDI: matchingPDI) == .R
                }
                let level = nextLevel(top.level, rightToLeft: rightToLeft)
                if level <= maxDepth && overflowIsolates == 0 && overflowEmbeddings == 0 {
                    validIsolates += 1
                    stack.append(Status(level: level, override: nil, isolate: true))
                } else {
                    overflowIsolates += 1
                }
            case .PDI:  // X6a
                if overflowIsolates > 0 {
                    overflowIsolates -= 1
                } else if validIsolates > 0 {
                    overflowEmbeddings = 0
                    while !stack[stack.count - 1].isolate { stack.removeLast() }
                    stack.removeLast()
                    validIsolates -= 1
                }
                let now = stack[stack.count - 1]
                levels[i] = now.level
                if let override = now.override { types[i] = override }
            case .PDF:  // X7
                if overflowIsolates > 0 {
                } else if overflowEmbeddings > 0 {
                    overflowEmbeddings -= 1
                } else if !top.isolate && stack.count >= 2 {
                    stack.removeLast()
                }
                levels[i] = stack[stack.count - 1].level
            case .B:  // X8: the paragraph's end ends everything
                levels[i] = paragraphLevel
                stack.removeAll(keepingCapacity: true)
                stack.append(initial)
                overflowIsolates = 0
                overflowEmbeddings = 0
                validIsolates = 0
            case .BN:  // removed by X9
                levels[i] = top.level
            default:  // X6
                levels[i] = top.level
                if let override = top.override { types[i] = override }
            }
        }
    }

    /// The strong direction a type counts as in rules N0–N2 (EN and AN count as R).
    @inline(__always)
    private static func strongDirection(_ type: BidiClass) -> BidiClass? {
        switch type {
        case .L: return .L
        case .R, .AL, .EN, .AN: return .R
        default: return nil
        }
    }

    /// U+2329 and U+232A are canonically equivalent to U+3008 and U+3009: BD16 pairs either
    /// with either.
    @inline(__always)
    private static func canonicalBracket(_ value: UInt32) -> UInt32 {
        switch value {
        case 0x2329: return 0x3008
        case 0x232A: return 0x3009
        default: return value
        }
    }

    /// W1–W7, N0–N2 and I1–I2 on one isolating run sequence (`indices`: its kept scalars).
    private static func resolveSequence(_ indices: [Int], scalars: [Unicode.Scalar],
                                        classes: [BidiClass], types: [BidiClass],
                                        explicit: [UInt8], levels: inout [UInt8], removed: [Bool],
                                        paragraphLevel: UInt8) {
        let count = indices.count
        guard count > 0 else { return }
        let first = indices[0]
        let last = indices[count - 1]
        let level = explicit[first]

        // X10: sos and eos, from the higher of this level and the neighbouring kept scalar's.
        var before = first - 1
        while before >= 0 && removed[before] { before -= 1 }
        let levelBefore = before >= 0 ? explicit[before] : paragraphLevel
        let sos: BidiClass = max(level, levelBefore) & 1 == 1 ? .R : .L
        var levelAfter = paragraphLevel
        switch classes[last] {
        case .LRI, .RLI, .FSI: break  // an unmatched isolate: compare with the paragraph
        case .B: break  // what follows is another paragraph
        default:
            var after = last + 1
            while after < scalars.count && removed[after] { after += 1 }
            if after < scalars.count { levelAfter = explicit[after] }
        }
        let eos: BidiClass = max(level, levelAfter) & 1 == 1 ? .R : .L
        let embedding: BidiClass = level & 1 == 1 ? .R : .L

        var t = [BidiClass](repeating: .ON, count: count)
        for k in 0..<count { t[k] = types[indices[k]] }

        // W1: a nonspacing mark takes the type before it (ON after an isolate initiator or PDI).
        var previous = sos
        for k in 0..<count {
            if t[k] == .NSM {
                switch previous {
                case .LRI, .RLI, .FSI, .PDI: t[k] = .ON
                default: t[k] = previous
                }
            }
            previous = t[k]
        }

        // W2: a European number after Arabic letters is an Arabic number. W3: AL is R.
        var lastStrong = sos
        for k in 0..<count {
            switch t[k] {
            case .L, .R: lastStrong = t[k]
            case .AL: lastStrong = .AL; t[k] = .R
            case .EN where lastStrong == .AL: t[k] = .AN
            default: break
            }
        }

        // W4: one separator between two numbers of a kind joins them.
        if count >= 3 {
            for k in 1..<(count - 1) {
                switch t[k] {
                case .ES where t[k - 1] == .EN && t[k + 1] == .EN: t[k] = .EN
                case .CS where t[k - 1] == t[k + 1] && (t[k - 1] == .EN || t[k - 1] == .AN):
                    t[k] = t[k - 1]
                default: break
                }
            }
        }

        // W5: terminators next to a European number are part of it. W6: other separators and
        // terminators are neutral.
        var k = 0
        while k < count {
            if t[k] == .ET {
                var end = k
                while end < count && t[end] == .ET { end += 1 }
                let number = (k > 0 && t[k - 1] == .EN) || (end < count && t[end] == .EN)
                for m in k..<end { t[m] = number ? .EN : .ON }
                k = end
            } else {
                if t[k] == .ES || t[k] == .CS { t[k] = .ON }
                k += 1
            }
        }

        // W7: a European number after L text is L.
        lastStrong = sos
        for k in 0..<count {
            switch t[k] {
            case .L, .R: lastStrong = t[k]
            case .EN where lastStrong == .L: t[k] = .L
            default: break
            }
        }

        resolveBrackets(&t, indices: indices, scalars: scalars, types: types, sos: sos,
                        embedding: embedding)

        // N1–N2: a run of neutrals between two strong types of one direction takes it,
        // otherwise the embedding direction.
        k = 0
        while k < count {
            switch t[k] {
            case .B, .S, .WS, .ON, .LRI, .RLI, .FSI, .PDI:
                var end = k + 1
                while end < count {
                    switch t[end] {
                    case .B, .S, .WS, .ON, .LRI, .RLI, .FSI, .PDI: end += 1; continue
                    default: break
                    }
                    break
                }
                let leading = k == 0 ? sos : strongDirection(t[k - 1]) ?? embedding
                let trailing = end == count ? eos : strongDirection(t[end]) ?? embedding
                let resolved = leading == trailing ? leading : embedding
                for m in k..<end { t[m] = resolved }
                k = end
            default:
                k += 1
            }
        }

        // I1–I2.
        for k in 0..<count {
            var resolved = level
            if level & 1 == 0 {
                switch t[k] {
                case .R: resolved += 1
                case .AN, .EN: resolved += 2
                default: break
                }
            } else {
                switch t[k] {
                case .L, .EN, .AN: resolved += 1
                default: break
                }
            }
            levels[indices[k]] = resolved
        }
    }

    /// N0: paired brackets take the direction of what they enclose, or of their context.
    private static func resolveBrackets(_ t: inout [BidiClass], indices: [Int],
                                        scalars: [Unicode.Scalar], types: [BidiClass],
                                        sos: BidiClass, embedding: BidiClass) {
        let count = t.count
        // BD16: pairs of (opening, closing) positions in the sequence.
        var openers: [Opener] = []
        var pairs: [BracketPair] = []
        scan: for k in 0..<count where t[k] == .ON {
            let value = scalars[indices[k]].value
            guard let entry = bidiPairLookup(bidiBracketTable, value) else { continue }
            if entry & 1 == 1 {
                if openers.count == maxBracketDepth { break scan }
                openers.append(Opener(position: k, closer: canonicalBracket(entry >> 1)))
            } else {
                let closer = canonicalBracket(value)
                var j = openers.count - 1
                while j >= 0 {
                    if openers[j].closer == closer {
                        pairs.append(BracketPair(open: openers[j].position, close: k))
                        openers.removeSubrange(j...)
                        break
                    }
                    j -= 1
                }
            }
        }
        guard !pairs.isEmpty else { return }
        pairs.sort { $0.open < $1.open }

        for pair in pairs {
            let open = pair.open
            let close = pair.close
            var enclosesEmbedding = false
            var enclosesOpposite = false
            for k in (open + 1)..<close {
                if let direction = strongDirection(t[k]) {
                    if direction == embedding { enclosesEmbedding = true; break }
                    enclosesOpposite = true
                }
            }
            let resolved: BidiClass
            if enclosesEmbedding {
                resolved = embedding
            } else if enclosesOpposite {
                // The context: the first strong type before the opening bracket, or sos.
                var context = sos
                var k = open - 1
                while k >= 0 {
                    if let direction = strongDirection(t[k]) { context = direction; break }
                    k -= 1
                }
                resolved = context
            } else {
                continue  // nothing strong inside: N1–N2 decide
            }
            t[open] = resolved
            t[close] = resolved
            // Marks that were NSM before W1 follow their bracket.
            var k = open + 1
            while k < count && types[indices[k]] == .NSM { t[k] = resolved; k += 1 }
            k = close + 1
            while k < count && types[indices[k]] == .NSM { t[k] = resolved; k += 1 }
        }
    }

    // MARK: - Lines

    /// L1 for one line: the line's levels (one per scalar of `line`), with segment and
    /// paragraph separators, and the whitespace and isolate formatters before them or at the
    /// line's end, at the paragraph level. Removed scalars take the level of the kept scalar
    /// before them in the line (after it at the line's start), so they join its run.
    static func lineLevels(_ paragraph: Paragraph, scalars: [Unicode.Scalar],
                           line: Range<Int>) -> [UInt8] {
        let line = clamp(line, paragraph, scalars)
        let base = line.lowerBound
        var out = line.count == paragraph.levels.count ? paragraph.levels : Array(paragraph.levels[line])
        var previousKept: UInt8? = nil
        var leadingRemoved = 0
        for k in out.indices {
            if paragraph.removed[base + k] {
                if let level = previousKept { out[k] = level } else { leadingRemoved += 1 }
            } else {
                if previousKept == nil {
                    for m in 0..<leadingRemoved { out[m] = out[k] }
                }
                previousKept = out[k]
            }
        }
        if previousKept == nil {
            for m in out.indices { out[m] = paragraph.level }
        }

        // Walking back from the line's end: whitespace is trailing until something else.
        var trailing = true
        var k = out.count
        while k > 0 {
            k -= 1
            switch BidiClass(scalars[base + k]) {
            case .S, .B:
                out[k] = paragraph.level
                trailing = true
            case .WS, .LRI, .RLI, .FSI, .PDI, .BN, .LRE, .RLE, .LRO, .RLO, .PDF:
                // Removed formatters go with the whitespace around them (UAX #9, 5.2).
                if trailing { out[k] = paragraph.level }
            default:
                trailing = false
            }
        }
        return out
    }

    /// The line range within both the paragraph and its scalars.
    private static func clamp(_ line: Range<Int>, _ paragraph: Paragraph,
                              _ scalars: [Unicode.Scalar]) -> Range<Int> {
        let count = min(min(paragraph.levels.count, paragraph.removed.count), scalars.count)
        return line.clamped(to: 0..<count)
    }

    /// Stretches of one level, as offsets into `levels`.
    private static func levelRuns(_ levels: [UInt8]) -> [LevelRun] {
        var runs: [LevelRun] = []
        var start = 0
        while start < levels.count {
            var end = start + 1
            while end < levels.count && levels[end] == levels[start] { end += 1 }
            runs.append(LevelRun(start: start, end: end, level: levels[start]))
            start = end
        }
        return runs
    }

    /// L2 on whole level runs: their visual order, as indices into `runs`. From the highest
    /// level down to the lowest odd one, each stretch of runs at that level or higher is
    /// reversed; a run's own scalars end up reversed when its level is odd.
    private static func reorderRuns(_ runs: [LevelRun]) -> [Int] {
        var order = [Int](repeating: 0, count: runs.count)
        for i in 0..<runs.count { order[i] = i }
        guard !runs.isEmpty else { return order }
        var highest = runs[0].level
        var lowest = runs[0].level
        for run in runs {
            highest = max(highest, run.level)
            lowest = min(lowest, run.level)
        }
        let lowestOdd = lowest | 1
        guard highest >= lowestOdd else { return order }
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                if runs[order[i]].level >= level {
                    var j = i + 1
                    while j < order.count && runs[order[j]].level >= level { j += 1 }
                    var a = i  // reverse order[i..<j]
                    var b = j - 1
                    while a < b { order.swapAt(a, b); a += 1; b -= 1 }
                    i = j
                } else {
                    i += 1
                }
            }
            level -= 1
        }
        return order
    }

    /// L1–L2's shared part for one line: the line clamped to the paragraph, and its runs of
    /// one level (offsets within the line) in the order they appear on screen.
    private static func levelRunsOnScreen(_ paragraph: Paragraph, scalars: [Unicode.Scalar],
                                          line: Range<Int>) -> (line: Range<Int>, runs: [LevelRun]) {
        let line = clamp(line, paragraph, scalars)
        let runs = levelRuns(lineLevels(paragraph, scalars: scalars, line: line))
        return (line, reorderRuns(runs).map { runs[$0] })
    }

    /// L1–L2 for one line (a scalar range of the paragraph): the visual order, as indices into
    /// the paragraph's scalars, with X9-removed characters left out.
    public static func visualOrder(_ paragraph: Paragraph, scalars: [Unicode.Scalar],
                                   line: Range<Int>) -> [Int] {
        let (line, runs) = levelRunsOnScreen(paragraph, scalars: scalars, line: line)
        var order: [Int] = []
        order.reserveCapacity(line.count)
        for run in runs {
            let offsets = run.start..<run.end
            if run.level & 1 == 1 {
                for k in offsets.reversed() where !paragraph.removed[line.lowerBound + k] {
                    order.append(line.lowerBound + k)
                }
            } else {
                for k in offsets where !paragraph.removed[line.lowerBound + k] {
                    order.append(line.lowerBound + k)
                }
            }
        }
        return order
    }

    /// A line's runs in visual (left-to-right on screen) order: maximal scalar ranges of one
    /// direction (level parity) after L1, each with whether it runs right to left. This is
    /// what a text drawer needs: each run is shaped in its direction and the runs are placed
    /// left to right. Removed scalars (such as a zero width joiner, which is BN) stay inside
    /// the run of their neighbour. Runs of one direction merge when they are neighbours both
    /// on screen and in the text, in that direction (levels 1 3 1 are one right-to-left run).
    public static func visualRuns(_ paragraph: Paragraph, scalars: [Unicode.Scalar],
                                  line: Range<Int>) -> [Run] {
        let (line, runs) = levelRunsOnScreen(paragraph, scalars: scalars, line: line)
        var result: [Run] = []
        for run in runs {
            let range = (line.lowerBound + run.start)..<(line.lowerBound + run.end)
            let rightToLeft = run.level & 1 == 1
            if let previous = result.last, previous.rightToLeft == rightToLeft {
                if rightToLeft && range.upperBound == previous.range.lowerBound {
                    result[result.count - 1].range = range.lowerBound..<previous.range.upperBound
                    continue
                }
                if !rightToLeft && previous.range.upperBound == range.lowerBound {
                    result[result.count - 1].range = previous.range.lowerBound..<range.upperBound
                    continue
                }
            }
            result.append(Run(range: range, rightToLeft: rightToLeft))
        }
        return result
    }

    /// Convenience: `visualRuns` of a one-line string with the given base direction (nil:
    /// from its first strong character), ranges in scalar offsets of `text`.
    public static func visualRuns(_ text: String, base: BidiDirection?) -> [Run] {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { return [] }
        let paragraph = resolve(scalars, base: base)
        return visualRuns(paragraph, scalars: scalars, line: 0..<scalars.count)
    }
}
