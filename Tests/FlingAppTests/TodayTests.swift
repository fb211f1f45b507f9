import FlingCore
import Foundation
import XCTest

/// The Today cards end to end (390×844 unless said; --date fixed for the golden images).
final class TodayTests: XCTestCase {
    let args = ["--scene", "today", "--date", "2026-11-22"]

    func run(_ script: String, extra: [String] = [], name: String = #function) throws -> URL {
        try FlingRunner.headless(script, args: args + extra, name: name)
    }

    func card(_ dir: URL, _ file: String) throws -> JSONValue { try XCTUnwrap(FlingRunner.state(dir, file)["card"]) }

    func frame(_ v: JSONValue?) -> [Double] { v?.arrayValue?.compactMap(\.doubleValue) ?? [] }

    /// The first card's slot from a state dump.
    func firstSlot(_ dir: URL, _ file: String) throws -> [Double] {
        frame(try FlingRunner.state(dir, file).at("list.rows.0.frame"))
    }

    func testListLayout() throws {
        let dir = try run("0.1 state $OUT/s.json\n")
        let s = try FlingRunner.state(dir, "s.json")
        XCTAssertEqual(s["scene"]?.stringValue, "today")
        let slot = frame(s.at("list.rows.0.frame"))
        XCTAssertEqual(slot[0], 20); XCTAssertEqual(slot[2], 350)
        XCTAssertEqual(slot[3], 400, "mountain-trail.jpg is 1200 px tall: 1200 / 3")
        let second = frame(s.at("list.rows.1.frame"))
        XCTAssertEqual(second[1] - (slot[1] + slot[3]), 40, "cards 40 pt apart")
        XCTAssertEqual(s.at("card.phase")?.stringValue, "collapsed")
        XCTAssertEqual(s.at("card.index"), .null)
        XCTAssertEqual(s.number("list.opacity"), 1)
    }

    func testNoHeadlineOrSubHeadlineEndsInAnEllipsis() throws {
        // With the real fonts at each output's size and at 1 and 2 px per pt
        // (text is set at the device pixel size): the headlines (≤ 2 lines) and sub-headlines
        // (≤ 3) shrink to fit their panel instead of being cut. Before, 4 of the 10
        // sub-headlines were cut to one line with "…" at 390×844.
        for size in ["390x844", "1080x1920", "1920x1080"] {
            for scale in ["1", "2"] {
                let dir = try run("0.1 state $OUT/s.json\n", extra: ["--size", size, "--scale", scale], name: "ellipsis-\(size)@\(scale)")
                let excerpts = try XCTUnwrap(FlingRunner.state(dir, "s.json").at("list.excerpts")?.arrayValue, "\(size)@\(scale)")
                XCTAssertEqual(excerpts.count, 10)
                for (i, e) in excerpts.enumerated() {
                    for (key, limit) in [("headline", 2), ("subHeadline", 3)] {
                        let lines = e[key]?["lines"]?.arrayValue?.compactMap(\.stringValue) ?? []
                        XCTAssertTrue((1...limit).contains(lines.count), "card \(i) \(key) at \(size)@\(scale): \(lines)")
                        XCTAssertFalse(lines.contains { $0.hasSuffix("…") }, "card \(i) \(key) at \(size)@\(scale): \(lines)")
                        XCTAssertGreaterThanOrEqual(e[key]?.number("size") ?? 0, key == "headline" ? 2.8 : 1.5, "not below 10 %")
                    }
                }
            }
        }
    }

    func testTapExpandsToTheWindowAndCloseReturnsToTheSlot() throws {
        let dir = try run("""
            0.1 state $OUT/list.json
            0.2 tap 200 300
            0.3 state $OUT/mid.json
            1.5 state $OUT/full.json
            1.6 tap 361 63
            1.65 state $OUT/closing.json
            1.6 state $OUT/before-close.json
            1.9833 state $OUT/almost.json
            2.5 state $OUT/closed.json
            """)
        let slot = try firstSlot(dir, "list.json")
        let mid = try card(dir, "mid.json")
        XCTAssertEqual(mid["phase"]?.stringValue, "expanding")
        XCTAssertEqual(mid.number("index"), 0)
        let full = try card(dir, "full.json")
        XCTAssertEqual(full["phase"]?.stringValue, "expanded")
        XCTAssertEqual(frame(full["frame"]), [0, 0, 390, 844])
        XCTAssertEqual(full.number("progress"), 1)
        XCTAssertEqual(try FlingRunner.state(dir, "full.json").number("list.opacity"), 0)
        XCTAssertEqual(try card(dir, "closing.json")["phase"]?.stringValue, "collapsing")
        let almost = frame(try card(dir, "almost.json")["frame"])
        for k in 0..<4 { XCTAssertEqual(almost[k], slot[k], accuracy: 2, "nearly home one frame before the end") }
        let closed = try FlingRunner.state(dir, "closed.json")
        XCTAssertEqual(closed.at("card.phase")?.stringValue, "collapsed")
        XCTAssertEqual(closed.number("list.opacity"), 1)
        XCTAssertEqual(frame(closed.at("list.rows.0.frame")), slot, "the slot is exactly where it was")
    }

    func testEscapeCollapses() throws {
        let dir = try run("0.2 tap 200 300\n1.5 key Escape\n1.55 state $OUT/c.json\n2.5 state $OUT/s.json\n")
        XCTAssertEqual(try card(dir, "c.json")["phase"]?.stringValue, "collapsing")
        XCTAssertEqual(try card(dir, "s.json")["phase"]?.stringValue, "collapsed")
    }

    func testPressShrinksTheCardAndADragScrollsInstead() throws {
        let dir = try run("""
            0.1 down 200 300
            0.4 state $OUT/held.json
            0.5 move 200 290
            0.6 move 200 200
            0.7 state $OUT/scrolling.json
            0.8 up 200 200
            """)
        let held = try card(dir, "held.json")
        XCTAssertEqual(held["phase"]?.stringValue, "pressed")
        XCTAssertEqual(held.number("scale"), 0.96, accuracy: 0.001)
        let s = try FlingRunner.state(dir, "scrolling.json")
        XCTAssertEqual(s.at("card.phase")?.stringValue, "collapsed")
        XCTAssertEqual(s.number("list.offset"), 90, accuracy: 0.01)
    }

    /// Pull the expanded card down by `by` pt (past the 10 pt slop), pause, release.
    func slowPull(_ by: Double) -> String {
        "0.2 tap 200 300\n1.5 down 200 300\n1.55 move 200 310\n1.7 move 200 \(310 + by)\n1.8 state $OUT/pulled.json\n1.9 up 200 \(310 + by)\n3.5 state $OUT/s.json\n"
    }

    func testSlowPullJustUnderAndOverTheThreshold() throws {
        let under = try run(slowPull(99))
        let pulled = try card(under, "pulled.json")
        XCTAssertEqual(pulled["phase"]?.stringValue, "dragging")
        XCTAssertEqual(pulled.number("scale"), 1 - 0.14 * 0.99, accuracy: 0.001)
        XCTAssertEqual(try card(under, "s.json")["phase"]?.stringValue, "expanded")
        XCTAssertEqual(try card(under, "s.json").number("scale"), 1)
        let over = try run(slowPull(101))
        XCTAssertEqual(try card(over, "s.json")["phase"]?.stringValue, "collapsed")
    }

    func testFlickedPullJustUnderAndOverTheProjection() throws {
        let slow = try run("0.2 tap 200 300\n1.5 drag 200 300 200 330 0.3\n3.5 state $OUT/s.json\n")
        XCTAssertEqual(try card(slow, "s.json")["phase"]?.stringValue, "expanded", "20 pt at 100 pt/s projects to 70 pt")
        let fast = try run("0.2 tap 200 300\n1.5 drag 200 300 200 330 0.1\n3.5 state $OUT/s.json\n")
        XCTAssertEqual(try card(fast, "s.json")["phase"]?.stringValue, "collapsed", "20 pt at 300 pt/s projects to 170 pt")
    }

    func testDragUpAtTheTopScrollsTheContent() throws {
        let dir = try run("0.2 tap 200 300\n1.5 drag 200 600 200 300 0.3\n1.85 state $OUT/s.json\n")
        let c = try card(dir, "s.json")
        XCTAssertEqual(c["phase"]?.stringValue, "expanded")
        XCTAssertGreaterThan(c.number("contentOffset"), 290)
        XCTAssertEqual(c.number("scale"), 1)
    }

    func testTappingAnotherCardWhileOneCollapses() throws {
        let dir = try run("""
            0.2 tap 200 300
            1.5 key Escape
            1.6 state $OUT/mid.json
            1.6 tap 200 750
            1.7 state $OUT/switched.json
            3 state $OUT/s.json
            """)
        XCTAssertEqual(try card(dir, "mid.json")["phase"]?.stringValue, "collapsing")
        let switched = try card(dir, "switched.json")
        XCTAssertEqual(switched["phase"]?.stringValue, "expanding")
        XCTAssertEqual(switched.number("index"), 1)
        let s = try card(dir, "s.json")
        XCTAssertEqual(s["phase"]?.stringValue, "expanded")
        XCTAssertEqual(s.number("index"), 1)
    }

    func testTappingTheCollapsingCardReverses() throws {
        let dir = try run("0.2 tap 200 300\n1.5 key Escape\n1.6 state $OUT/mid.json\n1.6 tap 195 300\n3 state $OUT/s.json\n")
        let s = try card(dir, "s.json")
        XCTAssertEqual(s["phase"]?.stringValue, "expanded")
        XCTAssertEqual(s.number("index"), 0)
    }

    func testResizeWhileExpandedFollowsTheWindow() throws {
        let dir = try run("0.2 tap 200 300\n1.5 resize 1080 1920\n1.6 state $OUT/s.json\n1.7 key Escape\n2.5 state $OUT/back.json\n")
        XCTAssertEqual(frame(try card(dir, "s.json")["frame"]), [0, 0, 1080, 1920])
        let back = try FlingRunner.state(dir, "back.json")
        XCTAssertEqual(back.at("card.phase")?.stringValue, "collapsed")
        XCTAssertEqual(back.number("list.opacity"), 1)
    }

    func testWideWindowsFlowIntoColumns() throws {
        let dir = try run("0.1 state $OUT/s.json\n", extra: ["--size", "1920x1080"])
        let rows = try XCTUnwrap(FlingRunner.state(dir, "s.json").at("list.rows")?.arrayValue)
        let frames = rows.map { frame($0["frame"]) }
        XCTAssertEqual(Set(frames.map { $0[0] }).count, 4, "four columns side by side (App Store on iPad)")
        XCTAssertTrue(frames.allSatisfy { $0[2] >= 440 && $0[3] == 500 }, "rows of equal height")
    }

    func testClosingMidExpansionGlidesTheListInsteadOfJumping() throws {
        // The second card is partly off screen; closing while the list still shows must not
        // re-scroll it in one frame (it was 355 pt at once).
        let dir = try run("0.2 tap 200 700\n0.3333 key Escape\n0.35 state $OUT/a.json\n1.5 state $OUT/b.json\n")
        XCTAssertLessThan(try FlingRunner.state(dir, "a.json").number("list.offset"), 60)
        let b = try FlingRunner.state(dir, "b.json")
        XCTAssertEqual(b.at("card.phase")?.stringValue, "collapsed")
        XCTAssertGreaterThan(b.number("list.offset"), 100, "the slot is scrolled into view")
    }
}
