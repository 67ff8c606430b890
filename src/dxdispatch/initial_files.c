/* initialValues from a file: .npy (dtype checked against the declared type) or raw bytes
   (type required). Relative paths are looked up beside the model first, then in the
   current directory. Images are refused by name. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/error.h"
#include "core/types.h"
#include "dx_internal.h"
#include "io/file.h"
#include "io/npy.h"

static bool has_extension(const char *name, const char *ext)
{
    size_t n = strlen(name), e = strlen(ext);
    if (n < e)
        return false;
    for (size_t i = 0; i < e; i++)
        if (tolower((unsigned char)name[n - e + i]) != ext[i])
            return false;
    return true;
}

static bool is_image(const char *name)
{
    static const char *const images[] = {".png", ".jpg", ".jpeg", ".bmp", ".gif",
                                         ".tif", ".tiff", ".dds", NULL};
    for (size_t i = 0; images[i]; i++)
        if (has_extension(name, images[i]))
            return true;
    return false;
}

/* The path to open, malloc'ed: beside the model if a file is there, else as written. */
static char *resolve(const dmlp__dx_parse_context *ctx, const char *name)
{
    if (name[0] != '/' && ctx->base_dir && ctx->base_dir[0]) {
        size_t n = strlen(ctx->base_dir) + strlen(name) + 2;
        char *beside = malloc(n);
        if (!beside)
            return NULL;
        snprintf(beside, n, "%s/%s", ctx->base_dir, name);
        if (access(beside, F_OK) == 0) /* without opening it: it may be a FIFO */
            return beside;
        free(beside);
    }
    size_t n = strlen(name) + 1;
    char *copy = malloc(n);
    if (copy)
        memcpy(copy, name, n);
    return copy;
}

/* The reader's refusal (IO, FORMAT, UNSUPPORTED, OUT_OF_MEMORY) under the JSON location. */
static dmlp_status fail_with_last(dmlp_status status, const char *path, const char *name)
{
    char why[512];
    snprintf(why, sizeof why, "%s", dmlp_last_error());
    return dmlp__dx_fail(status, path, "'%s': %s", name, why);
}

static dmlp_status check_limit(const dmlp__dx_parse_context *ctx, const char *path, uint64_t bytes)
{
    if (bytes == 0)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "the file holds no data (the initial data "
                                                      "must not be empty)");
    if (ctx->options->max_buffer_bytes && bytes > ctx->options->max_buffer_bytes)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                             "%llu bytes are more than this reader allows (%llu)",
                             (unsigned long long)bytes,
                             (unsigned long long)ctx->options->max_buffer_bytes);
    return DMLP_OK;
}

static dmlp_status read_npy(const dmlp__dx_parse_context *ctx, int fd, const char *name,
                            DML_TENSOR_DATA_TYPE type, const char *path,
                            DML_TENSOR_DATA_TYPE *data_type, unsigned char **data,
                            uint64_t *data_size)
{
    dmlp__npy npy;
    dmlp_status s = dmlp__npy_read_fd(fd, &npy);
    if (s != DMLP_OK)
        return fail_with_last(s, path, name);
    if (type != DML_TENSOR_DATA_TYPE_UNKNOWN && npy.type != type)
        s = dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                          "'%s' holds %s; initialValuesDataType is %s (they must be equal)",
                          name, dmlp__type_name(npy.type), dmlp__type_name(type));
    if (s == DMLP_OK)
        s = check_limit(ctx, path, npy.data_size);
    if (s != DMLP_OK) {
        dmlp__npy_free(&npy);
        return s;
    }
    *data_type = npy.type;
    *data = npy.data; /* only the data is kept, in the file's order */
    *data_size = npy.data_size;
    return DMLP_OK;
}

static dmlp_status read_raw(const dmlp__dx_parse_context *ctx, int fd, const char *name,
                            DML_TENSOR_DATA_TYPE type, const char *path, unsigned char **data,
                            uint64_t *data_size)
{
    if (type == DML_TENSOR_DATA_TYPE_UNKNOWN)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                             "initialValuesDataType is required for a raw file ('%s' is not .npy)",
                             name);
    unsigned char *buf = NULL;
    size_t n = 0;
    /* a stream is read no further than the buffer it fills (sizeInBytes) */
    uint64_t limit = ctx->options->max_buffer_bytes;
    if (ctx->source_limit && (!limit || ctx->source_limit < limit))
        limit = ctx->source_limit;
    dmlp_status s = dmlp__read_fd(fd, (size_t)limit, &buf, &n);
    if (s != DMLP_OK)
        return dmlp__dx_fail(s, path, "'%s': %s", name, dmlp_last_error());
    if (ctx->source_limit && n > ctx->source_limit)
        s = dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                          "'%s' holds more than the resource's sizeInBytes (%llu bytes)", name,
                          (unsigned long long)ctx->source_limit);
    if (s == DMLP_OK)
        s = check_limit(ctx, path, n);
    uint32_t size = dmlp__type_size(type);
    if (s == DMLP_OK && n % size != 0)
        s = dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                          "'%s' has %zu bytes, not a whole number of %s elements", name, n,
                          dmlp__type_name(type));
    if (s != DMLP_OK) {
        free(buf);
        return s;
    }
    *data = buf;
    *data_size = n;
    return DMLP_OK;
}

dmlp_status dmlp__dx_read_source(const dmlp__dx_parse_context *ctx, const char *source,
                                 DML_TENSOR_DATA_TYPE type, const char *path,
                                 DML_TENSOR_DATA_TYPE *data_type, unsigned char **data,
                                 uint64_t *data_size)
{
    *data_type = type;
    if (is_image(source))
        return dmlp__dx_fail(DMLP_ERROR_UNSUPPORTED, path,
                             "'%s': image files are not supported by dmlp (use .npy or raw "
                             "bytes)",
                             source);
    if (ctx->options->no_files)
        return dmlp__dx_fail(DMLP_ERROR_UNSUPPORTED, path,
                             "'%s': files are not read when a model is parsed from memory",
                             source);
    if (source[0] == '\0')
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "must not be empty");
    char *file = resolve(ctx, source);
    if (!file)
        return dmlp__dx_fail(DMLP_ERROR_OUT_OF_MEMORY, path, "out of memory");
    int fd;
    dmlp_status s = dmlp__open_input(file, ctx->options->confine, &fd);
    free(file);
    if (s != DMLP_OK)
        return fail_with_last(s, path, source);
    s = has_extension(source, ".npy")
            ? read_npy(ctx, fd, source, type, path, data_type, data, data_size)
            : read_raw(ctx, fd, source, type, path, data, data_size);
    close(fd);
    return s;
}
