// FontStore: opens the font files once per pixel size and measures text for layout.
// Fonts are opened at the device pixel size (pt × scale) so text is rasterised crisp at any
// scale, never scaled up from a smaller bitmap.
// - every font file is checked at start (opened, measured, a glyph rendered): a corrupt face
//   is an error naming the file, not titles that vanish without a word;
// - open faces live in a bounded LRU cache and are closed when evicted and at shutdown
//   (`closeAll`), so nothing SDL_ttf allocated is left behind.
import CSDL2
import CSDL2TTF
import FlingCore

@MainActor
public final class FontStore: @MainActor TextMeasurer {
    public enum LoadError: Error, CustomStringConvertible {
        case missing(String)
        case unreadable(String, String)
        case unusable(String, String)
        public var description: String {
            switch self {
            case .missing(let p): "font file not found: \(p)"
            case .unreadable(let p, let why): "font file could not be opened: \(p) (\(why))"
            case .unusable(let p, let why): "font file is not a usable font: \(p) (\(why))"
            }
        }
    }

    private let directory: String
    /// Device pixels per pt.
    public var scale: Double {
        didSet { if scale != oldValue { widthCache.removeAll() } }
    }
    private struct FontKey: Hashable { var file: String; var pixelSize: Int32 }
    /// Open faces, one per file and pixel size. A card headline shrinking to fit asks for many
    /// sizes; the least recently used faces beyond this many are closed.
    private var fonts = LRUCache<FontKey, OpaquePointer>(capacity: FontStore.openFaceLimit)
    static let openFaceLimit = 64
    private struct WidthKey: Hashable { var text: String; var font: FontKey }
    private var widthCache: [WidthKey: Double] = [:]

    /// The file for each family and weight. The rounded face is Nunito one weight up from the
    /// SF weight asked for: Nunito runs light, and its stems one step up match SF Pro's (as
    /// measured on Inter, the SF Pro stand-in: the "l" stem per 1000 em, Nunito 400/600/700/
    /// 800/900 = 81/101/125/151/178, Inter 400/500/600/700/800 = 84/106/128/151/174). Inter's
    /// 800 "ExtraBold" stands for iOS's heavy.
    public static func fileName(_ family: FontFamily, _ weight: FontWeight) -> String {
        switch family {
        case .icons: return "MaterialSymbolsRounded-Regular.ttf"
        case .filledIcons: return "MaterialIcons-Regular.ttf"
        case .sans:
            switch weight {
            case .regular: return "Inter-Regular.otf"
            case .medium: return "Inter-Medium.otf"
            case .semibold: return "Inter-SemiBold.otf"
            case .bold: return "Inter-Bold.otf"
            case .heavy: return "Inter-ExtraBold.otf"
            }
        case .rounded:
            switch weight {
            case .regular: return "Nunito-Regular.ttf"
            case .medium: return "Nunito-SemiBold.ttf"
            case .semibold: return "Nunito-Bold.ttf"
            case .bold: return "Nunito-ExtraBold.ttf"
            case .heavy: return "Nunito-Black.ttf"
            }
        }
    }

    /// Checks every font file, so a missing or corrupt face fails at start with its path.
    public init(directory: String, scale: Double) throws {
        self.directory = directory
        self.scale = scale
        var checked = Set<String>()
        for family in FontFamily.allCases {
            for weight in FontWeight.allCases {
                let file = Self.fileName(family, weight)
                guard checked.insert(file).inserted else { continue }
                let path = directory + "/" + file
                if let problem = RegularFile.problem(path) {
                    throw problem.missing ? LoadError.missing(path) : LoadError.unreadable(path, problem.reason)
                }
                let f = try open(Font(family, size: 17, weight: weight), pixelSize: 17)
                try Self.check(f, path: path, sample: family == .icons || family == .filledIcons ? MaterialIcon.restaurant : "Ag")
            }
        }
    }

    /// A face that opens may still be broken (a truncated or damaged file): it must measure
    /// and render a sample.
    private static func check(_ f: OpaquePointer, path: String, sample: String) throws {
        var w: Int32 = 0, h: Int32 = 0
        guard TTF_SizeUTF8(f, sample, &w, &h) == 0, w > 0, h > 0, TTF_FontHeight(f) > 0 else {
            throw LoadError.unusable(path, "it cannot measure text: \(String(cString: SDL_GetError()))")
        }
        guard let surface = TTF_RenderUTF8_Blended(f, sample, SDL_Color(r: 255, g: 255, b: 255, a: 255)) else {
            throw LoadError.unusable(path, "it cannot render text: \(String(cString: SDL_GetError()))")
        }
        SDL_FreeSurface(surface)
    }

    /// Closes every open face (at shutdown, before TTF_Quit).
    public func closeAll() {
        for f in fonts.removeAll() { TTF_CloseFont(f) }
    }


    private func key(_ font: Font) -> FontKey {
        FontKey(file: Self.fileName(font.family, font.weight), pixelSize: Int32(max(1, (font.size * scale).rounded())))
    }

    private func open(_ font: Font, pixelSize: Int32) throws -> OpaquePointer {
        let k = FontKey(file: Self.fileName(font.family, font.weight), pixelSize: pixelSize)
        if let f = fonts.value(for: k) { return f }
        let path = directory + "/" + k.file
        if let problem = RegularFile.problem(path) { throw LoadError.unreadable(path, problem.reason) }
        guard let f = TTF_OpenFont(path, pixelSize) else {
            throw LoadError.unreadable(path, String(cString: SDL_GetError()))
        }
        TTF_SetFontHinting(f, TTF_HINTING_LIGHT)
        TTF_SetFontKerning(f, 1)
        // (A face handed out is used at once, never held across another open.)
        for evicted in fonts.insert(f, for: k) { TTF_CloseFont(evicted) }
        return f
    }

    /// The TTF font for drawing `font` at the current scale; nil only if a file vanished.
    func handle(for font: Font) -> OpaquePointer? {
        let k = key(font)
        return try? open(font, pixelSize: k.pixelSize)
    }

    func pixelSize(of font: Font) -> Int32 { key(font).pixelSize }

    public func width(of text: String, font: Font) -> Double {
        guard !text.isEmpty else { return 0 }
        let k = key(font)
        let wk = WidthKey(text: text, font: k)
        if let w = widthCache[wk] { return w }
        guard let f = handle(for: font) else { return 0 }
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(f, text, &w, &h)
        let result = Double(w) / scale
        if widthCache.count > 50_000 { widthCache.removeAll(keepingCapacity: true) }
        widthCache[wk] = result
        return result
    }

    public func metrics(of font: Font) -> FontMetrics {
        guard let f = handle(for: font) else { return FontMetrics(ascent: font.size * 0.8, descent: font.size * 0.2, lineSkip: font.size * 1.2) }
        return FontMetrics(ascent: Double(TTF_FontAscent(f)) / scale,
                           descent: Double(-TTF_FontDescent(f)) / scale,
                           lineSkip: Double(TTF_FontLineSkip(f)) / scale)
    }
}

