/* `dmlp onnx` (run a model on .npy / .pb tensors) and `dmlp onnx-test` (ONNX backend test
   folders, compared the way ONNX's backend runner compares). */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "dmlp.h"
#include "dmlp_onnx.h"
#include "core/introspect.h"
#include "io/npy.h"
#include "io/output.h"

static const char onnx_usage[] =
    "usage: dmlp onnx MODEL.onnx [-i NAME=FILE]... [-o DIR] [--threads N]\n"
    "                 [--max-memory SIZE]\n"
    "\n"
    "Runs an ONNX model whose nodes map to dmlp's operators (docs/onnx.md): element-wise\n"
    "arithmetic, comparisons, logic and bit operations, the activations, Exp, Log, Pow,\n"
    "Erf, the trigonometric and hyperbolic functions, Softmax, LogSoftmax, Hardmax, Cast,\n"
    "Constant, QuantizeLinear and DequantizeLinear; a model with any other node is\n"
    "refused, naming it, before anything runs.\n"
    "  -i NAME=FILE  the value of graph input NAME: a .npy file, or a .pb file holding a\n"
    "                serialized TensorProto (for bfloat16 and float8); one -i per input\n"
    "                without a default\n"
    "  -o DIR        where outputs go (default .): DIR/<output name>.npy, or\n"
    "                DIR/<output name>.pb for bfloat16 and float8 outputs; characters\n"
    "                other than letters, digits, '.', '_' and '-' become '_'\n"
    "  --threads N   worker threads (default 0: one per core)\n"
    "  --max-memory SIZE\n"
    "                the most memory the model and input files may ask for (bytes, or\n"
    "                with K M G T); default: the least of the physical memory, the\n"
    "                address-space limit and the memory cgroup's room (DMLP_MAX_MEMORY)\n"
    "The outputs are written to temporary files and renamed into place together: a run\n"
    "leaves all of them or none.\n"
    "Exit status: 0 done; 1 failed (nothing is written if loading, running or writing\n"
    "fails); 2 wrong usage.\n";

static const char test_usage[] =
    "usage: dmlp onnx-test [--exact] CASE_DIR...\n"
    "\n"
    "Runs ONNX backend test folders: CASE_DIR/model.onnx with the tensors of each\n"
    "CASE_DIR/test_data_set_*/input_<i>.pb, and compares with output_<i>.pb like ONNX's\n"
    "backend runner: same type and shape; floats within rtol 1e-3, atol 1e-7, NaN where\n"
    "NaN is expected, infinities equal; integers and bool exactly.\n"
    "  --exact     floats bit for bit as well (any NaN still matches any NaN)\n"
    "Prints one line per case, then 'N passed, N failed'. Exit status 1 if any failed.\n";

/* ---- reading input files ---- */

static int32_t onnx_type_of_npy(const dmlp__npy *npy)
{
    if (npy->is_bool)
        return DMLP_ONNX_TYPE_BOOL;
    switch (npy->type) {
    case DML_TENSOR_DATA_TYPE_FLOAT32: return DMLP_ONNX_TYPE_FLOAT;
    case DML_TENSOR_DATA_TYPE_FLOAT16: return DMLP_ONNX_TYPE_FLOAT16;
    case DML_TENSOR_DATA_TYPE_FLOAT64: return DMLP_ONNX_TYPE_DOUBLE;
    case DML_TENSOR_DATA_TYPE_UINT8: return DMLP_ONNX_TYPE_UINT8;
    case DML_TENSOR_DATA_TYPE_UINT16: return DMLP_ONNX_TYPE_UINT16;
    case DML_TENSOR_DATA_TYPE_UINT32: return DMLP_ONNX_TYPE_UINT32;
    case DML_TENSOR_DATA_TYPE_UINT64: return DMLP_ONNX_TYPE_UINT64;
    case DML_TENSOR_DATA_TYPE_INT8: return DMLP_ONNX_TYPE_INT8;
    case DML_TENSOR_DATA_TYPE_INT16: return DMLP_ONNX_TYPE_INT16;
    case DML_TENSOR_DATA_TYPE_INT32: return DMLP_ONNX_TYPE_INT32;
    case DML_TENSOR_DATA_TYPE_INT64: return DMLP_ONNX_TYPE_INT64;
    default: return DMLP_ONNX_TYPE_UNDEFINED;
    }
}

static DML_TENSOR_DATA_TYPE npy_type_of_onnx(int32_t type, int *is_bool)
{
    *is_bool = type == DMLP_ONNX_TYPE_BOOL;
    switch (type) {
    case DMLP_ONNX_TYPE_FLOAT: return DML_TENSOR_DATA_TYPE_FLOAT32;
    case DMLP_ONNX_TYPE_FLOAT16: return DML_TENSOR_DATA_TYPE_FLOAT16;
    case DMLP_ONNX_TYPE_DOUBLE: return DML_TENSOR_DATA_TYPE_FLOAT64;
    case DMLP_ONNX_TYPE_BOOL:
    case DMLP_ONNX_TYPE_UINT8: return DML_TENSOR_DATA_TYPE_UINT8;
    case DMLP_ONNX_TYPE_UINT16: return DML_TENSOR_DATA_TYPE_UINT16;
    case DMLP_ONNX_TYPE_UINT32: return DML_TENSOR_DATA_TYPE_UINT32;
    case DMLP_ONNX_TYPE_UINT64: return DML_TENSOR_DATA_TYPE_UINT64;
    case DMLP_ONNX_TYPE_INT8: return DML_TENSOR_DATA_TYPE_INT8;
    case DMLP_ONNX_TYPE_INT16: return DML_TENSOR_DATA_TYPE_INT16;
    case DMLP_ONNX_TYPE_INT32: return DML_TENSOR_DATA_TYPE_INT32;
    case DMLP_ONNX_TYPE_INT64: return DML_TENSOR_DATA_TYPE_INT64;
    default: return DML_TENSOR_DATA_TYPE_UNKNOWN; /* bfloat16, float8: .pb only */
    }
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* A tensor loaded from a .npy or .pb file; dims and data malloc'ed. */
typedef struct loaded {
    dmlp_onnx_tensor t;
    int64_t *dims;
    void *data;
    int from_pb;
} loaded;

static void loaded_free(loaded *l)
{
    if (l->from_pb) {
        dmlp_onnx_tensor_clear(&l->t);
    } else {
        free(l->dims);
        free(l->data);
    }
    memset(l, 0, sizeof *l);
}

/* Reads a .npy into C order (Fortran-order files are reordered here). */
static int load_npy(const char *path, loaded *l, char *why, size_t why_size)
{
    dmlp__npy npy;
    if (dmlp__npy_read_file(path, &npy) != DMLP_OK) {
        snprintf(why, why_size, "%s", dmlp_last_error());
        return 0;
    }
    int32_t type = onnx_type_of_npy(&npy);
    uint32_t size = dmlp_onnx_type_size(type);
    l->dims = malloc((npy.ndim ? npy.ndim : 1) * sizeof *l->dims);
    l->data = malloc(npy.data_size ? npy.data_size : 1);
    if (!type || !l->dims || !l->data) {
        dmlp__npy_free(&npy);
        snprintf(why, why_size, !type ? "unsupported dtype" : "out of memory");
        return 0;
    }
    for (uint32_t d = 0; d < npy.ndim; d++)
        l->dims[d] = (int64_t)npy.shape[d];
    if (npy.fortran_order && npy.ndim > 1 && npy.element_count) {
        uint64_t strides[DMLP__NPY_MAX_DIMS], index[DMLP__NPY_MAX_DIMS] = {0};
        dmlp__npy_strides(&npy, strides);
        for (uint64_t i = 0; i < npy.element_count; i++) {
            uint64_t src = 0;
            for (uint32_t d = 0; d < npy.ndim; d++)
                src += index[d] * strides[d];
            memcpy((uint8_t *)l->data + i * size, (const uint8_t *)npy.data + src * size, size);
            for (uint32_t d = npy.ndim; d-- > 0;) { /* next index in C order */
                if (++index[d] < npy.shape[d])
                    break;
                index[d] = 0;
            }
        }
    } else if (npy.data_size) {
        memcpy(l->data, npy.data, npy.data_size);
    }
    l->t.type = type;
    l->t.rank = npy.ndim;
    l->t.dims = l->dims;
    l->t.data = l->data;
    l->t.size_in_bytes = npy.element_count * size;
    dmlp__npy_free(&npy);
    return 1;
}

/* why receives "<path>: <reason>". */
static int load_tensor_file(const char *path, loaded *l, char *why, size_t why_size)
{
    memset(l, 0, sizeof *l);
    if (ends_with(path, ".npy")) {
        int ok = load_npy(path, l, why, why_size);
        if (!ok) { /* the .npy reader does not name the file: the .pb loader does */
            dmlp__error(DMLP_ERROR_IO, "%s", why);
            dmlp__error_prefix(path);
            snprintf(why, why_size, "%s", dmlp_last_error());
        }
        return ok;
    }
    if (dmlp_onnx_tensor_load_file(path, &l->t) != DMLP_OK) {
        snprintf(why, why_size, "%s", dmlp_last_error());
        return 0;
    }
    l->from_pb = 1;
    return 1;
}

/* ---- dmlp onnx ---- */

/* An output name as a file name: nothing that could leave DIR or hide the file. */
static void safe_file_name(const char *name, char *out, size_t size)
{
    size_t n = 0;
    if (name[0] == '.' || name[0] == '\0')
        out[n++] = '_';
    for (const char *p = name; *p && n + 1 < size; p++) {
        char c = *p;
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                 c == '.' || c == '_' || c == '-';
        out[n++] = ok ? c : '_';
    }
    out[n] = '\0';
}

/* Every output to a temporary file, then all renamed together: a run leaves all of its
   outputs or none. */
static int write_outputs(const dmlp_onnx_result *result, const char *dir)
{
    uint32_t count = dmlp_onnx_result_count(result);
    char (*names)[200] = calloc(count ? count : 1, sizeof *names);
    char **paths = calloc(count ? count : 1, sizeof *paths);
    if (!names || !paths) {
        free(names);
        free(paths);
        return dmlp_cli_fail("onnx", "out of memory");
    }
    dmlp__outputs set;
    dmlp__outputs_init(&set, NULL);
    int status = 0;
    for (uint32_t i = 0; i < count && status == 0; i++) {
        dmlp_onnx_tensor t;
        dmlp_onnx_result_output(result, i, &t);
        safe_file_name(t.name, names[i], 180);
        for (uint32_t k = 0; k < i; k++)
            if (strcmp(names[k], names[i]) == 0) { /* two outputs, one file name */
                size_t n = strlen(names[i]);
                snprintf(names[i] + n, sizeof names[i] - n, "_%u", i);
                break;
            }
        int is_bool;
        DML_TENSOR_DATA_TYPE npy_type = npy_type_of_onnx(t.type, &is_bool);
        size_t path_size = strlen(dir) + 220;
        char *path = paths[i] = malloc(path_size);
        if (!path) {
            status = dmlp_cli_fail("onnx", "out of memory");
            break;
        }
        int as_npy = npy_type && t.rank <= DMLP__NPY_MAX_DIMS;
        snprintf(path, path_size, "%s/%s.%s", dir, names[i], as_npy ? "npy" : "pb");
        dmlp_status st;
        if (as_npy) {
            uint64_t shape[DMLP__NPY_MAX_DIMS];
            for (uint32_t d = 0; d < t.rank; d++)
                shape[d] = (uint64_t)t.dims[d];
            st = dmlp__npy_add_output(&set, path, npy_type, is_bool, t.rank, shape, t.data);
        } else {
            void *bytes = NULL;
            size_t size = 0;
            st = dmlp_onnx_tensor_save_memory(&t, &bytes, &size);
            if (st == DMLP_OK) {
                dmlp__piece piece = {bytes, size};
                st = dmlp__outputs_add(&set, path, &piece, 1);
                free(bytes);
            }
        }
        if (st != DMLP_OK)
            status = dmlp_cli_fail(path, dmlp_last_error());
    }
    const char *failed = NULL;
    if (status == 0 && dmlp__outputs_commit(&set, &failed) != DMLP_OK)
        status = dmlp_cli_fail(failed ? failed : "onnx", dmlp_last_error());
    dmlp__outputs_free(&set);
    for (uint32_t i = 0; i < count; i++) {
        if (status == 0)
            printf("%s\n", paths[i]);
        free(paths[i]);
    }
    free(paths);
    free(names);
    return status;
}

int dmlp_cli_onnx(int argc, char **argv)
{
    const char *model_path = NULL, *dir = ".";
    uint32_t threads = 0;
    int input_count = 0;
    char **specs = calloc((size_t)argc, sizeof *specs);
    if (!specs)
        return dmlp_cli_fail("onnx", "out of memory");
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            free(specs);
            printf("%s", onnx_usage);
            return 0;
        }
        if (strcmp(a, "--max-memory") == 0) {
            if (i + 1 >= argc || !dmlp_cli_max_memory(argv[++i])) {
                free(specs);
                return dmlp_cli_usage("onnx", "--max-memory needs a size such as 2G or 500M",
                                      onnx_usage);
            }
        } else if (strcmp(a, "-i") == 0 || strcmp(a, "-o") == 0 || strcmp(a, "--threads") == 0) {
            if (i + 1 >= argc) {
                free(specs);
                return dmlp_cli_usage("onnx", "an option needs a value", onnx_usage);
            }
            const char *v = argv[++i];
            if (a[1] == 'i') {
                if (!strchr(v, '=') || v[0] == '=') {
                    free(specs);
                    return dmlp_cli_usage("onnx", "-i takes NAME=FILE", onnx_usage);
                }
                specs[input_count++] = argv[i];
            } else if (a[1] == 'o') {
                dir = v;
            } else {
                char *end;
                errno = 0;
                unsigned long n = strtoul(v, &end, 10);
                if (errno || *end || v[0] == '-' || n > 1024) {
                    free(specs);
                    return dmlp_cli_usage("onnx", "--threads takes a count from 0 to 1024",
                                          onnx_usage);
                }
                threads = (uint32_t)n;
            }
        } else if (a[0] == '-' && a[1]) {
            free(specs);
            return dmlp_cli_usage("onnx", "unknown option", onnx_usage);
        } else if (model_path) {
            free(specs);
            return dmlp_cli_usage("onnx", "one model at a time", onnx_usage);
        } else {
            model_path = a;
        }
    }
    if (!model_path) {
        free(specs);
        return dmlp_cli_usage("onnx", "no model given", onnx_usage);
    }

    dmlp_onnx_options options = {threads};
    dmlp_onnx_model *model = NULL;
    if (dmlp_onnx_model_load_file(model_path, &options, &model) != DMLP_OK) {
        free(specs);
        return dmlp_cli_fail("onnx", dmlp_last_error());
    }
    loaded *inputs = calloc((size_t)(input_count ? input_count : 1), sizeof *inputs);
    dmlp_onnx_tensor *tensors = calloc((size_t)(input_count ? input_count : 1), sizeof *tensors);
    int status = inputs && tensors ? 0 : dmlp_cli_fail("onnx", "out of memory");
    for (int k = 0; k < input_count && status == 0; k++) {
        char *eq = strchr(specs[k], '=');
        const char *file = eq + 1;
        char why[600];
        if (!load_tensor_file(file, &inputs[k], why, sizeof why)) {
            status = dmlp_cli_fail("onnx", why);
            break;
        }
        tensors[k] = inputs[k].t;
        *eq = '\0'; /* the name part of NAME=FILE */
        tensors[k].name = specs[k];
    }
    dmlp_onnx_result *result = NULL;
    if (status == 0 &&
        dmlp_onnx_model_run(model, (uint32_t)input_count, tensors, &result) != DMLP_OK)
        status = dmlp_cli_fail(model_path, dmlp_last_error());
    if (status == 0 && mkdir(dir, 0777) != 0 && errno != EEXIST) /* -o may name a new folder */
        status = dmlp_cli_fail(dir, strerror(errno));
    if (status == 0)
        status = write_outputs(result, dir);
    dmlp_onnx_result_free(result);
    for (int k = 0; inputs && k < input_count; k++)
        loaded_free(&inputs[k]);
    free(inputs);
    free(tensors);
    free(specs);
    dmlp_onnx_model_free(model);
    return status;
}

/* ---- dmlp onnx-test ---- */

static double f8_value(uint8_t b, int type)
{
    int sign = b >> 7;
    double v;
    if (type == DMLP_ONNX_TYPE_FLOAT8E4M3FN || type == DMLP_ONNX_TYPE_FLOAT8E4M3FNUZ) {
        int fnuz = type == DMLP_ONNX_TYPE_FLOAT8E4M3FNUZ;
        int e = (b >> 3) & 15, m = b & 7, bias = fnuz ? 8 : 7;
        if (fnuz ? b == 0x80 : (b & 0x7f) == 0x7f)
            return NAN;
        v = e ? ldexp(1.0 + m / 8.0, e - bias) : ldexp(m / 8.0, 1 - bias);
    } else {
        int fnuz = type == DMLP_ONNX_TYPE_FLOAT8E5M2FNUZ;
        int e = (b >> 2) & 31, m = b & 3, bias = fnuz ? 16 : 15;
        if (fnuz && b == 0x80)
            return NAN;
        if (!fnuz && e == 31)
            return m ? NAN : (sign ? -INFINITY : INFINITY);
        v = e ? ldexp(1.0 + m / 4.0, e - bias) : ldexp(m / 4.0, 1 - bias);
    }
    return sign ? -v : v;
}

static double float_at(const dmlp_onnx_tensor *t, uint64_t i)
{
    const uint8_t *p = (const uint8_t *)t->data;
    switch (t->type) {
    case DMLP_ONNX_TYPE_FLOAT: {
        float f;
        memcpy(&f, p + 4 * i, 4);
        return f;
    }
    case DMLP_ONNX_TYPE_DOUBLE: {
        double d;
        memcpy(&d, p + 8 * i, 8);
        return d;
    }
    case DMLP_ONNX_TYPE_FLOAT16:
    case DMLP_ONNX_TYPE_BFLOAT16: {
        uint16_t h;
        memcpy(&h, p + 2 * i, 2);
        return t->type == DMLP_ONNX_TYPE_FLOAT16 ? dmlp__f16_to_f32(h) : dmlp__bf16_to_f32(h);
    }
    default:
        return f8_value(p[i], t->type);
    }
}

static int is_float_type(int32_t type)
{
    return type == DMLP_ONNX_TYPE_FLOAT || type == DMLP_ONNX_TYPE_DOUBLE ||
           type == DMLP_ONNX_TYPE_FLOAT16 || type == DMLP_ONNX_TYPE_BFLOAT16 ||
           (type >= DMLP_ONNX_TYPE_FLOAT8E4M3FN && type <= DMLP_ONNX_TYPE_FLOAT8E5M2FNUZ);
}

/* Compares like numpy.testing.assert_allclose(expected, actual, rtol=1e-3, atol=1e-7)
   for floats, exactly otherwise. Returns 1 when equal, else describes the difference. */
static int compare(const dmlp_onnx_tensor *expected, const dmlp_onnx_tensor *actual,
                   int exact, char *why, size_t size)
{
    if (expected->type != actual->type) {
        snprintf(why, size, "type %s, expected %s", dmlp_onnx_type_name(actual->type),
                 dmlp_onnx_type_name(expected->type));
        return 0;
    }
    int same = expected->rank == actual->rank;
    for (uint32_t d = 0; same && d < actual->rank; d++)
        same = expected->dims[d] == actual->dims[d];
    if (!same || expected->size_in_bytes != actual->size_in_bytes) {
        snprintf(why, size, "shape differs (rank %u, expected rank %u)", actual->rank,
                 expected->rank);
        return 0;
    }
    uint32_t esize = dmlp_onnx_type_size(actual->type);
    uint64_t count = esize ? actual->size_in_bytes / esize : 0;
    if (!is_float_type(actual->type)) {
        for (uint64_t i = 0; i < count; i++)
            if (memcmp((const uint8_t *)actual->data + i * esize,
                       (const uint8_t *)expected->data + i * esize, esize) != 0) {
                snprintf(why, size, "element %llu differs (exact comparison)",
                         (unsigned long long)i);
                return 0;
            }
        return 1;
    }
    for (uint64_t i = 0; i < count; i++) {
        double e = float_at(expected, i), a = float_at(actual, i);
        int ok;
        if (isnan(e) || isnan(a))
            ok = isnan(e) && isnan(a);
        else if (exact)
            ok = memcmp((const uint8_t *)actual->data + i * esize,
                        (const uint8_t *)expected->data + i * esize, esize) == 0;
        else if (isinf(e) || isinf(a))
            ok = e == a;
        else
            ok = fabs(a - e) <= 1e-7 + 1e-3 * fabs(e);
        if (!ok) {
            snprintf(why, size, "element %llu is %.9g, expected %.9g%s", (unsigned long long)i,
                     a, e, exact ? " (bit for bit)" : "");
            return 0;
        }
    }
    return 1;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The test_data_set_* folders of a case, sorted; *names malloc'ed (free each). */
static int list_data_sets(const char *case_dir, char ***names, size_t *count)
{
    *names = NULL;
    *count = 0;
    DIR *d = opendir(case_dir);
    if (!d)
        return 0;
    size_t cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strncmp(e->d_name, "test_data_set_", 14) != 0)
            continue;
        if (*count == cap) {
            cap = cap ? cap * 2 : 8;
            char **bigger = realloc(*names, cap * sizeof **names);
            if (!bigger)
                break;
            *names = bigger;
        }
        (*names)[*count] = strdup(e->d_name);
        if ((*names)[*count])
            (*count)++;
    }
    closedir(d);
    if (*count)
        qsort(*names, *count, sizeof **names, by_name);
    return 1;
}

static int file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* Loads <set>/<prefix>_<i>.pb for i = 0, 1, ... while they exist. */
static int load_pb_series(const char *set_dir, const char *prefix, loaded **out, uint32_t *count,
                          char *why, size_t why_size)
{
    *out = NULL;
    *count = 0;
    size_t path_size = strlen(set_dir) + 64;
    char *path = malloc(path_size);
    if (!path) {
        snprintf(why, why_size, "out of memory");
        return 0;
    }
    for (uint32_t i = 0;; i++) {
        snprintf(path, path_size, "%s/%s_%u.pb", set_dir, prefix, i);
        if (!file_exists(path))
            break;
        loaded *bigger = realloc(*out, (i + 1) * sizeof **out);
        if (!bigger) {
            snprintf(why, why_size, "out of memory");
            free(path);
            return 0;
        }
        *out = bigger;
        if (!load_tensor_file(path, &(*out)[i], why, why_size)) {
            free(path);
            return 0;
        }
        *count = i + 1;
    }
    free(path);
    return 1;
}

static void free_series(loaded *l, uint32_t count)
{
    for (uint32_t i = 0; i < count; i++)
        loaded_free(&l[i]);
    free(l);
}

/* Names the .pb inputs after graph inputs: by their own names when every one names a
   graph input, else in order over the inputs without a default (as ONNX's runner feeds
   them), else in order over all inputs. */
static int name_inputs(const dmlp_onnx_model *model, dmlp_onnx_tensor *tensors, uint32_t count,
                       char *why, size_t size)
{
    uint32_t graph_inputs = dmlp_onnx_model_input_count(model);
    int all_named = 1;
    for (uint32_t i = 0; i < count && all_named; i++) {
        int found = 0;
        for (uint32_t k = 0; k < graph_inputs && !found; k++) {
            dmlp_onnx_value_info info;
            dmlp_onnx_model_input(model, k, &info);
            found = tensors[i].name && strcmp(tensors[i].name, info.name) == 0;
        }
        all_named = found;
    }
    if (all_named)
        return 1;
    uint32_t required = 0;
    for (uint32_t k = 0; k < graph_inputs; k++) {
        dmlp_onnx_value_info info;
        dmlp_onnx_model_input(model, k, &info);
        required += !info.has_default;
    }
    int skip_defaults = count == required;
    if (!skip_defaults && count > graph_inputs) {
        snprintf(why, size, "%u input files for %u graph inputs", count, graph_inputs);
        return 0;
    }
    uint32_t next = 0;
    for (uint32_t k = 0; k < graph_inputs && next < count; k++) {
        dmlp_onnx_value_info info;
        dmlp_onnx_model_input(model, k, &info);
        if (skip_defaults && info.has_default)
            continue;
        tensors[next++].name = info.name;
    }
    return 1;
}

/* Runs one data set; returns 1 when every output matches. */
static int run_data_set(dmlp_onnx_model *model, const char *set_dir, int exact, char *why,
                        size_t size)
{
    loaded *ins = NULL, *outs = NULL;
    uint32_t n_in = 0, n_out = 0;
    int ok = load_pb_series(set_dir, "input", &ins, &n_in, why, size) &&
             load_pb_series(set_dir, "output", &outs, &n_out, why, size);
    dmlp_onnx_tensor *tensors = NULL;
    dmlp_onnx_result *result = NULL;
    if (ok && n_out != dmlp_onnx_model_output_count(model)) {
        snprintf(why, size, "%u output files for %u graph outputs", n_out,
                 dmlp_onnx_model_output_count(model));
        ok = 0;
    }
    if (ok) {
        tensors = calloc(n_in ? n_in : 1, sizeof *tensors);
        ok = tensors != NULL;
        if (!ok)
            snprintf(why, size, "out of memory");
        for (uint32_t i = 0; ok && i < n_in; i++)
            tensors[i] = ins[i].t;
    }
    if (ok)
        ok = name_inputs(model, tensors, n_in, why, size);
    if (ok && dmlp_onnx_model_run(model, n_in, tensors, &result) != DMLP_OK) {
        snprintf(why, size, "%s", dmlp_last_error());
        ok = 0;
    }
    for (uint32_t i = 0; ok && i < n_out; i++) {
        dmlp_onnx_tensor actual;
        dmlp_onnx_result_output(result, i, &actual);
        char detail[300];
        if (!compare(&outs[i].t, &actual, exact, detail, sizeof detail)) {
            snprintf(why, size, "output \"%s\": %s", actual.name, detail);
            ok = 0;
        }
    }
    dmlp_onnx_result_free(result);
    free(tensors);
    free_series(ins, n_in);
    free_series(outs, n_out);
    return ok;
}

/* Runs one case folder; prints its line; returns 1 when it passed. */
static int run_case(const char *case_dir, int exact)
{
    char why[1024] = "";
    size_t path_size = strlen(case_dir) + 300;
    char *path = malloc(path_size);
    char **sets = NULL;
    size_t set_count = 0;
    dmlp_onnx_model *model = NULL;
    int ok = path != NULL;
    if (!ok)
        snprintf(why, sizeof why, "out of memory");
    if (ok) {
        snprintf(path, path_size, "%s/model.onnx", case_dir);
        if (dmlp_onnx_model_load_file(path, NULL, &model) != DMLP_OK) {
            snprintf(why, sizeof why, "%s", dmlp_last_error());
            ok = 0;
        }
    }
    if (ok && (!list_data_sets(case_dir, &sets, &set_count) || set_count == 0)) {
        snprintf(why, sizeof why, "no test_data_set_* folder");
        ok = 0;
    }
    for (size_t s = 0; ok && s < set_count; s++) {
        char detail[900];
        snprintf(path, path_size, "%s/%s", case_dir, sets[s]);
        if (!run_data_set(model, path, exact, detail, sizeof detail)) {
            snprintf(why, sizeof why, "%s: %s", sets[s], detail);
            ok = 0;
        }
    }
    if (ok)
        printf("PASS %s (%zu data set%s)\n", case_dir, set_count, set_count == 1 ? "" : "s");
    else
        printf("FAIL %s: %s\n", case_dir, why);
    for (size_t s = 0; s < set_count; s++)
        free(sets[s]);
    free(sets);
    free(path);
    dmlp_onnx_model_free(model);
    return ok;
}

int dmlp_cli_onnx_test(int argc, char **argv)
{
    int first = 1, exact = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            printf("%s", test_usage);
            return 0;
        }
        if (strcmp(argv[i], "--") == 0) {
            first = i + 1;
            break;
        }
        if (strcmp(argv[i], "--exact") == 0) {
            exact = 1;
            first = i + 1;
        } else if (argv[i][0] == '-') {
            return dmlp_cli_usage("onnx-test", "unknown option", test_usage);
        } else {
            break;
        }
    }
    if (first >= argc)
        return dmlp_cli_usage("onnx-test", "no case folder given", test_usage);
    unsigned passed = 0, failed = 0;
    for (int i = first; i < argc; i++) {
        if (run_case(argv[i], exact))
            passed++;
        else
            failed++;
        fflush(stdout);
    }
    printf("%u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}
