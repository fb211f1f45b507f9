// JPEGDecode: JPEG photos decoded by libjpeg straight to RGBA, at 1/1, 1/2, 1/4 or 1/8 of their
// size (libjpeg scales in the DCT: a thumbnail costs a fraction of a full decode, in memory
// and at start-up). libjpeg reports errors by longjmp, so the decode lives here in C.
#pragma once
#include <stddef.h>
#include <stdint.h>

/// The size `data` decodes to at 1/`denominator` (1, 2, 4 or 8); 0 on success, -1 with a
/// message (libjpeg's) in `message` when it is no JPEG libjpeg can read.
int fling_jpeg_scaled_size(const uint8_t *data, size_t size, int denominator, int *width, int *height,
                           char *message, size_t message_size);

/// Decodes `data` at 1/`denominator` into `rgba` (`width` × `height` × 4 bytes, the size
/// fling_jpeg_scaled_size gave), opaque; 0 on success, -1 with libjpeg's message (a corrupt
/// stream, a colour space it cannot turn into RGB such as CMYK).
int fling_jpeg_decode(const uint8_t *data, size_t size, int denominator, uint8_t *rgba, int width, int height,
                      char *message, size_t message_size);
