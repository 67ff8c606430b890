/* The memory limit of the process's control groups (platform/memory.h), read from the
   files Linux shows under /sys/fs/cgroup. Plain file reading: on a system without
   /proc/self/cgroup nothing is found and nothing limits. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform/memory.h"

#define NO_LIMIT UINT64_MAX
#define PATH_BYTES 4096

/* Reads a small file whole into buf (terminated); 0 when it cannot be read, is empty or
   does not fit. */
static int read_small(const char *path, char *buf, size_t size)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    size_t n = fread(buf, 1, size - 1, f);
    int whole = n > 0 && feof(f) && !ferror(f);
    fclose(f);
    buf[n] = '\0';
    return whole && strlen(buf) == n;
}

/* Digits, then an optional newline, then the end; 0 for anything else. */
static int parse_count(const char *s, uint64_t *v)
{
    uint64_t x = 0;
    const char *p = s;
    for (; *p >= '0' && *p <= '9'; p++) {
        if (x > (UINT64_MAX - (uint64_t)(*p - '0')) / 10)
            return 0;
        x = x * 10 + (uint64_t)(*p - '0');
    }
    if (p == s || (*p == '\n' && p[1]) || (*p && *p != '\n'))
        return 0;
    *v = x;
    return 1;
}

/* A count from the file dir/name; 0 when missing or malformed. */
static int read_count(const char *dir, const char *name, uint64_t *v)
{
    char path[PATH_BYTES + 64], text[64];
    if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path)
        return 0;
    return read_small(path, text, sizeof text) && parse_count(text, v);
}

/* The value of the line "key N" of a memory.stat file; 0 if there is none. */
static uint64_t stat_value(const char *dir, const char *key)
{
    char path[PATH_BYTES + 64], text[16384];
    if (snprintf(path, sizeof path, "%s/memory.stat", dir) >= (int)sizeof path ||
        !read_small(path, text, sizeof text))
        return 0;
    size_t klen = strlen(key);
    for (char *line = text; line && *line;) {
        char *end = strchr(line, '\n');
        if (end)
            *end = '\0';
        uint64_t v;
        if (strncmp(line, key, klen) == 0 && line[klen] == ' ' && parse_count(line + klen + 1, &v))
            return v;
        line = end ? end + 1 : NULL;
    }
    return 0;
}

/* What one group leaves: its limit less its working set (the usage less the page cache
   that can be dropped, inactive_file, as container tools count it), but never less
   than an eighth of the limit: the usage is the whole group's, read once at the start,
   and a group that looks full may still make room. NO_LIMIT without a limit. */
static uint64_t group_room(const char *dir, int v2)
{
    uint64_t limit, usage = 0;
    if (v2) {
        char text[64];
        char path[PATH_BYTES + 64];
        if (snprintf(path, sizeof path, "%s/memory.max", dir) >= (int)sizeof path ||
            !read_small(path, text, sizeof text) || strcmp(text, "max\n") == 0 ||
            strcmp(text, "max") == 0 || !parse_count(text, &limit))
            return NO_LIMIT;
        read_count(dir, "memory.current", &usage);
    } else {
        /* v1 writes "no limit" as the largest page multiple below 2^63 */
        if (!read_count(dir, "memory.limit_in_bytes", &limit) || limit >= (UINT64_C(1) << 62))
            return NO_LIMIT;
        read_count(dir, "memory.usage_in_bytes", &usage);
    }
    uint64_t cache = stat_value(dir, v2 ? "inactive_file" : "total_inactive_file");
    if (!v2 && !cache)
        cache = stat_value(dir, "inactive_file");
    uint64_t working = usage > cache ? usage - cache : 0;
    uint64_t room = limit > working ? limit - working : 0;
    return room > limit / 8 ? room : limit / 8;
}

/* The least room of the group at `path` (relative to `base`) and of every ancestor up
   to `base` itself. A path that climbs (..) is not followed: only base counts. */
static uint64_t hierarchy_room(const char *base, const char *path, int v2)
{
    char dir[PATH_BYTES];
    int n = snprintf(dir, sizeof dir, "%s%s", base, path);
    if (n < 0 || n >= (int)sizeof dir || strstr(path, "/..") || path[0] != '/')
        n = snprintf(dir, sizeof dir, "%s", base);
    if (n < 0 || n >= (int)sizeof dir)
        return NO_LIMIT;
    size_t keep = strlen(base);
    uint64_t least = NO_LIMIT;
    for (;;) {
        size_t len = strlen(dir);
        while (len > keep && dir[len - 1] == '/')
            dir[--len] = '\0';
        uint64_t room = group_room(dir, v2);
        least = room < least ? room : least;
        char *slash = strrchr(dir, '/');
        if (len <= keep || !slash || (size_t)(slash - dir) < keep)
            break;
        *slash = '\0';
    }
    return least;
}

/* Whether the controller list (a line's second field, up to the colon) names memory. */
static int names_memory(const char *list, size_t len)
{
    for (size_t i = 0; i < len;) {
        size_t j = i;
        while (j < len && list[j] != ',')
            j++;
        if (j - i == 6 && strncmp(list + i, "memory", 6) == 0)
            return 1;
        i = j + 1;
    }
    return 0;
}

uint64_t dmlp__cgroup_memory_at(const char *self_cgroup, const char *root)
{
    char text[8192];
    if (!self_cgroup || !root || !read_small(self_cgroup, text, sizeof text))
        return NO_LIMIT;
    char v1_base[PATH_BYTES];
    if (snprintf(v1_base, sizeof v1_base, "%s/memory", root) >= (int)sizeof v1_base)
        return NO_LIMIT;
    uint64_t least = NO_LIMIT;
    /* "hierarchy-ID:controllers:path": v2 is "0::/path"; v1's memory line names it */
    for (char *line = text; line && *line;) {
        char *end = strchr(line, '\n');
        if (end)
            *end = '\0';
        char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
        if (c2) {
            uint64_t room = NO_LIMIT;
            if (c2 == c1 + 1 && c1 - line == 1 && line[0] == '0')
                room = hierarchy_room(root, c2 + 1, 1);
            else if (names_memory(c1 + 1, (size_t)(c2 - c1 - 1)))
                room = hierarchy_room(v1_base, c2 + 1, 0);
            least = room < least ? room : least;
        }
        line = end ? end + 1 : NULL;
    }
    return least;
}

uint64_t dmlp__cgroup_memory(void)
{
    /* For tests only: a folder standing for /sys/fs/cgroup, with the process's groups in
       its file "self" (the format of /proc/self/cgroup). */
    const char *fixture = getenv("DMLP_TEST_CGROUP_ROOT");
    if (fixture && fixture[0]) {
        char self[PATH_BYTES];
        if (snprintf(self, sizeof self, "%s/self", fixture) >= (int)sizeof self)
            return NO_LIMIT;
        return dmlp__cgroup_memory_at(self, fixture);
    }
    return dmlp__cgroup_memory_at("/proc/self/cgroup", "/sys/fs/cgroup");
}
