// Textures: the one way an RGBA bitmap of ours becomes an SDL texture.
import CSDL2
import FlingCore

/// A blending, linearly filtered texture holding a copy of `image`; nil if SDL refuses.
/// Stored as ARGB8888, the frame's format: SDL's software renderer then copies and scales it
/// with its same-format blitters, not through a conversion per copy (RGBA32 photos cost a
/// channel-swapping blit and, scaled, an intermediate surface every frame).
func makeTexture(_ image: RGBAImage, renderer: OpaquePointer) -> OpaquePointer? {
    guard let rgba = PNGFile.makeSurface(image) else { return nil }
    defer { SDL_FreeSurface(rgba) }
    guard let surface = SDL_ConvertSurfaceFormat(rgba, fling_SDL_PIXELFORMAT_ARGB8888(), 0) else { return nil }
    defer { SDL_FreeSurface(surface) }
    guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
    SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
    return texture
}
