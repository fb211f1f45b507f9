import XCTest
@testable import FlingCore

/// Each fault found by random testing and the bad-input catalogue, pinned down.
final class FaultRegressionTests: XCTestCase {
    // MARK: JSON surrogates

    private func syntaxError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONSyntaxError? {
        do { _ = try JSONParser.parse(text); XCTFail("\(text) parsed", file: file, line: line); return nil } catch { return error }
    }

    func testHighSurrogateFollowedByANonLowEscapeIsAnErrorNotATrap() {
        // Used to trap (UInt32 underflow) on `low - 0xDC00`.
        let e = syntaxError("[\n  \"a\\uD800\\u0041\"]")
        XCTAssertEqual(e?.line, 2)
        XCTAssertEqual(e?.column, 17, "just after the second escape")
        XCTAssertTrue(e?.message.contains("surrogate") ?? false, e?.message ?? "")
    }

    func testHighSurrogateFollowedByAPrivateUseEscapeIsAnError() {
        // Used to be read as U+10400.
        let e = syntaxError(#""\uD800\uE000""#)
        XCTAssertEqual(e?.line, 1)
        XCTAssertTrue(e?.message.contains("surrogate") ?? false, e?.message ?? "")
    }

    func testLoneSurrogatesAreErrorsAndPairsStillDecode() throws {
        XCTAssertNotNil(syntaxError(#""\uD800""#))
        XCTAssertNotNil(syntaxError(#""\uDC00x""#))
        XCTAssertNotNil(syntaxError(#""\uD800x""#))
        XCTAssertEqual(try JSONParser.parse(#""\uD83D\uDE00""#), .string("😀"))
        XCTAssertEqual(try JSONParser.parse(#""\uD801\uDC00""#), .string("\u{10400}"))
    }

    // MARK: Sample data types

    func testIsVisitedMustBeABoolean() {
        let text = #"[{"name": "A", "type": "B", "location": "C", "phone": "D", "description": "E", "image": "f.jpg", "isVisited": "yes"}]"#
        XCTAssertThrowsError(try SampleData.restaurants(fromJSON: text)) { e in
            XCTAssertEqual("\(e)", #"item 1: field "isVisited" must be true or false"#)
        }
        let ok = text.replacingOccurrences(of: #""yes""#, with: "true")
        XCTAssertEqual(try SampleData.restaurants(fromJSON: ok).first?.isVisited, true)
        let absent = text.replacingOccurrences(of: #", "isVisited": "yes""#, with: "")
        XCTAssertEqual(try SampleData.restaurants(fromJSON: absent).first?.isVisited, false, "absent means not visited")
    }

    // MARK: Velocity tracker

    func testAJumpOfTensOfThousandsDownNeverReadsAsAnUpwardFlick() {
        var tracker = VelocityTracker()
        tracker.addPress(time: 0, position: Point(100, 400))
        tracker.addMove(time: 0.008, position: Point(100, 402))
        tracker.addMove(time: 0.016, position: Point(100, 404))
        tracker.addMove(time: 0.024, position: Point(100, 40_000))
        tracker.addMove(time: 0.032, position: Point(100, 40_002))
        let cap = MotionConstants.maximumReleaseVelocity
        let v = tracker.velocity()
        XCTAssertNotNil(v)
        XCTAssertGreaterThanOrEqual(v?.y ?? -1, 0, "the finger only moved down")
        XCTAssertLessThanOrEqual(abs(v?.y ?? 0), MotionConstants.maximumTrackedVelocity)
        let release = tracker.releaseVelocity(at: 0.033)
        XCTAssertTrue(release.y >= 0 && release.y <= cap, "\(release.y)")
    }

    func testTrackerVelocitiesAreCappedAndFollowTheNetDirectionForAnyInput() {
        var rng = SplitMix64(seed: 11)
        let cap = MotionConstants.maximumTrackedVelocity
        for _ in 0..<2000 {
            var tracker = VelocityTracker()
            var t = 0.0
            var y = rng.uniform(-1000, 1000)
            tracker.addPress(time: t, position: Point(0, y))
            var ys = [y]
            for _ in 0..<Int(rng.uniform(1, 12)) {
                t += rng.uniform(0.001, 0.02)
                // Monotone downward moves, some of them huge jumps.
                y += rng.uniform(0, 1) < 0.2 ? rng.uniform(0, 1e6) : rng.uniform(0, 30)
                ys.append(y)
                tracker.addMove(time: t, position: Point(0, y))
            }
            let release = tracker.releaseVelocity(at: t)
            XCTAssertTrue(release.y >= 0 && release.y <= MotionConstants.maximumReleaseVelocity, "\(ys)")
            guard let v = tracker.velocity() else { continue }
            XCTAssertTrue(v.y.isFinite)
            XCTAssertLessThanOrEqual(abs(v.y), cap, "\(ys)")
            XCTAssertGreaterThanOrEqual(v.y, 0, "moved only down: \(ys)")
        }
    }

    // MARK: Sheets

    func testDimIsHalfAtRestInWindowsUnderTwoPointsTall() {
        for kind in SheetPolicyKind.allCases {
            for h in [1.0, 1.5, 1.99] {
                var s = SheetModel(policy: kind.policy, height: h)
                s.present(at: 0)
                _ = s.advance(to: 5)
                XCTAssertEqual(s.phase.name, "resting", "\(kind) \(h)")
                XCTAssertEqual(s.dim(at: 5), SheetConstants.dimOpacity, accuracy: 1e-12, "\(kind) at height \(h)")
            }
        }
    }

    /// Press on the handle at expanded, drag to `farY` and back to `backY`, release at 60 Hz.
    private func twoStageFarDrag(farY: Double, backY: Double, endUp: Bool) -> SheetModel {
        var s = SheetModel(policy: TwoStageSheetPolicy(), height: 844)
        s.contentLength = 1500
        s.present(at: 0)
        _ = s.advance(to: 1)
        var t = 1.0
        s.press(at: Point(200, 410), onContent: false, time: t)
        for k in 1...12 { t += 1.0 / 60; s.move(to: Point(200, 410 + (farY - 410) * Double(k) / 12), time: t) }
        for k in 1...12 { t += 1.0 / 60; s.move(to: Point(200, farY + (backY - farY) * Double(k) / 12), time: t) }
        if endUp { t += 1.0 / 60; s.move(to: Point(200, backY - 30), time: t) }
        s.release(at: Point(200, endUp ? backY - 30 : backY), time: t)
        return s
    }

    func testTwoStageSheetStaysUnderTheFingerAfterADragFarAboveFull() {
        var s = SheetModel(policy: TwoStageSheetPolicy(), height: 844)
        s.present(at: 0)
        _ = s.advance(to: 1)
        s.press(at: Point(200, 410), onContent: false, time: 1)
        s.move(to: Point(200, -30_000), time: 1.1)
        XCTAssertEqual(s.top(at: 1.1), 130, "pinned at full")
        s.move(to: Point(200, 100), time: 1.2)
        XCTAssertEqual(s.top(at: 1.2), 130, "still pinned: the finger is above where it hit the limit")
        s.move(to: Point(200, 500), time: 1.3)
        XCTAssertEqual(s.top(at: 1.3), 500, "back under the finger (less the 10 pt touch slop, as the grab was 10 pt below the top)")
    }

    func testTwoStageFarDragThenEscDuringTheSettleRestsWithinTheSeedDurations() {
        for endUp in [false, true] {
            var s = twoStageFarDrag(farY: -30_000, backY: 300, endUp: endUp)
            let t0 = 1.0 + 25.0 / 60
            XCTAssertLessThanOrEqual(s.top(at: t0), 844, "on screen")
            _ = s.advance(to: t0 + 0.1)
            // Esc (or a tap on the dim) during the settle.
            s.dismiss(at: t0 + 0.1)
            var t = t0 + 0.1
            while t < t0 + 10, s.isVisible {
                t += 1.0 / 60
                _ = s.advance(to: t)
                XCTAssertLessThanOrEqual(s.top(at: t), 844 * 1.5, "never far off screen (endUp \(endUp))")
                XCTAssertLessThanOrEqual(abs(s.velocity(at: t)), 100_000)
            }
            // The seed's longest dismissal: |0.2 · 8000 · 0.001| + 1.2 s.
            XCTAssertEqual(s.phase, .hidden, "endUp \(endUp): still \(s.phase.name) at \(t)")
            XCTAssertLessThanOrEqual(t - (t0 + 0.1), 2.8 + 1.0 / 60, "endUp \(endUp)")
        }
    }

    func testSheetDraggedFarOffScreenRestsAtADetentOrHiddenForEveryPolicy() {
        for kind in SheetPolicyKind.allCases {
            for far in [-1e6, 1e6] {
                var s = SheetModel(policy: kind.policy, height: 844)
                s.contentLength = 1500
                s.present(at: 0)
                _ = s.advance(to: 2)
                s.press(at: Point(200, 430), onContent: false, time: 2)
                s.move(to: Point(200, far), time: 2.01)
                s.move(to: Point(200, far + 1), time: 2.02)
                let top = s.top(at: 2.02)
                XCTAssertTrue(top >= -844 && top <= 844, "\(kind) \(far): top \(top)")
                s.release(at: Point(200, far + 1), time: 2.03)
                _ = s.advance(to: 2.1)
                s.dismiss(at: 2.1)
                var t = 2.1
                while t < 12, s.isVisible { t += 1.0 / 60; _ = s.advance(to: t) }
                XCTAssertEqual(s.phase, .hidden, "\(kind) \(far)")
            }
        }
    }

    // MARK: Scripts

    func testCRLFScriptsReadAsLF() throws {
        let text = "# made on Windows\r\n0.5 tap 10 20\r\n\r\n1.0 state crlf.json\r\n1.5 text Hello\r\n2 quit\r\n"
        let s = try Script.parse(text, file: "crlf.txt")
        XCTAssertEqual(s.commands.map(\.line), [2, 4, 5, 6])
        XCTAssertEqual(s.commands[1].action, .state("crlf.json"))
        XCTAssertEqual(s.commands[2].action, .text("Hello"))
        XCTAssertEqual(s.commands[3].action, .quit)
    }

    func testANulByteIsAnErrorWithItsLine() {
        for text in ["0.5 tap 10 20\n1 st\u{0}ate a.json\n", "0.5 tap 10 20\n1 text a\u{0}b\n", "0.5 tap 10 20\n# a\u{0}\n"] {
            XCTAssertThrowsError(try Script.parse(text, file: "nul.txt")) { error in
                guard let e = error as? Script.ParseError else { return XCTFail("wrong error type") }
                XCTAssertEqual(e.line, 2)
                XCTAssertTrue(e.message.contains("NUL"), e.message)
            }
        }
    }
}
