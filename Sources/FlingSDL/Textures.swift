// Textures: the one way an RGBA bitmap of ours becomes an SDL texture.
import CSDL2
import FlingCore

/// A blending, linearly filtered texture holding a copy of `image`; nil if SDL refuses.
func makeTexture(_ image: RGBAImage, renderer: OpaquePointer) -> OpaquePointer? {
    guard let surface = PNGFile.makeSurface(image) else { return nil }
    defer { SDL_FreeSurface(surface) }
    guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
    SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
    return texture
}
