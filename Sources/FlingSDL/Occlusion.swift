// Occlusion: what an opaque fill or photo drawn later in the frame paints over (outside layers,
// or in layers copied 1:1), found before the frame is drawn, so that what lies under it is not
// composited, tinted or filled first.
import FlingCore

@MainActor
final class Occlusion {
    private let frame: FrameContext
    /// Photos are occluders once their decoded texture is known to be opaque.
    private let images: ImageStore
    /// Opaque rectangles (device px) this frame paints, each with the index of the command that
    /// paints it: whatever is composited under one before that command is painted over, so it
    /// is skipped (see find).
    private var occluders: [(index: Int, rect: PixelRect)] = []
    /// find's stack of open layers: whether each is copied 1:1.
    private var occluderLayers: [Bool] = []

    init(frame: FrameContext, images: ImageStore) {
        self.frame = frame
        self.images = images
    }

    /// Collects the frame's occluders: opaque fills, and opaque photos at scale 1, at full
    /// opacity, at least `minimumOccluder` px, outside layers or in opaque layers copied 1:1 (a
    /// layer copied scaled or rounded moves and cuts what it holds). The state stacks are walked
    /// as Renderer.run walks them, then reset to a frame's start (Renderer.draw calls this first).
    func find(in commands: [DrawCommand]) {
        occluders.removeAll(keepingCapacity: true)
        occluderLayers.removeAll(keepingCapacity: true)
        guard frame.cpuCompositing, frame.occlusion else { return }
        var inexact = 0
        for (i, c) in commands.enumerated() where !frame.updateStateStacks(c) {
            switch c {
            case .beginLayer(let spec):
                // Copied 1:1 and opaque: the copy paints its whole rectangle, so what its
                // fills paint is painted wherever a sub-pixel shift puts the texture's content.
                let exact = abs(frame.transform.scale - 1) < 1e-9 && spec.cornerRadius * frame.pxPerPt < 0.5 && spec.background.a >= 1
                if !exact { inexact += 1 }
                occluderLayers.append(exact)
                frame.clips.append(frame.clipped(to: spec.shownBounds))
            case .endLayer:
                if let exact = occluderLayers.popLast(), !exact { inexact -= 1 }
                if frame.clips.count > 1 { frame.clips.removeLast() }
            case .fillRect:
                guard inexact == 0, let r = frame.opaquePart(of: c) else { break }
                addOccluder(r, at: i)
            case let .image(name, box, mode, radii):
                guard inexact == 0, frame.opacity >= 0.999, abs(frame.transform.scale - 1) < 1e-9, images.isOpaqueTexture(name),
                      let natural = images.originalSize(name) else { break }
                // A square photo held still is copied to its exact rectangle, which SDL truncates
                // edge by edge: a pixel in from each side is painted whichever way it rounds.
                let (x0, y0, x1, y1) = frame.snapped(mode.placement(imageSize: natural, in: frame.px(box)).destination)
                addOccluder(frame.surelyCovered(PixelRect(x0: x0 + 1, y0: y0 + 1, x1: x1 - 1, y1: y1 - 1),
                                          radii: frame.pixelRadii(frame.scaleRadii(radii), w: x1 - x0, h: y1 - y0)), at: i)
            case let .backdropBlur(r, _):
                // It reads what is drawn before it: nothing under it may be left undrawn for an
                // occluder that comes after it.
                let under = PixelRect(inside: frame.px(r).insetBy(dx: -1, dy: -1))
                occluders.removeAll { $0.rect.intersects(under) }
            default: break
            }
        }
        frame.resetStateStacks()
    }

    /// Occluders smaller than this many pixels are not worth splitting a copy around.
    private static let minimumOccluder = 128 * 128

    private func addOccluder(_ r: PixelRect, at i: Int) {
        guard r.area >= Self.minimumOccluder else { return }
        occluders.append((i, r))
    }

    /// The largest part of `r` (device px) that an occluder drawn after the current command
    /// paints over, or nil. Never while rasterising a layer (its texture must be whole).
    private func occluded(_ r: PixelRect) -> PixelRect? {
        guard frame.rasterizing == 0 else { return nil }
        var best: PixelRect?
        var bestArea = Self.minimumOccluder - 1
        for o in occluders where o.index > frame.commandIndex {
            let p = o.rect.intersection(r)
            if p.area > bestArea { best = p; bestArea = p.area }
        }
        return best
    }

    /// Calls `body` with `r`, or with its parts around what a later occluder paints over.
    func forEachUnoccludedPart(of r: PixelRect, _ body: (PixelRect) -> Void) {
        guard let o = occluded(r) else {
            if !r.isEmpty { body(r) }
            return
        }
        frame.stats.occludedPixels += o.area
        r.forEachPart(around: o, body)
    }
}
