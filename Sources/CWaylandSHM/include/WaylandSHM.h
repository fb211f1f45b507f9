// WaylandSHM: a software frame presented on a Wayland window through shared-memory buffers
// (wl_shm), without GL. SDL 2 has no shared-memory window framebuffer on Wayland:
// its software renderer's frame goes to the screen through a GLES texture, on llvmpipe when
// the machine has no GPU. This attaches the frame to SDL's own wl_surface instead, sending
// only the changed rectangle (wl_surface.damage_buffer).
#ifndef FLING_WAYLAND_SHM_H
#define FLING_WAYLAND_SHM_H
#include <stddef.h>
#include <stdint.h>

typedef struct fling_wl_shm fling_wl_shm;

/// Binds wl_shm on the display of an SDL window (an SDL_Window *) that SDL made on Wayland,
/// on an event queue of its own (SDL's dispatching is untouched). NULL, with a sentence in
/// `error`, when the window is not a Wayland one or the compositor offers no wl_shm.
fling_wl_shm *fling_wl_shm_open(void *sdl_window, char *error, size_t error_size);

/// Presents the frame `pixels` (32-bit xRGB, `pitch` bytes a row, width × height) of which
/// only the rectangle x, y, w, h changed since the last call: it is copied into a buffer the
/// compositor has released (with what that buffer missed since it was last shown), attached
/// to the window's surface, damaged and committed. Returns 0 when presented, 1 when every
/// buffer is still held by the compositor after a few ms (the change is kept: call again,
/// with an empty rectangle if nothing more changed), -1 on an error (with a sentence in
/// `error`).
int fling_wl_shm_present(fling_wl_shm *p, const void *pixels, int pitch, int width, int height,
                         int x, int y, int w, int h, char *error, size_t error_size);

/// Bytes of shared memory the buffers hold (the memory report).
size_t fling_wl_shm_bytes(const fling_wl_shm *p);

/// Destroys the buffers, the wl_shm binding and the queue (before SDL destroys the window).
void fling_wl_shm_close(fling_wl_shm *p);
#endif
