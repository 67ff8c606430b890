/* dxdispatch: the `dmlp dispatch` command line: the examples print their documented
   output, failures exit 1 with "dmlp: MODEL: why", wrong usage exits 2. The program
   under test is $DMLP. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "test_util.h"

/* CHECK_EQ_U64 that names the expression it checks */
#define CHECK_U64(actual, expected) CHECK_EQ_U64(actual, expected, "%s", #actual)

static const char *dmlp;
static char out[1 << 16], err[1 << 16];

static void slurp(const char *path, char *buf, size_t cap)
{
    FILE *f = fopen(path, "rb");
    size_t n = f ? fread(buf, 1, cap - 1, f) : 0;
    buf[n] = '\0';
    if (f)
        fclose(f);
}

/* Runs `dmlp dispatch ARGS`; returns the exit status, output in out and err. */
static int run(const char *args)
{
    char command[2048];
    snprintf(command, sizeof command, "'%s' dispatch %s >dx_cli_out.txt 2>dx_cli_err.txt",
             dmlp, args);
    int status = system(command);
    slurp("dx_cli_out.txt", out, sizeof out);
    slurp("dx_cli_err.txt", err, sizeof err);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Replaces "0.0123 ms median" by "X ms median". */
static void normalize(char *text)
{
    char *p = text;
    while ((p = strstr(p, " ms median")) != NULL) {
        char *start = p;
        while (start > text && (start[-1] == '.' || (start[-1] >= '0' && start[-1] <= '9')))
            start--;
        if (start < p) {
            *start = 'X';
            memmove(start + 1, p, strlen(p) + 1);
            p = start + 1;
        } else {
            p++;
        }
    }
}

static void check_example(const char *name)
{
    char args[1024], path[1024], expected[1 << 14];
    snprintf(args, sizeof args, "'%s/%s.json'", DX_EXAMPLES_DIR, name);
    CHECK_EQ_U64(run(args), 0, "%s: %s", name, err);
    normalize(out);
    snprintf(path, sizeof path, "%s/expected/example_%s.txt", DX_TEST_DIR, name);
    slurp(path, expected, sizeof expected);
    CHECK(expected[0] != '\0', "no expected text in %s", path);
    if (strcmp(out, expected) != 0)
        fprintf(stderr, "--- expected %s\n%s--- actual\n%s---\n", path, expected, out);
    CHECK(strcmp(out, expected) == 0, "%s prints the expected text", name);
    CHECK(err[0] == '\0', "%s wrote to stderr: %s", name, err);
}

int main(void)
{
    dmlp = getenv("DMLP");
    if (!dmlp || !dmlp[0]) {
        fprintf(stderr, "DMLP (the dmlp program) is not set\n");
        return TEST_SKIP;
    }
    check_example("sign");
    check_example("softsign");
    check_example("isinf");
    check_example("features");

    /* -i N: the dispatch runs N times, one timing line */
    CHECK_EQ_U64(run("-i 5 '" DX_EXAMPLES_DIR "/sign.json'"), 0, "%s", err);
    CHECK_CONTAINS(out, "Dispatch 'sign': 5 iterations, ");
    CHECK_CONTAINS(out, " ms median (CPU)\n");

    /* --feature-level: Sign needs 2_0 */
    CHECK_U64(run("--feature-level 1_0 '" DX_EXAMPLES_DIR "/sign.json'"), 1);
    CHECK_CONTAINS(err, "dmlp: " DX_EXAMPLES_DIR "/sign.json: dispatchables.sign: ");
    CHECK_CONTAINS(err, "2_0");
    CHECK(out[0] == '\0', "nothing printed before a refusal: %s", out);
    CHECK_EQ_U64(run("--feature-level 3_0 '" DX_EXAMPLES_DIR "/sign.json'"), 0, "%s", err);

    /* failures: exit 1, "dmlp: MODEL: why" */
    CHECK_U64(run("dx_no_such_model.json"), 1);
    CHECK_CONTAINS(err, "dmlp: dx_no_such_model.json: ");
    FILE *f = fopen("dx_cli_bad.json", "w");
    if (f) {
        fputs("{\n  \"resources\": {},\n  \"dispatchables\": {,\n}", f);
        fclose(f);
    }
    CHECK_U64(run("dx_cli_bad.json"), 1);
    CHECK_CONTAINS(err, "dmlp: dx_cli_bad.json: line 3, column 22: JSON syntax error\n");
    f = fopen("dx_cli_bad.json", "w");
    if (f) {
        fputs("{\"resources\": {}, \"dispatchables\": {\"x\": {\"type\": \"hlsl\"}}, "
              "\"commands\": []}",
              f);
        fclose(f);
    }
    CHECK_U64(run("dx_cli_bad.json"), 1);
    CHECK_CONTAINS(err, "dmlp: dx_cli_bad.json: dispatchables.x.type: 'hlsl' dispatchables are "
                        "not supported by dmlp");

    /* usage: exit 2 */
    CHECK_U64(run(""), 2);
    CHECK_CONTAINS(err, "usage: dmlp dispatch");
    CHECK_U64(run("-i 0 x.json"), 2);
    CHECK_U64(run("-i 1000001 x.json"), 2);
    CHECK_U64(run("-i"), 2);
    CHECK_U64(run("--feature-level 9_9 x.json"), 2);
    CHECK_U64(run("--frobnicate x.json"), 2);
    CHECK_CONTAINS(err, "unknown option '--frobnicate'");
    CHECK_U64(run("a.json b.json"), 2);
    CHECK_U64(run("--help"), 0);
    CHECK_CONTAINS(out, "usage: dmlp dispatch [-i N] [--feature-level L] [--confine DIR]");
    return test_finish("test_dx_cli");
}
