// WaylandWindowTests: a real Wayland window without a GPU (weston's X11 backend on an Xvfb of
// the test's own, its pixman renderer, as a GPU-less desktop has). The frame reaches the
// screen through Fling's own wl_shm buffers, never a GL texture (without a GPU that
// upload runs on llvmpipe), and only what
// changed is sent. What the screen shows is read from Xvfb's own framebuffer file (-fbdir).
import FlingCore
import FlingSDL
import Foundation
import XCTest

final class WaylandWindowTests: XCTestCase {
    private var hasRenderNode: Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []).contains { $0.hasPrefix("renderD") }
    }

    /// A weston of its own at `width` × `height` on an Xvfb whose screen is a file: `body` gets
    /// the environment a Wayland client needs and a reader of the screen's pixels.
    private func withWeston(width: Int, height: Int, _ body: ([String: String], (Int, Int) throws -> RGBAImage) throws -> Void) throws {
        let dir = FlingRunner.scratch("wayland")
        try FlingRunner.withXvfb(screen: "\(width + 100)x\(height + 100)x24", framebufferDirectory: dir.path) { display in
            try WestonRunner.with(arguments: ["--backend=x11-backend.so", "--use-pixman", "--width=\(width)", "--height=\(height)",
                                              "--shell=desktop-shell.so"], environment: ["DISPLAY": display]) { env in
                try body(env) { try XWDFile.read(dir.appendingPathComponent("Xvfb_screen0").path, width: $0, height: $1) }
            }
        }
    }

    func testTheListReachesAWaylandScreenThroughSharedMemoryWithoutGL() throws {
        try withWeston(width: 390, height: 844) { env, screen in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: FlingRunner.binary)
            // Kiosk: fullscreen, so the frame is the whole output, at the X window's origin.
            p.arguments = ["--kiosk", "--log-level", "info", "--size", "390x844"]
            p.environment = ProcessInfo.processInfo.environment.merging(env) { $1 }
            let err = Pipe()
            p.standardError = err
            p.standardOutput = FileHandle.nullDevice
            try p.run()
            let golden = try PNGFile.read(FlingRunner.packageRoot.appendingPathComponent("Tests/Golden/restaurants-390x844@1x.png").path)
            // The screen, read until it shows the list (a busy machine starts slowly), 20 s at most.
            // (The pointer, drawn into Xvfb's framebuffer, may cover a few hundred pixels.)
            var differing = Int.max
            let deadline = Date().addingTimeInterval(20)
            while differing >= 1500, Date() < deadline {
                Thread.sleep(forTimeInterval: 0.25)
                differing = ImageComparison.compare(try screen(golden.width, golden.height), golden, tolerance: GoldenImage.tolerance).differingPixels
            }
            p.terminate()
            let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            if !hasRenderNode {
                XCTAssertTrue(text.contains("presented in shared-memory buffers (wl_shm), no GL"), text)
            }
            XCTAssertFalse(text.contains("present (wl_shm):"), text)
            XCTAssertLessThan(differing, 1500, "the Wayland screen differs from the list in \(differing) pixels")
        }
    }

    /// A normal window (not a kiosk's fullscreen) shows its first frame (it once
    /// stayed black: drawn before the window was mapped, and Wayland has no expose to redraw).
    func testANormalWaylandWindowShowsTheListNotBlack() throws {
        try withWeston(width: 800, height: 1000) { env, screen in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: FlingRunner.binary)
            p.arguments = ["--size", "390x844"]
            p.environment = ProcessInfo.processInfo.environment.merging(env) { $1 }
            p.standardError = FileHandle.nullDevice
            p.standardOutput = FileHandle.nullDevice
            try p.run()
            defer { p.terminate(); p.waitUntilExit() }
            // The list is mostly white; weston's desktop is dark blue and its panel grey.
            func whitePixels() throws -> Int {
                let image = try screen(800, 1000)
                var n = 0
                for i in stride(from: 0, to: image.pixels.count, by: 4)
                where image.pixels[i] > 245 && image.pixels[i + 1] > 245 && image.pixels[i + 2] > 245 { n += 1 }
                return n
            }
            var white = 0
            let deadline = Date().addingTimeInterval(20)
            while white < 390 * 844 / 2, Date() < deadline {
                Thread.sleep(forTimeInterval: 0.25)
                white = try whitePixels()
            }
            XCTAssertGreaterThan(white, 390 * 844 / 2, "the window shows \(white) white pixels: black or not shown")
        }
    }

    func testTypingOnWaylandSendsOnlyWhatChanged() throws {
        guard !hasRenderNode else { throw XCTSkip("a GPU render node: the accelerated renderer presents here") }
        try withWeston(width: 400, height: 860) { env, _ in
            let r = try FlingRunner.run(["bench", "--window", "--json", "--frames", "10", "--scenario", "form-typing"],
                                        timeout: 120, environment: env)
            XCTAssertEqual(r.status, 0, r.stderr)
            let o = try JSONParser.parse(String(r.stdout.split(separator: "\n").first ?? ""))
            XCTAssertEqual(o["renderer"], .string("software"))
            XCTAssertGreaterThan(o["partial_presents"]?.doubleValue ?? 0, 0.5)
            XCTAssertLessThan(o["presented_mp_per_frame"]?.doubleValue ?? 1, 390.0 * 844 / 1e6 * 0.8)
            XCTAssertFalse(r.stderr.contains("present (wl_shm):"), r.stderr)
        }
    }
}
