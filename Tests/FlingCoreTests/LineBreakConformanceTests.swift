// LineBreakConformanceTests: where a line may end (UAX #14) is checked against Unicode's own
// LineBreakTest.txt, whole, and on the texts a layout meets: Chinese and Japanese punctuation
// (kinsoku), spaces, long words, newlines.
@testable import FlingCore
import Foundation
import XCTest

final class LineBreakConformanceTests: XCTestCase {
    static let file = "/usr/share/unicode/auxiliary/LineBreakTest.txt"

    /// One test line: its scalars and the offsets where Unicode allows a break (after the
    /// start; LineBreakTest.txt does not tell mandatory breaks from allowed ones).
    struct Case { var line: Int; var scalars: [Unicode.Scalar]; var breaks: [Int] }

    /// The cases of the file, and the numbers of the lines that could not be read.
    static func cases() throws -> (cases: [Case], malformed: [Int]) {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        var out: [Case] = []
        var malformed: [Int] = []
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let body = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                .first ?? ""
            let fields = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard !fields.isEmpty else { continue }
            var scalars: [Unicode.Scalar] = []
            var breaks: [Int] = []
            var ok = true
            for f in fields {
                if f == "÷" {
                    if !scalars.isEmpty { breaks.append(scalars.count) }
                } else if f == "×" {
                    continue
                } else if let v = UInt32(f, radix: 16), let u = Unicode.Scalar(v) {
                    scalars.append(u)
                } else {
                    ok = false
                }
            }
            if ok, !scalars.isEmpty {
                out.append(Case(line: n + 1, scalars: scalars, breaks: breaks))
            } else {
                malformed.append(n + 1)
            }
        }
        return (out, malformed)
    }

    func testTheWholeOfLineBreakTest() throws {
        guard FileManager.default.fileExists(atPath: Self.file) else {
            return XCTFail(
                "\(Self.file) is missing: install Debian's unicode-data (make test installs it)")
        }
        let (cases, malformed) = try Self.cases()
        XCTAssertEqual(malformed, [], "lines of \(Self.file) that are neither ÷, × nor code points")
        XCTAssertGreaterThan(cases.count, 7000, "the file read as too few cases")
        var failures: [String] = []
        for c in cases {
            var s = String.UnicodeScalarView()
            s.append(contentsOf: c.scalars)
            let got = LineBreaking.opportunities(String(s)).map(\.offset)
            if got != c.breaks {
                let hex = c.scalars.map { String($0.value, radix: 16, uppercase: true) }
                failures.append(
                    "line \(c.line) [\(hex.joined(separator: " "))]: breaks at \(got), expected \(c.breaks)")
            }
        }
        print("LineBreakTest.txt: \(cases.count - failures.count) of \(cases.count) lines pass")
        // No exceptions: every line passes.
        XCTAssertEqual(failures, [], "lines of \(Self.file) that fail")
    }

    // MARK: - What a layout needs

    private func offsets(_ text: String) -> [Int] { LineBreaking.opportunities(text).map(\.offset) }

    /// Between ideographs a line may end anywhere, but never before "，" or "？" (kinsoku):
    /// the comma stays on the line of the word it follows.
    func testChineseBreaksBetweenIdeographsButNotBeforePunctuation() {
        let text = "我们去吃饭，好吗？"
        XCTAssertEqual(offsets(text), [1, 2, 3, 4, 6, 7, 9])
        XCTAssertEqual(LineBreaking.segments(text), ["我", "们", "去", "吃", "饭，", "好", "吗？"])
    }

    /// No line starts with a small kana, the long vowel mark, "、" or "。", nor ends with "「".
    func testJapaneseSmallKanaAndLongVowelMarkDoNotStartALine() {
        let text = "「ちょっと」キャーー、はい。"
        let scalars = Array(text.unicodeScalars)
        let noStart: Set<Unicode.Scalar> = ["ょ", "っ", "ャ", "ー", "」", "、", "。"]
        let breaks = offsets(text)
        for b in breaks where b < scalars.count {
            XCTAssertFalse(noStart.contains(scalars[b]), "a line starts with \(scalars[b]) at \(b)")
            XCTAssertNotEqual(scalars[b - 1], "「", "a line ends with 「 at \(b)")
        }
        XCTAssertEqual(LineBreaking.segments(text), ["「ちょっ", "と」", "キャーー、", "は", "い。"])
    }

    /// A space stays at the end of the line before the break; a long word has no break, nor a
    /// host name, file name or mail address, whose dots, "_" and "@" hold the word together.
    /// (UAX #14 does allow a break after "/", "-" and "?", as browsers do.)
    func testSpacesBreakAfterAndLongWordsDoNot() {
        XCTAssertEqual(LineBreaking.opportunities("Hello world"), [
            .init(offset: 6, mandatory: false), .init(offset: 11, mandatory: true),
        ])
        XCTAssertEqual(LineBreaking.segments("Hello  world"), ["Hello  ", "world"])
        for word in ["Supercalifragilisticexpialidocious", "www.example.com",
                     "john.appleseed@mail.example.com", "fling_settings.backup.json"] {
            XCTAssertEqual(offsets(word), [word.unicodeScalars.count], word)
        }
        // Numbers hold together with their signs and separators (LB25).
        XCTAssertEqual(LineBreaking.segments("costs $1,234.56 (approx.)"),
                       ["costs ", "$1,234.56 ", "(approx.)"])
    }

    /// A newline ends its line (mandatory) and stays with it; CR LF is one line end.
    func testNewlinesAreMandatoryBreaksAfterThem() {
        XCTAssertEqual(LineBreaking.opportunities("a\nb"), [
            .init(offset: 2, mandatory: true), .init(offset: 3, mandatory: true),
        ])
        XCTAssertEqual(LineBreaking.segments("one\r\ntwo\n\nthree "),
                       ["one\r\n", "two\n", "\n", "three "])
        XCTAssertEqual(LineBreaking.opportunities(""), [])
        XCTAssertEqual(LineBreaking.segments(""), [])
        XCTAssertEqual(LineBreaking.opportunities("a\u{2028}b").first,
                       .init(offset: 2, mandatory: true), "LINE SEPARATOR is BK")
    }

    /// Emoji sequences, flags and marks are not cut (LB8a, LB9, LB30a, LB30b).
    func testEmojiFlagsAndMarksHoldTogether() {
        XCTAssertEqual(LineBreaking.segments("👨‍👩‍👧 👍🏽🇯🇵🇫🇷 e\u{301}te\u{301}"),
                       ["👨‍👩‍👧 ", "👍🏽", "🇯🇵", "🇫🇷 ", "e\u{301}te\u{301}"])
    }

    /// The pieces are the text, whatever it holds.
    func testSegmentsConcatenateToTheText() {
        for text in ["", " ", "a", "\n", "a b\r\nc\rd\u{85}e", "我们去吃饭，好吗？ Hello, world!",
                     "مرحبا بالعالم", "สวัสดีครับ", "한국어 텍스트", "\u{301}start with a mark",
                     "a\u{1F3FB}", "x\u{200B} y", "  leading spaces", "trailing spaces  "] {
            let pieces = LineBreaking.segments(text)
            XCTAssertEqual(pieces.joined(), text)
            XCTAssertEqual(pieces.count, LineBreaking.opportunities(text).count, text)
            XCTAssertFalse(pieces.contains { $0.isEmpty }, text)
        }
    }

    /// One pass: 200,000 characters of mixed scripts, and the longest look ahead (LB25 after
    /// "$(" over marks), take about half a second unoptimized (a few milliseconds
    /// optimized); a quadratic breaker would take minutes.
    func testLongTextsAreLinear() {
        let pieces = ["Hello world, ", "我们去吃饭，好吗？", "「東京」は、ちょっと遠い。", "👍🏽🇯🇵 ",
                      "$1,234.56 (approx) ", "مرحبا بالعالم ", "สวัสดี ", "e\u{301}te\u{301} ", "\n"]
        var text = ""
        var count = 0
        var i = 0
        while count < 200_000 {
            text += pieces[i % pieces.count]
            count += pieces[i % pieces.count].unicodeScalars.count
            i += 1
        }
        let marks = "$(" + String(repeating: "\u{301}", count: 200_000) + "1"
        let start = Date()
        let breaks = LineBreaking.opportunities(text)
        let markBreaks = LineBreaking.opportunities(marks)
        let seconds = Date().timeIntervalSince(start)
        let ms = Int(seconds * 1000)
        print("LineBreaking: \(count) + \(marks.unicodeScalars.count) scalars in \(ms) ms")
        XCTAssertEqual(breaks.last, .init(offset: count, mandatory: true))
        XCTAssertEqual(markBreaks, [.init(offset: 200_003, mandatory: true)])
        XCTAssertLessThan(seconds, 10)
    }
}
