// ChartImage: how a tool's drawing becomes a PNG (`fling spring --plot`, `fling report
// --plot`, a study's plot, `fling gallery`) and how a chart places its labels: one headless
// display, one read-back, one message naming the tool when either fails.
import FlingCore
import FlingUI
import FlingSDL

@MainActor
enum ChartImage {
    /// Draws `draw`'s list on a headless display of `size` pt at `scale` and writes it to
    /// `path` as a PNG; 0, or 1 with a message that starts with `tool` ("fling report").
    static func write(size: Size, scale: Double = 1, resources: String?, tool: String, to path: String,
                      _ draw: (SceneEnvironment) -> DisplayList) -> Int32 {
        withHeadlessDisplay(size: size, scale: scale, resources: resources) { display, env in
            display.draw(draw(env))
            guard let image = display.readPixels() else { printError("\(tool): the image could not be read back"); return 1 }
            do { try PNGFile.write(image, to: path) } catch { printError("\(tool): \(path): \(error)"); return 1 }
            return 0
        }
    }
}

extension DisplayList {
    /// A chart's label: `s` set in `font` with its top (or, with `middle`, its centre) at
    /// `point.y`, its leading edge, centre or trailing edge at `point.x`.
    @MainActor mutating func label(_ s: String, at point: Point, _ color: Color = SystemColor.darkGray,
                        font: Font = TextStyle.caption.font, align: TextAlignment = .leading,
                        middle: Bool = false, env: SceneEnvironment) {
        let t = env.layout(s, font)
        let dx = align == .leading ? 0 : align == .center ? t.size.width / 2 : t.size.width
        text(t, at: Point(point.x - dx, middle ? point.y - t.size.height / 2 : point.y), color)
    }
}

/// Brings up SDL headless with a display of `size` pt, runs `body`, tears down.
@MainActor
func withHeadlessDisplay(size: Size, scale: Double, resources explicit: String?,
                         _ body: (Display, SceneEnvironment) -> Int32) -> Int32 {
    let root: String
    do { root = try Resources.locate(explicit) } catch { printError("fling: \(error.message)"); return 1 }
    let context: SDLContext
    do { context = try SDLContext(headless: true) } catch { printError("fling: \(error)"); return 1 }
    defer { context.shutdown() }
    Termination.install()   // no window, no SDL event loop: SIGINT/SIGTERM are a flag the run checks
    let display: Display
    do {
        display = try Display(context: context, size: size, uiScale: scale, fullscreen: false, title: "Fling",
                              fontDirectory: root + "/fonts", imageDirectory: root + "/images", log: { printError("fling: \($0)") })
    } catch { printError("fling: \(error)"); return 1 }
    defer { display.close() }
    let env = AppAssembly.environment(for: display)
    return body(display, env)
}
