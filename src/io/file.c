#include "io/file.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/error.h"

/* Reads the whole stream; the size of a regular file sizes the first buffer. */
static dmlp_status read_all(FILE *f, size_t limit, unsigned char **bytes, size_t *size)
{
    struct stat st;
    size_t cap = 1 << 16;
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
        (unsigned long long)st.st_size < SIZE_MAX - 16)
        cap = (size_t)st.st_size + 16;
    if (limit && cap > limit + 1)
        cap = limit + 1;
    unsigned char *buf = malloc(cap);
    size_t n = 0;
    if (!buf)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory for %zu bytes", cap);
    for (;;) {
        if (n == cap) {
            size_t grown = cap > SIZE_MAX / 2 ? SIZE_MAX : cap * 2;
            unsigned char *more = grown > cap ? realloc(buf, grown) : NULL;
            if (!more) {
                free(buf);
                return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory reading the file");
            }
            buf = more;
            cap = grown;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f)) {
                int e = errno;
                free(buf);
                return dmlp__error(DMLP_ERROR_IO, "read failed: %s", strerror(e));
            }
            break;
        }
        if (limit && n > limit)
            break;
    }
    *bytes = buf;
    *size = n;
    return DMLP_OK;
}

dmlp_status dmlp__read_file(const char *path, size_t limit, unsigned char **bytes,
                            size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return dmlp__error(DMLP_ERROR_IO, "%s", strerror(errno));
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        return dmlp__error(DMLP_ERROR_IO, "%s", strerror(EISDIR));
    }
    dmlp_status s = read_all(f, limit, bytes, size);
    fclose(f);
    return s;
}
