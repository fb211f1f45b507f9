import FlingCore
import FlingSDL
import Foundation

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
