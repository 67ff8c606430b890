/* `dmlp show`: .npy files as aligned columns side by side, one element per row in
   C (row-major) order. Floats print in the shortest form that reads back exactly. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "core/introspect.h"
#include "dmlp.h"
#include "io/npy.h"

#define USAGE_LINE "usage: dmlp show [--rows N] FILE.npy...\n"

/* On wrong usage: the synopsis only. */
static const char short_usage[] =
    USAGE_LINE "Run 'dmlp show --help' for the options.\n";

static const char usage[] =
    USAGE_LINE
    "\n"
    "Prints the files as columns side by side: the file name, the dtype and shape, then\n"
    "one element per row in C (row-major) order, Fortran-order files included. Floats\n"
    "print in the shortest form that reads back to the same value (f16 widened), with\n"
    "-0, inf, -inf and nan spelled out; |b1 prints True/False.\n"
    "\n"
    "options:\n"
    "  --rows N    print at most N rows (default 1000; 0 = all)\n"
    "  -h, --help  this text\n";

#define CELL 48

typedef struct column {
    const char *name;
    dmlp__npy npy;
    uint64_t strides[DMLP__NPY_MAX_DIMS];
    int width;
    char info[64 + 24 * DMLP__NPY_MAX_DIMS];
} column;

/* An integer element of a little-endian .npy, sign-extended for the signed types. */
static void format_integer(char *out, const unsigned char *p, uint64_t offset,
                           DML_TENSOR_DATA_TYPE type)
{
    uint32_t size = dmlp__type_size(type);
    uint64_t bits = 0;
    memcpy(&bits, p + offset * size, size); /* little-endian host, as the reader requires */
    if (dmlp__type_get(type)->kind == DMLP__KIND_SIGNED) {
        uint32_t unused = 64 - 8 * size;
        int64_t v = (int64_t)(bits << unused) >> unused;
        snprintf(out, CELL, "%" PRId64, v);
    } else {
        snprintf(out, CELL, "%" PRIu64, bits);
    }
}

static void format_float(char *out, double v, int max_digits, int is_f32, int is_f16)
{
    if (v != v) {
        strcpy(out, "nan");
        return;
    }
    /* range first: converting inf or 1e30 to an integer is undefined */
    if (v > -1e6 && v < 1e6 && v == (double)(long long)v) { /* 65504, not 6.55e+04 */
        snprintf(out, CELL, "%s%lld", v == 0 && signbit(v) ? "-" : "", (long long)v);
        return;
    }
    for (int digits = 1; digits <= max_digits; digits++) {
        snprintf(out, CELL, "%.*g", digits, v);
        if (is_f16) {
            if (dmlp__f32_to_f16(strtof(out, NULL)) == dmlp__f32_to_f16((float)v))
                return;
        } else if (is_f32) {
            if (strtof(out, NULL) == (float)v)
                return;
        } else if (strtod(out, NULL) == v) {
            return;
        }
    }
}

static void format_element(const dmlp__npy *npy, uint64_t offset, char *out)
{
    const unsigned char *p = (const unsigned char *)npy->data;
    switch (npy->type) {
    case DML_TENSOR_DATA_TYPE_FLOAT16: {
        uint16_t h;
        memcpy(&h, p + offset * 2, 2);
        format_float(out, dmlp__f16_to_f32(h), 5, 1, 1);
        break;
    }
    case DML_TENSOR_DATA_TYPE_FLOAT32: {
        float f;
        memcpy(&f, p + offset * 4, 4);
        format_float(out, f, 9, 1, 0);
        break;
    }
    case DML_TENSOR_DATA_TYPE_FLOAT64: {
        double d;
        memcpy(&d, p + offset * 8, 8);
        format_float(out, d, 17, 0, 0);
        break;
    }
    case DML_TENSOR_DATA_TYPE_UINT8:
        if (npy->is_bool)
            snprintf(out, CELL, "%s", p[offset] ? "True" : "False");
        else
            format_integer(out, p, offset, npy->type);
        break;
    case DML_TENSOR_DATA_TYPE_INT8:
    case DML_TENSOR_DATA_TYPE_INT16:
    case DML_TENSOR_DATA_TYPE_UINT16:
    case DML_TENSOR_DATA_TYPE_INT32:
    case DML_TENSOR_DATA_TYPE_UINT32:
    case DML_TENSOR_DATA_TYPE_INT64:
    case DML_TENSOR_DATA_TYPE_UINT64:
        format_integer(out, p, offset, npy->type);
        break;
    default:
        strcpy(out, "?");
        break;
    }
}

/* The element at C-order position `index`, through the file's strides. */
static uint64_t element_offset(const column *c, uint64_t index)
{
    uint64_t offset = 0;
    for (uint32_t k = c->npy.ndim; k-- > 0;) {
        uint64_t d = c->npy.shape[k];
        offset += (index % d) * c->strides[k];
        index /= d;
    }
    return offset;
}

static void describe(column *c)
{
    size_t n = (size_t)snprintf(c->info, sizeof c->info, "%s (",
                                dmlp__npy_descr(c->npy.type, c->npy.is_bool));
    for (uint32_t i = 0; i < c->npy.ndim; i++)
        n += (size_t)snprintf(c->info + n, sizeof c->info - n, "%s%llu", i ? ", " : "",
                              (unsigned long long)c->npy.shape[i]);
    snprintf(c->info + n, sizeof c->info - n, "%s)%s", c->npy.ndim == 1 ? "," : "",
             c->npy.fortran_order && c->npy.ndim > 1 ? " F" : "");
}

static int width_of(const char *s)
{
    return (int)strlen(s);
}

int dmlp_cli_show(int argc, char **argv)
{
    uint64_t max_rows = 1000;
    int file_count = 0;
    char message[256];
    column *columns = calloc((size_t)argc, sizeof *columns);
    if (!columns)
        return dmlp_cli_fail("show", "out of memory");
    int status = 0;
    for (int i = 1; i < argc && status == 0; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
            fputs(usage, stdout);
            free(columns);
            return 0;
        }
        if (strcmp(arg, "--rows") == 0 || strncmp(arg, "--rows=", 7) == 0) {
            const char *v = arg[6] == '=' ? arg + 7 : (i + 1 < argc ? argv[++i] : NULL);
            char *end = NULL;
            if (!v || !*v || *v == '-' || (max_rows = strtoull(v, &end, 10), *end)) {
                snprintf(message, sizeof message, "--rows needs a count");
                status = dmlp_cli_usage("show", message, short_usage);
            }
        } else if (arg[0] == '-' && arg[1] != '\0') {
            snprintf(message, sizeof message, "unknown option '%s'", arg);
            status = dmlp_cli_usage("show", message, short_usage);
        } else {
            columns[file_count++].name = arg;
        }
    }
    if (status == 0 && file_count == 0)
        status = dmlp_cli_usage("show", "which files?", short_usage);

    uint64_t rows = 0;
    for (int f = 0; f < file_count && status == 0; f++) {
        column *c = &columns[f];
        if (dmlp__npy_read_file(c->name, &c->npy) != DMLP_OK) {
            status = dmlp_cli_fail(c->name, dmlp_last_error());
            break;
        }
        dmlp__npy_strides(&c->npy, c->strides);
        describe(c);
        const char *base = strrchr(c->name, '/');
        c->name = base ? base + 1 : c->name;
        c->width = width_of(c->name) > width_of(c->info) ? width_of(c->name) : width_of(c->info);
        if (c->npy.element_count > rows)
            rows = c->npy.element_count;
    }
    if (status == 0) {
        uint64_t shown = max_rows && rows > max_rows ? max_rows : rows;
        char cell[CELL];
        /* widths: one pass over the rows that will print */
        for (uint64_t r = 0; r < shown; r++)
            for (int f = 0; f < file_count; f++) {
                column *c = &columns[f];
                if (r < c->npy.element_count) {
                    format_element(&c->npy, element_offset(c, r), cell);
                    if (width_of(cell) > c->width)
                        c->width = width_of(cell);
                }
            }
        char index[24];
        snprintf(index, sizeof index, "%llu", (unsigned long long)(rows ? rows - 1 : 0));
        int index_width = width_of(index);
        printf("%*s", index_width, "#");
        for (int f = 0; f < file_count; f++)
            printf("  %*s", columns[f].width, columns[f].name);
        printf("\n%*s", index_width, "");
        for (int f = 0; f < file_count; f++)
            printf("  %*s", columns[f].width, columns[f].info);
        printf("\n");
        for (uint64_t r = 0; r < shown; r++) {
            printf("%*llu", index_width, (unsigned long long)r);
            for (int f = 0; f < file_count; f++) {
                column *c = &columns[f];
                cell[0] = '\0';
                if (r < c->npy.element_count)
                    format_element(&c->npy, element_offset(c, r), cell);
                printf("  %*s", c->width, cell);
            }
            printf("\n");
        }
        if (shown < rows)
            printf("... %llu more rows (--rows 0 prints all)\n",
                   (unsigned long long)(rows - shown));
    }
    for (int f = 0; f < file_count; f++)
        dmlp__npy_free(&columns[f].npy);
    free(columns);
    return status;
}
