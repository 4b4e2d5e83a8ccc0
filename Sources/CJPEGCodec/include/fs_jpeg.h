// JPEG decoding and encoding for FeedPictures through libjpeg-turbo, with its errors caught.
//
// libjpeg reports a fatal error by calling error_exit, which must not return: the only way back is
// longjmp, and Swift cannot call setjmp. These functions set the jump point in C and return a code
// and a message instead. Warnings (a truncated or corrupt stream, which libjpeg fills with grey)
// count as errors, and nothing is ever printed to stderr.
#ifndef FS_JPEG_H
#define FS_JPEG_H

#include <stddef.h>

enum {
    FS_JPEG_OK = 0,
    FS_JPEG_ERROR = 1,      // corrupt, truncated or not a JPEG: message says why
    FS_JPEG_TOO_LARGE = 2,  // the header's width × height is over max_pixels: nothing was decoded
};

/// Decodes a JPEG held in memory to 8-bit RGBA (alpha 255).
///
/// Reads the header first and refuses, before allocating, a picture of more than max_pixels.
/// On FS_JPEG_OK, *pixels holds width × height × 4 bytes from malloc (free with fs_jpeg_free).
/// width and height are set whenever the header could be read.
int fs_jpeg_decode_rgba(const unsigned char *data, size_t size, long long max_pixels,
                        unsigned char **pixels, int *width, int *height,
                        char *message, size_t message_size);

/// Encodes 8-bit RGB pixels (width × height × 3 bytes) as a baseline JPEG of `quality` (1…100).
///
/// On FS_JPEG_OK, *output holds *output_size bytes from malloc (free with fs_jpeg_free).
int fs_jpeg_encode_rgb(const unsigned char *rgb, int width, int height, int quality,
                       unsigned char **output, unsigned long *output_size,
                       char *message, size_t message_size);

/// Frees what the functions above allocated.
void fs_jpeg_free(void *memory);

#endif
