import XCTest
@testable import FlingCore

final class JSONTests: XCTestCase {
    func testParsesAndSerialisesInOrder() throws {
        let v = try JSONParser.parse(#"{"b": [1, 2.5, "x\n\u00e9"], "a": {"t": true, "n": null}}"#)
        XCTAssertEqual(v.serialized, #"{"b": [1, 2.5, "x\né"], "a": {"t": true, "n": null}}"#)
        XCTAssertEqual(v["b"]?.arrayValue?[1].doubleValue, 2.5)
    }

    func testReportsLineAndColumnOfTheFirstError() {
        let text = "[\n  {\"name\": \"A\",\n   \"type\" \"B\"}\n]"
        XCTAssertThrowsError(try JSONParser.parse(text)) { e in
            let err = e as? JSONSyntaxError
            XCTAssertEqual(err?.line, 3)
            XCTAssertEqual(err?.column, 11)
            XCTAssertTrue(err?.message.contains("':' was expected") ?? false)
        }
        XCTAssertThrowsError(try JSONParser.parse("[1, 2,]")) { e in XCTAssertEqual((e as? JSONSyntaxError)?.column, 7) }
        XCTAssertThrowsError(try JSONParser.parse("\"open")) { e in XCTAssertTrue("\(e)".contains("unterminated")) }
        XCTAssertThrowsError(try JSONParser.parse(String(repeating: "[", count: 300))) { e in XCTAssertTrue("\(e)".contains("nesting")) }
    }

    func testNumbersInStateDumpsAreRoundedToThousandths() {
        XCTAssertEqual(JSONValue.rounded(422.00049).serialized, "422.0")
        XCTAssertEqual(JSONValue.rounded(-0.1234).serialized, "-0.123")
        XCTAssertEqual(JSONValue.rounded(.nan).serialized, "null")
    }

    func testSampleDataNamesTheMissingField() {
        XCTAssertThrowsError(try SampleData.restaurants(fromJSON: #"[{"name": "A"}]"#)) { e in
            XCTAssertEqual("\(e)", #"item 1: missing field "type""#)
        }
        XCTAssertThrowsError(try SampleData.articles(fromJSON: "{}")) { e in XCTAssertEqual("\(e)", "the top level must be an array") }
    }
}
