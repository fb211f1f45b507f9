// ClipboardWindowTests: Ctrl+V in a real X11 window with another app's 20 MB clipboard (xclip
// serves it by INCR, which SDL 2 reads as empty): the field takes its 10,000 characters and
// says where it stopped, and the owner is left able to serve the next paste.
import FlingCore
import Foundation
import XCTest

final class ClipboardWindowTests: XCTestCase {
    /// The form in a 390×844 window, recording into `rec`; `steps` for xdotool (1.5 s
    /// apart), then the window must be gone (the steps end with Ctrl+Q).
    private func session(_ display: String, recording rec: URL, _ steps: [[String]]) throws {
        let fling = try FlingRunner.startWindow(display, ["--scene", "form", "--size", "390x844", "--scale", "1", "--record", rec.path])
        defer { if fling.isRunning { fling.terminate() } }
        Thread.sleep(forTimeInterval: 3)
        try FlingRunner.xdotool(display, steps, pause: 1.5)
        for _ in 0..<100 where fling.isRunning { usleep(50_000) }
        XCTAssertFalse(fling.isRunning, "Ctrl+Q ends the run")
    }

    /// A click on the form's field at window y (First Name: 416, Middle Name: 517).
    private func click(_ y: Int) -> [String] { ["search", "--sync", "--name", "Fling", "mousemove", "--window", "%1", "100", "\(y)", "click", "1"] }

    /// The app's own copy pastes (through SDL): SDL sends its claim on the clipboard late,
    /// and an owner read too soon sent the paste to an X request only SDL could answer.
    func testTheAppsOwnCopyPastes() throws {
        for t in ["/usr/bin/xdotool"] where !FileManager.default.isExecutableFile(atPath: t) {
            return XCTFail("\(t) is missing: make test installs it")
        }
        let rec = FlingRunner.scratch("clipboard-own").appendingPathComponent("run.rec")
        try FlingRunner.withXvfb { display in
            try FlingRunner.withWindowManager(display) {
                // Type in First Name, select it all, copy; then Middle Name, paste.
                try session(display, recording: rec, [click(416), ["type", "abc"], ["key", "ctrl+a"], ["key", "ctrl+c"],
                                                      click(517), ["key", "ctrl+v"], ["key", "ctrl+q"]])
            }
        }
        let pastes = try String(contentsOf: rec, encoding: .utf8).split(separator: "\n").filter { $0.split(separator: " ").dropFirst().first == "paste" }
        XCTAssertEqual(pastes.map { $0.split(separator: " ", maxSplits: 1).last.map(String.init) ?? "" }, ["paste abc"])
    }

    func testATwentyMegabyteClipboardPastesUpToTheFieldsLimit() throws {
        for t in ["/usr/bin/xdotool", "/usr/bin/xclip"] where !FileManager.default.isExecutableFile(atPath: t) {
            return XCTFail("\(t) is missing: make test installs it")
        }
        let dir = FlingRunner.scratch("clipboard-20mb")
        let big = dir.appendingPathComponent("clip.txt"), rec = dir.appendingPathComponent("run.rec")
        // 20 MiB of "abcdefghi " over and over, no newlines: one line of a recording.
        let unit = Array("abcdefghi ".utf8)
        try Data((0..<(20 << 20)).map { unit[$0 % unit.count] }).write(to: big)
        try FlingRunner.withXvfb { display in
            try FlingRunner.withWindowManager(display) {
                let owner = Process()
                owner.executableURL = URL(fileURLWithPath: "/usr/bin/xclip")
                owner.arguments = ["-selection", "clipboard", "-i", big.path]
                owner.environment = ["DISPLAY": display]
                try owner.run()
                defer { if owner.isRunning { owner.terminate() } }
                // First Name, then two pastes.
                try session(display, recording: rec, [click(416), ["key", "ctrl+v"], ["key", "ctrl+v"], ["key", "ctrl+q"]])
            }
        }
        // Each paste is recorded with what the field can take and one character more.
        let pastes = try String(contentsOf: rec, encoding: .utf8).split(separator: "\n").compactMap { line -> Substring? in
            let f = line.split(separator: " ", maxSplits: 2)
            return f.count == 3 && f[1] == "paste" ? f[2] : nil
        }
        XCTAssertEqual(pastes.map(\.count), [InteractionConstants.maxFieldCharacters + 1, InteractionConstants.maxFieldCharacters + 1],
                       "both pastes read the clipboard (the owner still answered the second)")
        // Played back, the field holds 10,000 characters and says where it stopped.
        let script = dir.appendingPathComponent("replay.txt"), state = dir.appendingPathComponent("state")
        // (Up to the second paste: the recorded Ctrl+Q would end the replay.)
        var lines = try String(contentsOf: rec, encoding: .utf8).split(separator: "\n").map(String.init)
        guard let last = lines.lastIndex(where: { $0.split(separator: " ").dropFirst().first == "paste" }) else { return XCTFail("no paste recorded") }
        lines = Array(lines[...last])
        let t = (Double(lines[last].split(separator: " ")[0]) ?? 0) + 1
        try (lines.joined(separator: "\n") + "\n\(t) state \(state.path)\n\(t + 0.1) quit\n").write(to: script, atomically: true, encoding: .utf8)
        let r = try FlingRunner.run(["--headless", "--scene", "form", "--size", "390x844", "--script", script.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let s = try JSONParser.parse(try String(contentsOf: state, encoding: .utf8))
        XCTAssertEqual(s.at("form.fields.0.text")?.stringValue?.count, InteractionConstants.maxFieldCharacters)
        XCTAssertEqual(s.at("form.notice.text")?.stringValue, "10,000-character limit")
    }
}
