// CSDL2: SDL2 for Swift. Function-like macros Swift cannot import get static inline wrappers.
#ifndef FLING_CSDL2_SHIM_H
#define FLING_CSDL2_SHIM_H
#include <SDL2/SDL.h>

static inline int fling_SDL_WINDOWPOS_CENTERED(void) { return (int)SDL_WINDOWPOS_CENTERED; }
static inline int fling_SDL_WINDOWPOS_UNDEFINED(void) { return (int)SDL_WINDOWPOS_UNDEFINED; }
static inline Uint32 fling_SDL_BUTTON(Uint32 x) { return SDL_BUTTON(x); }
static inline Uint32 fling_SDL_TOUCH_MOUSEID(void) { return SDL_TOUCH_MOUSEID; }
static inline Uint32 fling_SDL_PIXELFORMAT_ABGR8888(void) { return SDL_PIXELFORMAT_ABGR8888; }
static inline Uint32 fling_SDL_PIXELFORMAT_ARGB8888(void) { return SDL_PIXELFORMAT_ARGB8888; }
static inline Uint32 fling_SDL_PIXELFORMAT_RGB888(void) { return SDL_PIXELFORMAT_RGB888; }
static inline Uint32 fling_SDL_PIXELFORMAT_RGBA32(void) { return SDL_PIXELFORMAT_RGBA32; }
static inline int fling_SDL_MUSTLOCK(SDL_Surface *s) { return SDL_MUSTLOCK(s); }
#endif
