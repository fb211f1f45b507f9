import XCTest
@testable import FlingCore

final class ScriptTests: XCTestCase {
    func testParsesEveryVerbAndSortsByTimeKeepingFileOrder() throws {
        let text = """
        # a comment

        1.0 tap 10 20
        0.5 down 1 2
        0.5 move 3 4
        2 wheel -1.5 100 200
        2.1 key ctrl+Q
        2.2 text Hello  world
        2.3 resize 800 600
        2.4 shot out.png
        2.5 state out.json
        2.6 finger down 2 5 6
        2.7 blur
        9 quit
        """
        let s = try Script.parse(text, file: "t.txt")
        XCTAssertEqual(s.commands.map(\.line), [4, 5, 3, 6, 7, 8, 9, 10, 11, 12, 13, 14])
        XCTAssertEqual(s.commands[3].action, .wheel(dy: -1.5, at: Point(100, 200)))
        XCTAssertEqual(s.commands[4].action, .key(Key(.char("Q"), .control)))
        XCTAssertEqual(s.commands[5].action, .text("Hello  world"))
        XCTAssertEqual(s.commands[9].action, .finger(phase: .began, id: 2, at: Point(5, 6)))
    }

    /// Percent coordinates are of the window given (an attract script that works at any size,
    /// such as a kiosk's panel); without a window, or malformed, they are errors naming the line.
    /// The expansion is counted without being built (a drag of an hour at 1000 fps
    /// was 3.6 million inputs before the run began): the count is exactly what `expanded`
    /// makes, and the first line past the bound is named.
    func testTheExpansionIsCountedExactlyAndBounded() throws {
        var seed: UInt64 = 29
        func next(_ n: Int) -> Int { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Int(seed >> 33) % n }
        for _ in 0..<200 {
            let fps = [30.0, 60, 90, 120, 144, 1000][next(6)]
            var lines: [String] = []
            for i in 0..<(1 + next(6)) {
                let t = Double(i)
                switch next(4) {
                case 0: lines.append("\(t) tap 10 10")
                case 1: lines.append("\(t) drag 0 0 100 100 \(Double(next(300)) / 100 + 0.01)")
                case 2: lines.append("\(t) key Tab")
                default: lines.append("\(t) drag 5 5 6 6 \(Double(next(7)) / Double(1 + next(7)) + 0.001)")
                }
            }
            let script = try Script.parse(lines.joined(separator: "\n"), file: "s")
            let counted = script.commands.reduce(0) { $0 + Script.expandedCount($1.action, fps: fps) }
            XCTAssertEqual(counted, script.expanded(fps: fps).count, "\(lines) at \(fps) fps")
        }
        let long = try Script.parse("0 tap 1 1\n1 drag 0 0 10 10 600\n2 drag 0 0 10 10 600\n", file: "s")
        XCTAssertNil(long.expansionProblem(fps: 60))
        let problem = long.expansionProblem(fps: 1000)
        XCTAssertEqual(problem?.line, 3)
        XCTAssertGreaterThan(problem?.count ?? 0, Script.maxExpandedInputs)
    }

    func testPercentCoordinatesArePlacedOnTheWindow() throws {
        let text = "0.1 tap 50% 230\n0.2 drag 50% 60% 25% 18% 0.4\n0.3 wheel -40 10% 90%\n0.4 finger down 1 100% 0%\n"
        let s = try Script.parse(text, file: "demo.txt", window: Size(1280, 800))
        XCTAssertEqual(s.commands.map(\.action), [
            .tap(Point(640, 230)),
            .drag(from: Point(640, 480), to: Point(320, 144), duration: 0.4),
            .wheel(dy: -40, at: Point(128, 720)),
            .finger(phase: .began, id: 1, at: Point(1280, 0)),
        ])
        for (bad, fragment) in [("0.1 tap 50% 230\n", "percent coordinates need a window"),
                                ("0.1 tap x% 230\n", "'x%' is not a percentage of the window")] {
            XCTAssertThrowsError(try Script.parse(bad, file: "bad.txt")) { error in
                XCTAssertTrue("\(error)".hasPrefix("bad.txt:1: "), "\(error)")
                XCTAssertTrue("\(error)".contains(fragment), "\(error)")
            }
        }
        XCTAssertThrowsError(try Script.parse("0.1 drag 50% 50% 10% 10% 0\n", file: "bad.txt", window: Size(100, 100)))
    }

    func testErrorsNameTheFileLineAndProblem() {
        let cases: [(String, Int, String)] = [
            ("0.1 tap 1\n", 1, "'tap' takes X Y"),
            ("\n\nabc tap 1 2\n", 3, "not a time"),
            ("0.1 jump 1 2\n", 1, "unknown command 'jump'"),
            ("0.1 drag 0 0 1 1 0\n", 1, "duration"),
            ("0.1 key ctrl+\n", 1, "not a key"),
            ("0.1 tap 1 2\n0.2 key Escpe\n", 2, "'Escpe' is not a key (keys: Escape, Return"),
            ("-1 quit\n", 1, "negative"),
            ("0.1 tap x 2\n", 1, "'x' is not a number"),
            ("0.1 shot\n", 1, "PATH"),
        ]
        for (text, line, fragment) in cases {
            XCTAssertThrowsError(try Script.parse(text, file: "bad.txt")) { error in
                guard let e = error as? Script.ParseError else { return XCTFail("wrong error type") }
                XCTAssertEqual(e.line, line, text)
                XCTAssertTrue(e.description.hasPrefix("bad.txt:\(line): "), e.description)
                XCTAssertTrue(e.message.contains(fragment), "\(e.message) lacks \(fragment)")
            }
        }
    }

    func testDragMovesOncePerFrameAtConstantSpeedAndEndsAtTheEndPoint() throws {
        let s = try Script.parse("1.0 drag 0 100 0 0 0.1\n", file: "d")
        let inputs = s.expanded(fps: 60)
        XCTAssertEqual(inputs.first?.kind, .pointer(.began, id: 0, Point(0, 100)))
        let moves = inputs.filter { if case .pointer(.moved, _, _) = $0.kind { return true } else { return false } }
        XCTAssertEqual(moves.count, 6, "5 in-between frames plus the end point")
        if case .pointer(_, _, let p) = moves[0].kind { XCTAssertEqual(p.y, 100 - 100 / 6, accuracy: 1e-9) }
        XCTAssertEqual(moves[0].time, 1 + 1.0 / 60, accuracy: 1e-12)
        XCTAssertEqual(inputs.last?.kind, .pointer(.ended, id: 0, Point(0, 0)))
        XCTAssertEqual(inputs.last?.time ?? 0, 1.1, accuracy: 1e-12)
    }

    /// SDL key names with a space (a recording writes them as SDL names them) are one key.
    func testAKeyNameMayHoldASpace() throws {
        let s = try Script.parse("0.1 key Keypad Enter\n0.2 key shift+Keypad Enter\n", file: "k.txt")
        XCTAssertEqual(s.commands.map(\.action), [.key(Key(.return)), .key(Key(.return, .shift))])
    }

    func testTapReleasesFiftyMillisecondsLater() throws {
        let inputs = try Script.parse("0.5 tap 3 4\n", file: "t").expanded(fps: 60)
        XCTAssertEqual(inputs.map(\.time), [0.5, 0.55])
    }
}
