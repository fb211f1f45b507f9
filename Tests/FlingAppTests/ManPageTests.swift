// ManPageTests: packaging/fling.1 (`make man`) as man shows it, rendered by groff (which
// `make test` installs), against the command line's own help and the app's real state dumps.
import FlingCore
import Foundation
import XCTest

final class ManPageTests: XCTestCase {
    static let page = FlingRunner.packageRoot.appendingPathComponent("packaging/fling.1")

    /// The page as UTF-8 text, each paragraph on one line (so nothing is wrapped or hyphenated),
    /// without bold or underlining.
    func rendered(file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let groff = "/usr/bin/groff"
        guard FileManager.default.isExecutableFile(atPath: groff) else {
            XCTFail("groff is missing: make test installs it (apt-get install groff-base)", file: file, line: line)
            return ""
        }
        let r = try FlingRunner.run(["-mandoc", "-Tutf8", "-P-bcu", "-rLL=20000n", "-ww", Self.page.path],
                                    environment: ["GROFF_NO_SGR": "1"], executable: groff)
        XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
        XCTAssertEqual(r.stderr, "", "groff warns about the page", file: file, line: line)
        return r.stdout
    }

    /// Text compared as a reader sees it: without white space (lines are filled), groff's
    /// typographic hyphen and quotes as ASCII.
    func normalised(_ s: String) -> String {
        String(s.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) }.map { u -> Character in
            switch u {
            case "\u{2010}": "-"
            case "\u{2018}": "`"
            case "\u{2019}": "'"
            default: Character(u)
            }
        })
    }

    /// mandoc and groff read the page as 7-bit roff: a raw UTF-8 byte is not a character to
    /// them, and argument-parser's generator dropped every non-ASCII one ("release y − press
    /// y" read "release y  press y", `key=value,…` read `key=value,`).
    func testEveryHelpTextIsOnThePageAsWritten() throws {
        let bytes = try Data(contentsOf: Self.page)
        if let i = bytes.firstIndex(where: { $0 >= 0x80 }) {
            let line = bytes[..<i].filter { $0 == UInt8(ascii: "\n") }.count + 1
            XCTFail("packaging/fling.1:\(line): a raw non-ASCII byte (write it as a roff escape: make man does)")
        }
        let page = normalised(try rendered())
        let dump = try FlingRunner.run(["--experimental-dump-help"])
        XCTAssertEqual(dump.status, 0, dump.stderr)
        var texts: [(String, String)] = []
        func visit(_ command: JSONValue, path: String) {
            // (help's own entry is written by hand: see testTheSynopsisAndHelpReadAsTheyWork.)
            guard command["commandName"]?.stringValue != "help" else { return }
            for key in ["abstract", "discussion"] {
                if let text = command[key]?.stringValue, !text.isEmpty { texts.append((path + " " + key, text)) }
            }
            for argument in command["arguments"]?.arrayValue ?? [] where argument["shouldDisplay"]?.boolValue != false {
                for key in ["abstract", "discussion", "valueName"] {
                    if let text = argument[key]?.stringValue, !text.isEmpty { texts.append((path + " argument " + key, text)) }
                }
            }
            for sub in command["subcommands"]?.arrayValue ?? [] {
                visit(sub, path: path + " " + (sub["commandName"]?.stringValue ?? "?"))
            }
        }
        visit(try XCTUnwrap(JSONParser.parse(dump.stdout)["command"]), path: "fling")
        XCTAssertGreaterThan(texts.count, 100)
        for (place, text) in texts {
            XCTAssertTrue(page.contains(normalised(text)), "\(place) is not on the page as written: \(text)")
        }
        // The characters the generator used to drop, as groff draws them.
        for text in ["release y − press y", "speed ÷ distance left", "--tune key=value,…"] {
            XCTAssertTrue(page.contains(normalised(text)), text)
        }
    }

    /// The SYNOPSIS read as if a subcommand were required ("fling subcommand [--scene name] …"),
    /// and the help entry was argument-parser's stub.
    func testTheSynopsisAndHelpReadAsTheyWork() throws {
        let text = try rendered()
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let synopsis = Array(lines.drop { $0 != "SYNOPSIS" }.dropFirst().prefix { $0 != "DESCRIPTION" }).filter { !$0.isEmpty }
        XCTAssertEqual(synopsis.count, 3, "\(synopsis)")
        XCTAssertTrue(synopsis.first?.hasPrefix("fling [--scene name] [--size WxH]") == true, "\(synopsis)")
        XCTAssertTrue(synopsis.first?.hasSuffix("[--version] [--help]") == true, "\(synopsis)")
        XCTAssertEqual(Array(synopsis.dropFirst()), ["fling subcommand [options]", "fling help [subcommand]"])
        XCTAssertFalse(text.contains("Show subcommand help information"), "help's stub")
        XCTAssertFalse(text.contains("subcommands..."), "help's stub")
        XCTAssertTrue(normalised(text).contains(normalised("""
            help [subcommand]
            Prints the help of subcommand (its options, as fling subcommand --help does), or without one \
            the app's options and the list of subcommands, as fling --help does.
            """)), text)
        for section in ["KEYS", "SCRIPTS", "STATE DUMP", "FILES", "ENVIRONMENT", "EXIT STATUS", "EXAMPLES"] {
            XCTAssertTrue(lines.contains(section), "no \(section) section")
        }
    }

    /// Every key the app answers to is in KEYS (the README's and the scenes', the form's
    /// controls', the instrument's).
    func testTheKeysSectionNamesEveryKey() throws {
        let text = try rendered()
        let keys = try XCTUnwrap(text.range(of: "\nKEYS\n")).upperBound
        let section = String(text[keys...]).components(separatedBy: "\nSCRIPTS\n")[0]
        for key in ["Tab", "Shift+Tab", "Ctrl+Tab", "Ctrl+Shift+Tab", "Ctrl+Q", "ctrl+alt+shift+Q", "Up", "Down", "Left", "Right", "Page Up", "Page Down",
                    "Home", "End", "Return", "Space", "Esc", "Backspace", "Delete", "Ctrl+A", "Ctrl+C", "Ctrl+X", "Ctrl+V",
                    "F2", "F3", "F4", "F5"] {
            XCTAssertTrue(section.contains(key), "\(key) is not in KEYS")
        }
        XCTAssertTrue(section.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix(". ") },
                      "'.' (one frame on while paused) is not in KEYS")
    }

    /// Every field of a real state dump, in every scene, is in STATE DUMP (as `.Cm name`): a
    /// field added to the dump without a word here fails.
    func testTheStateDumpSectionDescribesEveryField() throws {
        let source = try String(contentsOf: Self.page, encoding: .utf8)
        let start = try XCTUnwrap(source.range(of: ".Sh STATE DUMP\n")).upperBound
        let section = String(source[start...]).components(separatedBy: "\n.Sh ")[0]
        var dumps: [JSONValue] = []
        let scripts: [(String, [String])] = [
            ("0.2 tap 195 230\n1.5 state $OUT/s.json\n", []),                          // a restaurant's sheet
            ("0.2 key Down\n0.3 key Return\n1.5 state $OUT/s.json\n", ["--scene", "today"]),
            ("0.2 key Return\n1.5 state $OUT/s.json\n", ["--scene", "two-stage"]),
            ("0.2 tap 195 416\n0.5 text Ada\n1.0 state $OUT/s.json\n", ["--scene", "form", "--slow", "2"]),
        ]
        for (script, args) in scripts {
            dumps.append(try FlingRunner.state(try FlingRunner.headless(script, args: args), "s.json"))
        }
        var fields: Set<String> = []
        func collect(_ v: JSONValue, under parent: String) {
            switch v {
            case .object(let members):
                for (name, value) in members {
                    // The tuning's fields are the --tune keys (its help lists them).
                    if parent != "tuning" { fields.insert(name) }
                    collect(value, under: name)
                }
            case .array(let items): for item in items { collect(item, under: parent) }
            default: break
            }
        }
        for dump in dumps { collect(dump, under: "") }
        XCTAssertTrue(fields.isSuperset(of: ["sheet", "card", "form", "miniMap", "clock", "kiosk", "caret", "focused"]), "\(fields.sorted())")
        for field in fields.sorted() {
            XCTAssertTrue(section.contains("Cm \(field)\n") || section.contains("Cm \(field) "), "STATE DUMP does not describe '\(field)'")
        }
    }
}
