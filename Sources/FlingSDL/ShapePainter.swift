// ShapePainter: plain shapes in device pixels: rounded rectangles and circles filled and
// stroked (anti-aliased corner masks from ShapeMaskCache around plain rects), hairlines of one
// device pixel, vertical gradients and polylines (on the CPU canvas when there is one,
// otherwise tessellated into the frame's solid batch).
import CSDL2
import FlingCore

@MainActor
final class ShapePainter {
    private let frame: FrameContext
    private let occluders: Occlusion
    private let canvas: CanvasTarget
    private let masks: ShapeMaskCache
    /// A polyline's points in device px (kept: one array for every polyline drawn).
    private var polylinePoints: [Point] = []

    init(frame: FrameContext, occluders: Occlusion, canvas: CanvasTarget) {
        self.frame = frame
        self.occluders = occluders
        self.canvas = canvas
        masks = ShapeMaskCache(renderer: frame.sdl)
    }

    /// Draws a shape command (fillRect, strokeRect, fillCircle, strokeCircle, hairline,
    /// verticalGradient, polyline) through SDL; the frame is prepared for it by the caller.
    func draw(_ c: DrawCommand) {
        switch c {
        case let .fillRect(r, radii, color):
            let d = frame.px(r)
            guard frame.shows(d) else { return }
            fillRounded(d, radii: frame.scaleRadii(radii), color: color.multipliedAlpha(frame.opacity))
        case let .strokeRect(r, radii, color, lineWidth):
            let d = frame.px(r)
            let w = lineWidth * frame.pxPerPt
            guard frame.shows(d.insetBy(dx: -w, dy: -w)) else { return }
            strokeRounded(d, radii: frame.scaleRadii(radii), width: w, color: color.multipliedAlpha(frame.opacity))
        case let .fillCircle(center, radius, color):
            let c = frame.px(center), r = radius * frame.pxPerPt
            let d = Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)
            fillRounded(d, radii: CornerRadii(r), color: color.multipliedAlpha(frame.opacity))
        case let .strokeCircle(center, radius, color, lineWidth):
            let c = frame.px(center), r = radius * frame.pxPerPt
            let d = Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)
            strokeRounded(d, radii: CornerRadii(r), width: lineWidth * frame.pxPerPt, color: color.multipliedAlpha(frame.opacity))
        case let .hairline(from, to, color):
            let a = frame.px(from), b = frame.px(to)
            // Exactly one device pixel, on the pixel row/column the line falls in.
            if abs(a.y - b.y) < 0.01 {
                let y = a.y.rounded(.down)
                addAlignedRect(Rect(x: min(a.x, b.x).rounded(), y: y, width: abs(b.x - a.x).rounded(), height: 1), color.multipliedAlpha(frame.opacity))
            } else if abs(a.x - b.x) < 0.01 {
                let x = a.x.rounded(.down)
                addAlignedRect(Rect(x: x, y: min(a.y, b.y).rounded(), width: 1, height: abs(b.y - a.y).rounded()), color.multipliedAlpha(frame.opacity))
            } else {
                polylinePoints.removeAll(keepingCapacity: true)
                polylinePoints.append(a); polylinePoints.append(b)
                Tessellator.polyline(polylinePoints, width: 1, color: color.multipliedAlpha(frame.opacity), into: &frame.solid)
            }
        case let .verticalGradient(r, top, bottom):
            let (x0, y0, x1, y1) = frame.snapped(frame.px(r))
            guard x1 > x0, y1 > y0 else { return }
            let a = top.multipliedAlpha(frame.opacity).rgba8, b = bottom.multipliedAlpha(frame.opacity).rgba8
            let base = Int32(frame.solid.vertices.count)
            // Written out: literal arrays here would allocate each frame.
            func corner(_ x: Int, _ y: Int, _ c: (UInt8, UInt8, UInt8, UInt8)) {
                frame.solid.vertices.append(MeshVertex(x: Float(x), y: Float(y), r: c.0, g: c.1, b: c.2, a: c.3, u: 0, v: 0))
            }
            corner(x0, y0, a); corner(x1, y0, a); corner(x1, y1, b); corner(x0, y1, b)
            frame.solid.indices.append(base); frame.solid.indices.append(base + 1); frame.solid.indices.append(base + 2)
            frame.solid.indices.append(base); frame.solid.indices.append(base + 2); frame.solid.indices.append(base + 3)
        case let .polyline(points, color, lineWidth):
            devicePoints(points)
            Tessellator.polyline(polylinePoints, width: lineWidth * frame.pxPerPt, color: color.multipliedAlpha(frame.opacity), into: &frame.solid)
        default:
            break
        }
    }

    /// `points` (pt) in device px, in `polylinePoints`.
    private func devicePoints(_ points: [Point]) {
        polylinePoints.removeAll(keepingCapacity: true)
        for p in points { polylinePoints.append(frame.px(p)) }
    }

    /// A filled rounded rectangle: anti-aliased corner masks plus up to seven plain rects.
    func fillRounded(_ d: Rect, radii: CornerRadii, color: Color) {
        let (x0, y0, x1, y1) = frame.snapped(d)
        let w = x1 - x0, h = y1 - y0
        guard w > 0, h > 0, color.a > 0 else { return }
        let r = frame.pixelRadii(radii, w: w, h: h)
        let top = max(r.tl, r.tr), bottom = max(r.bl, r.br)
        // Plain rects first (batched), then the corners.
        fillRect(x0 + r.tl, y0, x1 - r.tr, y0 + top, color)
        fillRect(x0, y0 + r.tl, x0 + r.tl, y0 + top, color)
        fillRect(x1 - r.tr, y0 + r.tr, x1, y0 + top, color)
        // The middle, except what a later occluder paints over (a card's fill under its photo).
        occluders.forEachUnoccludedPart(of: PixelRect(x0: x0, y0: y0 + top, x1: x1, y1: y1 - bottom)) { fillRect($0.x0, $0.y0, $0.x1, $0.y1, color) }
        fillRect(x0 + r.bl, y1 - bottom, x1 - r.br, y1, color)
        fillRect(x0, y1 - bottom, x0 + r.bl, y1 - r.bl, color)
        fillRect(x1 - r.br, y1 - bottom, x1, y1 - r.br, color)
        guard r.tl + r.tr + r.br + r.bl > 0 else { return }
        frame.flushSolid()
        if r.tl > 0, let m = masks.mask(radius: r.tl) { drawCorner(m, quadrant: (0, 0), at: x0, y0, color) }
        if r.tr > 0, let m = masks.mask(radius: r.tr) { drawCorner(m, quadrant: (1, 0), at: x1 - r.tr, y0, color) }
        if r.br > 0, let m = masks.mask(radius: r.br) { drawCorner(m, quadrant: (1, 1), at: x1 - r.br, y1 - r.br, color) }
        if r.bl > 0, let m = masks.mask(radius: r.bl) { drawCorner(m, quadrant: (0, 1), at: x0, y1 - r.bl, color) }
    }

    /// A stroked rounded rectangle of `width` px centred on the outline. Lines under a pixel
    /// are drawn one pixel wide at proportional alpha (even, never dotted).
    private func strokeRounded(_ d: Rect, radii: CornerRadii, width: Double, color: Color) {
        let lw = max(1, Int(width.rounded()))
        let c = width < 1 ? color.multipliedAlpha(width) : color
        // The stroke straddles the outline: grow by half the width.
        let grown = d.insetBy(dx: -Double(lw) / 2, dy: -Double(lw) / 2)
        let (x0, y0, x1, y1) = frame.snapped(grown)
        let w = x1 - x0, h = y1 - y0
        guard w > 0, h > 0, c.a > 0 else { return }
        let grownRadii = CornerRadii(topLeft: radii.topLeft > 0 ? radii.topLeft + Double(lw) / 2 : 0,
                                     topRight: radii.topRight > 0 ? radii.topRight + Double(lw) / 2 : 0,
                                     bottomRight: radii.bottomRight > 0 ? radii.bottomRight + Double(lw) / 2 : 0,
                                     bottomLeft: radii.bottomLeft > 0 ? radii.bottomLeft + Double(lw) / 2 : 0)
        let r = frame.pixelRadii(grownRadii, w: w, h: h)
        // Straight sides between the corners (a square corner is covered by the sides).
        let tl = max(r.tl, 0), tr = max(r.tr, 0), br = max(r.br, 0), bl = max(r.bl, 0)
        fillRect(x0 + tl, y0, x1 - tr, y0 + lw, c)
        fillRect(x0 + bl, y1 - lw, x1 - br, y1, c)
        fillRect(x0, y0 + (tl > 0 ? tl : lw), x0 + lw, y1 - (bl > 0 ? bl : lw), c)
        fillRect(x1 - lw, y0 + (tr > 0 ? tr : lw), x1, y1 - (br > 0 ? br : lw), c)
        if tl == 0 { fillRect(x0, y0, x0 + lw, y0 + lw, c) }
        if tr == 0 { fillRect(x1 - lw, y0, x1, y0 + lw, c) }
        if br == 0 { fillRect(x1 - lw, y1 - lw, x1, y1, c) }
        if bl == 0 { fillRect(x0, y1 - lw, x0 + lw, y1, c) }
        guard tl + tr + br + bl > 0 else { return }
        frame.flushSolid()
        let sw = Double(lw)
        if tl > 0, let m = masks.mask(radius: tl, strokeWidth: sw) { drawCorner(m, quadrant: (0, 0), at: x0, y0, c) }
        if tr > 0, let m = masks.mask(radius: tr, strokeWidth: sw) { drawCorner(m, quadrant: (1, 0), at: x1 - tr, y0, c) }
        if br > 0, let m = masks.mask(radius: br, strokeWidth: sw) { drawCorner(m, quadrant: (1, 1), at: x1 - br, y1 - br, c) }
        if bl > 0, let m = masks.mask(radius: bl, strokeWidth: sw) { drawCorner(m, quadrant: (0, 1), at: x0, y1 - bl, c) }
    }

    func fillRect(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ color: Color) {
        guard x1 > x0, y1 > y0 else { return }
        addAlignedRect(Rect(x: Double(x0), y: Double(y0), width: Double(x1 - x0), height: Double(y1 - y0)), color)
    }

    /// Draws the quadrant of a disc/ring mask that forms one corner.
    private func drawCorner(_ mask: ShapeMaskCache.Mask, quadrant: (Int, Int), at x: Int, _ y: Int, _ color: Color) {
        let r = Int32(mask.radius)
        let (cr, cg, cb, ca) = color.rgba8
        SDL_SetTextureColorMod(mask.texture, cr, cg, cb)
        SDL_SetTextureAlphaMod(mask.texture, ca)
        var src = SDL_Rect(x: Int32(quadrant.0) * r, y: Int32(quadrant.1) * r, w: r, h: r)
        var dst = SDL_Rect(x: Int32(x), y: Int32(y), w: r, h: r)
        SDL_RenderCopy(frame.sdl, mask.texture, &src, &dst)
        frame.stats.drawCalls += 1
    }

    /// A rect on whole pixels, filled directly: opaque colours without blending (the software
    /// renderer's blended fill costs several times a plain one over a full window).
    private func addAlignedRect(_ r: Rect, _ color: Color) {
        let (cr, cg, cb, ca) = color.rgba8
        guard ca > 0 else { return }
        frame.flushSolid()
        SDL_SetRenderDrawBlendMode(frame.sdl, ca == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(frame.sdl, cr, cg, cb, ca)
        var rect = SDL_FRect(x: Float(r.minX), y: Float(r.minY), w: Float(r.width), h: Float(r.height))
        SDL_RenderFillRectF(frame.sdl, &rect)
        SDL_SetRenderDrawBlendMode(frame.sdl, SDL_BLENDMODE_BLEND)
        frame.stats.drawCalls += 1
    }

    /// A polyline (the close button's ×, the instrument's traces) on the frame's own pixels:
    /// through SDL's software renderer each blended triangle of its mesh is drawn via a
    /// temporary surface (an allocation per triangle, every frame). False where there is no
    /// canvas (a layer being rasterised, a rotated window): SDL draws the mesh, whose triangles
    /// fill pixels up to half a pixel off the canvas's (see CPUCanvasTests).
    func polylineOnCanvas(_ points: [Point], color: Color, lineWidth: Double) -> Bool {
        guard points.count >= 2, canvas.isAvailable else { return false }
        let w = lineWidth * frame.pxPerPt
        // As Tessellator.polyline: at least a pixel wide, a thinner line fainter instead.
        let (cr, cg, cb, ca) = color.multipliedAlpha(frame.opacity * min(1, w)).rgba8
        canvas.fillUntinted()
        guard let t = canvas.canvasForNextDraw() ?? canvas.frameCanvas() else { return false }
        devicePoints(points)
        let visible = frame.visible.intersection(t.bounds)
        polylinePoints.withUnsafeBufferPointer { device in
            CanvasKernels.polyline(device, width: max(w, 1), color: (cr, cg, cb), alpha: ca, visible: visible, into: t, scratch: &canvas.scratch)
        }
        frame.stats.canvasDraws += 1
        frame.targetTouched = true
        return true
    }
}
