// X11Screen: see include/X11Screen.h.
#include <stdlib.h>
#include <string.h>
#include <X11/Xlib.h>
#include "X11Screen.h"

int fling_x11_read_screen(const char *display_name, fling_x11_screen *out) {
    memset(out, 0, sizeof *out);
    Display *d = XOpenDisplay(display_name);
    if (!d) return 0;
    const char *rm = XResourceManagerString(d);
    if (rm) out->resources = strdup(rm);
    int s = DefaultScreen(d);
    out->width_px = DisplayWidth(d, s);
    out->height_px = DisplayHeight(d, s);
    out->width_mm = DisplayWidthMM(d, s);
    out->height_mm = DisplayHeightMM(d, s);
    XCloseDisplay(d);
    return 1;
}

void fling_x11_screen_free(fling_x11_screen *screen) {
    free(screen->resources);
    screen->resources = NULL;
}
