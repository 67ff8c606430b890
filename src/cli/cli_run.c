/* `dmlp run`: one operator on one .npy file, through the public API exactly as a
   DirectML program would call it. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "core/introspect.h"
#include "dmlp.h"
#include "io/budget.h"
#include "io/npy.h"

/* The usage text, with the operators from the registry: the synopsis (all that wrong
   usage prints) and the rest (--help). */
static void usage_line(char *text, size_t capacity)
{
    char names[1024];
    snprintf(text, capacity,
             "usage: dmlp run %s [options] IN.npy OUT.npy\n"
             "       (two-input operators: dmlp run OP [options] A.npy B.npy OUT.npy;\n"
             "        more: one file per input, e.g. dmlp run if COND.npy A.npy B.npy OUT.npy)\n",
             dmlp__op_names(names, sizeof names, DMLP__OP_NAME_CLI, "|", "|"));
}

static const char *short_usage(void)
{
    static _Thread_local char text[1536];
    usage_line(text, sizeof text);
    size_t n = strlen(text);
    snprintf(text + n, sizeof text - n, "Run 'dmlp run --help' for the options.\n");
    return text;
}

/* Names of the operators a predicate picks, in table order: "isinf", "identity and abs". */
static void ops_where(bool (*pick)(const dmlp__op_def *, dmlp__field_kind), dmlp__field_kind kind,
                      char *text, size_t capacity)
{
    size_t used = 0, count = 0, listed = 0;
    text[0] = '\0';
    for (uint32_t i = 0; i < dmlp__op_count(); i++)
        count += pick(dmlp__op_at(i), kind);
    for (uint32_t i = 0; i < dmlp__op_count() && used < capacity; i++) {
        const dmlp__op_def *def = dmlp__op_at(i);
        if (!pick(def, kind))
            continue;
        const char *sep = listed == 0 ? "" : listed + 1 == count ? " and " : ", ";
        listed++;
        int n = snprintf(text + used, capacity - used, "%s%s", sep, def->cli_name);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}

static bool has_field(const dmlp__op_def *def, dmlp__field_kind kind)
{
    return dmlp__op_field(def, kind) != NULL;
}

static bool bool_result(const dmlp__op_def *def, dmlp__field_kind kind)
{
    (void)kind;
    return dmlp__introspect_bool_result(def);
}

/* The operators whose descriptor has a field of this kind. */
static void ops_with(dmlp__field_kind kind, char *text, size_t capacity)
{
    ops_where(has_field, kind, text, capacity);
}

/* The operators whose UINT8 output is a boolean: "eq, gt, ... and isinf". */
static void bool_ops(char *text, size_t capacity)
{
    ops_where(bool_result, DMLP__FIELD_INPUT, text, capacity);
}

/* The activation named `name` that an operator with a FusedActivation fuses (NULL:
   none), and their names for messages and usage: "softsign, relu, ... or linear". */
static const dmlp__op_def *find_fusable(const char *name, char *names, size_t capacity)
{
    const dmlp__op_def *found = NULL, *fuser = NULL;
    size_t used = 0, count = 0, listed = 0;
    for (uint32_t i = 0; i < dmlp__op_count() && !fuser; i++)
        if (dmlp__op_field(dmlp__op_at(i), DMLP__FIELD_FUSED_ACTIVATION))
            fuser = dmlp__op_at(i);
    for (uint32_t i = 0; fuser && i < dmlp__op_count(); i++)
        count += dmlp__introspect_fusable(fuser, dmlp__op_at(i)->type);
    if (capacity)
        names[0] = '\0';
    for (uint32_t i = 0; fuser && i < dmlp__op_count(); i++) {
        const dmlp__op_def *def = dmlp__op_at(i);
        if (!dmlp__introspect_fusable(fuser, def->type))
            continue;
        if (name && strcmp(def->cli_name, name) == 0)
            found = def;
        const char *sep = listed == 0 ? "" : listed + 1 == count ? " or " : ", ";
        listed++;
        int n = used < capacity ? snprintf(names + used, capacity - used, "%s%s", sep,
                                           def->cli_name)
                                : 0;
        used += n > 0 ? (size_t)n : 0;
    }
    return found;
}

static void print_usage(FILE *to)
{
    char line[1536], mode_ops[128], scale_ops[128], fused_ops[128], rounding_ops[128];
    char fusable[256], bools[256], axes_ops[128];
    usage_line(line, sizeof line);
    ops_with(DMLP__FIELD_AXES, axes_ops, sizeof axes_ops);
    bool_ops(bools, sizeof bools);
    ops_with(DMLP__FIELD_ROUNDING_MODE, rounding_ops, sizeof rounding_ops);
    find_fusable(NULL, fusable, sizeof fusable);
    ops_with(DMLP__FIELD_FUSED_ACTIVATION, fused_ops, sizeof fused_ops);
    ops_with(DMLP__FIELD_INFINITY_MODE, mode_ops, sizeof mode_ops);
    ops_with(DMLP__FIELD_SCALE_BIAS, scale_ops, sizeof scale_ops);
    fputs(line, to);
    fputs("\n"
          "Runs one DirectML operator on the tensor in IN.npy and writes OUT.npy, same shape.\n"
          "A two-input operator reads A.npy and B.npy (one dtype), broadcast as numpy does\n"
          "(DirectML strides of 0), and writes OUT.npy in the broadcast shape; so does one\n"
          "of more inputs, one file each in the descriptor's order (if: CONDITION.npy\n"
          "A.npy B.npy OUT.npy).\n",
          to);
    for (uint32_t i = 0; i < dmlp__op_count(); i++)
        fputs(dmlp__op_at(i)->cli_help, to);
    fprintf(to,
            "\n"
            "options:\n"
            "  --mode either|positive|negative\n"
            "                  %s only: which infinities count (default either)\n"
            "  --rounding halves_to_nearest_even|toward_zero|toward_infinity\n"
            "                  %s only: DML_ROUNDING_MODE: ties to even (default),\n"
            "                  truncation, or ties away from zero\n"
            "  --axes A[,B...]\n"
            "                  %s only: the axes each row runs\n"
            "                  along (AxisCount and Axes), distinct, numbered from 0; a\n"
            "                  negative one counts from the end (default -1, the last)\n"
            "  --scale S, --bias B\n"
            "                  %s only: out = x * S + B (float types; default S 1, B 0;\n"
            "                  without either, a copy)\n"
            "  --fused NAME\n"
            "                  %s only: the activation applied to the sum\n"
            "                  (FusedActivation), one of\n"
            "                  %s\n"
            "  --alpha A, --beta B, --min M, --max M, --threshold T, --bias B ...\n"
            "                  the operator's FLOAT members by their names in lower case\n"
            "                  (with --fused: the fused activation's, its defaults when not\n"
            "                  given)\n"
            "                  (numbers, inf, nan); defaults as in the operator's line\n"
            "  --to DTYPE      cast: the output's .npy dtype, f2 f4 f8 i1 i2 i4 i8 u1 u2 u4\n"
            "                  u8, or b1 (ONNX's bool: x != 0; an extension, it needs\n"
            "                  --feature-level ext)\n"
            "                  %s:\n"
            "                  b1 (default: numpy's bool) or u1 (DirectML's UINT8 output\n"
            "                  type); the bytes are 0 or 1 either way\n"
            "  --shift modulo|zero\n"
            "                  shl, shr: a count at or past the width taken modulo the width\n"
            "                  (default, DirectML's GPU shifts) or shifting every bit out, 0\n"
            "                  (numpy's and ONNX's rule; an extension: it needs\n"
            "                  --feature-level ext)\n"
            "  --nan zero|propagate\n"
            "                  NaN as DirectML has it (default: sign of NaN is 0), or as\n"
            "                  numpy and ONNX do (sign of NaN is NaN; docs/operators.md says\n"
            "                  which operators it changes); propagate is an extension: it\n"
            "                  needs --feature-level ext\n"
            "  --feature-level L\n"
            "                  the device's DirectML feature level: 1_0 2_0 2_1 3_0 3_1 4_0 4_1\n"
            "                  5_0 5_1 5_2 6_0 6_1 6_2 6_3 6_4 (default), or ext = 6_4 with\n"
            "                  dmlp's extensions (e.g. FLOAT64 for sign and softsign)\n"
            "  --threads N     worker threads (default 0: one per core)\n"
            "  --max-memory SIZE\n"
            "                  refuse an input whose data is larger (bytes, or with K M G T:\n"
            "                  powers of 1024); default: the least of the physical memory,\n"
            "                  the address-space limit and the memory cgroup's room\n"
            "                  (DMLP_MAX_MEMORY)\n"
            "  -h, --help      this text\n"
            "\n"
            "IN.npy: .npy 1.0-3.0, little-endian, C or Fortran order, dtype <f2 <f4 <f8 |i1 <i2\n"
            "<i4 <i8 |u1 <u2 <u4 <u8 |b1 (|b1 is UINT8). Which types and how many dimensions an\n"
            "operator takes depends on the level ('dmlp caps --feature-level L'); below 3_0\n"
            "DirectML takes 4-D tensors only. A 0-d array runs as sizes [1]; an empty array\n"
            "gives an empty OUT.npy.\n"
            "OUT.npy is written to a temporary file beside it and renamed over it when complete; a\n"
            "symbolic link is followed; a folder, device, FIFO or socket there is refused.\n"
            "Exit status: 0 done; 1 failed (OUT.npy is not written); 2 wrong usage.\n",
            mode_ops, rounding_ops, axes_ops, scale_ops, fused_ops, fusable, bools);
}

typedef struct run_args {
    const dmlp__op_def *op;
    DML_IS_INFINITY_MODE mode;
    int mode_given;
    DML_ROUNDING_MODE rounding;
    int rounding_given;
    int axes_given;                    /* --axes: */
    uint32_t axis_count;
    int64_t axes[DMLP__MAX_AXES];      /* as given: negative counts from the end */
    const char *axes_text;
    DML_SCALE_BIAS scale_bias;
    int scale_bias_given;
    int nan_propagate;
    int shift_zero; /* --shift zero */
    const dmlp__op_def *fused; /* --fused NAME: the activation */
    float fused_floats[DMLP__MAX_FLOATS]; /* its FLOAT members */
    int scale_given, bias_given;
    float bias;        /* --bias: ScaleBias's Bias, or a FLOAT member named Bias (shrink) */
    /* The FLOAT members' options as given (--alpha 0.2), then the row's values */
    struct {
        char name[32];
        float value;
        int is_number; /* the text read as a float (FLOAT members need it) */
        char text[64]; /* as given: a scalar member reads it in the tensor's type */
    } given[8];
    int given_count;
    float floats[DMLP__MAX_FLOATS];
    const char *scalars[DMLP__MAX_SCALARS]; /* the scalar members' text; NULL: default */
    DML_TENSOR_DATA_TYPE to; /* cast: the output's type (0: not given) */
    int to_bool;             /* --to b1: cast: ONNX's bool as UINT8; a bool result: |b1 */
    const char *to_text;     /* --to as given, for messages */
    uint32_t level;
    int extensions;
    uint32_t threads;
    const char *in;
    const char *ins[DMLP__MAX_INPUTS]; /* every input's file, in member order */
    uint32_t in_count;                 /* files given (trailing optional inputs may be left
                                          out) */
    const char *out;
} run_args;

static int bad_usage(const char *message)
{
    return dmlp_cli_usage("run", message, short_usage());
}

/* "--name value" or "--name=value"; returns the value or NULL if this is not --name. */
static const char *option_value(int argc, char **argv, int *i, const char *name, int *missing)
{
    size_t n = strlen(name);
    const char *arg = argv[*i];
    if (strncmp(arg, name, n) != 0)
        return NULL;
    if (arg[n] == '=')
        return arg + n + 1;
    if (arg[n] != '\0')
        return NULL;
    if (*i + 1 >= argc) {
        *missing = 1;
        return NULL;
    }
    return argv[++*i];
}

/* A float32 written in decimal or hex ("0.5", "-1e3", "0x1p-3", "inf", "nan"). */
static int parse_float(const char *text, float *value)
{
    char *end = NULL;
    if (!text[0])
        return 0;
    float v = strtof(text, &end);
    if (*end)
        return 0;
    *value = v;
    return 1;
}

static int parse_uint32(const char *text, uint32_t *value)
{
    char *end = NULL;
    if (!text[0] || text[0] == '-' || text[0] == '+')
        return 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (*end || v > UINT32_MAX)
        return 0;
    *value = (uint32_t)v;
    return 1;
}

/* --axes: 1 to DMLP__MAX_AXES integers separated by commas ("1,2", "-1"), none twice as
   written; checked against IN.npy's dimensions once it is read. NULL, or why not. */
static const char *parse_axes(const char *text, run_args *a)
{
    a->axis_count = 0;
    for (const char *p = text;;) {
        char *end = NULL;
        if (!(*p >= '0' && *p <= '9') && !(*p == '-' && p[1] >= '0' && p[1] <= '9'))
            return "use axis numbers separated by commas, such as 1,2 or -1";
        errno = 0;
        long long v = strtoll(p, &end, 10);
        if (errno == ERANGE)
            return "an axis number out of any range";
        if (a->axis_count == DMLP__MAX_AXES)
            return "at most 8 axes (DirectML's DimensionCount)";
        for (uint32_t i = 0; i < a->axis_count; i++)
            if (a->axes[i] == v)
                return "an axis is named twice; each may appear once";
        a->axes[a->axis_count++] = v;
        if (*end == '\0')
            break;
        if (*end != ',')
            return "use axis numbers separated by commas, such as 1,2 or -1";
        p = end + 1;
    }
    a->axes_given = 1;
    a->axes_text = text;
    return NULL;
}

/* The row axes of an operator along axes (its AXIS_COUNT and AXES members) for a tensor
   of ndim dimensions (a 0-d file: 1): --axes, negative ones counted from the end, or the
   last. false after the message. */
static bool resolve_axes(const run_args *a, uint32_t ndim, int zero_d, dmlp__op_params *params)
{
    char why[256], has[160];
    if (!dmlp__op_field(a->op, DMLP__FIELD_AXES))
        return true;
    if (!a->axes_given) {
        params->axis_count = 1;
        params->axes[0] = ndim - 1;
        return true;
    }
    uint64_t mask = 0; /* ndim is at most DMLP__NPY_MAX_DIMS */
    params->axis_count = a->axis_count;
    for (uint32_t i = 0; i < a->axis_count; i++) {
        int64_t axis = a->axes[i] < 0 ? a->axes[i] + (int64_t)ndim : a->axes[i];
        if (axis < 0 || axis >= (int64_t)ndim) {
            if (zero_d)
                snprintf(has, sizeof has, "is 0-d and runs as sizes [1]");
            else
                snprintf(has, sizeof has, "has %u dimension%s", ndim, ndim == 1 ? "" : "s");
            snprintf(why, sizeof why,
                     "--axes %s names axis %lld; %s %s (axes 0 to %u, or -%u to -1)",
                     a->axes_text, (long long)a->axes[i], a->in, has, ndim - 1, ndim);
            dmlp_cli_fail("run", why);
            return false;
        }
        if (mask >> axis & 1u) {
            snprintf(why, sizeof why,
                     "--axes %s names axis %lld twice (%s has %u dimension%s); each axis "
                     "may appear once",
                     a->axes_text, (long long)axis, a->in, ndim, ndim == 1 ? "" : "s");
            dmlp_cli_fail("run", why);
            return false;
        }
        mask |= 1ull << axis;
        params->axes[i] = (uint32_t)axis;
    }
    return true;
}

/* Whether arg is --NAME or --NAME=VALUE where NAME is a FLOAT member of some operator
   in lower case (--alpha, --min, ...); --bias is read with --scale. */
static int float_option(const char *arg)
{
    char name[32];
    size_t length = strcspn(arg + 2, "=");
    if (strncmp(arg, "--", 2) != 0 || length == 0 || length >= sizeof name)
        return 0;
    memcpy(name, arg + 2, length);
    name[length] = '\0';
    for (uint32_t i = 0; i < dmlp__op_count(); i++)
        if (dmlp__op_float_named(dmlp__op_at(i), name) ||
            dmlp__op_scalar_named(dmlp__op_at(i), name))
            return 1;
    return 0;
}

/* The operators with a FLOAT member of this name: "leaky_relu, linear and ..." */
static void ops_with_float(const char *name, char *text, size_t capacity)
{
    size_t used = 0, count = 0, listed = 0;
    text[0] = '\0';
    for (uint32_t i = 0; i < dmlp__op_count(); i++)
        count += dmlp__op_float_named(dmlp__op_at(i), name) != NULL ||
                 dmlp__op_scalar_named(dmlp__op_at(i), name) != NULL;
    for (uint32_t i = 0; i < dmlp__op_count() && used < capacity; i++) {
        if (!dmlp__op_float_named(dmlp__op_at(i), name) &&
            !dmlp__op_scalar_named(dmlp__op_at(i), name))
            continue;
        const char *sep = listed == 0 ? "" : listed + 1 == count ? " and " : ", ";
        listed++;
        int n = snprintf(text + used, capacity - used, "%s%s", sep, dmlp__op_at(i)->cli_name);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}


/* The FLOAT members of def (the operator, or its fused activation) from the options
   given or the row's defaults into floats. Returns -1 to go on, otherwise the exit
   status. */
static int member_floats(const run_args *a, const dmlp__op_def *def, float *floats)
{
    char message[256], lower[32];
    for (uint32_t i = 0; i < dmlp__op_float_count(def) && i < DMLP__MAX_FLOATS; i++) {
        const dmlp__field *f = dmlp__op_float(def, i);
        int found = 0;
        dmlp__field_lower_name(f, lower, sizeof lower);
        for (int k = 0; k < a->given_count; k++)
            if (strcmp(a->given[k].name, lower) == 0) {
                floats[i] = a->given[k].value;
                found = 1;
            }
        if (!found && !f->has_default) {
            snprintf(message, sizeof message, "%s%s needs --%s (its %s)",
                     def == a->op ? "" : "--fused ", def->cli_name, lower, f->name);
            return bad_usage(message);
        }
        if (!found)
            floats[i] = f->default_value;
    }
    return -1;
}

/* The operator's FLOAT members, and with --fused its activation's, from the options
   given or the rows' defaults; --bias is the member Bias where the operator (or the
   fused activation) has one, else ScaleBias's. Returns -1 to go on, otherwise the exit
   status. */
static int resolve_floats(run_args *a)
{
    char message[256], ops[256];
    const dmlp__op_def *fused = dmlp__op_field(a->op, DMLP__FIELD_FUSED_ACTIVATION) ? a->fused
                                                                                    : NULL;
    const dmlp__field *bias_member = dmlp__op_float_named(a->op, "bias");
    if (!bias_member && fused)
        bias_member = dmlp__op_float_named(fused, "bias");
    if (a->bias_given && bias_member) {
        snprintf(a->given[a->given_count].name, sizeof a->given[0].name, "bias");
        a->given[a->given_count].is_number = 1;
        a->given[a->given_count++].value = a->bias;
    } else if (a->bias_given) {
        a->scale_bias.Bias = a->bias;
    }
    a->scale_bias_given = a->scale_given || (a->bias_given && !bias_member);
    for (int k = 0; k < a->given_count; k++) {
        const dmlp__field *f = dmlp__op_float_named(a->op, a->given[k].name);
        if (!f && fused)
            f = dmlp__op_float_named(fused, a->given[k].name);
        if (!f && !dmlp__op_scalar_named(a->op, a->given[k].name)) {
            ops_with_float(a->given[k].name, ops, sizeof ops);
            if (fused)
                snprintf(message, sizeof message, "--%s is for %s only (--fused %s has no %s)",
                         a->given[k].name, ops, fused->cli_name, a->given[k].name);
            else
                snprintf(message, sizeof message, "--%s is for %s only", a->given[k].name,
                         ops);
            return bad_usage(message);
        }
        if (f && !a->given[k].is_number) {
            snprintf(message, sizeof message, "--%s is '%s'; use a number", a->given[k].name,
                     a->given[k].text);
            return bad_usage(message);
        }
    }
    /* scalar members: their text, read in the tensor's type once it is known */
    for (uint32_t i = 0; i < dmlp__op_scalar_count(a->op) && i < DMLP__MAX_SCALARS; i++) {
        char lower[32];
        dmlp__field_lower_name(dmlp__op_scalar(a->op, i), lower, sizeof lower);
        a->scalars[i] = NULL;
        for (int k = 0; k < a->given_count; k++)
            if (strcmp(a->given[k].name, lower) == 0)
                a->scalars[i] = a->given[k].text;
    }
    int status = member_floats(a, a->op, a->floats);
    if (status < 0 && fused)
        status = member_floats(a, fused, a->fused_floats);
    return status;
}

/* Returns -1 to go on, otherwise the exit status. */
static int parse_args(int argc, char **argv, run_args *a)
{
    const char *positional[2 + DMLP__MAX_INPUTS];
    int count = 0, options_done = 0;
    char message[2304];
    memset(a, 0, sizeof *a);
    a->level = DMLP__FEATURE_LEVEL_HIGHEST;
    a->scale_bias.Scale = 1.0f;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *v;
        int missing = 0;
        if (!options_done && (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0)) {
            print_usage(stdout);
            return 0;
        }
        if (!options_done && strcmp(arg, "--") == 0) {
            options_done = 1;
        } else if (options_done || arg[0] != '-' || arg[1] == '\0') {
            if (count == 2 + DMLP__MAX_INPUTS)
                return bad_usage("too many arguments");
            positional[count++] = arg;
        } else if ((v = option_value(argc, argv, &i, "--to", &missing)) != NULL) {
            static const struct {
                const char *dtype;
                DML_TENSOR_DATA_TYPE type;
            } dtypes[] = {
                {"f2", DML_TENSOR_DATA_TYPE_FLOAT16}, {"f4", DML_TENSOR_DATA_TYPE_FLOAT32},
                {"f8", DML_TENSOR_DATA_TYPE_FLOAT64}, {"i1", DML_TENSOR_DATA_TYPE_INT8},
                {"i2", DML_TENSOR_DATA_TYPE_INT16},   {"i4", DML_TENSOR_DATA_TYPE_INT32},
                {"i8", DML_TENSOR_DATA_TYPE_INT64},   {"u1", DML_TENSOR_DATA_TYPE_UINT8},
                {"u2", DML_TENSOR_DATA_TYPE_UINT16},  {"u4", DML_TENSOR_DATA_TYPE_UINT32},
                {"u8", DML_TENSOR_DATA_TYPE_UINT64},  {"b1", DML_TENSOR_DATA_TYPE_UINT8},
            };
            a->to = DML_TENSOR_DATA_TYPE_UNKNOWN;
            for (size_t k = 0; k < sizeof dtypes / sizeof dtypes[0]; k++)
                if (strcmp(v, dtypes[k].dtype) == 0) {
                    a->to = dtypes[k].type;
                    a->to_bool = strcmp(v, "b1") == 0;
                    a->to_text = v;
                }
            if (a->to == DML_TENSOR_DATA_TYPE_UNKNOWN) {
                snprintf(message, sizeof message,
                         "--to is '%s'; use a .npy dtype: f2 f4 f8 i1 i2 i4 i8 u1 u2 u4 u8 b1",
                         v);
                return bad_usage(message);
            }
        } else if ((v = option_value(argc, argv, &i, "--mode", &missing)) != NULL) {
            if (strcmp(v, "either") == 0)
                a->mode = DML_IS_INFINITY_MODE_EITHER;
            else if (strcmp(v, "positive") == 0)
                a->mode = DML_IS_INFINITY_MODE_POSITIVE;
            else if (strcmp(v, "negative") == 0)
                a->mode = DML_IS_INFINITY_MODE_NEGATIVE;
            else {
                snprintf(message, sizeof message,
                         "--mode is '%s'; use either, positive or negative", v);
                return bad_usage(message);
            }
            a->mode_given = 1;
        } else if ((v = option_value(argc, argv, &i, "--rounding", &missing)) != NULL) {
            /* in DML_ROUNDING_MODE's order */
            static const char *const roundings[] = {"halves_to_nearest_even", "toward_zero",
                                                    "toward_infinity"};
            int found = -1;
            for (int k = 0; k < 3; k++)
                if (strcmp(v, roundings[k]) == 0)
                    found = k;
            if (found < 0) {
                snprintf(message, sizeof message,
                         "--rounding is '%s'; use halves_to_nearest_even, toward_zero or "
                         "toward_infinity",
                         v);
                return bad_usage(message);
            }
            a->rounding = (DML_ROUNDING_MODE)found;
            a->rounding_given = 1;
        } else if ((v = option_value(argc, argv, &i, "--axes", &missing)) != NULL) {
            const char *why = parse_axes(v, a);
            if (why) {
                snprintf(message, sizeof message, "--axes is '%s'; %s", v, why);
                return bad_usage(message);
            }
        } else if ((v = option_value(argc, argv, &i, "--scale", &missing)) != NULL ||
                   (v = option_value(argc, argv, &i, "--bias", &missing)) != NULL) {
            int scale = strncmp(arg, "--scale", 7) == 0;
            if (!parse_float(v, scale ? &a->scale_bias.Scale : &a->bias)) {
                snprintf(message, sizeof message, "%s is '%s'; use a number",
                         scale ? "--scale" : "--bias", v);
                return bad_usage(message);
            }
            *(scale ? &a->scale_given : &a->bias_given) = 1;
        } else if ((v = option_value(argc, argv, &i, "--fused", &missing)) != NULL) {
            char fusable[256];
            a->fused = find_fusable(v, fusable, sizeof fusable);
            if (!a->fused) {
                snprintf(message, sizeof message, "--fused is '%s'; use %s", v, fusable);
                return bad_usage(message);
            }
        } else if ((v = option_value(argc, argv, &i, "--shift", &missing)) != NULL) {
            if (strcmp(v, "modulo") == 0)
                a->shift_zero = 0;
            else if (strcmp(v, "zero") == 0)
                a->shift_zero = 1;
            else {
                snprintf(message, sizeof message, "--shift is '%s'; use modulo or zero", v);
                return bad_usage(message);
            }
        } else if ((v = option_value(argc, argv, &i, "--nan", &missing)) != NULL) {
            if (strcmp(v, "zero") == 0)
                a->nan_propagate = 0;
            else if (strcmp(v, "propagate") == 0)
                a->nan_propagate = 1;
            else {
                snprintf(message, sizeof message, "--nan is '%s'; use zero or propagate", v);
                return bad_usage(message);
            }
        } else if ((v = option_value(argc, argv, &i, "--feature-level", &missing)) != NULL) {
            a->extensions = strcmp(v, "ext") == 0;
            if (a->extensions)
                a->level = DMLP__FEATURE_LEVEL_HIGHEST;
            else if (!dmlp__feature_level_parse(v, &a->level)) {
                snprintf(message, sizeof message,
                         "--feature-level is '%s'; use 1_0 ... 6_4 or ext", v);
                return bad_usage(message);
            }
        } else if ((v = option_value(argc, argv, &i, "--threads", &missing)) != NULL) {
            if (!parse_uint32(v, &a->threads)) {
                snprintf(message, sizeof message, "--threads is '%s'; use a count >= 0", v);
                return bad_usage(message);
            }
        } else if ((v = option_value(argc, argv, &i, "--max-memory", &missing)) != NULL) {
            if (!dmlp_cli_max_memory(v)) {
                snprintf(message, sizeof message,
                         "--max-memory is '%s'; use a size such as 2G or 500M", v);
                return bad_usage(message);
            }
        } else if (!missing && float_option(arg)) {
            /* --alpha, --beta, --min ...: a FLOAT member of some operator */
            char name[32];
            size_t length = strcspn(arg + 2, "=");
            snprintf(name, sizeof name, "--%.*s", (int)length, arg + 2);
            v = option_value(argc, argv, &i, name, &missing);
            if (!v) {
                snprintf(message, sizeof message, "%s needs a value", name);
                return bad_usage(message);
            }
            if (a->given_count == (int)(sizeof a->given / sizeof a->given[0]))
                return bad_usage("too many parameter options");
            snprintf(a->given[a->given_count].name, sizeof a->given[0].name, "%s", name + 2);
            snprintf(a->given[a->given_count].text, sizeof a->given[0].text, "%s", v);
            a->given[a->given_count].is_number = parse_float(v, &a->given[a->given_count].value);
            a->given_count++;
        } else if (missing) {
            snprintf(message, sizeof message, "%s needs a value", arg);
            return bad_usage(message);
        } else {
            snprintf(message, sizeof message, "unknown option '%s'", arg);
            return bad_usage(message);
        }
    }
    char names[2048]; /* every `dmlp run` name: the list grows with the registry */
    dmlp__op_names(names, sizeof names, DMLP__OP_NAME_CLI, ", ", " or ");
    if (count < 3) {
        snprintf(message, sizeof message, "which operator? %s", names);
        return bad_usage(count == 0 ? message : "needs IN.npy and OUT.npy");
    }
    int status;
    a->op = dmlp__op_find_cli(positional[0]);
    if (!a->op) {
        snprintf(message, sizeof message, "unknown operator '%s'; use %s", positional[0], names);
        return bad_usage(message);
    }
    if (a->mode_given && !dmlp__op_field(a->op, DMLP__FIELD_INFINITY_MODE)) {
        char mode_ops[512];
        ops_with(DMLP__FIELD_INFINITY_MODE, mode_ops, sizeof mode_ops);
        snprintf(message, sizeof message, "--mode is for %s only", mode_ops);
        return bad_usage(message);
    }
    if (a->rounding_given && !dmlp__op_field(a->op, DMLP__FIELD_ROUNDING_MODE)) {
        char rounding_ops[512];
        ops_with(DMLP__FIELD_ROUNDING_MODE, rounding_ops, sizeof rounding_ops);
        snprintf(message, sizeof message, "--rounding is for %s only", rounding_ops);
        return bad_usage(message);
    }
    if (a->axes_given && !dmlp__op_field(a->op, DMLP__FIELD_AXES)) {
        char axes_ops[512];
        ops_with(DMLP__FIELD_AXES, axes_ops, sizeof axes_ops);
        snprintf(message, sizeof message, "--axes is for %s only%s", axes_ops,
                 dmlp__op_rows(a->op, NULL, NULL)
                     ? " (the 2-D operators run along the last axis)"
                     : "");
        return bad_usage(message);
    }
    if ((status = resolve_floats(a)) >= 0)
        return status;
    if (a->scale_bias_given && !dmlp__op_field(a->op, DMLP__FIELD_SCALE_BIAS)) {
        char scale_ops[512];
        ops_with(DMLP__FIELD_SCALE_BIAS, scale_ops, sizeof scale_ops);
        snprintf(message, sizeof message, "--scale and --bias are for %s only", scale_ops);
        return bad_usage(message);
    }
    if (a->fused && !dmlp__op_field(a->op, DMLP__FIELD_FUSED_ACTIVATION)) {
        char fused_ops[512];
        ops_with(DMLP__FIELD_FUSED_ACTIVATION, fused_ops, sizeof fused_ops);
        snprintf(message, sizeof message, "--fused is for %s only", fused_ops);
        return bad_usage(message);
    }
    uint32_t inputs = dmlp__op_input_count(a->op), required = inputs;
    while (required > 1 && dmlp__op_input(a->op, required - 1)->optional)
        required--; /* trailing optional inputs may be left out */
    if ((uint32_t)count < 2 + required || (uint32_t)count > 2 + inputs) {
        char files[160] = "";
        size_t used = 0;
        for (uint32_t i = 0; i < inputs && inputs > 2 && used < sizeof files; i++) {
            const char *name = dmlp__op_input(a->op, i)->name;
            size_t length = strlen(name);
            if (length > 6 && strcmp(name + length - 6, "Tensor") == 0)
                length -= 6; /* ConditionTensor: CONDITION.npy */
            used += (size_t)snprintf(files + used, sizeof files - used, "%s", i < required ? "" : "[");
            for (size_t c = 0; c < length && used + 1 < sizeof files; c++)
                files[used++] = (char)toupper((unsigned char)name[c]);
            files[used < sizeof files ? used : sizeof files - 1] = '\0';
            if (used < sizeof files)
                used += (size_t)snprintf(files + used, sizeof files - used, ".npy%s ",
                                         i < required ? "" : "]");
        }
        snprintf(message, sizeof message, "%s needs %s%s", a->op->cli_name,
                 inputs > 2 ? files : inputs == 2 ? "A.npy B.npy " : "IN.npy ", "OUT.npy");
        return bad_usage(message);
    }
    int listed = a->op->output_type == DMLP__OUTPUT_LISTED;
    int to_given = a->to != DML_TENSOR_DATA_TYPE_UNKNOWN;
    if (listed && !to_given) {
        snprintf(message, sizeof message, "%s needs --to, the output's dtype", a->op->cli_name);
        return bad_usage(message);
    }
    /* A boolean result is written |b1 or, asked for, as DirectML's UINT8 (|u1): the same
       bytes, so no other dtype */
    if (to_given && !listed && dmlp__introspect_bool_result(a->op) &&
        a->to != DML_TENSOR_DATA_TYPE_UINT8) {
        snprintf(message, sizeof message,
                 "--to is '%s'; %s writes b1 (numpy's bool, the default) or u1 (DirectML's "
                 "UINT8)",
                 a->to_text, a->op->cli_name);
        return bad_usage(message);
    }
    if (to_given && !listed && !dmlp__introspect_bool_result(a->op)) {
        char bools[256];
        bool_ops(bools, sizeof bools);
        snprintf(message, sizeof message, "--to is for cast, %s only, not %s", bools,
                 a->op->cli_name);
        return bad_usage(message);
    }
    a->in = positional[1];
    a->in_count = (uint32_t)count - 2;
    for (uint32_t i = 0; i < a->in_count; i++)
        a->ins[i] = positional[1 + i];
    a->out = positional[count - 1];
    return -1;
}

/* The operator on a device at the requested level, executed on the inputs (skipped when
   the tensor is empty), its output written to OUT.npy with the given dtype and shape. */
/* The scalar members (--min, --max of clip1) in the input's type: the text given, or the
   row's default (-inf, inf: the type's ends). false after the message. */
static bool resolve_scalars(const run_args *a, DML_TENSOR_DATA_TYPE type, dmlp__op_params *params)
{
    char why[160], lower[32], message[256];
    for (uint32_t i = 0; i < dmlp__op_scalar_count(a->op) && i < DMLP__MAX_SCALARS; i++) {
        const dmlp__field *f = dmlp__op_scalar(a->op, i);
        if (!a->scalars[i]) {
            params->scalars[i] = dmlp__scalar_from_float(type, f->default_value);
        } else if (!dmlp__scalar_parse(type, a->scalars[i], &params->scalars[i], why,
                                       sizeof why)) {
            snprintf(message, sizeof message, "--%s is '%s'; %s",
                     dmlp__field_lower_name(f, lower, sizeof lower), a->scalars[i], why);
            dmlp_cli_fail("run", message);
            return false;
        }
    }
    return true;
}

static int execute_and_write(const run_args *a, const DML_OPERATOR_DESC *desc,
                             uint32_t input_count, const dmlp_buffer_binding *inputs,
                             uint64_t in_bytes, uint64_t out_bytes, int empty,
                             DML_TENSOR_DATA_TYPE out_type, int out_bool, uint32_t ndim,
                             const uint64_t *shape)
{
    /* The output's size is the files' doing too (a broadcast of two small inputs, a cast
       to a wider type): it comes from the memory budget beside the inputs it is made from */
    uint64_t used = in_bytes;
    if (!empty && dmlp__budget_take(&used, "the output", out_bytes) != DMLP_OK)
        return dmlp_cli_fail("run", dmlp_last_error());
    /* dmlp's own operators exist only with the extensions: at any level they come along */
    int extensions = a->extensions || dmlp__operator_is_extension(a->op->type);
    dmlp_device_desc device_desc = {(DML_FEATURE_LEVEL)a->level, a->threads,
                                    extensions ? DMLP_DEVICE_FLAG_EXTENSIONS : 0u};
    dmlp_device *device = NULL;
    dmlp_operator *op = NULL;
    void *out_data = NULL;
    uint32_t flags = (a->nan_propagate ? DMLP_EXECUTION_FLAG_NAN_PROPAGATE : 0u) |
                     (a->shift_zero ? DMLP_EXECUTION_FLAG_SHIFT_PAST_WIDTH_ZERO : 0u) |
                     (a->to_bool && a->op->output_type == DMLP__OUTPUT_LISTED
                          ? DMLP_EXECUTION_FLAG_CAST_TO_BOOL
                          : 0u);
    if (dmlp_device_create(&device_desc, &device) != DMLP_OK ||
        dmlp_operator_create(device, desc, flags, &op) != DMLP_OK) {
        int status = dmlp_cli_fail("run", dmlp_last_error());
        dmlp_device_destroy(device);
        return status;
    }
    int status = 0;
    if (!empty) {
        /* TotalTensorSizeInBytes rounds up to 4; the reader pads its data for that */
        out_data = calloc(1, (size_t)out_bytes);
        if (!out_data) {
            status = dmlp_cli_fail("run", "out of memory for the output");
        } else {
            dmlp_buffer_binding out_binding = {out_data, 0, out_bytes};
            if (dmlp_operator_execute(op, input_count, inputs, 1, &out_binding) != DMLP_OK)
                status = dmlp_cli_fail("run", dmlp_last_error());
        }
    }
    dmlp_operator_destroy(op);
    dmlp_device_destroy(device);
    if (status == 0 &&
        dmlp__npy_write_file(a->out, out_type, out_bool, ndim, shape, out_data) != DMLP_OK)
        status = dmlp_cli_fail(a->out, dmlp_last_error());
    free(out_data);
    return status;
}

/* Whether OUT.npy is |b1: an operator's boolean result unless --to u1 asks for
   DirectML's UINT8 (the registry's output type; cast's --to is handled apart). */
static int bool_output(const run_args *a)
{
    if (!dmlp__introspect_bool_result(a->op))
        return 0;
    return a->to == DML_TENSOR_DATA_TYPE_UNKNOWN || a->to_bool;
}

static int run(const run_args *a, dmlp__npy *in)
{
    char why[160];
    /* DirectML describes a tensor with 32-bit sizes and at least one dimension */
    uint32_t ndim = in->ndim ? in->ndim : 1;
    uint32_t sizes[DMLP__NPY_MAX_DIMS], strides[DMLP__NPY_MAX_DIMS];
    uint32_t probe_sizes[DMLP__NPY_MAX_DIMS];
    uint64_t strides64[DMLP__NPY_MAX_DIMS];
    sizes[0] = 1;
    for (uint32_t i = 0; i < in->ndim; i++) {
        if (in->shape[i] > UINT32_MAX) {
            snprintf(why, sizeof why, "dimension %u is %llu; DirectML sizes are 32-bit", i,
                     (unsigned long long)in->shape[i]);
            return dmlp_cli_fail(a->in, why);
        }
        sizes[i] = (uint32_t)in->shape[i];
    }
    if (in->element_count > UINT32_MAX) {
        snprintf(why, sizeof why, "%llu elements; a DirectML tensor holds at most 4294967295",
                 (unsigned long long)in->element_count);
        return dmlp_cli_fail(a->in, why);
    }
    for (uint32_t i = 0; i < ndim; i++)
        probe_sizes[i] = sizes[i] ? sizes[i] : 1;
    /* Fortran order is described by strides, so the kernel reads the file's layout */
    const uint32_t *in_strides = NULL;
    if (in->fortran_order && in->ndim > 1) {
        dmlp__npy_strides(in, strides64);
        for (uint32_t i = 0; i < in->ndim; i++)
            strides[i] = (uint32_t)strides64[i];
        in_strides = strides;
    }

    /* The registry's output rule; a |b1 input keeps |b1 where the type is kept */
    int same_type = a->op->output_type == DML_TENSOR_DATA_TYPE_UNKNOWN;
    int listed = a->op->output_type == DMLP__OUTPUT_LISTED; /* cast: --to chooses */
    DML_TENSOR_DATA_TYPE out_type = same_type ? in->type : listed ? a->to : a->op->output_type;
    int out_bool = same_type ? in->is_bool : listed ? a->to_bool : bool_output(a);
    int empty = in->element_count == 0;
    /* An empty tensor cannot be described (sizes >= 1), but its type and rank are still
       checked at the level: the operator is validated with each 0 size taken as 1. */
    const uint32_t *use_sizes = empty ? probe_sizes : sizes;
    DML_BUFFER_TENSOR_DESC in_desc = {in->type, DML_TENSOR_FLAG_NONE, ndim, use_sizes,
                                      empty ? NULL : in_strides, 0, 0};
    in_desc.TotalTensorSizeInBytes =
        dmlp_calc_buffer_tensor_size(in->type, ndim, use_sizes, in_desc.Strides);
    DML_BUFFER_TENSOR_DESC out_desc = {out_type, DML_TENSOR_FLAG_NONE, ndim, use_sizes, NULL, 0,
                                       0};
    out_desc.TotalTensorSizeInBytes = dmlp_calc_buffer_tensor_size(out_type, ndim, use_sizes,
                                                                   NULL);
    dmlp__desc_storage storage;
    dmlp__op_params params = {.mode = a->mode,
                              .scale_bias = a->scale_bias_given ? &a->scale_bias : NULL,
                              .rounding = a->rounding};
    memcpy(params.floats, a->floats, sizeof params.floats);
    if (!resolve_scalars(a, in->type, &params) || !resolve_axes(a, ndim, in->ndim == 0, &params))
        return 1;
    const DML_OPERATOR_DESC *desc = dmlp__desc_build(&storage, a->op, &in_desc, &out_desc, &params);
    dmlp_buffer_binding binding = {in->data, 0, in_desc.TotalTensorSizeInBytes};
    return execute_and_write(a, desc, 1, &binding, in->data_size,
                             out_desc.TotalTensorSizeInBytes, empty, out_type, out_bool, in->ndim,
                             in->shape);
}

/* An operator of two or more inputs: the inputs broadcast to one shape as numpy does
   (sizes aligned from the right; a size of 1 or a missing axis repeats with a stride of
   0). An optional input whose file is left out is NULL in the descriptor. */
static int run_inputs(const run_args *a, dmlp__npy *const *in, uint32_t count)
{
    char why[200];
    uint32_t ndim = 0;
    for (uint32_t k = 0; k < count; k++)
        ndim = in[k]->ndim > ndim ? in[k]->ndim : ndim;
    uint64_t shape[DMLP__NPY_MAX_DIMS];
    for (uint32_t d = 0; d < ndim; d++) {
        shape[d] = 1;
        for (uint32_t k = 0; k < count; k++) {
            uint64_t sk = d + in[k]->ndim >= ndim ? in[k]->shape[d + in[k]->ndim - ndim] : 1;
            if (sk != shape[d] && sk != 1 && shape[d] != 1) {
                snprintf(why, sizeof why,
                         "axis %u is %llu in %s and %llu in an earlier input; the shapes do "
                         "not broadcast",
                         d, (unsigned long long)sk, a->ins[k], (unsigned long long)shape[d]);
                if (count == 2)
                    snprintf(why, sizeof why,
                             "axis %u is %llu in %s and %llu in %s; the shapes do not "
                             "broadcast",
                             d, (unsigned long long)shape[d], a->ins[0], (unsigned long long)sk,
                             a->ins[1]);
                return dmlp_cli_fail("run", why);
            }
            shape[d] = sk == 1 ? shape[d] : sk;
        }
        if (shape[d] > UINT32_MAX) {
            snprintf(why, sizeof why, "axis %u is %llu; DirectML sizes are 32-bit", d,
                     (unsigned long long)shape[d]);
            return dmlp_cli_fail("run", why);
        }
    }
    uint32_t dims = ndim ? ndim : 1;
    uint32_t sizes[DMLP__NPY_MAX_DIMS] = {1};
    uint64_t elements = 1;
    for (uint32_t d = 0; d < ndim; d++) {
        sizes[d] = (uint32_t)shape[d];
        elements *= shape[d];
    }
    if (elements > UINT32_MAX) {
        snprintf(why, sizeof why, "%llu elements; a DirectML tensor holds at most 4294967295",
                 (unsigned long long)elements);
        return dmlp_cli_fail("run", why);
    }
    int empty = elements == 0;
    uint32_t probe[DMLP__NPY_MAX_DIMS];
    for (uint32_t d = 0; d < dims; d++)
        probe[d] = sizes[d] ? sizes[d] : 1;
    const uint32_t *use_sizes = empty ? probe : sizes;
    /* each input's strides in the output's axes: its file layout, 0 where it repeats */
    uint32_t strides[DMLP__MAX_INPUTS][DMLP__NPY_MAX_DIMS];
    DML_BUFFER_TENSOR_DESC descs[DMLP__MAX_INPUTS];
    const DML_BUFFER_TENSOR_DESC *inputs[DMLP__MAX_INPUTS] = {NULL};
    dmlp_buffer_binding bindings[DMLP__MAX_INPUTS] = {{NULL, 0, 0}};
    uint64_t in_bytes = 0;
    for (uint32_t k = 0; k < count; k++) {
        uint64_t own[DMLP__NPY_MAX_DIMS];
        dmlp__npy_strides(in[k], own);
        for (uint32_t d = 0; d < dims; d++) {
            uint32_t lead = ndim - in[k]->ndim; /* axes the input lacks */
            bool repeats = d < lead || empty || in[k]->ndim == 0 || in[k]->shape[d - lead] == 1;
            strides[k][d] = repeats ? 0u : (uint32_t)own[d - lead];
        }
        descs[k] = (DML_BUFFER_TENSOR_DESC){in[k]->type, DML_TENSOR_FLAG_NONE, dims, use_sizes,
                                            strides[k], 0, 0};
        descs[k].TotalTensorSizeInBytes =
            dmlp_calc_buffer_tensor_size(in[k]->type, dims, use_sizes, strides[k]);
        if (empty)
            descs[k].TotalTensorSizeInBytes =
                dmlp_calc_buffer_tensor_size(in[k]->type, dims, probe, strides[k]);
        inputs[k] = &descs[k];
        bindings[k] = (dmlp_buffer_binding){in[k]->data, 0, descs[k].TotalTensorSizeInBytes};
        in_bytes += in[k]->data_size;
    }
    /* The registry's output rule: the (main) input's type, or the operator's own
       (LogicalGreaterThan: UINT8, written as |b1 unless --to u1); bool when the inputs of
       that type are */
    int same_type = a->op->output_type == DML_TENSOR_DATA_TYPE_UNKNOWN;
    uint32_t main = dmlp__operator_main_input(a->op->type);
    DML_TENSOR_DATA_TYPE out_type = same_type ? in[main]->type : a->op->output_type;
    int32_t follows = dmlp__operator_output_type_input(a->op->type);
    if (follows >= 0 && (uint32_t)follows < count) /* QuantizeLinear: the zero point's */
        out_type = in[follows]->type;
    int out_bool = same_type;
    for (uint32_t k = 0; k < count; k++)
        if (!dmlp__operator_input_own_types(a->op->type, k))
            out_bool = out_bool && in[k]->is_bool;
    if (!same_type)
        out_bool = bool_output(a);
    DML_BUFFER_TENSOR_DESC out_desc = {out_type, DML_TENSOR_FLAG_NONE, dims, use_sizes, NULL,
                                       0, 0};
    out_desc.TotalTensorSizeInBytes =
        dmlp_calc_buffer_tensor_size(out_type, dims, use_sizes, NULL);
    dmlp__desc_storage storage;
    dmlp__op_params params = {.mode = a->mode,
                              .scale_bias = a->scale_bias_given ? &a->scale_bias : NULL,
                              .fused_activation = a->fused ? a->fused->type
                                                           : DML_OPERATOR_INVALID,
                              .rounding = a->rounding};
    memcpy(params.floats, a->floats, sizeof params.floats);
    memcpy(params.fused_floats, a->fused_floats, sizeof params.fused_floats);
    if (!resolve_scalars(a, in[main]->type, &params))
        return 1;
    const DML_OPERATOR_DESC *desc =
        dmlp__desc_build_inputs(&storage, a->op, inputs, &out_desc, &params);
    return execute_and_write(a, desc, dmlp__op_input_count(a->op), bindings, in_bytes,
                             out_desc.TotalTensorSizeInBytes, empty, out_type, out_bool, ndim,
                             shape);
}

int dmlp_cli_run(int argc, char **argv)
{
    run_args a;
    int status = parse_args(argc, argv, &a);
    if (status >= 0)
        return status;
    dmlp__npy in;
    if (dmlp__npy_read_file(a.in, &in) != DMLP_OK)
        return dmlp_cli_fail(a.in, dmlp_last_error());
    if (dmlp__op_input_count(a.op) > 1) {
        dmlp__npy files[DMLP__MAX_INPUTS];
        dmlp__npy *in_files[DMLP__MAX_INPUTS];
        files[0] = in;
        in_files[0] = &files[0];
        uint32_t read = 1;
        status = -1;
        for (; read < a.in_count; read++) {
            in_files[read] = &files[read];
            if (dmlp__npy_read_file(a.ins[read], &files[read]) != DMLP_OK) {
                status = dmlp_cli_fail(a.ins[read], dmlp_last_error());
                break;
            }
        }
        if (status < 0)
            status = run_inputs(&a, in_files, a.in_count);
        for (uint32_t k = 0; k < read; k++)
            dmlp__npy_free(&files[k]);
        return status;
    }
    status = run(&a, &in);
    dmlp__npy_free(&in);
    return status;
}
