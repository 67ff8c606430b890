/* `dmlp dispatch [-i N] [--feature-level L] MODEL.json`: runs a DxDispatch model. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "core/introspect.h"
#include "dmlp.h"
#include "dxdispatch/dxdispatch.h"

static const char usage[] =
    "usage: dmlp dispatch [-i N] [--feature-level L] [--confine DIR] [--max-memory SIZE]\n"
    "                     MODEL.json\n"
    "  runs a DxDispatch JSON model (resources, dispatchables, commands)\n"
    "  -i N                 run each dispatch N times (default 1) and print the median time\n"
    "  --feature-level L    validate at DirectML feature level L: 1_0 2_0 2_1 3_0 3_1 4_0\n"
    "                       4_1 5_0 5_1 5_2 6_0 6_1 6_2 6_3 6_4 (default 6_4)\n"
    "  --confine DIR        every sourcePath and targetPath must resolve inside DIR (no\n"
    "                       '..' or symbolic link out of it); checked before anything runs\n"
    "  --max-memory SIZE    the most memory the model's buffers may ask for (bytes, or\n"
    "                       with K M G T); default: the least of the physical memory,\n"
    "                       the address-space limit and the memory cgroup's room\n"
    "                       (DMLP_MAX_MEMORY)\n"
    "  writeFile outputs appear together when every command has run, or none of them.\n";

/* A named level ("2_0"), as the other commands take it (not "ext": DxDispatch models
   hold DirectML's types only). */
static int parse_level(const char *text, DML_FEATURE_LEVEL *level)
{
    uint32_t value;
    for (uint32_t i = 0; i < dmlp__feature_level_count(); i++)
        if (strcmp(text, dmlp__feature_level_name(dmlp__feature_level_at(i))) == 0 &&
            dmlp__feature_level_parse(text, &value)) {
            *level = (DML_FEATURE_LEVEL)value;
            return 1;
        }
    return 0;
}

static int parse_count(const char *text, uint32_t *count)
{
    char *end;
    if (text[0] < '0' || text[0] > '9')
        return 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (*end || v < 1 || v > 1000000ull)
        return 0;
    *count = (uint32_t)v;
    return 1;
}

int dmlp_cli_dispatch(int argc, char **argv)
{
    const char *model_path = NULL, *confine_dir = NULL;
    dmlp__dx_run_options options = {NULL, DMLP__FEATURE_LEVEL_HIGHEST, 1, stdout};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(usage, stdout);
            return 0;
        }
        if (strcmp(a, "-i") == 0 || strcmp(a, "--iterations") == 0) {
            if (++i == argc || !parse_count(argv[i], &options.iterations))
                return dmlp_cli_usage(argv[0], "-i needs a count from 1 to 1000000", usage);
        } else if (strcmp(a, "--feature-level") == 0) {
            if (++i == argc || !parse_level(argv[i], &options.feature_level))
                return dmlp_cli_usage(argv[0], "--feature-level needs a level such as 6_4",
                                      usage);
        } else if (strcmp(a, "--confine") == 0) {
            if (++i == argc)
                return dmlp_cli_usage(argv[0], "--confine needs a folder", usage);
            confine_dir = argv[i];
        } else if (strcmp(a, "--max-memory") == 0) {
            if (++i == argc || !dmlp_cli_max_memory(argv[i]))
                return dmlp_cli_usage(argv[0], "--max-memory needs a size such as 2G or 500M",
                                      usage);
        } else if (a[0] == '-' && a[1] != '\0') {
            char message[128];
            snprintf(message, sizeof message, "unknown option '%.64s'", a);
            return dmlp_cli_usage(argv[0], message, usage);
        } else if (model_path) {
            return dmlp_cli_usage(argv[0], "one model at a time", usage);
        } else {
            model_path = a;
        }
    }
    if (!model_path)
        return dmlp_cli_usage(argv[0], "no model given", usage);

    dmlp__confine confine = {-1, NULL, 0};
    if (confine_dir && dmlp__confine_open(confine_dir, &confine) != DMLP_OK)
        return dmlp_cli_fail(confine_dir, dmlp_last_error());
    dmlp__dx_model *model = NULL;
    dmlp_status s =
        dmlp__dx_model_load_confined(model_path, confine_dir ? &confine : NULL, &model);
    if (s == DMLP_OK)
        s = dmlp__dx_model_run(model, &options);
    dmlp__dx_model_free(model);
    dmlp__confine_close(&confine);
    fflush(stdout);
    if (s != DMLP_OK)
        return dmlp_cli_fail(model_path, dmlp_last_error());
    return 0;
}
