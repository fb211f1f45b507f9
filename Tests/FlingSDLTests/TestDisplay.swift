import FlingCore
import FlingSDL
import Foundation
import XCTest

/// The package's Resources/ folder, found from this file's path.
let testResources: String = {
    var u = URL(fileURLWithPath: #filePath)
    while u.path != "/" && !FileManager.default.fileExists(atPath: u.appendingPathComponent("Package.swift").path) {
        u = u.deletingLastPathComponent()
    }
    return u.appendingPathComponent("Resources").path
}()

/// Draws the list `build` makes `count` times on a white 100×100 pt headless display at
/// `scale`, and returns each frame's pixels and render figures.
func drawFrames(_ count: Int, scale: Double, _ build: (inout DisplayList) -> Void) throws -> [(RGBAImage, RenderStats)] {
    var list = DisplayList(background: .white)
    build(&list)
    let drawn = list
    return try MainActor.assumeIsolated {
        try withHeadlessDisplay(scale: scale) { display in
            try (0..<count).map { _ in
                display.draw(drawn)
                guard let img = display.readPixels() else { throw NSError(domain: "t", code: 1) }
                return (img, display.renderer.stats)
            }
        }
    }
}

/// Runs `body` with a white headless display of `size` pt at `scale` on the package's
/// resources, closed after.
@MainActor
func withHeadlessDisplay<T>(size: Size = Size(100, 100), scale: Double, _ body: (Display) throws -> T) throws -> T {
    let context = try SDLContext(headless: true)
    defer { context.shutdown() }
    let display = try Display(context: context, size: size, uiScale: scale, fullscreen: false, title: "t",
                              fontDirectory: testResources + "/fonts", imageDirectory: testResources + "/images", log: { _ in })
    defer { display.close() }
    return try body(display)
}

/// The largest difference of one channel between two images of one size (a failed size
/// check fails the test). `alpha`: the alpha channel counts too (a layer's own pixels);
/// `skip`: pixels (x, y) left out. `CANVAS_DEBUG=1` prints where it is.
func maxChannelDifference(_ a: RGBAImage, _ b: RGBAImage, alpha: Bool = false, skip: (Int, Int) -> Bool = { _, _ in false },
                          file: StaticString = #filePath, line: UInt = #line) -> Int {
    XCTAssertEqual(a.width, b.width, file: file, line: line)
    XCTAssertEqual(a.height, b.height, file: file, line: line)
    guard a.width == b.width, a.height == b.height, a.pixels.count == b.pixels.count else { return Int.max }
    var m = 0, at = 0
    for y in 0..<min(a.height, b.height) {
        for x in 0..<min(a.width, b.width) where !skip(x, y) {
            for c in 0..<(alpha ? 4 : 3) {
                let i = (y * a.width + x) * 4 + c
                let d = abs(Int(a.pixels[i]) - Int(b.pixels[i]))
                if d > m { m = d; at = y * a.width + x }
            }
        }
    }
    if m > 0, ProcessInfo.processInfo.environment["CANVAS_DEBUG"] != nil {
        print("max difference \(m) at (\(at % a.width), \(at / a.width)): \(Array(a.pixels[(at * 4)..<(at * 4 + 4)])) vs \(Array(b.pixels[(at * 4)..<(at * 4 + 4)]))")
    }
    return m
}

