import Foundation
import XCTest
@testable import FlingCore

/// Properties of the JSON reader over seeded random input: valid documents
/// round-trip through `serialized`; arbitrary bytes and mutated documents never trap, and
/// every refusal says where (line ≥ 1, column ≥ 1).
final class JSONPropertyTests: XCTestCase {
    private struct Generator {
        var rng: SplitMix64
        mutating func int(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }

        mutating func string() -> String {
            let pool: [Unicode.Scalar] = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}",
                                          "é", "ß", "€", "\u{FFFF}", "\u{10000}", "😀", "\u{10FFFF}", "\u{2028}", "{", "]", ","]
            var s = String.UnicodeScalarView()
            for _ in 0..<int(12) { s.append(pool[int(pool.count)]) }
            return String(s)
        }

        mutating func number() -> JSONValue {
            switch int(5) {
            case 0: return .int(Int(truncatingIfNeeded: rng.next()))
            case 1: return .int(int(1000) - 500)
            case 2: return .number(rng.uniform(-1e6, 1e6))
            case 3: return .number(Double(bitPattern: rng.next() & 0x7FEF_FFFF_FFFF_FFFF) * (int(2) == 0 ? 1 : -1))
            default: return .number(rng.uniform(-1, 1) * 1e-300)
            }
        }

        mutating func value(depth: Int = 0) -> JSONValue {
            switch depth > 5 ? int(5) : int(7) {
            case 0: return .null
            case 1: return .bool(int(2) == 0)
            case 2: return number()
            case 3, 4: return .string(string())
            case 5: return .array((0..<int(5)).map { _ in value(depth: depth + 1) })
            default: return .object((0..<int(5)).map { _ in (string(), value(depth: depth + 1)) })
            }
        }
    }

    /// Whole numbers written as "1.0" read back as `.int`; compare by meaning.
    private func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case let (.array(x), .array(y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case let (.object(x), .object(y)): return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && same($0.1, $1.1) }
        default:
            if let x = a.doubleValue, let y = b.doubleValue { return x == y }
            return a == b
        }
    }

    func testValidDocumentsRoundTrip() throws {
        var g = Generator(rng: SplitMix64(seed: 0x15))
        for i in 0..<3000 {
            let v = g.value()
            let text = v.serialized
            let back: JSONValue
            do { back = try JSONParser.parse(text) } catch { return XCTFail("case \(i): \(text) did not parse: \(error)") }
            XCTAssertTrue(same(v, back), "case \(i): \(text) read back as \(back.serialized)")
            XCTAssertEqual(back.serialized, try JSONParser.parse(back.serialized).serialized, "case \(i): serialising is stable")
        }
    }

    func testArbitraryBytesNeverTrapAndErrorsSayWhere() {
        var rng = SplitMix64(seed: 0xB17E5)
        let alphabet = Array("{}[]\",:\\/ubfnrt0123456789.eE+-aA \n\t\rDdFfxé😀".utf8) + [0x00, 0x80, 0xC3, 0xED, 0xF0, 0xFF]
        var refused = 0
        for _ in 0..<20000 {
            let n = Int(rng.next() % 40)
            let bytes = (0..<n).map { _ in rng.next() % 3 == 0 ? UInt8(truncatingIfNeeded: rng.next()) : alphabet[Int(rng.next() % UInt64(alphabet.count))] }
            do { _ = try JSONParser.parse(String(decoding: bytes, as: UTF8.self)) } catch {
                refused += 1
                XCTAssertGreaterThanOrEqual(error.line, 1)
                XCTAssertGreaterThanOrEqual(error.column, 1)
            }
        }
        XCTAssertGreaterThan(refused, 15000, "mostly garbage")
    }

    func testMutatedValidDocumentsNeverTrap() {
        var g = Generator(rng: SplitMix64(seed: 0x3D))
        var rng = SplitMix64(seed: 0x3E)
        let escapes = [#"\uD800"#, #"\uDBFF\u0041"#, #"\uD800\uE000"#, #"\uDC00"#, #"\u12"#, #"\x"#, "1e999", "-", "\u{0}"]
        for _ in 0..<5000 {
            var bytes = Array(g.value().serialized.utf8)
            for _ in 0..<Int(1 + rng.next() % 3) {
                let at = bytes.isEmpty ? 0 : Int(rng.next() % UInt64(bytes.count + 1))
                switch rng.next() % 3 {
                case 0: bytes.insert(contentsOf: Array(escapes[Int(rng.next() % UInt64(escapes.count))].utf8), at: at)
                case 1: if at < bytes.count { bytes.remove(at: at) }
                default: if at < bytes.count { bytes[at] = UInt8(truncatingIfNeeded: rng.next()) }
                }
            }
            do {
                let v = try JSONParser.parse(String(decoding: bytes, as: UTF8.self))
                XCTAssertNoThrow(try JSONParser.parse(v.serialized), "what parses re-serialises to valid JSON")
            } catch {
                XCTAssertGreaterThanOrEqual(error.line, 1)
            }
        }
    }

    // MARK: Image headers (the same promise: any bytes, no trap)

    func testImageHeadersOfPNGAndJPEG() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let png = try [UInt8](Data(contentsOf: root.appendingPathComponent("Resources/images/avatar.png")))
        XCTAssertEqual(ImageHeader.read(png), ImageHeader(format: .png, width: 160, height: 160))
        let jpeg = try [UInt8](Data(contentsOf: root.appendingPathComponent("Resources/images/restaurants/espresso.jpg")))
        XCTAssertEqual(ImageHeader.read(jpeg), ImageHeader(format: .jpeg, width: 600, height: 400))
        XCTAssertTrue(ImageHeader.jpegIsComplete(jpeg))
        // A 36 MP PNG is refused (decoded whole, it peaked at 513 MB); a JPEG that
        // size is decoded at the size drawn.
        XCTAssertEqual(ImageHeader(format: .png, width: 6000, height: 6000).budgetProblem?.hasPrefix("6000×6000 px is over the budget of 12 megapixels a PNG"), true)
        XCTAssertNil(ImageHeader(format: .jpeg, width: 6000, height: 6000).budgetProblem)
        XCTAssertNil(ImageHeader(format: .png, width: 4000, height: 3000).budgetProblem)
        XCTAssertFalse(ImageHeader.jpegIsComplete(Array(jpeg.prefix(jpeg.count / 2))), "cut in half")
        XCTAssertFalse(ImageHeader.jpegIsComplete(Array(jpeg.prefix(jpeg.count - 2))), "only the end marker missing")
        XCTAssertEqual(ImageHeader.jpegCheck(Array(jpeg.prefix(jpeg.count / 2))), .endsEarly)
        // Damaged before the first scan (a marker's bytes overwritten): named with its place,
        // not called truncated (as it once was).
        var damaged = jpeg
        damaged[2] = 0x12; damaged[3] = 0x34
        XCTAssertEqual(ImageHeader.jpegCheck(damaged), .damaged(at: 2))
        XCTAssertNil(ImageHeader(format: .jpeg, width: 6000, height: 4000).budgetProblem, "a 24 MP camera photo (a JPEG) is fine")
        XCTAssertEqual(ImageHeader(format: .png, width: 16000, height: 16000).budgetProblem,
                       "16000×16000 px is over the budget of 40 megapixels a photo")
        XCTAssertNotNil(ImageHeader(format: .jpeg, width: 0, height: 10).budgetProblem)
        var rng = SplitMix64(seed: 0x1A6E)
        for _ in 0..<20000 {
            var bytes = rng.next() % 2 == 0 ? Array(jpeg.prefix(Int(rng.next() % 700))) : Array(png.prefix(Int(rng.next() % 40)))
            for _ in 0..<Int(rng.next() % 4) where !bytes.isEmpty { bytes[Int(rng.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: rng.next()) }
            _ = ImageHeader.read(bytes)
            _ = ImageHeader.jpegIsComplete(bytes)
            _ = ImageHeader.read(bytes)?.budgetProblem
        }
    }
}
