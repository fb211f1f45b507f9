// Bidi.swift against the whole of Unicode's conformance data (BidiCharacterTest.txt and
// BidiTest.txt, from Debian's unicode-data), and the cases a text drawer relies on.
import Foundation
import XCTest
@testable import FlingCore

final class BidiConformanceTests: XCTestCase {
    /// Where Debian's unicode-data package puts the Unicode Character Database.
    static let unicodeFolder = "/usr/share/unicode"

    /// Cases allowed to fail, by file and line number, each with why. Empty: every case passes.
    static let knownExceptions: [String: String] = [:]

    /// A representative scalar of each Bidi_Class for BidiTest.txt, which lists classes, not
    /// scalars. None is a paired bracket: that file assumes none is (N0 is tested by the other).
    static let representatives: [String: Unicode.Scalar] = [
        "L": "a", "R": "\u{05D0}", "AL": "\u{0627}", "EN": "1", "ES": "+", "ET": "$",
        "AN": "\u{0660}", "CS": ",", "NSM": "\u{0300}", "BN": "\u{00AD}", "B": "\u{2029}",
        "S": "\t", "WS": " ", "ON": "!", "LRE": "\u{202A}", "RLE": "\u{202B}",
        "PDF": "\u{202C}", "LRO": "\u{202D}", "RLO": "\u{202E}", "LRI": "\u{2066}",
        "RLI": "\u{2067}", "FSI": "\u{2068}", "PDI": "\u{2069}",
    ]

    // MARK: - Conformance data

    func testBidiCharacterTest() {
        let name = "BidiCharacterTest.txt"
        guard let bytes = Self.read(name) else { return }
        var tally = Tally(file: name)
        for (number, line) in Self.dataLines(bytes) {
            let fields = Self.split(line, at: UInt8(ascii: ";"))
            guard fields.count == 5,
                  let scalars = Self.scalars(fields[0]),
                  let direction = Self.integer(fields[1]),
                  (0...2).contains(direction),
                  let paragraphLevel = Self.integer(fields[2]),
                  let levels = Self.levels(fields[3]),
                  let order = Self.integers(fields[4]),
                  levels.count == scalars.count
            else {
                tally.malformed.append("\(name):\(number): \(Self.text(line))")
                continue
            }
            let base: BidiDirection? = direction == 0 ? .leftToRight : direction == 1 ? .rightToLeft : nil
            let problem = Self.check(scalars, base: base, paragraphLevel: paragraphLevel,
                                     levels: levels, order: order)
            tally.record(problem, line: number, text: Self.text(line))
        }
        tally.report()
    }

    func testBidiTest() {
        let name = "BidiTest.txt"
        guard let bytes = Self.read(name) else { return }
        var tally = Tally(file: name)
        var levels: [Int?]? = nil
        var order: [Int]? = nil
        // Class names to scalars by their bytes packed in a number, so no token is made a String.
        let representatives = Dictionary(uniqueKeysWithValues: Self.representatives.map {
            (Self.packed(Array($0.key.utf8)[...]), $0.value)
        })
        for (number, line) in Self.dataLines(bytes) {
            if line.first == UInt8(ascii: "@") {
                let fields = Self.split(line, at: UInt8(ascii: ":"))
                switch fields.first.map(Self.text) {
                case "@Levels"?:
                    levels = fields.count == 2 ? Self.levels(fields[1]) : nil
                    if levels == nil { tally.malformed.append("\(name):\(number): \(Self.text(line))") }
                case "@Reorder"?:
                    order = fields.count == 2 ? Self.integers(fields[1]) : nil
                    if order == nil { tally.malformed.append("\(name):\(number): \(Self.text(line))") }
                default:
                    break  // the format reserves other @ lines
                }
                continue
            }
            let fields = Self.split(line, at: UInt8(ascii: ";"))
            let names = fields.first.map(Self.tokens) ?? []
            var scalars: [Unicode.Scalar] = []
            for name in names {
                if let scalar = representatives[Self.packed(name)] { scalars.append(scalar) }
            }
            guard fields.count == 2, let levels, let order,
                  let bitset = Self.integer(fields[1]),
                  !names.isEmpty, scalars.count == names.count, levels.count == scalars.count
            else {
                tally.malformed.append("\(name):\(number): \(Self.text(line))")
                continue
            }
            // Bits: 1 auto (P2–P3), 2 left to right, 4 right to left.
            for (bit, base) in [(1, nil), (2, .leftToRight), (4, .rightToLeft)] as [(Int, BidiDirection?)]
            where bitset & bit != 0 {
                let problem = Self.check(scalars, base: base, paragraphLevel: nil,
                                         levels: levels, order: order)
                tally.record(problem, line: number, text: "\(Self.text(line)) (paragraph bit \(bit))")
            }
        }
        tally.report()
    }

    /// The representative scalars have the classes they stand for.
    func testRepresentativesHaveTheirClasses() {
        for (name, scalar) in Self.representatives {
            XCTAssertEqual("\(Bidi.bidiClass(scalar))", name, "U+\(String(scalar.value, radix: 16))")
        }
    }

    // MARK: - What a text drawer relies on

    func testHebrewWithNumberAndLatin() {
        let text = "מסעדת הים 2024 Tel Aviv"
        XCTAssertEqual(Bidi.firstStrongDirection(text), .rightToLeft)
        let scalars = Array(text.unicodeScalars)
        XCTAssertEqual(Bidi.resolve(scalars, base: nil).level, 1)
        // Right to left overall: "Tel Aviv" leftmost, then the number, the Hebrew rightmost,
        // each Latin word and the number in their own order.
        XCTAssertEqual(Bidi.visualRuns(text, base: nil), [
            Bidi.Run(range: 15..<23, rightToLeft: false),
            Bidi.Run(range: 14..<15, rightToLeft: true),
            Bidi.Run(range: 10..<14, rightToLeft: false),
            Bidi.Run(range: 0..<10, rightToLeft: true),
        ])
        XCTAssertEqual(Self.screen(text), "Tel Aviv 2024 םיה תדעסמ")
    }

    func testArabicNameWithParenthesizedNumber() {
        let text = "محمد (5)"
        XCTAssertEqual(Bidi.firstStrongDirection(text), .rightToLeft)
        // The brackets are right to left (N0: the number inside counts as R), so each is drawn
        // mirrored; the number is its own left-to-right run between them.
        XCTAssertEqual(Bidi.visualRuns(text, base: nil), [
            Bidi.Run(range: 7..<8, rightToLeft: true),
            Bidi.Run(range: 6..<7, rightToLeft: false),
            Bidi.Run(range: 0..<6, rightToLeft: true),
        ])
        XCTAssertEqual(Bidi.mirrored("("), ")")
        XCTAssertEqual(Bidi.mirrored(")"), "(")
        XCTAssertNil(Bidi.mirrored("a"))
        XCTAssertEqual(Self.screen(text), "(5) دمحم")
    }

    func testLatinIsOneLeftToRightRun() {
        XCTAssertEqual(Bidi.firstStrongDirection("Hello, world!"), .leftToRight)
        XCTAssertEqual(Bidi.visualRuns("Hello, world!", base: nil),
                       [Bidi.Run(range: 0..<13, rightToLeft: false)])
        // In a right-to-left paragraph the final "!" sits between L and the paragraph's end:
        // it takes the paragraph's direction and goes to the left.
        XCTAssertEqual(Bidi.visualRuns("Hello, world!", base: .rightToLeft), [
            Bidi.Run(range: 12..<13, rightToLeft: true),
            Bidi.Run(range: 0..<12, rightToLeft: false),
        ])
    }

    func testEmptyTextHasNoRuns() {
        XCTAssertEqual(Bidi.visualRuns("", base: nil), [])
        XCTAssertEqual(Bidi.visualRuns("", base: .rightToLeft), [])
        XCTAssertNil(Bidi.firstStrongDirection(""))
        XCTAssertNil(Bidi.firstStrongDirection("123 !?"))
        XCTAssertEqual(Bidi.resolve([], base: .rightToLeft),
                       Bidi.Paragraph(level: 1, levels: [], removed: []))
    }

    func testIsolatesAreSkippedForTheFirstStrong() {
        XCTAssertEqual(Bidi.firstStrongDirection("\u{2067}abc\u{2069}שלום"), .rightToLeft)
        XCTAssertNil(Bidi.firstStrongDirection("\u{2067}שלום"), "an open isolate runs to the end")
    }

    func testRunsOfOneDirectionMergeAcrossLevels() {
        // Levels 1 1 3 3 3 1 (an embedding inside right-to-left text): on screen the scalars
        // are 5 3 2 0, one right-to-left run, not three.
        let scalars = Array("א\u{202B}בג\u{202C}ד".unicodeScalars)
        let paragraph = Bidi.resolve(scalars, base: .rightToLeft)
        XCTAssertEqual(paragraph.levels, [1, 1, 3, 3, 3, 1])
        XCTAssertEqual(paragraph.removed, [false, true, false, false, true, false])
        XCTAssertEqual(Bidi.visualOrder(paragraph, scalars: scalars, line: 0..<6), [5, 3, 2, 0])
        XCTAssertEqual(Bidi.visualRuns(paragraph, scalars: scalars, line: 0..<6),
                       [Bidi.Run(range: 0..<6, rightToLeft: true)])
    }

    func testLinesOfOneParagraph() {
        // "abc שלום | עולם def" broken after the space: each line is reordered on its own, and
        // the first line's trailing space goes back to the paragraph's level (L1).
        let scalars = Array("abc שלום עולם def".unicodeScalars)
        let paragraph = Bidi.resolve(scalars, base: nil)
        XCTAssertEqual(paragraph.level, 0)
        XCTAssertEqual(Bidi.visualOrder(paragraph, scalars: scalars, line: 0..<9), [0, 1, 2, 3, 7, 6, 5, 4, 8])
        XCTAssertEqual(Bidi.visualRuns(paragraph, scalars: scalars, line: 0..<9), [
            Bidi.Run(range: 0..<4, rightToLeft: false),
            Bidi.Run(range: 4..<8, rightToLeft: true),
            Bidi.Run(range: 8..<9, rightToLeft: false),
        ])
        XCTAssertEqual(Bidi.visualOrder(paragraph, scalars: scalars, line: 9..<17),
                       [12, 11, 10, 9, 13, 14, 15, 16])
    }

    func testJoinerStaysInItsRun() {
        // A zero width joiner is BN: removed by X9, but drawn with the Arabic around it.
        XCTAssertEqual(Bidi.visualRuns("abc ل\u{200D}ا def", base: nil), [
            Bidi.Run(range: 0..<4, rightToLeft: false),
            Bidi.Run(range: 4..<7, rightToLeft: true),
            Bidi.Run(range: 7..<11, rightToLeft: false),
        ])
    }

    // MARK: - Helpers

    /// The scalars as they land on screen, left to right, right-to-left ones mirrored.
    static func screen(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        let paragraph = Bidi.resolve(scalars, base: nil)
        let levels = Bidi.lineLevels(paragraph, scalars: scalars, line: 0..<scalars.count)
        var out = String.UnicodeScalarView()
        for i in Bidi.visualOrder(paragraph, scalars: scalars, line: 0..<scalars.count) {
            out.append(levels[i] & 1 == 1 ? Bidi.mirrored(scalars[i]) ?? scalars[i] : scalars[i])
        }
        return String(out)
    }

    /// What differs from the expected result, nil when nothing does.
    static func check(_ scalars: [Unicode.Scalar], base: BidiDirection?, paragraphLevel: Int?,
                      levels expected: [Int?], order expectedOrder: [Int]) -> String? {
        let paragraph = Bidi.resolve(scalars, base: base)
        let line = 0..<scalars.count
        let levels = Bidi.lineLevels(paragraph, scalars: scalars, line: line)
        let order = Bidi.visualOrder(paragraph, scalars: scalars, line: line)
        var problems: [String] = []
        if let paragraphLevel, Int(paragraph.level) != paragraphLevel {
            problems.append("paragraph level \(paragraph.level), expected \(paragraphLevel)")
        }
        // Compared as numbers; spelled out only when they differ (this runs 860,000 times).
        var levelsMatch = levels.count == expected.count
        for i in levels.indices where levelsMatch {
            if let level = expected[i] {
                levelsMatch = !paragraph.removed[i] && Int(levels[i]) == level
            } else {
                levelsMatch = paragraph.removed[i]
            }
        }
        if !levelsMatch {
            let got = levels.indices.map { paragraph.removed[$0] ? "x" : String(levels[$0]) }
            let want = expected.map { $0.map(String.init) ?? "x" }
            problems.append("levels \(got.joined(separator: " ")), expected \(want.joined(separator: " "))")
        }
        if order != expectedOrder {
            let got = order.map(String.init).joined(separator: " ")
            let want = expectedOrder.map(String.init).joined(separator: " ")
            problems.append("order \(got), expected \(want)")
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    /// Counts, failures and malformed lines of one file; reports them and asserts.
    struct Tally {
        let file: String
        var cases = 0
        var passes = 0
        var exceptions = 0
        var failures: [String] = []
        var malformed: [String] = []

        mutating func record(_ problem: String?, line: Int, text: @autoclosure () -> String) {
            cases += 1
            guard let problem else { passes += 1; return }
            if BidiConformanceTests.knownExceptions["\(file):\(line)"] != nil {
                exceptions += 1
                return
            }
            failures.append("\(file):\(line): \(text())\n    \(problem)")
        }

        func report() {
            print("\(file): \(passes) of \(cases) cases pass"
                  + (exceptions > 0 ? " (\(exceptions) known exceptions)" : ""))
            for failure in failures.prefix(20) { print(failure) }
            XCTAssertGreaterThan(cases, 0, "\(file) has no test cases")
            XCTAssertEqual(malformed, [], "malformed lines in \(file)")
            XCTAssertEqual(failures.count, 0,
                           "\(failures.count) of \(cases) cases fail, first: \(failures.first ?? "")")
        }
    }

    /// The file's bytes, or nil after failing the test when it is missing.
    static func read(_ name: String) -> [UInt8]? {
        let path = unicodeFolder + "/" + name
        guard let data = FileManager.default.contents(atPath: path) else {
            XCTFail("\(path) is missing: install Debian's unicode-data "
                    + "(apt-get install unicode-data; make test installs it)")
            return nil
        }
        return [UInt8](data)
    }

    // The files are parsed as bytes: Character-by-Character they take seconds longer.
    typealias Bytes = ArraySlice<UInt8>

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// Numbered lines that are neither blank nor comments (a comment's tail is cut off),
    /// without their surrounding blanks.
    static func dataLines(_ bytes: [UInt8]) -> [(Int, Bytes)] {
        var result: [(Int, Bytes)] = []
        var number = 0
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            number += 1
            var last = start
            while last < end && bytes[last] != UInt8(ascii: "#") { last += 1 }
            let line = trimmed(bytes[start..<last])
            if !line.isEmpty { result.append((number, line)) }
            start = end + 1
        }
        return result
    }

    static func trimmed(_ bytes: Bytes) -> Bytes {
        var low = bytes.startIndex
        var high = bytes.endIndex
        while low < high && isBlank(bytes[low]) { low += 1 }
        while high > low && isBlank(bytes[high - 1]) { high -= 1 }
        return bytes[low..<high]
    }

    /// The pieces between separators (empty ones kept).
    static func split(_ bytes: Bytes, at separator: UInt8) -> [Bytes] {
        var result: [Bytes] = []
        var start = bytes.startIndex
        for i in bytes.indices where bytes[i] == separator {
            result.append(bytes[start..<i])
            start = i + 1
        }
        result.append(bytes[start..<bytes.endIndex])
        return result
    }

    /// The blank-separated tokens.
    static func tokens(_ bytes: Bytes) -> [Bytes] {
        var result: [Bytes] = []
        var i = bytes.startIndex
        while i < bytes.endIndex {
            while i < bytes.endIndex && isBlank(bytes[i]) { i += 1 }
            let start = i
            while i < bytes.endIndex && !isBlank(bytes[i]) { i += 1 }
            if i > start { result.append(bytes[start..<i]) }
        }
        return result
    }

    /// A token in the given radix, nil when it is not one (or is absurdly long).
    static func number(_ token: Bytes, radix: UInt32) -> UInt32? {
        guard !token.isEmpty, token.count <= 8 else { return nil }
        var value: UInt32 = 0
        for byte in token {
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A")) + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a")) + 10
            default: return nil
            }
            guard digit < radix else { return nil }
            value = value * radix + digit
        }
        return value
    }

    /// A class name's bytes in one number (names are at most 3 letters; longer ones are no key).
    static func packed(_ token: Bytes) -> UInt32 {
        guard token.count <= 3 else { return 0 }
        var key: UInt32 = 0
        for byte in token { key = key << 8 | UInt32(byte) }
        return key
    }

    static func text(_ bytes: Bytes) -> String { String(decoding: bytes, as: UTF8.self) }

    /// Blank-separated hex code points, nil when one is not a scalar or there are none.
    static func scalars(_ field: Bytes) -> [Unicode.Scalar]? {
        var result: [Unicode.Scalar] = []
        for token in tokens(field) {
            guard let value = number(token, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
            result.append(scalar)
        }
        return result.isEmpty ? nil : result
    }

    /// Blank-separated levels, nil for x (removed by X9); nil when a token is neither.
    static func levels(_ field: Bytes) -> [Int?]? {
        var result: [Int?] = []
        for token in tokens(field) {
            if token.count == 1 && token.first == UInt8(ascii: "x") { result.append(nil); continue }
            guard let level = number(token, radix: 10) else { return nil }
            result.append(Int(level))
        }
        return result
    }

    /// One decimal integer between blanks, nil when the field is anything else.
    static func integer(_ field: Bytes) -> Int? {
        guard let values = integers(field), values.count == 1 else { return nil }
        return values[0]
    }

    /// Blank-separated decimal integers (may be none), nil when a token is not one.
    static func integers(_ field: Bytes) -> [Int]? {
        var result: [Int] = []
        for token in tokens(field) {
            guard let value = number(token, radix: 10) else { return nil }
            result.append(Int(value))
        }
        return result
    }
}
