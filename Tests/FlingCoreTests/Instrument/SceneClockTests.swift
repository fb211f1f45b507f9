import FlingCore
import XCTest

/// Slow motion and pause as a clock: real time in, scene time out.
final class SceneClockTests: XCTestCase {
    func testWithoutSlowMotionSceneTimeIsRealTimeBitForBit() {
        let c = SceneClock()
        for t in [0.0, 0.1, 1.0 / 3, 12345.678901] { XCTAssertEqual(c.scene(at: t), t) }
        var pressed = c
        pressed.setPressed(true, at: 0.3)
        pressed.setPressed(false, at: 0.7)
        XCTAssertEqual(pressed.scene(at: 1.0 / 3), 1.0 / 3, "a press at rate 1 changes nothing")
        XCTAssertTrue(pressed.isIdentity)
    }

    func testSlowMotionRunsAtOneNthAndOneToOneWhilePressed() {
        var c = SceneClock(slowFactor: 5)
        XCTAssertEqual(c.scene(at: 1), 0.2, accuracy: 1e-12)
        c.setPressed(true, at: 1)
        XCTAssertEqual(c.rate, 1)
        XCTAssertEqual(c.scene(at: 1.3) - c.scene(at: 1.2), 0.1, accuracy: 1e-12, "drags in real time")
        c.setPressed(false, at: 1.5)
        XCTAssertEqual(c.scene(at: 1.5), 0.7, accuracy: 1e-12)
        XCTAssertEqual(c.scene(at: 2.5), 0.9, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(c.real(at: 0.9)), 2.5, accuracy: 1e-12)
        c.setSlowFactor(1, at: 2.5)
        XCTAssertEqual(c.scene(at: 3.5), 1.9, accuracy: 1e-12, "back to real speed, continuous")
    }

    func testPauseFreezesAndStepMovesOneFrame() {
        var c = SceneClock()
        c.setPaused(true, at: 2)
        XCTAssertEqual(c.scene(at: 10), 2)
        XCTAssertNil(c.real(at: 3), "paused: no real time reaches a later scene time")
        c.step(1.0 / 60, at: 10)
        XCTAssertEqual(c.scene(at: 11), 2 + 1.0 / 60, accuracy: 1e-12)
        c.setPressed(true, at: 11)
        XCTAssertEqual(c.scene(at: 11.5), 2.5 + 1.0 / 60, accuracy: 1e-12, "a drag while paused still follows the finger")
        c.setPressed(false, at: 11.5)
        c.setPaused(false, at: 12)
        XCTAssertEqual(c.scene(at: 13), 3.5 + 1.0 / 60, accuracy: 1e-12)
    }
}
