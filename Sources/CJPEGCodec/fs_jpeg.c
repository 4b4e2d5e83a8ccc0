#include "fs_jpeg.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

struct fs_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    int warnings;
    char message[JMSG_LENGTH_MAX];
};

static void fs_error_exit(j_common_ptr info) {
    struct fs_error *error = (struct fs_error *)info->err;
    (*info->err->format_message)(info, error->message);
    longjmp(error->jump, 1);
}

// Replaces the default, which prints to stderr (the terminal, while curses draws).
static void fs_emit_message(j_common_ptr info, int level) {
    struct fs_error *error = (struct fs_error *)info->err;
    if (level < 0) {
        if (error->warnings == 0) (*info->err->format_message)(info, error->message);
        error->warnings += 1;
    }
}

static void fs_output_message(j_common_ptr info) { (void)info; }

static void fs_install(struct jpeg_error_mgr *manager) {
    jpeg_std_error(manager);
    manager->error_exit = fs_error_exit;
    manager->emit_message = fs_emit_message;
    manager->output_message = fs_output_message;
}

static void fs_copy_message(const struct fs_error *error, char *message, size_t message_size) {
    if (message && message_size > 0) {
        strncpy(message, error->message, message_size - 1);
        message[message_size - 1] = 0;
    }
}

int fs_jpeg_decode_rgba(const unsigned char *data, size_t size, long long max_pixels,
                        unsigned char **pixels, int *width, int *height,
                        char *message, size_t message_size) {
    struct jpeg_decompress_struct info;
    struct fs_error error;
    // volatile: read after longjmp.
    unsigned char *volatile buffer = NULL;
    memset(&error, 0, sizeof error);
    *pixels = NULL;
    *width = 0;
    *height = 0;
    info.err = &error.manager;
    fs_install(&error.manager);
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&info);
        free(buffer);
        fs_copy_message(&error, message, message_size);
        return FS_JPEG_ERROR;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    *width = (int)info.image_width;
    *height = (int)info.image_height;
    if ((long long)info.image_width * (long long)info.image_height > max_pixels) {
        jpeg_destroy_decompress(&info);
        snprintf(message, message_size, "%ux%u is over the pixel budget", info.image_width, info.image_height);
        return FS_JPEG_TOO_LARGE;
    }
    info.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * 4;
    buffer = malloc(stride * info.output_height);
    if (!buffer) {
        jpeg_destroy_decompress(&info);
        snprintf(message, message_size, "out of memory");
        return FS_JPEG_ERROR;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = buffer + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    if (error.warnings > 0) {
        free(buffer);
        fs_copy_message(&error, message, message_size);
        return FS_JPEG_ERROR;
    }
    *width = (int)info.output_width;
    *height = (int)info.output_height;
    *pixels = buffer;
    return FS_JPEG_OK;
}

int fs_jpeg_encode_rgb(const unsigned char *rgb, int width, int height, int quality,
                       unsigned char **output, unsigned long *output_size,
                       char *message, size_t message_size) {
    struct jpeg_compress_struct info;
    struct fs_error error;
    // volatile: jpeg_mem_dest reallocates it; read after longjmp.
    unsigned char *volatile buffer = NULL;
    unsigned long length = 0;
    memset(&error, 0, sizeof error);
    *output = NULL;
    *output_size = 0;
    info.err = &error.manager;
    fs_install(&error.manager);
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&info);
        free(buffer);
        fs_copy_message(&error, message, message_size);
        return FS_JPEG_ERROR;
    }
    jpeg_create_compress(&info);
    unsigned char *destination = NULL;
    jpeg_mem_dest(&info, &destination, &length);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + (size_t)info.next_scanline * (size_t)width * 3);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    buffer = destination;
    jpeg_destroy_compress(&info);
    *output = buffer;
    *output_size = length;
    return FS_JPEG_OK;
}

void fs_jpeg_free(void *memory) { free(memory); }
