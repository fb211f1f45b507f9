// GraphemeConformanceTests: the caret, Backspace, selection and hit-testing count grapheme
// clusters (Swift's `Character`), so Unicode's own GraphemeBreakTest.txt is run against them
// whole, and the editing operations are checked on the clusters that matter to people.
@testable import FlingCore
import Foundation
import XCTest

final class GraphemeConformanceTests: XCTestCase {
    static let file = "/usr/share/unicode/auxiliary/GraphemeBreakTest.txt"

    /// One test line: its scalars and the cluster lengths Unicode expects.
    struct Case { var line: Int; var scalars: [Unicode.Scalar]; var expected: [Int] }

    static func cases() throws -> [Case] {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        var out: [Case] = []
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let body = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard !fields.isEmpty else { continue }
            var scalars: [Unicode.Scalar] = []
            var lengths: [Int] = []
            var run = 0
            var ok = true
            for f in fields {
                if f == "÷" {
                    if run > 0 { lengths.append(run) }
                    run = 0
                } else if f == "×" {
                    continue
                } else if let v = UInt32(f, radix: 16), let u = Unicode.Scalar(v) {
                    scalars.append(u)
                    run += 1
                } else {
                    ok = false
                }
            }
            XCTAssertTrue(ok, "\(file):\(n + 1): a field that is neither ÷, × nor a code point")
            if ok, !scalars.isEmpty { out.append(Case(line: n + 1, scalars: scalars, expected: lengths)) }
        }
        return out
    }

    func testTheWholeOfGraphemeBreakTest() throws {
        guard FileManager.default.fileExists(atPath: Self.file) else {
            return XCTFail("\(Self.file) is missing: install Debian's unicode-data (make test installs it)")
        }
        let cases = try Self.cases()
        XCTAssertGreaterThan(cases.count, 500, "the file read as too few cases")
        var failures: [Int] = []
        for c in cases {
            var s = String.UnicodeScalarView()
            s.append(contentsOf: c.scalars)
            let got = String(s).map { $0.unicodeScalars.count }
            if got != c.expected { failures.append(c.line) }
        }
        print("GraphemeBreakTest.txt: \(cases.count - failures.count) of \(cases.count) lines pass")
        // The one exception (Swift 6.3.1): its String does not count U+2701 UPPER BLADE SCISSORS
        // as Extended_Pictographic (emoji-data.txt does), so "✁ ZWJ ✁" is two clusters where
        // GB11 makes one. U+2701 has no emoji presentation and no emoji keyboard offers it.
        let exceptions = cases.filter { $0.scalars.map(\.value) == [0x2701, 0x200D, 0x2701] }.map(\.line)
        XCTAssertEqual(exceptions.count, 1, "the U+2701 line is gone from the file: look again at the exception")
        XCTAssertEqual(failures, exceptions, "lines of \(Self.file) that fail")
    }

    /// An emoji family is one step of the caret and one Backspace; a flag is one; Backspace
    /// after a combining mark removes the whole letter with its mark (as on iOS).
    func testCaretAndBackspaceByCluster() {
        var e = TextEditing(text: "a👨‍👩‍👧‍👦b🇯🇵é")
        XCTAssertEqual(e.count, 5)
        e.moveLeft(); e.moveLeft()
        XCTAssertEqual(e, TextEditing(text: "a👨‍👩‍👧‍👦b🇯🇵é", caret: 3))
        e.deleteBackward()
        XCTAssertEqual(e, TextEditing(text: "a👨‍👩‍👧‍👦🇯🇵é", caret: 2))
        e.deleteBackward()
        XCTAssertEqual(e, TextEditing(text: "a🇯🇵é", caret: 1))
        e.moveToEnd()
        e.deleteBackward()
        XCTAssertEqual(e, TextEditing(text: "a🇯🇵", caret: 2))
    }

    /// Backspace after a combining mark takes the mark and leaves the letter (é typed as e and
    /// an accent, a Devanagari vowel sign); a precomposed é, an emoji with VS16 and a keycap go whole.
    func testBackspaceAfterACombiningMarkRemovesTheMark() {
        var e = TextEditing(text: "Cafe\u{301}")
        e.deleteBackward()
        XCTAssertEqual(e, TextEditing(text: "Cafe", caret: 4))
        var hindi = TextEditing(text: "कि")
        hindi.deleteBackward()
        XCTAssertEqual(hindi, TextEditing(text: "क", caret: 1))
        // A conjunct loses its last consonant, then the virama's sign stays typed: नमस्ते → नमस्त → नमस्.
        var namaste = TextEditing(text: "नमस्ते")
        namaste.deleteBackward()
        XCTAssertEqual(namaste.text, "नमस्त")
        namaste.deleteBackward()
        XCTAssertEqual(namaste.text, "नमस्")
        // Thai's sara am, and Persian's half-space, go on their own.
        var thai = TextEditing(text: "กำ")
        thai.deleteBackward()
        XCTAssertEqual(thai.text, "ก")
        var persian = TextEditing(text: "مي\u{200C}")
        persian.deleteBackward()
        XCTAssertEqual(persian.text, "مي")
        for whole in ["Caf\u{E9}", "a\u{2764}\u{FE0F}", "a1\u{FE0F}\u{20E3}", "a👍🏽", "a🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "a👨‍👩‍👧‍👦", "a🇯🇵"] {
            var t = TextEditing(text: whole)
            t.deleteBackward()
            XCTAssertEqual(t.text, String(whole.dropLast()), whole)
        }
    }

    /// Hangul typed as jamo and Chinese: three clusters are three characters for the Form's
    /// rule, whatever their bytes.
    func testClustersNotBytesCountTowardsTheFormsRule() {
        XCTAssertEqual(TextEditing(text: "你好吗").count, 3)
        XCTAssertEqual(TextEditing(text: "\u{1100}\u{1161}\u{11A8}").count, 1)
        XCTAssertEqual(TextEditing(text: "مرحبا").count, 5)
    }
}
