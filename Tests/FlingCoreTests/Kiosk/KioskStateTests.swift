import XCTest
@testable import FlingCore

final class KioskStateTests: XCTestCase {
    /// A press (or `phase`) as an input event.
    private func tap(_ x: Double, _ y: Double, _ t: Double, id: Int64 = 0, _ phase: PointerEvent.Phase = .began) -> InputEvent {
        .pointer(pointer(id, phase, x: x, y, t))
    }

    private let attract = try! Script.parse("1.0 tap 10 20\n3.0 key Down\n", file: "a")

    private func kiosk(attract: Bool = true) -> KioskState {
        KioskState(config: .init(kiosk: true, idleReset: 90, attract: attract ? KioskState.attractInputs(self.attract, fps: 60) : [],
                                 exitChord: Key(spec: "ctrl+alt+shift+Q")))
    }

    func testIdleResetOnceAfterTheTimeout() {
        var k = kiosk(attract: false)
        XCTAssertEqual(k.input(tap(100, 100, 10), now: 10), [.pass(tap(100, 100, 10))])
        XCTAssertEqual(k.nextDeadline(), 100)
        XCTAssertEqual(k.tick(now: 99.9), [])
        XCTAssertEqual(k.tick(now: 100.2), [.resetToHome(time: 100)])
        XCTAssertEqual(k.tick(now: 500), [])
        XCTAssertNil(k.nextDeadline())
        XCTAssertEqual(k.idleFor(at: 130), 120)
        // Resizes and focus changes are not visitors.
        _ = k.input(.resize(Size(300, 300), time: 600), now: 600)
        XCTAssertEqual(k.idleFor(at: 600), 590)
    }

    func testTypingThroughAnInputMethodIsAVisitor() {
        // IBus/Fcitx send compositions and text without key events: still a visitor.
        var k = kiosk(attract: false)
        XCTAssertEqual(k.input(.composition("nih", time: 50), now: 50), [.pass(.composition("nih", time: 50))])
        XCTAssertEqual(k.idleFor(at: 60), 10)
        XCTAssertEqual(k.input(.text("你好", time: 70), now: 70), [.pass(.text("你好", time: 70))])
        XCTAssertEqual(k.nextDeadline(), 160, "the idle reset waits 90 s from the typing")
    }

    func testAttractLoopTimelineAndItsRepeat() {
        var k = kiosk()
        // Reset at 90, first run from 92 (after the pause): tap at 93, key at 95.
        XCTAssertEqual(k.tick(now: 90), [.resetToHome(time: 90)])
        XCTAssertTrue(k.attractPlaying)
        XCTAssertEqual(k.nextDeadline(), 93)
        XCTAssertEqual(k.tick(now: 93), [.pass(tap(10, 20, 93))])
        let up = 93 + InteractionConstants.scriptTapDuration
        XCTAssertEqual(k.tick(now: up), [.pass(tap(10, 20, up, id: 0, .ended))])
        XCTAssertEqual(k.tick(now: 95), [.pass(.key(Key(.down), time: 95))])
        // After the last input: a reset (+2 s), then the next run (+2 s more).
        XCTAssertEqual(k.tick(now: 97), [.resetToHome(time: 97)])
        XCTAssertEqual(k.tick(now: 99), [])
        XCTAssertEqual(k.attractRuns, 2)
        XCTAssertEqual(k.tick(now: 100), [.pass(tap(10, 20, 100))])
    }

    func testARealTouchStopsTheLoopAndIsSwallowedUntilReleased() {
        var k = kiosk()
        _ = k.tick(now: 90)
        _ = k.tick(now: 93)
        XCTAssertEqual(k.input(tap(200, 300, 93.5, id: 3), now: 93.5), [.resetToHome(time: 93.5)])
        XCTAssertFalse(k.attractPlaying)
        XCTAssertEqual(k.input(tap(210, 300, 93.6, id: 3, .moved), now: 93.6), [])
        XCTAssertEqual(k.input(tap(210, 300, 93.7, id: 3, .ended), now: 93.7), [])
        // The visitor's next touch is theirs, and no attract input follows.
        XCTAssertEqual(k.input(tap(150, 160, 95, id: 4), now: 95), [.pass(tap(150, 160, 95, id: 4))])
        XCTAssertEqual(k.tick(now: 150), [])
        XCTAssertEqual(k.nextDeadline(), 185)
    }

    func testWaysOut() {
        var k = kiosk(attract: false)
        XCTAssertEqual(k.input(.key(Key(.char("Q"), .control), time: 1), now: 1), [])
        XCTAssertEqual(k.input(.key(Key(.char("q"), [.control, .alt, .shift]), time: 2), now: 2), [.quit])
        // A 5 s press in the top-left corner.
        _ = k.input(tap(20, 30, 10, id: 1), now: 10)
        XCTAssertEqual(k.nextDeadline(), 15)
        XCTAssertEqual(k.tick(now: 14.9), [])
        XCTAssertEqual(k.tick(now: 15), [.quit])
        // Moving out of the corner or lifting cancels it.
        _ = k.input(tap(20, 30, 20, id: 1), now: 20)
        _ = k.input(tap(200, 30, 21, id: 1, .moved), now: 21)
        XCTAssertEqual(k.tick(now: 30), [])
        // Outside kiosk mode Ctrl+Q passes.
        var desktop = KioskState(config: .init())
        XCTAssertEqual(desktop.input(.key(Key(.char("Q"), .control), time: 1), now: 1), [.pass(.key(Key(.char("Q"), .control), time: 1))])
    }
}
