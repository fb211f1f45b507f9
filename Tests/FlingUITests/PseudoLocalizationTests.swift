// PseudoLocalizationTests: every string the app draws or gives a screen reader goes through
// the catalogue, checked in the pseudo-language, which brackets each one.
import FlingCore
@testable import FlingUI
import XCTest

/// In the pseudo-language every catalogue string reads "[Restaurants]". Each screen is visited
/// (the list, the sheet, a card open, the two-stage sheet, the form with its keyboard, the
/// tuning panel) and every text drawn and every accessible name must be bracketed, unless it
/// is the sample data's own words, digits or an icon: a string drawn without going through
/// the catalogue shows up here with its file-free text.
final class PseudoLocalizationTests: XCTestCase {
    typealias Driver = InstrumentTests.Driver

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// fling.pot's msgids, as LocalizedStringKey looks them up.
    static let potKeys: Set<String> = {
        guard let pot = try? String(contentsOf: root.appendingPathComponent("po/fling.pot"), encoding: .utf8) else { return [] }
        var keys: Set<String> = []
        for line in pot.split(separator: "\n") where line.hasPrefix("msgid \"") {
            keys.insert(String(line.dropFirst(7).dropLast()).replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\"))
        }
        return keys
    }()

    /// The sample data's own strings (a row's or a card's words), as decoded.
    static let sampleValues: [String] = {
        var out: [String] = []
        if let t = try? String(contentsOf: root.appendingPathComponent("Resources/restaurants.json"), encoding: .utf8) {
            for r in (try? SampleData.restaurants(fromJSON: t)) ?? [] { out += [r.name, r.type, r.location, r.phone, r.description] }
        }
        if let t = try? String(contentsOf: root.appendingPathComponent("Resources/articles.json"), encoding: .utf8) {
            for a in (try? SampleData.articles(fromJSON: t)) ?? [] { out += [a.category, a.headline, a.subHeadline] + a.content.components(separatedBy: "\n") }
        }
        return out.filter { !$0.isEmpty }
    }()

    /// `s` is sample data: one of its strings, or (at 12 characters or more, or cut with "…")
    /// a part of one.
    static func isSample(_ s: String) -> Bool {
        var plain = s, cut = false
        while plain.hasSuffix("…") { plain.removeLast(); cut = true }
        guard !plain.isEmpty else { return false }
        return sampleValues.contains { v in
            v.caseInsensitiveCompare(plain) == .orderedSame
                || ((plain.count >= 12 || cut) && v.range(of: plain, options: .caseInsensitive) != nil)
        }
    }

    /// Went through the catalogue: bracketed (cut short with "…" at its end, perhaps).
    static func isBracketed(_ s: String) -> Bool { s.hasPrefix("[") && (s.hasSuffix("]") || s.hasSuffix("…")) }

    @MainActor static func app(_ first: SceneID, size: Size = Size(width: 390, height: 844)) -> Driver {
        let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in Size(width: 800, height: 600) })
        var pseudo = Localization.pseudoLanguage
        pseudo.pseudoKnownKeys = potKeys
        env.strings = pseudo
        var restaurants: [Restaurant] = [], articles: [Article] = []
        if let t = try? String(contentsOf: root.appendingPathComponent("Resources/restaurants.json"), encoding: .utf8) {
            restaurants = (try? SampleData.restaurants(fromJSON: t)) ?? []
        }
        if let t = try? String(contentsOf: root.appendingPathComponent("Resources/articles.json"), encoding: .utf8) {
            articles = (try? SampleData.articles(fromJSON: t)) ?? []
        }
        XCTAssertFalse(restaurants.isEmpty || articles.isEmpty, "the sample data loads")
        let app = AppController(restaurants: restaurants, articles: articles, env: env, first: first,
                                windowSize: size, scale: 1, dateText: "[Sunday, Nov 22]")   // the date line: LanguageTests
        app.keyboard.kioskWithoutKeyboard = true
        let d = Driver(app)
        d.run(until: 0.5)
        return d
    }

    /// The tuning panel's vocabulary, left in English on purpose: the `--tune` keys and the
    /// sheet policies are what a tester types on the command line and what Copy writes, and
    /// their summaries are fling(1)'s.
    static let commandLineWords = Set(Tuning.keys.flatMap { [$0.name, $0.summary] } + SheetPolicyKind.allCases.map(\.rawValue)
        + TuningPanel.detentPresets.map(TuningPanel.segmentText) + ["disabled", "enabled", "≤ half"] + CardStyle.allCases.map(\.rawValue))

    /// What is not allowed on this screen: each drawn text and accessible name that is not
    /// bracketed, not sample data (its pieces between " · " and line breaks), not digits, not
    /// an icon, not what the test typed and not the command line's words.
    @MainActor static func unbracketed(_ d: Driver) -> [String] {
        var out: [String] = []
        func check(_ s: String, _ what: String) {
            let t = s.trimmingCharacters(in: .whitespaces)
            if t.isEmpty || isBracketed(t) || commandLineWords.contains(t) || isSample(t) { return }
            // What the test typed; a key's one character (the keyboard's letters and marks).
            if t.allSatisfy({ $0 == "x" }) || t.count == 1 { return }
            let pieces = t.components(separatedBy: " · ").flatMap { $0.components(separatedBy: "\n") }
            if pieces.count > 1 {
                let before = out.count
                for p in pieces { check(p, what) }
                if out.count > before { out[before...] = [ "\(what): \(t)" ] }
                return
            }
            if t.unicodeScalars.allSatisfy({ CharacterSet.decimalDigits.contains($0) || (0xE000...0xF8FF).contains($0.value) || $0 == "." || $0 == "-" }) { return }
            out.append("\(what): \(t)")
        }
        for case .text(let run) in d.app.displayList(time: d.t).commands {
            // A block's lines: a wrapped string is bracketed at its first and last line.
            let joined = run.layout.lines.map(\.text).joined(separator: " ")
            if isBracketed(joined) || isSample(joined) { continue }
            // A story set over many lines: each line a part of the sample text.
            let lines = run.layout.lines.map { $0.text.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            if lines.count > 1, lines.allSatisfy({ l in sampleValues.contains { $0.range(of: l, options: .caseInsensitive) != nil } }) { continue }
            check(joined, "drawn")
        }
        d.app.accessibilityTree(time: d.t).visit { e in
            check(e.label, "label of \(e.role)")
            if let v = e.value { check(v, "value of \(e.label)") }
            if let h = e.hint { check(h, "hint of \(e.label)") }
        }
        return out
    }

    @MainActor static func tapLabel(_ d: Driver, _ label: String) {
        var frame: Rect?
        d.app.accessibilityTree(time: d.t).visit { if frame == nil, $0.label == label { frame = $0.frame } }
        guard let f = frame else { return XCTFail("no element labelled \(label)") }
        d.tap(f.midX, f.midY)
        d.run(until: d.t + 1.5)
    }

    func testTheRestaurantListAndItsSheet() { MainActor.assumeIsolated {
        let d = Self.app(.restaurants)
        XCTAssertEqual(Self.unbracketed(d), [])
        d.tap(200, 150)
        d.run(until: d.t + 2)
        XCTAssertEqual(Self.unbracketed(d), [], "the sheet open")
        d.key("Up")
        d.run(until: d.t + 2)
        XCTAssertEqual(Self.unbracketed(d), [], "the sheet at full height")
    } }

    func testTodayAndAnOpenCard() { MainActor.assumeIsolated {
        let d = Self.app(.today)
        XCTAssertEqual(Self.unbracketed(d), [])
        d.tap(195, 300)
        d.run(until: d.t + 2)
        XCTAssertEqual(Self.unbracketed(d), [], "a card open")
    } }

    func testTheTwoStageSheet() { MainActor.assumeIsolated {
        let d = Self.app(.twoStage)
        XCTAssertEqual(Self.unbracketed(d), [])
        Self.tapLabel(d, "[Show Sheet]")
        XCTAssertEqual(Self.unbracketed(d), [], "the sheet up")
    } }

    func testTheFormWithItsKeyboardAndLimit() { MainActor.assumeIsolated {
        for size in [Size(width: 390, height: 844), Size(width: 1024, height: 768)] {
            let d = Self.app(.form, size: size)
            XCTAssertEqual(Self.unbracketed(d), [], "\(size)")
            var field: Rect?
            d.app.accessibilityTree(time: d.t).visit { if field == nil, $0.label == "[First Name]" { field = $0.frame } }
            guard let f = field else { return XCTFail("no First Name field at \(size)") }
            d.tap(f.minX + 10, f.midY)
            d.run(until: d.t + 0.6)
            XCTAssertEqual(Self.unbracketed(d), [], "the keyboard up at \(size)")
            d.app.handle(.text(String(repeating: "x", count: 300), time: d.t))
            d.run(until: d.t + 0.2)
            XCTAssertEqual(Self.unbracketed(d), [], "the limit notice at \(size)")
        }
    } }

    func testTheTuningPanel() { MainActor.assumeIsolated {
        let d = Self.app(.restaurants)
        d.key("F5")
        d.run(until: d.t + 0.5)
        XCTAssertTrue(d.app.instrument.panel.isVisible)
        XCTAssertEqual(Self.unbracketed(d), [])
    } }
}
