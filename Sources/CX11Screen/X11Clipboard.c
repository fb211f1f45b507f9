// X11Clipboard: see include/X11Clipboard.h. ICCCM §2.4–2.7: ConvertSelection to a property of
// our own window, then either the whole text in that property or, for large ones, the INCR
// protocol: the owner writes chunks, each read and deleted, until a zero-length one.
#include <limits.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include "X11Clipboard.h"

static long elapsed_ms(const struct timespec *since) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (now.tv_sec - since->tv_sec) * 1000 + (now.tv_nsec - since->tv_nsec) / 1000000;
}

/// The next event of `type` for `w` (for PropertyNotify: a new value of `prop`), within `ms`.
static int wait_event(Display *d, Window w, int type, Atom prop, XEvent *ev, long ms) {
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;;) {
        while (XPending(d)) {
            XNextEvent(d, ev);
            if (ev->type != type || ev->xany.window != w) continue;
            if (type == PropertyNotify && (ev->xproperty.atom != prop || ev->xproperty.state != PropertyNewValue)) continue;
            return 1;
        }
        long left = ms - elapsed_ms(&start);
        if (left <= 0) return 0;
        struct pollfd p = { .fd = ConnectionNumber(d), .events = POLLIN };
        poll(&p, 1, (int)left);
    }
}

/// Appends up to `limit` bytes in all; 0 once the limit is reached.
static int append(char *out, size_t *len, size_t limit, const unsigned char *data, size_t n, int *cut) {
    size_t room = limit - *len;
    if (n > room) { n = room; *cut = 1; }
    memcpy(out + *len, data, n);
    *len += n;
    return !*cut;
}

char *fling_x11_clipboard_text(const char *display_name, size_t limit, int *cut) {
    *cut = 0;
    Display *d = XOpenDisplay(display_name);
    if (!d) return NULL;
    Atom clipboard = XInternAtom(d, "CLIPBOARD", False), utf8 = XInternAtom(d, "UTF8_STRING", False);
    Atom prop = XInternAtom(d, "FLING_CLIPBOARD", False), incr = XInternAtom(d, "INCR", False);
    Window w = XCreateSimpleWindow(d, DefaultRootWindow(d), 0, 0, 1, 1, 0, 0, 0);
    XSelectInput(d, w, PropertyChangeMask);
    char *out = NULL;
    size_t len = 0;
    XEvent ev;
    Atom type;
    int format;
    unsigned long n, after;
    unsigned char *data = NULL;
    if (XGetSelectionOwner(d, clipboard) == None) goto done;
    XConvertSelection(d, clipboard, utf8, prop, w, CurrentTime);
    if (!wait_event(d, w, SelectionNotify, None, &ev, 2000) || ev.xselection.property == None) goto done;
    if (XGetWindowProperty(d, w, prop, 0, 0, False, AnyPropertyType, &type, &format, &n, &after, &data) != Success) goto done;
    if (data) { XFree(data); data = NULL; }
    out = malloc(limit + 1);
    if (!out) goto done;
    if (type == incr) {
        // Deleting the INCR property asks for the first chunk; each chunk read is deleted
        // (delete = True), which asks for the next, until an empty one. Past the limit the
        // chunks are still taken and dropped: an owner left in the middle of a transfer (xclip)
        // would wait for it and answer no later request.
        XDeleteProperty(d, w, prop);
        XFlush(d);
        // The whole transfer within 5 s: an owner that never ends it cannot hold the app.
        struct timespec start;
        clock_gettime(CLOCK_MONOTONIC, &start);
        for (;;) {
            long left = 5000 - elapsed_ms(&start);
            if (left <= 0 || !wait_event(d, w, PropertyNotify, prop, &ev, left < 2000 ? left : 2000)) break;
            if (XGetWindowProperty(d, w, prop, 0, LONG_MAX / 4, True, AnyPropertyType, &type, &format, &n, &after, &data) != Success) break;
            size_t bytes = n * (size_t)(format / 8);
            if (bytes > 0 && !*cut) append(out, &len, limit, data, bytes, cut);
            XFree(data);
            data = NULL;
            if (bytes == 0) break;
        }
    } else if (format == 8) {
        // One property: read only what fits (lengths are in 32-bit units), and whether more is there.
        long units = (long)(limit / 4 + 1);
        if (XGetWindowProperty(d, w, prop, 0, units, True, AnyPropertyType, &type, &format, &n, &after, &data) == Success) {
            append(out, &len, limit, data, n, cut);
            if (after > 0) *cut = 1;
            XFree(data);
            data = NULL;
        }
    }
done:
    XDestroyWindow(d, w);
    XCloseDisplay(d);
    if (!out) return NULL;
    if (len == 0 && !*cut) { free(out); return NULL; }
    out[len] = 0;
    return out;
}

unsigned long fling_x11_clipboard_owner(const char *display_name) {
    Display *d = XOpenDisplay(display_name);
    if (!d) return 0;
    Window owner = XGetSelectionOwner(d, XInternAtom(d, "CLIPBOARD", False));
    XCloseDisplay(d);
    return owner;
}
