// PhotoPrefetchTests: a photo named ahead (DisplayList.upcomingImages) is decoded off the main
// thread and drawn from that decode, pixel for pixel as if its frame had decoded it (a photo
// about to grow, for the size it grows to); and a rounded photo scrolled by fractions of a
// pixel keeps its one bake.
import FlingCore
@testable import FlingSDL
import XCTest

final class PhotoPrefetchTests: XCTestCase {
    static let photo = "articles/boats-sunset.jpg"
    static let frame = Rect(x: 4, y: 6, width: 80, height: 50.3)

    static func drawPhoto(_ l: inout DisplayList) {
        l.add(.image(photo, frame: frame, mode: .fill, radii: CornerRadii(topLeft: 10, topRight: 10, bottomRight: 0, bottomLeft: 0)))
    }

    func testAPhotoNamedAheadIsDecodedOffTheFrameAndDrawsTheSamePixels() throws { try MainActor.assumeIsolated {
        let ahead: RGBAImage = try withHeadlessDisplay(scale: 2) { display in
            var first = DisplayList(background: .white)
            first.upcomingImages = [UpcomingImage(Self.photo, frame: Rect(origin: .zero, size: Self.frame.size), mode: .fill)]
            display.draw(first)
            display.renderer.waitForPhotoDecodes()
            var second = DisplayList(background: .white)
            Self.drawPhoto(&second)
            display.draw(second)
            let counts = display.renderer.photosDecodedAhead
            XCTAssertEqual(counts.ahead + counts.waited, 1, "the frame took the decode made ahead: \(counts)")
            return try XCTUnwrap(display.readPixels())
        }
        let inFrame: RGBAImage = try withHeadlessDisplay(scale: 2) { display in
            var only = DisplayList(background: .white)
            Self.drawPhoto(&only)
            display.draw(only)
            XCTAssertEqual(display.renderer.photosDecodedAhead.ahead + display.renderer.photosDecodedAhead.waited, 0)
            return try XCTUnwrap(display.readPixels())
        }
        XCTAssertEqual(maxChannelDifference(ahead, inFrame), 0)
    } }

    func testAPhotoNamedAtTheOriginIsTakenWhereItsEdgesCarryRoundingError() throws { try MainActor.assumeIsolated {
        // A 60 pt thumbnail at @2x is 120 px; drawn at x 4.3, y 6.7 its box measures
        // 120.00000000000001 px, which needed 121 px of texture (and threw the decode away).
        try withHeadlessDisplay(size: Size(100, 100), scale: 2) { display in
            let name = "restaurants/citrus.jpg"
            var first = DisplayList(background: .white)
            first.upcomingImages = [UpcomingImage(name, frame: Rect(x: 0, y: 0, width: 60, height: 60), mode: .fill)]
            display.draw(first)
            display.renderer.waitForPhotoDecodes()
            var second = DisplayList(background: .white)
            second.add(.image(name, frame: Rect(x: 4.3, y: 6.7, width: 60, height: 60), mode: .fill, radii: CornerRadii(12)))
            display.draw(second)
            let counts = display.renderer.photosDecodedAhead
            XCTAssertEqual(counts.ahead + counts.waited, 1, "\(counts)")
        }
    } }

    func testANamedPhotoThatCannotBeReadDrawsThePlaceholderAsWithoutIt() throws { try MainActor.assumeIsolated {
        // Its header is a JPEG's; the rest is not.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("prefetch-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // A JPEG whole to its end marker, its frame and scan headers sound, but with no
        // Huffman tables: it passes every check before decoding and fails in the decoder.
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0, 17, 8, 0, 16, 0, 16, 3, 1, 0x22, 0, 2, 0x11, 0, 3, 0x11, 0]
        bytes += [0xFF, 0xDA, 0, 12, 3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3F, 0]
        bytes += [UInt8](repeating: 0x41, count: 200) + [0xFF, 0xD9]
        try Data(bytes).write(to: dir.appendingPathComponent("bad.jpg"))
        let context = try SDLContext(headless: true)
        defer { context.shutdown() }
        var warnings: [String] = []
        let display = try Display(context: context, size: Size(100, 100), uiScale: 1, fullscreen: false, title: "t",
                                  fontDirectory: testResources + "/fonts", imageDirectory: dir.path, log: { warnings.append($0) })
        defer { display.close() }
        var first = DisplayList(background: .white)
        first.upcomingImages = [UpcomingImage("bad.jpg", frame: Rect(x: 0, y: 0, width: 50, height: 50), mode: .fill)]
        display.draw(first)
        display.renderer.waitForPhotoDecodes()
        var second = DisplayList(background: .white)
        second.add(.image("bad.jpg", frame: Rect(x: 10, y: 10, width: 50, height: 50), mode: .fill, radii: .zero))
        display.draw(second)
        let img = try XCTUnwrap(display.readPixels())
        let i = (30 * img.width + 30) * 4
        XCTAssertNotEqual(Array(img.pixels[i..<i + 3]), [255, 255, 255], "a placeholder, not nothing")
        XCTAssertEqual(warnings.filter { $0.contains("bad.jpg") }.count, 1, "\(warnings)")
        XCTAssertEqual(display.renderer.photosDecodedAhead.failed, 1, "the decode made ahead failed, and the frame took that: \(warnings)")
    } }

    /// A photo drawn small, then named as about to grow (an opening Today card) and drawn growing
    /// frame by frame to that size: its one new copy is the decode made ahead for where it
    /// grows to (after an idle trim took its original, and while a smaller original is still
    /// at hand), the decoded originals kept are the same as before it grew, and the last frame
    /// is pixel for pixel the one drawn at that size straight away. Not named, or no longer
    /// named, it made a new copy each time it outgrew the last by a quarter.
    func testAPhotoAboutToGrowIsDecodedAheadForTheSizeItGrowsTo() throws { try MainActor.assumeIsolated {
        let small = Rect(x: 4, y: 6, width: 24, height: 15), large = Rect(x: 4, y: 6, width: 90, height: 56.25)
        @MainActor func draw(_ display: Display, _ f: Rect, upcoming: [UpcomingImage] = []) {
            var l = DisplayList(background: .white)
            l.upcomingImages = upcoming
            l.add(.image(Self.photo, frame: f, mode: .fill, radii: CornerRadii(8)))
            display.draw(l)
        }
        let growth = stride(from: 30.0, through: 90, by: 6).map { Rect(x: 4, y: 6, width: $0, height: $0 * 0.625) }
        let grows = [UpcomingImage(Self.photo, frame: large, mode: .fill, grows: true)]
        @MainActor func grow(named: Bool, idle: Bool, unnamed: Bool = false, ahead: Bool = true) throws -> (copies: Int, ahead: Int, originals: (Int, Int), last: RGBAImage) {
            try withHeadlessDisplay(scale: 2) { display in
                display.renderer.decodesPhotosAhead = ahead
                draw(display, small)
                // Idle first, as before a tap: the decoded original goes, the copy drawn stays.
                if idle { display.renderer.trimForIdle() }
                let before = display.renderer.photoCopiesMade
                draw(display, small, upcoming: named ? grows : [])
                // A press that became a scroll: named no more.
                if unnamed { draw(display, small, upcoming: [UpcomingImage("avatar.png", frame: small, mode: .fill)]) }
                display.renderer.waitForPhotoDecodes()
                @MainActor func originals() -> Int { display.renderer.memoryReport.first { $0.cache == "decoded originals" }?.bytes ?? -1 }
                let kept = originals()
                // Named while it grows, as an opening card is.
                for f in growth { draw(display, f, upcoming: named && !unnamed ? grows : []) }
                let counts = display.renderer.photosDecodedAhead
                return (display.renderer.photoCopiesMade - before, counts.ahead + counts.waited, (kept, originals()), try XCTUnwrap(display.readPixels()))
            }
        }
        let straight: RGBAImage = try withHeadlessDisplay(scale: 2) { display in
            draw(display, small)
            draw(display, large)
            return try XCTUnwrap(display.readPixels())
        }
        for idle in [true, false] {
            let named = try grow(named: true, idle: idle)
            XCTAssertEqual(named.copies, 1, "idle \(idle)")
            XCTAssertEqual(named.ahead, 1, "the growth took the decode made ahead (idle \(idle))")
            XCTAssertEqual(named.originals.0, named.originals.1, "the originals kept (idle \(idle))")
            XCTAssertEqual(maxChannelDifference(named.last, straight), 0, "idle \(idle)")
        }
        // No decode made ahead (as when a queued one is dropped): the frame makes the same copy
        // and keeps no original the decode ahead would not have left.
        for idle in [true, false] {
            let itself = try grow(named: true, idle: idle, ahead: false)
            XCTAssertEqual(itself.copies, 1, "idle \(idle)")
            XCTAssertEqual(itself.ahead, 0)
            XCTAssertEqual(itself.originals.0, itself.originals.1, "the originals kept (idle \(idle))")
            XCTAssertEqual(maxChannelDifference(itself.last, straight), 0, "idle \(idle)")
        }
        let unnamed = try grow(named: false, idle: true), renamed = try grow(named: true, idle: true, unnamed: true)
        XCTAssertGreaterThanOrEqual(unnamed.copies, 3, "a copy every quarter it outgrew")
        XCTAssertEqual(unnamed.ahead, 0)
        XCTAssertEqual(renamed.copies, unnamed.copies, "no longer about to grow: as if never named")
    } }

    func testARoundedPhotoScrolledByFractionsOfAPixelIsBakedOnce() throws { try MainActor.assumeIsolated {
        try withHeadlessDisplay(scale: 2) { display in
            var bakes: [Int] = []
            for step in 0..<12 {
                var l = DisplayList(background: .white)
                l.transformed(.translate(0, Double(step) * 0.37)) { Self.drawPhoto(&$0) }
                display.draw(l)
                bakes.append(display.renderer.stats.photoBakes)
            }
            // Before: its snapped height went 100, 101, 100… px with the fraction, a bake each time.
            XCTAssertEqual(bakes, [1] + Array(repeating: 0, count: 11))
        }
    } }
}
