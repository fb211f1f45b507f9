import Foundation
import XCTest
@testable import FlingCore

final class SpringParametersTests: XCTestCase {
    func testAppleDurationBounceExample() {
        // Apple's documented example: Spring(duration: 0.5, bounce: 0.3) → stiffness 157.9, damping 17.6.
        let p = SpringParameters.duration(0.5, bounce: 0.3)
        assertClose(p.stiffness, 157.9, within: 0.05, "stiffness")
        assertClose(p.damping, 17.6, within: 0.05, "damping")
        XCTAssertEqual(p.mass, 1)
        assertClose(p.dampingRatio, 0.7, within: 1e-12, "ζ")
    }

    func testResponseAndDampingFraction() {
        let p = SpringParameters.response(0.35, dampingFraction: 0.65)
        let omega = 2 * Double.pi / 0.35
        assertClose(p.stiffness, omega * omega, within: 1e-9, "k")
        assertClose(p.damping, 4 * Double.pi * 0.65 / 0.35, within: 1e-9, "c")
        assertClose(p.naturalFrequency, omega, within: 1e-9, "ω₀")
        assertClose(p.dampingRatio, 0.65, within: 1e-12, "ζ")
        // Negative bounce is overdamped: ζ = 1/(1 + bounce).
        assertClose(SpringParameters.duration(0.5, bounce: -0.5).dampingRatio, 2, within: 1e-12, "ζ")
    }

    func testSeedSheetSpringRatio() {
        let p = MotionConstants.sheetSpring
        assertClose(p.naturalFrequency, 200.0.squareRoot(), within: 1e-12, "ω₀")
        assertClose(p.dampingRatio, 25 / (2 * 200.0.squareRoot()), within: 1e-12, "ζ")   // ≈ 0.884
    }

    func testUIKitDurationSettlesAtDuration() {
        // UIKit-style: the envelope has decayed to 0.1 % of the distance at `duration`.
        for (duration, ratio) in [(1.2, 0.7), (0.3, 1.0), (0.6, 0.5), (0.8, 1.5)] {
            let p = SpringParameters.uikit(duration: duration, dampingRatio: ratio)
            assertClose(p.dampingRatio, ratio, within: 1e-12, "ζ")
            let spring = Spring(parameters: p, from: 1, to: 0, velocity: 0, startTime: 0)
            if ratio < 1 {
                let envelope = exp(-ratio * p.naturalFrequency * duration) / (1 - ratio * ratio).squareRoot()
                assertClose(envelope, MotionConstants.uikitSettleFraction, within: 1e-12, "envelope")
            } else {
                assertClose(spring.value(at: duration), MotionConstants.uikitSettleFraction, within: 1e-9, "x(T)")
            }
            // Never leaves the 0.1 % band after `duration`.
            for i in 0...200 {
                XCTAssertLessThanOrEqual(abs(spring.value(at: duration + Double(i) * 0.01)),
                                         MotionConstants.uikitSettleFraction + 1e-12)
            }
        }
    }

    func testRelativeVelocityConversion() {
        XCTAssertEqual(SpringVelocity.fromRelative(10, from: 0, to: 400), 4000)
        XCTAssertEqual(SpringVelocity.fromRelative(10, from: 400, to: 0), -4000)
        XCTAssertEqual(SpringVelocity.fromUIKit(0.8, from: 400, to: 900), 400)
        XCTAssertEqual(SpringVelocity.relative(4000, from: 0, to: 400), 10)
        XCTAssertEqual(SpringVelocity.relative(4000, from: 5, to: 5), 0)
    }
}

final class SpringTests: XCTestCase {
    private let distance = 400.0

    private func spring(dampingRatio zeta: Double, velocity: Double = 1000) -> Spring {
        let k = 200.0
        return Spring(parameters: SpringParameters(stiffness: k, damping: 2 * zeta * k.squareRoot()),
                      from: 0, to: distance, velocity: velocity, startTime: 0.25)
    }

    func testClosedFormMatchesRK4() {
        var worst = 0.0
        for zeta in [0.3, 0.65, 0.884, 1, 1.5] {
            let s = spring(dampingRatio: zeta)
            let k = s.parameters.stiffness, c = s.parameters.damping, m = s.parameters.mass
            func acceleration(_ x: Double, _ v: Double) -> Double { (-k * (x - distance) - c * v) / m }
            var x = s.from, v = s.initialVelocity
            let h = 1e-4
            var maxError = 0.0
            for step in 1...20_000 {
                let k1x = v, k1v = acceleration(x, v)
                let k2x = v + h / 2 * k1v, k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
                let k3x = v + h / 2 * k2v, k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
                let k4x = v + h * k3v, k4v = acceleration(x + h * k3x, v + h * k3v)
                x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                let t = s.startTime + Double(step) * h
                maxError = max(maxError, abs(s.value(at: t) - x) / distance)
            }
            XCTAssertLessThanOrEqual(maxError, 1e-9, "ζ = \(zeta)")
            worst = max(worst, maxError)
        }
        print("[motion] closed form vs RK4 (0.1 ms, 2 s): max error \(worst) of the distance")
    }

    /// Frame times of one schedule, all passing through the checkpoints k/10 s.
    private func frames(hz: Int?, until end: Double, rng: inout SplitMix64) -> [Double] {
        guard let hz else {
            var times: [Double] = [0], t = 0.0, checkpoint = 1
            while t < end {
                t += rng.uniform(0.004, 0.033)
                let next = Double(checkpoint) / 10
                if t >= next { t = next; checkpoint += 1 }
                times.append(t)
            }
            return times
        }
        return (0...Int(end * Double(hz))).map { Double($0) / Double(hz) }
    }

    func testFrameRateIndependence() {
        var rng = SplitMix64(seed: 42)
        for parameters in [MotionConstants.sheetSpring, MotionConstants.cardSpring] {
            let velocity = SpringVelocity.fromRelative(10, from: 0, to: distance)
            let start = Spring(parameters: parameters, from: 0, to: distance, velocity: velocity, startTime: 0)
            var readings: [[Double: Double]] = []
            for hz in [30, 60, 120, nil] {
                // What the app loop does: settle, then read, every frame.
                var value = AnimatedValue.spring(start)
                var atCheckpoints: [Double: Double] = [:]
                for t in frames(hz: hz, until: 2, rng: &rng) {
                    value = value.settled(at: t)
                    let checkpoint = (t * 10).rounded() / 10
                    if t == checkpoint { atCheckpoints[t] = value.value(at: t) }
                }
                XCTAssertEqual(atCheckpoints.count, 21)
                XCTAssertFalse(value.isAnimating, "rested by 2 s")
                readings.append(atCheckpoints)
            }
            for (time, expected) in readings[0] {
                for other in readings.dropFirst() {
                    assertClose(other[time] ?? .nan, expected, within: 1e-6 * distance, "t = \(time)")
                }
            }
        }
    }

    func testRetargetKeepsPositionAndVelocity() {
        let s = spring(dampingRatio: 0.5)
        for t in [0.3, 0.4, 0.55] {
            let r = s.retargeted(to: -200, at: t)
            XCTAssertEqual(r.target, -200)
            assertClose(r.value(at: t), s.value(at: t), within: 1e-9, "value")
            assertClose(r.velocity(at: t), s.velocity(at: t), within: 1e-9, "velocity")
            // Just after the switch both still agree to first order (no velocity kink).
            let h = 1e-6
            assertClose((r.value(at: t + h) - r.value(at: t)) / h, s.velocity(at: t), within: 0.1, "slope")
            XCTAssertEqual(r.parameters, s.parameters)
        }
        // A grab = retarget to the current value: it then rests there.
        let grabbed = s.retargeted(to: s.value(at: 0.4), at: 0.4)
        XCTAssertTrue(grabbed.isAtRest(at: 0.4 + grabbed.settleTime()))
    }

    func testEnergyNeverRises() {
        for zeta in stride(from: 0.05, through: 2.0, by: 0.05) {
            let s = spring(dampingRatio: zeta, velocity: 3000)
            var previous = s.energy(at: s.startTime)
            for frame in 1...600 {
                let e = s.energy(at: s.startTime + Double(frame) / 120)
                XCTAssertLessThanOrEqual(e, previous * (1 + 1e-12) + 1e-12, "ζ = \(zeta), frame \(frame)")
                previous = e
            }
        }
    }

    func testNeverNaNOrInfinite() {
        let dts = [0, 1e-12, 1e-6, 0.001, 1.0 / 60, 0.1, 0.5, 1, 2.5, 5, 10]
        for zeta in stride(from: 0.05, through: 2.0, by: 0.05) {
            let s = spring(dampingRatio: zeta, velocity: 5000)
            for dt in dts {
                let t = s.startTime + dt
                XCTAssertTrue(s.value(at: t).isFinite && s.velocity(at: t).isFinite, "ζ \(zeta) dt \(dt)")
            }
        }
        // Degenerate inputs: zero mass, zero stiffness, negative damping, non-finite numbers.
        let odd = [SpringParameters(stiffness: 200, damping: 25, mass: 0),
                   SpringParameters(stiffness: 0, damping: 0),
                   SpringParameters(stiffness: 100, damping: -5),
                   SpringParameters(stiffness: .nan, damping: .infinity, mass: -1),
                   SpringParameters.response(0, dampingFraction: 1),
                   SpringParameters.duration(.nan, bounce: 2),
                   SpringParameters.uikit(duration: 0, dampingRatio: 0)]
        for p in odd {
            XCTAssertTrue(p.dampingRatio.isFinite && p.naturalFrequency.isFinite, "\(p)")
            let s = Spring(parameters: p, from: 0, to: .infinity, velocity: .nan, startTime: 0)
            for t in dts + [.infinity, -.infinity, .nan, 1e300] {
                XCTAssertTrue(s.value(at: t).isFinite && s.velocity(at: t).isFinite, "\(p) t \(t)")
            }
            XCTAssertTrue(s.settleTime(maximum: 1).isFinite)
        }
    }

    func testSeedSpringsSettleA400PointMoveWithin700ms() {
        let sheet = Spring(parameters: MotionConstants.sheetSpring, from: 0, to: distance,
                           velocity: SpringVelocity.fromRelative(MotionConstants.sheetSpringRelativeVelocity,
                                                                 from: 0, to: distance),
                           startTime: 0)
        let card = Spring(parameters: MotionConstants.cardSpring, from: 0, to: distance, velocity: 0, startTime: 0)
        let sheetTime = sheet.settleTime(), cardTime = card.settleTime()
        print("[motion] 400 pt settle: k200/c25/v10 \(sheetTime) s, response 0.35/ζ0.65 \(cardTime) s")
        XCTAssertLessThanOrEqual(sheetTime, 0.7)
        XCTAssertLessThanOrEqual(cardTime, 0.7)
        // The settle time is the first rest instant: not at rest just before it.
        for (s, t) in [(sheet, sheetTime), (card, cardTime)] {
            XCTAssertTrue(s.isAtRest(at: t))
            XCTAssertFalse(s.isAtRest(at: t - 1e-6))
        }
    }

    func testSettleTimeIsBounded() {
        let undamped = Spring(parameters: SpringParameters(stiffness: 100, damping: 0),
                              from: 0, to: 100, velocity: 0, startTime: 3)
        XCTAssertEqual(undamped.settleTime(maximum: 5), 5)
        let resting = Spring(parameters: MotionConstants.sheetSpring, from: 7, to: 7, velocity: 0, startTime: 3)
        XCTAssertEqual(resting.settleTime(), 0)
    }

    func testAnimatedValueSnapsToTarget() {
        let s = Spring(parameters: MotionConstants.sheetSpring, from: 0, to: distance, velocity: 0, startTime: 0)
        var value = AnimatedValue.spring(s)
        XCTAssertTrue(value.isAnimating)
        XCTAssertEqual(value.target, distance)
        XCTAssertEqual(value.settled(at: 0.1), value)
        value = value.settled(at: s.settleTime())
        XCTAssertEqual(value, .resting(distance))
        XCTAssertFalse(value.isAnimating)
        XCTAssertEqual(value.velocity(at: 5), 0)

        let timed = AnimatedValue.timed(TimedAnimation(from: 0, to: 100, startTime: 1, duration: 0.2, curve: .easeOut))
        XCTAssertEqual(timed.target, 100)
        XCTAssertEqual(timed.settled(at: 1.1), timed)
        XCTAssertEqual(timed.settled(at: 1.2), .resting(100))

        // Redirecting mid-flight keeps value and velocity.
        let redirected = AnimatedValue.spring(s).animated(to: 0, with: MotionConstants.cardSpring, at: 0.1)
        assertClose(redirected.value(at: 0.1), s.value(at: 0.1), within: 1e-9, "value")
        assertClose(redirected.velocity(at: 0.1), s.velocity(at: 0.1), within: 1e-9, "velocity")
    }
}
