/* Folder descriptors and opening beneath a folder (files.h): POSIX, with Linux's openat2
   where the kernel has it. */
#include "platform/files.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/syscall.h>
#if defined(SYS_openat2) && defined(__has_include)
#if __has_include(<linux/openat2.h>)
#include <linux/openat2.h>
#define DMLP_HAVE_OPENAT2 1
#endif
#endif
#endif

#if defined(O_PATH)
#define DIR_FLAGS (O_PATH | O_DIRECTORY | O_CLOEXEC)
#else
#define DIR_FLAGS (O_RDONLY | O_DIRECTORY | O_CLOEXEC)
#endif

int dmlp__dir_open(const char *path)
{
    return open(path, DIR_FLAGS);
}

int dmlp__dir_open_at(int base, const char *relative)
{
    return openat(base, relative, DIR_FLAGS);
}

/* A component that could not be opened without following it: a link is an escape. */
static int link_is_escape(int dir, const char *name, int err)
{
    struct stat st;
    if ((err == ELOOP || err == ENOTDIR || err == EMLINK) &&
        fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode))
        return EXDEV;
    return err;
}

int dmlp__open_beneath_walk(int base, const char *relative, int flags)
{
    if (relative[0] == '/') {
        errno = EXDEV;
        return -1;
    }
    size_t n = strlen(relative);
    char *copy = malloc(n + 1);
    if (!copy) {
        errno = ENOMEM;
        return -1;
    }
    memcpy(copy, relative, n + 1);
    int dir = dup(base), fd = -1, err = 0;
    char *save = NULL;
    char *part = strtok_r(copy, "/", &save);
    if (dir >= 0 && !part)
        fd = openat(dir, ".", flags | O_CLOEXEC), err = errno;
    while (dir >= 0 && part) {
        char *next = strtok_r(NULL, "/", &save);
        if (strcmp(part, "..") == 0) {
            err = EXDEV;
            break;
        }
        if (strcmp(part, ".") == 0 && next) {
            part = next;
            continue;
        }
        if (next) {
            fd = openat(dir, part, DIR_FLAGS | O_NOFOLLOW);
        } else {
            fd = openat(dir, part, flags | O_NOFOLLOW | O_CLOEXEC);
        }
        err = fd < 0 ? link_is_escape(dir, part, errno) : 0;
        if (fd < 0 || !next)
            break;
        close(dir);
        dir = fd;
        fd = -1;
        part = next;
    }
    if (dir < 0)
        err = errno;
    else
        close(dir);
    free(copy);
    if (fd < 0)
        errno = err;
    return fd;
}

#if defined(DMLP_HAVE_OPENAT2)
static int openat2_beneath(int base, const char *relative, int flags)
{
    struct open_how how;
    memset(&how, 0, sizeof how);
    how.flags = (unsigned long long)(flags | O_CLOEXEC);
    how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS;
    return (int)syscall(SYS_openat2, base, relative, &how, sizeof how);
}
#endif

bool dmlp__has_openat2(void)
{
#if defined(DMLP_HAVE_OPENAT2)
    static atomic_int known; /* 0 not probed, 1 yes, 2 no */
    int k = atomic_load(&known);
    if (k == 0) {
        int fd = openat2_beneath(AT_FDCWD, ".", O_RDONLY | O_DIRECTORY);
        k = fd >= 0 ? 1 : (errno == ENOSYS || errno == EPERM) ? 2 : 1;
        if (fd >= 0)
            close(fd);
        atomic_store(&known, k);
    }
    return k == 1;
#else
    return false;
#endif
}

int dmlp__open_beneath(int base, const char *relative, int flags)
{
#if defined(DMLP_HAVE_OPENAT2)
    if (dmlp__has_openat2()) {
        int fd = openat2_beneath(base, relative[0] ? relative : ".", flags);
        if (fd >= 0 || errno != ENOSYS)
            return fd;
    }
#endif
    return dmlp__open_beneath_walk(base, relative, flags);
}
