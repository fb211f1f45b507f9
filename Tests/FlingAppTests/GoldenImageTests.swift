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

    func testSheetAtHalfFullAndMidDrag() throws {
        let dir = try FlingRunner.headless("""
            0.1 tap 200 230
            1.5 shot $OUT/half.png
            1.6 down 200 600
            1.65 move 200 580
            1.7 move 200 450
            1.75 shot $OUT/drag.png
            1.8 up 200 450
            1.9 key Up
            3.5 shot $OUT/full.png
            """)
        GoldenImage.assertMatches(dir.appendingPathComponent("half.png"), golden: "sheet-half-390x844")
        GoldenImage.assertMatches(dir.appendingPathComponent("drag.png"), golden: "sheet-drag-390x844")
        GoldenImage.assertMatches(dir.appendingPathComponent("full.png"), golden: "sheet-full-390x844")
    }

    func testTodayListExpandedAndMidDrag() throws {
        let args = ["--scene", "today", "--date", "2026-11-22"]
        let dir = try FlingRunner.headless("""
            0.1 shot $OUT/list.png
            0.2 tap 200 300
            1.5 shot $OUT/expanded.png
            1.6 down 200 300
            1.65 move 200 310
            1.7 move 200 380
            1.75 shot $OUT/drag.png
            """, args: args)
        GoldenImage.assertMatches(dir.appendingPathComponent("list.png"), golden: "today-list-390x844")
        GoldenImage.assertMatches(dir.appendingPathComponent("expanded.png"), golden: "today-expanded-390x844")
        GoldenImage.assertMatches(dir.appendingPathComponent("drag.png"), golden: "today-drag-390x844")
        let wide = try FlingRunner.headless("0.1 shot $OUT/wide.png\n", args: args + ["--size", "1920x1080"])
        GoldenImage.assertMatches(wide.appendingPathComponent("wide.png"), golden: "today-list-1920x1080")
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
