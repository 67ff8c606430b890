/* `dmlp caps`: prints the support table (src/core/support.h) at a feature level, the
   same table the validator reads, one row per operator of the registry. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "core/introspect.h"
#include "dmlp.h"

#define USAGE_LINE "usage: dmlp caps [--feature-level L] [--all] [--tune]\n"

/* On wrong usage: the synopsis only. */
static const char short_usage[] =
    USAGE_LINE "Run 'dmlp caps --help' for the options.\n";

static const char usage[] =
    USAGE_LINE
    "\n"
    "Prints what each operator accepts on a device at feature level L: one row per\n"
    "operator with the level that introduced it, the table row in force at L (a level\n"
    "between two rows uses the lower one), the dimension counts, and the input and\n"
    "output data types. Then the kernels' instruction set and the strategies chosen\n"
    "on this machine by measurement (streaming stores, prefetch, chunk size, Softsign's\n"
    "division method), with what was measured; DMLP_TUNE forces a choice.\n"
    "\n"
    "options:\n"
    "  --feature-level L  1_0 2_0 2_1 3_0 3_1 4_0 4_1 5_0 5_1 5_2 6_0 6_1 6_2 6_3 6_4\n"
    "                     (default), or ext = 6_4 with dmlp's extension types (marked *)\n"
    "  --all              the table at every level (with --feature-level ext: every\n"
    "                     level with the extension types)\n"
    "  --tune             measure the choices now if they are not yet known (the first\n"
    "                     operator of 1 MiB or more, or any Softsign, measures them)\n"
    "  -h, --help         this text\n";

/* The input types column wraps at this width. */
#define TYPES_WIDTH 40

static int has_type(const dmlp__support *s, DML_TENSOR_DATA_TYPE type)
{
    for (uint32_t t = 0; t < s->type_count; t++)
        if (s->input_types[t] == type)
            return 1;
    return 0;
}

/* Splits the type list into lines of at most TYPES_WIDTH characters; types that only
   the extensions add (those missing from `plain`) get a '*'. */
static int type_lines(const dmlp__support *s, const dmlp__support *plain,
                      char lines[][TYPES_WIDTH + 16], int max_lines)
{
    int n = 0;
    lines[0][0] = '\0';
    for (uint32_t t = 0; t < s->type_count; t++) {
        char word[32];
        snprintf(word, sizeof word, "%s%s", dmlp__type_name(s->input_types[t]),
                 has_type(plain, s->input_types[t]) ? "" : "*");
        size_t used = strlen(lines[n]);
        if (used && used + 1 + strlen(word) > TYPES_WIDTH && n + 1 < max_lines) {
            lines[++n][0] = '\0';
            used = 0;
        }
        snprintf(lines[n] + used, TYPES_WIDTH + 16 - used, "%s%s", used ? " " : "", word);
    }
    return n + 1;
}

static void print_table(uint32_t level, int extensions)
{
    printf("Feature level %s%s:\n", extensions ? "ext = " : "", dmlp__feature_level_name(level));
    printf("  %-38s %-10s %-4s %-10s %-*s %s\n", "operator (dmlp run NAME)", "introduced",
           "row", "dimensions", TYPES_WIDTH, "input types", "output");
    for (uint32_t i = 0; i < dmlp__op_count(); i++) {
        const dmlp__op_def *def = dmlp__op_at(i);
        DML_OPERATOR_TYPE op = def->type;
        char name[64], dims[16];
        snprintf(name, sizeof name, "%s (%s)", def->name, def->cli_name);
        const char *introduced = dmlp__feature_level_name(dmlp__operator_introduced(op));
        dmlp__support s, plain;
        memset(&plain, 0, sizeof plain); /* an extension operator: every type marked */
        if (!extensions && dmlp__operator_is_extension(op)) {
            printf("  %-38s %-10s %-4s an extension operator (--feature-level ext)\n", name,
                   introduced, "-");
            continue;
        }
        if (!dmlp__support_get(op, level, extensions != 0, &s) ||
            (!dmlp__operator_is_extension(op) && !dmlp__support_get(op, level, false, &plain))) {
            printf("  %-38s %-10s %-4s not available below %s\n", name, introduced, "-",
                   introduced);
            continue;
        }
        if (s.min_dims == s.max_dims)
            snprintf(dims, sizeof dims, "%u", s.min_dims);
        else
            snprintf(dims, sizeof dims, "%u to %u", s.min_dims, s.max_dims);
        char lines[8][TYPES_WIDTH + 16];
        int count = type_lines(&s, &plain, lines, 8);
        char own[96] = "";
        for (uint32_t t = 0; t < s.output_type_count; t++) /* "UINT32, UINT8" */
            snprintf(own + strlen(own), sizeof own - strlen(own), "%s%s%s", t ? ", " : "",
                     dmlp__type_name(s.output_types[t]),
                     t < plain.output_type_count ? "" : "*");
        const char *output = s.output_type_count ? own
                             : s.output_type == DML_TENSOR_DATA_TYPE_UNKNOWN ? "the input's type"
                             : s.output_type == DMLP__OUTPUT_LISTED ? "any of the input types"
                                                                    : dmlp__type_name(s.output_type);
        printf("  %-38s %-10s %-4s %-10s %-*s %s\n", name, introduced,
               dmlp__feature_level_name(s.row_level), dims, TYPES_WIDTH, lines[0], output);
        for (int k = 1; k < count; k++)
            printf("  %-38s %-10s %-4s %-10s %s\n", "", "", "", "", lines[k]);
        for (uint32_t k = 0; k < dmlp__op_input_count(def); k++) { /* "ConditionTensor: UINT8" */
            if (s.own_type_count[k] == 0)
                continue;
            char types[96] = "";
            for (uint32_t t = 0; t < s.own_type_count[k]; t++) /* extensions come last */
                snprintf(types + strlen(types), sizeof types - strlen(types), "%s%s%s",
                         t ? " " : "", dmlp__type_name(s.own_types[k][t]),
                         t < plain.own_type_count[k] ? "" : "*");
            printf("  %-38s %-10s %-4s %-10s %s: %s\n", "", "", "", "",
                   dmlp__op_input(def, k)->name, types);
        }
    }
}

int dmlp_cli_caps(int argc, char **argv)
{
    uint32_t level = DMLP__FEATURE_LEVEL_HIGHEST;
    int extensions = 0, all = 0, level_given = 0, tune = 0;
    char message[256];
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *value = NULL;
        if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
            fputs(usage, stdout);
            return 0;
        }
        if (strcmp(arg, "--all") == 0) {
            all = 1;
            continue;
        }
        if (strcmp(arg, "--tune") == 0) {
            tune = 1;
            continue;
        }
        if (strncmp(arg, "--feature-level=", 16) == 0) {
            value = arg + 16;
        } else if (strcmp(arg, "--feature-level") == 0) {
            if (i + 1 >= argc)
                return dmlp_cli_usage("caps", "--feature-level needs a value", short_usage);
            value = argv[++i];
        } else {
            snprintf(message, sizeof message, "unknown argument '%s'", arg);
            return dmlp_cli_usage("caps", message, short_usage);
        }
        level_given = 1;
        extensions = strcmp(value, "ext") == 0;
        if (extensions)
            level = DMLP__FEATURE_LEVEL_HIGHEST;
        else if (!dmlp__feature_level_parse(value, &level)) {
            snprintf(message, sizeof message, "--feature-level is '%s'; use 1_0 ... 6_4 or ext",
                     value);
            return dmlp_cli_usage("caps", message, short_usage);
        }
    }
    if (all && level_given && !extensions)
        return dmlp_cli_usage("caps", "--all prints every level; it takes only "
                                      "--feature-level ext", short_usage);

    printf("dmlp support table (DirectML's rules%s)\n\n",
           extensions ? " plus dmlp's extension types, marked *" : "");
    if (all) {
        for (uint32_t i = 0; i < dmlp__feature_level_count(); i++) {
            print_table(dmlp__feature_level_at(i), extensions);
            printf("\n");
        }
    } else {
        print_table(level, extensions);
        printf("\n");
    }
    printf("row: the table row in force (a level between two rows uses the lower one).\n"
           "Input and output have the same dimension count and sizes.\n");
    if (extensions)
        printf("* an extension: accepted only on a device created with "
               "DMLP_DEVICE_FLAG_EXTENSIONS.\n");
    printf("\nKernels: %s (the best this CPU runs, capped by DMLP_ISA).\n",
           dmlp__introspect_isa());
    if (tune)
        dmlp__introspect_tune();
    char text[4096];
    dmlp__introspect_tune_describe(text, sizeof text);
    printf("Chosen on this machine%s:\n%s", tune ? "" : " (dmlp caps --tune measures now)",
           text);
    return 0;
}
