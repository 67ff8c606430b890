/* The print command's text: values as a C++ stream writes them by default (6 significant
   digits, "%g"-like, inf/-inf/nan, -0), integers in full, 8-bit types as numbers. */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "numeric/fp_convert.h"
#include "core/types.h"
#include "dx_internal.h"

static void format_float(char *out, size_t cap, double v)
{
    if (isnan(v))
        snprintf(out, cap, "nan"); /* no sign, whatever the NaN's sign bit */
    else if (isinf(v))
        snprintf(out, cap, v < 0 ? "-inf" : "inf");
    else
        snprintf(out, cap, "%g", v);
}

/* Element i's text and its bits (little-endian, element-sized). */
static void format_element(const dmlp__dx_resource *r, uint64_t i, char *out, size_t cap,
                           uint64_t *bits)
{
    uint32_t size = dmlp__type_size(r->type);
    const unsigned char *p = r->data + i * size;
    uint64_t raw = 0;
    memcpy(&raw, p, size);
    *bits = raw;
    switch (r->type) {
    case DML_TENSOR_DATA_TYPE_FLOAT32: {
        float f;
        memcpy(&f, p, 4);
        format_float(out, cap, f);
        break;
    }
    case DML_TENSOR_DATA_TYPE_FLOAT16:
        format_float(out, cap, dmlp__f16_to_f32((uint16_t)raw));
        break;
    case DML_TENSOR_DATA_TYPE_FLOAT64: {
        double d;
        memcpy(&d, p, 8);
        format_float(out, cap, d);
        break;
    }
    case DML_TENSOR_DATA_TYPE_INT8:
        snprintf(out, cap, "%d", (int)(int8_t)raw);
        break;
    case DML_TENSOR_DATA_TYPE_INT16:
        snprintf(out, cap, "%d", (int)(int16_t)raw);
        break;
    case DML_TENSOR_DATA_TYPE_INT32:
        snprintf(out, cap, "%" PRId32, (int32_t)(uint32_t)raw);
        break;
    case DML_TENSOR_DATA_TYPE_INT64:
        snprintf(out, cap, "%" PRId64, (int64_t)raw);
        break;
    default: /* the unsigned types */
        snprintf(out, cap, "%" PRIu64, raw);
        break;
    }
}

void dmlp__dx_print_values(FILE *out, const dmlp__dx_resource *r, bool verbose)
{
    uint32_t size = dmlp__type_size(r->type);
    uint64_t count = r->data_size / size; /* the initial data's elements, no padding */
    char text[64];
    uint64_t bits;
    if (!verbose) {
        fprintf(out, "Resource '%s': ", r->name);
        for (uint64_t i = 0; i < count; i++) {
            format_element(r, i, text, sizeof text, &bits);
            fprintf(out, "%s%s", i ? ", " : "", text);
        }
        fputc('\n', out);
        return;
    }
    int width = snprintf(text, sizeof text, "%" PRIu64, count);
    fprintf(out, "Resource '%s':\n", r->name);
    for (uint64_t i = 0; i < count; i++) {
        format_element(r, i, text, sizeof text, &bits);
        fprintf(out, "[%*" PRIu64 "] %s (0x%*" PRIX64 ")\n", width, i, text, (int)(2 * size),
                bits);
    }
}
