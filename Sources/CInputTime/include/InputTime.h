// InputTime: when the display server says an input happened (issue 28), read from the raw
// event SDL hands over as an SDL_SYSWMEVENT. Kept out of the CSDL2 module so that no X11
// header (its Bool, None, Status …) reaches Swift.
#pragma once

/// The X server's time, in ms, of the core pointer event (MotionNotify, ButtonPress,
/// ButtonRelease) that the SDL_SYSWMEVENT `sdl_event` (an SDL_Event *) carries; 0 for any
/// other event or without X11.
unsigned long fling_x11_pointer_event_time(const void *sdl_event);
