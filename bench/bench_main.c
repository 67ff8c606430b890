#include "cli.h"

int dmlp_cli_bench(int argc, char **argv)
{
    (void)argc;
    return dmlp_cli_fail(argv[0], "not built yet");
}
