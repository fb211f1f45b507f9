// KMSDumb: a software frame shown on a KMS display without GL (no GPU: GL would be
// llvmpipe): the first connected
// connector's preferred mode, two dumb buffers mapped into memory, the mode set once and
// each frame page-flipped on vblank; the DRM master let go and taken back for console
// switches; DPMS for a blanked panel. Plain kernel ioctls (the DRM uapi), no libdrm.
#ifndef FLING_KMS_DUMB_H
#define FLING_KMS_DUMB_H
#include <stddef.h>
#include <stdint.h>

typedef struct {
    int fd;
    uint32_t connector_id, crtc_id;
    /// The mode in use: pixels, and vertical refresh in millihertz.
    uint32_t width, height, refresh_mhz;
    /// "Virtual-1", "HDMI-A-1", … and the mode's name ("1280x800").
    char connector_name[32], mode_name[32];
    /// The two buffers: framebuffer ids, GEM handles, row pitch in bytes, sizes, mappings.
    uint32_t fb_id[2], handle[2], pitch[2];
    uint64_t size[2];
    void *map[2];
    /// The buffer on screen (or queued to be): the other is written next.
    int front;
    /// A flip is queued and its completion event not yet read.
    int flip_pending;
    /// The mode has been set on the CRTC (by the first frame shown).
    int mode_set;
    /// Flips fail on this driver: every frame sets the CRTC instead (after three refusals in a
    /// row, so that one refused flip does not give them up).
    int no_flip, flips_refused;
    /// The connector's DPMS property (0: none).
    uint32_t dpms_prop;
    /// The CRTC as found, put back at close.
    int saved_valid;
    unsigned char saved_crtc[104];
    /// The mode as an opaque struct drm_mode_modeinfo.
    unsigned char mode[68];
} FlingKMS;

/// Opens `path` (a /dev/dri/cardN), finds a connected connector, its mode and a CRTC, and
/// makes the two buffers. Returns 0, or -1 with a sentence in `error`.
int fling_kms_open(const char *path, FlingKMS *k, char *error, size_t error_size);
/// The buffer to write the next frame into (XRGB8888, `*pitch` bytes a row), after the
/// flip queued before it has completed (waits up to `timeout_ms`; NULL if it has not).
void *fling_kms_back_buffer(FlingKMS *k, uint32_t *pitch, int timeout_ms);
/// Shows the back buffer: the mode set with it the first time, else a page flip queued for
/// the next vblank. Returns 0 or a negative errno.
int fling_kms_show(FlingKMS *k);
/// Waits up to `timeout_ms` for the queued flip to complete: 1 done (or none queued), 0 not
/// yet, a negative errno on failure.
int fling_kms_wait_flip(FlingKMS *k, int timeout_ms);
/// The DRM master let go (another console is in front; a queued flip completes first, up to
/// `timeout_ms`) or taken back. 0 or a negative errno.
int fling_kms_drop_master(FlingKMS *k, int timeout_ms);
int fling_kms_set_master(FlingKMS *k);
/// The mode set again with the buffer on screen (after the master came back); completion
/// events still queued are read first, so none is taken for a later flip's.
int fling_kms_restore(FlingKMS *k);
/// The panel's power through the connector's DPMS property: 1 on, 0 off. 0 or a negative errno
/// (-ENOTSUP: no DPMS property).
int fling_kms_set_power(FlingKMS *k, int on);
/// The CRTC put back as found (after a queued flip, up to `timeout_ms`), the buffers freed,
/// the device closed.
void fling_kms_close(FlingKMS *k, int timeout_ms);
#endif
