// MakeHelpTests: `make help` lists every target the Makefile declares, each with the first
// sentence of the `##` comment above it (a target added without one fails here).
import Foundation
import XCTest

final class MakeHelpTests: XCTestCase {
    func testMakeHelpListsEveryDeclaredTargetWithItsComment() throws {
        let root = FlingRunner.packageRoot
        let makefile = try String(contentsOf: root.appendingPathComponent("Makefile"), encoding: .utf8)
        // Every name on a .PHONY line (the first one continues over a backslash).
        var declared: [String] = [], continued = false
        for line in makefile.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix(".PHONY:") || continued else { continue }
            let names = line.replacingOccurrences(of: ".PHONY:", with: "").replacingOccurrences(of: "\\", with: "")
            declared += names.split(separator: " ").map(String.init).filter { !$0.isEmpty }
            continued = line.hasSuffix("\\")
        }
        XCTAssertTrue(declared.contains("test") && declared.contains("help"), "\(declared)")
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let make = path.map({ "\($0)/make" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("no make on PATH")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: make)
        p.arguments = ["-s", "-C", root.path, "help"]
        // Not the flags of a make this test may run under (-w, --trace would add lines).
        var environment = ProcessInfo.processInfo.environment
        for key in ["MAKEFLAGS", "MFLAGS", "MAKELEVEL"] { environment[key] = nil }
        p.environment = environment
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        let listed = Dictionary(text.split(separator: "\n").compactMap { line -> (String, String)? in
            let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            guard parts.count == 2 else { return nil }
            return (String(parts[0]), parts[1].trimmingCharacters(in: .whitespaces))
        }, uniquingKeysWith: { a, _ in a })
        for name in Set(declared) {
            XCTAssertFalse(listed[name]?.isEmpty ?? true, "make help does not describe '\(name)':\n\(text)")
        }
        XCTAssertEqual(listed["test"], "Unit, end-to-end and golden-image tests (headless: SDL's offscreen driver).")
    }
}
