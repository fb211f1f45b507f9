import FlingCore
@testable import FlingUI
import XCTest

/// Plays a headless script against an in-process app as the headless loop does: virtual time
/// 1/fps per frame, each frame's due inputs (taps and drags expanded) delivered before it
/// advances; `state NAME` keeps the state dump under NAME (`shot` needs the binary: skipped).
@MainActor
func playScript(_ text: String, app: AppController, fps: Double = 60,
                file: StaticString = #filePath, line: UInt = #line) -> [String: JSONValue] {
    let script: Script
    do { script = try Script.parse(text, file: "test script") } catch {
        XCTFail("bad script: \(error)", file: file, line: line)
        return [:]
    }
    let inputs = script.expanded(fps: fps)
    var states: [String: JSONValue] = [:]
    var next = 0, frame = 0
    let epsilon = 1e-9
    while next < inputs.count {
        let t = Double(frame) / fps
        var probes: [String] = []
        while next < inputs.count, inputs[next].time <= t + epsilon {
            let input = inputs[next]
            next += 1
            if let name = app.feed(input) { probes.append(name) }
        }
        _ = app.advance(to: t)
        for name in probes { states[name] = app.state(time: t, frame: frame, render: nil) }
        frame += 1
    }
    return states
}

/// The app with the bundled restaurants (Resources/restaurants.json of this checkout) at
/// 390×844, fixed-advance text and 800×600 images: what the headless binary shows, without it.
@MainActor
func makeSampleApp(first: SceneID = .restaurants, file: StaticString = #filePath, line: UInt = #line) -> AppController {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let restaurants: [Restaurant]
    do {
        let text = try String(contentsOf: root.appendingPathComponent("Resources/restaurants.json"), encoding: .utf8)
        restaurants = try SampleData.restaurants(fromJSON: text)
    } catch {
        XCTFail("Resources/restaurants.json: \(error)", file: file, line: line)
        restaurants = []
    }
    let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(), imageSize: { _ in Size(width: 800, height: 600) })
    return AppController(restaurants: restaurants, articles: [], env: env, first: first,
                         windowSize: Size(width: 390, height: 844), scale: 1)
}

extension Dictionary where Key == String, Value == JSONValue {
    /// The value at a path like "list.offset" or "list.rows.0.frame.1" in the state named `name`.
    func at(_ name: String, _ path: String) -> JSONValue? { self[name]?.at(path) }
    func number(_ name: String, _ path: String) -> Double { at(name, path)?.doubleValue ?? .nan }
}
