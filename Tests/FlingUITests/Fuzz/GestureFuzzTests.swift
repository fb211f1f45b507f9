import FlingCore
import FlingUI
import Foundation
import XCTest

/// Random gesture sequences against every scene and sheet policy. `make test` runs
/// a fixed set of seeds; `make fuzz MINUTES=N` runs new seeds for N minutes and writes each
/// failure as a minimised script into `fuzz-failures/`; `make fuzz REPLAY=FILE` replays one.
final class GestureFuzzTests: XCTestCase {
    /// Seeds per scene × policy in the fixed set.
    static let fixedSeedsPerCombination: UInt64 = 10

    @MainActor private static func check(seed: UInt64, scene: SceneID?, policy: SheetPolicyKind?) -> (String?, Int) {
        var fuzzer = GestureFuzzer(seed: seed, scene: scene, policy: policy)
        let outcome = fuzzer.run()
        guard let failure = outcome.failure else { return (nil, outcome.frames) }
        let lines = GestureFuzzer.minimise(outcome.lines, config: fuzzer.config, kind: failure.kind)
        let final = GestureFuzzer.replay(lines, config: fuzzer.config) ?? failure
        return (GestureFuzzer.report(seed: seed, config: fuzzer.config, failure: final, lines: lines), outcome.frames)
    }

    func testFixedSeedsKeepEveryInvariantInEverySceneAndPolicy() { MainActor.assumeIsolated {
        var sequences = 0, frames = 0
        for scene in SceneID.allCases {
            for (p, policy) in SheetPolicyKind.allCases.enumerated() {
                for k in 0..<Self.fixedSeedsPerCombination {
                    let seed = 1000 * UInt64(SceneID.allCases.firstIndex(of: scene) ?? 0) + 100 * UInt64(p) + k
                    let (report, n) = Self.check(seed: seed, scene: scene, policy: policy)
                    sequences += 1; frames += n
                    if let report { XCTFail("fuzz seed \(seed) failed; minimised script:\n\(report)") }
                }
            }
        }
        print("[fuzz] \(sequences) fixed sequences, \(frames) frames")
    } }

    /// Saved scripts of faults the fuzzer found (Tests/FuzzRegressions/*.txt) stay fixed.
    func testSavedFailingScriptsNowPass() throws { try MainActor.assumeIsolated {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("FuzzRegressions")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path))?.filter { $0.hasSuffix(".txt") }.sorted() ?? []
        for name in files {
            let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
            guard let config = FuzzConfig.parse(header: text) else { XCTFail("\(name): no '# fling --headless' header"); continue }
            let lines = text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
            if let f = GestureFuzzer.replay(lines, config: config) { XCTFail("\(name): \(f)") }
        }
    } }

    /// `FLING_FUZZ_MINUTES=N`: new seeds for N minutes; failures into `FLING_FUZZ_OUT`.
    func testFuzzForMinutes() throws { try MainActor.assumeIsolated {
        let env = ProcessInfo.processInfo.environment
        if let path = env["FLING_FUZZ_REPLAY"], !path.isEmpty {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            guard let config = FuzzConfig.parse(header: text) else { return XCTFail("\(path): no '# fling --headless' header") }
            let lines = text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
            if let f = GestureFuzzer.replay(lines, config: config) { XCTFail("\(path): \(f)") } else { print("[fuzz] \(path): passes") }
            return
        }
        guard let minutes = env["FLING_FUZZ_MINUTES"].flatMap(Double.init), minutes > 0 else {
            throw XCTSkip("set FLING_FUZZ_MINUTES (make fuzz MINUTES=30)")
        }
        let out = env["FLING_FUZZ_OUT"] ?? "fuzz-failures"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        // New seeds each run (the seed is in every report, so any failure replays).
        var seed = env["FLING_FUZZ_SEED"].flatMap { UInt64($0) } ?? UInt64(Date().timeIntervalSince1970 * 1000)
        let end = Date().addingTimeInterval(minutes * 60)
        var sequences = 0, failures = 0, frames = 0
        var kinds: [String: Int] = [:]
        while Date() < end {
            let (report, n) = Self.check(seed: seed, scene: nil, policy: nil)
            sequences += 1; frames += n
            if let report {
                failures += 1
                let kind = report.split(separator: "\n").first { $0.hasPrefix("# failed:") }.map(String.init) ?? "?"
                kinds[kind, default: 0] += 1
                let file = "\(out)/seed-\(seed).txt"
                _ = FileManager.default.createFile(atPath: file, contents: Data(report.utf8))
                print("[fuzz] seed \(seed) failed → \(file)\n\(report)")
            }
            seed &+= 1
        }
        print("[fuzz] \(sequences) sequences (\(frames) frames) in \(minutes) min: \(failures) failed")
        for (k, n) in kinds.sorted(by: { $0.value > $1.value }) { print("[fuzz]   \(n) × \(k)") }
        XCTAssertEqual(failures, 0, "failing scripts are in \(out)/")
    } }
}
