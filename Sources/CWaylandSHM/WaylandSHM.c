// WaylandSHM: see include/WaylandSHM.h. Up to three wl_shm buffers the frame's size, each
// remembering the part of the frame it missed since it was last shown, so a present copies
// only what changed into whichever buffer the compositor has released.
#define _GNU_SOURCE
#include "WaylandSHM.h"
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(SDL_VIDEO_DRIVER_WAYLAND)
#include <wayland-client.h>

// Three buffers: one on screen, one the compositor may still read for its next repaint, one
// to draw the next frame into (more only ever waited on a compositor that holds them all).
enum { MAX_BUFFERS = 3 };
// wl_shm buffers past SDL's own texture limit are refused (a side of 16384 px).
enum { MAX_SIDE = 16384 };

typedef struct {
    int x0, y0, x1, y1;   // empty when x0 >= x1
} box;

static box box_union(box a, box b) {
    if (a.x0 >= a.x1 || a.y0 >= a.y1) return b;
    if (b.x0 >= b.x1 || b.y0 >= b.y1) return a;
    return (box){ a.x0 < b.x0 ? a.x0 : b.x0, a.y0 < b.y0 ? a.y0 : b.y0,
                  a.x1 > b.x1 ? a.x1 : b.x1, a.y1 > b.y1 ? a.y1 : b.y1 };
}

typedef struct {
    struct wl_buffer *wl;
    void *data;
    size_t size;
    int width, height;
    int busy;      // attached and not yet released by the compositor
    int retired;   // the frame's size changed: destroyed once released
    box missed;    // what changed in the frame since this buffer was last written
} shm_buffer;

struct fling_wl_shm {
    struct wl_display *display;
    struct wl_surface *surface;
    struct wl_event_queue *queue;
    struct wl_registry *registry;
    struct wl_shm *shm;
    shm_buffer buffers[MAX_BUFFERS];
    box unsent;    // changes no commit has damaged yet (every buffer was held)
};

static void say(char *error, size_t size, const char *fmt, const char *detail) {
    if (error && size) snprintf(error, size, fmt, detail);
}

static void destroy_buffer(shm_buffer *b) {
    if (b->wl) wl_buffer_destroy(b->wl);
    if (b->data) munmap(b->data, b->size);
    memset(b, 0, sizeof *b);
}

static void buffer_release(void *data, struct wl_buffer *wl) {
    (void)wl;
    shm_buffer *b = data;
    b->busy = 0;
    if (b->retired) destroy_buffer(b);
}
static const struct wl_buffer_listener buffer_listener = { buffer_release };

static void registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)version;
    fling_wl_shm *p = data;
    if (!p->shm && strcmp(interface, wl_shm_interface.name) == 0)
        p->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
}
static void registry_global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data; (void)registry; (void)name;
}
static const struct wl_registry_listener registry_listener = { registry_global, registry_global_remove };

fling_wl_shm *fling_wl_shm_open(void *sdl_window, char *error, size_t error_size) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)sdl_window, &info)) {
        say(error, error_size, "SDL_GetWindowWMInfo: %s", SDL_GetError());
        return NULL;
    }
    if (info.subsystem != SDL_SYSWM_WAYLAND || !info.info.wl.display || !info.info.wl.surface) {
        say(error, error_size, "%s", "not a Wayland window");
        return NULL;
    }
    fling_wl_shm *p = calloc(1, sizeof *p);
    if (!p) { say(error, error_size, "%s", "out of memory"); return NULL; }
    p->display = info.info.wl.display;
    p->surface = info.info.wl.surface;
    p->queue = wl_display_create_queue(p->display);
    // The registry is made on our queue (through a wrapper) so SDL never sees its events.
    struct wl_display *wrapper = wl_proxy_create_wrapper(p->display);
    if (!p->queue || !wrapper) {
        if (wrapper) wl_proxy_wrapper_destroy(wrapper);
        if (p->queue) wl_event_queue_destroy(p->queue);
        free(p);
        say(error, error_size, "%s", "no Wayland event queue");
        return NULL;
    }
    wl_proxy_set_queue((struct wl_proxy *)wrapper, p->queue);
    p->registry = wl_display_get_registry(wrapper);
    wl_proxy_wrapper_destroy(wrapper);
    wl_registry_add_listener(p->registry, &registry_listener, p);
    int roundtrip = wl_display_roundtrip_queue(p->display, p->queue);
    if (roundtrip < 0 || !p->shm) {
        say(error, error_size, "%s", roundtrip < 0 ? "the Wayland connection failed" : "the compositor offers no wl_shm");
        fling_wl_shm_close(p);
        return NULL;
    }
    return p;
}

/// Reads and handles whatever this queue has waiting (buffer releases), waiting up to
/// `timeout_ms` for it. -1 when the connection has failed (a protocol error, the compositor
/// gone): nothing more will be released.
static int pump(fling_wl_shm *p, int timeout_ms) {
    while (wl_display_prepare_read_queue(p->display, p->queue) != 0)
        if (wl_display_dispatch_queue_pending(p->display, p->queue) < 0) return -1;
    wl_display_flush(p->display);
    struct pollfd fd = { wl_display_get_fd(p->display), POLLIN, 0 };
    if (poll(&fd, 1, timeout_ms) > 0 && (fd.revents & POLLIN)) {
        if (wl_display_read_events(p->display) < 0) return -1;
    } else {
        wl_display_cancel_read(p->display);
    }
    return wl_display_dispatch_queue_pending(p->display, p->queue) < 0 ? -1 : 0;
}

static int make_buffer(fling_wl_shm *p, shm_buffer *b, int width, int height, char *error, size_t error_size) {
    size_t stride = (size_t)width * 4, size = stride * (size_t)height;
    int fd = memfd_create("fling-frame", MFD_CLOEXEC);
    if (fd < 0) { say(error, error_size, "memfd_create: %s", strerror(errno)); return -1; }
    // Allocated for real: a sparse file on a full tmpfs would die of SIGBUS at the first write.
    int e = posix_fallocate(fd, 0, (off_t)size);
    if (e != 0) { close(fd); say(error, error_size, "the frame's shared memory: %s", strerror(e)); return -1; }
    void *data = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (data == MAP_FAILED) { close(fd); say(error, error_size, "mmap: %s", strerror(errno)); return -1; }
    struct wl_shm_pool *pool = wl_shm_create_pool(p->shm, fd, (int32_t)size);
    struct wl_buffer *wl = wl_shm_pool_create_buffer(pool, 0, width, height, (int32_t)stride, WL_SHM_FORMAT_XRGB8888);
    wl_shm_pool_destroy(pool);
    close(fd);
    if (!wl) { munmap(data, size); say(error, error_size, "%s", "wl_shm_pool_create_buffer failed"); return -1; }
    *b = (shm_buffer){ wl, data, size, width, height, 0, 0, { 0, 0, width, height } };
    wl_buffer_add_listener(wl, &buffer_listener, b);
    return 0;
}

int fling_wl_shm_present(fling_wl_shm *p, const void *pixels, int pitch, int width, int height,
                         int x, int y, int w, int h, char *error, size_t error_size) {
    if (!p || !pixels || width <= 0 || height <= 0 || width > MAX_SIDE || height > MAX_SIDE) {
        say(error, error_size, "%s", "no frame to present");
        return -1;
    }
    if (wl_display_dispatch_queue_pending(p->display, p->queue) < 0) {
        say(error, error_size, "the Wayland connection: %s", strerror(wl_display_get_error(p->display)));
        return -1;
    }
    box changed = { x < 0 ? 0 : x, y < 0 ? 0 : y, x + w > width ? width : x + w, y + h > height ? height : y + h };
    // Damaged with the next commit, whichever present that is.
    p->unsent = box_union(p->unsent, changed);
    for (int i = 0; i < MAX_BUFFERS; i++) {
        shm_buffer *b = &p->buffers[i];
        if (!b->wl || b->retired) continue;
        if (b->width != width || b->height != height) {
            if (b->busy) b->retired = 1; else destroy_buffer(b);
            continue;
        }
        b->missed = box_union(b->missed, changed);
    }
    shm_buffer *free_buffer = NULL;
    // Every buffer held: read releases, then wait a few ms for one (a compositor repaints
    // at the display's rate), rather than drop the frame.
    static const int waits_ms[] = { 0, 4, -1 };
    for (int attempt = 0; waits_ms[attempt] >= 0 && !free_buffer; attempt++) {
        for (int i = 0; i < MAX_BUFFERS && !free_buffer; i++) {
            shm_buffer *b = &p->buffers[i];
            if (b->wl && !b->busy && !b->retired) free_buffer = b;
        }
        for (int i = 0; i < MAX_BUFFERS && !free_buffer; i++) {
            shm_buffer *b = &p->buffers[i];
            if (!b->wl) {
                if (make_buffer(p, b, width, height, error, error_size) != 0) return -1;
                free_buffer = b;
            }
        }
        if (!free_buffer && pump(p, waits_ms[attempt]) < 0) {
            say(error, error_size, "the Wayland connection: %s", strerror(wl_display_get_error(p->display)));
            return -1;
        }
    }
    if (!free_buffer) return 1;   // every buffer is on screen or queued: sent with the next present
    shm_buffer *b = free_buffer;
    box m = b->missed;
    if (m.x0 < m.x1 && m.y0 < m.y1) {
        size_t bytes = (size_t)(m.x1 - m.x0) * 4;
        for (int row = m.y0; row < m.y1; row++) {
            memcpy((char *)b->data + (size_t)row * (size_t)width * 4 + (size_t)m.x0 * 4,
                   (const char *)pixels + (size_t)row * (size_t)pitch + (size_t)m.x0 * 4, bytes);
        }
    }
    b->missed = (box){ 0, 0, 0, 0 };
    box d = p->unsent;
    p->unsent = (box){ 0, 0, 0, 0 };
    wl_surface_attach(p->surface, b->wl, 0, 0);
    if (d.x0 < d.x1 && d.y0 < d.y1) {
        if (wl_proxy_get_version((struct wl_proxy *)p->surface) >= 4)
            wl_surface_damage_buffer(p->surface, d.x0, d.y0, d.x1 - d.x0, d.y1 - d.y0);
        else
            wl_surface_damage(p->surface, 0, 0, INT32_MAX, INT32_MAX);
    }
    wl_surface_commit(p->surface);
    b->busy = 1;
    if (wl_display_flush(p->display) < 0 && errno != EAGAIN) {
        say(error, error_size, "the Wayland connection: %s", strerror(errno));
        return -1;
    }
    return 0;
}

size_t fling_wl_shm_bytes(const fling_wl_shm *p) {
    size_t total = 0;
    if (!p) return 0;
    for (int i = 0; i < MAX_BUFFERS; i++) total += p->buffers[i].wl ? p->buffers[i].size : 0;
    return total;
}

void fling_wl_shm_close(fling_wl_shm *p) {
    if (!p) return;
    for (int i = 0; i < MAX_BUFFERS; i++) destroy_buffer(&p->buffers[i]);
    if (p->shm) wl_shm_destroy(p->shm);
    if (p->registry) wl_registry_destroy(p->registry);
    if (p->queue) wl_event_queue_destroy(p->queue);
    free(p);
}

#else   // SDL without Wayland: never a Wayland window.

fling_wl_shm *fling_wl_shm_open(void *sdl_window, char *error, size_t error_size) {
    (void)sdl_window;
    if (error && error_size) snprintf(error, error_size, "%s", "SDL was built without Wayland");
    return NULL;
}
int fling_wl_shm_present(fling_wl_shm *p, const void *pixels, int pitch, int width, int height,
                         int x, int y, int w, int h, char *error, size_t error_size) {
    (void)p; (void)pixels; (void)pitch; (void)width; (void)height; (void)x; (void)y; (void)w; (void)h;
    if (error && error_size) snprintf(error, error_size, "%s", "SDL was built without Wayland");
    return -1;
}
size_t fling_wl_shm_bytes(const fling_wl_shm *p) { (void)p; return 0; }
void fling_wl_shm_close(fling_wl_shm *p) { (void)p; }
#endif
