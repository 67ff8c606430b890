/* The `dmlp` command: one table of subcommands. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cli_bench.h"
#include "dmlp.h"
#include "io/budget.h"
#include "io/temps.h"

typedef struct subcommand {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} subcommand;

static const subcommand subcommands[] = {
    {"run", dmlp_cli_run, "run one operator on a .npy file"},
    {"caps", dmlp_cli_caps, "print the support table at a feature level"},
    {"show", dmlp_cli_show, "print .npy files side by side"},
    {"onnx", dmlp_cli_onnx, "run an ONNX model"},
    {"onnx-test", dmlp_cli_onnx_test, "run ONNX backend test folders"},
    {"dispatch", dmlp_cli_dispatch, "run a DxDispatch JSON model"},
    {"bench", dmlp_cli_bench, "measure throughput against the streaming-copy limit"},
};

static void print_help(FILE *to)
{
    fprintf(to, "usage: dmlp <command> [options] [--help]\n\ncommands:\n");
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
        fprintf(to, "  %-10s %s\n", subcommands[i].name, subcommands[i].summary);
    fprintf(to, "\n'dmlp <command> --help' describes a command.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        print_help(stderr);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        print_help(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("dmlp %d.%d.%d\n", DMLP_VERSION_MAJOR, DMLP_VERSION_MINOR, DMLP_VERSION_PATCH);
        return 0;
    }
    /* A DMLP_MAX_MEMORY that is no size is wrong usage, as --max-memory's would be: the
       library would refuse each allocation with the same words. */
    if (dmlp__budget_check() != DMLP_OK) {
        fprintf(stderr, "dmlp: %s\n", dmlp_last_error());
        return 2;
    }
    dmlp__temps_remove_on_signals(); /* what the command writes goes away on a signal */
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
        if (strcmp(argv[1], subcommands[i].name) == 0)
            return subcommands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "dmlp: unknown command '%s'\n", argv[1]);
    print_help(stderr);
    return 2;
}
