// KMSDumb: KMS dumb buffers, mode setting and page flips with the kernel's DRM ioctls (see
// include/KMSDumb.h). The structs are the kernel's uapi (libdrm-dev's copy of it, headers
// only: nothing is linked).
#include "KMSDumb.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>
#include <libdrm/drm.h>
#include <libdrm/drm_mode.h>

_Static_assert(sizeof(struct drm_mode_crtc) == sizeof(((FlingKMS *)0)->saved_crtc), "drm_mode_crtc");
_Static_assert(sizeof(struct drm_mode_modeinfo) == sizeof(((FlingKMS *)0)->mode), "drm_mode_modeinfo");

static int xioctl(int fd, unsigned long request, void *arg) {
    int r;
    do { r = ioctl(fd, request, arg); } while (r == -1 && (errno == EINTR || errno == EAGAIN));
    return r;
}

static const char *connector_type_name(uint32_t t) {
    switch (t) {
    case DRM_MODE_CONNECTOR_VGA: return "VGA";
    case DRM_MODE_CONNECTOR_DVII: return "DVI-I";
    case DRM_MODE_CONNECTOR_DVID: return "DVI-D";
    case DRM_MODE_CONNECTOR_DVIA: return "DVI-A";
    case DRM_MODE_CONNECTOR_Composite: return "Composite";
    case DRM_MODE_CONNECTOR_LVDS: return "LVDS";
    case DRM_MODE_CONNECTOR_DisplayPort: return "DP";
    case DRM_MODE_CONNECTOR_HDMIA: return "HDMI-A";
    case DRM_MODE_CONNECTOR_HDMIB: return "HDMI-B";
    case DRM_MODE_CONNECTOR_eDP: return "eDP";
    case DRM_MODE_CONNECTOR_VIRTUAL: return "Virtual";
    case DRM_MODE_CONNECTOR_DSI: return "DSI";
    case DRM_MODE_CONNECTOR_DPI: return "DPI";
    case DRM_MODE_CONNECTOR_SPI: return "SPI";
    case DRM_MODE_CONNECTOR_USB: return "USB";
    default: return "Unknown";
    }
}

static void say(char *error, size_t n, const char *fmt, const char *what, int err) {
    if (error && n) snprintf(error, n, fmt, what, strerror(err));
}

/// A connector with its modes, encoders and properties read (two calls: counts, then arrays).
typedef struct {
    struct drm_mode_get_connector c;
    struct drm_mode_modeinfo *modes;
    uint32_t *encoders, *props;
    uint64_t *values;
} Connector;

static void free_connector(Connector *c) { free(c->modes); free(c->encoders); free(c->props); free(c->values); memset(c, 0, sizeof *c); }

static int get_connector(int fd, uint32_t id, Connector *out) {
    memset(out, 0, sizeof *out);
    for (int attempt = 0; attempt < 4; attempt++) {
        struct drm_mode_get_connector c = { .connector_id = id };
        if (xioctl(fd, DRM_IOCTL_MODE_GETCONNECTOR, &c) != 0) return -1;
        uint32_t nm = c.count_modes, ne = c.count_encoders, np = c.count_props;
        free_connector(out);
        out->modes = calloc(nm ? nm : 1, sizeof *out->modes);
        out->encoders = calloc(ne ? ne : 1, sizeof *out->encoders);
        out->props = calloc(np ? np : 1, sizeof *out->props);
        out->values = calloc(np ? np : 1, sizeof *out->values);
        if (!out->modes || !out->encoders || !out->props || !out->values) { free_connector(out); errno = ENOMEM; return -1; }
        c.modes_ptr = (uintptr_t)out->modes; c.encoders_ptr = (uintptr_t)out->encoders;
        c.props_ptr = (uintptr_t)out->props; c.prop_values_ptr = (uintptr_t)out->values;
        if (xioctl(fd, DRM_IOCTL_MODE_GETCONNECTOR, &c) != 0) { free_connector(out); return -1; }
        // A hotplug between the two calls changes the counts: read again.
        if (c.count_modes <= nm && c.count_encoders <= ne && c.count_props <= np) { out->c = c; return 0; }
    }
    free_connector(out);
    errno = EAGAIN;
    return -1;
}

static void destroy_buffer(FlingKMS *k, int i) {
    if (k->map[i]) { munmap(k->map[i], k->size[i]); k->map[i] = NULL; }
    if (k->fb_id[i]) { uint32_t fb = k->fb_id[i]; xioctl(k->fd, DRM_IOCTL_MODE_RMFB, &fb); k->fb_id[i] = 0; }
    if (k->handle[i]) { struct drm_mode_destroy_dumb d = { .handle = k->handle[i] }; xioctl(k->fd, DRM_IOCTL_MODE_DESTROY_DUMB, &d); k->handle[i] = 0; }
}

static int make_buffer(FlingKMS *k, int i, char *error, size_t n) {
    struct drm_mode_create_dumb c = { .width = k->width, .height = k->height, .bpp = 32 };
    if (xioctl(k->fd, DRM_IOCTL_MODE_CREATE_DUMB, &c) != 0) { say(error, n, "%s: a dumb buffer could not be made (%s)", "CREATE_DUMB", errno); return -1; }
    k->handle[i] = c.handle; k->pitch[i] = c.pitch; k->size[i] = c.size;
    struct drm_mode_fb_cmd f = { .width = k->width, .height = k->height, .pitch = c.pitch, .bpp = 32, .depth = 24, .handle = c.handle };
    if (xioctl(k->fd, DRM_IOCTL_MODE_ADDFB, &f) != 0) { say(error, n, "%s: the buffer could not be made a framebuffer (%s)", "ADDFB", errno); return -1; }
    k->fb_id[i] = f.fb_id;
    struct drm_mode_map_dumb m = { .handle = c.handle };
    if (xioctl(k->fd, DRM_IOCTL_MODE_MAP_DUMB, &m) != 0) { say(error, n, "%s: the buffer could not be mapped (%s)", "MAP_DUMB", errno); return -1; }
    void *p = mmap(NULL, c.size, PROT_READ | PROT_WRITE, MAP_SHARED, k->fd, m.offset);
    if (p == MAP_FAILED) { say(error, n, "%s: the buffer could not be mapped (%s)", "mmap", errno); return -1; }
    k->map[i] = p;
    memset(p, 0, c.size);
    return 0;
}

int fling_kms_open(const char *path, FlingKMS *k, char *error, size_t n) {
    memset(k, 0, sizeof *k);
    k->fd = open(path, O_RDWR | O_CLOEXEC);
    if (k->fd < 0) { say(error, n, "%s: %s", path, errno); return -1; }
    struct drm_get_cap cap = { .capability = DRM_CAP_DUMB_BUFFER };
    if (xioctl(k->fd, DRM_IOCTL_GET_CAP, &cap) != 0 || !cap.value) {
        if (error) snprintf(error, n, "%s: the driver has no dumb buffers (DRM_CAP_DUMB_BUFFER)", path);
        close(k->fd); k->fd = -1; return -1;
    }
    struct drm_mode_card_res r = {0};
    uint32_t *crtcs = NULL, *connectors = NULL, *encoders = NULL;
    int ok = -1;
    if (xioctl(k->fd, DRM_IOCTL_MODE_GETRESOURCES, &r) != 0) { say(error, n, "%s: not a KMS device (%s)", path, errno); goto out; }
    uint32_t ncrtc = r.count_crtcs, ncon = r.count_connectors, nenc = r.count_encoders;
    crtcs = calloc(ncrtc ? ncrtc : 1, 4); connectors = calloc(ncon ? ncon : 1, 4); encoders = calloc(nenc ? nenc : 1, 4);
    if (!crtcs || !connectors || !encoders) { say(error, n, "%s: %s", path, ENOMEM); goto out; }
    struct drm_mode_card_res r2 = { .crtc_id_ptr = (uintptr_t)crtcs, .connector_id_ptr = (uintptr_t)connectors,
                                    .encoder_id_ptr = (uintptr_t)encoders, .count_crtcs = ncrtc, .count_connectors = ncon, .count_encoders = nenc };
    if (xioctl(k->fd, DRM_IOCTL_MODE_GETRESOURCES, &r2) != 0) { say(error, n, "%s: not a KMS device (%s)", path, errno); goto out; }
    ncrtc = r2.count_crtcs < ncrtc ? r2.count_crtcs : ncrtc;
    ncon = r2.count_connectors < ncon ? r2.count_connectors : ncon;
    // The first connected connector with a mode, and a CRTC one of its encoders can drive.
    for (uint32_t i = 0; i < ncon && !k->crtc_id; i++) {
        Connector c;
        if (get_connector(k->fd, connectors[i], &c) != 0) continue;
        if (c.c.connection != 1 || c.c.count_modes == 0) { free_connector(&c); continue; }
        uint32_t crtc = 0;
        if (c.c.encoder_id) {
            struct drm_mode_get_encoder e = { .encoder_id = c.c.encoder_id };
            if (xioctl(k->fd, DRM_IOCTL_MODE_GETENCODER, &e) == 0) crtc = e.crtc_id;
        }
        for (uint32_t j = 0; j < c.c.count_encoders && !crtc; j++) {
            struct drm_mode_get_encoder e = { .encoder_id = c.encoders[j] };
            if (xioctl(k->fd, DRM_IOCTL_MODE_GETENCODER, &e) != 0) continue;
            for (uint32_t m = 0; m < ncrtc && !crtc; m++) if (e.possible_crtcs & (1u << m)) crtc = crtcs[m];
        }
        if (!crtc) { free_connector(&c); continue; }
        // Its preferred mode, else its first (the kernel lists the best first).
        struct drm_mode_modeinfo *mode = &c.modes[0];
        for (uint32_t j = 0; j < c.c.count_modes; j++) if (c.modes[j].type & DRM_MODE_TYPE_PREFERRED) { mode = &c.modes[j]; break; }
        memcpy(k->mode, mode, sizeof *mode);
        k->width = mode->hdisplay; k->height = mode->vdisplay;
        uint64_t total = (uint64_t)mode->htotal * mode->vtotal;
        k->refresh_mhz = total ? (uint32_t)((uint64_t)mode->clock * 1000000u / total) : mode->vrefresh * 1000u;
        snprintf(k->mode_name, sizeof k->mode_name, "%.31s", mode->name);
        snprintf(k->connector_name, sizeof k->connector_name, "%s-%u", connector_type_name(c.c.connector_type), c.c.connector_type_id);
        k->connector_id = c.c.connector_id;
        k->crtc_id = crtc;
        for (uint32_t j = 0; j < c.c.count_props; j++) {
            struct drm_mode_get_property p = { .prop_id = c.props[j] };
            if (xioctl(k->fd, DRM_IOCTL_MODE_GETPROPERTY, &p) == 0 && strcmp(p.name, "DPMS") == 0) k->dpms_prop = c.props[j];
        }
        free_connector(&c);
    }
    if (!k->crtc_id) {
        if (error) snprintf(error, n, "%s: no connected display (no connector with a mode and a free CRTC)", path);
        goto out;
    }
    struct drm_mode_crtc saved = { .crtc_id = k->crtc_id };
    if (xioctl(k->fd, DRM_IOCTL_MODE_GETCRTC, &saved) == 0) { memcpy(k->saved_crtc, &saved, sizeof saved); k->saved_valid = 1; }
    if (make_buffer(k, 0, error, n) != 0 || make_buffer(k, 1, error, n) != 0) { destroy_buffer(k, 0); destroy_buffer(k, 1); goto out; }
    k->front = 1;   // the first frame is written into buffer 0
    ok = 0;
out:
    free(crtcs); free(connectors); free(encoders);
    if (ok != 0) { close(k->fd); k->fd = -1; }
    return ok;
}

int fling_kms_wait_flip(FlingKMS *k, int timeout_ms) {
    while (k->flip_pending) {
        struct pollfd p = { .fd = k->fd, .events = POLLIN };
        int r = poll(&p, 1, timeout_ms);
        if (r < 0) { if (errno == EINTR) continue; return -errno; }
        if (r == 0) return 0;
        char buffer[1024];
        ssize_t got = read(k->fd, buffer, sizeof buffer);
        if (got < 0) { if (errno == EINTR || errno == EAGAIN) continue; return -errno; }
        for (ssize_t o = 0; o + (ssize_t)sizeof(struct drm_event) <= got;) {
            struct drm_event *e = (struct drm_event *)(buffer + o);
            if (e->type == DRM_EVENT_FLIP_COMPLETE) k->flip_pending = 0;
            if (e->length == 0) break;
            o += e->length;
        }
    }
    return 1;
}

void *fling_kms_back_buffer(FlingKMS *k, uint32_t *pitch, int timeout_ms) {
    if (fling_kms_wait_flip(k, timeout_ms) != 1) return NULL;
    int back = 1 - k->front;
    if (pitch) *pitch = k->pitch[back];
    return k->map[back];
}

static int set_crtc(FlingKMS *k, uint32_t fb) {
    uint32_t connector = k->connector_id;
    struct drm_mode_crtc c = { .set_connectors_ptr = (uintptr_t)&connector, .count_connectors = 1, .crtc_id = k->crtc_id,
                               .fb_id = fb, .mode_valid = 1 };
    memcpy(&c.mode, k->mode, sizeof c.mode);
    return xioctl(k->fd, DRM_IOCTL_MODE_SETCRTC, &c) == 0 ? 0 : -errno;
}

static int show_by_setting_crtc(FlingKMS *k) {
    int back = 1 - k->front;
    int r = set_crtc(k, k->fb_id[back]);
    if (r != 0) return r;
    k->mode_set = 1;
    k->front = back;
    return 0;
}

int fling_kms_show(FlingKMS *k) {
    if (!k->mode_set || k->no_flip) return show_by_setting_crtc(k);
    int back = 1 - k->front;
    struct drm_mode_crtc_page_flip f = { .crtc_id = k->crtc_id, .fb_id = k->fb_id[back], .flags = DRM_MODE_PAGE_FLIP_EVENT };
    if (xioctl(k->fd, DRM_IOCTL_MODE_PAGE_FLIP, &f) != 0) {
        int e = errno;
        // A driver without page flips, or one refusing this one (a CRTC not active): the CRTC
        // is set instead; after three refusals in a row, from then on.
        if (e == EINVAL || e == ENOSYS || e == EOPNOTSUPP) {
            if (++k->flips_refused >= 3) k->no_flip = 1;
            return show_by_setting_crtc(k);
        }
        return -e;
    }
    k->flips_refused = 0;
    k->flip_pending = 1;
    k->front = back;
    return 0;
}

int fling_kms_drop_master(FlingKMS *k, int timeout_ms) {
    // A flip queued before letting go completes first (its event would come to nobody).
    fling_kms_wait_flip(k, timeout_ms);
    return ioctl(k->fd, DRM_IOCTL_DROP_MASTER, 0) == 0 ? 0 : -errno;
}

int fling_kms_set_master(FlingKMS *k) { return ioctl(k->fd, DRM_IOCTL_SET_MASTER, 0) == 0 ? 0 : -errno; }

/// Reads every event already queued on the device (never waits).
static void drain_events(FlingKMS *k) {
    char buffer[1024];
    struct pollfd p = { .fd = k->fd, .events = POLLIN };
    while (poll(&p, 1, 0) > 0 && (p.revents & POLLIN)) {
        if (read(k->fd, buffer, sizeof buffer) <= 0) break;
    }
}

int fling_kms_restore(FlingKMS *k) {
    if (!k->mode_set) return 0;
    // A flip still queued when the master went is over, its event read here or never sent:
    // neither may complete a later flip.
    drain_events(k);
    k->flip_pending = 0;
    return set_crtc(k, k->fb_id[k->front]);
}

int fling_kms_set_power(FlingKMS *k, int on) {
    if (!k->dpms_prop) return -ENOTSUP;
    struct drm_mode_connector_set_property p = { .value = on ? 0 /* DRM_MODE_DPMS_ON */ : 3 /* OFF */,
                                                 .prop_id = k->dpms_prop, .connector_id = k->connector_id };
    return xioctl(k->fd, DRM_IOCTL_MODE_SETPROPERTY, &p) == 0 ? 0 : -errno;
}

void fling_kms_close(FlingKMS *k, int timeout_ms) {
    if (k->fd < 0) return;
    fling_kms_wait_flip(k, timeout_ms);
    if (k->saved_valid) {
        struct drm_mode_crtc c;
        memcpy(&c, k->saved_crtc, sizeof c);
        uint32_t connector = k->connector_id;
        c.set_connectors_ptr = (uintptr_t)&connector;
        c.count_connectors = 1;
        // (The console's own framebuffer comes back with text mode; a CRTC that showed nothing
        // stays as it is until then.)
        if (c.fb_id && c.mode_valid) xioctl(k->fd, DRM_IOCTL_MODE_SETCRTC, &c);
    }
    destroy_buffer(k, 0);
    destroy_buffer(k, 1);
    close(k->fd);
    k->fd = -1;
}
