// CardPoseTests: a Today card's pose: corners, transform and layer from the progress, the
// press and the pull; the pull's shrink, rounding and follow.
import XCTest
@testable import FlingCore

final class CardPoseTests: XCTestCase {
    let frame = Rect(x: 0, y: 0, width: 200, height: 200)

    func testThePullShrinksOverTheFirst100Points() {
        XCTAssertEqual(CardPose.pullScale(pull: 0, progress: 1), 1)
        XCTAssertEqual(CardPose.pullScale(pull: 50, progress: 1), 0.93, accuracy: 1e-12)
        XCTAssertEqual(CardPose.pullScale(pull: 100, progress: 1), 0.86, accuracy: 1e-12)
        XCTAssertEqual(CardPose.pullScale(pull: 180, progress: 1), 0.86, accuracy: 1e-12)
        XCTAssertEqual(CardPose.pullScale(pull: 100, progress: 0), 1, "blended out in the slot")
        XCTAssertEqual(CardPose.pullScale(pull: 100, progress: 0.5), 0.93, accuracy: 1e-12)
    }

    func testThePullRoundsTheCornersAndFollowsTheFingerByHalf() {
        XCTAssertEqual([0, 50, 100, 180].map { CardPose.pullRadius(pull: $0) }, [0, 7.5, 15, 15])
        XCTAssertEqual(CardPose.pullOffset(pull: 80, progress: 1), 40)
        XCTAssertEqual(CardPose.pullOffset(pull: 80, progress: 0.5), 20, "blended out while collapsing")
        XCTAssertEqual(CardPose.pullOffset(pull: 80, progress: 1.02), 40, "not past the window")
    }

    func testCornersAreRoundInTheSlotSquareInTheWindowAndRoundAgainPulled() {
        XCTAssertEqual(CardPose(frame: frame, progress: 0).cornerRadius, 15)
        XCTAssertEqual(CardPose(frame: frame, progress: 0.6).cornerRadius, 6, accuracy: 1e-12)
        XCTAssertEqual(CardPose(frame: frame, progress: 1.003).cornerRadius, 0, "a spring's overshoot")
        XCTAssertEqual(CardPose(frame: frame, progress: 1, pullRadius: 9).cornerRadius, 9)
        XCTAssertEqual(CardPose(frame: frame, progress: 0.5, pullRadius: 12).cornerRadius, 15, "never past 15 pt")
    }

    func testTheTransformScalesAboutTheCentreThenFollowsDown() {
        let pose = CardPose(frame: frame, progress: 1, pullRadius: 15, scale: 0.5, offset: 10)
        XCTAssertEqual(pose.transform, Transform(scale: 0.5, translation: Point(50, 60)))
        XCTAssertEqual(pose.transform.apply(frame), Rect(x: 50, y: 60, width: 100, height: 100))
        XCTAssertEqual(CardPose(frame: frame, progress: 0.3).transform, .identity)
    }

    func testOnlyACardCoveringTheWindowIsALayerWhichTheLayerCopyPulls() {
        XCTAssertFalse(CardPose(frame: frame, progress: 0.999).coversWindow)
        XCTAssertTrue(CardPose(frame: frame, progress: 1).coversWindow)
        XCTAssertTrue(CardPose(frame: frame, progress: 1.004).coversWindow)
        let pulled = CardPose(frame: frame, progress: 1, pullRadius: 15, scale: 0.86, offset: 50)
        XCTAssertEqual(pulled.inLayer, CardPose(frame: frame, progress: 1))
        XCTAssertEqual(pulled.inLayer.transform, .identity)
        XCTAssertEqual(pulled.inLayer.cornerRadius, 0)
    }
}
