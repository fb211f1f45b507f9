import FlingCore
import FlingSDL
import Foundation
import XCTest

/// Golden-image checks: the stored PNG in Tests/Golden against what the app drew, per
/// channel with a tolerance and a cap on differing pixels. On failure the actual image and a
/// diff (red = differs) are written beside the test's scratch files. `make golden`
/// (FLING_UPDATE_GOLDEN=1) re-records, and each re-recorded image fails its test on purpose:
/// record mode left on (in CI, say) can never pass a suite that compared nothing.
enum GoldenImage {
    static let tolerance = 8
    /// Share of pixels allowed past the tolerance (font rasteriser differences).
    static let maxDifferingShare = 0.002

    static var updating: Bool { ProcessInfo.processInfo.environment["FLING_UPDATE_GOLDEN"] == "1" }

    static func assertMatches(_ actualPath: URL, golden name: String, file: StaticString = #filePath, line: UInt = #line) {
        let goldenURL = FlingRunner.packageRoot.appendingPathComponent("Tests/Golden/\(name).png")
        let actual: RGBAImage
        do { actual = try PNGFile.read(actualPath.path) } catch {
            return XCTFail("no image was written: \(error)", file: file, line: line)
        }
        if updating {
            do { try PNGFile.write(actual, to: goldenURL.path) } catch { XCTFail("\(error)", file: file, line: line) }
            return XCTFail("\(name): re-recorded (FLING_UPDATE_GOLDEN=1), not compared; run again without it to check",
                           file: file, line: line)
        }
        let expected: RGBAImage
        do { expected = try PNGFile.read(goldenURL.path) } catch {
            return XCTFail("golden image missing: \(goldenURL.path) (record it with `make golden`)", file: file, line: line)
        }
        let cmp = ImageComparison.compare(actual, expected, tolerance: tolerance)
        let allowed = Int(Double(actual.width * actual.height) * maxDifferingShare)
        guard !cmp.sizeMatches || cmp.differingPixels > allowed else { return }
        let base = actualPath.deletingPathExtension().path
        if let diff = cmp.diffImage { try? PNGFile.write(diff, to: base + ".diff.png") }
        XCTFail("""
            \(name): \(cmp.sizeMatches ? "\(cmp.differingPixels) pixels differ by more than \(tolerance) (allowed \(allowed)); max delta \(cmp.maxChannelDelta)" : "size \(actual.width)×\(actual.height) ≠ \(expected.width)×\(expected.height)")
            actual: \(actualPath.path)  diff: \(base).diff.png
            """, file: file, line: line)
    }
}
