import FlingCore
import XCTest

/// Reduce Motion: sheets and cards cross-fade where they rest instead of sliding and
/// zooming, and detent changes ease without overshoot. Exact trajectories.
final class ReducedMotionTests: XCTestCase {
    func testASheetFadesInAtItsDetentInsteadOfSlidingUp() {
        var s = SheetModel(policy: .fluid, height: 844)
        s.reduceMotion = true
        s.present(at: 1)
        let half = 422.0
        XCTAssertEqual([1, 1.1, 1.2, 1.25].map { s.top(at: $0) }, [half, half, half, half], "it does not move")
        XCTAssertEqual([1, 1.1, 1.2, 1.25, 2].map { (s.opacity(at: $0) * 1000).rounded() / 1000 }, [0, 0.4, 0.8, 1, 1])
        XCTAssertTrue(s.advance(to: 1.2))
        XCTAssertFalse(s.advance(to: 1.25))
        XCTAssertEqual(s.phase, .resting(.half))
    }

    func testADetentChangeEasesInAFifthOfASecondWithoutOvershoot() {
        var s = SheetModel(policy: .fluid, height: 844)
        s.reduceMotion = true
        s.present(at: 0)
        _ = s.advance(to: 1)
        s.step(up: true, at: 1)
        let tops = stride(from: 1.0, through: 1.2, by: 0.05).map { s.top(at: $0).rounded() }
        XCTAssertEqual(tops.first, 422)
        XCTAssertEqual(tops.last, 50)
        XCTAssertEqual(tops, tops.sorted(by: >), "straight up, never past the detent")
        XCTAssertFalse(s.advance(to: 1.2))
        XCTAssertEqual(s.phase, .resting(.full))
        XCTAssertEqual(s.opacity(at: 1.1), 1)
    }

    func testADismissalFadesOutWhereTheSheetIs() {
        var s = SheetModel(policy: .twoStage, height: 844)
        s.reduceMotion = true
        s.present(at: 0)
        _ = s.advance(to: 1)
        s.dismiss(at: 1)
        XCTAssertEqual([1, 1.125, 1.25].map { s.top(at: $0) }, [400, 400, 400])
        XCTAssertEqual([1, 1.125, 1.25].map { s.opacity(at: $0) }, [1, 0.5, 0])
        XCTAssertFalse(s.advance(to: 1.25))
        XCTAssertFalse(s.isVisible)
    }

    func testWithoutReduceMotionTheSheetSlidesAsBefore() {
        var s = SheetModel(policy: .fluid, height: 844)
        s.present(at: 0)
        XCTAssertEqual(s.top(at: 0), 844)
        XCTAssertEqual(s.opacity(at: 0), 1)
    }

    func testACardCrossFadesOpenAndClosedInsteadOfZooming() {
        var c = CardTransition()
        c.reduceMotion = true
        c.expand(card: 1, at: 2)
        XCTAssertEqual([2, 2.125, 2.25].map { c.progressValue(at: $0) }, [1, 1, 1], "full window from the start")
        XCTAssertEqual([2, 2.125, 2.25].map { c.opacity(at: $0) }, [0, 0.5, 1])
        _ = c.advance(to: 2.25)
        XCTAssertEqual(c.phase, .expanded)
        c.close(at: 3)
        XCTAssertEqual([3, 3.125, 3.25].map { c.progressValue(at: $0) }, [1, 1, 1])
        XCTAssertEqual([3, 3.125, 3.25].map { c.opacity(at: $0) }, [1, 0.5, 0])
        _ = c.advance(to: 3.25)
        XCTAssertEqual(c.phase, .collapsed)
    }
}
