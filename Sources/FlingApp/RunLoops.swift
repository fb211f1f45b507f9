import FlingCore
import FlingUI
import FlingSDL
import Foundation

extension RenderStats: RenderStatsJSON {}

/// A failure while running: message and exit status.
struct RunFailure: Error, CustomStringConvertible {
    var message: String
    var status: Int32
    var description: String { message }
}

/// The windowed loop of shared/DESIGN.md: drain events → advance to now → draw → present.
/// With nothing animating and no input it blocks in SDL_WaitEventTimeout (idle ≈ 0 % CPU).
@MainActor
func runWindowed(app: AppController, display: Display, fps: Double) {
    let events = EventSource(display: display)
    let start = SDLContext.monotonicSeconds()
    func now() -> Double { SDLContext.monotonicSeconds() - start }
    let frameBudget = 1 / fps
    let textInput = TextInput(display: display)
    var animating = true
    var lastDrawn = 0.0
    while !app.quitRequested {
        // Block when idle (until the caret's next blink at most); when animating just poll
        // and let vsync / the frame cap pace us.
        let idleWait = min(1.0, max(0, (app.nextRedraw(after: lastDrawn) ?? .infinity) - now()))
        for e in events.events(waitingUpTo: animating || app.needsDisplay ? 0 : idleWait, now: now) {
            app.handle(e)
        }
        if app.quitRequested { break }
        textInput.sync(caret: app.textInputRect, owner: app.textInputOwner)
        let t = now()
        let wasAnimating = animating
        animating = app.advance(to: t)
        let blinkDue = app.nextRedraw(after: lastDrawn).map { t >= $0 } ?? false
        // Also draw the frame in which motion ends: it shows the exact resting state, and as a
        // frame that does not continue an animation it gets photos baked sharp again.
        if app.needsDisplay || animating || wasAnimating || blinkDue {
            lastDrawn = t
            if app.scale != display.scale { app.scale = display.scale; app.env.invalidateLayouts() }
            display.draw(app.displayList(time: t), consecutive: animating && wasAnimating)
            display.present()
            // Cap the frame rate where vsync is absent (software renderer, Xvfb).
            let spent = now() - t
            if spent < frameBudget { usleep(UInt32((frameBudget - spent) * 1_000_000)) }
        }
    }
}

/// A script's look at a frame: a screenshot or a state dump.
private enum Probe { case shot(String), state(String) }

/// The headless loop: virtual time advancing exactly 1/fps per frame, all input from the
/// script, frames rendered only where a `shot` or `state` probe needs them (or every frame
/// when benchmarking). Ends after the last command.
@MainActor
func runHeadless(app: AppController, display: Display, script: Script, fps: Double,
                 renderEveryFrame: Bool = false, onFrameRendered: ((Double) -> Void)? = nil) throws(RunFailure) {
    let inputs = script.expanded(fps: fps)
    var next = 0
    var frame = 0
    var lastDrawn = -2
    let epsilon = 1e-9
    while next < inputs.count {
        let t = Double(frame) / fps
        var probes: [Probe] = []
        var quit = false
        while next < inputs.count, inputs[next].time <= t + epsilon {
            let input = inputs[next]
            next += 1
            switch input.kind {
            case let .pointer(phase, id, p):
                app.handle(.pointer(PointerEvent(id: id, phase: phase, location: p, time: input.time)))
            case .action(.wheel(let dy, let at)):
                app.handle(.wheel(dy: dy, location: at ?? Point(app.windowSize.width / 2, app.windowSize.height / 2), time: input.time))
            case .action(.key(let k)): app.handle(.key(k, time: input.time))
            case .action(.text(let s)): app.handle(.text(s, time: input.time))
            case .action(.composition(let s)): app.handle(.composition(s, time: input.time))
            case .action(.resize(let s)):
                do { try display.resize(to: s) } catch { throw RunFailure(message: "resize failed: \(error)", status: 1) }
                app.handle(.resize(s, time: input.time))
            case .action(.blur): app.handle(.focusLost(time: input.time))
            case .action(.shot(let path)): probes.append(.shot(path))
            case .action(.state(let path)): probes.append(.state(path))
            case .action(.quit): quit = true
            case .action: break   // pointer actions never arrive here: expanded() turned them into .pointer
            }
            if quit { break }
        }
        let started = SDLContext.monotonicSeconds()   // a frame's time: advance + list + render
        let moving = app.advance(to: t)
        if app.quitRequested { quit = true }
        if !probes.isEmpty || renderEveryFrame {
            display.draw(app.displayList(time: t), consecutive: frame == lastDrawn + 1)
            lastDrawn = frame
            onFrameRendered?(SDLContext.monotonicSeconds() - started)
        }
        for probe in probes {
            switch probe {
            case .shot(let path):
                guard let image = display.readPixels() else { throw RunFailure(message: "\(path): the frame could not be read back", status: 1) }
                do { try PNGFile.write(image, to: path) } catch { throw RunFailure(message: "\(error)", status: 1) }
            case .state(let path):
                let json = app.state(time: t, frame: frame, render: display.renderer.stats).serialized + "\n"
                if let why = writeFile(path, json) {
                    throw RunFailure(message: "\(path): the state could not be written (\(why))", status: 1)
                }
            }
        }
        if quit { return }
        frame += 1
        // Nothing moves and nothing is due: jump to the next input's frame (a long pause in a
        // script costs nothing, and the result is the same as stepping every frame).
        if !moving && !renderEveryFrame && next < inputs.count {
            // The first frame whose time reaches the input's (the same test as above).
            var due = Int(((inputs[next].time - epsilon) * fps).rounded(.up))
            while due > frame && inputs[next].time <= Double(due - 1) / fps + epsilon { due -= 1 }
            frame = max(frame, due)
        }
    }
}

/// Writes `text` to `path`; returns why it failed (the system's errno text), or nil.
func writeFile(_ path: String, _ text: String) -> String? {
    guard let f = fopen(path, "wb") else { return String(cString: strerror(errno)) }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
    let failure = written == bytes.count ? nil : String(cString: strerror(errno))
    if fclose(f) != 0 { return failure ?? String(cString: strerror(errno)) }
    return failure
}
