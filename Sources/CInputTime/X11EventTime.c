// X11EventTime: see include/InputTime.h.
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include "InputTime.h"

unsigned long fling_x11_pointer_event_time(const void *sdl_event) {
#if defined(SDL_VIDEO_DRIVER_X11)
    const SDL_Event *e = (const SDL_Event *)sdl_event;
    if (!e || e->type != SDL_SYSWMEVENT || !e->syswm.msg || e->syswm.msg->subsystem != SDL_SYSWM_X11) return 0;
    const XEvent *x = &e->syswm.msg->msg.x11.event;
    switch (x->type) {
    case MotionNotify: return (unsigned long)x->xmotion.time;
    case ButtonPress:
    case ButtonRelease: return (unsigned long)x->xbutton.time;
    default: return 0;
    }
#else
    (void)sdl_event;
    return 0;
#endif
}

int fling_x11_keymap_notify(const void *sdl_event, unsigned char keys[32]) {
#if defined(SDL_VIDEO_DRIVER_X11)
    const SDL_Event *e = (const SDL_Event *)sdl_event;
    if (!e || e->type != SDL_SYSWMEVENT || !e->syswm.msg || e->syswm.msg->subsystem != SDL_SYSWM_X11) return 0;
    const XEvent *x = &e->syswm.msg->msg.x11.event;
    if (x->type != KeymapNotify) return 0;
    for (int i = 0; i < 32; i++) keys[i] = (unsigned char)x->xkeymap.key_vector[i];
    return 1;
#else
    (void)sdl_event; (void)keys;
    return 0;
#endif
}

int fling_x11_key_event(const void *sdl_event, int *pressed) {
#if defined(SDL_VIDEO_DRIVER_X11)
    const SDL_Event *e = (const SDL_Event *)sdl_event;
    if (!e || e->type != SDL_SYSWMEVENT || !e->syswm.msg || e->syswm.msg->subsystem != SDL_SYSWM_X11) return 0;
    const XEvent *x = &e->syswm.msg->msg.x11.event;
    if (x->type != KeyPress && x->type != KeyRelease) return 0;
    *pressed = x->type == KeyPress;
    return (int)x->xkey.keycode;
#else
    (void)sdl_event; (void)pressed;
    return 0;
#endif
}
