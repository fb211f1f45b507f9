/// How an image fills its frame (SwiftUI's content modes).
public enum ContentMode: String, Sendable, CaseIterable {
    /// Scale to cover the frame, keep the aspect ratio, crop the overflow centred.
    case fill
    /// Scale to fit inside the frame, keep the aspect ratio (letterboxed).
    case fit
    /// Scale each axis to the frame.
    case stretch
}

/// A 2-D transform of uniform scale plus translation: p ↦ p · scale + translation.
public struct Transform: Equatable, Sendable {
    public var scale: Double
    public var translation: Point

    public init(scale: Double = 1, translation: Point = .zero) {
        self.scale = scale; self.translation = translation
    }

    public static let identity = Transform()

    public static func translate(_ dx: Double, _ dy: Double) -> Transform { Transform(translation: Point(dx, dy)) }

    /// Scales by `s` about `anchor` (the anchor stays put).
    public static func scale(_ s: Double, about anchor: Point) -> Transform {
        Transform(scale: s, translation: Point(anchor.x * (1 - s), anchor.y * (1 - s)))
    }

    public func apply(_ p: Point) -> Point { Point(p.x * scale + translation.x, p.y * scale + translation.y) }

    public func apply(_ r: Rect) -> Rect {
        let o = apply(r.origin)
        return Rect(x: o.x, y: o.y, width: r.width * scale, height: r.height * scale)
    }

    /// `self` applied after `inner`: (self ∘ inner)(p) = self(inner(p)).
    public func concatenating(_ inner: Transform) -> Transform {
        Transform(scale: scale * inner.scale, translation: apply(inner.translation))
    }
}

/// A text block placed in the window: set lines, colour and the top-left of the block.
public struct TextRun: Equatable, Sendable {
    public var layout: TextLayout
    public var origin: Point
    public var color: Color

    public init(layout: TextLayout, origin: Point, color: Color) {
        self.layout = layout; self.origin = origin; self.color = color
    }
}

/// A group of commands the backend may rasterise once into a texture and then composite with
/// one 1:1 copy for as long as the group's commands stay the same (SwiftUI's `.drawingGroup()`,
/// Core Animation's rasterised layer). The content key is the commands themselves: the backend
/// compares them with the ones it rasterised, so a layer can never show stale content, and a
/// group whose commands change every frame is simply drawn directly.
public struct LayerSpec: Equatable, Sendable {
    /// Names the layer's cache slot from frame to frame ("backdrop", "sheet", …).
    public var id: String
    /// The layer's extent in the group's coordinates (pt before the current transform): what
    /// the group draws outside does not show.
    public var bounds: Rect
    /// What the layer is cleared to before its commands draw. Opaque: the layer covers its
    /// bounds and is copied without blending. Transparent: its colour is what anti-aliased
    /// edges over the empty part blend with (use the colour of the content's edge).
    public var background: Color
    /// Rounds the layer's copy to this corner radius (pt, in the group's coordinates; 0: square).
    /// The corners are cut when the layer is copied, so a radius that changes every frame (a
    /// card pulled down) never re-rasterises the content. A rounded layer, and one drawn under a
    /// scaling transform, is rasterised at the renderer's scale and copied scaled.
    public var cornerRadius: Double
    /// Rasterised at the renderer's scale even while square and unscaled, so that a pull which
    /// then scales and rounds it (an expanded card) finds it ready instead of rasterising it in
    /// its first frame. While its content changes every frame it is drawn directly.
    public var scalable: Bool
    /// Of a scalable layer, only its top this many pt are copied (nil: all of it): a zooming
    /// card cut to its frame. Like the radius it is applied by the copy, so a cut that changes
    /// every frame never re-rasterises the content.
    public var visibleHeight: Double?

    public init(id: String, bounds: Rect, background: Color, cornerRadius: Double = 0, scalable: Bool = false, visibleHeight: Double? = nil) {
        self.id = id; self.bounds = bounds; self.background = background; self.cornerRadius = cornerRadius
        self.scalable = scalable; self.visibleHeight = visibleHeight
    }

    /// The part of `bounds` the copy shows (`visibleHeight` of it from the top).
    public var shownBounds: Rect {
        guard let v = visibleHeight else { return bounds }
        return Rect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: max(0, min(bounds.height, v)))
    }
}

/// One drawing primitive. Coordinates are window pt before the current transform.
public enum DrawCommand: Equatable, Sendable {
    case fillRect(Rect, radii: CornerRadii, color: Color)
    case strokeRect(Rect, radii: CornerRadii, color: Color, lineWidth: Double)
    case fillCircle(center: Point, radius: Double, color: Color)
    case strokeCircle(center: Point, radius: Double, color: Color, lineWidth: Double)
    /// A line exactly one device pixel thick at any scale (separators).
    case hairline(from: Point, to: Point, color: Color)
    /// An anti-aliased polyline of a width in pt (charts).
    case polyline([Point], color: Color, lineWidth: Double)
    /// A vertical linear gradient filling a rectangle (scrims under text on photos).
    case verticalGradient(Rect, top: Color, bottom: Color)
    /// A soft drop shadow of a rounded rectangle: Gaussian-like blur of `radius` pt.
    case shadow(Rect, radii: CornerRadii, color: Color, radius: Double, offset: Point)
    /// Blurs what is already drawn inside a rectangle (a Gaussian of deviation `sigma` pt, read
    /// only inside it, edges repeated): a material's backdrop, under the material's tint. At an
    /// opacity below 1 the blurred pixels are mixed with the sharp ones.
    case backdropBlur(Rect, sigma: Double)
    /// An image from Resources/images by relative path, drawn into a frame.
    case image(String, frame: Rect, mode: ContentMode, radii: CornerRadii)
    case text(TextRun)
    case pushClip(Rect)
    case popClip
    case pushOpacity(Double)
    case popOpacity
    case pushTransform(Transform)
    case popTransform
    /// Starts a layer (see `LayerSpec`); everything up to the matching `endLayer` belongs to it.
    case beginLayer(LayerSpec)
    case endLayer
    /// Darkens what is below inside the rectangle by `amount` (0…1): the same pixels as a black
    /// fill of that alpha, but the backend may fold it into the layer just composited there
    /// (one darkening pass, or a copy darkened once, instead of a blended fill).
    case dim(Rect, amount: Double)
}

/// A photo a coming frame may draw, as its `.image` command will draw it (its frame in pt and
/// its content mode set the pixels it needs).
public struct UpcomingImage: Equatable, Sendable {
    public var name: String
    public var frame: Rect
    public var mode: ContentMode
    /// Drawn already, it is about to grow to `frame` (an opening Today card's photo): its copy
    /// is made for that size once it grows, and decoded for it ahead.
    public var grows: Bool
    public init(_ name: String, frame: Rect, mode: ContentMode, grows: Bool = false) {
        self.name = name; self.frame = frame; self.mode = mode; self.grows = grows
    }
}

/// The frame's drawing, built fresh by the scenes each frame and drawn by the backend.
public struct DisplayList: Sendable {
    public private(set) var commands: [DrawCommand] = []
    public var background: Color
    /// Whether this frame is a good time to make hidden layers ready (see `hidden`): false
    /// while something on screen moves, where a full-window rasterisation is a dropped frame.
    public var preparesHidden = true
    /// Which screen the frame shows ("today", …; empty: not the app's). A change lets the
    /// renderer give back the photos only the screen left behind drew (the memory budget).
    public var scene = ""
    /// Photos the next frames may draw (cards and rows just beyond the screen): the backend
    /// may decode them ahead, off the main thread, as UIKit's table prefetching does, so that
    /// a scroll never waits for a decode. The frame draws the same with or without them.
    public var upcomingImages: [UpcomingImage] = []

    public init(background: Color = .white) { self.background = background }

    /// An empty list that writes into `storage`'s room (an earlier frame's commands): no
    /// allocation if nothing else still holds that array.
    public init(background: Color = .white, reusing storage: [DrawCommand]) {
        self.background = background
        commands = storage
        commands.removeAll(keepingCapacity: true)
    }

    public mutating func add(_ c: DrawCommand) { commands.append(c) }

    public mutating func fill(_ r: Rect, radius: Double = 0, _ color: Color) {
        commands.append(.fillRect(r, radii: CornerRadii(radius), color: color))
    }

    public mutating func text(_ layout: TextLayout, at origin: Point, _ color: Color) {
        commands.append(.text(TextRun(layout: layout, origin: origin, color: color)))
    }

    /// Runs `body` inside a clip; the clip is popped even if `body` adds nothing.
    public mutating func clipped(to r: Rect, _ body: (inout DisplayList) -> Void) {
        commands.append(.pushClip(r)); body(&self); commands.append(.popClip)
    }

    public mutating func withOpacity(_ o: Double, _ body: (inout DisplayList) -> Void) {
        guard o < 1 else { body(&self); return }
        guard o > 0 else { return }
        commands.append(.pushOpacity(o)); body(&self); commands.append(.popOpacity)
    }

    /// Draws nothing of `body`, but a layer in it is kept ready: its texture stays cached, and
    /// in a frame that `preparesHidden` the renderer rasterises it without showing it if it is
    /// new or held still since the last frame (the list behind an expanded card, made when the
    /// card comes to rest, so that a pull fading it back in does not pay for it in its first
    /// frame).
    public mutating func hidden(_ body: (inout DisplayList) -> Void) {
        commands.append(.pushOpacity(0)); body(&self); commands.append(.popOpacity)
    }

    /// Marks what `body` draws as a layer (see `LayerSpec`). A layer whose whole content is
    /// one layer (`soleLayer`) is that layer: the outer one is left out.
    public mutating func layer(_ spec: LayerSpec, _ body: (inout DisplayList) -> Void) {
        let start = commands.count
        commands.append(.beginLayer(spec)); body(&self)
        if let clip = Self.soleLayer(commands, in: (start + 1)..<commands.count, as: spec) {
            // Behind an expanded card, once the tab bar has left, the backdrop held just the
            // Today list: kept as two layers, its pixels were the list's a second time (8 MB at
            // 1080×1920), rasterised when the card came to rest.
            if clip { commands.removeLast() }
            commands.remove(at: start)
            if clip { commands.remove(at: start) }
            return
        }
        commands.append(.endLayer)
    }

    /// Whether `commands[content]` (a layer's content) is one layer alone with `outer`'s pixels:
    /// opaque, square and unscaled, of the same bounds, maybe inside a clip that cuts nothing of
    /// it (true: that clip is there). Nil if the content is anything else.
    static func soleLayer(_ commands: [DrawCommand], in content: Range<Int>, as outer: LayerSpec) -> Bool? {
        func plain(_ s: LayerSpec) -> Bool { s.background.a >= 1 && s.cornerRadius == 0 && !s.scalable && s.visibleHeight == nil }
        guard plain(outer), content.count >= 2 else { return nil }
        var first = content.lowerBound, last = content.upperBound - 1
        var clip = false
        if case .pushClip(let r) = commands[first], commands[last] == .popClip,
           r.minX <= outer.bounds.minX, r.minY <= outer.bounds.minY, r.maxX >= outer.bounds.maxX, r.maxY >= outer.bounds.maxY {
            first += 1; last -= 1; clip = true
        }
        guard first < last, case .beginLayer(let inner) = commands[first], commands[last] == .endLayer,
              plain(inner), inner.bounds == outer.bounds else { return nil }
        // The inner layer's end must be the last command, not an earlier one's.
        var depth = 0
        for i in first...last {
            switch commands[i] {
            case .beginLayer: depth += 1
            case .endLayer:
                depth -= 1
                if depth == 0, i != last { return nil }
            default: break
            }
        }
        return clip
    }

    public mutating func transformed(_ t: Transform, _ body: (inout DisplayList) -> Void) {
        guard t != .identity else { body(&self); return }
        commands.append(.pushTransform(t)); body(&self); commands.append(.popTransform)
    }
}

extension ContentMode {
    /// Where an image of `imageSize` lands for `frame`: the part of the image shown (in image
    /// pixels) and the rectangle it is drawn into (in the frame's units).
    public func placement(imageSize: Size, in frame: Rect) -> (source: Rect, destination: Rect) {
        let full = Rect(origin: .zero, size: imageSize)
        guard imageSize.width > 0, imageSize.height > 0, frame.width > 0, frame.height > 0 else { return (full, frame) }
        switch self {
        case .stretch:
            return (full, frame)
        case .fill:
            // Cover the frame: crop the image's overflow, centred.
            let s = max(frame.width / imageSize.width, frame.height / imageSize.height)
            let w = frame.width / s, h = frame.height / s
            return (Rect(x: (imageSize.width - w) / 2, y: (imageSize.height - h) / 2, width: w, height: h), frame)
        case .fit:
            let s = min(frame.width / imageSize.width, frame.height / imageSize.height)
            let w = imageSize.width * s, h = imageSize.height * s
            return (full, Rect(x: frame.midX - w / 2, y: frame.midY - h / 2, width: w, height: h))
        }
    }
}
