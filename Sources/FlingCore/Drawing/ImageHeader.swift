/// What an image file's header says, read without decoding it: its format and pixel size, so
/// that an absurd image (a 16000×16000 PNG of 756 KB decodes to 1 GB) is refused before it is
/// decoded, against `ImageHeader.pixelBudget` (bad input must not take the app down).
public struct ImageHeader: Equatable, Sendable {
    public enum Format: String, Sendable { case png = "PNG", jpeg = "JPEG" }
    public var format: Format
    public var width: Int
    public var height: Int

    /// The most pixels one photo may decode to: 40 megapixels (160 MB as RGBA), above any
    /// camera photo a kiosk shows (a 24 MP camera gives 6000×4000) and ~20× the largest
    /// bundled photo. Source: Fling's own choice; larger files are refused with a warning.
    public static let pixelBudget = 40_000_000

    /// The most pixels a PNG may decode to: 12 megapixels (48 MB as RGBA). A JPEG is decoded at
    /// the DCT scale nearest the size drawn (JPEGDecoder); a PNG only whole, through SDL_image,
    /// with copies: a 140 KB PNG of 36 MP peaked at 513 MB. Source: Fling.
    public static let pngPixelBudget = 12_000_000

    /// The largest image file read at all (bytes): far above any photo within the pixel budget.
    /// Source: Fling's own choice.
    public static let fileSizeLimit = 64 << 20

    /// Bytes of decoded full-size originals kept in memory (least recently used dropped first):
    /// an original is only needed again when its photo is drawn bigger than its texture, and is
    /// then decoded again from its file. 8 MB holds the largest bundled photo (1600×1200 is
    /// 7.7 MB as RGBA), and the one just decoded is always kept: a card growing past its
    /// texture finds its original there. A photo drawn at least as large as its original
    /// (Today's cards at 1080 wide) shares one array with its texture. Sizes for layout come
    /// from the file's header, never from a decode. Source: Fling's image memory budget
    /// (lowered from 48 MB for the ≤ 100 MB RSS budget).
    public static let decodedBudget = 8 << 20

    public var pixels: Int { width * height }

    /// Why this image must not be decoded, or nil if it may.
    public var budgetProblem: String? {
        guard width > 0, height > 0 else { return "the \(format.rawValue) header gives a size of \(width)×\(height)" }
        guard width.multipliedReportingOverflow(by: height).overflow == false, pixels <= Self.pixelBudget else {
            return "\(width)×\(height) px is over the budget of \(Self.pixelBudget / 1_000_000) megapixels a photo"
        }
        if format == .png, pixels > Self.pngPixelBudget {
            return "\(width)×\(height) px is over the budget of \(Self.pngPixelBudget / 1_000_000) megapixels a PNG (a PNG is decoded whole; save it as a JPEG, which is decoded at the size drawn, or make it smaller)"
        }
        return nil
    }

    /// Reads the size from the first bytes of a PNG or JPEG file; nil for anything else or a
    /// header cut short. Never traps on any input.
    public static func read(_ bytes: [UInt8]) -> ImageHeader? {
        if bytes.count >= 24, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
           bytes[12..<16].elementsEqual(Array("IHDR".utf8)) {
            return ImageHeader(format: .png, width: be32(bytes, 16), height: be32(bytes, 20))
        }
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        // JPEG: walk the marker segments to the first start-of-frame (SOF0…SOF15 less DHT,
        // JPG and DAC), which holds the height then the width.
        var i = 2
        while i + 3 < bytes.count {
            guard bytes[i] == 0xFF else { return nil }
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue }                        // fill byte
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }   // no length
            if marker == 0xD9 || marker == 0xDA { return nil }            // end, or scan before any frame
            let length = be16(bytes, i + 2)
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                guard i + 8 < bytes.count else { return nil }
                return ImageHeader(format: .jpeg, width: be16(bytes, i + 7), height: be16(bytes, i + 5))
            }
            i += 2 + length
        }
        return nil
    }

    /// Whether a JPEG's data reaches its end-of-image marker after a scan. A truncated file
    /// decodes "successfully" with its lower part grey (libjpeg only warns), so it is checked
    /// here. Inside a scan's entropy-coded data a 0xFF byte is followed by 0x00 (stuffing) or
    /// a restart marker, so any other marker found there is real.
    public static func jpegIsComplete(_ bytes: [UInt8]) -> Bool { jpegCheck(bytes) == .complete }

    /// What a JPEG's structure says: whole, cut short (its data ends before the end-of-image
    /// marker), or damaged at a byte (a marker segment that cannot be: data where a marker
    /// must be, a length under 2, an end marker before any scan). A file damaged in the
    /// middle was once called truncated.
    public enum JPEGCheck: Equatable, Sendable { case complete, endsEarly, damaged(at: Int) }

    public static func jpegCheck(_ bytes: [UInt8]) -> JPEGCheck {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return .damaged(at: 0) }
        var i = 2
        var sawScan = false
        while i + 1 < bytes.count {
            guard bytes[i] == 0xFF else {
                guard sawScan else { return .damaged(at: i) }
                i += 1                                                    // entropy-coded data
                continue
            }
            let marker = bytes[i + 1]
            switch marker {
            case 0xD9: return sawScan ? .complete : .damaged(at: i)
            case 0x00, 0xFF, 0x01, 0xD0...0xD7: i += marker == 0xFF ? 1 : 2
            default:
                guard i + 3 < bytes.count else { return .endsEarly }
                let length = be16(bytes, i + 2)
                guard length >= 2 else { return .damaged(at: i) }
                if marker == 0xDA { sawScan = true }
                i += 2 + length
            }
        }
        return .endsEarly
    }

    private static func be16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
    private static func be32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }
}
