// WaylandSeatProbe: does the Wayland compositor SDL is about to use offer an input seat?
// SDL 2.26 dereferences a NULL seat in SDL_Init on a compositor without one (a headless
// weston): asked first, Fling says so instead of dying with no word.
#ifndef FLING_WAYLAND_SEAT_PROBE_H
#define FLING_WAYLAND_SEAT_PROBE_H

/// Connects to $WAYLAND_DISPLAY, lists the globals and disconnects: 1 when a wl_seat is
/// offered, 0 when none is, -1 when no compositor answers.
int fling_wayland_probe_seat(void);

#endif
