// KeyboardAvoidanceTests: the room the form keeps under its content for the on-screen keyboard,
// as whole values: kept while the keyboard is up, kept while it slides away, gone once it has.
import FlingCore
@testable import FlingUI
import XCTest

final class KeyboardAvoidanceTests: XCTestCase {
    func testTheRoomFollowsTheKeyboardUpAndGoesOnceItHasLeft() {
        var a = KeyboardAvoidance()
        let up = TimedAnimation(from: 844, to: 553, startTime: 1, duration: 0.25, curve: .easeInOut)
        XCTAssertEqual(a.keyboardWillCover(from: 553, bottom: 844, following: up), .rising(insetChanged: true))
        XCTAssertEqual(a.inset, 291)
        XCTAssertNil(a.insetGoesAt)
        XCTAssertEqual(a.keyboardWillCover(from: 553, bottom: 844, following: up), .rising(insetChanged: false), "a resize to the same cover")
        let down = TimedAnimation(from: 553, to: 844, startTime: 3, duration: 0.25, curve: .easeInOut)
        XCTAssertEqual(a.keyboardWillCover(from: nil, bottom: 844, following: down), .leaving(inset: 291))
        XCTAssertEqual(a.inset, 291, "kept while the keyboard slides away")
        XCTAssertTrue(a.isLeaving)
        XCTAssertFalse(a.advance(to: 3.2))
        XCTAssertTrue(a.advance(to: 3.25))
        XCTAssertEqual(a, KeyboardAvoidance())
        XCTAssertEqual(a.keyboardWillCover(from: nil, bottom: 844, following: down), .none, "no keyboard was up")
    }
}
