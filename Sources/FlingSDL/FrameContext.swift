// FrameContext: what every painter of a frame shares: the SDL renderer and the scale, the
// renderer's switches, the frame's size and surface, the transform/opacity/clip stacks, the
// target drawn into now, the counters, and the solid geometry batched for SDL.
import CSDL2
import FlingCore

@MainActor
final class FrameContext {
    let sdl: OpaquePointer
    /// Device pixels per pt.
    var scale: Double
    var stats = RenderStats()

    // The renderer's switches (see Renderer's properties of the same names).
    /// Where frames are drawn: nil for the renderer's own output, or a target texture.
    var target: OpaquePointer?
    /// The frame's own pixels when it is a plain surface SDL's software renderer draws into.
    var surface: UnsafeMutablePointer<SDL_Surface>?
    var cpuCompositing = true
    var occlusion = true
    var partialRasterization = true

    // Per-frame state.
    var width: Int32 = 0
    var height: Int32 = 0
    /// The target drawn into now (the frame's, or a layer being rasterised), its clear colour and
    /// whether anything has been drawn over that clear yet (a fading layer over an untouched
    /// background is blended by LayerTint instead of SDL).
    var currentTarget: OpaquePointer?
    /// The size of the layer being rasterised (px), which a shared target may exceed (its
    /// pixels past it belong to no layer); nil for the frame's own target.
    var targetSize: (width: Int32, height: Int32)?
    var targetBackground = Color.white
    var targetTouched = false
    /// Depth of layer rasterisation (drawing into a layer's texture, not the frame).
    var rasterizing = 0
    /// The layer being rasterised held still (its commands repeated): its shadows are worth a
    /// texture in their colour.
    var rasterizingStill = false
    /// The index of the command being drawn (for a layer composited whole, its `endLayer`;
    /// after a layer drawn directly, its last command's, until the next command).
    var commandIndex = 0
    /// A layer being redrawn in part: the damage (device px), which of its commands run (from
    /// index `first` of the list), and whether the one drawing now is drawn whole.
    struct PartialRedraw {
        var damage: Rect
        var runs: [Bool]
        var first: Int
        var drawingWhole = false
    }
    var partialRedraw: PartialRedraw?

    /// The pixels of the target drawn into now: the layer's size while one is rasterised, else
    /// the target's (or the output's) own.
    func targetBounds() -> PixelRect {
        if let s = targetSize { return PixelRect(x0: 0, y0: 0, x1: Int(s.width), y1: Int(s.height)) }
        var tw: Int32 = 0, th: Int32 = 0
        if let target = SDL_GetRenderTarget(sdl) {
            SDL_QueryTexture(target, nil, nil, &tw, &th)
        } else {
            SDL_GetRendererOutputSize(sdl, &tw, &th)
        }
        return PixelRect(x0: 0, y0: 0, x1: Int(tw), y1: Int(th))
    }
    var transforms: [Transform] = [.identity]
    var opacities: [Double] = [1]
    var clips: [Rect?] = [nil]   // device pixels; nil = no clip
    /// Triangles of plain colour queued for one SDL_RenderGeometry (flushSolid).
    var solid = Mesh()
    private var vertexBuffer: [SDL_Vertex] = []
    /// Corner tiles for copies scaled into rounded frames (a pulled layer, a moving photo),
    /// reused from frame to frame.
    var roundedCopy = RoundedCopy()

    init(sdl: OpaquePointer, scale: Double) {
        self.sdl = sdl
        self.scale = scale
    }

    var transform: Transform { transforms[transforms.count - 1] }
    var opacity: Double { opacities[opacities.count - 1] }
    var clip: Rect? { clips[clips.count - 1] }
    var clippedAway: Bool { clip.map { $0.isEmpty } ?? false }

    /// pt → device px through the current transform, clamped to ±1e7 px so far-off geometry
    /// can never overflow the integer conversions SDL needs.
    func px(_ p: Point) -> Point {
        let q = transform.apply(p)
        return Point(Self.clampPx(q.x * scale), Self.clampPx(q.y * scale))
    }
    func px(_ r: Rect) -> Rect {
        let t = transform.apply(r)
        let x0 = Self.clampPx(t.x * scale), y0 = Self.clampPx(t.y * scale)
        let x1 = Self.clampPx(t.maxX * scale), y1 = Self.clampPx(t.maxY * scale)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    private static func clampPx(_ v: Double) -> Double { v.isFinite ? max(-1e7, min(1e7, v)) : 0 }
    var pxPerPt: Double { scale * transform.scale }

    /// Applies a clip, opacity or transform command to the state stacks; false for any other.
    func updateStateStacks(_ c: DrawCommand) -> Bool {
        switch c {
        case .pushClip(let r): clips.append(clipped(to: r))
        case .popClip: if clips.count > 1 { clips.removeLast() }
        case .pushOpacity(let o): opacities.append(opacity * max(0, min(1, o)))
        case .popOpacity: if opacities.count > 1 { opacities.removeLast() }
        case .pushTransform(let t): transforms.append(transform.concatenating(t))
        case .popTransform: if transforms.count > 1 { transforms.removeLast() }
        default: return false
        }
        return true
    }

    /// The transform, opacity and clip stacks as at a frame's start, their storage kept (no
    /// allocation a frame).
    func resetStateStacks() {
        transforms.removeAll(keepingCapacity: true); transforms.append(.identity)
        opacities.removeAll(keepingCapacity: true); opacities.append(1)
        clips.removeAll(keepingCapacity: true); clips.append(nil)
    }

    /// The current clip narrowed to `r` (pt), snapped to whole pixels.
    func clipped(to r: Rect) -> Rect {
        let d = px(r)
        let snapped = Rect(x: d.minX.rounded(), y: d.minY.rounded(),
                           width: d.maxX.rounded() - d.minX.rounded(), height: d.maxY.rounded() - d.minY.rounded())
        return clip.map { $0.intersection(snapped) } ?? snapped
    }

    /// Sets SDL's clip to the current one (within the damage of a layer redrawn in part).
    func applyClip() {
        var clip = self.clip
        if let p = partialRedraw, !p.drawingWhole { clip = clip.map { $0.intersection(p.damage) } ?? p.damage }
        if let c = clip {
            var r = SDL_Rect(x: Int32(c.minX), y: Int32(c.minY), w: Int32(max(0, c.width)), h: Int32(max(0, c.height)))
            SDL_RenderSetClipRect(sdl, &r)
        } else {
            SDL_RenderSetClipRect(sdl, nil)
        }
    }

    /// The frame's pixels.
    var bounds: PixelRect { PixelRect(x0: 0, y0: 0, x1: Int(width), y1: Int(height)) }

    /// The frame's pixels inside the current clip (and the damage of a part being redrawn,
    /// unless a copy is being drawn whole).
    var visible: PixelRect {
        let v = clip.map { bounds.intersection(PixelRect(inside: $0)) } ?? bounds
        guard let p = partialRedraw, !p.drawingWhole else { return v }
        return v.intersection(PixelRect(inside: p.damage))
    }

    /// No clip, or one around the whole frame (as a layer drawn directly sets).
    var unclipped: Bool {
        clip == nil || visible == bounds
    }

    /// The renderer's output (the target drawn into now) within the clip, in device px: where
    /// a RoundedCopy may write.
    var outputVisible: Rect {
        let b = targetBounds()
        var output = Rect(x: 0, y: 0, width: Double(b.x1), height: Double(b.y1))
        if let p = partialRedraw, !p.drawingWhole { output = output.intersection(p.damage) }
        return clip.map { output.intersection($0) } ?? output
    }

    /// Layers are composited from their CPU copies: the frame is a plain surface the canvas
    /// writes (their target textures are handed back after rasterising, to save memory).
    var releasesLayerTargets: Bool { surface != nil && cpuCompositing }

    func sdlRect(_ r: PixelRect) -> SDL_Rect {
        SDL_Rect(x: Int32(r.x0), y: Int32(r.y0), w: Int32(max(0, r.x1 - r.x0)), h: Int32(max(0, r.y1 - r.y0)))
    }

    /// Snaps a device-pixel rect to whole pixels (edges land on pixel boundaries: crisp).
    func snapped(_ d: Rect) -> (x0: Int, y0: Int, x1: Int, y1: Int) {
        (Int(d.minX.rounded()), Int(d.minY.rounded()), Int(d.maxX.rounded()), Int(d.maxY.rounded()))
    }

    /// Whole-pixel radii that fit the snapped size.
    func pixelRadii(_ radii: CornerRadii, w: Int, h: Int) -> (tl: Int, tr: Int, br: Int, bl: Int) {
        let c = radii.clamped(to: Size(Double(w), Double(h)))
        func r(_ v: Double) -> Int { max(0, min(Int(v.rounded()), min(w, h) / 2 + (min(w, h) % 2))) }
        return (r(c.topLeft), r(c.topRight), r(c.bottomRight), r(c.bottomLeft))
    }

    func scaleRadii(_ r: CornerRadii) -> CornerRadii {
        let s = pxPerPt
        return CornerRadii(topLeft: r.topLeft * s, topRight: r.topRight * s, bottomRight: r.bottomRight * s, bottomLeft: r.bottomLeft * s)
    }

    /// Whether a device-pixel rect has an area and meets the clip.
    func shows(_ d: Rect) -> Bool {
        guard d.width > 0, d.height > 0 else { return false }
        if let c = clip { return c.intersects(d) }
        return true
    }

    /// What a rounded copy onto `dest` surely writes opaque (within what is visible): its
    /// rectangle inset by 0.3 of its largest radius (+1), since a point that far from both
    /// edges of a corner square is inside the quarter disc by a pixel (√2·0.7 < 1).
    func surelyCovered(_ dest: PixelRect, radii: (tl: Int, tr: Int, br: Int, bl: Int)) -> PixelRect {
        let rmax = max(max(radii.tl, radii.tr), max(radii.bl, radii.br))
        let inset = rmax > 0 ? Int((Double(rmax) * 0.3).rounded(.up)) + 1 : 0
        return PixelRect(x0: dest.x0 + inset, y0: dest.y0 + inset, x1: dest.x1 - inset, y1: dest.y1 - inset).intersection(visible)
    }

    /// The pixels an opaque fill surely paints (its rows between the corners, within the clip),
    /// or nil.
    func opaquePart(of c: DrawCommand) -> PixelRect? {
        guard case let .fillRect(r, radii, color) = c, color.a >= 1, opacity >= 0.999 else { return nil }
        let (x0, y0, x1, y1) = snapped(px(r))
        let k = pixelRadii(scaleRadii(radii), w: x1 - x0, h: y1 - y0)
        return PixelRect(x0: x0, y0: y0 + max(k.tl, k.tr), x1: x1, y1: y1 - max(k.bl, k.br)).intersection(visible)
    }

    /// Draws the queued solid triangles (before anything else is drawn over them).
    func flushSolid() {
        guard !solid.isEmpty else { return }
        submit(solid, texture: nil)
        solid.removeAll()
    }

    private func submit(_ mesh: Mesh, texture: OpaquePointer?) {
        vertexBuffer.removeAll(keepingCapacity: true)
        for v in mesh.vertices {
            vertexBuffer.append(SDL_Vertex(position: SDL_FPoint(x: v.x, y: v.y),
                                           color: SDL_Color(r: v.r, g: v.g, b: v.b, a: v.a),
                                           tex_coord: SDL_FPoint(x: v.u, y: v.v)))
        }
        vertexBuffer.withUnsafeBufferPointer { vb in
            mesh.indices.withUnsafeBufferPointer { ib in
                _ = SDL_RenderGeometry(sdl, texture, vb.baseAddress, Int32(vb.count), ib.baseAddress, Int32(ib.count))
            }
        }
        stats.drawCalls += 1
    }

    /// Copies `texture`'s rows `0..<height` (`width` px wide) in up to three bands, each placed
    /// by `destination`: the rows in `opaqueRows` without blending unless `blendOpaque` (a
    /// blended copy costs several times more in software), the rows around them blended.
    /// When `edges` holds the rows around `opaqueRows` and those are copied unblended, the
    /// blended rows come from it, and `texture` stays unblended (see EdgeRows).
    /// (A layer's texture and a baked photo are copied so.)
    func copyInRowBands(_ texture: OpaquePointer, edges: EdgeRows?, width: Int32, height: Int, opaqueRows: Range<Int>,
                        blendOpaque: Bool, to destination: (Range<Int>) -> SDL_Rect) {
        let edges = edges.flatMap { !blendOpaque && $0.opaque == opaqueRows && $0.height == height ? $0 : nil }
        func copy(_ rows: Range<Int>, blend: Bool) {
            guard !rows.isEmpty else { return }
            var src = SDL_Rect(x: 0, y: Int32(rows.lowerBound), w: width, h: Int32(rows.count))
            var dst = destination(rows)
            if blend, let edges {
                src.y = Int32(edges.row(rows.lowerBound))
                SDL_RenderCopy(sdl, edges.texture, &src, &dst)
            } else {
                SDL_SetTextureBlendMode(texture, blend ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
                SDL_RenderCopy(sdl, texture, &src, &dst)
            }
            stats.drawCalls += 1
        }
        copy(0..<opaqueRows.lowerBound, blend: true)
        copy(opaqueRows, blend: blendOpaque)
        copy(opaqueRows.upperBound..<height, blend: true)
    }
}
