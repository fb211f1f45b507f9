// X11Screen: what the X server says about the screen's density, read before any window exists
// (the UI scale is decided first): the X resources (RESOURCE_MANAGER, where desktops put
// Xft.dpi) and the screen's size in pixels and millimetres.
#ifndef FLING_X11_SCREEN_H
#define FLING_X11_SCREEN_H

typedef struct {
    /// The RESOURCE_MANAGER text ("Xft.dpi:\t192\n..."), malloc'd, or NULL when unset.
    char *resources;
    int width_px, height_px, width_mm, height_mm;
} fling_x11_screen;

/// Opens `display_name` (NULL: $DISPLAY), reads the default screen, closes it. 0 when no X
/// server answers; otherwise 1 and `out` is filled (free it with fling_x11_screen_free).
int fling_x11_read_screen(const char *display_name, fling_x11_screen *out);
void fling_x11_screen_free(fling_x11_screen *screen);

#endif
