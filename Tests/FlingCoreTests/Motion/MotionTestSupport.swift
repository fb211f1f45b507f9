import FlingCore
import Foundation
import XCTest

extension SplitMix64 {
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
