/// Vertical metrics of a font at its size, in pt.
public struct FontMetrics: Equatable, Sendable {
    /// Distance from the top of a line's box to its baseline.
    public var ascent: Double
    /// Distance from the baseline to the bottom of a line's box (positive).
    public var descent: Double
    /// The font's recommended distance between baselines.
    public var lineSkip: Double

    public init(ascent: Double, descent: Double, lineSkip: Double) {
        self.ascent = ascent; self.descent = descent; self.lineSkip = lineSkip
    }
}

/// Measures text for layout. Core defines it; the SDL backend implements it with SDL_ttf, and
/// tests use a fixed-advance fake, so layout is testable without SDL.
public protocol TextMeasurer {
    /// Advance width of a single-line string, in pt.
    func width(of text: String, font: Font) -> Double
    func metrics(of font: Font) -> FontMetrics
    /// Where each grapheme cluster of a one-line `text` lies on screen when the line has mixed
    /// directions, in logical order: nil for text that runs left to right throughout (each
    /// cluster then ends at the width of the text up to it).
    func clusterSpans(of text: String, font: Font) -> [ClusterSpan]?
    /// The advance of a line set in a paragraph of the given base direction, in pt.
    func width(of text: String, font: Font, rightToLeft: Bool) -> Double
}

/// A grapheme cluster's place on a line: from `minX` to `maxX` in pt from the line's left
/// edge, and whether it runs right to left (its caret-leading edge is then `maxX`).
public struct ClusterSpan: Equatable, Sendable {
    public var minX: Double
    public var maxX: Double
    public var rightToLeft: Bool
    public init(minX: Double, maxX: Double, rightToLeft: Bool) { self.minX = minX; self.maxX = maxX; self.rightToLeft = rightToLeft }

    /// The x of a caret before this cluster (its leading edge).
    public var leadingX: Double { rightToLeft ? maxX : minX }
    /// The x of a caret after this cluster.
    public var trailingX: Double { rightToLeft ? minX : maxX }
}

public extension TextMeasurer {
    func clusterSpans(of text: String, font: Font) -> [ClusterSpan]? { nil }
    /// The advance of a line set in a paragraph of the given base direction (neutrals between
    /// two runs take the paragraph's direction, and so may take another face).
    func width(of text: String, font: Font, rightToLeft: Bool) -> Double { width(of: text, font: font) }
}

/// A measurer where every character is `advance × size` wide: deterministic layout in tests.
public struct FixedAdvanceMeasurer: TextMeasurer, Sendable {
    public var advance: Double
    public init(advance: Double = 0.5) { self.advance = advance }
    public func width(of text: String, font: Font) -> Double { Double(text.count) * advance * font.size }
    public func metrics(of font: Font) -> FontMetrics {
        FontMetrics(ascent: font.size * 0.8, descent: font.size * 0.2, lineSkip: font.size * 1.2)
    }
}
