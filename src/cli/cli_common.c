/* What the subcommands share: their failure and usage messages and --max-memory. */
#include <stdint.h>
#include <stdio.h>

#include "cli.h"
#include "io/budget.h"

int dmlp_cli_fail(const char *what, const char *why)
{
    fprintf(stderr, "dmlp: %s: %s\n", what, why);
    return 1;
}

int dmlp_cli_max_memory(const char *text)
{
    uint64_t bytes;
    if (!dmlp__budget_parse(text, &bytes))
        return 0;
    dmlp__budget_set(bytes);
    return 1;
}

int dmlp_cli_usage(const char *subcommand, const char *message, const char *usage)
{
    if (message)
        fprintf(stderr, "dmlp: %s: %s\n", subcommand, message);
    fprintf(stderr, "%s", usage);
    return 2;
}
