// FontStore: opens the font files once per pixel size and measures text for layout.
// Fonts are opened at the device pixel size (pt × scale) so text is rasterised crisp at any
// scale, never scaled up from a smaller bitmap.
// - every bundled font file is checked at start (opened, measured, a glyph rendered): a corrupt
//   face is an error naming the file, not titles that vanish without a word;
// - a character the bundled faces lack comes from the system's fonts (`FontFallback`), and a
//   line is measured and drawn as its pieces (`TextPieces`): each bidi run cut where the face
//   changes, shaped by HarfBuzz in its direction and script;
// - open faces live in a bounded LRU cache and are closed when evicted and at shutdown
//   (`closeAll`), so nothing SDL_ttf allocated is left behind.
import CSDL2
import CSDL2TTF
import FlingCore
import Glibc

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
        didSet { if scale != oldValue { widthCache.removeAll(); widthCacheUTF8 = 0; spanCache.removeAll(); spanCacheSpans = 0 } }
    }
    /// A face at a pixel size: a bundled file's name, or a system font's absolute path and its
    /// index in a collection.
    private struct FontKey: Hashable {
        var file: String; var index: Int; var pixelSize: Int32
        /// Emboldened by FreeType (a face of its own, so switching never flushes glyphs).
        var emboldened = false
    }
    /// Open faces, one per file and pixel size. A card headline shrinking to fit asks for many
    /// sizes; the least recently used faces beyond this many are closed.
    private var fonts = LRUCache<FontKey, OpaquePointer>(capacity: FontStore.openFaceLimit)
    static let openFaceLimit = 64
    private struct WidthKey: Hashable { var text: String; var font: FontKey; var rightToLeft: Bool }
    private var widthCache: [WidthKey: Double] = [:]
    private var widthCacheUTF8 = 0
    private struct PieceKey: Hashable { var text: String; var family: FontFamily; var weight: FontWeight; var rightToLeft: Bool }
    private var pieceCache: [PieceKey: [TextPiece]] = [:]
    /// The UTF-8 bytes the piece cache holds (each line twice: the key and its pieces), and
    /// the most it may: 4 MB.
    private var pieceCacheUTF8 = 0
    static let pieceCacheLimit = 4 << 20
    private var spanCache: [WidthKey: [ClusterSpan]] = [:]
    private var spanCacheSpans = 0
    private struct GlyphKey: Hashable { var file: String; var scalar: UInt32 }
    private var bundledGlyphs: [GlyphKey: Bool] = [:]
    /// The system's fonts for what the bundled faces lack.
    let fallback: FontFallback
    private var failedFaces: Set<SystemFace> = []
    private var usableFaces: [SystemFace: Bool] = [:]
    /// Characters no installed font has, said once per writing system.
    private var missingGlyphs = MissingGlyphs()
    /// Where warnings go (a missing script, a system font that would not open).
    public var log: ((String) -> Void)?

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
    /// `environment`: the locale variables the fallback's language comes from (nil: the
    /// process's own).
    public init(directory: String, scale: Double, environment: [String: String]? = nil) throws {
        self.directory = directory
        self.scale = scale
        fallback = FontFallback(environment: environment ?? Self.localeEnvironment())
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

    /// LC_ALL, LC_CTYPE and LANG as the process has them.
    private static func localeEnvironment() -> [String: String] {
        var env: [String: String] = [:]
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let v = getenv(name) { env[name] = String(cString: v) }
        }
        return env
    }

    /// Closes every open face (at shutdown, before TTF_Quit).
    public func closeAll() {
        for f in fonts.removeAll() { TTF_CloseFont(f) }
        fallback.close()
    }

    private func key(_ font: Font) -> FontKey {
        FontKey(file: Self.fileName(font.family, font.weight), index: 0, pixelSize: Int32(max(1, (font.size * scale).rounded())))
    }

    private func open(_ font: Font, pixelSize: Int32) throws -> OpaquePointer {
        try open(FontKey(file: Self.fileName(font.family, font.weight), index: 0, pixelSize: pixelSize))
    }

    /// A face by key: a bundled file (relative to the fonts folder) or a system font's path.
    private func open(_ k: FontKey) throws -> OpaquePointer {
        if let f = fonts.value(for: k) { return f }
        let path = k.file.hasPrefix("/") ? k.file : directory + "/" + k.file
        if let problem = RegularFile.problem(path) { throw LoadError.unreadable(path, problem.reason) }
        guard let f = TTF_OpenFontIndex(path, k.pixelSize, k.index) else {
            throw LoadError.unreadable(path, String(cString: SDL_GetError()))
        }
        TTF_SetFontHinting(f, TTF_HINTING_LIGHT)
        TTF_SetFontKerning(f, 1)
        if k.emboldened { TTF_SetFontStyle(f, TTF_STYLE_BOLD) }
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

    // MARK: Pieces

    /// The face a piece is drawn in, set up to shape it (direction and script), and the factor
    /// its glyphs are scaled by (a bitmap face's one size to the text's; 1 otherwise).
    private func shapingFace(_ piece: TextPiece, font: Font) -> (handle: OpaquePointer, factor: Double)? {
        let pixelSize = key(font).pixelSize
        let handle: OpaquePointer?
        var factor = 1.0
        switch piece.source {
        case .bundled:
            handle = try? open(font, pixelSize: pixelSize)
        case .system(let face):
            if let fixed = face.fixedPixelSize {
                handle = try? open(FontKey(file: face.path, index: face.index, pixelSize: Int32(fixed.rounded())))
                factor = Double(pixelSize) / fixed
            } else {
                // A bold style in a family with one weight (WenQuanYi, Droid) is emboldened,
                // from bold up, as fontconfig's synthetic-emboldening rule (and Pango) do.
                let embolden = font.weight >= .bold && face.weight < 600
                handle = try? open(FontKey(file: face.path, index: face.index, pixelSize: pixelSize, emboldened: embolden))
            }
            if handle == nil, failedFaces.insert(face).inserted {
                log?("warning: font \(face.path) (face \(face.index), \(face.family)) could not be opened: \(String(cString: SDL_GetError())); its characters are drawn as boxes")
            }
        }
        guard let handle else { return nil }
        TTF_SetFontDirection(handle, piece.rightToLeft ? TTF_DIRECTION_RTL : TTF_DIRECTION_LTR)
        // Latin and symbols in the bundled faces are shaped as they always were (the script
        // left for HarfBuzz to guess); every other run is tagged with its script.
        let script = piece.script == .latin || piece.script == .common ? "Zzzz" : piece.script.isoCode
        TTF_SetFontScriptName(handle, script)
        return (handle, factor)
    }

    /// Whether the bundled face of `font`'s style has a character (asked once per character).
    private func bundledHas(_ u: Unicode.Scalar, font: Font) -> Bool {
        if u.value < 0x7F { return true }
        let file = Self.fileName(font.family, font.weight)
        let k = GlyphKey(file: file, scalar: u.value)
        if let known = bundledGlyphs[k] { return known }
        let has = handle(for: font).map { TTF_GlyphIsProvided32($0, u.value) != 0 } ?? false
        bundledGlyphs[k] = has
        return has
    }

    /// Whether a system face opens (tried once): one that does not is never chosen, so its
    /// characters go on down fontconfig's order, or are said to be missing.
    private func usable(_ face: SystemFace) -> Bool {
        if let known = usableFaces[face] { return known }
        let ok = (try? open(FontKey(file: face.path, index: face.index, pixelSize: Int32((face.fixedPixelSize ?? 17).rounded())))) != nil
        if !ok {
            log?("warning: font \(face.path) (face \(face.index), \(face.family)) could not be opened: \(String(cString: SDL_GetError())); the next font that has its characters is used")
        }
        usableFaces[face] = ok
        return ok
    }

    /// A line's pieces in visual order, cached by text, style and base direction.
    func pieces(of text: String, font: Font, rightToLeft: Bool) -> [TextPiece] {
        // The icon faces are drawn by codepoint: never itemized, never fallen back.
        if font.family == .icons || font.family == .filledIcons {
            return [TextPiece(text: text, source: .bundled, rightToLeft: false, script: .common)]
        }
        if !rightToLeft, text.utf8.allSatisfy({ $0 < 0x7F }) {
            return [TextPiece(text: text, source: .bundled, rightToLeft: false, script: .latin)]
        }
        let k = PieceKey(text: text, family: font.family, weight: font.weight, rightToLeft: rightToLeft)
        if let hit = pieceCache[k] { return hit }
        let found = TextPieces.itemize(
            text, rightToLeft: rightToLeft,
            bundledHas: { bundledHas($0, font: font) },
            fallback: { u, emoji in fallback.face(for: u, weight: font.weight, emoji: emoji, accept: { usable($0) }) },
            covers: { fallback.covers($0, $1) },
            missing: { u in if let line = missingGlyphs.report(u, in: text) { log?(line) } })
        // Bounded by the text it holds, not by entries: a long field's every prefix is measured.
        if pieceCacheUTF8 + text.utf8.count > Self.pieceCacheLimit { pieceCache.removeAll(keepingCapacity: true); pieceCacheUTF8 = 0 }
        pieceCache[k] = found
        pieceCacheUTF8 += 2 * text.utf8.count
        return found
    }

    /// A piece's advance in device pixels.
    private func pixelWidth(_ piece: TextPiece, font: Font) -> Double {
        guard let (f, factor) = shapingFace(piece, font: font) else { return 0 }
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(f, piece.text, &w, &h)
        return factor == 1 ? Double(w) : (Double(w) * factor).rounded()
    }

    public func width(of text: String, font: Font) -> Double {
        width(of: text, font: font, rightToLeft: false)
    }

    /// The advance of a line set in a paragraph of the given direction, in pt.
    public func width(of text: String, font: Font, rightToLeft: Bool) -> Double {
        guard !text.isEmpty else { return 0 }
        let k = key(font)
        let wk = WidthKey(text: text, font: k, rightToLeft: rightToLeft)
        if let w = widthCache[wk] { return w }
        let result = pieces(of: text, font: font, rightToLeft: rightToLeft).reduce(0) { $0 + pixelWidth($1, font: font) } / scale
        if widthCache.count > 50_000 || widthCacheUTF8 + text.utf8.count > Self.pieceCacheLimit {
            widthCache.removeAll(keepingCapacity: true); widthCacheUTF8 = 0
        }
        widthCache[wk] = result
        widthCacheUTF8 += text.utf8.count
        return result
    }

    /// Each cluster's span on a line with right-to-left text (nil when the text runs left to
    /// right throughout): the line's pieces placed as they are drawn, and within a piece each
    /// cluster's edge at the width of the piece up to it (from the piece's right for a
    /// right-to-left one). A long piece measures each cluster alone, keeping this linear.
    public func clusterSpans(of text: String, font: Font) -> [ClusterSpan]? {
        guard TextPieces.needsBidi(text) else { return nil }
        let sk = WidthKey(text: text, font: key(font), rightToLeft: false)
        if let hit = spanCache[sk] { return hit }
        let spans = computeSpans(text, font: font)
        // Bounded by the spans it holds (a long field's every edit is a new text).
        if spanCacheSpans + spans.count > 200_000 { spanCache.removeAll(keepingCapacity: true); spanCacheSpans = 0 }
        spanCache[sk] = spans
        spanCacheSpans += spans.count
        return spans
    }

    private func computeSpans(_ text: String, font: Font) -> [ClusterSpan] {
        let rtl = Bidi.firstStrongDirection(text) == .rightToLeft
        return TextPieces.clusterSpans(
            pieces(of: text, font: font, rightToLeft: rtl),
            width: { pixelWidth($0, font: font) / scale },
            edges: { piece in
                // Each cluster measured alone, scaled so the edges meet the piece's shaped
                // width: linear in the piece (its prefixes re-shaped would be quadratic).
                let clusters = Array(piece.text)
                var edges: [Double] = [0]
                var acc = 0.0
                for c in clusters {
                    var sub = piece
                    sub.text = String(c)
                    acc += pixelWidth(sub, font: font)
                    edges.append(acc)
                }
                let k = acc > 0 ? pixelWidth(piece, font: font) / acc : 1
                return edges.map { $0 * k / scale }
            })
    }

    public func metrics(of font: Font) -> FontMetrics {
        guard let f = handle(for: font) else { return FontMetrics(ascent: font.size * 0.8, descent: font.size * 0.2, lineSkip: font.size * 1.2) }
        return FontMetrics(ascent: Double(TTF_FontAscent(f)) / scale,
                           descent: Double(-TTF_FontDescent(f)) / scale,
                           lineSkip: Double(TTF_FontLineSkip(f)) / scale)
    }

    // MARK: Rasterising

    /// A line rasterised: an ARGB8888 surface the caller frees, and its baseline's distance from
    /// the surface's top in pixels.
    struct LineRaster {
        var surface: UnsafeMutablePointer<SDL_Surface>
        var ascent: Int32
    }

    /// Rasterises one line in `color`: its pieces shaped and drawn left to right on one
    /// baseline, a bitmap face's glyphs scaled to the text's size. A line of the bundled face
    /// alone is SDL_ttf's own rendering of it, unchanged.
    func rasterize(_ text: String, font: Font, rightToLeft: Bool, color: SDL_Color) -> LineRaster? {
        let pieces = pieces(of: text, font: font, rightToLeft: rightToLeft)
        if pieces.count == 1, pieces[0].source == .bundled, !pieces[0].rightToLeft {
            guard let (f, _) = shapingFace(pieces[0], font: font), let s = TTF_RenderUTF8_Blended(f, text, color) else { return nil }
            return LineRaster(surface: s, ascent: Int32(Self.baseline(f, text, surface: s)))
        }
        // Each piece's pixels and where its baseline sits; the line is as tall as its tallest.
        var parts: [(pixels: [UInt32], width: Int, height: Int, ascent: Int, advance: Int)] = []
        for piece in pieces {
            guard let (f, factor) = shapingFace(piece, font: font) else { continue }
            var w: Int32 = 0, h: Int32 = 0
            TTF_SizeUTF8(f, piece.text, &w, &h)
            // Colour glyphs keep their own colours at full strength: SDL_ttf would fade them by
            // the text colour's alpha (an emoji in a secondary label would come out pale).
            var ink = color
            if case .system(let face) = piece.source, face.isColor { ink.a = 255 }
            guard let s = TTF_RenderUTF8_Blended(f, piece.text, ink) else { continue }
            defer { SDL_FreeSurface(s) }
            var px = Self.pixels(of: s)
            var (pw, ph) = (Int(s.pointee.w), Int(s.pointee.h))
            // SDL_ttf moves the baseline down when a glyph reaches above the face's ascent (a
            // stacked accent, a tall mark): the piece's baseline is then that glyph's top.
            var ascent = Self.baseline(f, piece.text, surface: s), advance = Int(w)
            if factor != 1 {
                let (sw, sh) = (max(1, Int((Double(pw) * factor).rounded())), max(1, Int((Double(ph) * factor).rounded())))
                px = Self.downscale(px, width: pw, height: ph, to: sw, sh)
                (pw, ph) = (sw, sh)
                ascent = Int((Double(ascent) * factor).rounded())
                advance = Int((Double(w) * factor).rounded())
            }
            parts.append((px, pw, ph, ascent, advance))
        }
        guard !parts.isEmpty else { return nil }
        let primaryAscent = handle(for: font).map { Int(TTF_FontAscent($0)) } ?? 0
        let primaryDescent = handle(for: font).map { Int(TTF_FontHeight($0) - TTF_FontAscent($0)) } ?? 0
        let ascent = max(primaryAscent, parts.map(\.ascent).max() ?? 0)
        let descent = max(primaryDescent, parts.map { $0.height - $0.ascent }.max() ?? 0)
        let width = max(1, parts.reduce(0) { $0 + max($1.advance, 0) }, parts.last.map { parts.dropLast().reduce(0) { $0 + $1.advance } + $0.width } ?? 0)
        let height = max(1, ascent + descent)
        var out = [UInt32](repeating: 0, count: width * height)
        var x = 0
        for p in parts {
            Self.over(p.pixels, width: p.width, height: p.height, at: x, ascent - p.ascent, into: &out, width: width, height: height)
            x += p.advance
        }
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, fling_SDL_PIXELFORMAT_ARGB8888()),
              let dst = surface.pointee.pixels else { return nil }
        let pitch = Int(surface.pointee.pitch)
        out.withUnsafeBytes { src in
            for row in 0..<height {
                (dst + row * pitch).copyMemory(from: src.baseAddress! + row * width * 4, byteCount: width * 4)
            }
        }
        return LineRaster(surface: surface, ascent: Int32(ascent))
    }

    /// Where SDL_ttf put the baseline in the surface it rendered `text` into, in pixels from
    /// its top: the face's ascent, moved down when a glyph reached above it (a stacked accent,
    /// a tall mark), by as much as the surface grew past the face's height. Only when a glyph
    /// also reaches below the descent (so the growth may be at either end) is the shift
    /// estimated from the characters' own tops.
    static func baseline(_ f: OpaquePointer, _ text: String, surface s: UnsafeMutablePointer<SDL_Surface>) -> Int {
        let ascent = Int(TTF_FontAscent(f))
        let grown = Int(s.pointee.h) - Int(TTF_FontHeight(f))
        guard grown > 0 else { return ascent }
        var top = 0, bottom = 0
        for u in text.unicodeScalars {
            var minx: Int32 = 0, maxx: Int32 = 0, miny: Int32 = 0, maxy: Int32 = 0, advance: Int32 = 0
            if TTF_GlyphMetrics32(f, u.value, &minx, &maxx, &miny, &maxy, &advance) == 0 {
                top = max(top, Int(maxy)); bottom = min(bottom, Int(miny))
            }
        }
        if bottom >= Int(TTF_FontDescent(f)) { return ascent + grown }
        return ascent + min(grown, max(0, top - ascent))
    }

    /// An ARGB8888 surface's pixels, row after row without padding.
    private static func pixels(of s: UnsafeMutablePointer<SDL_Surface>) -> [UInt32] {
        let (w, h, pitch) = (Int(s.pointee.w), Int(s.pointee.h), Int(s.pointee.pitch))
        guard w > 0, h > 0, let base = s.pointee.pixels else { return [] }
        var out = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h {
            let row = (base + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w { out[y * w + x] = row[x] }
        }
        return out
    }

    /// A colour bitmap shrunk by area averaging (each destination pixel the alpha-weighted mean
    /// of the source pixels it covers): a 136-pixel emoji to a 20-pixel one stays smooth, where
    /// nearest or bilinear sampling would alias.
    static func downscale(_ src: [UInt32], width sw: Int, height sh: Int, to dw: Int, _ dh: Int) -> [UInt32] {
        guard sw > 0, sh > 0, src.count >= sw * sh else { return [UInt32](repeating: 0, count: dw * dh) }
        var out = [UInt32](repeating: 0, count: dw * dh)
        let fx = Double(sw) / Double(dw), fy = Double(sh) / Double(dh)
        for y in 0..<dh {
            let y0 = Double(y) * fy, y1 = y0 + fy
            for x in 0..<dw {
                let x0 = Double(x) * fx, x1 = x0 + fx
                var a = 0.0, r = 0.0, g = 0.0, b = 0.0, area = 0.0
                var sy = Int(y0)
                while Double(sy) < y1, sy < sh {
                    let wy = min(y1, Double(sy + 1)) - max(y0, Double(sy))
                    var sx = Int(x0)
                    while Double(sx) < x1, sx < sw {
                        let wx = min(x1, Double(sx + 1)) - max(x0, Double(sx))
                        let wgt = wx * wy
                        let p = src[sy * sw + sx]
                        let pa = Double(p >> 24) * wgt
                        a += pa
                        r += Double((p >> 16) & 0xFF) * pa
                        g += Double((p >> 8) & 0xFF) * pa
                        b += Double(p & 0xFF) * pa
                        area += wgt
                        sx += 1
                    }
                    sy += 1
                }
                guard area > 0, a > 0 else { continue }
                let oa = min(255, (a / area).rounded())
                let c = { (v: Double) in UInt32(min(255, max(0, (v / a).rounded()))) }
                out[y * dw + x] = UInt32(oa) << 24 | c(r) << 16 | c(g) << 8 | c(b)
            }
        }
        return out
    }

    /// Straight-alpha "over" of a piece's pixels onto the line's at (x, y); pieces rarely touch,
    /// so most pixels are plain copies.
    private static func over(_ src: [UInt32], width sw: Int, height sh: Int, at ox: Int, _ oy: Int,
                             into dst: inout [UInt32], width dw: Int, height dh: Int) {
        for y in 0..<sh {
            let ty = y + oy
            guard ty >= 0, ty < dh else { continue }
            for x in 0..<sw {
                let tx = x + ox
                guard tx >= 0, tx < dw else { continue }
                let s = src[y * sw + x]
                let sa = s >> 24
                guard sa != 0 else { continue }
                let d = dst[ty * dw + tx]
                let da = d >> 24
                if da == 0 || sa == 255 { dst[ty * dw + tx] = s; continue }
                let saf = Double(sa) / 255, daf = Double(da) / 255 * (1 - saf)
                let oa = saf + daf
                func ch(_ shift: UInt32) -> UInt32 {
                    UInt32(((Double((s >> shift) & 0xFF) * saf + Double((d >> shift) & 0xFF) * daf) / oa).rounded())
                }
                dst[ty * dw + tx] = UInt32((oa * 255).rounded()) << 24 | ch(16) << 16 | ch(8) << 8 | ch(0)
            }
        }
    }
}
