import Foundation
import XCTest

/// SplitMix64: a tiny deterministic RNG so that the randomised tests give the same numbers on every run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `low…high`.
    mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }

    /// Standard normal (Box–Muller).
    mutating func gaussian() -> Double {
        let u1 = Swift.max(uniform(0, 1), 1e-300), u2 = uniform(0, 1)
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }
}

/// One check of `Tests/Reference/velocity-cases.json` (see its README there).
struct VelocityCase: Decodable {
    let test: String
    let strategy: String
    let axis: String
    let tolerance: Double
    let expected: Double?
    let samples: [[Double]]
}

enum ReferenceData {
    /// `<package root>/Tests/Reference/<name>` (a copy of shared/reference, kept in the repo so
    /// a clean clone tests on its own): the package root is the first directory above this
    /// file (symlinks resolved) that holds a Package.swift.
    static func url(_ name: String, file: String = #filePath) throws -> URL {
        var directory = URL(fileURLWithPath: file).resolvingSymlinksInPath().deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                let url = directory.appendingPathComponent("Tests/Reference").appendingPathComponent(name)
                guard FileManager.default.fileExists(atPath: url.path) else {
                    throw Missing(message: "reference file not found at \(url.path)")
                }
                return url
            }
            directory = directory.deletingLastPathComponent()
        }
        throw Missing(message: "no Package.swift above \(file); cannot locate Tests/Reference/\(name)")
    }

    static func velocityCases() throws -> [VelocityCase] {
        try JSONDecoder().decode([VelocityCase].self, from: Data(contentsOf: url("velocity-cases.json")))
    }

    struct Missing: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}

/// Asserts |actual − expected| ≤ tolerance, with a message naming both.
func assertClose(_ actual: Double, _ expected: Double, within tolerance: Double, _ what: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    XCTAssert(abs(actual - expected) <= tolerance,
              "\(what) \(actual) is not within \(tolerance) of \(expected)", file: file, line: line)
}
