// RenderNodeProbe: whether a DRM render node stands for a GPU that draws GL, without making a
// GL context (which maps Mesa and LLVM for good): its kernel driver's name (DRM_IOCTL_VERSION),
// and for virtio-gpu whether the host gave it 3D (VIRTGPU_PARAM_3D_FEATURES).
#ifndef FLING_RENDER_NODE_PROBE_H
#define FLING_RENDER_NODE_PROBE_H
#include <stddef.h>

/// The kernel driver of the DRM device at `path` in `name` ("i915", "virtio_gpu", "vgem", …).
/// Returns 0, or -1 (errno set) when it cannot be opened or asked.
int fling_drm_driver_name(const char *path, char *name, size_t name_size);
/// For a virtio-gpu device: 1 if it has 3D (virgl or venus), 0 if not, -1 if it cannot say.
int fling_virtio_gpu_has_3d(const char *path);
#endif
