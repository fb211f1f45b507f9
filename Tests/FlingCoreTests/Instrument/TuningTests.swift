import FlingCore
import XCTest

final class TuningTests: XCTestCase {
    func testStandardTuningIsTheSeedsNumbers() {
        let t = Tuning.standard
        // Seed 000: stiffness 200, damping 25, mass 1.
        XCTAssertEqual(t.sheetSpring.stiffness, 200, accuracy: 1e-9)
        XCTAssertEqual(t.sheetSpring.damping, 25, accuracy: 1e-9)
        XCTAssertEqual(t.sheetResponse, 0.4443, accuracy: 1e-4)
        XCTAssertEqual(t.cardSpring, MotionConstants.cardSpring)
        XCTAssertEqual(t.optionValue, "", "nothing differs from standard")
    }

    func testParseSetsKeysAndRoundTripsThroughTheOptionValue() throws {
        let t = try Tuning.parse("sheet.damping=0.6, dismiss.ratio=4.25,slop=6")
        XCTAssertEqual(t.sheetDamping, 0.6)
        XCTAssertEqual(t.dismissRatio, 4.25)
        XCTAssertEqual(t.touchSlop, 6)
        XCTAssertEqual(t.optionValue, "sheet.damping=0.6,dismiss.ratio=4.25,slop=6")
        XCTAssertEqual(try Tuning.parse(t.optionValue), t)
        XCTAssertEqual(try Tuning.parse(""), .standard)
    }

    func testBadValuesAreErrorsThatNameTheKeyAndListTheKeys() {
        XCTAssertThrowsError(try Tuning.parse("sheet.dampng=0.5")) { e in
            let m = (e as? Tuning.ParseError)?.message ?? ""
            XCTAssertTrue(m.hasPrefix("unknown tuning key 'sheet.dampng' (keys: sheet.response, sheet.damping"), m)
        }
        XCTAssertThrowsError(try Tuning.parse("slop=-1")) { e in
            XCTAssertEqual((e as? Tuning.ParseError)?.message, "slop = -1 is outside 0…60 (touch slop (pt))")
        }
        XCTAssertThrowsError(try Tuning.parse("slop=nan"))
        XCTAssertThrowsError(try Tuning.parse("slop"))
        // A key given twice (the last one once won, silently).
        XCTAssertThrowsError(try Tuning.parse("dismiss.ratio=4,slop=5,dismiss.ratio=6")) { e in
            XCTAssertEqual((e as? Tuning.ParseError)?.message, "dismiss.ratio is given twice")
        }
    }
}
