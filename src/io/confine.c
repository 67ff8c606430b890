/* Confinement of model paths to one folder (confine.h). */
#include "io/confine.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/error.h"
#include "platform/files.h"

dmlp_status dmlp__confine_open(const char *folder, dmlp__confine *confine)
{
    confine->dir = -1;
    confine->root = realpath(folder, NULL);
    if (!confine->root)
        return dmlp__error(DMLP_ERROR_IO, "%s", strerror(errno));
    confine->root_len = strlen(confine->root);
    confine->dir = dmlp__dir_open(confine->root);
    if (confine->dir < 0) {
        int err = errno;
        free(confine->root);
        confine->root = NULL;
        return dmlp__error(DMLP_ERROR_IO, "%s", strerror(err));
    }
    return DMLP_OK;
}

void dmlp__confine_close(dmlp__confine *confine)
{
    if (!confine)
        return;
    if (confine->dir >= 0)
        close(confine->dir);
    free(confine->root);
    confine->dir = -1;
    confine->root = NULL;
}

/* The part of the physical path real below the root ("" for the root itself), or NULL
   when real lies outside. */
static const char *below_root(const dmlp__confine *c, const char *real)
{
    if (c->root_len == 1) /* the root is "/" */
        return real + 1;
    if (strncmp(real, c->root, c->root_len) != 0)
        return NULL;
    if (real[c->root_len] == '\0')
        return real + c->root_len;
    return real[c->root_len] == '/' ? real + c->root_len + 1 : NULL;
}

static dmlp_status open_inside(const dmlp__confine *c, const char *path, int flags, int *fd)
{
    *fd = -1;
    char *real = realpath(path, NULL);
    if (!real) /* the callers' prefix ends in a path: "'<path>' cannot be opened: why" */
        return dmlp__error(DMLP_ERROR_IO, "cannot be opened: %s", strerror(errno));
    const char *rel = below_root(c, real);
    dmlp_status s = DMLP_OK;
    if (!rel) {
        s = dmlp__error(DMLP_ERROR_IO, "resolves to '%s', outside the confinement folder '%s'",
                        real, c->root);
    } else if ((*fd = dmlp__open_beneath(c->dir, rel, flags)) < 0) {
        s = errno == EXDEV ? dmlp__error(DMLP_ERROR_IO,
                                         "leads out of the confinement folder '%s' (a link "
                                         "changed while it was opened)",
                                         c->root)
                           : dmlp__error(DMLP_ERROR_IO, "cannot be opened: %s", strerror(errno));
    }
    free(real);
    return s;
}

dmlp_status dmlp__confine_open_file(const dmlp__confine *c, const char *path, int *fd)
{
    return open_inside(c, path, O_RDONLY, fd);
}

dmlp_status dmlp__confine_open_dir(const dmlp__confine *c, const char *dir_path, int *fd)
{
#if defined(O_PATH)
    return open_inside(c, dir_path, O_PATH | O_DIRECTORY, fd);
#else
    return open_inside(c, dir_path, O_RDONLY | O_DIRECTORY, fd);
#endif
}
