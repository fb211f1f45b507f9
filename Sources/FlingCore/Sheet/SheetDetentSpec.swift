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

    /// The name the sheet's state and the keyboard use ("half", "full", "0.3", "300pt").
    public var detent: SheetDetent {
        switch self {
        case .medium: .half
        case .large: .full
        case .fraction(let f): SheetDetent(rawValue: Self.short(f))
        case .height(let h): SheetDetent(rawValue: Self.short(h) + "pt")
        case .content: SheetDetent(rawValue: "content")
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
            case let s where s.hasSuffix("pt"):
                guard let h = Double(String(s.dropLast(2)).trimmingWhitespace()), h.isFinite, h >= SheetConstants.minimumDetentHeight, h <= 16_384 else {
                    throw SheetDetentError("'\(item)' is not a height from \(Self.short(SheetConstants.minimumDetentHeight))pt to 16384pt")
                }
                spec = .height(h)
            default:
                guard let f = Double(item), f.isFinite, f > 0, f <= 1 else {
                    throw SheetDetentError("'\(item)' is not medium, large, content, a fraction (0 < f ≤ 1, e.g. 0.3) or a height (e.g. 300pt)")
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
