/* test_io_unit: the file layer's pieces through their C interfaces: the output writer
   and its sets (commit, abort, refusals, links, long names), the temporary-file list a
   signal handler walks, the memory budget and its parser, bounded reading, and both ways
   of opening beneath a folder (openat2 and the portable walk) against escapes. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "io/budget.h"
#include "io/file.h"
#include "io/npy.h"
#include "platform/files.h"
#include "io/output.h"
#include "io/temps.h"
#include "test_util.h"

static char work[512];

static void path_in(char *out, const char *name)
{
    snprintf(out, PATH_MAX, "%s/%s", work, name);
}

static void put(const char *name, const char *text)
{
    char p[PATH_MAX];
    path_in(p, name);
    FILE *f = fopen(p, "wb");
    fputs(text, f);
    fclose(f);
}

/* The file's content (up to 255 bytes) or "" if missing. */
static const char *get(const char *path)
{
    static char buf[256];
    buf[0] = '\0';
    FILE *f = fopen(path, "rb");
    if (!f)
        return buf;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* Entries whose name starts with ".dmlp" in dir: temporaries left behind. */
static int temps_in(const char *dir)
{
    char cmd[PATH_MAX + 64];
    snprintf(cmd, sizeof cmd, "ls -A '%s' | grep -c '^\\.dmlp' > /dev/null", dir);
    return system(cmd) == 0;
}

static dmlp_status write_text(const char *path, const char *text)
{
    dmlp__piece piece = {text, strlen(text)};
    return dmlp__write_file(path, &piece, 1);
}

static void test_writer(void)
{
    char p[PATH_MAX], q[PATH_MAX];
    path_in(p, "plain.txt");
    CHECK_STATUS(write_text(p, "one"), DMLP_OK);
    CHECK(strcmp(get(p), "one") == 0, "new file");
    chmod(p, 0640);
    CHECK_STATUS(write_text(p, "two"), DMLP_OK);
    struct stat st;
    stat(p, &st);
    CHECK(strcmp(get(p), "two") == 0 && (st.st_mode & 0777) == 0640,
          "replaced, mode kept: %o", (unsigned)(st.st_mode & 0777));

    /* a chain of links: the last file gets the content, the links stay */
    path_in(p, "real.txt");
    put("real.txt", "old");
    path_in(q, "link1");
    CHECK(symlink("real.txt", q) == 0, "symlink");
    path_in(q, "link2");
    CHECK(symlink("link1", q) == 0, "symlink");
    CHECK_STATUS(write_text(q, "via links"), DMLP_OK);
    CHECK(strcmp(get(p), "via links") == 0, "the link's file is written: %s", get(p));
    CHECK(lstat(q, &st) == 0 && S_ISLNK(st.st_mode), "link2 is still a link");
    /* a dangling link creates what it names */
    path_in(q, "dangling");
    CHECK(symlink("created.txt", q) == 0, "symlink");
    CHECK_STATUS(write_text(q, "made"), DMLP_OK);
    path_in(p, "created.txt");
    CHECK(strcmp(get(p), "made") == 0, "dangling link's file created");
    /* a loop of links */
    path_in(p, "loopa");
    path_in(q, "loopb");
    CHECK(symlink("loopb", p) == 0 && symlink("loopa", q) == 0, "symlinks");
    CHECK_STATUS(write_text(p, "x"), DMLP_ERROR_IO);
    CHECK_CONTAINS(dmlp_last_error(), strerror(ELOOP));

    /* refused kinds, left as they are */
    path_in(p, "folder");
    mkdir(p, 0777);
    CHECK_STATUS(write_text(p, "x"), DMLP_ERROR_IO);
    CHECK_CONTAINS(dmlp_last_error(), "is a folder; dmlp replaces regular files only");
    CHECK(stat(p, &st) == 0 && S_ISDIR(st.st_mode), "folder kept");
    path_in(p, "fifo");
    CHECK(mkfifo(p, 0666) == 0, "mkfifo");
    CHECK_STATUS(write_text(p, "x"), DMLP_ERROR_IO);
    CHECK_CONTAINS(dmlp_last_error(), "is a FIFO (named pipe)");
    CHECK(stat(p, &st) == 0 && S_ISFIFO(st.st_mode), "fifo kept");
    path_in(q, "to_fifo");
    symlink("fifo", q);
    CHECK_STATUS(write_text(q, "x"), DMLP_ERROR_IO);
    CHECK_CONTAINS(dmlp_last_error(), "the symbolic link leads to");
    CHECK_CONTAINS(dmlp_last_error(), "fifo', which is a FIFO");
    path_in(p, "sock");
    int s = socket(AF_UNIX, SOCK_STREAM, 0);
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    if (strlen(p) < sizeof addr.sun_path) {
        strcpy(addr.sun_path, p);
        CHECK(bind(s, (struct sockaddr *)&addr, sizeof addr) == 0, "bind");
        CHECK_STATUS(write_text(p, "x"), DMLP_ERROR_IO);
        CHECK_CONTAINS(dmlp_last_error(), "is a socket");
        CHECK(stat(p, &st) == 0 && S_ISSOCK(st.st_mode), "socket kept");
    }
    close(s);
    path_in(p, "no/such/folder/x");
    CHECK_STATUS(write_text(p, "x"), DMLP_ERROR_IO);
    CHECK(strcmp(dmlp_last_error(), "cannot create: No such file or directory") == 0, "%s",
          dmlp_last_error());
    CHECK_STATUS(write_text("", "x"), DMLP_ERROR_INVALID_ARGUMENT);
    path_in(p, "folder/");
    CHECK_STATUS(write_text(p, "x"), DMLP_ERROR_IO);

    /* the longest legal name: the temporary's short name still fits */
    char name[256];
    memset(name, 'n', 255);
    name[255] = '\0';
    path_in(p, name);
    CHECK_STATUS(write_text(p, "long"), DMLP_OK);
    CHECK(strcmp(get(p), "long") == 0, "255-byte name");
    CHECK(!temps_in(work), "no temporary left");
}

static void test_sets(void)
{
    char a[PATH_MAX], b[PATH_MAX], bad[PATH_MAX];
    path_in(a, "set_a");
    path_in(b, "set_b");
    path_in(bad, "folder");
    put("set_a", "old a");
    dmlp__piece one = {"new a", 5}, two = {"new b", 5};

    /* a failure in the second output: the first target keeps its old content */
    dmlp__outputs set;
    dmlp__outputs_init(&set, NULL);
    CHECK_STATUS(dmlp__outputs_add(&set, a, &one, 1), DMLP_OK);
    CHECK(temps_in(work), "the first output is a temporary until the commit");
    CHECK_STATUS(dmlp__outputs_add(&set, bad, &two, 1), DMLP_ERROR_IO);
    dmlp__outputs_free(&set);
    CHECK(strcmp(get(a), "old a") == 0, "old content kept: %s", get(a));
    CHECK(!temps_in(work), "temporaries removed on abort");

    /* two outputs in one folder share its descriptor: a failure after both removes both
       temporaries (the descriptor is closed only after the last one) */
    dmlp__outputs_init(&set, NULL);
    CHECK_STATUS(dmlp__outputs_add(&set, a, &one, 1), DMLP_OK);
    CHECK_STATUS(dmlp__outputs_add(&set, b, &two, 1), DMLP_OK);
    CHECK_STATUS(dmlp__outputs_add(&set, bad, &two, 1), DMLP_ERROR_IO);
    dmlp__outputs_free(&set);
    CHECK(strcmp(get(a), "old a") == 0 && !get(b)[0], "nothing renamed");
    CHECK(!temps_in(work), "both temporaries removed on abort");

    /* a target that became a FIFO between add and commit: nothing renamed */
    dmlp__outputs_init(&set, NULL);
    CHECK_STATUS(dmlp__outputs_add(&set, a, &one, 1), DMLP_OK);
    CHECK_STATUS(dmlp__outputs_add(&set, b, &two, 1), DMLP_OK);
    CHECK(mkfifo(b, 0666) == 0, "mkfifo");
    const char *failed = NULL;
    CHECK_STATUS(dmlp__outputs_commit(&set, &failed), DMLP_ERROR_IO);
    CHECK(failed && strcmp(failed, b) == 0, "the failed path is named");
    dmlp__outputs_free(&set);
    CHECK(strcmp(get(a), "old a") == 0, "no rename when a target fails the check");
    CHECK(!temps_in(work), "temporaries removed");
    unlink(b);

    /* success: both, and a later output to the same target wins */
    dmlp__outputs_init(&set, NULL);
    CHECK_STATUS(dmlp__outputs_add(&set, a, &one, 1), DMLP_OK);
    CHECK_STATUS(dmlp__outputs_add(&set, b, &two, 1), DMLP_OK);
    CHECK_STATUS(dmlp__outputs_add(&set, a, &two, 1), DMLP_OK);
    CHECK(!get(b)[0], "nothing before the commit");
    CHECK_STATUS(dmlp__outputs_commit(&set, NULL), DMLP_OK);
    dmlp__outputs_free(&set);
    CHECK(strcmp(get(a), "new b") == 0 && strcmp(get(b), "new b") == 0, "committed");
    CHECK(!temps_in(work), "no temporary left");

    CHECK_STATUS(dmlp__output_check(a, NULL), DMLP_OK);
    CHECK_STATUS(dmlp__output_check(bad, NULL), DMLP_ERROR_IO);
    path_in(bad, "missing/x");
    CHECK_STATUS(dmlp__output_check(bad, NULL), DMLP_ERROR_IO);
}

static void test_temps(void)
{
    char p[PATH_MAX];
    int dir = dmlp__dir_open(work);
    dmlp__temp *temps[150];
    /* more than one block of slots */
    for (int i = 0; i < 150; i++) {
        char name[32];
        snprintf(name, sizeof name, ".dmlp-test.%d", i);
        path_in(p, name);
        put(name, "t");
        temps[i] = dmlp__temp_register(dir, name);
        CHECK(temps[i] != NULL, "register %d", i);
    }
    dmlp__temp_unregister(temps[7]);
    dmlp__temps_remove_all();
    path_in(p, ".dmlp-test.7");
    CHECK(access(p, F_OK) == 0, "an unregistered file is not removed");
    path_in(p, ".dmlp-test.149");
    CHECK(access(p, F_OK) != 0, "a registered file is removed");
    for (int i = 0; i < 150; i++)
        dmlp__temp_unregister(temps[i]);
    path_in(p, ".dmlp-test.7");
    unlink(p);
    close(dir);
    CHECK(!dmlp__temps_signal_held(15), "nothing held");
    dmlp__temps_hold();
    CHECK(dmlp__temps_signal_held(0), "held: the signal waits"); /* 0: raise(0) is harmless */
    dmlp__temps_release();
}

static void test_budget(void)
{
    uint64_t v = 0;
    CHECK(dmlp__budget_parse("123", &v) && v == 123, "plain");
    CHECK(dmlp__budget_parse("2K", &v) && v == 2048, "K");
    CHECK(dmlp__budget_parse("3MiB", &v) && v == 3u << 20, "MiB");
    CHECK(dmlp__budget_parse("1g", &v) && v == 1u << 30, "g");
    CHECK(dmlp__budget_parse("5TB", &v) && v == UINT64_C(5) << 40, "TB");
    CHECK(!dmlp__budget_parse("0", &v), "0 refused");
    CHECK(!dmlp__budget_parse("-1", &v) && !dmlp__budget_parse("1X", &v) &&
              !dmlp__budget_parse("", &v) && !dmlp__budget_parse("99999999999999999999", &v) &&
              !dmlp__budget_parse("16777216T", &v),
          "junk refused");
    CHECK(dmlp__budget() > 0, "a default budget");
    dmlp__budget_set(1000);
    uint64_t used = 0;
    CHECK_STATUS(dmlp__budget_take(&used, "first", 600), DMLP_OK);
    CHECK_STATUS(dmlp__budget_take(&used, "second", 600), DMLP_ERROR_OUT_OF_MEMORY);
    CHECK_CONTAINS(dmlp_last_error(), "second asks for 600 bytes on top of 600 bytes already");
    CHECK_CONTAINS(dmlp_last_error(), "the memory budget is 1000 bytes");
    CHECK_STATUS(dmlp__budget_take(NULL, "x", 5000), DMLP_ERROR_OUT_OF_MEMORY);
    CHECK_CONTAINS(dmlp_last_error(), "x asks for 5000 bytes (4.9 KiB); the memory budget is 1000");

    /* reading under the budget: a regular file and a stream */
    char p[PATH_MAX];
    path_in(p, "big.txt");
    FILE *f = fopen(p, "wb");
    for (int i = 0; i < 3000; i++)
        fputc('x', f);
    fclose(f);
    unsigned char *bytes = NULL;
    size_t size = 0;
    CHECK_STATUS(dmlp__read_file(p, 0, &bytes, &size), DMLP_ERROR_OUT_OF_MEMORY);
    CHECK_CONTAINS(dmlp_last_error(), "the file asks for 3000 bytes");
    /* a pipe is read to its end, within the budget */
    int ends[2];
    CHECK(pipe(ends) == 0, "pipe");
    char three_k[3000];
    memset(three_k, 'x', sizeof three_k);
    CHECK(write(ends[1], three_k, sizeof three_k) == (ssize_t)sizeof three_k, "pipe write");
    close(ends[1]);
    CHECK_STATUS(dmlp__read_fd(ends[0], 0, &bytes, &size), DMLP_ERROR_OUT_OF_MEMORY);
    CHECK_CONTAINS(dmlp_last_error(), "the stream goes on past the memory budget, 1000 bytes");
    close(ends[0]);
    /* a device without a limit is refused before anything is read: /dev/zero never ends */
    CHECK_STATUS(dmlp__read_file("/dev/zero", 0, &bytes, &size), DMLP_ERROR_FORMAT);
    CHECK_CONTAINS(dmlp_last_error(), "is a character device: nothing says how much of it");
    CHECK_STATUS(dmlp__read_file("/dev/zero", 100, &bytes, &size), DMLP_OK);
    CHECK(size == 101, "a limit stops a stream one byte past it: %zu", size);
    free(bytes);
    dmlp__npy npy;
    CHECK_STATUS(dmlp__npy_read_file("/dev/zero", &npy), DMLP_ERROR_FORMAT);
    CHECK_CONTAINS(dmlp_last_error(), "no \\x93NUMPY magic");
    /* a header announcing more than the budget: refused before reading the payload */
    uint64_t shape[1] = {1000};
    path_in(p, "t.npy");
    dmlp__budget_set(0);
    float data[1000] = {0};
    CHECK_STATUS(dmlp__npy_write_file(p, DML_TENSOR_DATA_TYPE_FLOAT32, 0, 1, shape, data),
                 DMLP_OK);
    dmlp__budget_set(3999);
    CHECK_STATUS(dmlp__npy_read_file(p, &npy), DMLP_ERROR_OUT_OF_MEMORY);
    CHECK_CONTAINS(dmlp_last_error(), "the tensor's data asks for 4000 bytes");
    dmlp__budget_set(4000);
    CHECK_STATUS(dmlp__npy_read_file(p, &npy), DMLP_OK);
    dmlp__npy_free(&npy);
    dmlp__budget_set(0);
}

typedef int (*opener)(int base, const char *relative, int flags);

static void test_beneath(opener open_beneath, const char *which)
{
    char p[PATH_MAX], q[PATH_MAX];
    path_in(p, "jail");
    mkdir(p, 0777);
    path_in(p, "jail/sub");
    mkdir(p, 0777);
    put("jail/sub/in.txt", "inside");
    put("outside.txt", "outside");
    path_in(q, "jail/out_link");
    symlink("../outside.txt", q);
    path_in(q, "jail/abs_link");
    symlink("/etc", q);
    path_in(q, "jail/sub/up");
    symlink("..", q);
    path_in(p, "jail");
    int base = dmlp__dir_open(p);
    int fd = open_beneath(base, "sub/in.txt", O_RDONLY);
    CHECK(fd >= 0, "%s: inside opens", which);
    if (fd >= 0)
        close(fd);
    fd = open_beneath(base, "sub//./in.txt", O_RDONLY);
    CHECK(fd >= 0, "%s: '//' and '.' inside", which);
    if (fd >= 0)
        close(fd);
    const char *escapes[] = {"../outside.txt", "sub/../../outside.txt", "out_link",
                             "abs_link/hostname", "/etc/hostname"};
    for (size_t i = 0; i < sizeof escapes / sizeof escapes[0]; i++) {
        errno = 0;
        fd = open_beneath(base, escapes[i], O_RDONLY);
        CHECK(fd < 0 && errno == EXDEV, "%s: '%s' refused (fd %d, %s)", which, escapes[i], fd,
              strerror(errno));
        if (fd >= 0)
            close(fd);
    }
    errno = 0;
    fd = open_beneath(base, "sub/missing", O_RDONLY);
    CHECK(fd < 0 && errno == ENOENT, "%s: a missing file is ENOENT", which);
    close(base);
}

int main(void)
{
    snprintf(work, sizeof work, "%s/dmlp-io-unit.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(work)) {
        fprintf(stderr, "test_io_unit: cannot make a folder\n");
        return 1;
    }
    test_writer();
    test_sets();
    test_temps();
    test_budget();
    test_beneath(dmlp__open_beneath_walk, "walk");
    if (dmlp__has_openat2())
        test_beneath(dmlp__open_beneath, "openat2");
    else
        printf("test_io_unit: this kernel has no openat2; only the portable walk was tested\n");
    char cmd[PATH_MAX + 16];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", work);
    if (system(cmd) != 0)
        fprintf(stderr, "test_io_unit: could not remove %s\n", work);
    return test_finish("test_io_unit");
}
