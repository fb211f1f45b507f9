import XCTest
@testable import FlingCore

final class ProjectionTests: XCTestCase {
    func testProjectionTable() {
        assertClose(Projection.distance(velocity: 1000), 499, within: 1e-9, "0.998")
        assertClose(Projection.distance(velocity: 1000, decelerationRate: MotionConstants.decelerationFast), 99,
                    within: 1e-9, "0.99")
        assertClose(Projection.distance(velocity: -2000), -998, within: 1e-9, "sign")
        XCTAssertEqual(Projection.distance(velocity: 1000, decelerationRate: 1), 0)
        XCTAssertEqual(Projection.endPoint(position: 100, velocity: 1000), 599, accuracy: 1e-9)
    }

    func testDecelerationClosedForm() {
        let d = Deceleration(from: 100, velocity: 1000, startTime: 2)
        // Continuous sum of the per-ms steps: −v/(1000·ln r) ≈ 499.5 pt until (almost) stopped.
        assertClose(d.value(at: 1e9), d.finalValue, within: 0, "stays stopped")
        assertClose(d.finalValue, 100 + (1000 - 2) / (-1000 * log(0.998)), within: 1e-9, "final")
        assertClose(d.velocity(at: 2.5), 1000 * pow(0.998, 500), within: 1e-9, "v = v₀·r^(1000t)")
        assertClose(d.velocity(at: d.endTime - 1e-9), 2, within: 1e-6, "stops at 2 pt/s")
        XCTAssertEqual(d.velocity(at: d.endTime), 0)
        let crossing = d.time(reaching: 400)
        assertClose(d.value(at: crossing ?? .nan), 400, within: 1e-9, "crossing")
        XCTAssertNil(d.time(reaching: 700), "stops before 700")
        XCTAssertNil(d.time(reaching: 50), "wrong direction")
    }
}

final class RubberBandTests: XCTestCase {
    func testProperties() {
        let d = 600.0
        XCTAssertEqual(RubberBand.offset(overshoot: 0, dimension: d), 0)
        let h = 1e-6
        assertClose(RubberBand.offset(overshoot: h, dimension: d) / h, 0.55, within: 1e-6, "slope at 0")
        var previous = 0.0
        for x in stride(from: 1.0, through: 1e7, by: 997) {
            let f = RubberBand.offset(overshoot: x, dimension: d)
            XCTAssertGreaterThan(f, previous)
            XCTAssertLessThan(f, d)
            XCTAssertEqual(RubberBand.offset(overshoot: -x, dimension: d), -f, "odd")
            assertClose(RubberBand.overshoot(forOffset: f, dimension: d), x, within: 1e-6 * x, "inverse")
            previous = f
        }
        XCTAssertEqual(RubberBand.offset(overshoot: 50, dimension: 0), 0)
        XCTAssertTrue(RubberBand.overshoot(forOffset: 700, dimension: d).isFinite)
    }
}
