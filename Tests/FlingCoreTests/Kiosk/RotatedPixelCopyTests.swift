import XCTest
@testable import FlingCore

/// The KMS output's copy (RotatedPixelCopy) gives the pixels the framebuffer's per-pixel
/// writer gives, for every rotation, across tile edges, into larger and smaller screens.
final class RotatedPixelCopyTests: XCTestCase {
    /// A frame of seeded random colours, as RGBA bytes and as ARGB8888 words.
    private func frame(_ w: Int, _ h: Int, seed: UInt64) -> (image: RGBAImage, words: [UInt32]) {
        var rng = SplitMix64(seed: seed)
        var px: [UInt8] = [], words: [UInt32] = []
        for _ in 0..<(w * h) {
            let v = UInt32(truncatingIfNeeded: rng.next())
            let r = UInt8(v >> 16 & 0xFF), g = UInt8(v >> 8 & 0xFF), b = UInt8(v & 0xFF)
            px += [r, g, b, 255]
            words.append(0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b))
        }
        return (RGBAImage(width: w, height: h, pixels: px), words)
    }

    private func check(frameWidth w: Int, frameHeight h: Int, screen: (Int, Int), rotation: Rotation, file: StaticString = #filePath, line: UInt = #line) {
        let (image, words) = frame(w, h, seed: UInt64(w * 1000 + h * 10 + rotation.rawValue))
        let format = FramebufferFormat.xrgb8888(width: screen.0, height: screen.1)
        // A pitch wider than a row, as dumb buffers have.
        let pitch = (screen.0 + 3) * 4
        let padded = FramebufferFormat(width: screen.0, height: screen.1, bitsPerPixel: 32, lineLength: pitch,
                                       red: format.red, green: format.green, blue: format.blue)
        var expected = [UInt8](repeating: 0xEE, count: padded.byteCount)
        expected.withUnsafeMutableBytes { padded.write(image, rotation: rotation, into: $0) }
        var got = [UInt8](repeating: 0xEE, count: padded.byteCount)
        words.withUnsafeBytes { src in
            got.withUnsafeMutableBytes { dst in
                RotatedPixelCopy.copy(from: src.baseAddress!, sourcePitch: w * 4, width: w, height: h, rotation: rotation,
                                      into: dst.baseAddress!, destinationPitch: pitch, destinationWidth: screen.0, destinationHeight: screen.1)
            }
        }
        // The writer puts 0 in the unused byte, the copy the frame's 255: compared without it
        // where a pixel was written, exactly elsewhere (padding and uncovered pixels untouched).
        let ow = rotation.swapsAxes ? h : w, oh = rotation.swapsAxes ? w : h
        var differing = 0
        for y in 0..<screen.1 {
            for x in 0..<(pitch / 4) {
                let o = y * pitch + x * 4
                let covered = x < min(ow, screen.0) && y < min(oh, screen.1)
                for k in 0..<(covered ? 3 : 4) where got[o + k] != expected[o + k] { differing += 1 }
            }
        }
        XCTAssertEqual(differing, 0, "\(w)x\(h) turned \(rotation.degrees)° onto \(screen.0)x\(screen.1)", file: file, line: line)
    }

    func testEveryRotationMatchesTheFramebufferWriter() {
        for r in Rotation.allCases {
            // 70×45 crosses the 32-pixel tiles in both directions, with partial tiles.
            let (sw, sh) = r.swapsAxes ? (45, 70) : (70, 45)
            check(frameWidth: 70, frameHeight: 45, screen: (sw, sh), rotation: r)
        }
    }

    func testAScreenLargerOrSmallerThanTheFrameIsCoveredFromItsTopLeftAndCut() {
        for r in Rotation.allCases {
            check(frameWidth: 40, frameHeight: 33, screen: (80, 80), rotation: r)
            check(frameWidth: 40, frameHeight: 33, screen: (20, 17), rotation: r)
        }
    }
}
