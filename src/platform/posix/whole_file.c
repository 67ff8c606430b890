/* Files written whole: mkdir for the parents, a temporary file beside the target made by
   mkstemp (a name no one can guess or have put there first, opened with O_EXCL, mode
   0600), rename(2) over the old one. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "platform/whole_file.h"

static int make_parents(char *path)
{
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        int ok = mkdir(path, 0700) == 0 || errno == EEXIST;
        *p = '/';
        if (!ok)
            return 0;
    }
    return 1;
}

int dmlp__file_replace(const char *path, const void *bytes, size_t size, char *why,
                       size_t why_size)
{
    char dirs[1024], tmp[1100];
    if (snprintf(dirs, sizeof dirs, "%s", path) >= (int)sizeof dirs) {
        snprintf(why, why_size, "path too long");
        return -1;
    }
    snprintf(tmp, sizeof tmp, "%s.XXXXXX", path);
    int fd = make_parents(dirs) ? mkstemp(tmp) : -1;
    FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
    if (!f) {
        snprintf(why, why_size, "%s", strerror(errno));
        if (fd >= 0) {
            close(fd);
            remove(tmp);
        }
        return -1;
    }
    int ok = fwrite(bytes, 1, size, f) == size;
    ok = fflush(f) == 0 && ok;
    int saved = errno;
    ok = fclose(f) == 0 && ok;
    if (ok && rename(tmp, path) == 0)
        return 0;
    saved = ok ? errno : saved;
    remove(tmp);
    snprintf(why, why_size, "%s", strerror(saved));
    return -1;
}
