// LanguageTests: the UI's language end to end: chosen from the locale's variables
// or --language, the catalogue msgfmt compiled from po/, the Today date line in glibc's names
// for the locale, the fallback to English with its one line, and a bad code refused.
import FlingCore
import Foundation
import XCTest

final class LanguageTests: XCTestCase {
    /// The locales `make test` compiles for these tests (localedef into .build/locale-data).
    static let localeData = FlingRunner.packageRoot.appendingPathComponent(".build/locale-data").path

    /// No locale variable of the test's own leaks in.
    static let cleanLocale = ["LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LC_TIME": "", "LANG": "C.UTF-8", "LOCPATH": localeData]

    func todayState(_ args: [String], environment: [String: String] = [:], name: String = #function) throws -> (state: JSONValue, stderr: String) {
        guard FileManager.default.fileExists(atPath: Self.localeData + "/ar_EG.UTF-8/LC_TIME") else {
            throw XCTSkip("no \(Self.localeData): `make test` compiles the test locales")
        }
        let (dir, r) = try FlingRunner.headlessRun("0.2 state $OUT/s.json\n", args: ["--scene", "today", "--date", "2026-12-01", "--log-level", "info"] + args,
                                                   environment: Self.cleanLocale.merging(environment) { $1 }, name: name)
        return (try FlingRunner.state(dir, "s.json"), r.stderr)
    }

    /// The pattern is iOS's; the names are glibc's (zh_TW's weekday is 週二 where iOS writes 星期二).
    func testEachShippedLanguageWritesTheDateInItsLocalesForm() throws {
        for (code, catalog, date) in [("zh-Hans", "zh_CN", "12月1日 星期二"), ("zh-Hant", "zh_TW", "12月1日 週二"),
                                      ("ar", "ar", "الثلاثاء، ١ ديسمبر"), ("en", nil, "Tuesday, Dec 1")] {
            let (s, _) = try todayState(["--language", code], name: "date-\(code)")
            XCTAssertEqual(s.at("list.date")?.stringValue, date, code)
            XCTAssertEqual(s.at("language.name")?.stringValue, catalog, code)
            XCTAssertEqual(s.at("language.rightToLeft"), catalog == nil ? nil : .bool(code == "ar"), code)
        }
    }

    func testTheLanguageFollowsTheLocaleVariablesInGettextsOrder() throws {
        // LANG alone; LC_MESSAGES over LANG; LANGUAGE's list over both; the C locale ignores LANGUAGE.
        let cases: [([String: String], String?)] = [
            (["LANG": "zh_TW.UTF-8"], "zh_TW"),
            (["LANG": "en_US.UTF-8", "LC_MESSAGES": "ar_EG.UTF-8"], "ar"),
            (["LANG": "en_US.UTF-8", "LANGUAGE": "fr:zh_CN:en"], "zh_CN"),
            (["LANG": "C", "LANGUAGE": "zh_CN"], nil),
        ]
        for (i, (env, expected)) in cases.enumerated() {
            let (s, _) = try todayState([], environment: env, name: "env-\(i)")
            XCTAssertEqual(s.at("language.name")?.stringValue, expected, "\(env)")
        }
    }

    func testALanguageWithoutACatalogueFallsBackToEnglishWithOneLine() throws {
        let (s, stderr) = try todayState(["--language", "fr_FR"])
        XCTAssertNil(s["language"], "English")
        XCTAssertEqual(s.at("list.date")?.stringValue, "Tuesday, Dec 1")
        let lines = stderr.split(separator: "\n").filter { $0.contains("no catalogue") }
        XCTAssertEqual(lines.count, 1, stderr)
        XCTAssertTrue(lines.first?.contains("no catalogue for fr_FR (fr_FR, fr): the UI is in English") == true, stderr)
    }

    func testDatesAreEnglishWithALineWhenTheLocaleIsNotInstalled() throws {
        let (s, stderr) = try todayState(["--language", "zh-Hans"], environment: ["LOCPATH": "/nonexistent"])
        XCTAssertEqual(s.at("language.name")?.stringValue, "zh_CN", "the strings still translated")
        XCTAssertEqual(s.at("list.date")?.stringValue, "Tuesday, Dec 1")
        XCTAssertTrue(stderr.contains("the date line is in English: no zh_CN locale is installed"), stderr)
    }

    func testABadLanguageCodeIsRefused() throws {
        for bad in ["zh Hans", "", "../../etc", "1x"] {
            let r = try FlingRunner.run(["--headless", "--language", bad])
            XCTAssertEqual(r.status, 2, "\(bad): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("--language: '\(bad)' is not a language code"), "\(bad): \(r.stderr)")
        }
    }

    /// A session recorded in Arabic says so in its header, and its replay speaks Arabic.
    func testARecordingKeepsItsLanguageForTheReplay() throws {
        let dir = FlingRunner.scratch("language-recording")
        let script = dir.appendingPathComponent("s.txt")
        try "0.2 tap 200 150\n1 quit\n".write(to: script, atomically: true, encoding: .utf8)
        let recording = dir.appendingPathComponent("ar.rec").path
        let rec = try FlingRunner.run(["--headless", "--script", script.path, "--record", recording, "--language", "ar"], environment: Self.cleanLocale)
        XCTAssertEqual(rec.status, 0, rec.stderr)
        XCTAssertTrue(try String(contentsOfFile: recording, encoding: .utf8).contains("\n# language: ar\n"))
        let state = dir.appendingPathComponent("end.json").path
        let r = try FlingRunner.run(["replay", recording, "--state", state], environment: Self.cleanLocale)
        XCTAssertEqual(r.status, 0, r.stderr)
        let end = try JSONParser.parse(try String(contentsOfFile: state, encoding: .utf8))
        XCTAssertEqual(end.at("language.name")?.stringValue, "ar")
    }
}
