// InputTime: when the display server says an input happened (the release velocity is only
// as right as its times), read from the raw
// event SDL hands over as an SDL_SYSWMEVENT. Kept out of the CSDL2 module so that no X11
// header (its Bool, None, Status …) reaches Swift.
#pragma once

/// The X server's time, in ms, of the core pointer event (MotionNotify, ButtonPress,
/// ButtonRelease) that the SDL_SYSWMEVENT `sdl_event` (an SDL_Event *) carries; 0 for any
/// other event or without X11.
unsigned long fling_x11_pointer_event_time(const void *sdl_event);

/// When the SDL_SYSWMEVENT `sdl_event` carries the X server's KeymapNotify (sent right after
/// the window takes focus: which keys are down then), 1 with its 32-byte key bitmap in `keys`.
int fling_x11_keymap_notify(const void *sdl_event, unsigned char keys[32]);

/// When the SDL_SYSWMEVENT `sdl_event` carries a KeyPress or KeyRelease, its X keycode (and
/// `pressed`); 0 otherwise. SDL turns the same X event into its key event just after.
int fling_x11_key_event(const void *sdl_event, int *pressed);
