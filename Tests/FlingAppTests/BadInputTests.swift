import FlingCore
import Foundation
import XCTest

/// The catalogue of bad input, through the built binary: each gets a clear message
/// naming the file (or entry), never a crash, a hang, or silent misbehaviour.
final class BadInputTests: XCTestCase {
    /// A copy of Resources/ whose top-level items are links to the real ones, except `own`
    /// (created empty, to fill in).
    private func resources(_ name: String, own: [String]) throws -> URL {
        let dir = FlingRunner.scratch(name).appendingPathComponent("Resources")
        let fm = FileManager.default
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        let src = FlingRunner.packageRoot.appendingPathComponent("Resources")
        for item in try fm.contentsOfDirectory(atPath: src.path) where !own.contains(item) {
            try fm.createSymbolicLink(at: dir.appendingPathComponent(item), withDestinationURL: src.appendingPathComponent(item))
        }
        return dir
    }

    /// A copy of a resource folder (`fonts`, `images/restaurants`) whose files link to the real ones.
    private func linkFolder(_ sub: String, into res: URL) throws -> URL {
        let fm = FileManager.default
        let src = FlingRunner.packageRoot.appendingPathComponent("Resources/\(sub)")
        let dst = res.appendingPathComponent(sub)
        try fm.createDirectory(at: dst, withIntermediateDirectories: true)
        for item in try fm.contentsOfDirectory(atPath: src.path) {
            try fm.createSymbolicLink(at: dst.appendingPathComponent(item), withDestinationURL: src.appendingPathComponent(item))
        }
        return dst
    }

    private func script(_ text: String, name: String = #function) throws -> (dir: URL, path: String) {
        let dir = FlingRunner.scratch(name.replacingOccurrences(of: "()", with: ""))
        let url = dir.appendingPathComponent("script.txt")
        try text.replacingOccurrences(of: "$OUT", with: dir.path).write(to: url, atomically: true, encoding: .utf8)
        return (dir, url.path)
    }

    // MARK: Display

    func testAWindowedStartWithNoDisplayExits1WithTheHintInsteadOfRunningInvisibly() throws {
        // SDL 2.26 falls back to its offscreen driver here and used to run forever.
        let p = Process()
        p.executableURL = URL(fileURLWithPath: FlingRunner.binary)
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil; env["WAYLAND_DISPLAY"] = nil; env["SDL_VIDEODRIVER"] = nil
        p.environment = env
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let deadline = Date().addingTimeInterval(20)
        while p.isRunning && Date() < deadline { usleep(20_000) }
        if p.isRunning { p.terminate(); p.waitUntilExit(); return XCTFail("fling ran on without a display for 20 s") }
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(p.terminationStatus, 1)
        XCTAssertTrue(text.contains("no display available"), text)
        XCTAssertTrue(text.contains("--headless"), text)
    }

    // MARK: Data files and images

    /// A resources folder whose restaurants.json is the shipped one with some items' fields
    /// replaced (`edits[i]`: field → new string); returns the folder and the edited items.
    private func restaurantsWith(_ name: String, _ edits: [Int: [String: String]]) throws -> (URL, [JSONValue]) {
        let res = try resources(name, own: ["restaurants.json"])
        let data = FlingRunner.packageRoot.appendingPathComponent("Resources/restaurants.json")
        var items = try JSONParser.parse(String(contentsOf: data, encoding: .utf8)).arrayValue ?? []
        for (i, fields) in edits {
            guard case .object(let pairs) = items[i] else { XCTFail("restaurants.json changed shape"); continue }
            items[i] = .object(pairs.map { pair in fields[pair.0].map { (pair.0, JSONValue.string($0)) } ?? pair })
        }
        try JSONValue.array(items).serialized.write(to: res.appendingPathComponent("restaurants.json"), atomically: true, encoding: .utf8)
        return (res, items)
    }

    func testImagePathsLeavingTheResourcesAreRefusedNamingTheEntry() throws {
        let (res, items) = try restaurantsWith("escape", [0: ["image": "../../outside.png"], 1: ["image": "/etc/passwd"]])
        // A real image outside Resources/ that the data file reaches with `..`.
        let outside = res.deletingLastPathComponent().appendingPathComponent("outside.png")
        try FileManager.default.copyItem(at: FlingRunner.packageRoot.appendingPathComponent("Resources/images/avatar.png"), to: outside)
        let s = try script("0.1 shot $OUT/list.png\n")
        let r = try FlingRunner.run(["--headless", "--resources", res.path, "--script", s.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let first = items[0]["name"]?.stringValue ?? "?", second = items[1]["name"]?.stringValue ?? "?"
        XCTAssertTrue(r.stderr.contains(#"restaurants.json: item 1 ("\#(first)"): image "../../outside.png" leaves the images folder"#), r.stderr)
        XCTAssertTrue(r.stderr.contains(#"restaurants.json: item 2 ("\#(second)"): image "/etc/passwd" is an absolute path"#), r.stderr)
        XCTAssertEqual(r.stderr.components(separatedBy: "outside.png").count - 1, 1, "one warning, no decode: \(r.stderr)")
    }

    /// A name in a data file with a terminal escape and a line break (it once reached
    /// stderr raw, retitling the terminal and forging a log line): written escaped.
    func testControlCharactersInDataReachTheLogEscaped() throws {
        let (res, _) = try restaurantsWith("escapes", [0: ["image": "/etc/passwd", "name": "Evil\u{1B}]0;owned\u{07}\nfling: forged"]])
        let r = try FlingRunner.run(["--headless", "--resources", res.path, "--script", try script("0.1 quit\n").path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains(#"("Evil\u{1B}]0;owned\u{7}\nfling: forged")"#), r.stderr)
        XCTAssertFalse(r.stderr.contains("\u{1B}"), "no raw ESC on stderr")
        XCTAssertFalse(r.stderr.split(separator: "\n").contains { $0.hasPrefix("fling: forged") }, r.stderr)
    }

    /// A 21 KB restaurant type (start-up once froze 19–43 s) and a 210,000-character
    /// description: cut to their limits, each said once naming the file, item and field.
    func testDataStringsPastTheirLimitsAreCutNamingTheField() throws {
        let (res, _) = try restaurantsWith("longdata", [2: ["type": String(repeating: "Pizzeria ", count: 2400)],
                                                        3: ["description": String(repeating: "Tapas. ", count: 30_000)]])
        let r = try FlingRunner.run(["--headless", "--resources", res.path, "--script", try script("0.1 shot $OUT/a.png\n").path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains(#"restaurants.json: item 3: field "type" has 21600 characters; only the first 1000 are shown"#), r.stderr)
        XCTAssertTrue(r.stderr.contains(#"restaurants.json: item 4: field "description" has 210000 characters; only the first 200000 are shown"#), r.stderr)
    }

    /// A resources folder whose images link to the real ones, with the restaurant photos in a
    /// folder of links of their own: the first two rows' photos (restaurants.json order) can be
    /// replaced. Returns the folder, the photos' folder and those two file names.
    private func firstTwoPhotosReplaceable(_ name: String) throws -> (URL, URL, [String]) {
        let res = try resources(name, own: ["images"])
        let fm = FileManager.default
        let images = res.appendingPathComponent("images")
        try fm.createDirectory(at: images, withIntermediateDirectories: true)
        for item in try fm.contentsOfDirectory(atPath: FlingRunner.packageRoot.appendingPathComponent("Resources/images").path) where item != "restaurants" {
            try fm.createSymbolicLink(at: images.appendingPathComponent(item),
                                      withDestinationURL: FlingRunner.packageRoot.appendingPathComponent("Resources/images/\(item)"))
        }
        let restaurants = try linkFolder("images/restaurants", into: res)
        let data = try JSONParser.parse(String(contentsOf: FlingRunner.packageRoot.appendingPathComponent("Resources/restaurants.json"), encoding: .utf8))
        let names = (data.arrayValue ?? []).prefix(2).compactMap { $0["image"]?.stringValue?.split(separator: "/").last.map(String.init) }
        XCTAssertEqual(names.count, 2)
        return (res, restaurants, names)
    }

    /// Names in scripts no installed font has: said once per writing system, however often
    /// the text is drawn. fontconfig is pointed at a configuration with no fonts, so only the
    /// bundled faces (Latin, Greek, Cyrillic) are there.
    func testTextNoFontCanDrawIsSaidOncePerScript() throws {
        let (res, _) = try restaurantsWith("missingglyphs", [0: ["name": "مطعم البحر"], 1: ["name": "מסעדה"], 2: ["name": "Pizza 🍕"]])
        let conf = FlingRunner.scratch("nofonts").appendingPathComponent("fonts.conf")
        try "<?xml version=\"1.0\"?>\n<fontconfig><dir>/nonexistent-fonts</dir><cachedir>\(conf.deletingLastPathComponent().path)/cache</cachedir></fontconfig>\n"
            .write(to: conf, atomically: true, encoding: .utf8)
        let r = try FlingRunner.run(["--headless", "--resources", res.path, "--script", try script("0.1 shot $OUT/a.png\n0.2 resize 400 800\n0.3 shot $OUT/b.png\n").path],
                                    environment: ["FONTCONFIG_FILE": conf.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        for system in ["Arabic", "Hebrew", "emoji and symbols"] {
            XCTAssertEqual(r.stderr.components(separatedBy: "text in \(system) is drawn as boxes").count - 1, 1, r.stderr)
        }
    }

    /// With the system's fonts (the ones `make test` installs), the same names draw: no box
    /// and no warning.
    func testTextInOtherScriptsDrawsFromTheSystemsFonts() throws {
        let (res, _) = try restaurantsWith("systemfonts", [0: ["name": "مطعم البحر"], 1: ["name": "מסעדה"], 2: ["name": "Pizza 🍕"], 3: ["name": "鼎泰豐 (信義店)，好。"]])
        let r = try FlingRunner.run(["--headless", "--resources", res.path, "--script", try script("0.1 shot $OUT/a.png\n").path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stderr.contains("drawn as boxes"), r.stderr)
    }

    /// A PNG header claiming 16000×16000 px (such a file of 756 KB decodes to 1 GB).
    private func hugePNGHeader() -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        for v in [UInt32(16000), UInt32(16000)] { bytes += [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
        return Data(bytes + [UInt8](repeating: 0, count: 4096))
    }

    func testAnAbsurdImageIsRefusedByItsHeaderAndATruncatedJPEGWarnsOnce() throws {
        // The first two rows' photos: one absurd, one cut in half.
        let (res, restaurants, names) = try firstTwoPhotosReplaceable("badimages")
        let fm = FileManager.default
        let huge = restaurants.appendingPathComponent(names[0]), cut = restaurants.appendingPathComponent(names[1])
        let jpeg = try Data(contentsOf: cut)
        try fm.removeItem(at: huge); try fm.removeItem(at: cut)
        try hugePNGHeader().write(to: huge)
        try jpeg.prefix(jpeg.count / 2).write(to: cut)
        let s = try script("0.1 shot $OUT/a.png\n0.2 resize 400 800\n0.3 shot $OUT/b.png\n")
        let r = try FlingRunner.run(["--headless", "--resources", res.path, "--script", s.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let hugeLines = r.stderr.split(separator: "\n").filter { $0.contains(names[0]) }
        XCTAssertEqual(hugeLines.count, 1, r.stderr)
        XCTAssertTrue(hugeLines.first?.contains("16000×16000 px is over the budget of 40 megapixels") ?? false, r.stderr)
        let cutLines = r.stderr.split(separator: "\n").filter { $0.contains(names[1]) }
        XCTAssertEqual(cutLines.count, 1, "warned once, though drawn in two frames and a resize: \(r.stderr)")
        XCTAssertTrue(cutLines.first?.contains("ends early") ?? false, r.stderr)
    }

    /// A FIFO or a directory where a photo or a font should be (SDL's fopen once waited
    /// forever on the FIFO; a directory read as 8796093022207 MB): named, and never a hang.
    func testAFIFOOrADirectoryAsAPhotoOrAFontIsNamedNotWaitedOn() throws {
        let (res, restaurants, names) = try firstTwoPhotosReplaceable("fifoimage")
        let fm = FileManager.default
        let fifo = restaurants.appendingPathComponent(names[0]), folder = restaurants.appendingPathComponent(names[1])
        try fm.removeItem(at: fifo); try fm.removeItem(at: folder)
        XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
        try fm.createDirectory(at: folder, withIntermediateDirectories: false)
        let s = try script("0.1 shot $OUT/a.png\n")
        let r = try FlingRunner.run(["--headless", "--resources", res.path, "--script", s.path], timeout: 60)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("\(fifo.path): a FIFO (named pipe), not a regular file"), r.stderr)
        XCTAssertTrue(r.stderr.contains("\(folder.path): a directory, not a file"), r.stderr)

        let fontRes = try resources("fifofont", own: ["fonts"])
        let fonts = try linkFolder("fonts", into: fontRes)
        let face = fonts.appendingPathComponent("Inter-Bold.otf")
        try fm.removeItem(at: face)
        XCTAssertEqual(mkfifo(face.path, 0o644), 0)
        let f = try FlingRunner.run(["--headless", "--script", FlingRunner.emptyScript, "--resources", fontRes.path], timeout: 60)
        XCTAssertEqual(f.status, 1, f.stderr)
        XCTAssertTrue(f.stderr.contains(face.path) && f.stderr.contains("a FIFO (named pipe), not a regular file"), f.stderr)
    }

    /// An endless file named as a script, a recording or a metrics file (once read until
    /// memory ran out): refused at the documented size, naming it.
    func testAnEndlessFileIsRefusedAtTheLimit() throws {
        let limit = "is over 256 MiB (scripts, recordings and metrics files are read up to 256 MiB)"
        let script = try FlingRunner.run(["--headless", "--script", "/dev/zero"])
        XCTAssertEqual(script.status, 2, script.stderr)
        XCTAssertTrue(script.stderr.contains("fling: /dev/zero: script \(limit)"), script.stderr)
        let replay = try FlingRunner.run(["replay", "/dev/zero"])
        XCTAssertEqual(replay.status, 2, replay.stderr)
        XCTAssertTrue(replay.stderr.contains("fling replay: /dev/zero: recording \(limit)"), replay.stderr)
        let report = try FlingRunner.run(["report", "/dev/zero"])
        XCTAssertEqual(report.status, 2, report.stderr)
        XCTAssertTrue(report.stderr.contains("fling report: /dev/zero: metrics file \(limit)"), report.stderr)
    }

    /// A drag that would expand to millions of moves is refused before the run, naming the line.
    func testAScriptThatWouldExpandToMillionsOfInputsIsRefused() throws {
        let s = try script("0.5 tap 10 10\n1 drag 0 0 10 10 3600\n")
        let r = try FlingRunner.run(["--headless", "--fps", "1000", "--script", s.path])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("\(s.path):2: the script expands to 3600004 inputs by this line at 1000 fps (a drag is a move a frame); at most 1000000"), r.stderr)
    }

    /// A recording or metrics file on a full disk (before: cut files and exit 0): said once,
    /// naming the file and why, and the run exits 1.
    func testARecordingOrMetricsOnAFullDiskIsSaid() throws {
        let s = try script("0.5 tap 200 150\n1.0 drag 200 600 200 800 0.1\n2.5 quit\n")
        let record = try FlingRunner.run(["--headless", "--script", s.path, "--record", "/dev/full"])
        XCTAssertEqual(record.status, 1, record.stderr)
        XCTAssertEqual(record.stderr.components(separatedBy: "/dev/full: the recording stopped (No space left on device)").count - 1, 1, record.stderr)
        let metrics = try FlingRunner.run(["--headless", "--script", s.path, "--metrics", "/dev/full"])
        XCTAssertEqual(metrics.status, 1, metrics.stderr)
        XCTAssertTrue(metrics.stderr.contains("/dev/full: the metrics file stopped (No space left on device)"), metrics.stderr)
    }

    /// A live run's metrics go to the file only (every gesture was once also kept in
    /// memory for the whole run, without bound over weeks of a kiosk).
    func testALiveRunKeepsNoGesturesInMemory() throws {
        let s = try script("0.5 tap 200 150\n1.0 drag 200 600 200 800 0.1\n2.0 tap 200 150\n2.5 drag 200 600 200 800 0.1\n4 quit\n")
        let file = FlingRunner.scratch("metricsmemory").appendingPathComponent("m.jsonl").path
        let r = try FlingRunner.run(["--headless", "--script", s.path, "--metrics", file, "--log-level", "debug"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").count
        XCTAssertGreaterThan(lines, 0)
        XCTAssertTrue(r.stderr.contains("metrics: \(lines) gestures written, 0 kept in memory"), r.stderr)
    }

    /// A screenshot or an animated PNG on a full disk (/dev/full; before: a cut file and
    /// exit 0): refused, naming the file.
    func testAShotOrAVideoOnAFullDiskIsSaid() throws {
        let s = try script("0.5 shot /dev/full\n1 quit\n")
        let shot = try FlingRunner.run(["--headless", "--script", s.path])
        XCTAssertEqual(shot.status, 1, shot.stderr)
        XCTAssertTrue(shot.stderr.contains("/dev/full: the PNG was not written whole (is the disk full?)"), shot.stderr)
        let rec = FlingRunner.scratch("fullvideo").appendingPathComponent("r.rec").path
        try "0.5 tap 200 150\n1 quit\n".write(toFile: rec, atomically: true, encoding: .utf8)
        let video = try FlingRunner.run(["replay", rec, "--video", "/dev/full"])
        XCTAssertNotEqual(video.status, 0, video.stderr)
        XCTAssertTrue(video.stderr.contains("/dev/full"), video.stderr)
    }

    /// A data file saved as Latin-1 says where the first non-UTF-8 byte is (before: no offset).
    func testNonUTF8DataNamesTheLineAndByte() throws {
        let res = try resources("latin1", own: ["restaurants.json"])
        var bytes = Array("[\n  {\"name\": \"Caf".utf8)
        bytes.append(0xE9)   // é in Latin-1
        bytes += Array("\"}\n]\n".utf8)
        try Data(bytes).write(to: res.appendingPathComponent("restaurants.json"))
        let r = try FlingRunner.run(["--headless", "--script", FlingRunner.emptyScript, "--resources", res.path])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("restaurants.json:2:16: not UTF-8 text (byte 17 starts no UTF-8 character)"), r.stderr)
    }

    // MARK: Fonts

    func testACorruptBoldOrRoundedFaceIsAnErrorNamingTheFile() throws {
        for face in ["Inter-Bold.otf", "Nunito-ExtraBold.ttf"] {
            let res = try resources("badfont", own: ["fonts"])
            let fonts = try linkFolder("fonts", into: res)
            let file = fonts.appendingPathComponent(face)
            let original = try Data(contentsOf: file)
            try FileManager.default.removeItem(at: file)
            // The first kilobyte: the table directory survives, the glyphs do not.
            try original.prefix(1024).write(to: file)
            let r = try FlingRunner.run(["--headless", "--script", FlingRunner.emptyScript, "--resources", res.path])
            XCTAssertEqual(r.status, 1, "\(face): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(file.path), "\(face): \(r.stderr)")
        }
    }

    // MARK: Scripts

    func testACRLFScriptRunsAsLF() throws {
        let s = try script("# made on Windows\r\n0.1 tap 100 300\r\n0.5 state $OUT/crlf.json\r\n")
        let r = try FlingRunner.run(["--headless", "--script", s.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: s.dir.appendingPathComponent("crlf.json").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.dir.appendingPathComponent("crlf.json\r").path))
    }

    func testANulByteInAScriptIsAnErrorWithItsLine() throws {
        let s = try script("0.1 tap 100 300\n0.5 state $OUT/a\u{0}.json\n")
        let r = try FlingRunner.run(["--headless", "--script", s.path])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("\(s.path):2: a NUL byte"), r.stderr)
    }

    func testAStateThatCannotBeWrittenSaysWhy() throws {
        let s = try script("0.1 state $OUT/no/such/folder/s.json\n")
        let r = try FlingRunner.run(["--headless", "--script", s.path])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("s.json: the state could not be written (No such file or directory)"), r.stderr)
    }
}
