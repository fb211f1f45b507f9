// Alignment: SwiftUI-style alignments (horizontal, vertical, 2-D) and how a child is placed by
// them, plus the edge sets and insets that padding takes.
import FlingCore

public enum HorizontalAlignment: Sendable { case leading, center, trailing }

public enum VerticalAlignment: Sendable { case top, center, bottom, firstTextBaseline, lastTextBaseline }

/// A 2-D alignment (SwiftUI's `Alignment`).
public struct Alignment: Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal; self.vertical = vertical
    }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

extension HorizontalAlignment {
    /// The x offset of a child `inner` wide inside `outer`.
    func offset(_ inner: Double, in outer: Double) -> Double {
        switch self {
        case .leading: 0
        case .center: (outer - inner) / 2
        case .trailing: outer - inner
        }
    }
}

extension VerticalAlignment {
    /// The y offset of a child `inner` high inside `outer` (baselines fall back to top here;
    /// stacks align baselines themselves).
    func offset(_ inner: Double, in outer: Double) -> Double {
        switch self {
        case .top, .firstTextBaseline, .lastTextBaseline: 0
        case .center: (outer - inner) / 2
        case .bottom: outer - inner
        }
    }
}

extension Alignment {
    /// Where a child of `size` sits inside `rect`.
    func place(_ size: Size, in rect: Rect) -> Rect {
        Rect(x: rect.minX + horizontal.offset(size.width, in: rect.width),
             y: rect.minY + vertical.offset(size.height, in: rect.height),
             width: size.width, height: size.height)
    }
}

/// Edge sets for `padding` (SwiftUI's `Edge.Set`).
public struct EdgeSet: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let top = EdgeSet(rawValue: 1)
    public static let leading = EdgeSet(rawValue: 2)
    public static let bottom = EdgeSet(rawValue: 4)
    public static let trailing = EdgeSet(rawValue: 8)
    public static let horizontal: EdgeSet = [.leading, .trailing]
    public static let vertical: EdgeSet = [.top, .bottom]
    public static let all: EdgeSet = [.top, .leading, .bottom, .trailing]
}

public struct EdgeInsets: Equatable, Sendable {
    public var top, leading, bottom, trailing: Double
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public init(_ edges: EdgeSet, _ length: Double) {
        self.init(top: edges.contains(.top) ? length : 0, leading: edges.contains(.leading) ? length : 0,
                  bottom: edges.contains(.bottom) ? length : 0, trailing: edges.contains(.trailing) ? length : 0)
    }
    var horizontal: Double { leading + trailing }
    var vertical: Double { top + bottom }
}
