import FlingCore
@testable import FlingUI
import XCTest

/// A host for a test view: fixed-advance text (every character 0.5 × the font size wide,
/// ascent 0.8, descent 0.2), images 800 × 600, an in-memory clipboard.
@MainActor
func makeHost(_ size: Size = Size(400, 300), time: Double = 0, clipboard: Clipboard = MemoryClipboard(),
              _ view: @escaping @MainActor () -> any View) -> ViewHost {
    let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in Size(800, 600) })
    env.clipboard = clipboard
    let host = ViewHost(env: env, content: view)
    host.update(bounds: Rect(origin: .zero, size: size), time: time)
    return host
}

extension ViewHost {
    /// The frame of the view named with `.accessibilityIdentifier`.
    func frame(_ identifier: String, file: StaticString = #filePath, line: UInt = #line) -> Rect {
        guard let n = node(identifier: identifier) else {
            XCTFail("no view named \(identifier)", file: file, line: line)
            return .zero
        }
        return n.frame
    }
}

/// Runs a test body on the main actor (XCTest on Linux cannot run @MainActor test methods).
func onMain(_ body: @MainActor () throws -> Void) rethrows {
    try MainActor.assumeIsolated { try body() }
}

/// Collects preference values in a test (a reference the closures can write to).
@MainActor
final class Captured<T> {
    var value: T?
    init() {}
}

/// A preference whose reduce appends: the order of values is visible.
struct OrderKey: PreferenceKey {
    static var defaultValue: [String] { ["default"] }
    static func reduce(value: inout [String], nextValue: () -> [String]) { value += nextValue() }
}

/// Collects anchors for tests.
struct AnchorKey: PreferenceKey {
    static var defaultValue: [Anchor<Rect>] { [] }
    static func reduce(value: inout [Anchor<Rect>], nextValue: () -> [Anchor<Rect>]) { value += nextValue() }
}

/// An app controller in-process: `rows` placeholder restaurants, no articles, a 390×844
/// window, fixed-advance text and 800×600 images.
@MainActor
func makeTestApp(rows: Int = 5, first: SceneID = .restaurants) -> AppController {
    let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in Size(width: 800, height: 600) })
    let restaurants = (0..<rows).map { i in
        Restaurant(name: "R\(i)", type: "Cafe", location: "Here", phone: "1", description: "Text.", image: "x.jpg", isVisited: false)
    }
    return AppController(restaurants: restaurants, articles: [], env: env, first: first,
                         windowSize: Size(width: 390, height: 844), scale: 1)
}

extension AppController {
    /// One scheduled script input, to the app's own `handle` without the kiosk layer or
    /// stalls (the fuzz run and the in-process script runner both drive the app through this;
    /// unlike their old copies it also delivers `compose`). Returns the name of a `state`
    /// probe, for the caller to dump after the frame.
    func feed(_ input: ScheduledInput) -> String? {
        switch input.kind {
        case let .pointer(phase, id, p): handle(.pointer(PointerEvent(id: id, phase: phase, location: p, time: input.time)))
        case .action(.wheel(let dy, let at)):
            handle(.wheel(dy: dy, location: at ?? Point(windowSize.width / 2, windowSize.height / 2), time: input.time))
        case .action(.key(let k)): handle(.key(k, time: input.time))
        case .action(.text(let s)): handle(.text(s, time: input.time))
        case .action(.composition(let s)): handle(.composition(s, time: input.time))
        case .action(.resize(let s)): handle(.resize(s, time: input.time))
        case .action(.blur): handle(.focusLost(time: input.time))
        case .action(.middle(let p, let text)): handle(.middleClick(location: p, text: text, time: input.time))
        case .action(.paste(let text)):
            // As the headless run loop does: the text arrives on the clipboard, then Ctrl+V
            // (this case was missing: an in-process replay pasted nothing).
            env.clipboard.text = text
            handle(.key(Key.paste, time: input.time))
        case .action(.state(let name)): return name
        case .action: break
        }
        return nil
    }
}

