import XCTest
@testable import FlingCore

/// A fluid sheet on a chosen set of detents (SwiftUI's `presentationDetents`):
/// `--detents` parsed, each kind's top at a phone's and a portrait kiosk's height, the sheet
/// presented at the smallest, releases projected to the nearest of them, Up/Down through all.
final class SheetDetentSetTests: XCTestCase {
    func testDetentsParseAsSwiftUINamesThemAndBadOnesSayWhatIsAccepted() throws {
        XCTAssertEqual(try SheetDetentSpec.parse("medium,large"), [.medium, .large])
        XCTAssertEqual(try SheetDetentSpec.parse("0.3, 0.6,large"), [.fraction(0.3), .fraction(0.6), .large])
        XCTAssertEqual(try SheetDetentSpec.parse("300pt,full"), [.height(300), .large])
        XCTAssertEqual(SheetDetentSpec.fraction(0.3).detent.rawValue, "0.3")
        XCTAssertEqual(SheetDetentSpec.height(300).detent.rawValue, "300pt")
        XCTAssertEqual(SheetDetentSpec.medium.detent, .half)
        XCTAssertEqual(SheetDetentSpec.large.detent, .full)
        let cases: [(String, String)] = [
            ("", "no detents given"),
            ("0.3,huge", "'huge' is not medium, large, content, a fraction (0 < f ≤ 1, e.g. 0.3), a height (e.g. 300pt) or one from large (large*0.25, large-200pt)"),
            ("0", "'0' is not medium, large, content, a fraction (0 < f ≤ 1, e.g. 0.3), a height (e.g. 300pt) or one from large (large*0.25, large-200pt)"),
            ("1.5", "'1.5' is not medium, large, content, a fraction (0 < f ≤ 1, e.g. 0.3), a height (e.g. 300pt) or one from large (large*0.25, large-200pt)"),
            ("10pt", "'10pt' is not a height from 88pt to 16384pt"),
            ("large,full", "'full' is given twice"),
            ("0.1,0.2,0.3,0.4,0.5,0.6,0.7", "7 detents: at most 6"),
            ("0.3,,large", "'' is not medium, large, content, a fraction (0 < f ≤ 1, e.g. 0.3), a height (e.g. 300pt) or one from large (large*0.25, large-200pt)"),
            ("medium,0.5", "'0.5' rests where 'medium' does"),
            ("large,1", "'1' rests where 'large' does"),
        ]
        XCTAssertEqual(try SheetDetentSpec.parse("300 pt"), [.height(300)])
        for (text, message) in cases {
            XCTAssertThrowsError(try SheetDetentSpec.parse(text), text) { XCTAssertEqual(($0 as? SheetDetentError)?.message, message, text) }
        }
    }

    /// SwiftUI's custom detents, from the context: a quarter of large's height, and large less 200 pt.
    func testACustomDetentIsComputedFromTheWindowItIsIn() throws {
        let set = try SheetDetentSpec.parse("large*0.25,large-200pt,large")
        XCTAssertEqual(set, [.custom(.shareOfLarge(0.25)), .custom(.largeLess(200)), .large])
        XCTAssertEqual(set.map(\.detent.rawValue), ["large*0.25", "large-200pt", "full"])
        XCTAssertEqual(SheetDetentSpec.text(set), "large*0.25,large-200pt,large")
        let p = FluidSheetPolicy(detents: set)
        // 844: large is 794 pt tall; a quarter is 198.5, less 200 is 594.
        XCTAssertEqual(p.detents(height: 844).map(\.1), [50, 250, 645.5])
        // 1920: 1870 pt; 467.5 and 1670: the same 200 pt under large's top, a taller quarter.
        XCTAssertEqual(p.detents(height: 1920).map(\.1), [50, 250, 1452.5])
        XCTAssertEqual(p.initialDetent(height: 844).rawValue, "large*0.25")
        for (text, message) in [("large*2", "'large*2' is not large*F (0 < F < 1, a share of large's height) or large-Npt (large's height less N pt)"),
                                ("large-200", "'large-200' is not large*F (0 < F < 1, a share of large's height) or large-Npt (large's height less N pt)"),
                                ("large*0.25,large*0.25", "'large*0.25' is given twice")] {
            XCTAssertThrowsError(try SheetDetentSpec.parse(text), text) { XCTAssertEqual(($0 as? SheetDetentError)?.message, message, text) }
        }
    }

    func testEachKindsTopOnAPhoneAndAPortraitKiosk() {
        let p = FluidSheetPolicy(detents: [.fraction(0.3), .height(300), .medium, .large])
        XCTAssertEqual(p.detents(height: 844).map { $0.0.rawValue }, ["full", "half", "300pt", "0.3"])
        XCTAssertEqual(p.detents(height: 844).map(\.1), [50, 422, 544, 844 - 253.2])
        XCTAssertEqual(p.detents(height: 1920).map(\.1), [50, 960, 1344, 1620])
        XCTAssertEqual(p.detents(height: 1920).map { $0.0.rawValue }, ["full", "half", "0.3", "300pt"], "300 pt is the smaller on a kiosk")
        XCTAssertEqual(p.initialDetent(height: 844).rawValue, "0.3")
        XCTAssertEqual(p.initialDetent(height: 1920).rawValue, "300pt")
        // Never above large's top, never shorter than the grabber's reach.
        XCTAssertEqual(SheetDetentSpec.fraction(1).top(windowHeight: 844), 50)
        XCTAssertEqual(SheetDetentSpec.height(2000).top(windowHeight: 844), 50)
        XCTAssertEqual(SheetDetentSpec.height(88).top(windowHeight: 844), 756)
    }

    func testASheetOnThreeDetentsOpensAtTheSmallestAndStepsThroughThemAll() {
        var s = SheetModel(policy: .fluid, height: 844, detents: [.fraction(0.3), .fraction(0.6), .large])
        s.present(at: 0)
        XCTAssertFalse(s.advance(to: 2))
        XCTAssertEqual(s.phase, .resting(SheetDetent(rawValue: "0.3")))
        XCTAssertEqual(s.top(at: 2), 590.8, accuracy: 1e-9)
        XCTAssertEqual(s.dim(at: 2), SheetConstants.dimOpacity, "dimmed at every detent, as UIKit's sheet is without background interaction")
        s.step(up: true, at: 2)
        _ = s.advance(to: 4)
        XCTAssertEqual(s.phase, .resting(SheetDetent(rawValue: "0.6")))
        XCTAssertEqual(s.top(at: 4), 337.6, accuracy: 1e-9)
        s.step(up: true, at: 4)
        _ = s.advance(to: 6)
        XCTAssertEqual(s.phase, .resting(.full))
        s.step(up: true, at: 6)
        _ = s.advance(to: 8)
        XCTAssertEqual(s.phase, .resting(.full), "nothing above the highest")
    }

    func testAReleaseGoesToTheDetentNearestItsProjection() {
        let p = FluidSheetPolicy(detents: [.fraction(0.3), .fraction(0.6), .large])
        func target(from top: Double, v: Double) -> String {
            p.decision(for: SheetRelease(startDetent: SheetDetent(rawValue: "0.3"), startTop: 590.8, top: top, velocity: v, height: 844)).target.rawValue
        }
        XCTAssertEqual(target(from: 400, v: 0), "0.6", "let go near 0.6's top (337.6)")
        XCTAssertEqual(target(from: 500, v: 0), "0.3")
        XCTAssertEqual(target(from: 400, v: -2500), "full", "flung up past 0.6")
        XCTAssertEqual(target(from: 650, v: 1500), "dismissed", "flung down from the smallest")
    }
}

/// The page behind a sheet (SwiftUI's `presentationBackgroundInteraction`):
/// undimmed and taking touches at or below a detent, the dim fading in above it.
final class SheetBackgroundInteractionTests: XCTestCase {
    let set: [SheetDetentSpec] = [.fraction(0.3), .fraction(0.6), .large]

    func testTheOptionNamesADetentOfTheSet() throws {
        XCTAssertEqual(try SheetBackgroundInteraction.parse("upto=0.3", detents: set), .enabledUpThrough(SheetDetent(rawValue: "0.3")))
        XCTAssertEqual(try SheetBackgroundInteraction.parse("upto=medium", detents: SheetDetentSpec.standard), .enabledUpThrough(.half))
        XCTAssertEqual(try SheetBackgroundInteraction.parse("enabled", detents: set), .enabled)
        XCTAssertEqual(try SheetBackgroundInteraction.parse("disabled", detents: set), .disabled)
        XCTAssertThrowsError(try SheetBackgroundInteraction.parse("upto=0.5", detents: set)) {
            XCTAssertEqual(($0 as? SheetDetentError)?.message, "upto=0.5: not one of the detents (0.3, 0.6, large)")
        }
        XCTAssertThrowsError(try SheetBackgroundInteraction.parse("upto=0.3,large", detents: set)) {
            XCTAssertEqual(($0 as? SheetDetentError)?.message, "upto= takes one detent, not '0.3,large'")
        }
        XCTAssertThrowsError(try SheetBackgroundInteraction.parse("sometimes", detents: set)) {
            XCTAssertEqual(($0 as? SheetDetentError)?.message, "'sometimes' is not disabled, enabled or upto=DETENT (upto=medium, upto=0.3)")
        }
        XCTAssertEqual(SheetBackgroundInteraction.enabledUpThrough(SheetDetent(rawValue: "0.3")).text, "upto=0.3")
    }

    func testUndimmedAtOrBelowTheDetentAndTheDimFadesInToTheNext() {
        var s = SheetModel(policy: .fluid, height: 844, detents: set)
        s.backgroundInteraction = .enabledUpThrough(SheetDetent(rawValue: "0.3"))
        s.present(at: 0)
        _ = s.advance(to: 2)
        XCTAssertEqual(s.phase, .resting(SheetDetent(rawValue: "0.3")))
        XCTAssertEqual(s.dim(at: 2), 0)
        XCTAssertTrue(s.passesTouchesThrough(at: 2))
        // Dragged halfway to 0.6 (590.8 → 464.2): a quarter of the dim's 0.5.
        s.press(at: Point(200, 600), onContent: false, time: 3)
        for k in 1...20 { s.move(to: Point(200, 600 - 10 - 126.6 * Double(k) / 20), time: 3 + Double(k) / 60) }
        XCTAssertEqual(s.top(at: 3.4), 464.2, accuracy: 1e-6)
        XCTAssertEqual(s.dim(at: 3.4), 0.25, accuracy: 1e-6)
        XCTAssertFalse(s.passesTouchesThrough(at: 3.4), "above the detent the page behind is the dim's")
        _ = s.release(at: Point(200, 600 - 10 - 126.6), time: 3.4)
        XCTAssertFalse(s.passesTouchesThrough(at: 3.41), "heading for 0.6: the page behind is the dim's at once")
        _ = s.advance(to: 6)
        XCTAssertEqual(s.phase, .resting(SheetDetent(rawValue: "0.6")))
        XCTAssertEqual(s.dim(at: 6), 0.5, accuracy: 1e-9)
        XCTAssertFalse(s.passesTouchesThrough(at: 6))
        // Back at 0.3 (Down), then dismissed: going, it no longer stands between the user and the list.
        s.step(up: false, at: 6)
        XCTAssertTrue(s.passesTouchesThrough(at: 6.01) == false, "still above 0.3 on its way down")
        _ = s.advance(to: 8)
        XCTAssertTrue(s.passesTouchesThrough(at: 8))
        s.dismiss(at: 8)
        XCTAssertTrue(s.passesTouchesThrough(at: 8.01))
    }

    func testTheWheelScrollsTheContentAtTheHighestDetentOfAnySet() {
        var s = SheetModel(policy: .fluid, height: 844, detents: [.fraction(0.3), .fraction(0.6)])
        s.contentLength = 3000
        s.present(at: 0)
        _ = s.advance(to: 2)
        s.scrollContent(by: 40, at: 2)
        _ = s.advance(to: 4)
        XCTAssertEqual(s.phase, .resting(SheetDetent(rawValue: "0.6")), "below the highest, the wheel takes the sheet up first")
        s.scrollContent(by: 40, at: 4)
        XCTAssertGreaterThan(s.content.offset(at: 4.5), 0, "at 0.6, the highest of this set, the wheel scrolls the content")
    }

    func testEnabledEverywhereNeverDims() {
        var s = SheetModel(policy: .fluid, height: 844)
        s.backgroundInteraction = .enabled
        s.present(at: 0)
        _ = s.advance(to: 2)
        s.step(up: true, at: 2)
        _ = s.advance(to: 4)
        XCTAssertEqual(s.phase, .resting(.full))
        XCTAssertEqual(s.dim(at: 4), 0)
        XCTAssertTrue(s.passesTouchesThrough(at: 4))
    }
}

/// A sheet that refuses interactive dismissal (SwiftUI's `interactiveDismissDisabled`).
final class SheetRefusedDismissalTests: XCTestCase {
    func testAPullPastTheLowestDetentRubberBandsAndAFlickSpringsBack() {
        var s = SheetModel(policy: .fluid, height: 844)
        s.interactiveDismissDisabled = true
        s.present(at: 0)
        _ = s.advance(to: 2)
        // A 300 pt pull below half: the sheet follows less and less (UIKit's rubber band).
        s.press(at: Point(200, 440), onContent: false, time: 3)
        for k in 1...18 { s.move(to: Point(200, 440 + 10 + 300 * Double(k) / 18), time: 3 + Double(k) / 60) }
        let pulled = s.top(at: 3.3)
        XCTAssertEqual(pulled, 422 + RubberBand.offset(overshoot: 300, dimension: 844, coefficient: Tuning.standard.rubberBand), accuracy: 1e-6)
        XCTAssertLessThan(pulled, 422 + 300)
        // Let go moving fast: it would have dismissed; refused, it springs back to half.
        _ = s.release(at: Point(200, 750), time: 3.3)
        XCTAssertEqual(s.lastDecision?.decision.outcome, "half")
        XCTAssertEqual(s.lastDecision?.decision.rule, "dismissal disabled: back to half")
        _ = s.advance(to: 6)
        XCTAssertEqual(s.phase, .resting(.half))
        // Only a dismissal asked for (Esc, Close) closes it.
        s.dismiss(at: 6)
        _ = s.advance(to: 8)
        XCTAssertEqual(s.phase, .hidden)
    }
}

/// A content-sized detent (vaul#330, flutter#34111): the sheet as tall as its
/// content, following the content when it grows with the sheet's spring.
final class SheetContentDetentTests: XCTestCase {
    /// The seeds' policies on a content-sized set learn the content's height as the fluid one does.
    func testEveryPolicyRestsAContentDetentAtItsContent() {
        for kind in SheetPolicyKind.allCases {
            var s = SheetModel(policy: kind, height: 844, detents: [.content, .large])
            s.contentLength = 280
            s.present(at: 0)
            _ = s.advance(to: 2)
            XCTAssertEqual(s.phase, .resting(SheetDetentSpec.content.detent), kind.rawValue)
            XCTAssertEqual(s.top(at: 2), 844 - (SheetConstants.handleAreaHeight + 280), accuracy: 1e-9, kind.rawValue)
        }
    }

    func testTheSheetIsAsTallAsItsContentAndFollowsItWhenItGrows() {
        var s = SheetModel(policy: .fluid, height: 844, detents: [.content, .large])
        s.contentLength = 280
        s.present(at: 0)
        _ = s.advance(to: 2)
        let content = SheetDetentSpec.content.detent
        XCTAssertEqual(s.phase, .resting(content))
        XCTAssertEqual(s.top(at: 2), 844 - (SheetConstants.handleAreaHeight + 280))
        // The description grows by 120 pt: the sheet rises to it on its spring, no jump.
        s.contentLength = 400
        XCTAssertEqual(s.top(at: 2), 544, accuracy: 1e-9, "where it was, the moment the content changed")
        XCTAssertEqual(s.phase.name, "settling")
        var last = 544.0
        for k in 1...60 {
            _ = s.advance(to: 2 + Double(k) / 60)
            let t = s.top(at: 2 + Double(k) / 60)
            XCTAssertLessThan(abs(t - last), 40, "frame \(k): no jump")
            last = t
        }
        XCTAssertEqual(s.phase, .resting(content))
        XCTAssertEqual(s.top(at: 3), 844 - (SheetConstants.handleAreaHeight + 400), accuracy: 1e-6)
        // Content taller than the window: large's top.
        s.contentLength = 5000
        _ = s.advance(to: 6)
        XCTAssertEqual(s.top(at: 6), SheetConstants.fullTop)
        XCTAssertEqual(try SheetDetentSpec.parse("content,large"), [.content, .large])
    }
}

extension SheetContentDetentTests {
    func testAChangeOfContentMovesFromWhereTheSheetIsWhenItComes() {
        // An idle window advanced at 2 s; the content changes at 5 s (a tap behind the sheet):
        // the spring starts then, from where the sheet rests, not 3 s in the past.
        var s = SheetModel(policy: .fluid, height: 844, detents: [.content, .large])
        s.contentLength = 280
        s.present(at: 0)
        _ = s.advance(to: 2)
        let rest = s.top(at: 2)
        s.setContentLength(400, at: 5)
        XCTAssertEqual(s.top(at: 5), rest, accuracy: 1e-9)
        XCTAssertGreaterThan(rest - s.top(at: 5 + 1.0 / 60), 0, "on its way up…")
        XCTAssertLessThan(rest - s.top(at: 5 + 1.0 / 60), 40, "…without a jump")
        // Changed while still coming up: it goes on to the new height, no snap at the end.
        var p = SheetModel(policy: .fluid, height: 844, detents: [.content, .large])
        p.contentLength = 280
        p.present(at: 0)
        _ = p.advance(to: 0.1)
        p.setContentLength(400, at: 0.1)
        var last = p.top(at: 0.1)
        for k in 1...120 {
            let t = 0.1 + Double(k) / 60
            _ = p.advance(to: t)
            XCTAssertLessThan(abs(p.top(at: t) - last), 60, "frame \(k)")
            last = p.top(at: t)
        }
        XCTAssertEqual(p.phase, .resting(SheetDetentSpec.content.detent))
        XCTAssertEqual(last, 844 - (SheetConstants.handleAreaHeight + 400), accuracy: 1e-6)
    }
}

/// Seed 000's rules on a chosen set: one detent at a time, the seed's own on half
/// and full.
final class TutorialOnAChosenSetTests: XCTestCase {
    let p = TutorialSheetPolicy(detents: [.fraction(0.3), .fraction(0.6), .large])

    func decide(from d: String, finger: Double) -> SheetDecision {
        let start = SheetDetent(rawValue: d)
        let top = p.top(of: start, height: 844)
        return p.decision(for: SheetRelease(startDetent: start, startTop: top, top: top + finger, velocity: 0, height: 844, fingerTranslation: finger))
    }

    func testEachThresholdGoesOneDetentAtATime() {
        XCTAssertEqual(decide(from: "0.6", finger: -0.26 * 844).target, .full, "up past 25 % of H: the next one up")
        XCTAssertEqual(decide(from: "0.6", finger: 0.31 * 844).target.rawValue, "0.3", "down past 30 %: the next one down")
        XCTAssertEqual(decide(from: "0.6", finger: 0.1 * 844).target.rawValue, "0.6", "in between: back")
        XCTAssertEqual(decide(from: "0.3", finger: -0.26 * 844).target.rawValue, "0.6")
        XCTAssertEqual(decide(from: "0.3", finger: 0.31 * 844).target, .dismissed, "from the lowest: dismissed")
        XCTAssertEqual(decide(from: "full", finger: 0.5 * 844), SheetDecision(target: .full, rule: "from full: back to full", margin: 0))
        XCTAssertEqual(p.initialDetent(height: 844).rawValue, "0.3")
        XCTAssertTrue(p.contentScrolls(in: .full, height: 844))
        XCTAssertFalse(p.contentScrolls(in: SheetDetent(rawValue: "0.6"), height: 844))
    }

    func testOnHalfAndFullItIsTheSeed() {
        let seed = TutorialSheetPolicy()
        for finger in [-0.3, -0.2, 0.0, 0.25, 0.35].map({ $0 * 844 }) {
            let r = SheetRelease(startDetent: .half, startTop: 422, top: 422 + finger, velocity: 0, height: 844, fingerTranslation: finger)
            let expected: SheetDetent = finger < -0.25 * 844 ? .full : finger > 0.3 * 844 ? .dismissed : .half
            XCTAssertEqual(seed.decision(for: r).target, expected, "\(finger)")
        }
    }

    func testContentPulledAtTheHighestGoesOneDown() {
        var s = SheetModel(policy: .tutorial, height: 844, detents: [.fraction(0.3), .fraction(0.6), .large])
        s.contentLength = 3000
        s.present(at: 0)
        _ = s.advance(to: 2)
        s.step(up: true, at: 2); _ = s.advance(to: 4)
        s.step(up: true, at: 4); _ = s.advance(to: 6)
        XCTAssertEqual(s.phase, .resting(.full))
        s.press(at: Point(200, 300), onContent: true, time: 7)
        for k in 1...20 { s.move(to: Point(200, 300 + 8 * Double(k)), time: 7 + Double(k) / 60) }
        XCTAssertEqual(s.lastDecision?.decision.outcome, "0.6")
        XCTAssertEqual(s.lastDecision?.decision.rule.hasPrefix("pull "), true)
        XCTAssertEqual(s.lastDecision?.decision.rule.hasSuffix("at full"), true)
    }
}

/// Seed 001's rule on a chosen set: the release's direction, one detent at a time.
final class TwoStageOnAChosenSetTests: XCTestCase {
    let p = TwoStageSheetPolicy(detents: [.fraction(0.3), .fraction(0.6), .large])

    func decide(top: Double, velocity: Double) -> SheetDecision {
        p.decision(for: SheetRelease(startDetent: SheetDetent(rawValue: "0.3"), startTop: 590.8, top: top, velocity: velocity, height: 844))
    }

    func testUpGoesToTheNearestAtOrAboveAndDownToTheNearestAtOrBelow() {
        // Tops at 844: full 50, 0.6 337.6, 0.3 590.8; the dismissal line 1.3 × 590.8.
        XCTAssertEqual(p.detents(height: 844).map(\.1), [50, 337.6, 590.8])
        XCTAssertEqual(decide(top: 600, velocity: -300).target, SheetDetent(rawValue: "0.3"), "below 0.3, going up: 0.3")
        XCTAssertEqual(decide(top: 500, velocity: -300), SheetDecision(target: SheetDetent(rawValue: "0.6"), rule: "up, top 500: 0.6 at or above", margin: 500 - 337.6))
        XCTAssertEqual(decide(top: 300, velocity: -300).target, .full, "above 0.6, going up: the next one above")
        XCTAssertEqual(decide(top: 20, velocity: -300).target, .full, "above them all: the highest")
        XCTAssertEqual(decide(top: 100, velocity: 300).target, SheetDetent(rawValue: "0.6"))
        XCTAssertEqual(decide(top: 400, velocity: 0).target, SheetDetent(rawValue: "0.3"), "a still release counts as down, as the seed's")
        XCTAssertEqual(decide(top: 700, velocity: 300).target, SheetDetent(rawValue: "0.3"))
        // The line: 1.3 × 590.8 = 768 is past halfway to the bottom (717.4), which it stops at.
        XCTAssertEqual(decide(top: 720, velocity: 300), SheetDecision(target: .dismissed, rule: "down, top 720 > dismissal line 717.4",
                                                                      margin: 720 - (590.8 + (844 - 590.8) / 2)))
        XCTAssertEqual(decide(top: 337.6, velocity: 0).target, SheetDetent(rawValue: "0.3"), "from a detent's own top, down goes on")
        XCTAssertEqual(p.initialDetent(height: 844).rawValue, "0.3")
        XCTAssertEqual(p.detentSet, [.fraction(0.3), .fraction(0.6), .large])
        XCTAssertEqual(p.metricsName, "two-stage[0.3,0.6,large]")
    }

    func testOnItsOwnTwoItIsTheSeed() {
        let seed = TwoStageSheetPolicy(), two = TwoStageSheetPolicy(detents: [.height(844 - 400), .height(844 - 130)])
        XCTAssertNil(seed.detentSet)
        XCTAssertEqual(SheetPolicyKind.twoStage.policy(tuning: .standard).detentSet, nil, "the standard set leaves the seed's own")
        for (top, v) in [(100.0, -200.0), (130, -200), (300, -200), (400, -200), (450, -200), (130, 0), (130, 200), (300, 200), (400, 0),
                         (450, 200), (519, 200), (521, 200), (600, 200)] {
            let r = SheetRelease(startDetent: .expanded, startTop: 400, top: top, velocity: v, height: 844)
            let s = seed.decision(for: r).target, t = two.decision(for: r).target
            XCTAssertEqual(s == .full ? "714pt" : s == .expanded ? "444pt" : s.rawValue, t.rawValue, "\(top) \(v)")
        }
    }
}
