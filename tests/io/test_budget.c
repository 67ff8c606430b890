/* The memory budget's view of the machine (platform/memory.h, io/budget.h): the control
   groups' limit read from fixture folders standing for /sys/fs/cgroup (cgroup v2 nested,
   v1, "max", malformed and missing files, paths that climb), never a crash; the
   machine's limit is the least of what it knows; a format's own cap on a stream; and an
   invalid DMLP_MAX_MEMORY refuses, naming itself. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dmlp.h"
#include "core/memory_budget.h"
#include "io/budget.h"
#include "io/file.h"
#include "platform/memory.h"
#include "test_util.h"

#define MIB (UINT64_C(1) << 20)
#define NONE UINT64_MAX

static char root[PATH_MAX / 2];
static char fixture[PATH_MAX]; /* the current fixture's folder */
static unsigned fixture_count;

/* Writes text to fixture/relative, making the folders on the way. */
static void put(const char *relative, const char *text)
{
    char path[PATH_MAX * 2];
    snprintf(path, sizeof path, "%s/%s", fixture, relative);
    for (char *p = path + strlen(fixture) + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            mkdir(path, 0700);
            *p = '/';
        }
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL, "create %s", path);
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

/* A fresh, empty fixture folder. */
static void fresh(void)
{
    snprintf(fixture, sizeof fixture, "%s/f%u", root, fixture_count++);
    CHECK(mkdir(fixture, 0700) == 0, "mkdir %s", fixture);
}

static uint64_t room(void)
{
    char self[PATH_MAX + 8];
    snprintf(self, sizeof self, "%s/self", fixture);
    return dmlp__cgroup_memory_at(self, fixture);
}

static void test_v2(void)
{
    /* nested: the group's own limit, its parent's and the root's; the least room wins */
    fresh();
    put("self", "0::/a/b\n");
    put("a/b/memory.max", "1073741824\n"); /* 1 GiB, 100 MiB used: 924 MiB left */
    put("a/b/memory.current", "104857600\n");
    put("a/memory.max", "524288000\n"); /* 500 MiB, 300 MiB used, 100 MiB of it cache */
    put("a/memory.current", "314572800\n");
    put("a/memory.stat", "anon 1\nfile 2\ninactive_file 104857600\nactive_file 3\n");
    put("memory.max", "max\n");
    CHECK_EQ_U64(room(), 300 * MIB, "v2 nested: the parent's 500 MiB less 200 MiB");
    /* the group itself the least */
    put("a/b/memory.max", "209715200\n");
    CHECK_EQ_U64(room(), 100 * MIB, "v2 nested: the group's 200 MiB less 100 MiB");
    /* the root of a namespace (a container's /sys/fs/cgroup) limits too */
    put("memory.max", "52428800\n");
    CHECK_EQ_U64(room(), 50 * MIB, "v2: the root's memory.max");
    /* "max" everywhere: no limit */
    fresh();
    put("self", "0::/a/b\n");
    put("a/b/memory.max", "max\n");
    put("a/memory.max", "max");
    CHECK_EQ_U64(room(), NONE, "v2: max means none");
    /* a full group still leaves an eighth of its limit */
    fresh();
    put("self", "0::/g\n");
    put("g/memory.max", "838860800\n");
    put("g/memory.current", "943718400\n");
    CHECK_EQ_U64(room(), 100 * MIB, "v2: a full group: an eighth of 800 MiB");
    /* a path that climbs is not followed: only the root counts */
    fresh();
    put("self", "0::/../x\n");
    put("x/memory.max", "1048576\n");
    CHECK_EQ_U64(room(), NONE, "v2: a climbing path is not followed");
    put("memory.max", "2097152\n");
    CHECK_EQ_U64(room(), 2 * MIB, "v2: a climbing path: the root alone");
}

static void test_v1(void)
{
    fresh();
    put("self", "12:pids:/p\n4:memory:/x/y\n1:name=systemd:/s\n0::/\n");
    put("memory/x/y/memory.limit_in_bytes", "209715200\n"); /* 200 MiB, 50 used, 30 cache */
    put("memory/x/y/memory.usage_in_bytes", "52428800\n");
    put("memory/x/y/memory.stat", "cache 1\ninactive_file 5\ntotal_inactive_file 31457280\n");
    put("memory/x/memory.limit_in_bytes", "9223372036854771712\n"); /* none */
    put("memory/memory.limit_in_bytes", "9223372036854775807\n");
    CHECK_EQ_U64(room(), 180 * MIB, "v1: 200 MiB less 20 MiB");
    /* a parent's limit counts, and v1 values near 2^63 mean none */
    put("memory/x/memory.limit_in_bytes", "104857600\n");
    CHECK_EQ_U64(room(), 100 * MIB, "v1: the parent's 100 MiB");
    /* memory named in a list of controllers */
    fresh();
    put("self", "5:cpu,memory,blkio:/c\n");
    put("memory/c/memory.limit_in_bytes", "10485760\n");
    CHECK_EQ_U64(room(), 10 * MIB, "v1: memory among other controllers");
    /* memory's name inside another's is not it */
    fresh();
    put("self", "5:memoryless,nomemory:/c\n");
    put("memory/c/memory.limit_in_bytes", "10485760\n");
    CHECK_EQ_U64(room(), NONE, "v1: only a controller named memory");
    /* both hierarchies: the least */
    fresh();
    put("self", "4:memory:/m\n0::/u\n");
    put("memory/m/memory.limit_in_bytes", "31457280\n");
    put("u/memory.max", "20971520\n");
    CHECK_EQ_U64(room(), 20 * MIB, "v1 and v2: the least");
}

static void test_bad_files(void)
{
    /* nothing at all */
    fresh();
    CHECK_EQ_U64(room(), NONE, "no self file");
    CHECK_EQ_U64(dmlp__cgroup_memory_at("/nonexistent/self", "/nonexistent"), NONE,
                 "missing folders");
    CHECK_EQ_U64(dmlp__cgroup_memory_at(NULL, NULL), NONE, "NULL paths");
    /* malformed self lines */
    put("self", "garbage\n::\n0:\n:memory:\n4:memory\n0::\n\n");
    put("memory.max", "1048576\n");
    CHECK_EQ_U64(room(), 1 * MIB, "malformed self lines: only 0:: reads the root");
    put("self", "");
    CHECK_EQ_U64(room(), NONE, "an empty self file");
    /* malformed values: ignored where they stand */
    static const char *const bad[] = {"", "\n", "12abc\n", "-5\n", "1.5e9\n", " 100\n",
                                      "100\n200\n", "99999999999999999999999\n", "max \n",
                                      "0x100\n", "MAX\n"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        fresh();
        put("self", "0::/a\n4:memory:/a\n");
        put("a/memory.max", bad[i]);
        put("a/memory.current", bad[i]);
        put("a/memory.stat", bad[i]);
        put("memory/a/memory.limit_in_bytes", bad[i]);
        put("memory/a/memory.usage_in_bytes", "1\n");
        CHECK_EQ_U64(room(), NONE, "malformed value %zu ('%s') ignored", i, bad[i]);
    }
    /* a malformed usage or stat does not hide a good limit */
    fresh();
    put("self", "0::/a\n");
    put("a/memory.max", "8388608\n");
    put("a/memory.current", "junk\n");
    put("a/memory.stat", "inactive_file\ninactive_file x\n\n\n");
    CHECK_EQ_U64(room(), 8 * MIB, "a limit with a malformed usage and stat");
    /* a folder where a file should be, and a self file that is a folder */
    fresh();
    put("self", "0::/a\n");
    put("a/memory.max/x", "1\n");
    CHECK_EQ_U64(room(), NONE, "a folder named memory.max");
    CHECK_EQ_U64(dmlp__cgroup_memory_at(fixture, fixture), NONE, "self is a folder");
    /* a very long path */
    fresh();
    char line[6000] = "0::";
    for (int i = 0; i < 1400; i++)
        strcat(line, "/abc");
    put("self", line);
    CHECK_EQ_U64(room(), NONE, "a path longer than PATH_MAX");
}

/* The machine's limit takes the groups' (DMLP_TEST_CGROUP_ROOT standing for the tree). */
static void test_machine(void)
{
    unsetenv("DMLP_TEST_CGROUP_ROOT");
    uint64_t real = dmlp__memory_limit();
    CHECK(real > 0, "a machine limit");
    fresh();
    put("self", "0::/job\n");
    put("job/memory.max", "314572800\n");
    setenv("DMLP_TEST_CGROUP_ROOT", fixture, 1);
    CHECK_EQ_U64(dmlp__cgroup_memory(), 300 * MIB, "DMLP_TEST_CGROUP_ROOT is read");
    CHECK_EQ_U64(dmlp__memory_limit(), real < 300 * MIB ? real : 300 * MIB,
                 "the machine's limit is the group's");
    unsetenv("DMLP_TEST_CGROUP_ROOT");
}

/* A format's own cap (dmlp__read_fd_at_most): a stream stops one byte past it, a regular
   file is refused by its size, and the budget still binds below it. */
static void test_capped_reads(void)
{
    unsigned char *bytes = NULL;
    size_t size = 0;
    char three_k[3000];
    memset(three_k, 'x', sizeof three_k);
    int ends[2];
    CHECK(pipe(ends) == 0, "pipe");
    CHECK(write(ends[1], three_k, sizeof three_k) == (ssize_t)sizeof three_k, "pipe write");
    close(ends[1]);
    CHECK_STATUS(dmlp__read_fd_at_most(ends[0], 100, "a thing", &bytes, &size),
                 DMLP_ERROR_FORMAT);
    CHECK_CONTAINS(dmlp_last_error(), "goes on past 100 bytes; a thing is at most that");
    char rest[4000];
    CHECK(read(ends[0], rest, sizeof rest) == 3000 - 101, "read no further than the cap + 1");
    close(ends[0]);
    /* within the cap */
    CHECK(pipe(ends) == 0, "pipe");
    CHECK(write(ends[1], three_k, 100) == 100, "pipe write");
    close(ends[1]);
    CHECK_STATUS(dmlp__read_fd_at_most(ends[0], 100, "a thing", &bytes, &size), DMLP_OK);
    CHECK(size == 100, "100 bytes read: %zu", size);
    free(bytes);
    close(ends[0]);
    /* a regular file: by its size, before reading */
    fresh();
    put("f", "0123456789");
    char p[PATH_MAX + 8];
    snprintf(p, sizeof p, "%s/f", fixture);
    CHECK_STATUS(dmlp__read_file_at_most(p, 9, "a thing", &bytes, &size), DMLP_ERROR_FORMAT);
    CHECK_CONTAINS(dmlp_last_error(), "has 10 bytes; a thing is at most 9 bytes");
    CHECK_STATUS(dmlp__read_file_at_most(p, 10, "a thing", &bytes, &size), DMLP_OK);
    CHECK(size == 10 && memcmp(bytes, "0123456789", 10) == 0, "the whole file");
    free(bytes);
    /* the budget below the cap: the stream is refused at the budget, named */
    dmlp__budget_set(1000);
    CHECK(pipe(ends) == 0, "pipe");
    CHECK(write(ends[1], three_k, sizeof three_k) == (ssize_t)sizeof three_k, "pipe write");
    close(ends[1]);
    CHECK_STATUS(dmlp__read_fd_at_most(ends[0], 2000, "a thing", &bytes, &size),
                 DMLP_ERROR_OUT_OF_MEMORY);
    CHECK_CONTAINS(dmlp_last_error(), "the stream goes on past the memory budget, 1000 bytes");
    close(ends[0]);
    dmlp__budget_set(0);
    /* a device is still refused at once */
    CHECK_STATUS(dmlp__read_file_at_most("/dev/zero", 100, "a thing", &bytes, &size),
                 DMLP_ERROR_FORMAT);
    CHECK_CONTAINS(dmlp_last_error(), "is a character device");
}

/* An invalid DMLP_MAX_MEMORY refuses whatever takes from the budget, naming it; the
   library does not fall back to the machine. */
static void test_invalid_env(void)
{
    static const char *const bad[] = {"1e9", "5mb", "5M ", "0x100000", "-1", "0", "abc", "",
                                      "5Mi", "1P", "16777216T", "18446744073709551616",
                                      " 5M", "5K\n"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        setenv("DMLP_MAX_MEMORY", bad[i], 1);
        CHECK_EQ_U64(dmlp__budget(), 0, "'%s': no budget", bad[i]);
        CHECK_STATUS(dmlp__budget_check(), DMLP_ERROR_INVALID_ARGUMENT);
        CHECK_CONTAINS(dmlp_last_error(), "DMLP_MAX_MEMORY is '");
        CHECK_CONTAINS(dmlp_last_error(), "it must be a size such as 2G or 500M");
        uint64_t used = 0;
        CHECK_STATUS(dmlp__budget_take(&used, "x", 0), DMLP_ERROR_INVALID_ARGUMENT);
        CHECK(used == 0, "'%s': nothing taken", bad[i]);
        CHECK_STATUS(dmlp__budget_take(NULL, "x", 1), DMLP_ERROR_INVALID_ARGUMENT);
        CHECK_CONTAINS(dmlp_last_error(), "DMLP_MAX_MEMORY");
    }
    setenv("DMLP_MAX_MEMORY", "5mb", 1);
    CHECK_STATUS(dmlp__budget_check(), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "DMLP_MAX_MEMORY is '5mb'; it must be a size such as 2G");
    /* a stream or a file read to its end asks first, before reading a byte */
    int ends[2];
    CHECK(pipe(ends) == 0, "pipe");
    CHECK(write(ends[1], "abc", 3) == 3, "pipe write");
    close(ends[1]);
    unsigned char *bytes = NULL;
    size_t size = 0;
    CHECK_STATUS(dmlp__read_fd(ends[0], 0, &bytes, &size), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "DMLP_MAX_MEMORY is '5mb'");
    char left[8];
    CHECK(read(ends[0], left, sizeof left) == 3, "nothing read from the stream");
    close(ends[0]);
    /* with a limit of its own the caller bounds the read: the budget is not asked */
    CHECK(pipe(ends) == 0, "pipe");
    CHECK(write(ends[1], "abc", 3) == 3, "pipe write");
    close(ends[1]);
    CHECK_STATUS(dmlp__read_fd(ends[0], 10, &bytes, &size), DMLP_OK);
    free(bytes);
    close(ends[0]);
    /* long or odd values are cut and shown safely */
    char longer[300];
    memset(longer, '7', sizeof longer - 1);
    longer[sizeof longer - 1] = '\0';
    longer[0] = 'x';
    setenv("DMLP_MAX_MEMORY", longer, 1);
    CHECK_STATUS(dmlp__budget_check(), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "77777777...'; it must");
    setenv("DMLP_MAX_MEMORY", "5\x1b[2J", 1);
    CHECK_STATUS(dmlp__budget_check(), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "is '5?[2J'");
    /* a budget chosen by the program (--max-memory) stands above the environment */
    dmlp__budget_set(4096);
    CHECK_STATUS(dmlp__budget_check(), DMLP_OK);
    CHECK_EQ_U64(dmlp__budget(), 4096, "the chosen budget");
    dmlp__budget_set(0);
    /* valid values */
    setenv("DMLP_MAX_MEMORY", "5MB", 1);
    CHECK_STATUS(dmlp__budget_check(), DMLP_OK);
    CHECK_EQ_U64(dmlp__budget(), 5 * MIB, "5MB");
    setenv("DMLP_MAX_MEMORY", "123", 1);
    CHECK_EQ_U64(dmlp__budget(), 123, "123");
    unsetenv("DMLP_MAX_MEMORY");
    CHECK_STATUS(dmlp__budget_check(), DMLP_OK);
    CHECK(dmlp__budget() > 0, "the machine's budget again");
}

int main(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(root, sizeof root, "%s/dmlp-budget-XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
    if (!mkdtemp(root)) {
        printf("test_budget: no temporary folder\n");
        return 1;
    }
    test_v2();
    test_v1();
    test_bad_files();
    test_machine();
    test_capped_reads();
    test_invalid_env();
    char cmd[PATH_MAX + 16];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    if (system(cmd) != 0)
        printf("test_budget: %s left behind\n", root);
    return test_finish("test_budget");
}
