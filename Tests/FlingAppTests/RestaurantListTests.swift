import FlingCore
import Foundation
import XCTest

/// The Restaurants list end to end: the real binary, headless, driven by scripts.
final class RestaurantListTests: XCTestCase {
    // The scripted list tests run in-process: FlingUITests/RestaurantListSceneTests.

    func testSteadyStateFramesRasteriseNoText() throws {
        let dir = try FlingRunner.headless("""
            0.1 state $OUT/first.json
            0.2 state $OUT/second.json
            """)
        let first = try FlingRunner.state(dir, "first.json")
        XCTAssertGreaterThan(first.number("render.textRasterizations"), 10)
        let second = try FlingRunner.state(dir, "second.json")
        XCTAssertEqual(second.number("render.textRasterizations"), 0)
        XCTAssertEqual(second.number("render.textCacheEntries"), first.number("render.textCacheEntries"))
        XCTAssertGreaterThan(second.number("render.imageCacheEntries"), 5)
        XCTAssertGreaterThan(second.number("render.drawCalls"), 20)
    }
}
