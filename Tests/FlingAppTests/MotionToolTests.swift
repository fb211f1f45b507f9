import FlingCore
import FlingSDL
import Foundation
import XCTest

/// `fling spring` and `fling velocity`, run as a tester would run them.
final class MotionToolTests: XCTestCase {
    /// The seed sheet spring: stiffness 200, damping 25, 400 pt at 10 × distance per second.
    let sheet = ["spring", "--stiffness", "200", "--damping", "25", "--from", "0", "--to", "400", "--velocity", "4000"]

    /// CSV rows as numbers, after checking the header.
    func rows(_ csv: String, file: StaticString = #filePath, line: UInt = #line) -> [[Double]] {
        let lines = csv.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "t,value,velocity", file: file, line: line)
        return lines.dropFirst().map { $0.split(separator: ",").compactMap { Double($0) } }
    }

    // MARK: fling spring

    func testSheetSpringCSVStartsAtTheStateAndEndsSnappedToTheTarget() throws {
        let r = try FlingRunner.run(sheet)
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "t,value,velocity")
        XCTAssertEqual(lines[1], "0.000000,0.000000,4000.000000")
        XCTAssertTrue(lines.last?.hasSuffix(",400.000000,0.000000") ?? false, lines.last ?? "")
        let table = rows(r.stdout)
        XCTAssertTrue(table.allSatisfy { $0.count == 3 })
        let settle = try XCTUnwrap(table.last?[0])
        XCTAssertLessThan(settle, 0.7)
        // Only the last row is at rest: every earlier one is still moving or away from the target.
        for row in table.dropLast() {
            XCTAssertFalse(abs(row[1] - 400) < 0.5 && abs(row[2]) < 2, "\(row)")
        }
        // The frames agree with the closed form at t = k/60 (the printed t is rounded to 1 µs).
        let spring = Spring(parameters: SpringParameters(stiffness: 200, damping: 25), from: 0, to: 400, velocity: 4000, startTime: 0)
        for (k, row) in table.dropLast().enumerated() {
            let t = Double(k) / 60
            XCTAssertEqual(row[0], t, accuracy: 5e-7)
            XCTAssertEqual(row[1], spring.value(at: t), accuracy: 5e-7)
            XCTAssertEqual(row[2], spring.velocity(at: t), accuracy: 5e-7)
        }
    }

    func testCardSpringGivenByResponseSettlesWithin700ms() throws {
        let r = try FlingRunner.run(["spring", "--response", "0.35", "--damping-fraction", "0.65", "--from", "0", "--to", "400"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let last = try XCTUnwrap(rows(r.stdout).last)
        XCTAssertEqual(last[1], 400)
        XCTAssertEqual(last[2], 0)
        XCTAssertLessThan(last[0], 0.7)
    }

    func testDefaultsAreFromZeroToOneAtRest() throws {
        let r = try FlingRunner.run(["spring", "--duration", "0.5", "--bounce", "0.3"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let table = rows(r.stdout)
        XCTAssertEqual(table.first, [0, 0, 0])
        XCTAssertEqual(table.last?[1], 1)
    }

    func testUntilTruncates() throws {
        let r = try FlingRunner.run(sheet + ["--until", "0.25"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let table = rows(r.stdout)
        XCTAssertEqual(table.count, 16)   // 0, 1/60, …, 15/60 = 0.25
        XCTAssertEqual(try XCTUnwrap(table.last?[0]), 0.25, accuracy: 1e-9)
        XCTAssertNotEqual(table.last?[2], 0)   // still moving
    }

    func testFrameSpacingFollowsFPS() throws {
        let r = try FlingRunner.run(sheet + ["--fps", "30"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let times = rows(r.stdout).map { $0[0] }
        XCTAssertGreaterThan(times.count, 10)
        for (k, t) in times.enumerated() {
            XCTAssertEqual(t, Double(k) / 30, accuracy: 1e-6)
        }
        // The same spring, fewer frames: it rests on the first 30 fps frame after the 60 fps one.
        XCTAssertEqual(times.last ?? 0, 0.666667, accuracy: 1e-6)
    }

    func testAnUndampedSpringStopsAfter60Seconds() throws {
        let r = try FlingRunner.run(["spring", "--stiffness", "100", "--damping", "0", "--fps", "10"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(rows(r.stdout).count, 601)
        XCTAssertTrue(r.stderr.contains("not at rest"), r.stderr)
    }

    func testPlotWritesAPNGAtScale2() throws {
        let dir = FlingRunner.scratch("spring-plot")
        let out = dir.appendingPathComponent("sheet.png").path
        let r = try FlingRunner.run(sheet + ["--plot", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("t,value,velocity\n"))
        let image = try PNGFile.read(out)
        XCTAssertEqual(image.width, 1600)
        XCTAssertEqual(image.height, 960)
        // Not blank: the blue value curve is there.
        var blue = 0
        for i in stride(from: 0, to: image.pixels.count, by: 4)
        where image.pixels[i] < 40 && image.pixels[i + 1] > 100 && image.pixels[i + 1] < 140 && image.pixels[i + 2] > 230 {
            blue += 1
        }
        XCTAssertGreaterThan(blue, 2000)
    }

    func testSpringErrorsExit2NamingTheProblem() throws {
        let k = ["--stiffness", "200", "--damping", "25"]
        let cases: [([String], String)] = [
            ([], "no spring given"),
            (["--stiffness", "200"], "needs --damping"),
            (["--damping", "25"], "needs --stiffness"),
            (["--mass", "2"], "needs --stiffness"),
            (["--response", "0.35"], "needs --damping-fraction"),
            (["--duration", "0.5"], "needs --bounce"),
            (k + ["--response", "0.35", "--damping-fraction", "0.65"], "--stiffness and --response"),
            (["--response", "0.35", "--damping-fraction", "0.65", "--duration", "0.5", "--bounce", "0"], "--response and --duration"),
            (["--stiffness", "0", "--damping", "25"], "--stiffness must be positive"),
            (["--stiffness", "-1", "--damping", "25"], "--stiffness must be positive"),
            (k + ["--mass", "0"], "--mass must be positive"),
            (["--stiffness", "200", "--damping", "-1"], "--damping must not be negative"),
            (["--response", "0", "--damping-fraction", "0.65"], "--response must be positive"),
            (["--response", "0.35", "--damping-fraction", "-0.1"], "--damping-fraction must not be negative"),
            (["--duration", "-0.5", "--bounce", "0"], "--duration must be positive"),
            (["--duration", "0.5", "--bounce", "1"], "--bounce must be between -1 and 1"),
            (["--duration", "0.5", "--bounce", "-1.5"], "--bounce must be between -1 and 1"),
            (k + ["--fps", "0"], "--fps must be positive"),
            (k + ["--fps", "-60"], "--fps must be positive"),
            (k + ["--until", "-1"], "--until must be between"),
            (["--stiffness", "inf", "--damping", "25"], "--stiffness needs a number"),
            (["--stiffness", "nan", "--damping", "25"], "--stiffness needs a number"),
            (k + ["--velocity", "fast"], "--velocity needs a number"),
            (k + ["--from"], "--from needs a value"),
            (k + ["--plot"], "--plot needs a value"),
            (k + ["--stiffness", "100"], "--stiffness given twice"),
            (k + ["--wobble", "3"], "unknown option '--wobble'"),
            (k + ["stray"], "unexpected argument 'stray'"),
        ]
        for (args, message) in cases {
            let r = try FlingRunner.run(["spring"] + args)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertTrue(r.stderr.contains("fling spring: "), "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(args): expected '\(message)' in \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("usage: fling"), "\(args)")
            XCTAssertEqual(r.stdout, "", "\(args)")
        }
    }

    // MARK: fling velocity

    /// A straight swipe at `speed` pt/s along x, sampled at 120 Hz, released `releaseDelay` s
    /// after the last move.
    func swipe(speed: Double = 1000, moves: Int = 12, releaseDelay: Double = 1.0 / 120) -> String {
        var lines = ["# t x y"]
        for k in 0..<moves {
            let t = Double(k) / 120
            lines.append("\(t) \(100 + speed * t) 300")
        }
        // The release's position is ignored: give it one far off to prove it.
        lines.append("\(Double(moves - 1) / 120 + releaseDelay) 99999 -99999")
        return lines.joined(separator: "\n") + "\n"
    }

    func velocity(_ output: String) -> (Double, Double)? {
        let parts = output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").compactMap { Double($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    func testStraightSwipeGivesItsSpeed() throws {
        let r = try FlingRunner.run(["velocity"], stdin: swipe())
        XCTAssertEqual(r.status, 0, r.stderr)
        let v = try XCTUnwrap(velocity(r.stdout), r.stdout)
        XCTAssertEqual(v.0, 1000, accuracy: 10)
        XCTAssertEqual(v.1, 0)
        XCTAssertEqual(r.stdout.split(separator: "\n").count, 1)
    }

    func testAPauseBeforeReleaseGivesNone() throws {
        let r = try FlingRunner.run(["velocity"], stdin: swipe(releaseDelay: 0.050))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "none\n")
    }

    func testEachPrintsOneLinePerSample() throws {
        let r = try FlingRunner.run(["velocity", "--each"], stdin: swipe())
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 13)
        XCTAssertEqual(lines.first, "none")   // the press alone has no estimate
        let last = try XCTUnwrap(velocity(lines[12]))
        XCTAssertEqual(last.0, 1000, accuracy: 10)
        let plain = try FlingRunner.run(["velocity"], stdin: swipe())
        XCTAssertEqual(lines.last, plain.stdout.trimmingCharacters(in: .newlines))
    }

    func testALoneSampleGivesNone() throws {
        let r = try FlingRunner.run(["velocity"], stdin: "\n# just a tap\n0.5 10 10\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "none\n")
    }

    func testVelocityErrorsExit2NamingTheLine() throws {
        let cases: [(String, String)] = [
            ("0 0 0\n0.01 10\n", "line 2: expected 't x y'"),
            ("# header\n\n0 0 0 0\n", "line 3: expected 't x y'"),
            ("0 0 0\n0.01 ten 0\n", "line 2: x 'ten' is not a number"),
            ("0 0 0\n0.01 10 inf\n", "line 2: y 'inf' is not a finite number"),
            ("nan 0 0\n", "line 1: t 'nan' is not a finite number"),
            ("0 0 0\n0.02 10 0\n0.01 20 0\n", "line 3: time 0.01 s goes backwards"),
            ("", "no samples"),
            ("# only a comment\n\n", "no samples"),
        ]
        for (input, message) in cases {
            let r = try FlingRunner.run(["velocity"], stdin: input)
            XCTAssertEqual(r.status, 2, "\(input.debugDescription)")
            XCTAssertTrue(r.stderr.contains(message), "\(input.debugDescription): expected '\(message)' in \(r.stderr)")
            XCTAssertEqual(r.stdout, "")
        }
        let option = try FlingRunner.run(["velocity", "--all"], stdin: "0 0 0\n")
        XCTAssertEqual(option.status, 2)
        XCTAssertTrue(option.stderr.contains("unknown option '--all'"), option.stderr)
    }
}
