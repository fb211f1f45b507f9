// VelocityTool: `fling velocity`: reads `t x y` pointer samples and prints the release velocity
// the app's VelocityTracker estimates from them.
import FlingCore
import FlingUI

/// `fling velocity`: feeds pointer samples (`t x y` per line, seconds and pt) to the app's
/// VelocityTracker and prints what it estimates, `vx vy` in pt/s or `none`.
/// The first sample is the press, the middle ones are moves, the last is the release, which
/// (as in the app) contributes only its time.
enum VelocityTool {
    struct Sample {
        var line: Int
        var time: Double
        var position: Point
    }

    /// An input mistake, reported with its line number.
    struct InputError: Error {
        var message: String
    }

    /// Samples from the text; blank lines and `#` comments (whole or trailing) are skipped.
    static func parse(_ input: String) throws(InputError) -> [Sample] {
        var samples: [Sample] = []
        // Split on "\n" only: "\r\n" is a single Character in Swift and would not match.
        for (index, raw) in input.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            var text = Substring(String(raw))
            if let hash = text.firstIndex(of: "#") { text = text[..<hash] }
            let fields = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "," })
            if fields.isEmpty { continue }
            guard fields.count == 3 else {
                throw InputError(message: "line \(line): expected 't x y' (3 numbers), got \(fields.count) field\(fields.count == 1 ? "" : "s")")
            }
            var numbers: [Double] = []
            for (name, field) in zip(["t", "x", "y"], fields) {
                guard let v = Double(field) else { throw InputError(message: "line \(line): \(name) '\(field)' is not a number") }
                guard v.isFinite else { throw InputError(message: "line \(line): \(name) '\(field)' is not a finite number") }
                numbers.append(v)
            }
            if let previous = samples.last, numbers[0] < previous.time {
                throw InputError(message: "line \(line): time \(numbers[0].shortText) s goes backwards "
                    + "(line \(previous.line) was at \(previous.time.shortText) s)")
            }
            samples.append(Sample(line: line, time: numbers[0], position: Point(numbers[1], numbers[2])))
        }
        guard !samples.isEmpty else { throw InputError(message: "no samples (expected lines 't x y': seconds, pt, pt)") }
        return samples
    }

    /// The estimate after each sample; the last is the estimate at release.
    static func estimates(_ samples: [Sample]) -> [Point?] {
        var tracker = VelocityTracker()
        var out: [Point?] = []
        for (i, s) in samples.enumerated() {
            if i == samples.count - 1 {
                // The release: its time only (a lone sample is the press and the release at once).
                if i == 0 { tracker.addPress(time: s.time, position: s.position) }
                out.append(tracker.velocity(releaseTime: s.time))
            } else {
                if i == 0 { tracker.addPress(time: s.time, position: s.position) } else { tracker.addMove(time: s.time, position: s.position) }
                out.append(tracker.velocity())
            }
        }
        return out
    }

    static func format(_ v: Point?) -> String {
        guard let v else { return "none" }
        return "\(v.x.fixed(3)) \(v.y.fixed(3))"
    }

    @MainActor
    static func run(each: Bool, input: String) -> Int32 {
        let samples: [Sample]
        do { samples = try parse(input) } catch {
            printError("fling velocity: \(error.message)")
            return 2
        }
        let results = estimates(samples)
        let lines = each ? results : results.suffix(1)
        print(lines.map(format).joined(separator: "\n"))
        return 0
    }
}
