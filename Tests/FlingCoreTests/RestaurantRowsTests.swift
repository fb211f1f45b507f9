// RestaurantRowsTests: restaurants.json checked whole without being built (the same errors
// as a whole parse), rows built from their byte ranges, and the rows kept.
import XCTest
@testable import FlingCore

final class RestaurantRowsTests: XCTestCase {
    /// A row as the shipped file writes one, with `name` and extra fields.
    static func row(_ name: String, extra: String = "") -> String {
        "{\"name\": \"\(name)\", \"type\": \"Café\", \"location\": \"Wien \\u00e9\\n\", \"phone\": \"1\", "
            + "\"description\": \"Quote \\\" and \\\\ and 😀\", \"image\": \"a.jpg\"\(extra)}"
    }

    private func scanError(_ text: String) -> String {
        do { _ = try SampleData.restaurantRows(utf8: Array(text.utf8)); return "no error" } catch { return "\(error)" }
    }

    private func parseError(_ text: String) -> String {
        do { _ = try SampleData.restaurants(fromJSON: text); return "no error" } catch { return "\(error)" }
    }

    /// Every way a file can be wrong gives the error (and line:column) a whole parse gives.
    func testScanningGivesTheErrorsOfAWholeParse() {
        let r = Self.row("A")
        let cases = [
            "", "   ", "{}", "[]", "[\n  {\"name\": \"A\",,\n]", "[\(r),]", "[\(r)] x", "[\(r)", "[\(r) \(r)]",
            "[\"text\"]", "[1, \(r)]", "[\(r), {\"name\": 1}]", "[{\"type\": \"x\"}]",
            "[" + Self.row("B", extra: ", \"isVisited\": 1") + "]", "[" + Self.row("C", extra: ", \"isVisited\": null") + "]",
            "[" + Self.row("D", extra: ", \"nested\": {\"a\": [1, 2.5e3, -0, true, false, null, \"\\ud83d\\ude00\"]}") + "]",
            "[" + Self.row("E", extra: ", \"bad\": \"\\ud83d\"") + "]", "[" + Self.row("F", extra: ", \"n\": 1e999") + "]",
            "[" + Self.row("G", extra: ", \"n\": 01") + "]", "[\(r), {\"name\": \"x\",\n \"type\": tru}]",
            "[" + String(repeating: "[", count: 300) + "]", "[{\"name\": \"a\"  \"type\": \"b\"}]",
            "[{\"name\": \"A\", \"name\": 5, \"type\": \"t\", \"location\": \"l\", \"phone\": \"p\", \"description\": \"d\", \"image\": \"i\"}]",
            "[{\"name\": 5, \"name\": \"A\", \"type\": \"t\", \"location\": \"l\", \"phone\": \"p\", \"description\": \"d\", \"image\": \"i\"}]",
        ]
        for text in cases {
            XCTAssertEqual(scanError(text), parseError(text), "for: \(text)")
        }
        XCTAssertEqual(scanError("[\(r)]"), "no error")
        XCTAssertEqual(scanError("[\(r), {}]"), "item 2: missing field \"name\"")
        XCTAssertEqual(scanError("[\n  {\"name\": \"A\",,\n]"), "line 2, column 16: a string key was expected")
    }

    /// Each row built from its bytes is the row a whole parse builds.
    func testRowsBuiltFromTheirBytesAreTheWholeParsesRows() throws {
        let rows = [Self.row("Zero"), Self.row("Один", extra: ", \"isVisited\": true"), Self.row("二", extra: ", \"isVisited\": false, \"x\": [1, {}]")]
        let text = "[\n" + rows.joined(separator: ",\n  ") + "\n]\n"
        let bytes = Array(text.utf8)
        let ranges = try SampleData.restaurantRows(utf8: bytes)
        let whole = try SampleData.restaurants(fromJSON: text)
        XCTAssertEqual(ranges.count, 3)
        for (i, range) in ranges.enumerated() {
            var warnings: [String] = []
            XCTAssertEqual(try SampleData.restaurant(item: Array(bytes[range]), number: i + 1, warnings: &warnings), whole[i])
            XCTAssertEqual(warnings, [])
        }
        XCTAssertEqual(whole[1].name, "Один")
        XCTAssertEqual(whole[0].location, "Wien é\n")
        // A row's cut fields are said when it is built, with its item number.
        let long = "[" + Self.row(String(repeating: "x", count: InteractionConstants.maxDataLabelCharacters + 5)) + "]"
        let r = try SampleData.restaurantRows(utf8: Array(long.utf8))
        var warnings: [String] = []
        let built = try SampleData.restaurant(item: Array(Array(long.utf8)[r[0]]), number: 7, warnings: &warnings)
        XCTAssertEqual(built.name.count, InteractionConstants.maxDataLabelCharacters)
        XCTAssertEqual(warnings, ["item 7: field \"name\" has 1005 characters; only the first 1000 are shown"])
    }

    /// Rows are built when read, once while kept, and the oldest let go past the limit.
    @MainActor func testRowsAreBuiltWhenReadAndTheLatestKept() {
        var loads: [Int] = []
        let rows = RestaurantRows(count: 100_000) { i in
            loads.append(i)
            return Restaurant(name: "R \(i)", type: "", location: "", phone: "", description: "", image: "", isVisited: false)
        }
        XCTAssertEqual(loads, [])
        XCTAssertEqual(rows[99_999].name, "R 99999")
        XCTAssertEqual(rows[99_999].name, "R 99999")
        XCTAssertEqual(loads, [99_999])
        let limit = InteractionConstants.builtRowsKept
        for i in 0..<limit { _ = rows[i] }
        XCTAssertEqual(loads.count, limit + 1)
        _ = rows[limit - 1]           // still kept
        XCTAssertEqual(loads.count, limit + 1)
        _ = rows[99_999]              // the oldest: let go for row limit - 1's place
        XCTAssertEqual(loads.count, limit + 2)
        XCTAssertEqual(rows.firstIndex(named: "R 3"), 3)
        XCTAssertEqual(rows.names(first: 2), ["R 0", "R 1"])
        XCTAssertEqual(RestaurantRows([]).isEmpty, true)
    }
}
