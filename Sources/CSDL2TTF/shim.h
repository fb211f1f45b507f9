// CSDL2TTF: SDL2_ttf for Swift (font loading, measuring and rasterising text runs).
#ifndef FLING_CSDL2TTF_SHIM_H
#define FLING_CSDL2TTF_SHIM_H
#include <SDL2/SDL_ttf.h>
#endif
