// JPEGDecode: see include/JPEGDecode.h.
#include <stdio.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>
#include "JPEGDecode.h"

struct fling_jpeg_error {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char text[JMSG_LENGTH_MAX];
};

static void fling_jpeg_fail(j_common_ptr cinfo) {
    struct fling_jpeg_error *e = (struct fling_jpeg_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, e->text);
    longjmp(e->jump, 1);
}

/// Warnings (a corrupt but decodable stream) are not printed; the caller checks the result.
static void fling_jpeg_quiet(j_common_ptr cinfo) { (void)cinfo; }

static void fling_jpeg_setup(struct jpeg_decompress_struct *cinfo, struct fling_jpeg_error *err) {
    memset(cinfo, 0, sizeof *cinfo);
    cinfo->err = jpeg_std_error(&err->base);
    err->base.error_exit = fling_jpeg_fail;
    err->base.output_message = fling_jpeg_quiet;
    err->text[0] = 0;
}

static void fling_jpeg_scale(struct jpeg_decompress_struct *cinfo, int denominator) {
    cinfo->scale_num = 1;
    cinfo->scale_denom = (unsigned)denominator;
    cinfo->out_color_space = JCS_RGB;
    cinfo->dct_method = JDCT_ISLOW;
}

/// Reads the stream's header at 1/`denominator`; with `rgba` NULL only its size into `width`
/// and `height`, otherwise decodes into `rgba` if the size is `width` × `height`.
static int fling_jpeg_run(const uint8_t *data, size_t size, int denominator, uint8_t *rgba, int *width, int *height,
                          char *message, size_t message_size) {
    struct jpeg_decompress_struct cinfo;
    struct fling_jpeg_error err;
    fling_jpeg_setup(&cinfo, &err);
    if (setjmp(err.jump)) {
        snprintf(message, message_size, "%s", err.text);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, (unsigned char *)data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    fling_jpeg_scale(&cinfo, denominator);
    if (!rgba) {
        jpeg_calc_output_dimensions(&cinfo);
        *width = (int)cinfo.output_width;
        *height = (int)cinfo.output_height;
        jpeg_destroy_decompress(&cinfo);
        return 0;
    }
    jpeg_start_decompress(&cinfo);
    const int w = *width, h = *height;
    if ((int)cinfo.output_width != w || (int)cinfo.output_height != h || cinfo.output_components != 3) {
        snprintf(message, message_size, "decodes to %ux%u px, %d components, not %dx%d RGB",
                 cinfo.output_width, cinfo.output_height, cinfo.output_components, w, h);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    // Each row is decoded as RGB into the end of its RGBA row, then spread out in place.
    while (cinfo.output_scanline < cinfo.output_height) {
        uint8_t *row = rgba + (size_t)cinfo.output_scanline * (size_t)w * 4;
        uint8_t *rgb = row + (size_t)w;
        JSAMPROW rows[1] = { rgb };
        jpeg_read_scanlines(&cinfo, rows, 1);
        for (int x = 0; x < w; x++) {
            uint8_t r = rgb[3 * x], g = rgb[3 * x + 1], b = rgb[3 * x + 2];
            row[4 * x] = r; row[4 * x + 1] = g; row[4 * x + 2] = b; row[4 * x + 3] = 255;
        }
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

int fling_jpeg_scaled_size(const uint8_t *data, size_t size, int denominator, int *width, int *height,
                           char *message, size_t message_size) {
    return fling_jpeg_run(data, size, denominator, NULL, width, height, message, message_size);
}

int fling_jpeg_decode(const uint8_t *data, size_t size, int denominator, uint8_t *rgba, int width, int height,
                      char *message, size_t message_size) {
    if (!rgba) return -1;
    return fling_jpeg_run(data, size, denominator, rgba, &width, &height, message, message_size);
}
