// PinyinComposition: what the on-screen keyboard's pinyin input is composing: the letters
// tapped, the words chosen for the first of them, the candidates for the rest and the marked
// text the field shows, as iOS's 拼音 keyboard composes (the engine that finds the words is
// behind `PinyinEngine`).

/// What a pinyin engine found for some letters (googlepinyin's `im_search`): its words, best
/// first, and where each syllable starts in the letters.
public struct PinyinLookup: Sendable, Equatable {
    /// Each word and how many of the letters it stands for (the whole spelling for the
    /// sentence first; a shorter word covers the syllables its characters are).
    public var candidates: [PinyinCandidate]
    /// The letter offset where each syllable starts, then the spelling's length ("nihao":
    /// [0, 2, 5]).
    public var syllableStarts: [Int]
    public init(candidates: [PinyinCandidate], syllableStarts: [Int]) {
        self.candidates = candidates; self.syllableStarts = syllableStarts
    }
    public static let empty = PinyinLookup(candidates: [], syllableStarts: [])
}

public struct PinyinCandidate: Sendable, Equatable {
    /// The word as shown and typed (in traditional characters for zh-Hant).
    public var text: String
    /// How many of the letters it was looked up with it stands for.
    public var letters: Int
    public init(text: String, letters: Int) { self.text = text; self.letters = letters }
}

/// Finds words for pinyin letters. Implemented over googlepinyin in the app (with OpenCC's
/// simplified-to-traditional tables for zh-Hant); tests give a table.
@MainActor
public protocol PinyinEngine: AnyObject {
    /// The words for `letters` (lower-case a–z), best first; empty when none.
    func lookup(_ letters: String) -> PinyinLookup
    /// How many of `letters` candidate `index` of their lookup stands for, as the engine
    /// fixes it when chosen (nil: the lookup's count).
    func lettersCovered(byCandidate index: Int, of letters: String) -> Int?
}

extension PinyinEngine {
    public func lettersCovered(byCandidate index: Int, of letters: String) -> Int? { nil }
}

/// The pinyin being composed: letters tapped, words chosen for the first of them, and the
/// candidates for the letters still open. Nothing is typed into the field but the marked
/// text until every letter has its word (then `choose` gives the text to commit) or the
/// return key commits the letters as they are, as on iOS.
public struct PinyinComposition: Sendable, Equatable {
    /// Every letter tapped since the composition began.
    public private(set) var letters = ""
    /// The words chosen so far, each with the letters it used.
    public private(set) var chosen: [PinyinCandidate] = []
    /// What the engine found for the letters still open.
    public private(set) var lookup = PinyinLookup.empty

    public init() {}

    public var isEmpty: Bool { letters.isEmpty }
    /// The letters no word has been chosen for.
    public var openLetters: String { String(letters.dropFirst(chosen.reduce(0) { $0 + $1.letters })) }
    public var candidates: [PinyinCandidate] { lookup.candidates }

    /// The marked text the field shows: the chosen words, then the open letters with a space
    /// between syllables ("你hao", "ni hao"), as iOS marks it.
    public var markedText: String {
        let open = Array(openLetters)
        var spelled = ""
        let starts = Set(lookup.syllableStarts.filter { $0 > 0 && $0 < open.count })
        for (i, c) in open.enumerated() {
            if starts.contains(i) { spelled.append(" ") }
            spelled.append(c)
        }
        return chosen.map(\.text).joined() + spelled
    }

    /// The longest composition the keyboard takes (googlepinyin's spelling buffer is 28).
    public static let maxLetters = 26

    /// A letter tapped: appended and the open letters looked up again. False when it does
    /// not fit (it is not typed).
    @MainActor
    public mutating func append(_ letter: Character, engine: PinyinEngine) -> Bool {
        guard letters.count < Self.maxLetters, letter.isASCII, letter.isLetter else { return false }
        letters.append(Character(letter.lowercased()))
        refresh(engine)
        return true
    }

    /// Backspace: the last open letter goes; with none open, the last choice is undone (its
    /// letters open again), as iOS's keyboard steps back.
    @MainActor
    public mutating func deleteBackward(engine: PinyinEngine) {
        if openLetters.isEmpty, !chosen.isEmpty {
            chosen.removeLast()
        } else if !letters.isEmpty {
            letters.removeLast()
        }
        refresh(engine)
    }

    /// Candidate `index` chosen (tapped, or the first with space): nil while letters are
    /// still open (their candidates follow), else the whole text to commit, and the
    /// composition is over.
    @MainActor
    public mutating func choose(_ index: Int, engine: PinyinEngine) -> String? {
        // Letters with no word (a spelling the engine cannot read, or a choice whose letters
        // were all taken back): the composition ends with them as they are.
        if lookup.candidates.isEmpty { return isEmpty ? nil : commitLetters() }
        guard lookup.candidates.indices.contains(index) else { return nil }
        var c = lookup.candidates[index]
        let open = openLetters
        c.letters = max(1, min(engine.lettersCovered(byCandidate: index, of: open) ?? c.letters, open.count))
        chosen.append(c)
        if openLetters.isEmpty {
            let text = chosen.map(\.text).joined()
            self = PinyinComposition()
            return text
        }
        refresh(engine)
        return nil
    }

    /// Return: the chosen words and the open letters as typed, and the composition is over.
    public mutating func commitLetters() -> String {
        let text = chosen.map(\.text).joined() + openLetters
        self = PinyinComposition()
        return text
    }

    @MainActor
    private mutating func refresh(_ engine: PinyinEngine) {
        let open = openLetters
        lookup = open.isEmpty ? .empty : engine.lookup(open)
    }
}
