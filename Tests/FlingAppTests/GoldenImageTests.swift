import FlingCore
import Foundation
import XCTest

/// The screens and the gallery against stored PNGs (Tests/Golden; `make golden` re-records).
final class GoldenImageTests: XCTestCase {
    func testRestaurantListAtScale1() throws {
        let dir = try FlingRunner.headless("0.1 shot $OUT/list.png\n")
        GoldenImage.assertMatches(dir.appendingPathComponent("list.png"), golden: "restaurants-390x844@1x")
    }

    func testRestaurantListAtScale2() throws {
        let dir = try FlingRunner.headless("0.1 shot $OUT/list.png\n", args: ["--scale", "2"])
        GoldenImage.assertMatches(dir.appendingPathComponent("list.png"), golden: "restaurants-390x844@2x")
    }

    func testRestaurantListScrolled() throws {
        let dir = try FlingRunner.headless("0.1 wheel -6\n1.0 shot $OUT/list.png\n")
        GoldenImage.assertMatches(dir.appendingPathComponent("list.png"), golden: "restaurants-scrolled-390x844@1x")
    }

    func testGalleryAtScale1And2() throws {
        for scale in ["1", "2"] {
            let dir = FlingRunner.scratch("gallery")
            let out = dir.appendingPathComponent("gallery.png")
            let r = try FlingRunner.run(["gallery", "--scale", scale, "--out", out.path])
            XCTAssertEqual(r.status, 0, r.stderr)
            GoldenImage.assertMatches(out, golden: "gallery@\(scale)x")
        }
    }
}
