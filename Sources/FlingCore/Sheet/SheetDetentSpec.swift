// SheetDetentSpec: a detent as an app chooses it (SwiftUI's `presentationDetents`): medium,
// large, a fraction of the window or a height in pt, and how `--detents` writes a set of them.

/// One detent of a chosen set, resolved to a top for each window height.
public enum SheetDetentSpec: Equatable, Hashable, Sendable {
    /// Half the window (SwiftUI's `.medium`): named `half`.
    case medium
    /// The full height under the status bar (`.large`): named `full`.
    case large
    /// This share of the window's height, 0 < f ≤ 1 (`.fraction(f)`).
    case fraction(Double)
    /// This many pt tall (`.height(h)`).
    case height(Double)
    /// As tall as the sheet's content, measured by the view tree (what vaul's and Flutter's
    /// users ask for); large's top when the content is taller.
    case content
    /// Computed from the sheet's context, as SwiftUI's `.custom(CustomPresentationDetent)`
    /// asks a type for its height in a `Context` (`large*0.25`, `large-200pt`).
    case custom(SheetCustomDetent)

    /// The name the sheet's state and the keyboard use ("half", "full", "0.3", "300pt").
    public var detent: SheetDetent {
        switch self {
        case .medium: .half
        case .large: .full
        case .fraction(let f): SheetDetent(rawValue: Self.short(f))
        case .height(let h): SheetDetent(rawValue: Self.short(h) + "pt")
        case .content: SheetDetent(rawValue: "content")
        case .custom(let c): SheetDetent(rawValue: c.text)
        }
    }

    /// As `--detents` writes it.
    public var text: String {
        switch self {
        case .medium: "medium"
        case .large: "large"
        case .fraction(let f): Self.short(f)
        case .height(let h): Self.short(h) + "pt"
        case .content: "content"
        case .custom(let c): c.text
        }
    }

    /// The sheet's top in a window `height` pt high: never above `large`'s (the status bar
    /// stays uncovered, as UIKit keeps it) and never below the grabber's reach.
    /// `contentHeight`: the sheet's content with its handle area (nil: not measured yet, and
    /// the content detent rests at half meanwhile).
    public func top(windowHeight height: Double, contentHeight: Double? = nil) -> Double {
        let full = SheetConstants.fullTop
        let raw: Double
        switch self {
        case .medium: raw = height / 2
        case .large: raw = full
        case .fraction(let f): raw = height * (1 - f)
        case .height(let h): raw = height - h
        case .content: raw = contentHeight.map { height - $0 } ?? height / 2
        case .custom(let c): raw = height - c.height(in: SheetDetentContext(windowHeight: height))
        }
        return min(max(raw, full), max(full, height - SheetConstants.minimumDetentHeight))
    }

    /// A set as `--detents` writes it ("medium,large").
    public static func text(_ set: [SheetDetentSpec]) -> String { set.map(\.text).joined(separator: ",") }

    /// The default set: SwiftUI's `[.medium, .large]`.
    public static let standard: [SheetDetentSpec] = [.medium, .large]

    /// `--detents`'s value: a comma-separated list of `medium`, `large`, a fraction (0.3) or a
    /// height (300pt), at most `maxCount`, none twice. The message names what is accepted.
    public static func parse(_ text: String) throws(SheetDetentError) -> [SheetDetentSpec] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        guard !items.isEmpty, !(items.count == 1 && items[0].isEmpty) else { throw SheetDetentError("no detents given") }
        guard items.count <= maxCount else { throw SheetDetentError("\(items.count) detents: at most \(maxCount)") }
        var out: [SheetDetentSpec] = []
        for item in items {
            let spec: SheetDetentSpec
            switch item {
            case "medium", "half": spec = .medium
            case "large", "full": spec = .large
            case "content": spec = .content
            case let s where s.hasPrefix("large*") || s.hasPrefix("large-"):
                guard let c = SheetCustomDetent(s) else {
                    throw SheetDetentError("'\(item)' is not large*F (0 < F < 1, a share of large's height) or large-Npt (large's height less N pt)")
                }
                spec = .custom(c)
            case let s where s.hasSuffix("pt"):
                guard let h = Double(String(s.dropLast(2)).trimmingWhitespace()), h.isFinite, h >= SheetConstants.minimumDetentHeight, h <= 16_384 else {
                    throw SheetDetentError("'\(item)' is not a height from \(Self.short(SheetConstants.minimumDetentHeight))pt to 16384pt")
                }
                spec = .height(h)
            default:
                guard let f = Double(item), f.isFinite, f > 0, f <= 1 else {
                    throw SheetDetentError("'\(item)' is not medium, large, content, a fraction (0 < f ≤ 1, e.g. 0.3), a height (e.g. 300pt) or one from large (large*0.25, large-200pt)")
                }
                spec = .fraction(f)
            }
            guard !out.contains(spec) else { throw SheetDetentError("'\(item)' is given twice") }
            // Two that rest at one top in every window would be one detent under two names.
            if spec != .content, let same = out.first(where: { o in
                o != .content && [480.0, 844, 1920].allSatisfy { o.top(windowHeight: $0) == spec.top(windowHeight: $0) }
            }) {
                throw SheetDetentError("'\(item)' rests where '\(same.text)' does")
            }
            out.append(spec)
        }
        return out
    }

    /// A number as `--detents` writes it: "0.3", "300".
    static func short(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    /// More would not be told apart by a finger on a phone.
    public static let maxCount = 6
}

public struct SheetDetentError: Error, Equatable, Sendable {
    public let message: String
    init(_ message: String) { self.message = message }
}

/// A chosen set of detents resolved for a window: the tops the fluid and tutorial policies
/// rest on (highest first), the smallest and the highest.
public struct SheetDetentSet: Equatable, Sendable {
    public var specs: [SheetDetentSpec]
    /// The sheet's content height with its handle area (the `content` detent's; nil until
    /// the view tree has measured it).
    public var contentHeight: Double?
    public init(_ specs: [SheetDetentSpec]) { self.specs = specs.isEmpty ? SheetDetentSpec.standard : specs }

    public func top(_ spec: SheetDetentSpec, height: Double) -> Double { spec.top(windowHeight: height, contentHeight: contentHeight) }
    public func topmost(height: Double) -> Double { specs.reduce(height) { min($0, top($1, height: height)) } }
    /// The lowest (the largest top; of two at the same top, the first given).
    public func lowest(height: Double) -> (SheetDetent, Double) {
        var best = (specs[0].detent, top(specs[0], height: height))
        for s in specs.dropFirst() where top(s, height: height) > best.1 { best = (s.detent, top(s, height: height)) }
        return best
    }
    /// A detent's top from its own spec (one that shares another's top keeps its place).
    public func top(of detent: SheetDetent, height: Double) -> Double {
        if detent == .dismissed { return height }
        return specs.first { $0.detent == detent }.map { top($0, height: height) } ?? topmost(height: height)
    }
    /// The top of the nearest detent above `limit`, without building a list.
    public func nextTop(above limit: Double, height: Double) -> Double? {
        var best: Double?
        for s in specs {
            let t = top(s, height: height)
            if t < limit - 1e-9, t > (best ?? -.infinity) { best = t }
        }
        return best
    }

    /// Highest first; two that meet at one top rest as one.
    public func detents(height: Double) -> [(SheetDetent, Double)] {
        var seen = Set<Double>()
        return specs.map { ($0.detent, top($0, height: height)) }.sorted { $0.1 < $1.1 }.filter { seen.insert($0.1).inserted }
    }
}

/// What a custom detent is computed from, as SwiftUI's `CustomPresentationDetent.Context`:
/// the window's height and the largest height a sheet takes there (`maxDetentValue`: large's,
/// the window less the status bar's inset, `SheetConstants.fullTop`).
public struct SheetDetentContext: Equatable, Sendable {
    public var windowHeight: Double
    public var maxDetentValue: Double { max(0, windowHeight - SheetConstants.fullTop) }
    public init(windowHeight: Double) { self.windowHeight = windowHeight }
}

/// A detent computed from its context, the two forms SwiftUI's examples use:
/// `context.maxDetentValue * 0.25` and `context.maxDetentValue - 200`.
public enum SheetCustomDetent: Hashable, Sendable {
    /// This share of large's height (0 < f < 1): `large*0.25`.
    case shareOfLarge(Double)
    /// Large's height less this many pt: `large-200pt`.
    case largeLess(Double)

    /// `large*F` or `large-Npt`; nil otherwise.
    public init?(_ text: String) {
        if text.hasPrefix("large*"), let f = Double(text.dropFirst(6)), f.isFinite, f > 0, f < 1 {
            self = .shareOfLarge(f)
        } else if text.hasPrefix("large-"), text.hasSuffix("pt"), let n = Double(text.dropFirst(6).dropLast(2)), n.isFinite, n > 0, n <= 16_384 {
            self = .largeLess(n)
        } else {
            return nil
        }
    }

    /// The sheet's height in `context` (pt; the detent's top is the window less it).
    public func height(in context: SheetDetentContext) -> Double {
        switch self {
        case .shareOfLarge(let f): context.maxDetentValue * f
        case .largeLess(let n): context.maxDetentValue - n
        }
    }

    public var text: String {
        switch self {
        case .shareOfLarge(let f): "large*" + SheetDetentSpec.short(f)
        case .largeLess(let n): "large-" + SheetDetentSpec.short(n) + "pt"
        }
    }
}
