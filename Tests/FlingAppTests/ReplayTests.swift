import FlingCore
import FlingSDL
import Foundation
import XCTest

/// The UX-testing instrument's `--record`, `fling replay` (end state, frames, video, other policies, compare)
/// and `fling report`, end to end through the binary.
final class ReplayTests: XCTestCase {
    /// Open the first restaurant's sheet, then flick it down 200 pt in 0.1 s: the fluid policy
    /// dismisses it (2000 pt/s against 222 pt left), tutorial sends it back to half (200 pt is
    /// under 30 % of 844).
    static let flick = """
        0.5 tap 200 150
        1.5 drag 200 500 200 700 0.1
        3.0 state $OUT/live.json
        3.0 shot $OUT/live.png
        3.0 quit
        """

    /// Records `flick` headless; returns the scratch folder and the recording's path.
    func recordFlick(_ name: String = #function) throws -> (dir: URL, recording: String) {
        let dir = FlingRunner.scratch(name.replacingOccurrences(of: "()", with: ""))
        let script = dir.appendingPathComponent("script.txt").path
        try Self.flick.replacingOccurrences(of: "$OUT", with: dir.path).write(toFile: script, atomically: true, encoding: .utf8)
        let recording = dir.appendingPathComponent("flick.rec").path
        let r = try FlingRunner.run(["--headless", "--script", script, "--record", recording])
        XCTAssertEqual(r.status, 0, r.stderr)
        return (dir, recording)
    }

    static func stateWithoutRender(_ path: String) throws -> JSONValue {
        let v = try JSONParser.parse(String(contentsOfFile: path, encoding: .utf8))
        guard case .object(let fields) = v else { return v }
        return .object(fields.filter { $0.0 != "render" })
    }

    func testARecordingHoldsItsHeaderAndTheInputAtItsTimes() throws {
        let (_, recording) = try recordFlick()
        let text = try String(contentsOfFile: recording, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(lines.prefix(10)), [
            "# fling recording 2", "# scene: restaurants", "# size: 390x844", "# scale: 1", "# policy: default",
            "# tune: ", "# date: " + (lines.first { $0.hasPrefix("# date: ") }?.dropFirst(8).description ?? "?"),
            "# fps: 60", "# rotate: 0", "# version: 0.1.0",
        ])
        let commands = lines.filter { !$0.hasPrefix("#") }
        XCTAssertEqual(Array(commands.prefix(4)), ["0.5 down 200 150", "0.55 up 200 150", "1.5 down 200 500",
                                                     "1.5166666666666666 move 200 533.3333333333334"])
        XCTAssertEqual(Array(commands.suffix(3)), ["1.6 move 200 700", "1.6 up 200 700", "3 quit"])
    }

    func testAReplayEndsInTheRecordedStateWithTheSameFrames() throws {
        let (dir, recording) = try recordFlick()
        let state = dir.appendingPathComponent("replayed.json").path
        let frames = dir.appendingPathComponent("frames").path
        let r = try FlingRunner.run(["replay", recording, "--state", state, "--out", frames, "--fps", "2"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let live = try Self.stateWithoutRender(dir.appendingPathComponent("live.json").path)
        XCTAssertEqual(try Self.stateWithoutRender(state), live)
        XCTAssertEqual(live["sheet"]?["phase"]?.stringValue, "hidden")   // the flick dismissed it, and again
        // 0 … 3 s at 2 fps: 7 frames; the last is the live run's shot at 3.0 s, pixel for pixel.
        let names = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
        XCTAssertEqual(names.count, 7)
        XCTAssertEqual(try PNGFile.read(frames + "/frame-00007.png"), try PNGFile.read(dir.appendingPathComponent("live.png").path))
    }

    /// A session resized half-way: every output frame is written (the smaller ones on the
    /// larger canvas), and a plain script's last drag is in the end state, not cut off.
    func testAResizedSessionReplaysToFramesAndItsLastDragEnds() throws {
        let dir = FlingRunner.scratch("resizedreplay")
        let recording = dir.appendingPathComponent("resized.rec").path
        try """
            # scene: restaurants
            # size: 390x600
            0.5 resize 500 700
            1.0 tap 200 150
            2.5 drag 200 400 200 650 0.1
            """.write(toFile: recording, atomically: true, encoding: .utf8)
        let frames = dir.appendingPathComponent("frames").path
        let state = dir.appendingPathComponent("end.json").path
        let r = try FlingRunner.run(["replay", recording, "--out", frames, "--fps", "2", "--state", state])
        XCTAssertEqual(r.status, 0, r.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
        XCTAssertEqual(names.count, 6)   // 0 … 2.6 s at 2 fps
        let first = try PNGFile.read(frames + "/" + names[0]), last = try PNGFile.read(frames + "/" + names[names.count - 1])
        XCTAssertEqual([first.width, first.height], [last.width, last.height])
        XCTAssertEqual([last.width, last.height], [500, 700])
        // The drag's release (at 2.6 s) is in the state: the sheet is no longer being dragged.
        let end = try Self.stateWithoutRender(state)
        XCTAssertNotEqual(end["sheet"]?["phase"]?.stringValue, "dragging")
        XCTAssertGreaterThanOrEqual(end["time"]?.doubleValue ?? 0, 2.6)
    }

    /// A recording saved with CRLF line ends keeps its header (it once replayed at the
    /// default size, scale and policy); a newer format or an unknown header key is said.
    func testACRLFRecordingKeepsItsHeaderAndUnknownHeadersAreSaid() throws {
        let dir = FlingRunner.scratch("crlfrecording")
        let recording = dir.appendingPathComponent("crlf.rec").path
        try "# fling recording 3\r\n# scene: restaurants\r\n# size: 500x700\r\n# policy: tutorial\r\n# colour: blue\r\n# times in s: notes\r\n0.5 tap 200 150\r\n2 quit\r\n"
            .write(toFile: recording, atomically: true, encoding: .utf8)
        let state = dir.appendingPathComponent("end.json").path
        let r = try FlingRunner.run(["replay", recording, "--state", state])
        XCTAssertEqual(r.status, 0, r.stderr)
        let end = try Self.stateWithoutRender(state)
        XCTAssertEqual(end["size"], .array([.number(500), .number(700)]))
        XCTAssertEqual(end["sheet"]?["policy"]?.stringValue, "tutorial")
        XCTAssertTrue(r.stderr.contains("\(recording):1: recording format 3; this Fling reads format 2"), r.stderr)
        XCTAssertTrue(r.stderr.contains("\(recording):5: unknown header 'colour' ignored"), r.stderr)
        XCTAssertFalse(r.stderr.contains("times in s"), "a note is not a header key: \(r.stderr)")
    }

    /// A recording with a byte that is not UTF-8 replayed it as U+FFFD (typed into a field):
    /// it is refused with its line; a last line cut inside a character is a cut line, left out.
    func testARecordingThatIsNotUTF8IsRefusedWithItsLine() throws {
        let dir = FlingRunner.scratch("utf8recording")
        let head = Array("# fling recording 2\n# scene: form\n# size: 390x844\n0.5 tap 100 416\n1 text ab".utf8)
        let bad = dir.appendingPathComponent("bad.rec").path, cut = dir.appendingPathComponent("cut.rec").path
        try Data(head + [0xFF] + Array("c\n2 quit\n".utf8)).write(to: URL(fileURLWithPath: bad))
        let r = try FlingRunner.run(["replay", bad])
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("\(bad):5: not UTF-8 text (byte 75, column 10, starts no UTF-8 character); recordings are UTF-8"), r.stderr)
        let state = dir.appendingPathComponent("end.json").path
        try Data(Array("# fling recording 2\n# scene: form\n# size: 390x844\n0.5 tap 100 416\n1 text ab\n".utf8) + Array("1.5 text \u{4E2D}".utf8.dropLast())).write(to: URL(fileURLWithPath: cut))
        let c = try FlingRunner.run(["replay", cut, "--state", state])
        XCTAssertEqual(c.status, 0, c.stderr)
        XCTAssertTrue(c.stderr.contains("\(cut):6: the recording is cut here"), c.stderr)
        XCTAssertEqual(try Self.stateWithoutRender(state).at("form.fields.0.text")?.stringValue, "ab")
    }

    /// A kiosk session replays with its locks (found in review): the visitor's F5 that did
    /// nothing in the kiosk does nothing in the replay either.
    func testAKioskRecordingReplaysWithTheInstrumentLocked() throws {
        let dir = FlingRunner.scratch("kioskreplay")
        let recording = dir.appendingPathComponent("kiosk.rec").path
        let script = dir.appendingPathComponent("s.txt").path
        try "0.5 key F5\n1.0 state \(dir.path)/live.json\n1.5 quit\n".write(toFile: script, atomically: true, encoding: .utf8)
        let live = try FlingRunner.run(["--headless", "--kiosk", "--script", script, "--record", recording])
        XCTAssertEqual(live.status, 0, live.stderr)
        let text = try String(contentsOfFile: recording, encoding: .utf8)
        XCTAssertTrue(text.contains("# instrument-keys: false\n# exit-gesture: corner\n"), text)
        let state = dir.appendingPathComponent("replayed.json").path
        let r = try FlingRunner.run(["replay", recording, "--state", state])
        XCTAssertEqual(r.status, 0, r.stderr)
        let replayed = try Self.stateWithoutRender(state)
        XCTAssertEqual(replayed["instrument"]?["panel"]?.boolValue, false)
        XCTAssertEqual(replayed["instrument"]?["keys"]?.boolValue, false)
        XCTAssertEqual(try FlingRunner.state(dir, "live.json")["instrument"]?["panel"]?.boolValue, false)
    }

    /// A paste is recorded as the text it pasted (text pasted from another app was once
    /// not in the recording): copy in one field, paste in another, and the recording carries
    /// the text; its replay ends with both fields as the session left them.
    func testAPasteIsRecordedAsItsText() throws {
        let dir = FlingRunner.scratch("pasterecord")
        let recording = try FlingRunner.record(Self.copyAda + """
            1.2 key ctrl+V
            1.5 state $OUT/live.json
            2 quit
            """, in: dir, as: "paste", args: Self.form)
        let text = try String(contentsOfFile: recording, encoding: .utf8)
        XCTAssertTrue(text.contains("1.2 paste Ada\n"), text)
        XCTAssertFalse(text.contains("key ctrl+V"), text)
        let state = dir.appendingPathComponent("replayed.json").path
        let r = try FlingRunner.run(["replay", recording, "--state", state])
        XCTAssertEqual(r.status, 0, r.stderr)
        let fields = Self.formFields
        XCTAssertEqual(fields(try Self.stateWithoutRender(state)), fields(try FlingRunner.state(dir, "live.json")))
        XCTAssertEqual(fields(try FlingRunner.state(dir, "live.json")).prefix(3), ["Ada", "", "Ada"])
    }

    /// The form at 1024×768 (First Name at (283, 337), Last Name at (648, 337)), and a script's
    /// start there: Ada typed into First Name, selected and copied, Last Name tapped.
    static let form = ["--scene", "form", "--size", "1024x768"]
    static let copyAda = """
        0.5 tap 350 354
        0.7 text Ada
        0.8 key ctrl+A
        0.9 key ctrl+C
        1.0 tap 715 354

        """

    /// The form's field texts in a state dump.
    static func formFields(_ v: JSONValue) -> [String] {
        (v["form"]?["fields"]?.arrayValue ?? []).map { $0["text"]?.stringValue ?? "?" }
    }

    /// A recording cut mid-line replays every whole line before the cut, and says where
    /// (the whole file was once refused, contradicting "a crash keeps everything before it").
    func testACutRecordingReplaysToItsLastWholeLine() throws {
        let dir = FlingRunner.scratch("cutrecording")
        let recording = dir.appendingPathComponent("cut.rec").path
        try "# fling recording 1\n# scene: restaurants\n0.5 tap 200 150\n1.5 ta".write(toFile: recording, atomically: true, encoding: .utf8)
        let state = dir.appendingPathComponent("end.json").path
        let r = try FlingRunner.run(["replay", recording, "--state", state])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("\(recording):4: the recording is cut here"), r.stderr)
        XCTAssertEqual(try Self.stateWithoutRender(state)["sheet"]?["restaurant"]?.stringValue, "Kaffeehaus Lindner")
    }

    /// An output that cannot be written is said before any frame is rendered (a bad
    /// --out or a missing ffmpeg was once reported only after every frame was drawn). A recording
    /// of an hour would take minutes to render: these end at once.
    func testAnUnwritableOutputIsSaidBeforeRendering() throws {
        let dir = FlingRunner.scratch("preflight")
        let recording = dir.appendingPathComponent("long.rec").path
        try "0.5 drag 200 300 200 600 3000\n3600 quit\n".write(toFile: recording, atomically: true, encoding: .utf8)
        let file = dir.appendingPathComponent("a-file")
        try "x".write(to: file, atomically: true, encoding: .utf8)
        let out = try FlingRunner.run(["replay", recording, "--out", file.path + "/frames"], timeout: 30)
        XCTAssertEqual(out.status, 1, out.stderr)
        XCTAssertTrue(out.stderr.contains("\(file.path)/frames: the frames folder could not be made"), out.stderr)
        let video = try FlingRunner.run(["replay", recording, "--video", "/nonexistent-dir/x.png"], timeout: 30)
        XCTAssertEqual(video.status, 1, video.stderr)
        XCTAssertTrue(video.stderr.contains("/nonexistent-dir/x.png: its folder is not writable"), video.stderr)
        if ProcessInfo.processInfo.environment["PATH"].map({ p in p.split(separator: ":").allSatisfy { !FileManager.default.isExecutableFile(atPath: "\($0)/ffmpeg") } }) ?? true {
            let mp4 = try FlingRunner.run(["replay", recording, "--video", dir.appendingPathComponent("x.mp4").path], timeout: 30)
            XCTAssertEqual(mp4.status, 1, mp4.stderr)
            XCTAssertTrue(mp4.stderr.contains("ffmpeg is not installed"), mp4.stderr)
        }
    }

    /// --compare's side-by-side frame is bounded like any window (three settings of a
    /// large window once made a 3 GB canvas a frame), said before anything is rendered.
    func testACompareCanvasPastThePixelLimitsIsRefused() throws {
        let dir = FlingRunner.scratch("comparecanvas")
        let recording = dir.appendingPathComponent("big.rec").path
        try "# size: 6000x6000\n0.5 tap 200 150\n1 quit\n".write(toFile: recording, atomically: true, encoding: .utf8)
        let r = try FlingRunner.run(["replay", recording, "--compare", "fluid,tutorial,two-stage", "--out", dir.appendingPathComponent("f").path])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("--compare: the frame of 3 settings side by side is 18016x6028 pt at scale 1.0 is 18016x6028 px; at most 16384 px a side"), r.stderr)
    }

    /// Text that arrived on the clipboard from another app is recorded as `paste
    /// TEXT` and replays as that paste; a clipboard another app left without text is recorded
    /// as an empty `paste`, and the replay pastes nothing (as `key ctrl+V` it pasted what the
    /// replay had copied itself). A script's `paste` stands for the other app here.
    func testPastesReplayWithTheTextThatArrived() throws {
        let dir = FlingRunner.scratch("pasteother")
        let recording = try FlingRunner.record(Self.copyAda + """
            1.2 paste Grace  Hopper
            1.4 tap 350 354
            1.5 key End
            1.6 paste
            1.8 state $OUT/live.json
            2 quit
            """, in: dir, as: "paste", args: Self.form)
        let text = try String(contentsOfFile: recording, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("# fling recording 2\n"), text)
        XCTAssertTrue(text.contains("1.2 paste Grace  Hopper\n"), text)
        XCTAssertTrue(text.contains("1.6 paste\n"), text)
        let fields = Self.formFields
        XCTAssertEqual(fields(try FlingRunner.state(dir, "live.json")).prefix(3), ["Ada", "", "Grace  Hopper"])
        let state = dir.appendingPathComponent("replayed.json").path
        let r = try FlingRunner.run(["replay", recording, "--state", state])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "", "format 2 reads without a warning")
        XCTAssertEqual(fields(try Self.stateWithoutRender(state)), fields(try FlingRunner.state(dir, "live.json")))
        // A format 1 recording (its pastes as text) still replays, without a warning.
        let old = dir.appendingPathComponent("old.rec").path
        try text.replacingOccurrences(of: "# fling recording 2", with: "# fling recording 1")
            .replacingOccurrences(of: "1.2 paste Grace  Hopper", with: "1.2 text Grace  Hopper")
            .replacingOccurrences(of: "1.6 paste\n", with: "").write(toFile: old, atomically: true, encoding: .utf8)
        let o = try FlingRunner.run(["replay", old, "--state", state])
        XCTAssertEqual(o.status, 0, o.stderr)
        XCTAssertEqual(o.stderr, "")
        XCTAssertEqual(fields(try Self.stateWithoutRender(state)).prefix(3), ["Ada", "", "Grace  Hopper"])
    }

    /// A replay's frames in a still stretch show the overlay a live run shows there
    /// ("list idle" once the flicked sheet is gone), not the last frame drawn while it moved
    /// ("sheet dismissing").
    func testAReplaysStillFramesShowTheLiveOverlay() throws {
        let dir = FlingRunner.scratch("replaystill")
        let recording = try FlingRunner.record("""
            0.5 tap 200 150
            1.5 drag 200 500 200 700 0.1
            2.5 state $OUT/live.json
            2.5 shot $OUT/live.png
            3.0 quit
            """, in: dir, as: "flick", args: ["--overlay"])
        XCTAssertEqual(try FlingRunner.state(dir, "live.json")["sheet"]?["phase"]?.stringValue, "hidden")
        let frames = dir.appendingPathComponent("frames").path
        let r = try FlingRunner.run(["replay", recording, "--out", frames, "--fps", "2"])
        XCTAssertEqual(r.status, 0, r.stderr)
        // The frame at 2.5 s (the sixth at 2 fps) against the live shot at 2.5 s: the state
        // pill at the top left is the same (the frame-time graph, at the bottom, differs: it
        // shows real draw times).
        let replayed = try PNGFile.read(frames + "/frame-00006.png")
        let shot = try PNGFile.read(dir.appendingPathComponent("live.png").path)
        XCTAssertEqual([replayed.width, replayed.height], [shot.width, shot.height])
        func pill(_ image: RGBAImage) -> [UInt8] {
            (0..<60).flatMap { y in image.pixels[(y * image.width * 4)..<((y * image.width + 360) * 4)] }
        }
        XCTAssertTrue(pill(replayed) == pill(shot), "the replay's state pill differs from the live run's at 2.5 s")
    }

    /// Each `--compare` metrics line names its setting exactly as given, and the
    /// policy that decided it: the sheet's policy, or the card's rules with the tuning keys
    /// that changed them; `fling report` counts the settings apart.
    func testCompareMetricsNameTheirSettingAndPolicy() throws {
        let (dir, recording) = try recordFlick()
        let metrics = dir.appendingPathComponent("compare.jsonl").path
        let r = try FlingRunner.run(["replay", recording, "--compare", "fluid,fluid+dismiss.ratio=8,two-stage", "--metrics", metrics])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = try String(contentsOfFile: metrics, encoding: .utf8).split(separator: "\n").map { try GestureMetric(json: JSONParser.parse(String($0))) }
        let sheets = lines.filter { $0.target == "sheet" }
        XCTAssertEqual(sheets.map(\.setting), ["fluid", "fluid+dismiss.ratio=8", "two-stage"])
        XCTAssertEqual(sheets.map(\.policy), ["fluid", "fluid", "two-stage"])
        XCTAssertEqual(sheets.map(\.startDetent), ["half", "half", "expanded"])
        XCTAssertEqual(sheets.map(\.decision.outcome), ["dismissed", "dismissed", "dismissed"])
        XCTAssertTrue(lines.allSatisfy { $0.setting != nil }, "\(lines)")
        XCTAssertTrue(r.stdout.hasPrefix("fluid, fluid+dismiss.ratio=8, two-stage: "), r.stdout)
        let report = try FlingRunner.run(["report", metrics])
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertTrue(report.stdout.contains("  fluid      dismissed 1 (100 %)\n"), report.stdout)
        XCTAssertTrue(report.stdout.contains("  fluid+dismiss.ratio=8 dismissed 1 (100 %)\n"), report.stdout)
        XCTAssertTrue(report.stdout.contains("  two-stage  dismissed 1 (100 %)\n"), report.stdout)

        // A card pulled 30 pt in 0.1 s: projected past 100 pt it collapses; at projection 0.99
        // it projects 50 pt and stays.
        let cardRecording = try FlingRunner.record("0.2 tap 200 300\n1.5 drag 200 300 200 330 0.1\n3.5 quit\n", in: dir, as: "card",
                                                   args: ["--scene", "today"])
        let cardMetrics = dir.appendingPathComponent("card.jsonl").path
        let c = try FlingRunner.run(["replay", cardRecording, "--compare", "fluid,fluid+projection=0.99", "--metrics", cardMetrics])
        XCTAssertEqual(c.status, 0, c.stderr)
        let cards = try String(contentsOfFile: cardMetrics, encoding: .utf8).split(separator: "\n")
            .map { try GestureMetric(json: JSONParser.parse(String($0))) }.filter { $0.target == "card" }
        XCTAssertEqual(cards.map(\.setting), ["fluid", "fluid+projection=0.99"])
        XCTAssertEqual(cards.map(\.policy), ["card", "card+projection=0.99"])
        XCTAssertEqual(cards.map(\.startDetent), ["expanded", "expanded"])
        XCTAssertEqual(cards.map(\.decision.outcome), ["collapsed", "expanded"])
    }

    /// Two Flings recording to one file: the second is refused, the first's file is intact.
    func testASecondRecorderOfTheSameFileIsRefused() throws {
        let dir = FlingRunner.scratch("recordlock")
        let recording = dir.appendingPathComponent("one.rec").path
        let script = dir.appendingPathComponent("long.txt").path
        try ((1...6000).map { "\(Double($0) / 10) state /dev/null" } + ["0 drag 100 300 100 600 600"]).joined(separator: "\n")
            .write(toFile: script, atomically: true, encoding: .utf8)
        let first = Process()
        first.executableURL = URL(fileURLWithPath: FlingRunner.binary)
        first.arguments = ["--headless", "--script", script, "--record", recording]
        first.standardError = FileHandle.nullDevice
        try first.run()
        defer { first.terminate(); first.waitUntilExit() }
        // Until the first has written its header (it holds the lock from then on).
        for _ in 0..<100 where ((try? String(contentsOfFile: recording, encoding: .utf8)) ?? "").isEmpty { Thread.sleep(forTimeInterval: 0.1) }
        let second = try FlingRunner.run(["--headless", "--script", FlingRunner.emptyScript, "--record", recording])
        XCTAssertEqual(second.status, 1, second.stderr)
        XCTAssertTrue(second.stderr.contains("\(recording): the recording could not be opened for writing (another Fling is recording to it)"), second.stderr)
        XCTAssertTrue(try String(contentsOfFile: recording, encoding: .utf8).hasPrefix("# fling recording 2\n"))
    }

    func testTheSameGesturesUnderAnotherPolicyDecideAsThatPolicyDoes() throws {
        let (dir, recording) = try recordFlick()
        let state = dir.appendingPathComponent("tutorial.json").path
        let r = try FlingRunner.run(["replay", recording, "--policy", "tutorial", "--state", state])
        XCTAssertEqual(r.status, 0, r.stderr)
        let sheet = try Self.stateWithoutRender(state)["sheet"]
        XCTAssertEqual(sheet?["policy"]?.stringValue, "tutorial")
        XCTAssertEqual(sheet?["phase"]?.stringValue, "resting")
        XCTAssertEqual(sheet?["detent"]?.stringValue, "half")
        XCTAssertEqual(sheet?["top"]?.doubleValue, 422)
    }

    func testACompareVideoIsAnAnimatedPNGWhoseFirstFrameIsTheFirstComposite() throws {
        let (dir, recording) = try recordFlick()
        let video = dir.appendingPathComponent("compare.png").path
        let frames = dir.appendingPathComponent("frames").path
        let r = try FlingRunner.run(["replay", recording, "--compare", "fluid,tutorial", "--video", video, "--out", frames, "--fps", "2"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, """
            fluid, tutorial: 1 of 1 gestures decided differently
            gesture 1 (sheet, pressed at 1.5 s): fluid → dismissed, tutorial → half

            """)
        // Side by side: 390 + 8 + 390 wide, a 28 pt label strip above 844.
        let first = try PNGFile.read(frames + "/frame-00001.png")
        XCTAssertEqual([first.width, first.height], [788, 872])
        XCTAssertEqual(try PNGFile.read(video), first)   // a PNG reader sees the APNG's default image
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: video)))
        let acTL = try XCTUnwrap(Self.find(Array("acTL".utf8), in: bytes))
        let frameCount = bytes[(acTL + 4)..<(acTL + 8)].reduce(0) { $0 << 8 | Int($1) }
        XCTAssertGreaterThan(frameCount, 2)   // still frames merge; the moving ones do not
        XCTAssertLessThanOrEqual(frameCount, 7)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: frames).count, 7)
    }

    func testAnMP4GoesThroughFFmpegWhenItIsInstalled() throws {
        let ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first { FileManager.default.isExecutableFile(atPath: $0) }
        try XCTSkipIf(ffmpeg == nil, "ffmpeg is not installed")
        let (dir, recording) = try recordFlick()
        let video = dir.appendingPathComponent("flick.mp4").path
        let r = try FlingRunner.run(["replay", recording, "--video", video, "--fps", "4"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: video)))
        XCTAssertEqual(Array(bytes[4..<8]), Array("ftyp".utf8))
    }

    /// The flick's line, live and replayed under two policies: the velocity the tracker
    /// measured (200 pt in 0.1 s), the decision and rule the policy computed.
    func testMetricsLinesCarryTheModelsVelocitiesAndDecisions() throws {
        let (dir, recording) = try recordFlick()
        let live = dir.appendingPathComponent("live.jsonl").path
        let script = dir.appendingPathComponent("script.txt").path
        let r = try FlingRunner.run(["--headless", "--script", script, "--metrics", live])
        XCTAssertEqual(r.status, 0, r.stderr)
        // The margin in pt: 2000 pt/s reaches the 5.5 ratio up to 363.6 pt from the bottom; the
        // sheet was 232 pt from it.
        let fluid = #"{"scene": "restaurants", "target": "sheet", "policy": "fluid", "setting": null, "startDetent": "half", "start": {"t": 1.5, "x": 200.0, "y": 500.0}, "release": {"t": 1.6, "x": 200.0, "y": 700.0, "vx": 0.0, "vy": 2000.0}, "projected": {"x": 200.0, "y": 1610.0}, "decision": {"outcome": "dismissed", "rule": "velocity/distance 8.62 ≥ 5.5", "margin": 131.636}, "settleTime": 0.603, "overshoot": 0.945, "frames": 0, "lateFrames": 0, "velocitySource": "device"}"#
        XCTAssertEqual(try String(contentsOfFile: live, encoding: .utf8), fluid + "\n")
        let replayed = dir.appendingPathComponent("replayed.jsonl").path
        let c = try FlingRunner.run(["replay", recording, "--compare", "fluid,tutorial", "--metrics", replayed])
        XCTAssertEqual(c.status, 0, c.stderr)
        let lines = try String(contentsOfFile: replayed, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2)
        // The replayed line is the live one, with the setting that produced it.
        XCTAssertEqual(lines.first, fluid.replacingOccurrences(of: #""setting": null"#, with: #""setting": "fluid""#))
        let tutorial = try GestureMetric(json: JSONParser.parse(lines[1]))
        XCTAssertEqual(tutorial.setting, "tutorial")
        XCTAssertEqual(tutorial.decision, GestureMetric.Decision(outcome: "half", rule: "translation 0.24·H within -0.25·H…0.3·H", margin: 53.2))
        XCTAssertEqual([tutorial.vx, tutorial.vy], [0, 2000])
    }

    /// Tutorial's dismiss threshold lowered to 20 % of H: the same 200 pt (0.24·H) flick dismisses.
    func testCompareWithATuningAndAReplayWithTune() throws {
        let (dir, recording) = try recordFlick()
        let r = try FlingRunner.run(["replay", recording, "--compare", "tutorial,tutorial+tutorial.dismiss=0.2"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, """
            tutorial, tutorial+tutorial.dismiss=0.2: 1 of 1 gestures decided differently
            gesture 1 (sheet, pressed at 1.5 s): tutorial → half, tutorial+tutorial.dismiss=0.2 → dismissed

            """)
        let state = dir.appendingPathComponent("tuned.json").path
        let t = try FlingRunner.run(["replay", recording, "--policy", "tutorial", "--tune", "tutorial.dismiss=0.2", "--state", state])
        XCTAssertEqual(t.status, 0, t.stderr)
        let dump = try Self.stateWithoutRender(state)
        XCTAssertEqual(dump["sheet"]?["phase"]?.stringValue, "hidden")
        XCTAssertEqual(dump["tuning"]?["tutorial.dismiss"]?.doubleValue, 0.2)
    }

    func testBadRecordingsNameTheFileAndLine() throws {
        let dir = FlingRunner.scratch("badrecording")
        let missing = try FlingRunner.run(["replay", dir.path + "/none.rec"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "fling replay: \(dir.path)/none.rec: recording not found\n")
        for (text, message) in [
            ("# fling recording 1\n0.5 tap 10 10\nsoon tap 1 1\n", ":3: 'soon' is not a time in seconds"),
            ("0.5 jump 10 10\n", ":1: unknown command 'jump'"),
            ("# fling recording 1\n# scene: kitchen\n0.5 tap 10 10\n", ":2: scene: unknown scene 'kitchen'"),
            ("# tune: dismiss.ratio=900\n0.5 tap 10 10\n", ":1: tune: dismiss.ratio = 900 is outside 0.5…50"),
            // Sizes the display could not draw (these once reached SDL and crashed after
            // gigabytes), and a header size --size refuses.
            ("# scale: 2\n0.5 resize 16000 16000\n", ":2: resize: 16000x16000 pt at scale 2.0 is 32000x32000 px; at most"),
            ("# size: 8192x8192\n# scale: 4\n0.5 tap 10 10\n", ":1: size: 8192x8192 pt at scale 4.0 is 32768x32768 px; at most"),
            ("# size: 20000x20000\n0.5 tap 10 10\n", ":1: size: 20000x20000 pt is outside 16…16384 a side"),
            ("# size: 1x1\n0.5 tap 10 10\n", ":1: size: 1x1 pt is outside 16…16384 a side"),
        ] {
            let path = dir.appendingPathComponent("bad.rec").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let r = try FlingRunner.run(["replay", path])
            XCTAssertEqual(r.status, 2, text)
            XCTAssertTrue(r.stderr.hasPrefix("fling replay: \(path)\(message)"), r.stderr)
        }
        let unwritable = try FlingRunner.run(["--headless", "--script", FlingRunner.emptyScript, "--record", "/nonexistent-dir/x.rec"])
        XCTAssertEqual(unwritable.status, 1)
        XCTAssertTrue(unwritable.stderr.contains("/nonexistent-dir/x.rec: the recording could not be opened for writing (No such file or directory)"),
                      unwritable.stderr)
        let compare = try FlingRunner.run(["replay", "x.rec", "--compare", "fluid"])
        XCTAssertEqual(compare.status, 2)
        XCTAssertTrue(compare.stderr.contains("--compare takes two or three settings, e.g. fluid,tutorial (got 1)"), compare.stderr)
    }

    static func find(_ needle: [UInt8], in hay: [UInt8]) -> Int? {
        guard hay.count >= needle.count else { return nil }
        for i in 0...(hay.count - needle.count) where Array(hay[i..<(i + needle.count)]) == needle { return i }
        return nil
    }
}
