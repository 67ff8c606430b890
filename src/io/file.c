/* Bounded reading of input files (file.h). */
#include "io/file.h"

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/error.h"
#include "io/budget.h"

dmlp_status dmlp__open_input(const char *path, const dmlp__confine *confine, int *fd)
{
    if (confine) {
        dmlp_status s = dmlp__confine_open_file(confine, path, fd);
        if (s != DMLP_OK)
            return s;
    } else {
        *fd = open(path, O_RDONLY | O_CLOEXEC);
        if (*fd < 0)
            return dmlp__error(DMLP_ERROR_IO, "%s", strerror(errno));
    }
    struct stat st;
    if (fstat(*fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        close(*fd);
        *fd = -1;
        return dmlp__error(DMLP_ERROR_IO, "%s", strerror(EISDIR));
    }
    return DMLP_OK;
}

long long dmlp__read_up_to(int fd, void *buffer, size_t size)
{
    size_t n = 0;
    while (n < size) {
        size_t chunk = size - n > (1u << 30) ? (1u << 30) : size - n;
        ssize_t got = read(fd, (char *)buffer + n, chunk);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return -1;
        if (got == 0)
            break;
        n += (size_t)got;
    }
    return (long long)n;
}

/* limit > 0: read up to limit + 1 bytes (the caller judges). limit 0: up to the memory
   budget and up to ceiling (a format's own largest size, UINT64_MAX for none), the file
   named `what` when ceiling refuses it. */
static dmlp_status read_fd(int fd, size_t limit, uint64_t ceiling, const char *what,
                           unsigned char **bytes, size_t *size)
{
    struct stat st;
    dmlp_status valid = limit ? DMLP_OK : dmlp__budget_check();
    if (valid != DMLP_OK)
        return valid;
    uint64_t budget = dmlp__budget();
    uint64_t bound = budget < ceiling ? budget : ceiling;
    /* the most this read may hold: limit + 1 (so the caller sees "too large"), or the
       budget or ceiling + 1 (so we see it) */
    uint64_t most = limit ? (uint64_t)limit + 1 : bound + (bound < UINT64_MAX);
    size_t cap = 1 << 16;
    bool known = fstat(fd, &st) == 0;
    if (known && !limit && (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)))
        return dmlp__error(DMLP_ERROR_FORMAT,
                           "is a %s device: nothing says how much of it to read (a regular "
                           "file or a pipe is read to its end)",
                           S_ISCHR(st.st_mode) ? "character" : "block");
    if (known && S_ISREG(st.st_mode)) {
        uint64_t file_size = st.st_size > 0 ? (uint64_t)st.st_size : 0;
        if (!limit && file_size > ceiling)
            return dmlp__error(DMLP_ERROR_FORMAT,
                               "has %llu bytes; %s is at most %llu bytes",
                               (unsigned long long)file_size, what, (unsigned long long)ceiling);
        if (!limit) {
            dmlp_status s = dmlp__budget_take(NULL, "the file", file_size);
            if (s != DMLP_OK)
                return s;
        }
        /* a regular file is read to the size it had when opened */
        most = file_size < most ? file_size : most;
        cap = (size_t)most;
    }
    if (most > SIZE_MAX - 1)
        most = SIZE_MAX - 1;
    if (cap > most)
        cap = (size_t)most;
    unsigned char *buf = malloc(cap + 1);
    size_t n = 0;
    if (!buf)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory for %zu bytes", cap);
    for (;;) {
        if (n == cap) {
            if (cap >= most)
                break;
            size_t grown = cap > (size_t)most / 2 ? (size_t)most : cap * 2;
            unsigned char *more = realloc(buf, grown + 1);
            if (!more) {
                free(buf);
                return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory reading the file");
            }
            buf = more;
            cap = grown;
        }
        long long got = dmlp__read_up_to(fd, buf + n, cap - n);
        if (got < 0) {
            int e = errno;
            free(buf);
            return dmlp__error(DMLP_ERROR_IO, "read failed: %s", strerror(e));
        }
        n += (size_t)got;
        if (n < cap) /* the end of the file */
            break;
    }
    if (!limit && n > ceiling) {
        free(buf);
        return dmlp__error(DMLP_ERROR_FORMAT, "goes on past %llu bytes; %s is at most that",
                           (unsigned long long)ceiling, what);
    }
    if (!limit && n > budget) {
        char has[64];
        dmlp__budget_describe(has, sizeof has, budget);
        free(buf);
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY,
                           "the stream goes on past the memory budget, %s: read no further "
                           "(--max-memory or DMLP_MAX_MEMORY change it)",
                           has);
    }
    *bytes = buf;
    *size = n;
    return DMLP_OK;
}

dmlp_status dmlp__read_fd(int fd, size_t limit, unsigned char **bytes, size_t *size)
{
    return read_fd(fd, limit, UINT64_MAX, "", bytes, size);
}

dmlp_status dmlp__read_fd_at_most(int fd, uint64_t cap, const char *what,
                                  unsigned char **bytes, size_t *size)
{
    return read_fd(fd, 0, cap, what, bytes, size);
}

dmlp_status dmlp__read_file_at_most(const char *path, uint64_t cap, const char *what,
                                    unsigned char **bytes, size_t *size)
{
    int fd;
    dmlp_status s = dmlp__open_input(path, NULL, &fd);
    if (s != DMLP_OK)
        return s;
    s = read_fd(fd, 0, cap, what, bytes, size);
    close(fd);
    return s;
}

dmlp_status dmlp__read_file(const char *path, size_t limit, unsigned char **bytes,
                            size_t *size)
{
    int fd;
    dmlp_status s = dmlp__open_input(path, NULL, &fd);
    if (s != DMLP_OK)
        return s;
    s = dmlp__read_fd(fd, limit, bytes, size);
    close(fd);
    return s;
}
