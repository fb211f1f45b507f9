import FlingCore
import Foundation
import Glibc
import XCTest

/// Bad input gets a clear message and the right exit status, never a crash or a hang.
final class CommandLineTests: XCTestCase {
    func testKioskOptionValuesAreCheckedWithTheirOwnMessages() throws {
        let cases: [([String], String)] = [
            (["--display", "-1"], "--display takes a display index 0, 1, … (got '-1')"),
            (["--rotate", "45"], "--rotate takes 0, 90, 180 or 270 (got '45')"),
            (["--idle-reset", "-5"], "--idle-reset takes seconds, 0 (never) to 86400 (got '-5')"),
            (["--output", "hdmi"], "--output takes fbdev, fbdev:PATH, kms or kms:/dev/dri/cardN (got 'hdmi')"),
            (["--fb-mode", "800x480x24"], "--fb-mode: BPP must be 32 (XRGB8888) or 16 (RGB565) (got 24)"),
            (["--fb-mode", "800x480x32"], "--fb-mode needs --output fbdev:PATH"),
            (["--output", "kms"], "--output kms shows frames on a display; a headless run writes them only to a framebuffer file"),
            (["--frozen-screen", "0.5"], "--frozen-screen takes seconds, 1 to 3600, or 0 (never) (got '0.5')"),
            (["--screen-schedule", "7:00-22:00"], "--screen-schedule takes HH:MM-HH:MM, the hours the panel is lit"),
            (["--screen-schedule", "07:00-07:00"], "--screen-schedule 07:00-07:00: starts and ends at the same time"),
            (["--screen-schedule", "07:00-22:00"], "--screen-schedule powers a kiosk's panel; not with --headless"),
            (["--status-file", "/tmp"], "--status-file /tmp: is a directory; give a file's path (e.g. /tmp/fling.prom)"),
            (["--status-file", "/tmp/s.json"], "--status-file is kept by a running kiosk; not with --headless"),
        ]
        for (args, message) in cases {
            let r = try FlingRunner.run(["--headless"] + args)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertTrue(r.stderr.contains(message), "\(args): \(r.stderr)")
        }
    }

    func testAScriptFromAProcessSubstitutionIsRead() throws {
        // `--script <(…)` names a pipe: it must be read to its end, not taken as empty or missing.
        let dir = FlingRunner.scratch("fifo")
        let out = dir.appendingPathComponent("s.json").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", "'\(FlingRunner.binary)' --headless --scene form --script <(printf '0.1 state %s\\n' '\(out)')"]
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        XCTAssertEqual(try FlingRunner.state(dir, "s.json")["scene"]?.stringValue, "form")
    }

    func testHelpAndVersion() throws {
        let help = try FlingRunner.run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("USAGE: fling"), help.stdout)
        // Every option and subcommand, from the parser itself (today was missing once).
        for word in ["--headless", "--scene", "two-stage", "--sheet-policy", "--date",
                     "spring", "velocity", "gallery", "bench"] {
            XCTAssertTrue(help.stdout.contains(word), word)
        }
        let version = try FlingRunner.run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.hasPrefix("fling "))
    }

    func testUnknownOptionsAndBadValuesExit2WithUsage() throws {
        for args in [["--bogus"], ["--scene", "nowhere"], ["--size", "12"], ["--fps", "0"], ["--scale"], ["--log-level", "loud"], ["stray"],
                     ["--text-size", "3"], ["--text-size", "big"], ["--text-size", "nan"], ["--reduce-motion=yes"]] {
            let r = try FlingRunner.run(args)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertTrue(r.stderr.contains("usage: fling"), "\(args): \(r.stderr)")
            XCTAssertFalse(r.stderr.contains("\\n"), "a usage of several lines is several lines: \(r.stderr)")
            XCTAssertFalse(r.stderr.contains("Fatal error"))
        }
    }

    func testTextSizeOutOfRangeSaysTheRange() throws {
        let r = try FlingRunner.run(["--text-size", "0.5"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("--text-size must be between 1 and 2"), r.stderr)
    }

    /// Each subcommand has its own help, with its own options only.
    func testEachSubcommandHasItsOwnHelp() throws {
        let own: [String: [String]] = [
            "spring": ["--stiffness", "--damping-fraction", "--bounce", "--plot"],
            "velocity": ["--each", "t x y", "standard input"],
            "gallery": ["--out", "--scale"],
            "bench": ["--frames", "--scenario"],
        ]
        for (tool, words) in own {
            for args in [[tool, "--help"], ["help", tool], [tool, "--each", "-h"]] {
                let r = try FlingRunner.run(args)
                XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
                XCTAssertTrue(r.stdout.contains("USAGE: fling \(tool)"), "\(args): \(r.stdout)")
                for w in words { XCTAssertTrue(r.stdout.contains(w), "\(args): \(w)") }
                XCTAssertFalse(r.stdout.contains("--sheet-policy"), "\(args): the app's options in a tool's help")
            }
        }
    }

    /// A tool's options are its own: the app's --fps or --scale never swallows them.
    func testToolOptionsAreNotTakenByTheApp() throws {
        let r = try FlingRunner.run(["bench", "--fps", "30"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("fling bench: unknown option '--fps'"), r.stderr)
        XCTAssertTrue(r.stderr.contains("usage: fling bench"), r.stderr)
        let scale = try FlingRunner.run(["gallery", "--scale", "9", "--out", "/nonexistent/x.png"])
        XCTAssertEqual(scale.status, 2)
        XCTAssertTrue(scale.stderr.contains("fling gallery: --scale must be between 0.5 and 4"), scale.stderr)
        let out = try FlingRunner.run(["gallery"])
        XCTAssertEqual(out.status, 2)
        XCTAssertTrue(out.stderr.contains("fling gallery: --out PATH is required"), out.stderr)
        let scenario = try FlingRunner.run(["bench", "--scenario", "nope"])
        XCTAssertEqual(scenario.status, 2)
        XCTAssertTrue(scenario.stderr.contains("unknown scenario 'nope' (list-scroll, today-scroll, sheet-drag, card-expand, card-drag-dismiss, card-zoom, card-zoom-drag, story-scroll, resize, form-typing, slider-drag)"), scenario.stderr)
    }

    func testMisspeltOptionsGetASuggestion() throws {
        let r = try FlingRunner.run(["--sheet-polcy", "fluid"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("fling: unknown option '--sheet-polcy'. Did you mean '--sheet-policy'?"), r.stderr)
    }

    /// `--headless` alone used to run nothing and exit 0: without a script (or a
    /// recorded --input stream) there is nothing to run, so it is a usage error saying so.
    func testHeadlessWithoutAScriptIsAUsageError() throws {
        let recording = FlingRunner.scratch("noscript").appendingPathComponent("x.rec").path
        for args in [["--headless"], ["--headless", "--scene", "today"], ["--headless", "--record", recording]] {
            let r = try FlingRunner.run(args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("fling: --headless needs --script FILE (the run's input, shots and state dumps) or a recorded --input stream"), "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("usage: fling"), r.stderr)
            XCTAssertEqual(r.stdout, "")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: recording), "nothing runs on a usage error")
        // A script from a pipe, as the message says.
        let dir = FlingRunner.scratch("stdinscript")
        let piped = try FlingRunner.run(["--headless", "--script", "/dev/stdin"], stdin: "0.1 state \(dir.path)/s.json\n")
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(try FlingRunner.state(dir, "s.json")["scene"]?.stringValue, "restaurants")
    }

    /// Option values complete from the tables that parse them: the scene,
    /// policy, renderer and log-level names in the scripts themselves; `--tune` keys and
    /// `--compare` settings, which are lists, through argument-parser's `---completion` call.
    func testOptionValuesComplete() throws {
        for shell in ["bash", "zsh", "fish"] {
            let script = try FlingRunner.run(["--generate-completion-script", shell]).stdout
            for word in ["two-stage", "restaurants", "tutorial", "gles2", "warning", "corner", "card-drag-dismiss",
                         "---completion -- --tune", "---completion replay -- --tune", "---completion replay -- --compare"] {
                XCTAssertTrue(script.contains(word), "\(shell): \(word)")
            }
        }
        /// What the shell gets for `option` when the word so far is `prefix`.
        func complete(_ command: [String], _ option: String, _ prefix: String) throws -> [String] {
            let r = try FlingRunner.run(["---completion"] + command + ["--", option, "0", "\(prefix.count)", prefix])
            XCTAssertEqual(r.status, 0, r.stderr)
            return r.stdout.split(separator: "\n").map(String.init)
        }
        let keys = Tuning.keys.map(\.name)
        XCTAssertEqual(try complete([], "--tune", ""), keys.map { $0 + "=" })
        XCTAssertEqual(try complete([], "--tune", "sl"), ["slop="])
        XCTAssertEqual(try complete([], "--tune", "slop=4,sheet."), ["slop=4,sheet.response=", "slop=4,sheet.damping="])
        XCTAssertEqual(try complete([], "--tune", "slop=4,"), keys.filter { $0 != "slop" }.map { "slop=4," + $0 + "=" }, "a key is given once")
        XCTAssertEqual(try complete([], "--tune", "slop=4"), [], "a value is typed")
        XCTAssertEqual(try complete(["replay"], "--tune", "dis"), ["dismiss.ratio="])
        XCTAssertEqual(try complete(["replay"], "--compare", ""), SheetPolicyKind.allCases.map(\.rawValue))
        XCTAssertEqual(try complete(["replay"], "--compare", "fluid,tw"), ["fluid,two-stage"])
        XCTAssertEqual(try complete(["replay"], "--compare", "fluid+dis"), ["fluid+dismiss.ratio="])
        XCTAssertEqual(try complete(["replay"], "--compare", "fluid+slop=4,tutorial+sl"), ["fluid+slop=4,tutorial+slop="],
                       "each setting has its own keys")
        XCTAssertEqual(try complete(["replay"], "--compare", "fluid+slop=4,sl"), [], "after a comma a key continues the setting before")
    }

    func testCompletionScripts() throws {
        for (shell, marker) in [("bash", "complete -o"), ("zsh", "#compdef fling"), ("fish", "complete -c 'fling'")] {
            let r = try FlingRunner.run(["--generate-completion-script", shell])
            XCTAssertEqual(r.status, 0, "\(shell): \(r.stderr)")
            XCTAssertTrue(r.stdout.contains(marker), "\(shell)")
            for word in ["sheet-policy", "spring", "damping-fraction", "scenario"] {
                XCTAssertTrue(r.stdout.contains(word), "\(shell): \(word)")
            }
        }
        let bad = try FlingRunner.run(["--generate-completion-script", "tcsh"])
        XCTAssertEqual(bad.status, 2, bad.stderr)
    }

    /// The committed man page was generated from the current option definitions: every
    /// option and subcommand the parser knows is in it (regenerate with `make man`).
    func testManPageCoversEveryOptionAndSubcommand() throws {
        let dump = try FlingRunner.run(["--experimental-dump-help"])
        XCTAssertEqual(dump.status, 0, dump.stderr)
        let page = try String(contentsOf: FlingRunner.packageRoot.appendingPathComponent("packaging/fling.1"), encoding: .utf8)
        var checked = 0
        func visit(_ command: JSONValue, path: String) {
            for argument in command["arguments"]?.arrayValue ?? [] where argument["shouldDisplay"]?.boolValue != false {
                for name in argument["names"]?.arrayValue ?? [] where name["kind"]?.stringValue == "long" {
                    let option = name["name"]?.stringValue ?? "?"
                    XCTAssertTrue(page.contains("Fl -\(option)"), "\(path) --\(option) is not in packaging/fling.1: run make man")
                    checked += 1
                }
            }
            for sub in command["subcommands"]?.arrayValue ?? [] {
                let name = sub["commandName"]?.stringValue ?? "?"
                XCTAssertTrue(page.contains(".It Em \(name)"), "subcommand \(name) is not in packaging/fling.1: run make man")
                visit(sub, path: path + " " + name)
            }
        }
        visit(try XCTUnwrap(JSONParser.parse(dump.stdout)["command"]), path: "fling")
        XCTAssertGreaterThan(checked, 25)
        for section in ["SCRIPTS", "FILES", "EXIT STATUS"] { XCTAssertTrue(page.contains(".Sh \(section)") || page.contains(".Sh \"\(section)\""), section) }
    }

    /// --date takes real days only: February 30th was once shown as March 2nd.
    func testDateMustBeARealDay() throws {
        for (date, message) in [("2026-02-30", "--date: 2026-02-30 is not a day (February 2026 has 28 days)"),
                                ("2023-02-29", "February 2023 has 28 days"), ("2026-04-31", "April 2026 has 30 days"),
                                ("2026-13-01", "--date takes YYYY-MM-DD (got '2026-13-01')"), ("2026-1-", "--date takes YYYY-MM-DD")] {
            let r = try FlingRunner.run(["--headless", "--date", date])
            XCTAssertEqual(r.status, 2, date)
            XCTAssertTrue(r.stderr.contains(message), "\(date): \(r.stderr)")
        }
        let leap = FlingRunner.scratch("leap")
        let script = leap.appendingPathComponent("s.txt")
        try "0.1 shot \(leap.path)/today.png\n".write(to: script, atomically: true, encoding: .utf8)
        let r = try FlingRunner.run(["--headless", "--scene", "today", "--date", "2024-02-29", "--script", script.path])
        XCTAssertEqual(r.status, 0, r.stderr)
    }

    func testAnUnknownRendererIsAUsageErrorNamingTheChoices() throws {
        try FlingRunner.assertUsageError(["--renderer", "vulkan", "--headless"], says: "unknown renderer 'vulkan' (auto, software, gl, gles2)")
        try FlingRunner.assertUsageError(["bench", "--renderer", "metal"], says: "unknown renderer 'metal'")
    }

    func testABadScriptNamesFileAndLineAndRunsNothing() throws {
        let dir = FlingRunner.scratch("badscript")
        let script = dir.appendingPathComponent("bad.txt")
        try "0.1 shot \(dir.path)/should-not-exist.png\n0.2 tap 10\n".write(to: script, atomically: true, encoding: .utf8)
        let r = try FlingRunner.run(["--headless", "--script", script.path])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("\(script.path):2: 'tap' takes X Y"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("should-not-exist.png").path))
        let missing = try FlingRunner.run(["--headless", "--script", dir.appendingPathComponent("nope.txt").path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("nope.txt"))
    }

    /// A copy of Resources/ with one file replaced, for the failure cases.
    func resourcesCopy(_ name: String, replacing file: String, with text: String?) throws -> URL {
        let dir = FlingRunner.scratch(name).appendingPathComponent("Resources")
        let fm = FileManager.default
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        let src = FlingRunner.packageRoot.appendingPathComponent("Resources")
        for item in try fm.contentsOfDirectory(atPath: src.path) where item != file {
            try fm.createSymbolicLink(at: dir.appendingPathComponent(item), withDestinationURL: src.appendingPathComponent(item))
        }
        if let text { try text.write(to: dir.appendingPathComponent(file), atomically: true, encoding: .utf8) }
        return dir
    }

    func testMalformedDataNamesFileLineAndColumn() throws {
        let res = try resourcesCopy("malformed", replacing: "restaurants.json", with: "[\n  {\"name\": \"A\",,\n]")
        let r = try FlingRunner.run(["--headless", "--script", FlingRunner.emptyScript, "--resources", res.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("restaurants.json:2:16: malformed JSON"), r.stderr)
    }

    /// A data file past its cap (a million rows took over a minute and 3.5 GB) or a FIFO in
    /// its place (start-up blocked on it): refused by size or by what it is, at once.
    func testAHugeOrFIFODataFileIsRefused() throws {
        let huge = try resourcesCopy("huge-data", replacing: "restaurants.json", with: "[]")
        XCTAssertEqual(truncate(huge.appendingPathComponent("restaurants.json").path, off_t(InteractionConstants.maxDataFileBytes + 1)), 0)
        let r = try FlingRunner.run(["--headless", "--script", FlingRunner.emptyScript, "--resources", huge.path], timeout: 30)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("\(huge.path)/restaurants.json: data file is over 128 MiB (data files are read up to 128 MiB)"), r.stderr)
        let fifo = try resourcesCopy("fifo-data", replacing: "articles.json", with: nil)
        XCTAssertEqual(mkfifo(fifo.appendingPathComponent("articles.json").path, 0o644), 0)
        let f = try FlingRunner.run(["--headless", "--script", FlingRunner.emptyScript, "--resources", fifo.path], timeout: 30)
        XCTAssertEqual(f.status, 1)
        XCTAssertTrue(f.stderr.contains("\(fifo.path)/articles.json: data file is a FIFO (named pipe), not a regular file"), f.stderr)
    }

    /// A data file of 100,000 rows starts with only the rows shown built (it was parsed whole:
    /// 2 s and 400 MB): Up selects the last row and Return opens it, read from the file then;
    /// its bad image path is said only then, naming its item.
    func testAHundredThousandRowDataFileReadsARowWhenItIsShown() throws {
        var rows: [String] = []
        for i in 0..<100_000 {
            let image = i == 99_999 ? "../outside.jpg" : "restaurants/espresso.jpg"
            rows.append("{\"name\": \"R \(i)\", \"type\": \"Cafe\", \"location\": \"Here\", \"phone\": \"1\", \"description\": \"Text.\", \"image\": \"\(image)\"}")
        }
        let res = try resourcesCopy("many-rows", replacing: "restaurants.json", with: "[\n" + rows.joined(separator: ",\n") + "\n]\n")
        let (dir, r) = try FlingRunner.headlessRun("0.2 state $OUT/start\n0.5 key Up\n2 key Return\n4 state $OUT/open\n4.1 quit\n",
                                                   args: ["--resources", res.path])
        let start = try FlingRunner.state(dir, "start")
        XCTAssertEqual(start.at("list.rows.0.name")?.stringValue, "R 0")
        XCTAssertEqual(start.at("list.contentHeight")?.doubleValue ?? 0, 100_000 * LayoutMetrics.rowHeight + 200, accuracy: 200)
        let open = try FlingRunner.state(dir, "open")
        XCTAssertEqual(open.at("sheet.restaurant")?.stringValue, "R 99999")
        let warnings = r.stderr.split(separator: "\n").filter { $0.contains("warning") }
        XCTAssertEqual(warnings.count, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("\(res.path)/restaurants.json: item 100000 (\"R 99999\"): image \"../outside.jpg\" leaves the images folder"), r.stderr)
    }

    /// A data file written over in place while the app runs (not replaced: a replaced file's
    /// old rows stay readable) is said once, and a row not shown before shows empty instead of
    /// another row read from the new bytes.
    func testADataFileWrittenOverAfterStartIsSaidOnce() throws {
        let row = { (i: Int) in "{\"name\": \"W \(i)\", \"type\": \"Cafe\", \"location\": \"Here\", \"phone\": \"1\", \"description\": \"Text.\", \"image\": \"restaurants/espresso.jpg\"}" }
        let res = try resourcesCopy("data-written-over", replacing: "restaurants.json", with: "[\n" + (0..<200).map(row).joined(separator: ",\n") + "\n]\n")
        let err = FlingRunner.scratch("data-written-over-log").appendingPathComponent("stderr.txt")
        try FlingRunner.withXvfb { display in
            let fling = try FlingRunner.startWindow(display, ["--size", "390x844", "--scale", "1"], resources: res, stderr: err)
            defer { if fling.isRunning { fling.terminate() } }
            Thread.sleep(forTimeInterval: 3)
            // In place: the same file (inode), other bytes.
            let h = try FileHandle(forWritingTo: res.appendingPathComponent("restaurants.json"))
            try h.truncate(atOffset: 0)
            try h.write(contentsOf: Data(("[\n" + (0..<5).map(row).joined(separator: ",\n") + "\n]\n").utf8))
            try h.close()
            // Up selects the last row (never shown before), twice over.
            try FlingRunner.xdotool(display, [["search", "--sync", "--name", "Fling", "windowfocus", "--sync"], ["key", "Up"], ["key", "Up"]], pause: 1)
            fling.terminate()
            fling.waitUntilExit()
        }
        let said = try String(contentsOf: err, encoding: .utf8)
        XCTAssertEqual(said.components(separatedBy: "changed since start").count - 1, 1, said)
        XCTAssertTrue(said.contains("\(res.path)/restaurants.json: changed since start; rows not shown before show empty until Fling starts again"), said)
    }

    /// A data file saved "UTF-8 with BOM" loads as it did when it was decoded whole.
    func testADataFileWithAByteOrderMarkLoads() throws {
        let rows = (0..<3).map { "{\"name\": \"B \($0)\", \"type\": \"Cafe\", \"location\": \"Here\", \"phone\": \"1\", \"description\": \"Text.\", \"image\": \"restaurants/espresso.jpg\"}" }
        let res = try resourcesCopy("bom-data", replacing: "restaurants.json", with: "\u{FEFF}[\n" + rows.joined(separator: ",\n") + "\n]\n")
        let (dir, r) = try FlingRunner.headlessRun("0.2 key Up\n1 key Return\n3 state $OUT/s\n3.1 quit\n", args: ["--resources", res.path])
        XCTAssertEqual(try FlingRunner.state(dir, "s").at("sheet.restaurant")?.stringValue, "B 2", r.stderr)
    }

    /// A row that is not a restaurant is refused at start wherever it is, as before: the
    /// whole file is checked even though rows are built later.
    func testABadLastRowIsRefusedAtStart() throws {
        let good = "{\"name\": \"A\", \"type\": \"Cafe\", \"location\": \"Here\", \"phone\": \"1\", \"description\": \"Text.\", \"image\": \"x.jpg\"}"
        let res = try resourcesCopy("bad-last-row", replacing: "restaurants.json",
                                    with: "[\n" + Array(repeating: good, count: 5000).joined(separator: ",\n") + ",\n{\"name\": \"B\"}\n]\n")
        let r = try FlingRunner.run(["--headless", "--script", FlingRunner.emptyScript, "--resources", res.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("\(res.path)/restaurants.json: item 5001: missing field \"type\""), r.stderr)
    }

    /// `--record a --record b` kept only b without a word: an option given twice is refused.
    func testAnAppOptionGivenTwiceIsRefused() throws {
        try FlingRunner.assertUsageError(["--headless", "--script", FlingRunner.emptyScript, "--record", "/tmp/a", "--record", "/tmp/b"],
                                         says: "--record given twice ('/tmp/a', then '/tmp/b'): give it once")
    }

    /// `--script ''` printed "fling: : script has an empty path": the option is named.
    func testAnEmptyScriptPathNamesTheOption() throws {
        let r = try FlingRunner.run(["--headless", "--script", ""])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("fling: --script: the path is empty"), r.stderr)
        let attract = try FlingRunner.run(["--headless", "--script", FlingRunner.emptyScript, "--attract", ""])
        XCTAssertEqual(attract.status, 2)
        XCTAssertTrue(attract.stderr.contains("fling: --attract: the path is empty"), attract.stderr)
    }

    func testMissingDataFileAndFolderExit1NamingThePath() throws {
        let res = try resourcesCopy("missingdata", replacing: "articles.json", with: nil)
        let r = try FlingRunner.run(["--headless", "--script", FlingRunner.emptyScript, "--resources", res.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("data file not found: \(res.path)/articles.json"), r.stderr)
        let none = try FlingRunner.run(["--headless", "--script", FlingRunner.emptyScript, "--resources", "/nonexistent/res"])
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.stderr.contains("resources folder not found: /nonexistent/res"))
    }

    func testMissingFontExits1NamingIt() throws {
        let base = try resourcesCopy("missingfont", replacing: "fonts", with: nil)
        let fonts = base.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        let r = try FlingRunner.run(["--headless", "--script", FlingRunner.emptyScript, "--resources", base.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("font file not found: \(fonts.path)/"), r.stderr)
    }

    func testACorruptImageDrawsAPlaceholderWithOneWarning() throws {
        let base = try resourcesCopy("corrupt", replacing: "images", with: nil)
        let images = base.appendingPathComponent("images/restaurants")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try "not a jpeg".write(to: images.appendingPathComponent("espresso.jpg"), atomically: true, encoding: .utf8)
        let dir = FlingRunner.scratch("corrupt-run")
        let script = dir.appendingPathComponent("s.txt")
        try "0.1 shot \(dir.path)/a.png\n0.2 shot \(dir.path)/b.png\n".write(to: script, atomically: true, encoding: .utf8)
        let r = try FlingRunner.run(["--headless", "--resources", base.path, "--script", script.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let warnings = r.stderr.components(separatedBy: "\n").filter { $0.contains("espresso.jpg") }
        XCTAssertEqual(warnings.count, 1, r.stderr)
    }

    func testResourcesAreFoundFromAnotherWorkingDirectory() throws {
        let dir = FlingRunner.scratch("cwd")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: FlingRunner.binary)
        let script = dir.appendingPathComponent("s.txt")
        try "0.1 state \(dir.path)/s.json\n".write(to: script, atomically: true, encoding: .utf8)
        p.arguments = ["--headless", "--script", script.path]
        p.currentDirectoryURL = URL(fileURLWithPath: "/")
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("s.json").path))
    }

    /// Runs a copy of the binary from `/` with `env`, and returns the resources folder it used.
    func resourcesUsed(by binary: URL, env: [String: String] = [:]) throws -> String {
        let dir = FlingRunner.scratch("probe")
        let script = dir.appendingPathComponent("s.txt")
        try "0.1 state \(dir.path)/s.json\n".write(to: script, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = binary
        p.arguments = ["--headless", "--log-level", "info", "--script", script.path]
        p.currentDirectoryURL = URL(fileURLWithPath: "/")
        p.environment = ProcessInfo.processInfo.environment.merging(env) { $1 }
        let err = Pipe()
        p.standardError = err
        try p.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, text)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("s.json").path))
        let line = text.split(separator: "\n").first { $0.hasPrefix("fling: resources: ") }
        return line.map { String($0.dropFirst("fling: resources: ".count)) } ?? text
    }

    /// An installed binary finds PREFIX/share/fling beside PREFIX/bin, else $XDG_DATA_DIRS/fling,
    /// before the checkout it was built in.
    func testAnInstalledBinaryFindsItsSharedResources() throws {
        let fm = FileManager.default
        let resources = FlingRunner.packageRoot.appendingPathComponent("Resources")
        let prefix = FlingRunner.scratch("prefix")
        try fm.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try fm.createDirectory(at: prefix.appendingPathComponent("share"), withIntermediateDirectories: true)
        let binary = prefix.appendingPathComponent("bin/fling")
        try fm.copyItem(at: URL(fileURLWithPath: FlingRunner.binary), to: binary)
        let xdg = FlingRunner.scratch("xdg")
        try fm.createSymbolicLink(at: xdg.appendingPathComponent("fling"), withDestinationURL: resources)
        // Without share/fling beside it: the first XDG data folder that has one.
        XCTAssertEqual(try resourcesUsed(by: binary, env: ["XDG_DATA_DIRS": "/nonexistent:\(xdg.path)"]), xdg.path + "/fling")
        try fm.createSymbolicLink(at: prefix.appendingPathComponent("share/fling"), withDestinationURL: resources)
        XCTAssertEqual(try resourcesUsed(by: binary, env: ["XDG_DATA_DIRS": xdg.path]), prefix.path + "/share/fling")
        try? fm.removeItem(at: prefix)
    }

    func testWithoutADisplayItSuggestsHeadless() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: FlingRunner.binary)
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil; env["WAYLAND_DISPLAY"] = nil
        env["SDL_VIDEODRIVER"] = "x11"
        p.environment = env
        let err = Pipe()
        p.standardError = err
        try p.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 1)
        XCTAssertTrue(text.contains("--headless"), text)
    }
}
