import FlingCore

/// What the last frame cost: the figures of the state dump's "render" object.
public struct RenderStats: Equatable, Sendable {
    public var textRasterizations = 0
    public var textCacheEntries = 0
    public var imageCacheEntries = 0
    public var drawCalls = 0

    public init() {}

    public var json: JSONValue {
        .object([("textRasterizations", .int(textRasterizations)), ("textCacheEntries", .int(textCacheEntries)),
                 ("imageCacheEntries", .int(imageCacheEntries)), ("drawCalls", .int(drawCalls))])
    }
}
