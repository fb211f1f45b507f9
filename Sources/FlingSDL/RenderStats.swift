// RenderStats: the renderer's counters for the last frame (draw calls, cache entries, layers
// rasterised, backdrops blurred, CPU draws, occluded pixels); the state dump carries the text,
// image, draw-call, layer and photo-bake counts.
import FlingCore

/// What the renderer did in the last frame (the state dump's "render" object).
public struct RenderStats: Equatable, Sendable {
    public var textRasterizations = 0
    public var textCacheEntries = 0
    public var imageCacheEntries = 0
    public var drawCalls = 0
    /// Layers rasterised into their texture this frame, and layers composited from one.
    public var layersRasterized = 0
    public var layersComposited = 0
    /// Of those rasterised, how many only where their commands changed (LayerDamage). Not in
    /// the state dump.
    public var partialRasterizations = 0
    /// Of those rasterised, how many were read back into the pixels of a layer gone
    /// (LayerCache.sparePixels). Not in the state dump.
    public var layerPixelsReused = 0
    /// 1 when the frame was drawn only where it changed (Renderer.redrawsInPart).
    public var partialFrames = 0
    /// Backdrops blurred this frame (a material over what is drawn, DrawCommand.backdropBlur)
    /// and how many of them on the frame's own pixels (the rest read back through SDL). Not in
    /// the state dump.
    public var backdropBlurs = 0
    public var backdropBlursOnCanvas = 0
    public var layerEntries = 0
    /// Photos resampled or re-masked this frame (rounded-corner bakes, moving or not).
    public var photoBakes = 0
    /// Draws done on the CPU canvas this frame (a shadow, a scaled layer, a moving photo, a
    /// changed tint, a line of text); 0 when the frame went through SDL alone. Not in the
    /// state dump.
    public var canvasDraws = 0
    /// Pixels not composited or filled because an opaque draw later in the frame paints over
    /// them (occlusion). Not in the state dump.
    public var occludedPixels = 0

    public init() {}

    public var json: JSONValue {
        .object([("textRasterizations", .int(textRasterizations)), ("textCacheEntries", .int(textCacheEntries)),
                 ("imageCacheEntries", .int(imageCacheEntries)), ("drawCalls", .int(drawCalls)),
                 ("layersRasterized", .int(layersRasterized)), ("layersComposited", .int(layersComposited)),
                 ("photoBakes", .int(photoBakes))])
    }
}
