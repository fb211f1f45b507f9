// WaylandSeatProbe: see include/WaylandSeatProbe.h.
#include <string.h>
#include <wayland-client.h>
#include "WaylandSeatProbe.h"

static void on_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)registry; (void)name; (void)version;
    if (strcmp(interface, "wl_seat") == 0) *(int *)data = 1;
}

static void on_global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data; (void)registry; (void)name;
}

static const struct wl_registry_listener listener = { on_global, on_global_remove };

int fling_wayland_probe_seat(void) {
    struct wl_display *d = wl_display_connect(NULL);
    if (!d) return -1;
    int seat = 0;
    struct wl_registry *r = wl_display_get_registry(d);
    if (!r) { wl_display_disconnect(d); return -1; }
    wl_registry_add_listener(r, &listener, &seat);
    int ok = wl_display_roundtrip(d);
    wl_registry_destroy(r);
    wl_display_disconnect(d);
    return ok < 0 ? -1 : seat;
}
