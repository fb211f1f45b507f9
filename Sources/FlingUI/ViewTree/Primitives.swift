// Primitives: the leaf views and their nodes: `Text` (wrapping, shrinking), shapes and colours,
// `Image` from Resources/images, and `Canvas` for custom drawing.
import FlingCore

/// Text in the environment's font and colour; wraps to the width it is offered.
public struct Text: SingleNodeView {
    let string: String
    var options = TextOptions()
    var font: Font?
    var weight: FontWeight?
    var color: Color?

    /// The text in the user's language: a literal is a key, its English source (SwiftUI's
    /// `Text(LocalizedStringKey)`), resolved where the view is built.
    let key: LocalizedStringKey?

    public init(_ key: LocalizedStringKey) { self.key = key; string = "" }
    /// Text shown as it is (a restaurant's name, what the user typed), as SwiftUI's
    /// `Text(_: StringProtocol)` and `Text(verbatim:)`.
    @_disfavoredOverload public init<S: StringProtocol>(_ content: S) { key = nil; string = String(content) }
    public init(verbatim content: String) { key = nil; string = content }
    /// A whole number in the language's digits, as SwiftUI's `Text(value, format: .number)`.
    public init(_ value: Int, format: IntegerFormat) { key = LocalizedStringKey(number: value); string = "" }

    public func font(_ font: Font) -> Text { var t = self; t.font = font; return t }
    public func font(_ style: TextStyle) -> Text { font(style.font) }
    public func fontWeight(_ weight: FontWeight) -> Text { var t = self; t.weight = weight; return t }
    public func foregroundColor(_ color: Color) -> Text { var t = self; t.color = color; return t }
    public func lineLimit(_ n: Int?) -> Text { var t = self; t.options.lineLimit = n; return t }
    public func minimumScaleFactor(_ s: Double) -> Text { var t = self; t.options.minimumScale = s; return t }
    public func multilineTextAlignment(_ a: TextAlignment) -> Text { var t = self; t.options.alignment = a; return t }
    public func lineSpacing(multiple: Double) -> Text { var t = self; t.options.lineHeight = multiple; return t }

    func makeNode(_ context: BuildContext) -> Node {
        let env = context.environment
        var f = font ?? env.font
        if let weight { f = f.withWeight(weight) }
        if env.textScale != 1 { f = f.withSize(f.size * env.textScale) }
        let c = color ?? env.foregroundColor
        var string = key?.resolved(context.scene.strings) ?? self.string
        var options = self.options
        if env.layoutDirection == .rightToLeft {
            options.rightToLeftLayout = true
            // A directional icon points the other way, as SF Symbols' chevron.forward does.
            string = MaterialIcon.mirroredForRightToLeft(string) ?? string
        }
        if let node = context.reusable(TextNode.self) {
            node.string = string; node.font = f; node.color = c; node.options = options
            return node
        }
        return TextNode(path: context.path, string: string, font: f, color: c, options: options, scene: context.scene)
    }
}

@MainActor
final class TextNode: Node {
    var string: String
    var font: Font
    var color: Color
    var options: TextOptions
    let scene: SceneEnvironment

    init(path: String, string: String, font: Font, color: Color, options: TextOptions, scene: SceneEnvironment) {
        self.string = string; self.font = font; self.color = color; self.options = options; self.scene = scene
        super.init(path: path)
    }

    /// The proposal the node was placed with: a text that shrinks draws the layout it
    /// answered that proposal with (set again for its frame, it could shrink differently).
    private var placedProposal: ProposedSize?

    /// Text that may shrink (`minimumScaleFactor` < 1) fits the height it is offered, as
    /// SwiftUI's does: a stack sharing its height out shrinks it. Other text keeps its full
    /// height whatever it is offered (SwiftUI would drop the lines that do not fit; no view
    /// here relies on that, and the scenes' layouts were made with text that does not).
    private var shrinks: Bool { options.minimumScale < 1 }

    /// The text set for a width (nil: one line per paragraph, as wide as it needs) and, for
    /// text that shrinks, a height.
    func layout(width: Double?, height: Double? = nil) -> TextLayout {
        var o = options
        o.maxWidth = width.map { $0.isFinite ? $0 : nil } ?? nil
        o.maxHeight = shrinks ? height.flatMap { $0.isFinite ? $0 : nil } : nil
        return scene.layout(string, font, o)
    }

    /// The text as it answers `proposal`: one line per paragraph if that fits the width,
    /// else wrapped (or shrunk, or truncated) to it.
    func layout(for proposal: ProposedSize) -> TextLayout { setting(for: proposal).layout }

    /// …and the width it was set in (nil: its own, the widest line's).
    private func setting(for proposal: ProposedSize) -> (layout: TextLayout, width: Double?) {
        let ideal = layout(width: nil, height: proposal.height)
        guard let w = proposal.width, w < ideal.size.width, w > 0 else { return (ideal, nil) }
        return (layout(width: w, height: proposal.height), w)
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        // Offered no width: nothing of it shows.
        if let w = proposal.width, w <= 0 { return Size(0, layout(width: nil, height: proposal.height).size.height) }
        return layout(for: proposal).size
    }

    override func placeChildren(in rect: Rect, proposal: ProposedSize) { placedProposal = proposal }

    override var isHitOpaque: Bool { true }

    override func baseline(last: Bool, size: Size) -> Double? {
        // Asked before placing, with a size only: a shrinking text is set for that height.
        let l = layout(width: size.width + 0.5, height: size.height)
        return last ? l.lastBaseline : l.firstBaseline
    }

    /// What is drawn: the layout the text answered its proposal with, and how far left of
    /// the frame to draw it so that its lines, aligned in the width they were set in (wider
    /// than the frame, which is the widest line's), land centred or trailing in the frame.
    private var drawn: (layout: TextLayout, dx: Double) {
        // Set half a point wider than its frame (so that its own width never wraps it): lines
        // aligned to the right edge of a right-to-left layout are drawn that half point back.
        guard shrinks, let p = placedProposal else {
            return (layout(width: frame.width + 0.5), options.layoutAlignment == .trailing ? 0.5 : 0)
        }
        let (l, setIn) = setting(for: p)
        guard let setIn, setIn > frame.width else { return (l, 0) }
        switch options.layoutAlignment ?? options.alignment {
        case .leading: return (l, 0)
        case .center: return (l, ((setIn - frame.width) / 2).rounded())
        case .trailing: return (l, setIn - frame.width)
        }
    }

    /// The text as drawn (tests read it).
    var drawnLayout: TextLayout { drawn.layout }

    override func draw(into list: inout DisplayList) {
        guard frame.width > 0 else { return }
        let (l, dx) = drawn
        list.text(l, at: Point(frame.minX - dx, frame.minY), color)
    }
}

/// A shape filled or stroked to the frame it is offered.
public enum ShapeKind: Equatable, Sendable {
    case rectangle
    case roundedRectangle(Double)
    case circle
    case capsule

    func radii(in r: Rect) -> CornerRadii {
        switch self {
        case .rectangle: CornerRadii(0)
        case .roundedRectangle(let radius): CornerRadii(radius)
        case .circle, .capsule: CornerRadii(min(r.width, r.height) / 2)
        }
    }
}

/// A shape view: `Rectangle()`, `RoundedRectangle(cornerRadius:)`, `Circle()`, `Capsule()`,
/// with `.fill` and `.stroke`. Without either it fills with the foreground colour.
public struct ShapeView: SingleNodeView {
    let kind: ShapeKind
    var fillColor: Color?
    var strokeColor: Color?
    var lineWidth: Double = 1

    public func fill(_ color: Color) -> ShapeView { var s = self; s.fillColor = color; return s }
    public func stroke(_ color: Color, lineWidth: Double = 1) -> ShapeView {
        var s = self; s.strokeColor = color; s.lineWidth = lineWidth; return s
    }

    func makeNode(_ context: BuildContext) -> Node {
        let fill = fillColor ?? (strokeColor == nil ? context.environment.foregroundColor : nil)
        if let node = context.reusable(ShapeNode.self) {
            node.kind = kind; node.fill = fill; node.stroke = strokeColor; node.lineWidth = lineWidth
            return node
        }
        return ShapeNode(path: context.path, kind: kind, fill: fill, stroke: strokeColor, lineWidth: lineWidth)
    }
}

public func Rectangle() -> ShapeView { ShapeView(kind: .rectangle) }
public func RoundedRectangle(cornerRadius: Double) -> ShapeView { ShapeView(kind: .roundedRectangle(cornerRadius)) }
public func Circle() -> ShapeView { ShapeView(kind: .circle) }
public func Capsule() -> ShapeView { ShapeView(kind: .capsule) }

/// A colour is a view that fills what it is offered.
extension Color: View {
    public var body: ShapeView { return Rectangle().fill(self) }
}

@MainActor
final class ShapeNode: Node {
    var kind: ShapeKind
    var fill: Color?
    var stroke: Color?
    var lineWidth: Double
    init(path: String, kind: ShapeKind, fill: Color?, stroke: Color?, lineWidth: Double) {
        self.kind = kind; self.fill = fill; self.stroke = stroke; self.lineWidth = lineWidth
        super.init(path: path)
    }
    /// A clear colour lets presses through (SwiftUI's `Color.clear`); anything drawn stops them.
    override var isHitOpaque: Bool { (fill.map { $0.a > 0 } ?? false) || stroke != nil }

    override func measure(_ proposal: ProposedSize) -> Size {
        var s = Size(proposal.width ?? LayoutDefaults.flexibleIdeal, proposal.height ?? LayoutDefaults.flexibleIdeal)
        if kind == .circle { let d = min(s.width, s.height); s = Size(d, d) }
        return s
    }
    override func draw(into list: inout DisplayList) {
        let f = frame
        guard f.width > 0, f.height > 0 else { return }
        if kind == .circle {
            let r = min(f.width, f.height) / 2
            if let fill { list.add(.fillCircle(center: f.center, radius: r, color: fill)) }
            if let stroke { list.add(.strokeCircle(center: f.center, radius: r, color: stroke, lineWidth: lineWidth)) }
            return
        }
        if let fill { list.add(.fillRect(f, radii: kind.radii(in: f), color: fill)) }
        if let stroke { list.add(.strokeRect(f, radii: kind.radii(in: f), color: stroke, lineWidth: lineWidth)) }
    }
}

/// A photo from Resources/images (SwiftUI's `Image(_:)` with `.resizable()`): fills the
/// frame it is offered, in its content mode; unresizable it answers its own size.
public struct Image: SingleNodeView {
    let name: String
    var resizable = false
    var mode: ContentMode = .stretch
    var radius: Double = 0

    public init(_ name: String) { self.name = name }
    public func resizable(_ yes: Bool = true) -> Image { var i = self; i.resizable = yes; return i }
    public func aspectRatio(contentMode: ContentMode) -> Image { var i = self; i.mode = contentMode; return i }
    public func scaledToFill() -> Image { aspectRatio(contentMode: .fill) }
    public func scaledToFit() -> Image { aspectRatio(contentMode: .fit) }
    /// Rounds the photo's corners (clipping it, as `.cornerRadius` does).
    public func cornerRadius(_ r: Double) -> Image { var i = self; i.radius = r; return i }

    func makeNode(_ context: BuildContext) -> Node {
        let natural = context.scene.imageSize(name) ?? Size(100, 100)
        if let node = context.reusable(ImageNode.self) {
            node.image = self; node.naturalSize = natural
            return node
        }
        return ImageNode(path: context.path, image: self, naturalSize: natural)
    }
}

@MainActor
final class ImageNode: Node {
    var image: Image
    var naturalSize: Size
    init(path: String, image: Image, naturalSize: Size) {
        self.image = image; self.naturalSize = naturalSize
        super.init(path: path)
    }
    override var isHitOpaque: Bool { true }

    override func measure(_ proposal: ProposedSize) -> Size {
        guard image.resizable else { return naturalSize }
        return Size(proposal.width ?? naturalSize.width, proposal.height ?? naturalSize.height)
    }
    override func draw(into list: inout DisplayList) {
        guard frame.width > 0, frame.height > 0 else { return }
        list.add(.image(image.name, frame: frame, mode: image.mode, radii: CornerRadii(image.radius)))
    }
}

/// Custom drawing into the frame it is offered (SwiftUI's `Canvas`): for charts, the
/// mini-map's rectangles, anything the display list can express.
///
/// `Canvas(value) { value, list, frame in … }` hands the drawing its inputs as a value: a
/// closure that captures nothing is no allocation, where one capturing its inputs is a heap
/// context made in every build (the list's rows draw their highlight and separator so).
public struct Canvas<Value>: SingleNodeView {
    let value: Value
    let draw: CanvasNode<Value>.Drawing
    public init(_ value: Value, _ draw: @escaping @MainActor (Value, inout DisplayList, Rect) -> Void) {
        self.value = value; self.draw = .inFrame(draw)
    }
    /// Drawing that turns with the layout (SwiftUI's `GraphicsContext.environment`): it is
    /// told the direction, so that what it puts at the leading edge goes right in Arabic.
    public init(_ value: Value, _ draw: @escaping @MainActor (Value, inout DisplayList, Rect, LayoutDirection) -> Void) {
        self.value = value; self.draw = .directional(draw)
    }
    func makeNode(_ context: BuildContext) -> Node {
        let node: CanvasNode<Value>
        if let reused = context.reusable(CanvasNode<Value>.self) {
            reused.value = value; reused.drawing = draw
            node = reused
        } else {
            node = CanvasNode(path: context.path, value: value, draw: draw)
        }
        node.direction = context.environment.layoutDirection
        return node
    }
}

extension Canvas where Value == Void {
    public init(_ draw: @escaping @MainActor (inout DisplayList, Rect) -> Void) {
        self.init(()) { _, list, frame in draw(&list, frame) }
    }
}

@MainActor
final class CanvasNode<Value>: Node {
    enum Drawing {
        case inFrame(@MainActor (Value, inout DisplayList, Rect) -> Void)
        case directional(@MainActor (Value, inout DisplayList, Rect, LayoutDirection) -> Void)
    }
    var value: Value
    var drawing: Drawing
    var direction = LayoutDirection.leftToRight
    init(path: String, value: Value, draw: Drawing) {
        self.value = value; self.drawing = draw
        super.init(path: path)
    }
    override func measure(_ proposal: ProposedSize) -> Size {
        Size(proposal.width ?? LayoutDefaults.flexibleIdeal, proposal.height ?? LayoutDefaults.flexibleIdeal)
    }
    override func draw(into list: inout DisplayList) {
        switch drawing {
        case .inFrame(let d): d(value, &list, frame)
        case .directional(let d): d(value, &list, frame, direction)
        }
    }
    override var isHitOpaque: Bool { true }
}
