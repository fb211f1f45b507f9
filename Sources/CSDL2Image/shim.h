// CSDL2Image: SDL2_image for Swift (PNG/JPEG decode, PNG write).
#ifndef FLING_CSDL2IMAGE_SHIM_H
#define FLING_CSDL2IMAGE_SHIM_H
#include <SDL2/SDL_image.h>
#endif
