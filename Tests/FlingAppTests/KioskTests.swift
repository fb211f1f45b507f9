import FlingCore
import FlingSDL
import Foundation
import XCTest

/// Kiosk mode end to end, headless with virtual time: the idle reset, the attract
/// loop, rotation, ghost touches, the framebuffer output and recorded evdev input.
final class KioskTests: XCTestCase {
    // MARK: Idle reset

    func testIdleResetClosesTheSheetAndScrollsHomeToTheTop() throws {
        // Scroll, open row 1's sheet, then leave it alone for 30 s.
        let dir = try FlingRunner.headless("""
            0.1 down 200 700
            0.15 move 200 680
            0.2 move 200 500
            0.6 up 200 500
            2.0 tap 200 230
            3.0 state $OUT/open.json
            31.9 state $OUT/before.json
            32.2 state $OUT/closing.json
            36.0 state $OUT/after.json
            """, args: ["--idle-reset", "30"])
        let open = try FlingRunner.state(dir, "open.json")
        XCTAssertEqual(open.at("sheet.detent")?.stringValue, "half")
        XCTAssertGreaterThan(open.number("list.offset"), 100)
        XCTAssertEqual(open.number("kiosk.idleFor"), 0.95, accuracy: 1e-9)
        let before = try FlingRunner.state(dir, "before.json")
        XCTAssertEqual(before.at("sheet.detent")?.stringValue, "half")
        XCTAssertEqual(before.number("kiosk.resets"), 0)
        // The last input was the tap's release at 2.05: the reset comes at 32.05, animated.
        let closing = try FlingRunner.state(dir, "closing.json")
        XCTAssertEqual(closing.at("sheet.phase")?.stringValue, "dismissing")
        XCTAssertEqual(closing.number("kiosk.resets"), 1)
        let after = try FlingRunner.state(dir, "after.json")
        XCTAssertEqual(after.at("sheet.phase")?.stringValue, "hidden")
        XCTAssertEqual(after.at("scene")?.stringValue, "restaurants")
        XCTAssertEqual(after.number("list.offset"), 0)
        XCTAssertEqual(after.at("list.selected"), .null)
        XCTAssertEqual(after.number("kiosk.idleFor"), 33.95, accuracy: 1e-9)
        XCTAssertEqual(after.at("kiosk.attract")?.boolValue, false)
    }

    func testIdleResetCollapsesTheCardThenReturnsToTheHomeScene() throws {
        // Today tab, expand a card; idle 10 s.
        let dir = try FlingRunner.headless("""
            0.1 tap 146 790
            1.0 tap 195 400
            3.0 state $OUT/expanded.json
            11.2 state $OUT/collapsing.json
            14.0 state $OUT/home.json
            """, args: ["--idle-reset", "10"])
        let expanded = try FlingRunner.state(dir, "expanded.json")
        XCTAssertEqual(expanded.at("scene")?.stringValue, "today")
        XCTAssertEqual(expanded.at("card.phase")?.stringValue, "expanded")
        let collapsing = try FlingRunner.state(dir, "collapsing.json")
        XCTAssertEqual(collapsing.at("scene")?.stringValue, "today", "the card closes with its animation before the switch")
        XCTAssertEqual(collapsing.at("card.phase")?.stringValue, "collapsing")
        let home = try FlingRunner.state(dir, "home.json")
        XCTAssertEqual(home.at("scene")?.stringValue, "restaurants")
        XCTAssertEqual(home.number("list.offset"), 0)
    }

    // MARK: Attract loop

    func testAttractLoopPlaysWhileIdleAndTheFirstTouchStopsIt() throws {
        let dir = FlingRunner.scratch("attract")
        let attract = dir.appendingPathComponent("attract.txt")
        // Opens row 2's sheet one second into each run.
        try "1.0 tap 200 300\n".write(to: attract, atomically: true, encoding: .utf8)
        let script = dir.appendingPathComponent("script.txt")
        try """
            9.0 state \(dir.path)/idle.json
            13.5 state \(dir.path)/attract.json
            18.9 state \(dir.path)/second.json
            19.0 finger down 1 200 500
            19.1 finger up 1 200 500
            19.2 state \(dir.path)/stopped.json
            22.0 state \(dir.path)/home.json
            24.0 tap 200 230
            25.5 state \(dir.path)/visitor.json
            """.write(to: script, atomically: true, encoding: .utf8)
        let r = try FlingRunner.run(["--headless", "--script", script.path, "--idle-reset", "10", "--attract", attract.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        func state(_ n: String) throws -> JSONValue { try FlingRunner.state(dir, n) }
        XCTAssertEqual(try state("idle.json").at("kiosk.attract")?.boolValue, false)
        // Reset at 10, the run starts at 12 (after the pause), its tap at 13.
        let playing = try state("attract.json")
        XCTAssertEqual(playing.at("kiosk.attract")?.boolValue, true)
        XCTAssertEqual(playing.at("sheet.restaurant")?.stringValue, "Umi no Kaze")
        // Reset at 13.05 + 2 = 15.05, the next run at 17.05, its tap at 18.05: open again.
        let second = try state("second.json")
        XCTAssertEqual(second.at("sheet.restaurant")?.stringValue, "Umi no Kaze")
        XCTAssertEqual(second.number("kiosk.resets"), 2)
        // A real touch: the loop stops, the app goes home with the sheet's own animation,
        // and the touch itself does nothing else.
        let stopped = try state("stopped.json")
        XCTAssertEqual(stopped.at("kiosk.attract")?.boolValue, false)
        XCTAssertEqual(stopped.number("kiosk.resets"), 3)
        XCTAssertEqual(stopped.number("kiosk.idleFor"), 0.1, accuracy: 1e-9)
        XCTAssertEqual(stopped.at("sheet.phase")?.stringValue, "dismissing")
        let home = try state("home.json")
        XCTAssertEqual(home.at("sheet.phase")?.stringValue, "hidden")
        XCTAssertEqual(home.at("kiosk.attract")?.boolValue, false)
        // From then on the visitor drives: their tap opens row 1.
        let visitor = try state("visitor.json")
        XCTAssertEqual(visitor.at("sheet.restaurant")?.stringValue, "Pizzeria Santa Chiara")
        XCTAssertEqual(visitor.at("kiosk.attract")?.boolValue, false)
        XCTAssertEqual(visitor.number("kiosk.idleFor"), 1.45, accuracy: 1e-9)
    }

    // MARK: Rotation

    func testRotatedPanelShotsAreTurnedAndTapsHitTheRightRow() throws {
        // Panel 844×390 (the 390×844 layout turned 90° clockwise). Layout (200, 230) — row 1 —
        // is panel (844 − 230, 200) = (614, 200).
        let dir = try FlingRunner.headless("""
            0.5 shot $OUT/home.png
            1.0 tap 614 200
            2.5 state $OUT/open.json
            """, args: ["--rotate", "90"])
        let shot = try PNGFile.read(dir.appendingPathComponent("home.png").path)
        XCTAssertEqual(shot.width, 844)
        XCTAssertEqual(shot.height, 390)
        let open = try FlingRunner.state(dir, "open.json")
        XCTAssertEqual(open.at("sheet.restaurant")?.stringValue, "Pizzeria Santa Chiara")
        XCTAssertEqual(open.at("size"), .array([.number(390), .number(844)]))
        XCTAssertEqual(open.number("kiosk.rotation"), 90)
    }

    func testEveryRotationMapsTheSameLayoutPoint() throws {
        // Row 3 ("Bodega La Parra") at layout (100, 400), seen on each panel.
        let panels: [(Int, Double, Double)] = [(0, 100, 400), (90, 844 - 400, 100), (180, 390 - 100, 844 - 400), (270, 400, 390 - 100)]
        for (degrees, x, y) in panels {
            let dir = try FlingRunner.headless("1.0 tap \(x) \(y)\n2.5 state $OUT/s.json\n", args: ["--rotate", "\(degrees)"],
                                               name: "rotation\(degrees)")
            XCTAssertEqual(try FlingRunner.state(dir, "s.json").at("sheet.restaurant")?.stringValue, "Bodega La Parra", "rotate \(degrees)")
        }
    }

    // MARK: Ghost touches

    func testGhostTouchesNeitherTapNorResetTheIdleTimer() throws {
        let dir = try FlingRunner.headless("""
            1.0 finger down 1 200 230
            1.0 finger up 1 200 230
            5.0 finger down 2 200 300
            5.0005 finger up 2 200 300
            6.0 state $OUT/ghosts.json
            7.0 finger down 3 200 230
            7.08 finger up 3 200 230
            8.5 state $OUT/real.json
            """, args: ["--idle-reset", "60"])
        let ghosts = try FlingRunner.state(dir, "ghosts.json")
        XCTAssertEqual(ghosts.at("sheet.phase")?.stringValue, "hidden")
        XCTAssertEqual(ghosts.number("kiosk.idleFor"), 6)
        XCTAssertEqual(ghosts.number("kiosk.ghostsDropped"), 2)
        let real = try FlingRunner.state(dir, "real.json")
        XCTAssertEqual(real.at("sheet.restaurant")?.stringValue, "Pizzeria Santa Chiara")
        XCTAssertEqual(real.number("kiosk.idleFor"), 8.5 - 7.08, accuracy: 1e-9)
    }

    func testAStuckFingerIsReleasedAfterAMinute() throws {
        // A finger goes down on the sheet's handle and never comes up.
        let dir = try FlingRunner.headless("""
            0.1 tap 200 230
            2.0 finger down 1 200 430
            2.2 finger move 1 200 500
            30.0 state $OUT/held.json
            62.5 state $OUT/released.json
            63.0 finger move 1 200 700
            63.5 state $OUT/after.json
            """, args: ["--idle-reset", "0"])
        XCTAssertEqual(try FlingRunner.state(dir, "held.json").at("sheet.phase")?.stringValue, "dragging")
        let released = try FlingRunner.state(dir, "released.json")
        XCTAssertEqual(released.number("kiosk.stuckReleased"), 1)
        XCTAssertNotEqual(released.at("sheet.phase")?.stringValue, "dragging")
        XCTAssertEqual(try FlingRunner.state(dir, "after.json").number("sheet.top"), released.number("sheet.top"))
    }

    // MARK: Framebuffer output

    func testFramebufferFileReceivesTheRotatedFrameInEachFormat() throws {
        for bpp in [32, 16] {
            let dir = FlingRunner.scratch("fbdev\(bpp)")
            let fb = dir.appendingPathComponent("fb0")
            let script = dir.appendingPathComponent("s.txt")
            try "0.5 shot \(dir.path)/shot.png\n".write(to: script, atomically: true, encoding: .utf8)
            // An 844×390 panel mounted for a portrait layout.
            let r = try FlingRunner.run(["--headless", "--script", script.path, "--output", "fbdev:\(fb.path)",
                                         "--fb-mode", "844x390x\(bpp)", "--rotate", "90"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let bytes = [UInt8](try Data(contentsOf: fb))
            XCTAssertEqual(bytes.count, 844 * 390 * bpp / 8)
            let format: FramebufferFormat = bpp == 32 ? .xrgb8888(width: 844, height: 390) : .rgb565(width: 844, height: 390)
            let onScreen = try XCTUnwrap(format.read(bytes))
            let shot = try PNGFile.read(dir.appendingPathComponent("shot.png").path)
            XCTAssertEqual(shot.width, 844)
            // The screen holds exactly the shot (to the 16-bit format's precision).
            var worst = 0
            for i in 0..<shot.pixels.count where i % 4 != 3 { worst = max(worst, abs(Int(shot.pixels[i]) - Int(onScreen.pixels[i]))) }
            XCTAssertLessThanOrEqual(worst, bpp == 32 ? 0 : 7, "\(bpp) bpp")
        }
    }

    // MARK: Recorded evdev input

    /// The shipped attract demo tours every scene at a phone's, a landscape kiosk's and a
    /// portrait kiosk's size (it was written for 390×844 and never left the first scene on a
    /// kiosk's panel): each step's state, from the demo played as a script.
    func testTheDemoAttractScriptToursEverySceneAtKioskSizes() throws {
        let demo = try String(contentsOf: FlingRunner.packageRoot.appendingPathComponent("deploy/attract-demo.txt"), encoding: .utf8)
        for size in ["390x844", "1280x800", "1080x1920"] {
            let dir = FlingRunner.scratch("demo-\(size)")
            let probes = [(1.8, "row"), (3.8, "full"), (11.5, "today"), (13.8, "card"), (17.0, "twostage"), (19.0, "sheet"), (22.0, "form"), (25.0, "home")]
            var script = demo
            for (t, name) in probes { script += "\(t) state \(dir.path)/\(name).json\n" }
            script += "26 quit\n"
            let path = dir.appendingPathComponent("demo.txt")
            try script.write(to: path, atomically: true, encoding: .utf8)
            let r = try FlingRunner.run(["--headless", "--size", size, "--script", path.path])
            XCTAssertEqual(r.status, 0, r.stderr)
            func state(_ name: String) throws -> JSONValue {
                try JSONParser.parse(String(contentsOf: dir.appendingPathComponent("\(name).json"), encoding: .utf8))
            }
            XCTAssertEqual(try state("row")["sheet"]?["detent"], .string("half"), size)
            XCTAssertEqual(try state("full")["sheet"]?["detent"], .string("full"), size)
            XCTAssertEqual(try state("today")["scene"], .string("today"), size)
            XCTAssertEqual(try state("card")["card"]?["phase"], .string("expanded"), size)
            XCTAssertEqual(try state("twostage")["scene"], .string("two-stage"), size)
            XCTAssertEqual(try state("sheet")["sheet"]?["detent"], .string("expanded"), size)
            XCTAssertEqual(try state("form")["scene"], .string("form"), size)
            XCTAssertEqual(try state("home")["scene"], .string("restaurants"), size)
        }
    }

    func testRecordedTouchStreamTapsARow() throws {
        typealias D = EvdevDecoder
        let dir = FlingRunner.scratch("evdev")
        // A 1024×600 raw range on a 390×844 panel: layout (200, 230) is raw (525, 163.5).
        let x: Int32 = 525, y: Int32 = 164
        func ev(_ t: Double, _ type: UInt16, _ code: UInt16, _ v: Int32) -> D.RawEvent { .init(time: t, type: type, code: code, value: v) }
        let stream: [D.RawEvent] = [
            ev(1000.0, D.EV_SYN, D.SYN_REPORT, 0),
            ev(1001.0, D.EV_ABS, D.ABS_MT_SLOT, 0), ev(1001.0, D.EV_ABS, D.ABS_MT_TRACKING_ID, 12),
            ev(1001.0, D.EV_ABS, D.ABS_MT_POSITION_X, x), ev(1001.0, D.EV_ABS, D.ABS_MT_POSITION_Y, y), ev(1001.0, D.EV_SYN, D.SYN_REPORT, 0),
            ev(1001.08, D.EV_ABS, D.ABS_MT_TRACKING_ID, -1), ev(1001.08, D.EV_SYN, D.SYN_REPORT, 0),
            // A burst lost to an overrun, then a finger held across it: ignored until lifted.
            ev(1002.0, D.EV_ABS, D.ABS_MT_TRACKING_ID, 13), ev(1002.0, D.EV_ABS, D.ABS_MT_POSITION_Y, 400), ev(1002.0, D.EV_SYN, D.SYN_REPORT, 0),
            ev(1002.01, D.EV_SYN, D.SYN_DROPPED, 0), ev(1002.02, D.EV_ABS, D.ABS_MT_POSITION_Y, 300), ev(1002.02, D.EV_SYN, D.SYN_REPORT, 0),
            ev(1002.5, D.EV_ABS, D.ABS_MT_POSITION_Y, 200), ev(1002.5, D.EV_SYN, D.SYN_REPORT, 0),
        ]
        let rec = dir.appendingPathComponent("touch.bin")
        try Data(D.encode(stream)).write(to: rec)
        let script = dir.appendingPathComponent("s.txt")
        try "1.9 state \(dir.path)/tapped.json\n3.0 state \(dir.path)/after.json\n".write(to: script, atomically: true, encoding: .utf8)
        let r = try FlingRunner.run(["--headless", "--script", script.path, "--input", rec.path, "--touch-transform", "x=0:1024,y=0:600"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let tapped = try FlingRunner.state(dir, "tapped.json")
        XCTAssertEqual(tapped.at("sheet.restaurant")?.stringValue, "Pizzeria Santa Chiara")
        let after = try FlingRunner.state(dir, "after.json")
        XCTAssertEqual(after.at("sheet.phase")?.stringValue, "resting")
        XCTAssertEqual(after.at("sheet.detent")?.stringValue, "half")
    }

    /// A stream with a far-future event (2^62 s once overflowed the run loop's frame
    /// count, exit 132) is refused with the event's place, before anything runs.
    func testARecordedStreamPastAWeekIsRefused() throws {
        typealias D = EvdevDecoder
        let rec = FlingRunner.scratch("evdevfuture").appendingPathComponent("touch.bin")
        let far = Double(1 << 62)
        try Data(D.encode([D.RawEvent(time: 1, type: D.EV_SYN, code: D.SYN_REPORT, value: 0),
                           D.RawEvent(time: far, type: D.EV_ABS, code: D.ABS_MT_TRACKING_ID, value: 3),
                           D.RawEvent(time: far, type: D.EV_SYN, code: D.SYN_REPORT, value: 0)])).write(to: rec)
        let r = try FlingRunner.run(["--headless", "--input", rec.path])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("fling: \(rec.path): event 2 (byte 24) is "), r.stderr)
        XCTAssertTrue(r.stderr.contains(" s after the first; events go forward and a recording lasts at most 604800 s (a week)\n"), r.stderr)
        // Backwards in time, as far.
        try Data(D.encode([D.RawEvent(time: far, type: D.EV_SYN, code: D.SYN_REPORT, value: 0),
                           D.RawEvent(time: 1, type: D.EV_ABS, code: D.ABS_MT_TRACKING_ID, value: 3)])).write(to: rec)
        let back = try FlingRunner.run(["--headless", "--input", rec.path])
        XCTAssertEqual(back.status, 2, back.stderr)
        XCTAssertTrue(back.stderr.contains("event 2 (byte 24) is -"), back.stderr)
    }

    // MARK: Options and errors

    /// A kiosk's visitor with a keyboard cannot open the instrument (F2, F4 and F5 once
    /// changed the physics until the next reset); --kiosk-instrument gives the keys back.
    func testTheInstrumentKeysAreLockedInKioskMode() throws {
        let keys = "0.2 key F2\n0.3 key F3\n0.4 key F4\n0.5 key F5\n1.0 state $OUT/after.json\n"
        let locked = try FlingRunner.state(try FlingRunner.headless(keys, args: ["--kiosk"]), "after.json")
        XCTAssertEqual(locked["instrument"], .object([("overlay", .bool(false)), ("showTouches", .bool(false)), ("slow", .number(1)),
                                                     ("panel", .bool(false)), ("paused", .bool(false)), ("keys", .bool(false))]))
        let open = try FlingRunner.state(try FlingRunner.headless(keys, args: ["--kiosk", "--kiosk-instrument"]), "after.json")
        XCTAssertEqual(open["instrument"], .object([("overlay", .bool(true)), ("showTouches", .bool(true)), ("slow", .number(5)),
                                                   ("panel", .bool(true)), ("paused", .bool(false)), ("keys", .bool(true))]))
        // Outside kiosk mode the keys work as before.
        let desktop = try FlingRunner.state(try FlingRunner.headless("0.2 key F2\n1.0 state $OUT/after.json\n"), "after.json")
        XCTAssertEqual(desktop.at("instrument.overlay")?.boolValue, true)
    }

    /// The 5 s corner press leaves a windowed kiosk, not a console one unless asked for, and
    /// never with --exit-gesture none (it once always exited).
    func testTheCornerExitIsConfigurableAndOffOnTheConsole() throws {
        let press = "0.5 down 10 10\n6.0 up 10 10\n7.0 state $OUT/after.json\n"
        func stillRunning(_ args: [String]) throws -> Bool {
            let dir = try FlingRunner.headless(press, args: ["--kiosk"] + args)
            return FileManager.default.fileExists(atPath: dir.appendingPathComponent("after.json").path)
        }
        XCTAssertFalse(try stillRunning([]), "a window's kiosk leaves on the corner press")
        XCTAssertTrue(try stillRunning(["--exit-gesture", "none"]))
        let fb = FlingRunner.scratch("cornerfb").appendingPathComponent("fb").path
        XCTAssertTrue(try stillRunning(["--output", "fbdev:\(fb)", "--fb-mode", "400x300x32"]), "off on a framebuffer by default")
        XCTAssertFalse(try stillRunning(["--output", "fbdev:\(fb)", "--fb-mode", "400x300x32", "--exit-gesture", "corner"]))
        try FlingRunner.assertUsageError(["--headless", "--exit-gesture", "swipe"], says: "--exit-gesture takes corner or none (got 'swipe')")
        try FlingRunner.assertUsageError(["--headless", "--exit-gesture", "none"], says: "--exit-gesture is for kiosk mode: add --kiosk")
        try FlingRunner.assertUsageError(["--headless", "--kiosk-instrument"], says: "--kiosk-instrument is for kiosk mode: add --kiosk")
    }

    /// Inputs that once passed silently: a directory as --input, an attract script with
    /// nothing to play, help for a tool that does not exist.
    func testADirectoryInputAnEmptyAttractAndAnUnknownHelpTopicAreSaid() throws {
        let dir = FlingRunner.scratch("silent")
        let input = try FlingRunner.run(["--headless", "--input", dir.path])
        XCTAssertEqual(input.status, 1, input.stderr)
        XCTAssertTrue(input.stderr.contains("\(dir.path): is a directory, not an input device"), input.stderr)
        let attract = dir.appendingPathComponent("attract.txt")
        try "# only probes\n1 state /dev/null\n2 quit\n".write(to: attract, atomically: true, encoding: .utf8)
        let a = try FlingRunner.run(["--headless", "--script", FlingRunner.emptyScript, "--attract", attract.path])
        XCTAssertEqual(a.status, 2, a.stderr)
        XCTAssertTrue(a.stderr.contains("\(attract.path): the attract script has no input"), a.stderr)
        let help = try FlingRunner.run(["help", "nonexistent"])
        XCTAssertEqual(help.status, 2, help.stderr)
        XCTAssertTrue(help.stderr.contains("fling: help: no tool 'nonexistent' (tools: spring, velocity"), help.stderr)
        XCTAssertEqual(try FlingRunner.run(["help", "spring"]).status, 0)
    }

    func testBadKioskOptionsAreUsageErrors() throws {
        for (args, message) in [(["--rotate", "45"], "--rotate takes 0, 90, 180 or 270 (got '45')"),
                                (["--fb-mode", "800x480x32"], "--fb-mode needs --output fbdev:PATH"),
                                (["--output", "fbdev:/tmp/x", "--fb-mode", "800x480x24"], "--fb-mode: BPP must be 32 (XRGB8888) or 16 (RGB565) (got 24)"),
                                (["--idle-reset", "-1"], "--idle-reset takes seconds, 0 (never) to 86400 (got '-1')"),
                                (["--touch-transform", "flip"], "--touch-transform: 'flip' is not swap-xy, invert-x, invert-y, x=MIN:MAX or y=MIN:MAX")] {
            let r = try FlingRunner.run(["--headless"] + args)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertTrue(r.stderr.hasPrefix("fling: \(message)\n"), r.stderr)
        }
        // In a window --input reads a device; a recorded stream plays only headless.
        let recording = FlingRunner.scratch("windowinput").appendingPathComponent("touch.bin")
        try Data(count: 48).write(to: recording)
        let windowed = try FlingRunner.run(["--input", recording.path])
        XCTAssertEqual(windowed.status, 2, windowed.stderr)
        XCTAssertTrue(windowed.stderr.contains("fling: \(recording.path): a recorded event stream plays only with --headless; in a window or on fbdev --input reads a device\n"),
                      windowed.stderr)
    }

    /// A framebuffer file on a full disk (a 1 MiB tmpfs for a 1.5 MB frame, in a mount
    /// namespace of its own): refused with ENOSPC at start, not SIGBUS at the first frame.
    func testAFramebufferFileOnAFullDiskIsRefused() throws {
        let dir = FlingRunner.scratch("fbfull")
        let script = dir.appendingPathComponent("s.txt")
        try "0.1 quit\n".write(to: script, atomically: true, encoding: .utf8)
        let mnt = dir.appendingPathComponent("mnt")
        try FileManager.default.createDirectory(at: mnt, withIntermediateDirectories: true)
        let command = "mount -t tmpfs -o size=1m none '\(mnt.path)' && exec '\(FlingRunner.binary)' --headless --script '\(script.path)' --output 'fbdev:\(mnt.path)/fb' --fb-mode 800x480x32"
        let r = try FlingRunner.run([getuid() == 0 ? "-m" : "-rm", "sh", "-c", command], executable: "/usr/bin/unshare")
        // (A machine that gives no mount namespace, or refuses the mount in it, cannot run this.)
        if r.status != 0 && (r.stderr.contains("unshare:") || r.stderr.contains("mount:")) {
            throw XCTSkip("no mount namespace here (\(r.stderr.trimmingCharacters(in: .whitespacesAndNewlines)))")
        }
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("fling: \(mnt.path)/fb: no room for the framebuffer's 1536000 bytes: No space left on device\n"), r.stderr)
    }

    func testAFramebufferFileWithoutItsModeNamesTheFix() throws {
        let dir = FlingRunner.scratch("fbnomode")
        let r = try FlingRunner.run(["--headless", "--script", FlingRunner.emptyScript, "--output", "fbdev:\(dir.path)/fb"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "fling: \(dir.path)/fb: not a framebuffer device; for a regular file standing in for one, give --fb-mode WxHxBPP\n")
    }

    func testKMSDRMWithoutADRMDeviceSaysSo() throws {
        guard !FileManager.default.fileExists(atPath: "/dev/dri") else { throw XCTSkip("this machine has a DRM device") }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: FlingRunner.binary)
        p.environment = ["SDL_VIDEODRIVER": "kmsdrm", "PATH": "/usr/bin:/bin"]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = Pipe()
        try p.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 1)
        XCTAssertTrue(text.contains("SDL_VIDEODRIVER=kmsdrm: no DRM device (/dev/dri/card*)"), text)
    }
}

/// The real-time framebuffer loop under a systemd-style watchdog: READY=1 with the first frame,
/// WATCHDOG=1 from the loop, STOPPING=1 on SIGTERM.
final class KioskWatchdogTests: XCTestCase {
    func testFramebufferLoopNotifiesSystemdAndStopsOnSIGTERM() throws {
        let dir = FlingRunner.scratch("watchdog")
        let socketPath = dir.appendingPathComponent("notify").path
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in socketPath.utf8.enumerated() { raw[i] = b } }
        let bound = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        XCTAssertEqual(bound, 0)
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))

        let fb = dir.appendingPathComponent("fb0")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: FlingRunner.binary)
        p.arguments = ["--output", "fbdev:\(fb.path)", "--fb-mode", "390x844x32", "--kiosk"]
        var env = ProcessInfo.processInfo.environment
        env["NOTIFY_SOCKET"] = socketPath
        env["WATCHDOG_USEC"] = "200000"
        p.environment = env
        p.standardOutput = Pipe()
        p.standardError = Pipe()
        try p.run()
        var messages: [String] = []
        func receive() -> String? {
            var buffer = [UInt8](repeating: 0, count: 256)
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            return n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : nil
        }
        while messages.filter({ $0 == "WATCHDOG=1" }).count < 3, let m = receive() { messages.append(m) }
        kill(p.processIdentifier, SIGTERM)
        while messages.last != "STOPPING=1", let m = receive() { messages.append(m) }
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        XCTAssertTrue(messages.contains("READY=1"), "\(messages)")
        XCTAssertGreaterThanOrEqual(messages.filter { $0 == "WATCHDOG=1" }.count, 3)
        XCTAssertEqual(messages.last, "STOPPING=1")
        // The first frame is on the "screen": the list's white background at the top-left, as
        // XRGB8888 (B, G, R, X).
        let bytes = [UInt8](try Data(contentsOf: fb))
        XCTAssertEqual(bytes.count, 390 * 844 * 4)
        XCTAssertEqual(Array(bytes[0..<4]), [255, 255, 255, 0])
    }
}
