import XCTest
@testable import FlingCore

final class TimingCurveTests: XCTestCase {
    private let curves: [TimingCurve] = [.linear, .easeIn, .easeOut, .easeInOut, .cubicBezier(0.25, 0.1, 0.25, 1),
                                         .cubicBezier(0.68, -0.55, 0.27, 1.55)]

    func testEndpointsAndClamping() {
        for curve in curves {
            assertClose(curve.progress(0), 0, within: 1e-12, "\(curve) at 0")
            assertClose(curve.progress(1), 1, within: 1e-12, "\(curve) at 1")
            XCTAssertEqual(curve.progress(-3), curve.progress(0))
            XCTAssertEqual(curve.progress(7), curve.progress(1))
            XCTAssertEqual(curve.progress(.nan), curve.progress(0))
        }
    }

    func testEaseInOutMidpointAndSymmetry() {
        assertClose(TimingCurve.easeInOut.progress(0.5), 0.5, within: 1e-12, "midpoint")
        for x in stride(from: 0.0, through: 1.0, by: 0.01) {
            assertClose(TimingCurve.easeInOut.progress(x) + TimingCurve.easeInOut.progress(1 - x), 1,
                        within: 1e-9, "symmetry at \(x)")
        }
        XCTAssertLessThan(TimingCurve.easeIn.progress(0.5), 0.5)
        XCTAssertGreaterThan(TimingCurve.easeOut.progress(0.5), 0.5)
    }

    func testMonotonic() {
        for curve in curves.prefix(5) {
            var previous = curve.progress(0)
            for i in 1...1000 {
                let p = curve.progress(Double(i) / 1000)
                XCTAssertGreaterThanOrEqual(p, previous, "\(curve) at \(i)")
                previous = p
            }
        }
    }

    func testBezierSolvesX() {
        // The eased value is y(s) at the s where x(s) = x: check against a direct evaluation.
        let (x1, y1, x2, y2) = (0.42, 0.0, 0.58, 1.0)
        for s in stride(from: 0.0, through: 1.0, by: 0.05) {
            let x = 3 * (1 - s) * (1 - s) * s * x1 + 3 * (1 - s) * s * s * x2 + s * s * s
            let y = 3 * (1 - s) * (1 - s) * s * y1 + 3 * (1 - s) * s * s * y2 + s * s * s
            assertClose(TimingCurve.easeInOut.progress(x), y, within: 1e-9, "s = \(s)")
        }
    }

    func testSlopeMatchesDifference() {
        for curve in curves {
            for x in stride(from: 0.05, through: 0.95, by: 0.05) {
                let h = 1e-6
                let numeric = (curve.progress(x + h) - curve.progress(x - h)) / (2 * h)
                assertClose(curve.slope(x), numeric, within: 1e-4, "\(curve) at \(x)")
            }
            XCTAssertTrue(curve.slope(0).isFinite && curve.slope(1).isFinite)
        }
        assertClose(TimingCurve.easeOut.slope(0), 1 / 0.58, within: 1e-3, "ease-out starts at slope y2/x2")
    }

    func testTimedAnimation() {
        let a = TimedAnimation(from: 100, to: 0, startTime: 1, duration: 0.2, curve: .easeOut)
        XCTAssertEqual(a.value(at: 0.5), 100)
        XCTAssertEqual(a.value(at: 1), 100)
        XCTAssertEqual(a.value(at: 1.2), 0)
        XCTAssertEqual(a.value(at: 9), 0)
        XCTAssertFalse(a.isFinished(at: 1.19))
        XCTAssertTrue(a.isFinished(at: 1.2))
        XCTAssertEqual(a.velocity(at: 2), 0)
        let h = 1e-7
        assertClose(a.velocity(at: 1.1), (a.value(at: 1.1 + h) - a.value(at: 1.1 - h)) / (2 * h), within: 1e-3, "v")
        let instant = TimedAnimation(from: 0, to: 5, startTime: 1, duration: 0, curve: .linear)
        XCTAssertEqual(instant.value(at: 0.9), 0)
        XCTAssertEqual(instant.value(at: 1), 5)
        XCTAssertEqual(instant.velocity(at: 1), 0)
    }
}
