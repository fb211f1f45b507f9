import XCTest
@testable import FlingCore

/// Catalogues, plural rules, the language asked for and placeholders.
final class LocalizationTests: XCTestCase {
    /// A .mo file as msgfmt writes it (little-endian, no hash table), for `entries` (msgid, msgstr).
    static func mo(_ entries: [(String, String)]) -> [UInt8] {
        let sorted = entries.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
        var out: [UInt8] = []
        func word(_ v: Int) { for i in 0..<4 { out.append(UInt8((v >> (8 * i)) & 0xFF)) } }
        let n = sorted.count
        let originals = 28, translations = 28 + n * 8
        var data: [UInt8] = []
        var idTable: [(Int, Int)] = [], strTable: [(Int, Int)] = []
        let dataStart = 28 + n * 16
        for (id, _) in sorted { idTable.append((id.utf8.count, dataStart + data.count)); data += Array(id.utf8) + [0] }
        for (_, s) in sorted { strTable.append((s.utf8.count, dataStart + data.count)); data += Array(s.utf8) + [0] }
        word(0x9504_12de); word(0); word(n); word(originals); word(translations); word(0); word(0)
        for (l, o) in idTable + strTable { word(l); word(o) }
        return out + data
    }

    static let arabicHeader = "Language: ar\nContent-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;\n"

    func testACatalogWithContextsPluralsAndAnUntranslatedEntry() throws {
        let bytes = Self.mo([
            ("", Self.arabicHeader),
            ("Done", "تم"),
            ("Tab\u{4}Today", "اليوم"),
            ("%@ photo\0%@ photos", ["لا صور", "صورة واحدة", "صورتان", "%@ صور", "%@ صورة", "%@ صورة"].joined(separator: "\0")),
            ("Cancel", ""),
        ])
        let c = try MessageCatalog.parse(bytes).get()
        XCTAssertEqual(c.language, "ar")
        XCTAssertEqual(c.translation("Done"), "تم")
        XCTAssertEqual(c.translation("Today", context: "Tab"), "اليوم")
        XCTAssertNil(c.translation("Today"))
        XCTAssertNil(c.translation("Cancel"), "an empty msgstr is no translation")
        XCTAssertEqual([0, 1, 2, 3, 11, 100, 102].map { c.translation("%@ photo", count: $0) },
                       ["لا صور", "صورة واحدة", "صورتان", "%@ صور", "%@ صورة", "%@ صورة", "%@ صورة"], "102 is other (5), not two")
        XCTAssertEqual(c.messages.count, 3)
    }

    func testWhatIsNotACatalogueSaysWhy() {
        func reason(_ b: [UInt8]) -> String? { if case .failure(let e) = MessageCatalog.parse(b) { return e.reason } else { return nil } }
        XCTAssertEqual(reason([1, 2, 3]), "too short for a .mo file (3 bytes)")
        XCTAssertEqual(reason(Array("msgid \"Done\"\nmsgstr \"完成\"\n".utf8)), "not a .mo file (its first four bytes are not gettext's magic number)")
        var cut = Self.mo([("", "Content-Type: text/plain; charset=UTF-8\n"), ("Done", "完成")])
        cut.removeLast(6)
        XCTAssertEqual(reason(cut), "string 2 of 2 points outside the file")
        XCTAssertEqual(reason(Self.mo([("", "Content-Type: text/plain; charset=ISO-8859-1\n")])),
                       "its header says Content-Type: text/plain; charset=ISO-8859-1; only UTF-8 catalogues are read")
        XCTAssertEqual(reason(Self.mo([("", "Plural-Forms: nplurals=2; plural=(n != 1;\n")])), "Plural-Forms: a ( without its ) in \"(n != 1\"")
        XCTAssertEqual(reason(Self.mo([("", "Plural-Forms: nplurals=9; plural=0;\n")])), "Plural-Forms: nplurals missing or not 1 to 6 ( nplurals=9; plural=0;)")
    }

    func testPluralRulesEvaluateAsC() throws {
        let chinese = try PluralRule.parse("nplurals=1; plural=0;").get()
        XCTAssertEqual([0, 1, 5].map(chinese.form), [0, 0, 0])
        let russian = try PluralRule.parse("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);").get()
        XCTAssertEqual([1, 2, 5, 11, 21, 22, 25, 112].map(russian.form), [0, 1, 2, 2, 0, 1, 2, 2])
        XCTAssertEqual([0, 1, 2].map(PluralRule.english.form), [1, 0, 1])
        let hebrew = try PluralRule.parse("nplurals=4; plural=(n==1) ? 0 : (n==2) ? 1 : (n>10 && n%10==0) ? 2 : 3;").get()
        XCTAssertEqual([1, 2, 20, 3].map(hebrew.form), [0, 1, 2, 3])
        XCTAssertEqual(try PluralRule.parse("nplurals=2; plural=!(n<=1);").get().form(for: 0), 0)
        XCTAssertEqual(try PluralRule.parse("nplurals=2; plural=n/0;").get().form(for: 7), 0, "division by zero is 0, never a trap")
        if case .success = PluralRule.parse("nplurals=2; plural=n ? 1;") { XCTFail("a ? without : parsed") }
    }

    func testTheLanguageFollowsTheEnvironmentAsGettextDoes() {
        func names(_ env: [String: String], _ o: String? = nil) -> [String] { LanguagePreference.candidates(environment: env, override: o).names }
        XCTAssertEqual(names(["LANG": "zh_CN.UTF-8"]), ["zh_CN", "zh"])
        XCTAssertEqual(names(["LANG": "zh_HK.UTF-8"]), ["zh_HK", "zh_TW", "zh"])
        XCTAssertEqual(names(["LANG": "zh_SG.UTF-8"]), ["zh_SG", "zh_CN", "zh"])
        XCTAssertEqual(names(["LANG": "en_US.UTF-8", "LC_MESSAGES": "ar_EG.UTF-8"]), ["ar_EG", "ar"])
        XCTAssertEqual(names(["LANG": "de_DE.UTF-8", "LC_ALL": "zh_TW.UTF-8", "LC_MESSAGES": "ar_EG"]), ["zh_TW", "zh"])
        XCTAssertEqual(names(["LANG": "de_DE.UTF-8", "LANGUAGE": "ar:zh_CN"]), ["ar", "zh_CN", "zh", "de_DE", "de"])
        XCTAssertEqual(names(["LANG": "C", "LANGUAGE": "ar"]), [], "LANGUAGE is not honoured in the C locale (glibc)")
        XCTAssertEqual(names(["LANG": "C.UTF-8", "LANGUAGE": "ar"]), ["ar"], "but it is in C.UTF-8, as glibc's gettext does")
        XCTAssertEqual(names([:], "zh-Hans-HK"), ["zh_HK", "zh_CN", "zh"], "the script decides over the territory")
        XCTAssertEqual(names([:]), [])
        XCTAssertEqual(names(["LANG": "ar_EG.UTF-8"], "zh-Hant"), ["zh_TW", "zh"])
        XCTAssertEqual(names([:], "zh-Hans"), ["zh_CN", "zh"])
        XCTAssertEqual(names([:], "iw"), ["he"])
        XCTAssertEqual(names([:], "en"), ["en"])
        XCTAssertEqual(LanguagePreference.candidates(environment: ["LANG": "fr_FR.UTF-8"]).asked, "fr_FR.UTF-8")
    }

    func testPlaceholdersInTheTranslationsOrder() {
        XCTAssertEqual(LocalizedFormat.apply("Trial %@ of %@", ["2", "5"]), "Trial 2 of 5")
        XCTAssertEqual(LocalizedFormat.apply("第 %1$@ 次，共 %2$@ 次", ["2", "5"]), "第 2 次，共 5 次")
        XCTAssertEqual(LocalizedFormat.apply("%2$@ / %1$@", ["a", "b"]), "b / a")
        XCTAssertEqual(LocalizedFormat.apply("100%% %lld %d", ["7", "8"]), "100% 7 8")
        XCTAssertEqual(LocalizedFormat.apply("%@ and %@", ["only"]), "only and %@", "a missing argument shows, never a crash")
        XCTAssertEqual(LocalizedFormat.apply("50% off", []), "50% off")
    }

    func testAKeyFromAnInterpolatedLiteralAndArabicDigits() throws {
        let trial = 3, total = 12
        let key: LocalizedStringKey = "Trial \(trial) of \(total): 100%"
        XCTAssertEqual(key.key, "Trial %@ of %@: 100%%")
        XCTAssertEqual(key.resolved(.english), "Trial 3 of 12: 100%")
        XCTAssertEqual(("Done" as LocalizedStringKey).resolved(.pseudoLanguage), "[Done]")
        let c = try MessageCatalog.parse(Self.mo([("", Self.arabicHeader), ("Trial %@ of %@: 100%%", "المحاولة %1$@ من %2$@")])).get()
        let arabic = Localization(catalog: c, language: "ar")
        XCTAssertEqual(key.resolved(arabic), "المحاولة ٣ من ١٢")
        XCTAssertTrue(arabic.isRightToLeft)
        XCTAssertFalse(Localization(catalog: nil, language: "zh_CN").isRightToLeft)
        XCTAssertEqual(arabic.plural("%@ photo", other: "%@ photos", count: 2, ["٢"]), "%@ photos".replacing("%@", with: "٢"))
    }

    private func unquote(_ s: Substring) -> String {
        String(s.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
    }

    /// The shipped catalogues as msgfmt compiled them (`make` writes .build/locale): every
    /// string of fling.pot is translated, with its placeholders, and Arabic's six plural forms
    /// are picked as gettext picks them.
    func testTheShippedCataloguesAsMsgfmtWroteThem() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let pot = try String(contentsOf: root.appendingPathComponent("po/fling.pot"), encoding: .utf8)
        let keys = pot.split(separator: "\n").filter { $0.hasPrefix("msgid \"") && $0 != "msgid \"\"" }
        XCTAssertGreaterThan(keys.count, 40)
        for lang in ["zh_CN", "zh_TW", "ar"] {
            let path = root.appendingPathComponent(".build/locale/\(lang)/LC_MESSAGES/fling.mo")
            guard let data = FileManager.default.contents(atPath: path.path) else {
                throw XCTSkip("no \(path.path): `make` compiles the catalogues")
            }
            let catalog = try MessageCatalog.parse([UInt8](data)).get()
            // Every msgid of fling.pot (a context's with its "context\u{4}" before it) is there.
            let lines = pot.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for (i, line) in lines.enumerated() where line.hasPrefix("msgid \"") && line != "msgid \"\"" {
                var key = unquote(line.dropFirst(6))
                if i > 0, lines[i - 1].hasPrefix("msgctxt ") { key = unquote(lines[i - 1].dropFirst(8)) + "\u{4}" + key }
                XCTAssertNotNil(catalog.messages[key], "\(lang): \(key) untranslated")
            }
            XCTAssertEqual(catalog.language, lang)
            let l = Localization(catalog: catalog, language: lang)
            XCTAssertNotEqual(l.string("Done"), "Done", lang)
            XCTAssertNotNil(catalog.translation("%A, %b %-d", context: "Today's date line: a strftime pattern"), lang)
        }
        let arData = FileManager.default.contents(atPath: root.appendingPathComponent(".build/locale/ar/LC_MESSAGES/fling.mo").path) ?? Data()
        let ar = try MessageCatalog.parse([UInt8](arData)).get()
        let l = Localization(catalog: ar, language: "ar")
        let forms = [0, 1, 2, 5, 11, 100].map { l.plural("%@-character limit", other: "%@-character limit", count: $0, [l.number($0)]) }
        XCTAssertEqual(forms, ["الحد الأقصى ٠ حرف", "الحد الأقصى حرف واحد", "الحد الأقصى حرفان",
                               "الحد الأقصى ٥ أحرف", "الحد الأقصى ١١ حرفًا", "الحد الأقصى ١٠٠ حرف"])
        XCTAssertEqual(l.string("%@, %@", ["أ", "ب"]), "أ، ب")
    }
}
