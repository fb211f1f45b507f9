// RenderNodeProbe: a render node's driver and, for virtio-gpu, its 3D (see the header).
#include "RenderNodeProbe.h"
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <libdrm/drm.h>
#include <libdrm/virtgpu_drm.h>

int fling_drm_driver_name(const char *path, char *name, size_t name_size) {
    if (!name || name_size == 0) { errno = EINVAL; return -1; }
    int fd = open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0) return -1;
    char buffer[64] = {0};
    struct drm_version v = { .name_len = sizeof buffer - 1, .name = buffer };
    int r = ioctl(fd, DRM_IOCTL_VERSION, &v);
    int saved = errno;
    close(fd);
    if (r != 0) { errno = saved; return -1; }
    size_t n = v.name_len < sizeof buffer - 1 ? v.name_len : sizeof buffer - 1;
    buffer[n] = 0;
    snprintf(name, name_size, "%s", buffer);
    return 0;
}

int fling_virtio_gpu_has_3d(const char *path) {
    int fd = open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0) return -1;
    int value = 0;
    struct drm_virtgpu_getparam p = { .param = VIRTGPU_PARAM_3D_FEATURES, .value = (uint64_t)(uintptr_t)&value };
    int r = ioctl(fd, DRM_IOCTL_VIRTGPU_GETPARAM, &p);
    close(fd);
    return r == 0 ? (value != 0) : -1;
}
