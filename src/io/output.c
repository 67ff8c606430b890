/* The output writer (output.h): temporary beside the target, then rename. */
#include "io/output.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/error.h"
#include "platform/files.h"
#include "io/temps.h"

/* Links followed before giving up, as the kernel's own limit. */
#define MAX_LINKS 40

struct dmlp__output_entry {
    char *path;     /* as the caller gave it */
    char *dir_path; /* the target's folder, as resolved */
    int dir;
    bool owns_dir;  /* else an earlier entry's descriptor, shared */
    char *name;     /* the target's name in dir */
    char temp[DMLP__TEMP_NAME_MAX];
    dmlp__temp *registered;
};

/* ---- where a path's target is ------------------------------------------------------ */

typedef struct location {
    char *dir_path;
    char *name;
    char *followed; /* the file a symbolic link led to, NULL if path was no link */
} location;

static void location_free(location *l)
{
    free(l->dir_path);
    free(l->name);
    free(l->followed);
    memset(l, 0, sizeof *l);
}

static char *join(const char *dir, size_t dir_len, const char *rest)
{
    size_t n = strlen(rest);
    char *out = malloc(dir_len + n + 2);
    if (!out)
        return NULL;
    memcpy(out, dir, dir_len);
    out[dir_len] = '/';
    memcpy(out + dir_len + 1, rest, n + 1);
    return out;
}

static char *copy(const char *s)
{
    size_t n = strlen(s) + 1;
    char *c = malloc(n);
    if (c)
        memcpy(c, s, n);
    return c;
}

/* The link's content, malloc'ed. */
static char *read_link(const char *path)
{
    size_t cap = 256;
    for (;;) {
        char *buf = malloc(cap);
        if (!buf)
            return NULL;
        ssize_t n = readlink(path, buf, cap);
        if (n < 0) {
            free(buf);
            return NULL;
        }
        if ((size_t)n < cap) {
            buf[n] = '\0';
            return buf;
        }
        free(buf);
        cap *= 2;
    }
}

/* Follows path's links (text only: the folders on the way are the kernel's to resolve)
   and splits the result into folder and name. */
static dmlp_status locate(const char *path, location *out)
{
    memset(out, 0, sizeof *out);
    if (!path || !path[0])
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT, "the output path is empty");
    char *cur = copy(path);
    int links = 0;
    while (cur) {
        struct stat st;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
            break;
        if (++links > MAX_LINKS) {
            free(cur);
            return dmlp__error(DMLP_ERROR_IO, "%s", strerror(ELOOP));
        }
        char *target = read_link(cur);
        if (!target) {
            int err = errno;
            free(cur);
            return dmlp__error(DMLP_ERROR_IO, "cannot read the symbolic link: %s",
                               strerror(err));
        }
        const char *slash = strrchr(cur, '/');
        char *next = target[0] == '/' || !slash ? copy(target)
                                                : join(cur, (size_t)(slash - cur), target);
        free(target);
        free(cur);
        cur = next;
    }
    if (!cur)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
    const char *slash = strrchr(cur, '/');
    const char *name = slash ? slash + 1 : cur;
    if (name[0] == '\0' || strcmp(name, ".") == 0 || strcmp(name, "..") == 0) {
        free(cur);
        return dmlp__error(DMLP_ERROR_IO, "names a folder, not a file");
    }
    out->name = copy(name);
    if (!slash)
        out->dir_path = copy(".");
    else if (slash == cur)
        out->dir_path = copy("/");
    else {
        out->dir_path = malloc((size_t)(slash - cur) + 1);
        if (out->dir_path) {
            memcpy(out->dir_path, cur, (size_t)(slash - cur));
            out->dir_path[slash - cur] = '\0';
        }
    }
    if (links)
        out->followed = cur;
    else
        free(cur);
    if (!out->name || !out->dir_path || (links && !out->followed)) {
        location_free(out);
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    return DMLP_OK;
}

/* Sets the error for a failure about the target, naming the link's file if there was
   one: "<what>" or "the symbolic link leads to '<file>', which <what>". */
static dmlp_status fail_at(const location *l, dmlp_status status, const char *what)
{
    if (l->followed)
        return dmlp__error(status, "the symbolic link leads to '%s', which %s", l->followed,
                           what);
    return dmlp__error(status, "%s", what);
}

/* "cannot <verb>: <reason>", or for a link "the symbolic link leads to '<file>', which
   cannot be <done>: <reason>". */
static dmlp_status fail_errno(const location *l, const char *verb, const char *done, int err)
{
    if (l->followed)
        return dmlp__error(DMLP_ERROR_IO, "the symbolic link leads to '%s', which cannot be %s: %s",
                           l->followed, done, strerror(err));
    return dmlp__error(DMLP_ERROR_IO, "cannot %s: %s", verb, strerror(err));
}

static const char *kind_of(mode_t mode)
{
    if (S_ISDIR(mode))
        return "a folder";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    if (S_ISFIFO(mode))
        return "a FIFO (named pipe)";
    if (S_ISSOCK(mode))
        return "a socket";
    if (S_ISLNK(mode))
        return "a symbolic link";
    return "not a regular file";
}

/* The target in dir: missing (*exists false) or a regular file (its mode in *mode). */
static dmlp_status check_target(const location *l, int dir, bool *exists, mode_t *mode)
{
    struct stat st;
    *exists = false;
    if (fstatat(dir, l->name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
        if (errno == ENOENT)
            return DMLP_OK;
        char why[160];
        snprintf(why, sizeof why, "cannot be examined: %s", strerror(errno));
        return fail_at(l, DMLP_ERROR_IO, why);
    }
    if (!S_ISREG(st.st_mode)) {
        char why[200];
        snprintf(why, sizeof why,
                 "is %s; dmlp replaces regular files only and leaves it as it is",
                 kind_of(st.st_mode));
        return fail_at(l, DMLP_ERROR_IO, why);
    }
    *exists = true;
    *mode = st.st_mode;
    return DMLP_OK;
}

static dmlp_status open_folder(const location *l, const dmlp__confine *confine, int *dir)
{
    if (confine) {
        dmlp_status s = dmlp__confine_open_dir(confine, l->dir_path, dir);
        if (s != DMLP_OK) {
            char why[600];
            snprintf(why, sizeof why, "its folder '%s' %s", l->dir_path, dmlp_last_error());
            return dmlp__error(s, "%s", why);
        }
        return DMLP_OK;
    }
    *dir = dmlp__dir_open(l->dir_path);
    if (*dir < 0) {
        return fail_errno(l, "create", "created", errno);
    }
    return DMLP_OK;
}

/* ---- writing ------------------------------------------------------------------------ */

static bool write_all(int fd, const void *data, size_t size)
{
    const char *p = data;
    while (size > 0) {
        size_t chunk = size > (1u << 30) ? (1u << 30) : size;
        ssize_t n = write(fd, p, chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return false;
        if (n == 0) {
            errno = EIO;
            return false;
        }
        p += n;
        size -= (size_t)n;
    }
    return true;
}

/* Creates and registers a fresh temporary in dir; the fd, or -1 with errno. */
static int create_temp(int dir, char *name, dmlp__temp **registered)
{
    static atomic_uint counter;
    int fd = -1;
    *registered = NULL;
    for (int attempt = 0; attempt < 100; attempt++) {
        snprintf(name, DMLP__TEMP_NAME_MAX, ".dmlp%lx.%x", (unsigned long)getpid(),
                 atomic_fetch_add(&counter, 1u));
        /* a signal between creating and registering would leave the file behind */
        dmlp__temps_hold();
        fd = openat(dir, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        int err = errno;
        if (fd >= 0 && !(*registered = dmlp__temp_register(dir, name))) {
            unlinkat(dir, name, 0);
            close(fd);
            fd = -1;
            err = ENOMEM;
        }
        dmlp__temps_release();
        errno = err;
        if (fd >= 0 || err != EEXIST)
            break;
    }
    return fd;
}

void dmlp__outputs_init(dmlp__outputs *set, const dmlp__confine *confine)
{
    memset(set, 0, sizeof *set);
    set->confine = confine;
}

static void entry_drop(dmlp__output_entry *e, bool remove_temp)
{
    if (e->registered && remove_temp)
        unlinkat(e->dir, e->temp, 0);
    dmlp__temp_unregister(e->registered);
    e->registered = NULL;
}

static dmlp_status write_temp(const location *l, int dir, const dmlp__piece *pieces,
                              size_t count, dmlp__output_entry *e)
{
    bool exists;
    mode_t mode = 0;
    dmlp_status s = check_target(l, dir, &exists, &mode);
    if (s != DMLP_OK)
        return s;
    int fd = create_temp(dir, e->temp, &e->registered);
    if (fd < 0) {
        return fail_errno(l, "create", "created", errno);
    }
    e->dir = dir;
    if (exists) /* the replacement keeps the permissions the user gave the file */
        (void)fchmod(fd, mode & 07777);
    bool ok = true;
    for (size_t i = 0; i < count && ok; i++)
        ok = write_all(fd, pieces[i].data, pieces[i].size);
    int err = errno;
    if (close(fd) != 0 && ok) {
        ok = false;
        err = errno;
    }
    if (!ok) {
        entry_drop(e, true);
        return fail_errno(l, "write", "written", err);
    }
    return DMLP_OK;
}

dmlp_status dmlp__outputs_add(dmlp__outputs *set, const char *path, const dmlp__piece *pieces,
                              size_t piece_count)
{
    if (set->count == set->capacity) {
        size_t cap = set->capacity ? set->capacity * 2 : 4;
        dmlp__output_entry *more = realloc(set->entries, cap * sizeof *more);
        if (!more)
            return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
        set->entries = more;
        set->capacity = cap;
    }
    location l;
    dmlp_status s = locate(path, &l);
    if (s != DMLP_OK)
        return s;
    dmlp__output_entry *e = &set->entries[set->count];
    memset(e, 0, sizeof *e);
    e->dir = -1;
    /* outputs in one folder share its descriptor (a model may write many files) */
    for (size_t i = 0; i < set->count && e->dir < 0; i++)
        if (strcmp(set->entries[i].dir_path, l.dir_path) == 0)
            e->dir = set->entries[i].dir;
    if (e->dir < 0) {
        s = open_folder(&l, set->confine, &e->dir);
        e->owns_dir = s == DMLP_OK;
    }
    if (s == DMLP_OK && !(e->path = copy(path)))
        s = dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
    if (s == DMLP_OK)
        s = write_temp(&l, e->dir, pieces, piece_count, e);
    if (s != DMLP_OK) {
        free(e->path);
        if (e->owns_dir)
            close(e->dir);
        location_free(&l);
        return s;
    }
    e->dir_path = l.dir_path;
    e->name = l.name;
    l.dir_path = l.name = NULL;
    location_free(&l);
    set->count++;
    return DMLP_OK;
}

dmlp_status dmlp__outputs_commit(dmlp__outputs *set, const char **failed)
{
    dmlp_status s = DMLP_OK;
    if (failed)
        *failed = NULL;
    /* every target again first: something may have appeared at one meanwhile */
    for (size_t i = 0; i < set->count && s == DMLP_OK; i++) {
        dmlp__output_entry *e = &set->entries[i];
        location l = {e->dir_path, e->name, NULL};
        bool exists;
        mode_t mode;
        s = check_target(&l, e->dir, &exists, &mode);
        if (s != DMLP_OK && failed)
            *failed = e->path;
    }
    /* then the renames, which a signal must not cut in two */
    dmlp__temps_hold();
    for (size_t i = 0; i < set->count && s == DMLP_OK; i++) {
        dmlp__output_entry *e = &set->entries[i];
        if (renameat(e->dir, e->temp, e->dir, e->name) != 0) {
            s = dmlp__error(DMLP_ERROR_IO, "cannot rename the temporary file over it: %s",
                            strerror(errno));
            if (failed)
                *failed = e->path;
        } else
            entry_drop(e, false);
    }
    for (size_t i = 0; i < set->count; i++)
        entry_drop(&set->entries[i], true);
    dmlp__temps_release();
    return s;
}

void dmlp__outputs_free(dmlp__outputs *set)
{
    /* every temporary first: entries in one folder share the first one's descriptor */
    for (size_t i = 0; i < set->count; i++)
        entry_drop(&set->entries[i], true);
    for (size_t i = 0; i < set->count; i++) {
        dmlp__output_entry *e = &set->entries[i];
        if (e->owns_dir)
            close(e->dir);
        free(e->dir_path);
        free(e->name);
        free(e->path);
    }
    free(set->entries);
    memset(set, 0, sizeof *set);
}

dmlp_status dmlp__output_check(const char *path, const dmlp__confine *confine)
{
    location l;
    dmlp_status s = locate(path, &l);
    if (s != DMLP_OK)
        return s;
    int dir = -1;
    s = open_folder(&l, confine, &dir);
    if (s == DMLP_OK) {
        bool exists;
        mode_t mode;
        s = check_target(&l, dir, &exists, &mode);
    }
    if (s == DMLP_OK && faccessat(dir, ".", W_OK | X_OK, AT_EACCESS) != 0)
        s = dmlp__error(DMLP_ERROR_IO, "its folder '%s' is not writable: %s", l.dir_path,
                        strerror(errno));
    if (dir >= 0)
        close(dir);
    location_free(&l);
    return s;
}

dmlp_status dmlp__write_file(const char *path, const dmlp__piece *pieces, size_t piece_count)
{
    dmlp__outputs set;
    dmlp__outputs_init(&set, NULL);
    dmlp_status s = dmlp__outputs_add(&set, path, pieces, piece_count);
    if (s == DMLP_OK)
        s = dmlp__outputs_commit(&set, NULL);
    dmlp__outputs_free(&set);
    return s;
}
