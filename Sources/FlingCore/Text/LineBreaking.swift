// Where a line may end: UAX #14's default line breaking (Unicode 15.0, rules LB1-LB31).

/// Where a line may end (UAX #14).
///
/// The default algorithm, untailored except for numbers, which follow the regular-expression
/// form of LB25 (UAX #14 section 8.2, example 7), as LineBreakTest.txt does. Kinsoku comes with
/// it: no break before closing punctuation (CL, CP), before small kana and the long vowel mark
/// (NS; CJ is read as NS), nor after opening punctuation (OP). One pass over the text: each
/// scalar's class comes from an ASCII table or a binary search over the class runs, and each
/// rule looks only at a few classes of context.
public enum LineBreaking {
    /// A place where a line may end.
    public struct Opportunity: Equatable, Sendable {
        /// The break comes before the Unicode scalar at this offset (counted in scalars), that
        /// is after the scalar at `offset - 1`.
        public var offset: Int
        /// Whether the line must end here: after a newline (LB4, LB5) or at the end (LB3).
        public var mandatory: Bool

        /// An opportunity before the scalar at `offset`.
        public init(offset: Int, mandatory: Bool) {
            self.offset = offset
            self.mandatory = mandatory
        }
    }

    /// Every break opportunity of `text`, ascending. The end of the text is always one, and
    /// mandatory (LB3); the start never is (LB2), so an empty text has none.
    /// `hangulWordPriority`: Hangul breaks only where words end (at spaces), as UIKit's
    /// standard line-break strategy does since iOS 14; UAX #14 alone breaks between syllables.
    public static func opportunities(_ text: String, hangulWordPriority: Bool = false) -> [Opportunity] {
        var lookup = LineBreakClassLookup()
        var classes: [LineBreakClass] = []
        classes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let c = lookup.classOf(scalar.value)
            classes.append(hangulWordPriority && c.isIn(Classes.korean) ? .AL : c)
        }
        return opportunities(classes)
    }

    /// The text cut at every opportunity: each piece keeps its trailing spaces; a mandatory
    /// break's line-end characters stay with the piece before it. Concatenated, the pieces are
    /// the text.
    public static func segments(_ text: String, hangulWordPriority: Bool = false) -> [Substring] {
        let scalars = text.unicodeScalars
        var pieces: [Substring] = []
        var start = scalars.startIndex
        var end = start
        var offset = 0
        for opportunity in opportunities(text, hangulWordPriority: hangulWordPriority) {
            // Opportunities ascend, so the walk over the scalars is one pass in all.
            while offset < opportunity.offset, end < scalars.endIndex {
                scalars.formIndex(after: &end)
                offset += 1
            }
            pieces.append(Substring(scalars[start..<end]))
            start = end
        }
        return pieces
    }

    /// The opportunities between classes already looked up (LB1 applied by the table).
    static func opportunities(_ classes: [LineBreakClass]) -> [Opportunity] {
        classes.withUnsafeBufferPointer { opportunities($0) }
    }

    private static func opportunities(_ classes: UnsafeBufferPointer<LineBreakClass>)
        -> [Opportunity] {
        guard let first = classes.first else { return [] }
        var result: [Opportunity] = []
        var context = Context(first: first)
        for i in 1..<classes.count {
            let raw = classes[i]
            // LB9: a combining mark or ZWJ takes the class of what it follows (no break
            // before it), except after a line end, a space or ZW.
            if raw.isIn(Classes.marks), !context.before.isIn(Classes.noMarkBase) {
                context.afterZWJ = raw == .ZWJ
                continue
            }
            // LB10: any other mark is a letter.
            let b: LineBreakClass = raw.isIn(Classes.marks) ? .AL : raw
            switch context.verdict(b, in: classes, at: i) {
            case .none: break
            case .allowed: result.append(Opportunity(offset: i, mandatory: false))
            case .mandatory: result.append(Opportunity(offset: i, mandatory: true))
            }
            context.advance(b, raw: raw)
        }
        // LB3: always break at the end.
        result.append(Opportunity(offset: classes.count, mandatory: true))
        return result
    }
}

// MARK: - The rules

private enum Verdict { case none, allowed, mandatory }

/// What the rules remember of the text before a boundary.
private struct Context {
    /// The class before the boundary, with its marks attached (LB9, LB10).
    var before: LineBreakClass
    /// The class before `before` (LB21a looks two back).
    var beforeThat: LineBreakClass?
    /// The last class that is not SP: the X of LB8's and LB14-LB17's "X SP*".
    var beforeSpaces: LineBreakClass?
    /// The scalar just before the boundary is a ZWJ (LB8a looks at scalars, before LB9).
    var afterZWJ: Bool
    /// How many RI are in a row at the end of the text so far (LB30a pairs them).
    var regionalIndicators: Int
    /// Where LB25's number stands: after "NU (NU | SY | IS)*", or after its closing CL/CP.
    var number: NumberPart

    enum NumberPart { case none, digits, closed }

    init(first: LineBreakClass) {
        // LB10 at the start of the text: a mark there is a letter.
        let c: LineBreakClass = first.isIn(Classes.marks) ? .AL : first
        before = c
        beforeThat = nil
        beforeSpaces = c == .SP ? nil : c
        afterZWJ = first == .ZWJ
        regionalIndicators = c == .RI ? 1 : 0
        number = c == .NU ? .digits : .none
    }

    /// Whether the boundary between `before` and `b` (marks resolved), the scalar at `index`
    /// of `classes`, breaks. Only LB25 looks further, at the class after `b`.
    func verdict(_ b: LineBreakClass, in classes: UnsafeBufferPointer<LineBreakClass>,
                 at index: Int) -> Verdict {
        let a = before
        // LB4, LB5: a line end breaks after itself; CR LF is one.
        if a == .BK { return .mandatory }
        if a == .CR { return b == .LF ? .none : .mandatory }
        if a == .LF || a == .NL { return .mandatory }
        // LB6: no break before a line end. LB7: nor before a space or ZW.
        if b.isIn(Classes.lineEnds) || b == .SP || b == .ZW { return .none }
        // LB8: break after ZW and the spaces that follow it.
        if beforeSpaces == .ZW { return .allowed }
        // LB8a: no break after ZWJ.
        if afterZWJ { return .none }
        // LB11: none around WJ. LB12: none after GL. LB12a: nor before GL, unless after SP, BA
        // or HY.
        if a == .WJ || b == .WJ || a == .GL { return .none }
        if b == .GL, !a.isIn(Classes.spaceOrBreakAfter) { return .none }
        // LB13: no break before closing punctuation, ! ? , . : ; or /.
        if b.isIn(Classes.closers) { return .none }
        // LB14: none after an opening (spaces between). LB15: none in QU SP* OP.
        if let x = beforeSpaces {
            if x.isIn(Classes.openings) { return .none }
            if x == .QU, b.isIn(Classes.openings) { return .none }
            // LB16: none in (CL | CP) SP* NS. LB17: none in B2 SP* B2.
            if b == .NS, x.isIn(Classes.closings) { return .none }
            if b == .B2, x == .B2 { return .none }
        }
        // LB18: break after spaces.
        if a == .SP { return .allowed }
        // LB19: none around quotation marks. LB20: break around CB.
        if a == .QU || b == .QU { return .none }
        if a == .CB || b == .CB { return .allowed }
        // LB21: none before BA, HY, NS or after BB. LB21a: none after a hyphen that follows a
        // Hebrew letter. LB21b: none between solidus and Hebrew letter.
        if b.isIn(Classes.breakBefore) || a == .BB { return .none }
        if a.isIn(Classes.hyphens), beforeThat == .HL { return .none }
        if a == .SY, b == .HL { return .none }
        // LB22: none before IN.
        if b == .IN { return .none }
        // LB23: none between letters and digits. LB23a: between a prefix and an ideograph
        // or an ideograph and a postfix. LB24: between a prefix or postfix and a letter.
        if a.isIn(Classes.letters), b == .NU { return .none }
        if a == .NU, b.isIn(Classes.letters) { return .none }
        if a == .PR, b.isIn(Classes.ideographs) { return .none }
        if a.isIn(Classes.ideographs), b == .PO { return .none }
        if a.isIn(Classes.affixes), b.isIn(Classes.letters) { return .none }
        if a.isIn(Classes.letters), b.isIn(Classes.affixes) { return .none }
        // LB25, as regular expressions:
        //   (PR | PO) × (OP | HY)? NU
        //   (OP | HY) × NU
        //   NU (NU | SY | IS)* × (NU | SY | IS | CL | CP)
        //   NU (NU | SY | IS)* (CL | CP)? × (PO | PR)
        if a.isIn(Classes.affixes) {
            if b == .NU { return .none }
            if b.isIn(Classes.numberStarts), Self.next(classes, after: index) == .NU {
                return .none
            }
        }
        if a.isIn(Classes.numberStarts), b == .NU { return .none }
        if number == .digits, b.isIn(Classes.numberParts) { return .none }
        if number != .none, b.isIn(Classes.affixes) { return .none }
        // LB26, LB27: Korean syllables hold together, and with a prefix or postfix.
        if a == .JL, b.isIn(Classes.jamoAfterL) { return .none }
        if a.isIn(Classes.jamoVOrLV), b.isIn(Classes.jamoAfterV) { return .none }
        if a.isIn(Classes.jamoTOrLVT), b == .JT { return .none }
        if a.isIn(Classes.korean), b == .PO { return .none }
        if a == .PR, b.isIn(Classes.korean) { return .none }
        // LB28: none between letters. LB29: nor between IS and a letter.
        if a.isIn(Classes.letters), b.isIn(Classes.letters) { return .none }
        if a == .IS, b.isIn(Classes.letters) { return .none }
        // LB30: none between letters or digits and narrow parentheses.
        if a.isIn(Classes.lettersAndDigits), b == .OP { return .none }
        if a == .CP, b.isIn(Classes.lettersAndDigits) { return .none }
        // LB30a: regional indicators pair up.
        if a == .RI, b == .RI, regionalIndicators % 2 == 1 { return .none }
        // LB30b: an emoji modifier stays on its base (or on an unassigned pictograph).
        if b == .EM, a == .EB || a == .IDxp { return .none }
        // LB31: break everywhere else.
        return .allowed
    }

    /// The class of the first scalar after `index` that is not a mark: marks after OP or HY
    /// attach to it, so this is the class that follows it.
    private static func next(_ classes: UnsafeBufferPointer<LineBreakClass>, after index: Int)
        -> LineBreakClass? {
        var j = index + 1
        while j < classes.count {
            if !classes[j].isIn(Classes.marks) { return classes[j] }
            j += 1
        }
        return nil
    }

    /// Moves past a scalar of class `b` (`raw` before LB10), which did not attach to `before`.
    mutating func advance(_ b: LineBreakClass, raw: LineBreakClass) {
        beforeThat = before
        before = b
        if b != .SP { beforeSpaces = b }
        afterZWJ = raw == .ZWJ
        regionalIndicators = b == .RI ? regionalIndicators + 1 : 0
        switch number {
        case _ where b == .NU: number = .digits
        case .digits where b == .SY || b == .IS: number = .digits
        case .digits where b.isIn(Classes.closings): number = .closed
        default: number = .none
        }
    }
}

/// Sets of classes as bit masks (computed properties, so each folds to a constant).
private enum Classes {
    private typealias C = LineBreakClass

    static var marks: UInt64 { C.CM.bit | C.ZWJ.bit }
    /// LB9's exceptions: what a mark cannot attach to.
    static var noMarkBase: UInt64 {
        C.BK.bit | C.CR.bit | C.LF.bit | C.NL.bit | C.SP.bit | C.ZW.bit
    }
    static var lineEnds: UInt64 { C.BK.bit | C.CR.bit | C.LF.bit | C.NL.bit }
    static var spaceOrBreakAfter: UInt64 { C.SP.bit | C.BA.bit | C.HY.bit }
    static var closers: UInt64 { C.CL.bit | C.CP.bit | C.CPea.bit | C.EX.bit | C.IS.bit | C.SY.bit }
    static var openings: UInt64 { C.OP.bit | C.OPea.bit }
    static var closings: UInt64 { C.CL.bit | C.CP.bit | C.CPea.bit }
    static var breakBefore: UInt64 { C.BA.bit | C.HY.bit | C.NS.bit }
    static var hyphens: UInt64 { C.HY.bit | C.BA.bit }
    static var letters: UInt64 { C.AL.bit | C.HL.bit }
    static var lettersAndDigits: UInt64 { C.AL.bit | C.HL.bit | C.NU.bit }
    static var ideographs: UInt64 { C.ID.bit | C.IDxp.bit | C.EB.bit | C.EM.bit }
    static var affixes: UInt64 { C.PR.bit | C.PO.bit }
    static var numberStarts: UInt64 { C.OP.bit | C.OPea.bit | C.HY.bit }
    static var numberParts: UInt64 {
        C.NU.bit | C.SY.bit | C.IS.bit | C.CL.bit | C.CP.bit | C.CPea.bit
    }
    static var jamoAfterL: UInt64 { C.JL.bit | C.JV.bit | C.H2.bit | C.H3.bit }
    static var jamoVOrLV: UInt64 { C.JV.bit | C.H2.bit }
    static var jamoAfterV: UInt64 { C.JV.bit | C.JT.bit }
    static var jamoTOrLVT: UInt64 { C.JT.bit | C.H3.bit }
    static var korean: UInt64 { C.JL.bit | C.JV.bit | C.JT.bit | C.H2.bit | C.H3.bit }
}

extension LineBreakClass {
    @inline(__always) var bit: UInt64 { 1 << UInt64(rawValue) }
    @inline(__always) func isIn(_ set: UInt64) -> Bool { set & bit != 0 }
}

// MARK: - Looking classes up

/// The classes of the first 128 scalars, so ASCII text skips the search.
private let asciiLineBreakClasses: [LineBreakClass] = {
    var lookup = LineBreakClassLookup(ascii: [], blocks: [])
    return (0..<128).map { lookup.classOf(UInt32($0)) }
}()

/// For each block of 256 code points, the run that holds its first one: a search looks only
/// at the runs of its block (a few, where a binary search over all of them takes 12 steps).
private let lineBreakBlockRuns: [UInt32] = {
    let starts = lineBreakRuns.starts
    var out: [UInt32] = []
    out.reserveCapacity(0x110000 >> 8)
    var run = 0
    for block in 0..<UInt32(0x110000 >> 8) {
        while run + 1 < starts.count, starts[run + 1] <= block << 8 { run += 1 }
        out.append(UInt32(run))
    }
    return out
}()

/// The class of a scalar: an ASCII table, then the run that held the last scalar (text stays
/// in one script for a while), then a binary search over the runs of its block.
struct LineBreakClassLookup {
    private let starts: [UInt32]
    private let classes: [LineBreakClass]
    private let ascii: [LineBreakClass]
    private let blocks: [UInt32]
    private var last = 0

    init() { self.init(ascii: asciiLineBreakClasses, blocks: lineBreakBlockRuns) }

    fileprivate init(ascii: [LineBreakClass], blocks: [UInt32]) {
        starts = lineBreakRuns.starts
        classes = lineBreakRuns.classes
        self.ascii = ascii
        self.blocks = blocks
    }

    /// The class of the scalar `value`, with CJ read as NS (LB1, strict kinsoku).
    mutating func classOf(_ value: UInt32) -> LineBreakClass {
        if value < 128, ascii.count == 128 { return ascii[Int(value)] }
        let n = starts.count
        guard n > 0 else { return .AL }
        if !(starts[last] <= value && (last + 1 == n || value < starts[last + 1])) {
            // The last run whose start is at or below `value` (runs start at 0), between the
            // runs that hold the first code points of its block and of the next.
            var lo = 0
            var hi = n - 1
            let block = Int(value >> 8)
            if block + 1 < blocks.count {
                lo = Int(blocks[block])
                hi = Int(blocks[block + 1])
            }
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if starts[mid] <= value { lo = mid } else { hi = mid - 1 }
            }
            last = lo
        }
        let c = classes[last]
        return c == .CJ ? .NS : c
    }
}
